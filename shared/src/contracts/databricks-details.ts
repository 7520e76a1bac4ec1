import { Type, type Static } from 'typebox'
import { APP_STATUS_CODES } from '../rules/status-maps.ts'
import {
  DATABRICKS_AVAILABILITY,
  DATABRICKS_COMPUTE_KINDS,
  DATABRICKS_INSIGHT_KEYS,
  DATABRICKS_LIFE_CYCLE_STATES,
  DATABRICKS_RESULT_STATES,
  DATABRICKS_SKUS,
  DATABRICKS_TASK_TYPES,
  DATABRICKS_TRIGGERS,
} from '../rules/databricks-catalogue.ts'
import { QueryInstantSchema } from './dates.ts'

/*
 * A Databricks run's details (02 §7 Application details, the calls under /ds/api/v1/databricks;
 * issue 20 "Run details"; E127-E135). A run is addressed by its key <workspaceId>_<jobId>_<runId>
 * (databricksRunKey), a task by the four path parts ws / job / run / task key. Figures: dbus in
 * DBUs, cost the DBU cost in USD, total_cost DBU + cloud VM cost in USD, cents the VM cost in US
 * cents (so B159 databricksCost(cents, dbus, price) = total_cost); all 0 until the run's cost is
 * final (billing lag, 02 §4 Databricks cost: costFinal false).
 */

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()])
const EpochMs = Type.Integer({ description: 'epoch ms' })

// ─── addresses ───────────────────────────────────────────────────────────────────────────────

/** A run key as the runs lists give it: <workspaceId>_<jobId>_<runId>. */
export const DatabricksRunKeySchema = Type.String({
  minLength: 5,
  maxLength: 60,
  pattern: '^[0-9]{1,20}_[0-9]{1,18}_[0-9]{1,18}$',
  description: 'the run key <workspaceId>_<jobId>_<runId>',
})

export const DatabricksRunParamsSchema = Type.Object(
  { id: DatabricksRunKeySchema },
  { additionalProperties: false },
)
export type DatabricksRunParams = Static<typeof DatabricksRunParamsSchema>

const DigitsSchema = (what: string, max: number) =>
  Type.String({ minLength: 1, maxLength: max, pattern: '^[0-9]+$', description: what })

/** A task key of a job (Databricks allows letters, digits, '_' and '-'). */
export const DatabricksTaskKeySchema = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[A-Za-z0-9_-]+$',
  description: "the task's key within its job",
})

export const DatabricksTaskParamsSchema = Type.Object(
  {
    ws: DigitsSchema('the workspace id', 20),
    job: DigitsSchema('the job id', 18),
    run: DigitsSchema('the run id', 18),
    task: DatabricksTaskKeySchema,
  },
  { additionalProperties: false },
)
export type DatabricksTaskParams = Static<typeof DatabricksTaskParamsSchema>

// ─── figures ─────────────────────────────────────────────────────────────────────────────────

const figures = {
  dbus: Type.Number({ minimum: 0, description: 'DBUs (0 until the cost is final)' }),
  cost: Type.Number({ minimum: 0, description: 'the DBU cost in USD (0 until final)' }),
  total_cost: Type.Number({ minimum: 0, description: 'DBU + cloud VM cost in USD (0 until final)' }),
  cents: Type.Number({ minimum: 0, description: 'the cloud VM cost in US cents (0 until final)' }),
}

export const DatabricksTagSchema = Type.Object({ key: Type.String(), value: Type.String() })
export type DatabricksTag = Static<typeof DatabricksTagSchema>

// ─── E127 tasks/summary ──────────────────────────────────────────────────────────────────────

/** One task run of a run (derived from the job's tasks and the run: not stored). */
export const DatabricksTaskRunSchema = Type.Object(
  {
    taskKey: Type.String(),
    taskType: Type.Enum(DATABRICKS_TASK_TYPES),
    source: Type.String({ description: 'notebook path, package:entry point, SQL file or pipeline id' }),
    dependsOn: Type.Array(Type.String()),
    clusterUid: Nullable(Type.String({ description: 'the compute it ran on; null on serverless' })),
    sparkAppId: Nullable(Type.String({ description: "the Spark application of the task's run, if it ran" })),
    status: Type.Enum(APP_STATUS_CODES),
    lifeCycleState: Type.Enum(DATABRICKS_LIFE_CYCLE_STATES),
    resultState: Nullable(Type.Enum(DATABRICKS_RESULT_STATES)),
    startTime: Nullable(EpochMs),
    endTime: Nullable(EpochMs),
    duration: Type.Integer({ minimum: 0, description: 'ms (to now while running)' }),
    errorMessage: Nullable(Type.String()),
    ...figures,
  },
  { title: 'DatabricksTaskRun' },
)
export type DatabricksTaskRun = Static<typeof DatabricksTaskRunSchema>

