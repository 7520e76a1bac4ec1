import { Type, type Static } from 'typebox'
import { SparkStageSchema, SparkTaskPageSchema } from './app-details.ts'
import { DateParamInteger } from './dates.ts'

/**
 * The Spark details calls (02 §7 Application details (Spark), E035, E099-E112): their parameters
 * and the shapes the simulator answers beyond the jobs, stages, executors and SQL executions of
 * contracts/app-details.ts. Every path names the application and, in most, the cluster it ran on.
 */

const EpochMs = Type.Integer({ description: 'epoch ms' })
const Count = Type.Integer({ minimum: 0 })
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()])

/** An application id (Yarn's application_…, or another engine's): letters, digits and _ . : - */
export const SparkAppIdSchema = Type.String({
  minLength: 1,
  maxLength: 128,
  pattern: '^[A-Za-z0-9_.:-]+$',
  description: 'the application id (application_<cluster timestamp>_<sequence>)',
})
/** The cluster an application ran on, as its record names it; '*' names any cluster. */
export const SparkClusterSchema = Type.String({
  minLength: 1,
  maxLength: 128,
  pattern: '^[A-Za-z0-9_.:*-]+$',
  description: "the application's clusterUid; '*' for any cluster",
})
const Ordinal = (description: string) => Type.Integer({ minimum: 0, maximum: 1_000_000, description })
const ExecutorIdSchema = Type.String({
  minLength: 1,
  maxLength: 16,
  pattern: '^(driver|[0-9]+)$',
  description: "'driver' or an executor's number",
})

export const SparkAppParamsSchema = Type.Object({ id: SparkAppIdSchema })
/** E035's "meta with sparkAppId and clusterUid": the cluster the caller expects the app on. */
export const SparkAnnotationQuerySchema = Type.Object({ clusterUid: Type.Optional(SparkClusterSchema) })
export const SparkClusterAppParamsSchema = Type.Object({
  cluster: SparkClusterSchema,
  appId: SparkAppIdSchema,
})
export const SparkJobParamsSchema = Type.Object({
  cluster: SparkClusterSchema,
  appId: SparkAppIdSchema,
  n: Ordinal('the job id'),
})
export const SparkPlatformParamsSchema = Type.Object({ platform: SparkClusterSchema, id: SparkAppIdSchema })
/** The sections the generic /spark/{platform}/{id}/{section} call serves. */
export const SPARK_SECTIONS = ['executors'] as const
export type SparkSection = (typeof SPARK_SECTIONS)[number]
/**
 * The resources of the generic /{type}/{id}/{attempt}/{resource} calls (E143-E147). With type spark
 * their paths have the shape of /spark/{platform}/{id}/{section}: the section route lets these names
 * through to the generic route (the router tries it next) rather than answer them itself.
 */
export const SPARK_TYPED_RESOURCES = ['annotation', 'status', 'analysis', 'appsummary', 'errors'] as const
export const SparkSectionParamsSchema = Type.Object({
  platform: SparkClusterSchema,
  id: SparkAppIdSchema,
  section: Type.Enum(SPARK_SECTIONS),
})
export const SparkExecutionsQuerySchema = Type.Object({
  id: Type.Optional(Ordinal('one SQL execution, by its id')),
})
export const SparkAppMetaParamsSchema = Type.Object({
  type: Type.Enum(['spark'], { description: 'the application type' }),
  id: SparkAppIdSchema,
})
export const SparkExecutorLogParamsSchema = Type.Object({
  appId: SparkAppIdSchema,
  executorId: ExecutorIdSchema,
})
export const SparkExecutorLogQuerySchema = Type.Object({
  compress: Type.Optional(Type.Boolean({ description: 'gzip the answer (Content-Encoding: gzip)' })),
})
/** The streaming window: gte/lte epoch ms (default the last hour of the app's life), from an offset. */
export const SparkStreamQuerySchema = Type.Object({
  gte: Type.Optional(DateParamInteger('ms', { description: 'window start, epoch ms' })),
  lte: Type.Optional(DateParamInteger('ms', { description: 'window end, epoch ms' })),
  from: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 10_000_000, description: 'offset of the first batch' }),
  ),
})
export const SparkStreamingParamsSchema = Type.Object({
  a: SparkClusterSchema,
  b: SparkAppIdSchema,
  c: Ordinal('the application attempt (1-based; 0 the last)'),
})
export const SparkBatchesParamsSchema = Type.Object({
  a: SparkClusterSchema,
  b: SparkAppIdSchema,
  c: Ordinal('the application attempt (1-based; 0 the last)'),
  d: Type.String({
    minLength: 1,
    maxLength: 64,
    pattern: '^[A-Za-z0-9_-]+$',
    description: 'the streaming query id',
  }),
})
export const SparkStageDetailParamsSchema = Type.Object({
  a: SparkClusterSchema,
  c: SparkAppIdSchema,
  b: Ordinal('the stage id'),
  d: Ordinal('the stage attempt id'),
})
/** The most task rows one page of a stage holds. */
export const MAX_STAGE_TASK_PAGE = 500
export const SparkStageDetailQuerySchema = Type.Object({
  offset: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 10_000_000, description: 'first task row, default 0' }),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_STAGE_TASK_PAGE, description: 'task rows, default 100' }),
  ),
})

