import { Type, type Static } from 'typebox'
import { APP_STATUS_CODES } from '../rules/status-maps.ts'
import { MAX_RECORDS } from '../rules/paging.ts'

/*
 * GET /api/v1/hive/tables/{table}/apps (02 §7 under HBase; E073): the applications that read or
 * wrote a Hive table, newest first. The spec shows the parameters (size, from, sort; defaults 10,
 * 0, startTime) and not the answer. Decisions where it is silent:
 * - G96: the answer is the finished-apps lists' `{hits, total}` (E019-E022), each hit saying how the
 *   app touched the table (`access`: read, write or read-write).
 * - G97: `sort` is startTime, newest first by default (`-startTime`); `startTime` is oldest first.
 *   Every app of the user's platform, of any age: a table's history is the point of the list.
 */
export const HiveTableParamsSchema = Type.Object(
  {
    table: Type.String({
      minLength: 1,
      maxLength: 200,
      pattern: '^[A-Za-z0-9_]+(\\.[A-Za-z0-9_]+)?$',
      description: 'database.table (or a table of the default database)',
      examples: ['sales.orders'],
    }),
  },
  { additionalProperties: false, title: 'HiveTableParams' },
)
export type HiveTableParams = Static<typeof HiveTableParamsSchema>

export const HiveTableAppsQuerySchema = Type.Object(
  {
    from: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_RECORDS, default: 0 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
    sort: Type.Optional(
      Type.Enum(['-startTime', 'startTime'], {
        default: '-startTime',
        description: 'G97: newest first by default',
      }),
    ),
  },
  { additionalProperties: false, title: 'HiveTableAppsQuery' },
)
export type HiveTableAppsQuery = Static<typeof HiveTableAppsQuerySchema>

export const HiveTableAppSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    kind: Type.String({ description: 'hive, impala or presto: the engines that name their tables' }),
    status: Type.Enum(APP_STATUS_CODES),
    user: Type.String(),
    queue: Type.String(),
    clusterUid: Type.String(),
    clusterId: Type.String({ description: 'the cluster display name' }),
    startTime: Type.Integer({ description: 'epoch ms' }),
    finishedTime: Type.Union([Type.Integer({ description: 'epoch ms' }), Type.Null()], {
      description: 'null while running',
    }),
    duration: Type.Integer({ description: 'ms; for a running app, until now' }),
    access: Type.Enum(['read', 'write', 'read-write'], { description: 'how the app touched the table' }),
  },
  { additionalProperties: false, title: 'HiveTableApp' },
)
export type HiveTableApp = Static<typeof HiveTableAppSchema>

export const HiveTableAppsResponseSchema = Type.Object(
  { hits: Type.Array(HiveTableAppSchema), total: Type.Integer({ description: 'every app that touched it' }) },
  { additionalProperties: false, title: 'HiveTableAppsResponse' },
)
export type HiveTableAppsResponse = Static<typeof HiveTableAppsResponseSchema>
