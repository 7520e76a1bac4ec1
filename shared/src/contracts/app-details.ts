import { Type, type Static } from 'typebox'

/**
 * What the application details show (02 §2 Application details, issue 17): Spark jobs, stages,
 * tasks, executors and SQL executions, MapReduce tasks and counters, failure diagnostics and the
 * resource series. The simulator derives them from the application record (simulator/src/details),
 * so they agree with it: counts, bytes, memory and vcore seconds add up to the record's figures.
 *
 * Field names follow the real product's sources: Spark's those of the Spark History Server REST API
 * (/api/v1/applications/{id}/jobs, /stages, /executors, /sql), MapReduce's those of the Hadoop
 * JobHistory REST API (/ws/v1/history/mapreduce/jobs/{id}, /tasks, /counters). Times are epoch ms
 * and durations ms, as everywhere in the console, except where a field says otherwise.
 */

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()])
const EpochMs = Type.Integer({ description: 'epoch ms' })
const Ms = Type.Integer({ minimum: 0, description: 'ms' })
const Bytes = Type.Integer({ minimum: 0, description: 'bytes' })
const Count = Type.Integer({ minimum: 0 })

/** The quantiles every task-time distribution is given at: min, p25, median, p75, max. */
export const TASK_TIME_QUANTILES = [0, 0.25, 0.5, 0.75, 1] as const

/**
 * A distribution of task metrics at TASK_TIME_QUANTILES, in the Spark History Server's
 * taskSummary shape: one array per metric, one value per quantile. A 10,000-task stage is
 * summarised without listing its tasks.
 */
export const TaskTimeDistributionSchema = Type.Object(
  {
    quantiles: Type.Array(Type.Number(), { description: 'min, p25, median, p75, max' }),
    executorRunTime: Type.Array(Type.Integer(), { description: 'ms, one per quantile' }),
    jvmGcTime: Type.Array(Type.Integer(), { description: 'ms, one per quantile' }),
  },
  { title: 'TaskTimeDistribution' },
)
export type TaskTimeDistribution = Static<typeof TaskTimeDistributionSchema>

// ─── Spark ───────────────────────────────────────────────────────────────────────────────────

export const SPARK_JOB_STATUSES = ['RUNNING', 'SUCCEEDED', 'FAILED', 'UNKNOWN'] as const
export type SparkJobStatus = (typeof SPARK_JOB_STATUSES)[number]
export const SPARK_STAGE_STATUSES = ['ACTIVE', 'COMPLETE', 'FAILED', 'PENDING', 'SKIPPED'] as const
export type SparkStageStatus = (typeof SPARK_STAGE_STATUSES)[number]
export const SPARK_TASK_STATUSES = ['RUNNING', 'SUCCESS', 'FAILED', 'KILLED'] as const
export type SparkTaskStatus = (typeof SPARK_TASK_STATUSES)[number]

/** A Spark job (SHS JobData). Its tasks count each of its stages once, skipped ones included. */
export const SparkJobSchema = Type.Object(
  {
    jobId: Count,
    name: Type.String(),
    description: Type.String(),
    submissionTime: EpochMs,
    completionTime: Nullable(EpochMs),
    stageIds: Type.Array(Count),
    status: Type.Enum(SPARK_JOB_STATUSES),
    numTasks: Count,
    numActiveTasks: Count,
    numCompletedTasks: Count,
    numSkippedTasks: Count,
    numFailedTasks: Count,
    numKilledTasks: Count,
    numActiveStages: Count,
    numCompletedStages: Count,
    numSkippedStages: Count,
    numFailedStages: Count,
  },
  { title: 'SparkJob' },
)
export type SparkJob = Static<typeof SparkJobSchema>

/**
 * A Spark stage attempt (SHS StageData). Skipped and pending stages have no times. memorySeconds and
 * vcoreSeconds are costlens's share of the application's resources (by executor run time); the
 * stages' shares add up to the record's memory_seconds (MB·s) and vcore_seconds.
 */
