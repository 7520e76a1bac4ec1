import { Type, type Static } from 'typebox'
import { DATABRICKS_INSIGHT_KEYS } from '../rules/databricks-catalogue.ts'
import { APP_STATUS_CODES } from '../rules/status-maps.ts'
import { MAX_RECORDS } from '../rules/paging.ts'
import { UNIFIED_SEARCH_FIELDS } from './apps.ts'
import { BodyInstantSchema } from './dates.ts'

/*
 * The Databricks job runs, jobs and pipelines lists (02 §2, §4, §7; E014 with appTypes db, E015-E018,
 * E053; issue 20). Units: dbus in DBUs, cost and total_cost in USD, cents in US cents (the cloud VM
 * cost, so B159 databricksCost(cents, dbus, price) is total_cost); times epoch ms; durations ms.
 * Billing lags: a run whose cost is not final yet lists 0 (dbus, cost, total_cost, cents) and
 * runs/{runId}/cost answers the actual one (02 §4 Databricks cost).
 */

/** What a run ran on, as the clusterTypes filter names it. */
export const DATABRICKS_CLUSTER_TYPES = ['db_job_cluster', 'db_all_purpose', 'serverless'] as const
export type DatabricksClusterType = (typeof DATABRICKS_CLUSTER_TYPES)[number]

/** Sortable fields of the runs list (`sort: [{"startTime": {"order": "desc"}}]`); any other is 400. */
export const DATABRICKS_RUN_SORT_FIELDS = [
  'startTime',
  'finishedTime',
  'duration',
  'setupDuration',
  'dbus',
  'cost',
  'total_cost',
  'user',
  'queue',
  'name',
  'status',
  'runId',
] as const
export type DatabricksRunSortField = (typeof DATABRICKS_RUN_SORT_FIELDS)[number]

/** Runs lists page by at most 100 rows and never past 10,000 (from + size, 02 §9). */
export const DATABRICKS_MAX_PAGE_SIZE = 100

const Names = (max = 200) => Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: max })

/**
 * E015/E016 body: the unified search body of 02 §7 as the runs calls read it (REAL-API-NOTES §4).
 * start_time/end_time: epoch ms or ISO (default the 7 days to now; omitted on the running tab, a
 * running-only search ignores the window). clusters: all-purpose cluster ids; queues: workspace
 * names; users: run-as principals; jobIds: Databricks job ids; globalsearchpattern: a run key or part
 * of a job name. durations ms, cost USD (the run's final total cost, DBUs plus VMs).
 * queryOnFinishedTime: the window applies to the end instead of the start.
 */
export const DatabricksRunSearchBodySchema = Type.Object(
  {
    ...UNIFIED_SEARCH_FIELDS,
    size: Type.Optional(Type.Integer({ minimum: 0, maximum: DATABRICKS_MAX_PAGE_SIZE, default: 15 })),
    clusterTypes: Type.Optional(Type.Array(Type.Enum(DATABRICKS_CLUSTER_TYPES), { maxItems: 3 })),
    insights: Type.Optional(Type.Array(Type.Enum(DATABRICKS_INSIGHT_KEYS), { maxItems: 10 })),
  },
  { additionalProperties: false, title: 'DatabricksRunSearchBody' },
)
export type DatabricksRunSearchBody = Static<typeof DatabricksRunSearchBodySchema>

const Usd = Type.Number({ minimum: 0, description: 'USD' })

