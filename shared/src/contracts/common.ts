import { Type, type Static } from 'typebox'

/** Cluster types that choose a layout and landing route (01 §1, B301). */
export const CLUSTER_TYPES = [
  'CDH',
  'HDP',
  'CDP',
  'MAPR',
  'EMR',
  'DB',
  'SNOWFLAKE',
  'BIGQUERYV2',
  'K8S',
] as const
export type ClusterType = (typeof CLUSTER_TYPES)[number]
export const ClusterTypeSchema = Type.Enum(CLUSTER_TYPES)

/** Roles (01 §6, B302). */
export const ROLES = ['admin', 'readonlyAdmin', 'user'] as const
export type Role = (typeof ROLES)[number]
export const RoleSchema = Type.Enum(ROLES)

/**
 * The error body every route answers with on failure: Fastify's own shape, so
 * `message` is what the client shows (01 §8 message choice reads `message` first).
 */
export const ErrorSchema = Type.Object(
  {
    statusCode: Type.Optional(Type.Integer()),
    error: Type.String({ description: 'HTTP reason phrase, e.g. "Bad Request"' }),
    message: Type.String({ description: 'A sentence a user can act on' }),
  },
  { title: 'Error', description: 'Error body (01 §8)' },
)
export type ErrorBody = Static<typeof ErrorSchema>

/** Responses every authenticated route may give besides its own. */
export const authErrorResponses = {
  401: ErrorSchema,
  403: ErrorSchema,
} as const

/** Epoch milliseconds. */
export const EpochMsSchema = Type.Integer({ minimum: 0, description: 'epoch milliseconds' })