export const SparkStageSchema = Type.Object(
  {
    stageId: Count,
    attemptId: Count,
    name: Type.String(),
    status: Type.Enum(SPARK_STAGE_STATUSES),
    jobIds: Type.Array(Count),
    numTasks: Count,
    numActiveTasks: Count,
    numCompleteTasks: Count,
    numFailedTasks: Count,
    numKilledTasks: Count,
    submissionTime: Nullable(EpochMs),
    firstTaskLaunchedTime: Nullable(EpochMs),
    completionTime: Nullable(EpochMs),
    executorRunTime: Type.Integer({ minimum: 0, description: 'ms, summed over the tasks' }),
    executorCpuTime: Type.Integer({
      minimum: 0,
      description: 'ns, summed over the tasks (the Spark History Server reports CPU time in ns)',
    }),
    jvmGcTime: Type.Integer({ minimum: 0, description: 'ms, summed over the tasks' }),
    inputBytes: Bytes,
    inputRecords: Count,
    outputBytes: Bytes,
    outputRecords: Count,
    shuffleReadBytes: Bytes,
    shuffleReadRecords: Count,
    shuffleWriteBytes: Bytes,
    shuffleWriteRecords: Count,
    memoryBytesSpilled: Bytes,
    diskBytesSpilled: Bytes,
    memorySeconds: Type.Integer({ minimum: 0, description: 'MB·s' }),
    vcoreSeconds: Count,
    failureReason: Nullable(Type.String()),
    taskSummary: Nullable(TaskTimeDistributionSchema),
  },
  { title: 'SparkStage' },
)
export type SparkStage = Static<typeof SparkStageSchema>

/** One task attempt of a stage (SHS TaskData, its taskMetrics flattened). */
export const SparkTaskSchema = Type.Object(
  {
    taskId: Count,
    index: Count,
    attempt: Count,
    launchTime: EpochMs,
    duration: Ms,
    executorId: Type.String(),
    host: Type.String(),
    status: Type.Enum(SPARK_TASK_STATUSES),
    taskLocality: Type.String(),
    speculative: Type.Boolean(),
    errorMessage: Nullable(Type.String()),
    executorRunTime: Ms,
    jvmGcTime: Ms,
    inputBytes: Bytes,
    outputBytes: Bytes,
    shuffleReadBytes: Bytes,
    shuffleWriteBytes: Bytes,
  },
  { title: 'SparkTask' },
)
export type SparkTask = Static<typeof SparkTaskSchema>

export const SparkTaskPageSchema = Type.Object(
  { total: Count, tasks: Type.Array(SparkTaskSchema) },
  { title: 'SparkTaskPage' },
)
export type SparkTaskPage = Static<typeof SparkTaskPageSchema>

/**
 * An executor or the driver (SHS ExecutorSummary). memoryMB is the YARN container (heap plus
 * overhead); maxMemory the storage memory in bytes, as Spark reports it. Across the driver and the
 * executors, memorySeconds, vcoreSeconds, totalInputBytes and totalOutputBytes add up to the record's
 * memory_seconds, vcore_seconds, dfs_read and dfs_written.
 */
export const SparkExecutorSchema = Type.Object(
  {
    id: Type.String({ description: "'driver' or the executor number" }),
    hostPort: Type.String(),
    isActive: Type.Boolean(),
    totalCores: Count,
    maxTasks: Count,
    memoryMB: Count,
    maxMemory: Bytes,
    memoryUsed: Bytes,
    diskUsed: Bytes,
    rddBlocks: Count,
    activeTasks: Count,
    failedTasks: Count,
    completedTasks: Count,
    totalTasks: Count,
    totalDuration: Type.Integer({ minimum: 0, description: 'ms of task time' }),
    totalGCTime: Ms,
    totalInputBytes: Bytes,
    totalOutputBytes: Bytes,
    totalShuffleRead: Bytes,
    totalShuffleWrite: Bytes,
    addTime: EpochMs,
    removeTime: Nullable(EpochMs),
    removeReason: Nullable(Type.String()),
    containerId: Nullable(Type.String()),
    memorySeconds: Type.Integer({ minimum: 0, description: 'MB·s' }),
    vcoreSeconds: Count,
    executorLogs: Type.Object({ stdout: Type.String(), stderr: Type.String() }),
  },
  { title: 'SparkExecutor' },
)
export type SparkExecutor = Static<typeof SparkExecutorSchema>