/** A run as the runs lists show it (02 §2 row fields, REAL-API-NOTES §3 Databricks result fields). */
export const DatabricksRunRowSchema = Type.Object(
  {
    id: Type.String({ description: 'the run key <workspaceId>_<jobId>_<runId>' }),
    status: Type.Enum(APP_STATUS_CODES),
    status_long: Type.String({ description: 'life-cycle state, and the result state once terminal' }),
    user: Type.String({ description: 'run as (user or service principal)' }),
    raw_user: Type.String(),
    name: Type.String({ description: 'the job name' }),
    runName: Type.String(),
    runId: Type.String(),
    jobId: Type.String(),
    startTime: Type.Integer({ description: 'epoch ms' }),
    finishedTime: Type.Union([Type.Integer(), Type.Null()], { description: 'epoch ms; null while running' }),
    setupDuration: Type.Integer({ description: 'ms' }),
    duration: Type.Integer({ description: 'ms' }),
    clusterId: Type.String({ description: 'the all-purpose cluster id, or the job cluster id of the run' }),
    clusterUid: Type.String(),
    clusterType: Type.Enum(DATABRICKS_CLUSTER_TYPES),
    queue: Type.String({ description: 'the workspace name' }),
    workspaceId: Type.String(),
    dbus: Type.Number({ minimum: 0, description: 'DBUs; 0 until the cost is final' }),
    cost: Type.Number({ minimum: 0, description: 'the DBU cost in USD; 0 until the cost is final' }),
    total_cost: Type.Number({ minimum: 0, description: 'DBU plus cloud VM cost in USD; 0 until final' }),
    cents: Type.Number({ minimum: 0, description: 'the cloud VM cost in US cents; 0 until final' }),
    costIsActual: Type.Boolean({ description: 'false while billing lags (fetch runs/{runId}/cost)' }),
    insights: Type.Array(Type.Enum(DATABRICKS_INSIGHT_KEYS)),
  },
  { additionalProperties: false, title: 'DatabricksRunRow' },
)
export type DatabricksRunRow = Static<typeof DatabricksRunRowSchema>

const MinMax = Type.Object({ min: Type.Number(), max: Type.Number() }, { additionalProperties: false })

export const DatabricksRunSearchResponseSchema = Type.Object(
  {
    results: Type.Array(DatabricksRunRowSchema),
    metadata: Type.Object(
      {
        totalRecords: Type.Integer({ minimum: 0 }),
        duration: MinMax,
        cost: Type.Object(
          { min: Type.Number(), max: Type.Number() },
          { description: 'USD, the total cost', additionalProperties: false },
        ),
        appEvents: Type.Array(
          Type.Object({ name: Type.String(), count: Type.Integer() }, { additionalProperties: false }),
          { description: 'the insights of the matching runs, with the runs carrying each' },
        ),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, title: 'DatabricksRunSearchResponse' },
)
export type DatabricksRunSearchResponse = Static<typeof DatabricksRunSearchResponseSchema>

export const DatabricksJobParamsSchema = Type.Object(
  { jobId: Type.String({ pattern: '^[0-9]{1,18}$', description: 'a Databricks job id' }) },
  { additionalProperties: false },
)

export const DatabricksRunCostParamsSchema = Type.Object(
  {
    runId: Type.String({
      minLength: 1,
      maxLength: 60,
      description: 'the run key <workspaceId>_<jobId>_<runId>',
    }),
  },
  { additionalProperties: false },
)

/** E053: a run's actual cost, final or not (02 §4 Databricks cost). */
export const DatabricksRunCostSchema = Type.Object(
  {
    cost: Usd,
    dbu: Type.Object(
      {
        cost: Type.Number({ minimum: 0, description: 'the DBU cost in USD' }),
        dbus: Type.Number({ minimum: 0 }),
      },
      { additionalProperties: false },
    ),
    cents: Type.Number({ minimum: 0, description: 'the cloud VM cost in US cents' }),
    final: Type.Boolean({ description: 'whether billing has closed the run' }),
  },
  { additionalProperties: false, title: 'DatabricksRunCost' },
)
export type DatabricksRunCost = Static<typeof DatabricksRunCostSchema>

/** Sortable fields of the jobs list. */
export const DATABRICKS_JOB_SORT_FIELDS = [
  'startTime',
  'jobName',
  'runCount',
  'duration',
  'dbuCost',
  'cents',
  'dbus',
  'totalCost',
  'user',
  'workSpace',
] as const
export type DatabricksJobSortField = (typeof DATABRICKS_JOB_SORT_FIELDS)[number]

/**
 * E017 body (02 §7: start_time, end_time epoch ms, optional search, status, workspace), plus the
 * list's paging and sort and the pipelines list's taskType PIPELINE (the jobs with a DLT task).
 */
export const DatabricksJobListBodySchema = Type.Object(
  {
    start_time: Type.Optional(BodyInstantSchema),
    end_time: Type.Optional(BodyInstantSchema),
    search: Type.Optional(Type.String({ maxLength: 200, description: 'part of a job name, or a job id' })),
    status: Type.Optional(
      Type.Array(Type.Enum(APP_STATUS_CODES), {
        maxItems: 7,
        description: "the status of the job's latest run",
      }),
    ),
    workspace: Type.Optional(Names(50)),
    taskType: Type.Optional(Type.Enum(['PIPELINE'], { description: 'only jobs with a task of this type' })),
    from: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_RECORDS, default: 0 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 15 })),
    sort: Type.Optional(Type.Enum(DATABRICKS_JOB_SORT_FIELDS)),
    order: Type.Optional(Type.Enum(['asc', 'desc'])),
  },
  { additionalProperties: false, title: 'DatabricksJobListBody' },
)
export type DatabricksJobListBody = Static<typeof DatabricksJobListBodySchema>

