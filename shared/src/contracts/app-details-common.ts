import { Type, type Static } from 'typebox'
import { AppFailureSchema, AppResourceSeriesSchema, MrDetailsSchema } from './app-details.ts'
import { QueryInstantSchema } from './dates.ts'

/**
 * The application-details calls every application type shares (02 §7 Application details, issue 17:
 * summary, resource metrics and usage, can_access, errorview, events, tags, annotation, status,
 * analysis, appsummary, errors). The derived shapes (failure, resource series, MR details) are those
 * of contracts/app-details.ts.
 */

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()])
const EpochMs = Type.Integer({ description: 'epoch ms' })

/** An application id as the lists show it (YARN application_…, a query id, a BigQuery job id). */
export const DetailsAppIdSchema = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[A-Za-z0-9_.:@-]+$',
})
/** A cluster uid (the unravelId of a cluster, an EMR j-… id, a BigQuery project). */
export const DetailsClusterSchema = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[A-Za-z0-9_.:*-]+$',
})

export const AppIdParamsSchema = Type.Object({ id: DetailsAppIdSchema }, { additionalProperties: false })
export type AppIdParams = Static<typeof AppIdParamsSchema>
export const AppClusterIdParamsSchema = Type.Object(
  { cluster: DetailsClusterSchema, id: DetailsAppIdSchema },
  { additionalProperties: false },
)
export type AppClusterIdParams = Static<typeof AppClusterIdParamsSchema>

/** The path types of the generic /{type}/{id}/{attempt}/{resource} calls (01 §2.3 /app/application/:appType). */
export const DETAILS_PATH_TYPES = [
  'spark',
  'mr',
  'jobs',
  'hive',
  'hive_queries',
  'tez',
  'impala',
  'presto',
  'bigquery',
  'workflow',
] as const
export type DetailsPathType = (typeof DETAILS_PATH_TYPES)[number]

export const AppAttemptParamsSchema = Type.Object(
  {
    type: Type.Enum(DETAILS_PATH_TYPES),
    id: Type.String({
      minLength: 1,
      maxLength: 100,
      pattern: '^[A-Za-z0-9_.:@*-]+$',
      description: 'the application id, or its cluster uid in the /{type}/{cluster}/{appId} form',
    }),
    attempt: Type.String({
      minLength: 1,
      maxLength: 100,
      pattern: '^[A-Za-z0-9_.:@-]+$',
      description:
        'the attempt number (1-based), or the application id in the /{type}/{cluster}/{appId} form',
    }),
  },
  { additionalProperties: false },
)
export type AppAttemptParams = Static<typeof AppAttemptParamsSchema>
/** The Spark form: the same path with the type fixed (see the sparkAttempt* entries). */
export const SparkAttemptParamsSchema = Type.Omit(AppAttemptParamsSchema, ['type'], {
  additionalProperties: false,
})
export type SparkAttemptParams = Static<typeof SparkAttemptParamsSchema>

// ─── summary, status, annotation, appsummary ─────────────────────────────────────────────────

/** POST /apps/{id}/summary/ (E081): the record's figures the details header shows. */
export const AppDetailsSummarySchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    kind: Type.String(),
    status: Type.String({ description: 'status code S, F, K, P, R, U, W (02 §4)' }),
    statusLong: Type.String({ description: 'success, failed, killed, pending, running, unknown, waiting' }),
    user: Type.String(),
    queue: Type.String(),
    clusterUid: Type.String(),
    clusterType: Type.String(),
    parentId: Nullable(Type.String()),
    startTime: EpochMs,
    endTime: Nullable(EpochMs),
    duration: Type.Integer({ minimum: 0, description: 'ms; for a running app, up to now' }),
    cents: Type.Number({ minimum: 0, description: 'cost in US cents' }),
    vcoreSeconds: Type.Integer({ minimum: 0 }),
    memorySeconds: Type.Integer({ minimum: 0, description: 'MB·s' }),
    totalDfsBytesRead: Type.Integer({ minimum: 0, description: 'bytes' }),
    totalDfsBytesWritten: Type.Integer({ minimum: 0, description: 'bytes' }),
    numEvents: Type.Integer({ minimum: 0 }),
    appAttempts: Type.Integer({ minimum: 0 }),
    mrJobIds: Type.Array(Type.String(), {
      description: 'the MapReduce jobs it ran (a Hive query’s children)',
    }),
    tezJobIds: Type.Array(Type.String(), { description: 'the Tez apps it ran (a Hive query’s children)' }),
    streaming: Type.Optional(
      Type.Boolean({
        description:
          'ours: whether a Spark app streams (structured streaming queries and micro-batches); the console hides ' +
          'its Streaming tab when false and shows it when the field is absent',
      }),
    ),
  },
  { title: 'AppDetailsSummary' },
)
export type AppDetailsSummary = Static<typeof AppDetailsSummarySchema>