export const SPARK_SQL_STATUSES = ['RUNNING', 'COMPLETED', 'FAILED'] as const

/** A Spark SQL execution (SHS ExecutionData, without the plan graph) and the jobs it ran. */
export const SparkSqlExecutionSchema = Type.Object(
  {
    id: Count,
    status: Type.Enum(SPARK_SQL_STATUSES),
    description: Type.String(),
    planDescription: Type.String(),
    submissionTime: EpochMs,
    duration: Ms,
    runningJobIds: Type.Array(Count),
    successJobIds: Type.Array(Count),
    failedJobIds: Type.Array(Count),
  },
  { title: 'SparkSqlExecution' },
)
export type SparkSqlExecution = Static<typeof SparkSqlExecutionSchema>

export const SparkDetailsSchema = Type.Object(
  {
    jobs: Type.Array(SparkJobSchema),
    stages: Type.Array(SparkStageSchema),
    executors: Type.Array(SparkExecutorSchema),
    executions: Type.Array(SparkSqlExecutionSchema),
  },
  { title: 'SparkDetails' },
)
export type SparkDetails = Static<typeof SparkDetailsSchema>

// ─── MapReduce ───────────────────────────────────────────────────────────────────────────────

export const MR_TASK_TYPES = ['MAP', 'REDUCE'] as const
export type MrTaskType = (typeof MR_TASK_TYPES)[number]
export const MR_STATES = ['RUNNING', 'SUCCEEDED', 'FAILED', 'KILLED'] as const
export type MrState = (typeof MR_STATES)[number]

/** A MapReduce task (JobHistory task). attempts counts its attempts (a failed task used them all). */
export const MrTaskSchema = Type.Object(
  {
    id: Type.String({ description: 'task_<cluster ts>_<seq>_m_000000' }),
    type: Type.Enum(MR_TASK_TYPES),
    state: Type.Enum(MR_STATES),
    startTime: EpochMs,
    finishTime: Nullable(EpochMs),
    elapsedTime: Ms,
    progress: Type.Number({ minimum: 0, maximum: 100 }),
    attempts: Type.Integer({ minimum: 1 }),
    successfulAttempt: Nullable(Type.String()),
    host: Type.String(),
  },
  { title: 'MrTask' },
)
export type MrTask = Static<typeof MrTaskSchema>

export const MrTaskPageSchema = Type.Object(
  { total: Count, tasks: Type.Array(MrTaskSchema) },
  { title: 'MrTaskPage' },
)
export type MrTaskPage = Static<typeof MrTaskPageSchema>

/** The tasks of one type by state, with their elapsed-time distribution (at TASK_TIME_QUANTILES). */
export const MrTaskSummarySchema = Type.Object(
  {
    type: Type.Enum(MR_TASK_TYPES),
    total: Count,
    succeeded: Count,
    killed: Count,
    failed: Count,
    running: Count,
    quantiles: Type.Array(Type.Number()),
    elapsedTime: Type.Array(Type.Integer(), { description: 'ms, one per quantile' }),
  },
  { title: 'MrTaskSummary' },
)
export type MrTaskSummary = Static<typeof MrTaskSummarySchema>

export const MrCounterSchema = Type.Object({
  name: Type.String(),
  totalCounterValue: Type.Integer(),
  mapCounterValue: Type.Integer(),
  reduceCounterValue: Type.Integer(),
})
/** A counter group as the JobHistory /counters resource gives it. */
export const MrCounterGroupSchema = Type.Object(
  { counterGroupName: Type.String(), counter: Type.Array(MrCounterSchema) },
  { title: 'MrCounterGroup' },
)
export type MrCounterGroup = Static<typeof MrCounterGroupSchema>