/** A job with runs in the window (02 §2 pipelines list columns). */
export const DatabricksJobRowSchema = Type.Object(
  {
    jobId: Type.String(),
    jobName: Type.String(),
    status: Type.Enum(APP_STATUS_CODES, { description: "the latest run's status" }),
    workSpace: Type.String({ description: 'the workspace name' }),
    workspaceId: Type.String(),
    user: Type.String({ description: 'the job owner' }),
    startTime: Type.Integer({ description: "the latest run's start, epoch ms" }),
    runCount: Type.Integer({ minimum: 0 }),
    duration: Type.Integer({ minimum: 0, description: "the runs' total duration in the window, ms" }),
    dbuCost: Usd,
    cents: Type.Number({ minimum: 0, description: 'the cloud VM cost in US cents' }),
    dbus: Type.Number({ minimum: 0 }),
    totalCost: Usd,
    schedule: Type.Union([Type.String(), Type.Null()], { description: 'Quartz cron; null when triggered' }),
    computeKind: Type.Enum(DATABRICKS_CLUSTER_TYPES),
    latestRunKey: Type.String(),
  },
  { additionalProperties: false, title: 'DatabricksJobRow' },
)
export type DatabricksJobRow = Static<typeof DatabricksJobRowSchema>

export const DatabricksJobListSchema = Type.Object(
  { results: Type.Array(DatabricksJobRowSchema), totalRecords: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false, title: 'DatabricksJobList' },
)
export type DatabricksJobList = Static<typeof DatabricksJobListSchema>

/** E018 body: part of a job name or a job id; at most `size` matches (the job selector). */
export const DatabricksJobSearchBodySchema = Type.Object(
  {
    query: Type.Optional(Type.String({ maxLength: 200 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  { additionalProperties: false, title: 'DatabricksJobSearchBody' },
)
export const DatabricksJobSearchSchema = Type.Array(
  Type.Object(
    { jobId: Type.String(), jobName: Type.String(), workspace: Type.String() },
    { additionalProperties: false },
  ),
  { title: 'DatabricksJobSearch' },
)
export type DatabricksJobSearch = Static<typeof DatabricksJobSearchSchema>

/** E038 query: the runs list's window (epoch ms or ISO; default the 7 days to now). */
export const DatabricksRunFiltersQuerySchema = Type.Object(
  { start_time: Type.Optional(BodyInstantSchema), end_time: Type.Optional(BodyInstantSchema) },
  { additionalProperties: false },
)
export type DatabricksRunFiltersQuery = Static<typeof DatabricksRunFiltersQuerySchema>

const NameCount = Type.Object(
  { name: Type.String(), count: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
)

/**
 * E038: the runs list's filter values over the window with their run counts: run-as users,
 * workspaces (the list's queues) and tags per key (none on the free plan, 02 §6: freemium users get
 * no tags).
 */
export const DatabricksRunFiltersSchema = Type.Object(
  {
    users: Type.Array(NameCount),
    queues: Type.Array(NameCount),
    tags: Type.Array(
      Type.Object(
        {
          key: Type.String(),
          values: Type.Array(
            Type.Object(
              { value: Type.String(), count: Type.Integer({ minimum: 0 }) },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, title: 'DatabricksRunFilters' },
)
export type DatabricksRunFilters = Static<typeof DatabricksRunFiltersSchema>