export const DatabricksTaskRunsSchema = Type.Array(DatabricksTaskRunSchema, {
  title: 'DatabricksTaskRuns',
  description:
    "The run's task runs in job order; their dbus, cost, total_cost and cents add up to the run's.",
})

// ─── E128 appsummary ─────────────────────────────────────────────────────────────────────────

export const DatabricksRunInsightSchema = Type.Object({
  key: Type.Enum(DATABRICKS_INSIGHT_KEYS),
  name: Type.String(),
  category: Type.String({ description: 'the insight category (02 §4): Recommendations or Efficiency' }),
  description: Type.String(),
  recommendation: Type.String(),
  saving: Type.Number({ minimum: 0, description: "USD per run; never more than the run's total_cost" }),
})
export type DatabricksRunInsight = Static<typeof DatabricksRunInsightSchema>

export const DatabricksRunSummarySchema = Type.Object(
  {
    id: DatabricksRunKeySchema,
    runId: Type.Integer(),
    jobId: Type.Integer(),
    jobName: Type.String(),
    workspaceId: Type.String(),
    workspaceName: Type.String(),
    cloud: Type.String(),
    region: Type.String(),
    status: Type.Enum(APP_STATUS_CODES),
    lifeCycleState: Type.Enum(DATABRICKS_LIFE_CYCLE_STATES),
    resultState: Nullable(Type.Enum(DATABRICKS_RESULT_STATES)),
    trigger: Type.Enum(DATABRICKS_TRIGGERS),
    attempt: Type.Integer({ minimum: 0 }),
    user: Type.String({ description: 'who the run ran as (a user or a service principal)' }),
    isServicePrincipal: Type.Boolean(),
    startTime: EpochMs,
    endTime: Nullable(EpochMs),
    setupDuration: Type.Integer({ minimum: 0, description: 'ms of cluster start before the first task' }),
    duration: Type.Integer({ minimum: 0, description: 'ms, start to end (to now while running)' }),
    computeKind: Type.Enum(DATABRICKS_COMPUTE_KINDS),
    clusterUid: Nullable(Type.String({ description: 'the job cluster id or the all-purpose cluster id' })),
    clusterName: Nullable(Type.String({ description: "an all-purpose cluster's name" })),
    nodeType: Nullable(Type.String()),
    workers: Type.Number({ minimum: 0, description: 'average workers over the run' }),
    availability: Type.Enum(DATABRICKS_AVAILABILITY),
    runtimeVersion: Nullable(Type.String()),
    sku: Type.Enum(DATABRICKS_SKUS),
    ...figures,
    costFinal: Type.Boolean({ description: 'false while billing lags: the figures are 0 until then' }),
    tags: Type.Array(DatabricksTagSchema),
    insights: Type.Array(DatabricksRunInsightSchema),
  },
  { title: 'DatabricksRunSummary' },
)
export type DatabricksRunSummary = Static<typeof DatabricksRunSummarySchema>

/** REAL-API-NOTES §4: {annotation: {cents, dbuCost, runInfo: "<JSON string>"}}, plus the run. */
export const DatabricksAppSummarySchema = Type.Object(
  {
    annotation: Type.Object({
      cents: Type.Number({ minimum: 0, description: 'the cloud VM cost in US cents' }),
      dbuCost: Type.Number({ minimum: 0, description: 'the DBU cost in USD' }),
      runInfo: Type.Optional(
        Type.String({ description: "the run's compute as JSON; absent when there is none (serverless)" }),
      ),
    }),
    run: DatabricksRunSummarySchema,
  },
  { title: 'DatabricksAppSummary' },
)
export type DatabricksAppSummary = Static<typeof DatabricksAppSummarySchema>

// ─── E129, E132 error_view ───────────────────────────────────────────────────────────────────

export const DatabricksTaskErrorSchema = Type.Object(
  {
    taskKey: Type.String(),
    status: Type.Enum(APP_STATUS_CODES),
    resultState: Nullable(Type.Enum(DATABRICKS_RESULT_STATES)),
    errorMessage: Nullable(Type.String()),
  },
  { title: 'DatabricksTaskError' },
)
export type DatabricksTaskError = Static<typeof DatabricksTaskErrorSchema>

export const DatabricksRunErrorViewSchema = Type.Object(
  {
    status: Type.Enum(APP_STATUS_CODES),
    resultState: Nullable(Type.Enum(DATABRICKS_RESULT_STATES)),
    errorMessage: Nullable(Type.String({ description: "the run's error; null when it did not fail" })),
    tasks: Type.Array(DatabricksTaskErrorSchema, { description: 'the tasks that failed or did not run' }),
  },
  { title: 'DatabricksRunErrorView' },
)
export type DatabricksRunErrorView = Static<typeof DatabricksRunErrorViewSchema>