/** The annotation of an application attempt (02 §2 annotation fields). */
export const AppAnnotationSchema = Type.Object(
  {
    clusterType: Type.String(),
    clusterUid: Type.String(),
    jobId: Type.String({ description: 'the application id' }),
    appName: Type.String(),
    name: Type.String(),
    type: Type.String({ description: 'the application kind (spark, mr, hive, …)' }),
    status: Type.String({ description: 'status code; R means running' }),
    user: Type.String(),
    queue: Type.String(),
    appAttempts: Type.Integer({ minimum: 0 }),
    attempt: Type.Integer({ minimum: 1, description: 'the attempt this annotation is of' }),
    sparkJobIds: Type.Array(Type.Integer({ minimum: 0 })),
    mrJobIds: Type.Array(Type.String()),
    startTime: EpochMs,
    endTime: Nullable(EpochMs),
    /** a MapReduce job's JobHistory job, task summaries and counters; null for other kinds */
    mr: Nullable(MrDetailsSchema),
  },
  { title: 'AppAnnotation' },
)
export type AppAnnotation = Static<typeof AppAnnotationSchema>

export const AppAttemptStatusSchema = Type.Object(
  {
    id: Type.String(),
    attempt: Type.Integer({ minimum: 1 }),
    status: Type.String({ description: 'status code S, F, K, P, R, U, W' }),
    statusLong: Type.String(),
    running: Type.Boolean(),
    startTime: EpochMs,
    endTime: Nullable(EpochMs),
    duration: Type.Integer({ minimum: 0, description: 'ms' }),
    diagnostics: Nullable(Type.String()),
  },
  { title: 'AppAttemptStatus' },
)
export type AppAttemptStatus = Static<typeof AppAttemptStatusSchema>

/** REAL-API-NOTES §4: appsummary is {annotation: {cents, dbuCost, runInfo: "<JSON string>"}}. */
export const AppSummaryAnnotationSchema = Type.Object(
  {
    annotation: Type.Object({
      cents: Type.Number({ minimum: 0 }),
      dbuCost: Type.Number({ minimum: 0, description: 'USD of Databricks DBUs; 0 for other platforms' }),
      runInfo: Type.String({ description: 'a JSON string of the run: the summary fields' }),
    }),
  },
  { title: 'AppSummaryAnnotation' },
)
export type AppSummaryAnnotation = Static<typeof AppSummaryAnnotationSchema>

// ─── errors ──────────────────────────────────────────────────────────────────────────────────

/** An app's error view: its failure (category, kind, diagnostics, errors), null when it did not fail. */
export const AppErrorViewSchema = Type.Object(
  {
    id: Type.String(),
    kind: Type.String(),
    status: Type.String(),
    failure: Nullable(AppFailureSchema),
  },
  { title: 'AppErrorView' },
)
export type AppErrorView = Static<typeof AppErrorViewSchema>

// ─── resources ───────────────────────────────────────────────────────────────────────────────

