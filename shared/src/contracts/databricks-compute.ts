import { Type, type Static } from 'typebox'
import { APP_STATUS_CODES } from '../rules/status-maps.ts'
import { DATABRICKS_AVAILABILITY, DATABRICKS_INSIGHT_KEYS } from '../rules/databricks-catalogue.ts'
import { QueryInstantSchema } from './dates.ts'
import { UnifiedSearchResponseSchema } from './apps.ts'

/*
 * The Databricks compute pages (issue 20; 02 §2 "Databricks job runs and clusters lists", §4, §7):
 * /compute/dbclusters lists every cluster that ran in a window — each session of an all-purpose
 * cluster and the job cluster of each run on job compute — and /compute/cluster_summary sums them.
 * Money in USD (the DBU cost, and total_cost = DBUs + cloud VMs), `cents` the VM cost in cents
 * (so B159 databricksCost(cents, dbus, price) = total_cost), DBUs as DBUs, times epoch ms.
 */

/** The two kinds of classic compute a cluster row is (02 §7 cluster_search clusterType). */
/** The kinds of cluster the clusters list shows (serverless compute has no cluster of its own). */
export const DATABRICKS_CLUSTER_ROW_TYPES = ['db_all_purpose', 'db_job_cluster'] as const
export type DatabricksClusterRowType = (typeof DATABRICKS_CLUSTER_ROW_TYPES)[number]

/** The fields the clusters list sorts by (unified-search `sort` keys); cost keys sort by total_cost. */
export const DATABRICKS_CLUSTER_SORT_FIELDS = [
  'startTime',
  'finishedTime',
  'duration',
  'setupDuration',
  'dbus',
  'cost',
  'total_cost',
  'cents',
  'idleTime',
  'idleCost',
] as const
export type DatabricksClusterSortField = (typeof DATABRICKS_CLUSTER_SORT_FIELDS)[number]

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()])

/** One row of the clusters list: a session of an all-purpose cluster or a run's job cluster. */
export const DatabricksClusterRecordSchema = Type.Object(
  {
    id: Type.String({
      description: 'the row: <clusterId>_<sessionId> for a session, the run key for a job cluster',
    }),
    clusterId: Type.String({ description: "Databricks' cluster id" }),
    name: Type.String({ description: 'the cluster name; a job cluster is named job-<jobId>-run-<runId>' }),
    clusterType: Type.Enum(DATABRICKS_CLUSTER_ROW_TYPES),
    status: Type.Enum(APP_STATUS_CODES),
    user: Type.String({ description: 'who started the session, or the run-as principal' }),
    queue: Type.String({ description: 'the workspace name (shown as Workspace)' }),
    workspaceId: Type.String(),
    startTime: Type.Integer({ description: 'epoch ms' }),
    finishedTime: Nullable(Type.Integer({ description: 'epoch ms; null while running' })),
    setupDuration: Type.Integer({ description: 'ms of cluster start before the first task (job clusters)' }),
    duration: Type.Integer({ description: 'ms; until now while running' }),
    dbus: Type.Number({ description: 'DBUs (0 until a run’s cost is final)' }),
    cost: Type.Number({ description: 'the DBU cost, USD' }),
    total_cost: Type.Number({ description: 'DBU cost + cloud VM cost, USD' }),
    cents: Type.Number({ description: 'the cloud VM cost, US cents' }),
    nodeType: Type.String({ description: 'the worker node type, e.g. i3.xlarge' }),
    minWorkers: Type.Integer(),
    maxWorkers: Type.Integer(),
    avgWorkers: Type.Number({ description: 'average workers over the session or run' }),
    autoscaling: Type.Boolean({ description: 'min workers < max workers' }),
    availability: Type.Enum(DATABRICKS_AVAILABILITY),
    autoTerminationMinutes: Nullable(
      Type.Integer({ description: 'minutes idle before it stops; 0 never; null for a job cluster' }),
    ),
    busyTime: Type.Integer({ description: 'ms with a command or task running' }),
    idleTime: Type.Integer({ description: 'ms up with nothing running (duration − busy)' }),
    idleCost: Type.Number({ description: 'USD the idle time cost (never above total_cost)' }),
    insights: Type.Array(Type.Enum(DATABRICKS_INSIGHT_KEYS)),
    sessionId: Nullable(Type.Integer()),
    runId: Nullable(
      Type.String({ description: 'the run key <workspaceId>_<jobId>_<runId> of a job cluster' }),
    ),
    jobId: Nullable(Type.String()),
    runName: Nullable(Type.String({ description: 'the job name of a job cluster' })),
  },
  { title: 'DatabricksClusterRecord' },
)
export type DatabricksClusterRecord = Static<typeof DatabricksClusterRecordSchema>

const MinMax = Type.Object({ min: Type.Number(), max: Type.Number() })
const NameCount = Type.Object({ name: Type.String(), count: Type.Integer() })