// ─── E131 program, E133 conf ─────────────────────────────────────────────────────────────────

export const DatabricksTaskProgramSchema = Type.Object(
  {
    taskKey: Type.String(),
    taskType: Type.Enum(DATABRICKS_TASK_TYPES),
    source: Type.String(),
    notebookPath: Nullable(Type.String()),
    packageName: Nullable(Type.String()),
    entryPoint: Nullable(Type.String()),
    sqlFile: Nullable(Type.String({ description: "a SQL task's file (a source ending in .sql)" })),
    sqlText: Nullable(
      Type.String({ description: "a SQL task's query when the task holds the query itself" }),
    ),
    pipelineId: Nullable(Type.String()),
  },
  { title: 'DatabricksTaskProgram' },
)
export type DatabricksTaskProgram = Static<typeof DatabricksTaskProgramSchema>

export const DatabricksClusterSpecSchema = Type.Object({
  cluster_id: Type.String(),
  spark_version: Type.String(),
  node_type_id: Type.String(),
  driver_node_type_id: Type.String(),
  num_workers: Type.Optional(Type.Integer()),
  autoscale: Type.Optional(Type.Object({ min_workers: Type.Integer(), max_workers: Type.Integer() })),
  availability: Type.Enum(DATABRICKS_AVAILABILITY),
  autotermination_minutes: Type.Optional(Type.Integer()),
  custom_tags: Type.Record(Type.String(), Type.String()),
})
export type DatabricksClusterSpec = Static<typeof DatabricksClusterSpecSchema>

export const DatabricksTaskConfSchema = Type.Object(
  {
    taskKey: Type.String(),
    available: Type.Boolean({
      description:
        'false when the run had no cluster of its own to show (serverless, never started): the console says M060',
    }),
    sparkConf: Type.Record(Type.String(), Type.String()),
    clusterSpec: Nullable(DatabricksClusterSpecSchema),
  },
  { title: 'DatabricksTaskConf' },
)
export type DatabricksTaskConf = Static<typeof DatabricksTaskConfSchema>

// ─── E134 resource_metrics, E135 resource_usage ─────────────────────────────────────────────

const Series = Type.Array(Type.Tuple([EpochMs, Type.Number()]), { description: '[bucket start, value]' })

export const DatabricksResourceMetricsQuerySchema = Type.Object(
  { start_time: Type.Optional(QueryInstantSchema), end_time: Type.Optional(QueryInstantSchema) },
  { additionalProperties: false },
)
export type DatabricksResourceMetricsQuery = Static<typeof DatabricksResourceMetricsQuerySchema>

export const DatabricksResourceMetricsSchema = Type.Object(
  {
    taskKey: Type.String(),
    startTime: EpochMs,
    endTime: EpochMs,
    stepMs: Type.Integer({ minimum: 1 }),
    memoryTotalMB: Type.Number({ minimum: 0, description: "the cluster's memory (driver + workers), MB" }),
    cpuPercent: Series,
    memoryUsedMB: Series,
  },
  { title: 'DatabricksResourceMetrics' },
)
export type DatabricksResourceMetrics = Static<typeof DatabricksResourceMetricsSchema>

/** The metrics resource_usage answers: workers over time, and the DBUs each bucket used. */
export const DATABRICKS_USAGE_METRICS = ['workers', 'dbus'] as const
export type DatabricksUsageMetric = (typeof DATABRICKS_USAGE_METRICS)[number]

export const DatabricksResourceUsageQuerySchema = Type.Object(
  { metric_id: Type.Enum(DATABRICKS_USAGE_METRICS) },
  { additionalProperties: false },
)
export type DatabricksResourceUsageQuery = Static<typeof DatabricksResourceUsageQuerySchema>

export const DatabricksResourceUsageSchema = Type.Object(
  {
    taskKey: Type.String(),
    metricId: Type.Enum(DATABRICKS_USAGE_METRICS),
    unit: Type.Enum(['workers', 'DBU']),
    startTime: EpochMs,
    endTime: EpochMs,
    stepMs: Type.Integer({ minimum: 1 }),
    data: Type.Array(Type.Tuple([EpochMs, Type.Number()]), {
      description: "[bucket start, value]; the dbus buckets add up to the task's dbus",
    }),
  },
  { title: 'DatabricksResourceUsage' },
)
export type DatabricksResourceUsage = Static<typeof DatabricksResourceUsageSchema>