export const ResourceMetricsQuerySchema = Type.Object(
  { start_time: Type.Optional(QueryInstantSchema), end_time: Type.Optional(QueryInstantSchema) },
  { additionalProperties: false },
)
export type ResourceMetricsQuery = Static<typeof ResourceMetricsQuerySchema>

export const RESOURCE_USAGE_METRICS = ['allocatedMB', 'allocatedVCores'] as const
/**
 * The metric_id codes the real product's public REST reference (4.6) documents for resource_usage. The
 * seed holds Spark's JVM figures (each executor's container memory, each stage's GC time) for two of
 * them, so 115 and 125 answer for a Spark app; the host and process figures the others need are not
 * seeded, and they answer 400 naming the codes that do answer.
 */
export const DOCUMENTED_RESOURCE_METRICS = {
  '138': 'vmRss',
  '137': 'availableMemory',
  '135': 'systemCpuLoad',
  '134': 'processCpuLoad',
  '115': 'gcLoad',
  '125': 'maxHeap',
  '126': 'usedHeap',
} as const
export type DocumentedResourceMetric = keyof typeof DOCUMENTED_RESOURCE_METRICS
export const SEEDED_DOCUMENTED_METRICS = ['115', '125'] as const
export type ResourceUsageMetric =
  (typeof RESOURCE_USAGE_METRICS)[number] | (typeof SEEDED_DOCUMENTED_METRICS)[number]