/** A MapReduce job (JobHistory job) of the application. */
export const MrJobSchema = Type.Object(
  {
    id: Type.String({ description: 'job_<cluster ts>_<seq>' }),
    name: Type.String(),
    user: Type.String(),
    queue: Type.String(),
    state: Type.Enum(MR_STATES),
    startTime: EpochMs,
    finishTime: Nullable(EpochMs),
    mapsTotal: Count,
    mapsCompleted: Count,
    reducesTotal: Count,
    reducesCompleted: Count,
    successfulMapAttempts: Count,
    killedMapAttempts: Count,
    failedMapAttempts: Count,
    successfulReduceAttempts: Count,
    killedReduceAttempts: Count,
    failedReduceAttempts: Count,
    avgMapTime: Ms,
    avgReduceTime: Ms,
    avgShuffleTime: Ms,
    avgMergeTime: Ms,
    diagnostics: Type.String(),
  },
  { title: 'MrJob' },
)
export type MrJob = Static<typeof MrJobSchema>

export const MrDetailsSchema = Type.Object(
  {
    job: MrJobSchema,
    summaries: Type.Array(MrTaskSummarySchema),
    counters: Type.Array(MrCounterGroupSchema),
  },
  { title: 'MrDetails' },
)
export type MrDetails = Static<typeof MrDetailsSchema>

// ─── Diagnostics ─────────────────────────────────────────────────────────────────────────────

/** What a user filters failures on: the cause, not the wording. */
export const FAILURE_CATEGORIES = ['memory', 'shuffle', 'user-code', 'killed'] as const
export type FailureCategory = (typeof FAILURE_CATEGORIES)[number]

/** The failures costlens tells apart, each in one category (FAILURE_CATEGORY_OF in the simulator). */
export const FAILURE_KINDS = [
  'container-memory-limit',
  'java-heap-space',
  'gc-overhead-limit',
  'fetch-failed',
  'user-exception',
  'killed-by-user',
] as const
export type FailureKind = (typeof FAILURE_KINDS)[number]

/**
 * One error of a failed or killed application, naming where it came from (the stage, task,
 * executor and container of the derived details), with the log lines around it.
 */
export const AppErrorSchema = Type.Object(
  {
    time: EpochMs,
    level: Type.Enum(['ERROR', 'WARN', 'FATAL']),
    source: Type.Enum(['driver', 'executor', 'am', 'task', 'yarn', 'engine']),
    exception: Nullable(Type.String({ description: 'the exception class, when there is one' })),
    message: Type.String(),
    jobId: Nullable(Count),
    stageId: Nullable(Count),
    stageAttemptId: Nullable(Count),
    taskId: Nullable(Type.String({ description: 'Spark TID or MapReduce task id' })),
    taskIndex: Nullable(Count),
    taskAttempt: Nullable(Count),
    executorId: Nullable(Type.String()),
    containerId: Nullable(Type.String()),
    host: Nullable(Type.String()),
    logFile: Type.String({ description: 'stderr, syslog, …' }),
    logExcerpt: Type.Array(Type.String(), { description: 'log lines around the error, oldest first' }),
  },
  { title: 'AppError' },
)
export type AppError = Static<typeof AppErrorSchema>

/** Why a failed (F) or killed (K) application ended, and the errors that show it. */
export const AppFailureSchema = Type.Object(
  {
    category: Type.Enum(FAILURE_CATEGORIES),
    kind: Type.Enum(FAILURE_KINDS),
    diagnostics: Type.String({ description: "the application's diagnostics (YARN's, or the engine's)" }),
    errors: Type.Array(AppErrorSchema, { description: 'the root cause first' }),
  },
  { title: 'AppFailure' },
)
export type AppFailure = Static<typeof AppFailureSchema>

// ─── Resources ───────────────────────────────────────────────────────────────────────────────

/**
 * The memory and vcores allocated to an application over its life. Each point is [bucket start,
 * the mean allocation over the bucket]; buckets are stepMs long but the last, which ends with the
 * application (or now). So Σ value × bucket length gives memory_seconds (MB·s) and vcore_seconds.
 */
export const AppResourceSeriesSchema = Type.Object(
  {
    startTime: EpochMs,
    endTime: EpochMs,
    stepMs: Type.Integer({ minimum: 1 }),
    allocatedMB: Type.Array(Type.Tuple([EpochMs, Type.Number()])),
    allocatedVCores: Type.Array(Type.Tuple([EpochMs, Type.Number()])),
  },
  { title: 'AppResourceSeries' },
)
export type AppResourceSeries = Static<typeof AppResourceSeriesSchema>