/** POST /api/v1/apps/unifiedsearch with appTypes ['spark'] for a Databricks user (E014): the clusters list. */
export const DatabricksClusterSearchResponseSchema = Type.Object(
  {
    results: Type.Array(DatabricksClusterRecordSchema),
    metadata: Type.Object({
      totalRecords: Type.Integer(),
      duration: MinMax,
      cost: Type.Object({ min: Type.Number(), max: Type.Number() }, { description: 'total_cost, USD' }),
      appEvents: Type.Array(NameCount, { description: 'rows per insight key (the appEvents filter)' }),
      clusterTypes: Type.Array(NameCount),
      users: Type.Array(NameCount),
      queues: Type.Array(NameCount, { description: 'rows per workspace' }),
      totals: Type.Object({
        dbus: Type.Number(),
        cost: Type.Number({ description: 'USD' }),
        total_cost: Type.Number({ description: 'USD' }),
        idleCost: Type.Number({ description: 'USD' }),
      }),
    }),
  },
  { title: 'DatabricksClusterSearchResponse' },
)
export type DatabricksClusterSearchResponse = Static<typeof DatabricksClusterSearchResponseSchema>

/** The sessions drawer of an all-purpose cluster. */
export const DatabricksClusterParamsSchema = Type.Object(
  { clusterId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' }) },
  { additionalProperties: false },
)
export const DatabricksWindowQuerySchema = Type.Object(
  { start_time: Type.Optional(QueryInstantSchema), end_time: Type.Optional(QueryInstantSchema) },
  { additionalProperties: false, title: 'DatabricksComputeWindowQuery' },
)
export type DatabricksWindowQuery = Static<typeof DatabricksWindowQuerySchema>

export const DatabricksClusterSessionsSchema = Type.Object(
  {
    clusterId: Type.String(),
    name: Type.String(),
    workspace: Type.String(),
    creator: Type.String(),
    nodeType: Type.String(),
    minWorkers: Type.Integer(),
    maxWorkers: Type.Integer(),
    availability: Type.Enum(DATABRICKS_AVAILABILITY),
    autoTerminationMinutes: Type.Integer(),
    runtimeVersion: Type.String(),
    jobsConfigured: Type.Integer({ description: 'jobs set to run on this all-purpose cluster' }),
    sessions: Type.Array(DatabricksClusterRecordSchema, { description: 'newest first, at most 100' }),
  },
  { title: 'DatabricksClusterSessions' },
)
export type DatabricksClusterSessions = Static<typeof DatabricksClusterSessionsSchema>

const Usage = {
  dbus: Type.Number({ description: 'DBUs' }),
  cost: Type.Number({ description: 'DBU + VM cost, USD' }),
}
const HoursAndIdle = {
  busyHours: Type.Number({ description: 'hours' }),
  idleHours: Type.Number({ description: 'hours' }),
  idleCost: Type.Number({ description: 'USD, never above cost' }),
}

/** GET /compute/cluster_summary's call: the window's compute at a glance. */
export const DatabricksClusterSummarySchema = Type.Object(
  {
    start: Type.Integer({ description: 'epoch ms' }),
    end: Type.Integer({ description: 'epoch ms' }),
    runningNow: Type.Object({
      allPurpose: Type.Integer({ description: 'all-purpose clusters up now' }),
      jobClusters: Type.Integer({ description: 'job clusters of runs running now' }),
      warehouses: Type.Integer({ description: 'SQL warehouses up now' }),
    }),
    totals: Type.Object({ ...Usage, ...HoursAndIdle, clusters: Type.Integer() }),
    byType: Type.Array(
      Type.Object({
        type: Type.Enum(['db_all_purpose', 'db_job_cluster', 'sql_warehouse']),
        count: Type.Integer({ description: 'sessions or runs' }),
        ...Usage,
        ...HoursAndIdle,
      }),
    ),
    byWorkspace: Type.Array(
      Type.Object({ workspace: Type.String(), count: Type.Integer(), ...Usage, idleCost: Type.Number() }),
    ),
    byNodeType: Type.Array(
      Type.Object({ nodeType: Type.String(), count: Type.Integer(), ...Usage, hours: Type.Number() }),
    ),
    scaling: Type.Array(
      Type.Object({
        kind: Type.Enum(['autoscaling', 'fixed']),
        count: Type.Integer(),
        ...Usage,
        share: Type.Number(),
      }),
      { description: 'share: of the cluster cost, 0-1' },
    ),
    availability: Type.Array(
      Type.Object({
        kind: Type.Enum(['spot', 'on_demand']),
        count: Type.Integer(),
        ...Usage,
        share: Type.Number(),
      }),
      { description: 'spot includes spot with fallback; share of the cluster cost, 0-1' },
    ),
    topIdle: Type.Array(
      Type.Object({
        clusterId: Type.String(),
        name: Type.String(),
        workspace: Type.String(),
        sessions: Type.Integer(),
        idleHours: Type.Number(),
        idleCost: Type.Number({ description: 'USD' }),
        cost: Type.Number({ description: 'USD' }),
      }),
      { description: 'all-purpose clusters by idle cost, at most 5' },
    ),
  },
  { title: 'DatabricksClusterSummary' },
)
export type DatabricksClusterSummary = Static<typeof DatabricksClusterSummarySchema>

/**
 * What POST /api/v1/apps/unifiedsearch answers (E014): application records, or for a Databricks
 * user's appTypes ['spark'] search the clusters list (02 §7: "appTypes db for job runs, spark for
 * clusters"). The simulator registers the route with this union; the apps entry keeps its own answer
 * so the application lists stay typed as they were.
 */
export const UnifiedSearchAnyResponseSchema = Type.Union(
  [UnifiedSearchResponseSchema, DatabricksClusterSearchResponseSchema],
  { title: 'UnifiedSearchAnyResponse' },
)
