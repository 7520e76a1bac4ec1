import { Type, type Static } from 'typebox'
import { DetailsAppIdSchema, DetailsClusterSchema } from './app-details-common.ts'
import { MoveQueueQuerySchema } from './app-writes.ts'
import { DateParamString } from './dates.ts'

/*
 * The real product's documented public operations (REST reference 4.6, `docs/api/api46.json`, and
 * REAL-API-NOTES §7) served beside the console's calls (issue 21): clusters, apps status and
 * resources, Yarn kill/move in their query form, and workflows. Where the reference's Swagger
 * definitions and the HTML examples the notes quote disagree, the examples win (notes §8), as for
 * /clusters/resources/*. Dates are the reference's YYYY-MM-DD (epoch seconds or ISO read too).
 */

/** A reference date: YYYY-MM-DD, epoch seconds or ISO; a date-only end is the end of that day. */
const ReferenceDate = DateParamString('epoch-s-or-iso')

/** GET /clusters?start_time=&end_time=: the clusters alive in the window (either end optional). */
export const ReferenceClustersQuerySchema = Type.Object(
  { start_time: Type.Optional(ReferenceDate), end_time: Type.Optional(ReferenceDate) },
  { additionalProperties: false, title: 'ReferenceClustersQuery' },
)
export type ReferenceClustersQuery = Static<typeof ReferenceClustersQuerySchema>

/** As documented: `["QACDH601A"]`, one cluster name each. */
export const ReferenceClusterNamesSchema = Type.Array(Type.String({ description: 'cluster name' }), {
  title: 'ReferenceClusterNames',
  examples: [['prod-cdh-01']],
})
export type ReferenceClusterNames = Static<typeof ReferenceClusterNamesSchema>

/** GET /apps/status/running/: apps running and pending at the window's end (now, by default). */
export const ReferenceRunningAppsSchema = Type.Object(
  {
    date: Type.Integer({ description: 'epoch ms: the instant counted' }),
    appsRunning: Type.Integer({ minimum: 0, description: 'apps (status R) running then' }),
    appsPending: Type.Integer({ minimum: 0, description: 'apps (status P) waiting then' }),
  },
  { additionalProperties: false, title: 'ReferenceRunningApps' },
)
export type ReferenceRunningApps = Static<typeof ReferenceRunningAppsSchema>

/** One point of GET /apps/status/finished/: a key with a zero count is left out (REAL-API-NOTES §7). */
export const ReferenceFinishedAppsPointSchema = Type.Object(
  {
    date: Type.Integer({ description: "epoch ms: the end of the point's day (or of the window)" }),
    SUCCEEDED: Type.Optional(Type.Integer({ minimum: 1, description: 'apps that finished S' })),
    FAILED: Type.Optional(Type.Integer({ minimum: 1, description: 'apps that finished F' })),
    KILLED: Type.Optional(Type.Integer({ minimum: 1, description: 'apps that finished K' })),
  },
  { additionalProperties: false, title: 'ReferenceFinishedAppsPoint' },
)
export const ReferenceFinishedAppsSchema = Type.Array(ReferenceFinishedAppsPointSchema, {
  title: 'ReferenceFinishedApps',
})
export type ReferenceFinishedApps = Static<typeof ReferenceFinishedAppsSchema>

/** GET /yarn_rm/kill_app?clusterid=&appid=: the app and the cluster whose ResourceManager runs it. */
export const ReferenceKillQuerySchema = Type.Object(
  { clusterid: DetailsClusterSchema, appid: DetailsAppIdSchema },
  { additionalProperties: false, title: 'ReferenceKillQuery' },
)
export type ReferenceKillQuery = Static<typeof ReferenceKillQuerySchema>

/** GET /yarn_rm/move_app?clusterid=&appid=&queue=: the same, and the queue (as move_app/{id}'s). */
export const ReferenceMoveQuerySchema = Type.Object(
  {
    clusterid: DetailsClusterSchema,
    appid: DetailsAppIdSchema,
    queue: MoveQueueQuerySchema.properties.queue,
  },
  { additionalProperties: false, title: 'ReferenceMoveQuery' },
)
export type ReferenceMoveQuery = Static<typeof ReferenceMoveQuerySchema>

/** GET /workflows and /workflows/missing_sla: the window of runs, from/to or start_time/end_time. */
export const ReferenceWorkflowsQuerySchema = Type.Object(
  {
    from: Type.Optional(ReferenceDate),
    to: Type.Optional(ReferenceDate),
    start_time: Type.Optional(ReferenceDate),
    end_time: Type.Optional(ReferenceDate),
  },
  { additionalProperties: false, title: 'ReferenceWorkflowsQuery' },
)
export type ReferenceWorkflowsQuery = Static<typeof ReferenceWorkflowsQuerySchema>

/** Run durations of one workflow (ms), as Elasticsearch's stats aggregation names them. */
export const ReferenceDurationStatsSchema = Type.Object(
  {
    count: Type.Integer({ minimum: 1, description: 'runs' }),
    min: Type.Integer({ description: 'ms' }),
    max: Type.Integer({ description: 'ms' }),
    avg: Type.Number({ description: 'ms' }),
    sum: Type.Integer({ description: 'ms' }),
  },
  { additionalProperties: false },
)

/** GET /workflows: `{"<name>": {key, doc_count, duration_stats}}` (REAL-API-NOTES §7). */
export const ReferenceWorkflowsSchema = Type.Record(
  Type.String(),
  Type.Object(
    {
      key: Type.String({ description: 'the workflow (pipeline) name' }),
      doc_count: Type.Integer({ minimum: 1, description: 'its runs in the window' }),
      duration_stats: ReferenceDurationStatsSchema,
    },
    { additionalProperties: false },
  ),
  { title: 'ReferenceWorkflows' },
)
export type ReferenceWorkflows = Static<typeof ReferenceWorkflowsSchema>

/** GET /workflows/missing_sla: one row per run that missed its SLA (MissingSlaResponse's fields). */
export const ReferenceMissingSlaSchema = Type.Array(
  Type.Object(
    {
      duration: Type.Integer({ description: "ms: the run's duration" }),
      avgDuration: Type.Integer({ description: "ms: the workflow's average run duration in the window" }),
      user: Type.String({ description: 'who ran its first app' }),
      name: Type.String({ description: 'the workflow (pipeline) name' }),
      id: Type.String({
        description: 'the run (workflow id), as /workflows/{id}/annotation_by_wfid takes it',
      }),
    },
    { additionalProperties: false },
  ),
  { title: 'ReferenceMissingSla' },
)
export type ReferenceMissingSla = Static<typeof ReferenceMissingSlaSchema>