export const ResourceUsageQuerySchema = Type.Object(
  {
    metric_id: Type.Enum(
      [...RESOURCE_USAGE_METRICS, ...Object.keys(DOCUMENTED_RESOURCE_METRICS)] as (
        (typeof RESOURCE_USAGE_METRICS)[number] | DocumentedResourceMetric
      )[],
      {
        description:
          "allocatedMB, allocatedVCores; or the reference's codes: 115 gcLoad and 125 maxHeap (Spark apps); " +
          '138 vmRss, 137 availableMemory, 135 systemCpuLoad, 134 processCpuLoad, 126 usedHeap are not seeded (400)',
      },
    ),
    version: Type.Optional(Type.Enum(['true', 'false'])),
    start_time: Type.Optional(QueryInstantSchema),
    end_time: Type.Optional(QueryInstantSchema),
    attempt_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
)
export type ResourceUsageQuery = Static<typeof ResourceUsageQuerySchema>

export const AppResourceUsageSchema = Type.Object(
  {
    metricId: Type.Enum([...RESOURCE_USAGE_METRICS, ...SEEDED_DOCUMENTED_METRICS]),
    unit: Type.Enum(['MB', 'vcores', 'percent'], {
      description: 'MB (allocatedMB; 125 the JVM heaps), vcores, percent (115: GC time of the task time)',
    }),
    attempt: Type.Integer({ minimum: 1 }),
    startTime: EpochMs,
    endTime: EpochMs,
    stepMs: Type.Integer({ minimum: 1 }),
    data: Type.Array(Type.Tuple([EpochMs, Type.Number()]), {
      description: '[bucket start, mean over the bucket] (115: GC time over task time in the bucket)',
    }),
  },
  { title: 'AppResourceUsage' },
)
export type AppResourceUsage = Static<typeof AppResourceUsageSchema>

export { AppResourceSeriesSchema as AppResourceMetricsSchema }

// ─── access, tags ────────────────────────────────────────────────────────────────────────────

/** The body is optional: none (Fastify validates it as null) asks about the app on any cluster. */
export const CanAccessBodySchema = Type.Union([
  Type.Object({ cluster_uid: Type.Optional(DetailsClusterSchema) }, { additionalProperties: false }),
  Type.Null(),
])
export type CanAccessBody = Static<typeof CanAccessBodySchema>
export const CanAccessResponseSchema = Type.Object(
  { canAccessApp: Type.Boolean(), appExist: Type.Boolean() },
  { title: 'CanAccessResponse' },
)
export type CanAccessResponse = Static<typeof CanAccessResponseSchema>

export const AppTagsSchema = Type.Record(Type.String(), Type.Array(Type.String()), {
  title: 'AppTags',
  description: 'tag key → its values on the app (RealUser left out, 02 §3)',
})
export type AppTags = Static<typeof AppTagsSchema>

// ─── events and insights ─────────────────────────────────────────────────────────────────────

export const INSIGHT_CATEGORY_CODES = ['RE', 'EF', 'AF', 'SE', 'AV', 'NA'] as const

export const AppDetailsEventsQuerySchema = Type.Object(
  { app_id: DetailsAppIdSchema },
  { additionalProperties: false },
)
export type AppDetailsEventsQuery = Static<typeof AppDetailsEventsQuerySchema>

/** A config change of a recommendation: the parameter with its current (cset) and recommended (nset) setting. */
export const ConfigChangeSchema = Type.Object({
  param: Type.String(),
  cset: Type.String(),
  nset: Type.String(),
})

/** One insight event of the app (02 §3 Insight event: vt, dr/sr, cf), explained from its own figures. */
export const AppInsightEventSchema = Type.Object(
  {
    key: Type.String({ description: 'stable key of the event on this app' }),
    eventType: Type.Integer(),
    eventName: Type.String(),
    vt: Type.String({ description: 'the category code: SU, IR, IA, AF, SE' }),
    category: Nullable(Type.Enum(INSIGHT_CATEGORY_CODES)),
    title: Type.String(),
    detail: Type.String({ description: 'what in the app’s own figures shows it' }),
    actions: Type.Array(Type.String()),
    impact: Type.Integer({
      minimum: 0,
      maximum: 100,
      description: 'share of the app’s cost or time at stake, %',
    }),
    cf: Type.Array(ConfigChangeSchema, { description: 'config changes it recommends (may be empty)' }),
    savingCents: Type.Number({
      minimum: 0,
      description: 'estimated saving per run; never above the app’s cents',
    }),
    stageId: Nullable(Type.Integer({ minimum: 0, description: 'the Spark stage it names, if any' })),
  },
  { title: 'AppInsightEvent' },
)
export type AppInsightEvent = Static<typeof AppInsightEventSchema>

export const AppDetailsEventsSchema = Type.Object(
  { appId: Type.String(), events: Type.Array(AppInsightEventSchema) },
  { title: 'AppDetailsEvents' },
)
export type AppDetailsEvents = Static<typeof AppDetailsEventsSchema>

const InsightInstanceSchema = Type.Object({
  key: Type.String(),
  title: Type.String(),
  events: Type.Array(Type.String(), { description: 'what happened, one line each' }),
  actions: Type.Array(Type.String()),
  type: Type.String({ description: 'the event name' }),
  impact: Type.Integer({ minimum: 0, maximum: 100 }),
  stageId: Nullable(Type.Integer({ minimum: 0 })),
})

const InsightCategorySchema = Type.Object({
  label: Type.String(),
  impact: Type.Integer({ minimum: 0, maximum: 100, description: 'the largest impact of its instances' }),
  instances: Type.Array(InsightInstanceSchema),
})

/** The recommendation the insights tab shows: the last one with config changes (02 §4). */
export const AppRecommendationSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  cf: Type.Array(ConfigChangeSchema, { minItems: 1 }),
  savingCents: Type.Number({ minimum: 0, description: 'per run; never above the app’s cents' }),
})

/** REAL-API-NOTES §4: {insightsV2: [{key, categories: {<code>: {impact, instances}}}], recommendation}. */
export const AppAnalysisSchema = Type.Object(
  {
    insightsV2: Type.Array(
      Type.Object({
        key: Type.String(),
        categories: Type.Record(Type.String(), InsightCategorySchema, {
          description: 'by category code RE, EF, AF, SE, AV, NA; only the non-empty ones',
        }),
      }),
    ),
    defaultCategory: Nullable(Type.Enum(INSIGHT_CATEGORY_CODES)),
    recommendation: Nullable(AppRecommendationSchema),
  },
  { title: 'AppAnalysis' },
)
export type AppAnalysis = Static<typeof AppAnalysisSchema>
