import { Type, type Static } from 'typebox'

/*
 * Decisions on the spec's API gaps (CHECKLIST §4), held by every contract in this folder:
 * - G01: an endpoint whose path the spec does not show gets one here, under /api/v1 and named after
 *   its nearest documented sibling (e.g. GET /api/v1/apps/events/app_events for E039), and the
 *   operation lists its catalogue id in `x-spec-ids`, so the client and the simulator share it.
 * - G02: a call with no verb written is a GET when it only reads; a call with a filters body (the
 *   BigQuery job list) is a POST. The verb chosen is recorded with the contract.
 * - G03: every prefixed path uses /api/v1; v1.5 exists in the spec but no call is tied to it.
 * G05-G07, G21, G24 and G25 concern endpoints of later areas and are recorded with them.
 */

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

/**
 * A field's own message for any validation failure of it (e.g. an amount of 0: 'Value cannot be
 * zero.'): the simulator answers 400 with this text instead of the validator's words.
 */
export const ERROR_MESSAGE_KEYWORD = 'x-error-message'