/** 02 §7 Annotation: what the details header reads first. */
export const SparkAnnotationSchema = Type.Object(
  {
    sparkAppId: Type.String(),
    clusterUid: Type.String(),
    clusterType: Type.String(),
    appName: Type.String(),
    name: Type.String(),
    type: Type.String({ description: "'structured-streaming' for a streaming app, else 'spark'" }),
    status: Type.String({ description: 'the record status: R, S, F, K, …' }),
    user: Type.String(),
    queue: Type.String(),
    appAttempts: Count,
    sparkJobIds: Type.Array(Count),
    mrJobIds: Type.Array(Type.String()),
    startTime: EpochMs,
    endTime: Nullable(EpochMs),
    duration: Type.Integer({ minimum: 0, description: 'ms' }),
  },
  { title: 'SparkAnnotation' },
)
export type SparkAnnotation = Static<typeof SparkAnnotationSchema>

/** A job's DAG: its stages as nodes, each edge a parent stage feeding a child (Spark's parentIds). */
export const SparkJobDagSchema = Type.Object(
  {
    jobId: Count,
    nodes: Type.Array(
      Type.Object({
        stageId: Count,
        attemptId: Count,
        name: Type.String(),
        status: SparkStageSchema.properties.status,
        numTasks: Count,
        skipped: Type.Boolean({ description: 'computed by an earlier job: skipped in this one' }),
        parentIds: Type.Array(Count),
      }),
    ),
    edges: Type.Array(Type.Object({ from: Count, to: Count })),
  },
  { title: 'SparkJobDag' },
)
export type SparkJobDag = Static<typeof SparkJobDagSchema>

/** Bounds of an executor's derived log: lines per file. */
export const MAX_EXECUTOR_LOG_LINES = 400

export const SparkExecutorLogSchema = Type.Object(
  {
    appId: Type.String(),
    executorId: Type.String(),
    host: Type.String(),
    containerId: Nullable(Type.String()),
    stdout: Type.Array(Type.String(), {
      description: `at most ${MAX_EXECUTOR_LOG_LINES} lines, oldest first`,
    }),
    stderr: Type.Array(Type.String(), {
      description: `at most ${MAX_EXECUTOR_LOG_LINES} lines, oldest first`,
    }),
    truncated: Type.Boolean({ description: 'lines were left out (the first and last kept)' }),
  },
  { title: 'SparkExecutorLog' },
)
export type SparkExecutorLog = Static<typeof SparkExecutorLogSchema>

export const SparkAppMetaSchema = Type.Object(
  {
    appId: Type.String(),
    clusterUid: Type.String(),
    status: Type.String(),
    sparkVersion: Type.String(),
    attempts: Count,
    numJobs: Count,
    numStages: Count,
    numExecutors: Count,
    taskCount: Count,
    isStreaming: Type.Boolean(),
    logsLoaded: Type.Boolean({
      description: 'whether the executor logs were collected (02 §4 Log loading): by the sensor, when it ran',
    }),
    startTime: EpochMs,
    endTime: Nullable(EpochMs),
  },
  { title: 'SparkAppMeta' },
)
export type SparkAppMeta = Static<typeof SparkAppMetaSchema>

export const SparkStreamPointSchema = Type.Object({
  time: EpochMs,
  inputRows: Count,
  processingTimeMs: Count,
  schedulingDelayMs: Count,
})
export const SparkStreamSchema = Type.Object(
  {
    isStreaming: Type.Boolean(),
    gte: EpochMs,
    lte: EpochMs,
    points: Type.Array(SparkStreamPointSchema),
  },
  { title: 'SparkStream' },
)
export type SparkStream = Static<typeof SparkStreamSchema>

export const SparkStreamingQuerySchema = Type.Object(
  {
    id: Type.String(),
    runId: Type.String(),
    name: Type.String(),
    status: Type.Enum(['ACTIVE', 'TERMINATED', 'FAILED']),
    startTime: EpochMs,
    endTime: Nullable(EpochMs),
    numBatches: Count,
    inputRows: Count,
  },
  { title: 'SparkStreamingQuery' },
)
export const SparkStreamingQueriesSchema = Type.Array(SparkStreamingQuerySchema)
export type SparkStreamingQuery = Static<typeof SparkStreamingQuerySchema>

export const SparkBatchSchema = Type.Object({
  batchId: Count,
  batchTime: EpochMs,
  inputRows: Count,
  processingTimeMs: Count,
  schedulingDelayMs: Count,
  status: Type.Enum(['COMPLETED', 'FAILED', 'PROCESSING']),
})
export const SparkBatchesSchema = Type.Object(
  { total: Count, batches: Type.Array(SparkBatchSchema) },
  { title: 'SparkBatches' },
)
export type SparkBatches = Static<typeof SparkBatchesSchema>

export const SparkStageDetailSchema = Type.Object(
  { stage: SparkStageSchema, tasks: SparkTaskPageSchema, offset: Count, limit: Count },
  { title: 'SparkStageDetail' },
)
export type SparkStageDetail = Static<typeof SparkStageDetailSchema>
