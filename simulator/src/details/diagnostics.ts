import type { AppError, AppFailure, FailureKind } from '@costlens/shared'
import {
  FAILURE_CATEGORY_OF,
  failureKind,
  failureKindOfText,
  gb,
  sparkLostTask,
  userException,
  yarnMemoryKill,
} from './failure.ts'
import { mrDerivation } from './mr.ts'
import { appLife, containerId, logTime, workerHost, yarnIdParts, type DetailsRecord } from './record.ts'
import { sparkDerivation, type SparkFailurePoint } from './spark.ts'

/**
 * The errors and log excerpts of a failed (F) or killed (K) application, derived with its details
 * so each names the stage, task, executor and container the details show. The root cause comes
 * first, then what it led to (the task's attempts used up, the job aborted, the application failed).
 */

const NO_REFS = {
  exception: null,
  jobId: null,
  stageId: null,
  stageAttemptId: null,
  taskId: null,
  taskIndex: null,
  taskAttempt: null,
  executorId: null,
  containerId: null,
  host: null,
} as const

const error = (
  e: Partial<AppError> & Pick<AppError, 'time' | 'source' | 'message' | 'logFile' | 'logExcerpt'>,
): AppError => ({
  level: 'ERROR',
  ...NO_REFS,
  ...e,
})

/** The application attempt id YARN names in an AM failure. */
function appAttemptId(app: DetailsRecord): string {
  const parts = yarnIdParts(app)
  const n = String(Math.max(1, app.app_attempts)).padStart(6, '0')
  return parts ? `appattempt_${parts.ts}_${parts.seq}_${n}` : `appattempt_${app.id}_${n}`
}

/** YARN's diagnostics of an application whose AM (the Spark driver) was killed for its memory. */
function amMemoryKill(app: DetailsRecord, container: string | null, memoryMB: number): string {
  return `Application ${app.id} failed ${Math.max(1, app.app_attempts)} times due to AM Container for ${appAttemptId(app)} exited with exitCode: -104\nFailing this attempt.Diagnostics: Container [pid=${31_000 + ((app.id.length * 97) % 9000)},containerID=${container ?? 'container'}] is running ${Math.round(memoryMB * 0.06 * 2 ** 20)}B beyond the 'PHYSICAL' memory limit. Current usage: ${gb(memoryMB * 1.06)} GB of ${gb(memoryMB)} GB physical memory used; ${gb(memoryMB * 1.7)} GB of ${gb(memoryMB * 2.1)} GB virtual memory used. Killing container.`
}

/**
 * The record's own text where it fits what was derived: a killed app's words as they are, a Spark
 * stage failure with the task, stage and executor pointed at the derived ones, a MapReduce task
 * failure with the derived task and its last attempt's error. A text that names a place the app did
 * not fail in (another engine's words, a stage when the driver failed, an executor) or figures the
 * details size otherwise (an AM container's memory) gives way to the derived one.
 */
function recordText(
  app: DetailsRecord,
  derived: string,
  spark?: SparkFailurePoint | null,
  mr?: { taskId: string; attemptId: string; error: string },
): string {
  const text = app.diagnostics?.trim()
  if (!text) return derived
  const namesStage = /in stage \d+\.\d+|Stage \d+ has failed/.test(text)
  if (!namesStage) {
    if (failureKind({ ...app, diagnostics: text }) !== failureKind(app) || /executor \d+/.test(text))
      return derived
    if (app.kind === 'spark' && /exitCode: -104/.test(text)) return derived
    if (mr)
      return text
        .replace(/task_\d+_\d+_[mr]_\d+/g, mr.taskId)
        .replace(/last attempt \S+: [\s\S]*$/, `last attempt ${mr.attemptId}: ${mr.error.split('\n')[0]}`)
    return text
  }
  const last = spark?.attempts.at(-1)
  if (app.kind !== 'spark' || !last || spark?.kind === 'fetch-failed') return derived
  return text
    .replace(
      /Task \d+ in stage \d+\.\d+/,
      `Task ${last.taskIndex} in stage ${last.stageId}.${last.stageAttemptId}`,
    )
    .replace(/\(executor \d+ exited/, `(executor ${last.executorId} exited`)
    .replace(/Lost task [\s\S]*$/, sparkLostTask(last, last.error))
}

function sparkFailure(app: DetailsRecord, now: number, kind: FailureKind): AppFailure {
  const { details, failure } = sparkDerivation(app, now)
  const life = appLife(app, now)
  const driver = details.executors[0]!
  const driverLog = 'stderr (driver)'
  if (kind === 'killed-by-user') {
    const cancelled = details.stages.filter((s) => s.status === 'FAILED')
    const jobs = details.jobs.filter((j) => j.status === 'FAILED')
    const t = life.end
    return {
      category: 'killed',
      kind,
      diagnostics: recordText(app, 'Application killed by user.'),
      errors: [
        error({
          time: t,
          source: 'yarn',
          message: `Application ${app.id} was killed by user ${app.user}`,
          containerId: driver.containerId,
          host: driver.hostPort.split(':')[0]!,
          logFile: driverLog,
          logExcerpt: [
            `${logTime(t)} ERROR ApplicationMaster: RECEIVED SIGNAL TERM`,
            `${logTime(t)} INFO SparkContext: Invoking stop() from shutdown hook`,
            ...jobs.map(
              (j) =>
                `${logTime(t)} INFO DAGScheduler: Job ${j.jobId} failed: ${j.name}, took ${((t - j.submissionTime) / 1000).toFixed(3)} s`,
            ),
            ...cancelled.map(
              (s) =>
                `${logTime(t)} INFO DAGScheduler: ${s.name} (stage ${s.stageId}.${s.attemptId}) failed: Stage cancelled because SparkContext was shut down`,
            ),
            `${logTime(t)} INFO SparkContext: Successfully stopped SparkContext`,
          ],
        }),
        ...cancelled.map((s) =>
          error({
            time: s.completionTime ?? t,
            level: 'WARN',
            source: 'driver',
            exception: 'org.apache.spark.SparkException',
            message: `Job ${s.jobIds[0] ?? 0} cancelled because SparkContext was shut down`,
            jobId: s.jobIds[0] ?? null,
            stageId: s.stageId,
            stageAttemptId: s.attemptId,
            logFile: driverLog,
            logExcerpt: [`${logTime(t)} WARN DAGScheduler: ${s.failureReason ?? ''}`],
          }),
        ),
      ],
    }
  }
  const point = failure!
  const last = point.attempts.at(-1)
  if (!last || !point.stage) return sparkDriverFailure(app, kind, point, life.end)
  const stageName = `stage ${last.stageId}.${last.stageAttemptId}`
  const at = (time: number) => logTime(time)
  const lostLines = point.attempts.map(
    (a) =>
      `${at(a.time)} WARN TaskSetManager: Lost task ${a.taskIndex}.${a.attempt} in stage ${a.stageId}.${a.stageAttemptId} (TID ${a.tid}) (${a.host} executor ${a.executorId}): ${a.error}`,
  )
  const refs = {
    jobId: point.stage.jobId,
    stageId: last.stageId,
    stageAttemptId: last.stageAttemptId,
    taskId: String(last.tid),
    taskIndex: last.taskIndex,
    taskAttempt: last.attempt,
    executorId: last.executorId,
    containerId: last.containerId,
    host: last.host,
  }
  const cause: AppError =
    kind === 'container-memory-limit'
      ? error({
          time: last.time,
          source: 'yarn',
          message: yarnMemoryKill(details.executors.find((e) => e.id === last.executorId)?.memoryMB ?? 4096),
          ...refs,
          logFile: driverLog,
          logExcerpt: point.attempts.flatMap((a) => [
            `${at(a.time)} WARN YarnAllocator: Container from a bad node: ${a.containerId} on host: ${a.host}. Exit status: 137. Diagnostics: Container killed on request. Exit code is 137. Killed by external signal.`,
            `${at(a.time)} ERROR YarnScheduler: Lost executor ${a.executorId} on ${a.host}: ${a.error.replace(/^.*Reason: /, '')}`,
            `${at(a.time)} WARN TaskSetManager: Lost task ${a.taskIndex}.${a.attempt} in stage ${a.stageId}.${a.stageAttemptId} (TID ${a.tid}) (${a.host} executor ${a.executorId}): ${a.error}`,
          ]),
        })
      : kind === 'fetch-failed'
        ? error({
            time: last.time,
            source: 'task',
            exception: 'org.apache.spark.shuffle.FetchFailedException',
            message: `Failed to connect to ${point.lostExecutor?.host ?? last.host}:7337`,
            ...refs,
            logFile: driverLog,
            logExcerpt: [
              ...(point.lostExecutor
                ? [
                    `${at(point.lostExecutor.time)} ERROR YarnScheduler: Lost executor ${point.lostExecutor.id} on ${point.lostExecutor.host}: Container marked as failed: ${point.lostExecutor.containerId} on host: ${point.lostExecutor.host}. Exit status: -100. Diagnostics: Container released on a *lost* node.`,
                  ]
                : []),
              ...point.attempts.flatMap((a) => [
                `${at(a.time)} WARN TaskSetManager: Lost task ${a.taskIndex}.${a.attempt} in stage ${a.stageId}.${a.stageAttemptId} (TID ${a.tid}) (${a.host} executor ${a.executorId}): ${a.error}`,
                `${at(a.time)} INFO DAGScheduler: Marking ${point.stage!.name} (stage ${a.stageId}.${a.stageAttemptId}) as failed due to a fetch failure from ShuffleMapStage ${Math.max(0, a.stageId - 1)}`,
                ...(a === last ? [] : [`${at(a.time + 1000)} INFO DAGScheduler: Resubmitting failed stages`]),
              ]),
            ],
          })
        : error({
            time: last.time,
            source: 'executor',
            exception: last.error.split(':')[0]!,
            message: last.error.includes(':')
              ? last.error.slice(last.error.indexOf(':') + 1).trim()
              : last.error,
            ...refs,
            logFile: 'stderr',
            logExcerpt: [
              `${at(last.time)} INFO Executor: Running task ${last.taskIndex}.${last.attempt} in ${stageName} (TID ${last.tid})`,
              `${at(last.time)} ERROR Executor: Exception in task ${last.taskIndex}.${last.attempt} in ${stageName} (TID ${last.tid})`,
              last.error,
              ...(kind === 'user-exception'
                ? [
                    '\tat com.costlens.etl.Transform$.$anonfun$parse$1(Transform.scala:42)',
                    '\tat scala.collection.Iterator$$anon$10.next(Iterator.scala:461)',
                  ]
                : [
                    '\tat java.util.Arrays.copyOf(Arrays.java:3236)',
                    '\tat org.apache.spark.sql.catalyst.expressions.UnsafeRow.copy(UnsafeRow.java:476)',
                    `${at(last.time)} ERROR SparkUncaughtExceptionHandler: Uncaught exception in thread Thread[Executor task launch worker for task ${last.tid},5,main]`,
                  ]),
            ],
          })
  const exhausted =
    kind === 'fetch-failed'
      ? null
      : error({
          time: last.time,
          source: 'task',
          message: `Task ${last.taskIndex} in ${stageName} failed ${point.attempts.length} times; aborting job`,
          ...refs,
          logFile: driverLog,
          logExcerpt: [
            ...lostLines,
            `${at(last.time)} ERROR TaskSetManager: Task ${last.taskIndex} in ${stageName} failed ${point.attempts.length} times; aborting job`,
          ],
        })
  const abort = error({
    time: point.time,
    source: 'driver',
    exception: 'org.apache.spark.SparkException',
    message: point.abort ?? '',
    ...refs,
    logFile: driverLog,
    logExcerpt: [
      `${at(point.time)} INFO DAGScheduler: ${point.stage.name} (${stageName}) failed in ${((point.time - (details.stages.find((s) => s.stageId === last.stageId && s.attemptId === last.stageAttemptId)?.submissionTime ?? point.time)) / 1000).toFixed(3)} s due to ${point.abort}`,
      `${at(point.time)} ERROR ApplicationMaster: User class threw exception: org.apache.spark.SparkException: ${point.abort}`,
      `${at(point.time)} INFO ApplicationMaster: Final app status: FAILED, exitCode: 15, (reason: User class threw exception: org.apache.spark.SparkException: ${point.abort})`,
    ],
  })
  return {
    category: FAILURE_CATEGORY_OF[kind],
    kind,
    diagnostics: recordText(
      app,
      `User class threw exception: org.apache.spark.SparkException: ${point.abort}`,
      point,
    ),
    errors: [cause, ...(exhausted ? [exhausted] : []), abort],
  }
}

/** A Spark app whose stages all finished failed in its driver: memory, or the user's code. */
function sparkDriverFailure(
  app: DetailsRecord,
  kind: FailureKind,
  point: SparkFailurePoint,
  time: number,
): AppFailure {
  const { driver } = point
  const refs = { containerId: driver.containerId, host: driver.host, executorId: 'driver' }
  const t = logTime(time)
  const thrown =
    kind === 'java-heap-space'
      ? 'java.lang.OutOfMemoryError: Java heap space'
      : kind === 'gc-overhead-limit'
        ? 'java.lang.OutOfMemoryError: GC overhead limit exceeded'
        : `org.apache.spark.sql.AnalysisException: [TABLE_OR_VIEW_NOT_FOUND] The table or view \`${(app.output_tables ?? app.input_tables ?? 'sales.orders').replace('.', '`.`')}_v2\` cannot be found.`
  if (kind === 'container-memory-limit') {
    const message = amMemoryKill(app, driver.containerId, driver.memoryMB)
    return {
      category: 'memory',
      kind,
      diagnostics: recordText(app, message),
      errors: [
        error({
          time,
          source: 'am',
          message,
          ...refs,
          logFile: 'syslog (ResourceManager)',
          logExcerpt: [
            `${t} INFO RMAppAttemptImpl: Updating application attempt ${appAttemptId(app)} with final state: FAILED, and exit status: -104`,
            `${t} INFO RMAppImpl: ${message.split('\n')[0]}`,
          ],
        }),
      ],
    }
  }
  const message = `User class threw exception: ${thrown}`
  return {
    category: FAILURE_CATEGORY_OF[kind],
    kind,
    diagnostics: recordText(app, message),
    errors: [
      error({
        time,
        source: 'driver',
        exception: thrown.split(':')[0]!,
        message: thrown.slice(thrown.indexOf(':') + 1).trim(),
        ...refs,
        logFile: 'stderr (driver)',
        logExcerpt: [
          `${t} ERROR ApplicationMaster: ${message}`,
          thrown,
          kind === 'user-exception'
            ? '\tat org.apache.spark.sql.catalyst.analysis.package$AnalysisErrorAt.tableNotFound(package.scala:87)'
            : '\tat org.apache.spark.sql.Dataset.collectFromPlan(Dataset.scala:4344)',
          `${t} INFO ApplicationMaster: Final app status: FAILED, exitCode: 15, (reason: ${message})`,
        ],
      }),
    ],
  }
}

function mrFailure(app: DetailsRecord, now: number, kind: FailureKind): AppFailure {
  const { details, failure } = mrDerivation(app, now)
  const { job } = details
  const life = appLife(app, now)
  const am = containerId(app, Math.max(1, app.app_attempts), 1)
  const amHost = workerHost(app, 0)
  const t = (ms: number) => logTime(ms)
  if (kind === 'killed-by-user' || !failure)
    return {
      category: 'killed',
      kind: 'killed-by-user',
      diagnostics: recordText(app, 'Application killed by user.'),
      errors: [
        error({
          time: life.end,
          source: 'am',
          message: job.diagnostics.trim() || 'Job received Kill while in RUNNING state.',
          containerId: am,
          host: amHost,
          logFile: 'syslog',
          logExcerpt: [
            ...job.diagnostics
              .trim()
              .split('\n')
              .map(
                (line) =>
                  `${t(life.end)} INFO [IPC Server handler 3] org.apache.hadoop.mapreduce.v2.app.job.impl.JobImpl: ${line}`,
              ),
            `${t(life.end)} INFO [AsyncDispatcher event handler] org.apache.hadoop.mapreduce.v2.app.job.impl.JobImpl: ${job.id}Job Transitioned from RUNNING to KILL_WAIT`,
            `${t(life.end)} INFO [AsyncDispatcher event handler] org.apache.hadoop.mapreduce.v2.app.job.impl.JobImpl: ${job.id}Job Transitioned from KILL_ABORT to KILLED`,
          ],
        }),
      ],
    }
  const last = failure.attempts.at(-1)!
  const cause = error({
    time: last.time,
    source: 'task',
    exception:
      kind === 'container-memory-limit' ? null : last.error.replace(/^Error: /, '').split(/[:\n]/)[0]!,
    message: last.error.split('\n')[0]!.replace(/^Error: /, ''),
    taskId: failure.taskId,
    taskIndex: Number(failure.taskId.slice(-6)),
    taskAttempt: failure.attempts.length - 1,
    containerId: last.containerId,
    host: last.host,
    logFile: 'syslog',
    logExcerpt: failure.attempts.flatMap((a) => [
      `${t(a.time)} INFO [AsyncDispatcher event handler] org.apache.hadoop.mapreduce.v2.app.job.impl.TaskAttemptImpl: Diagnostics report from ${a.attemptId}: ${a.error.split('\n')[0]}`,
      `${t(a.time)} INFO [AsyncDispatcher event handler] org.apache.hadoop.mapreduce.v2.app.job.impl.TaskAttemptImpl: ${a.attemptId} TaskAttempt Transitioned from RUNNING to FAILED`,
    ]),
  })
  const jobFailed = error({
    time: life.end,
    source: 'am',
    message: job.diagnostics.trim().replace(/\n/g, ' '),
    taskId: failure.taskId,
    containerId: am,
    host: amHost,
    logFile: 'syslog',
    logExcerpt: [
      `${t(last.time)} INFO [AsyncDispatcher event handler] org.apache.hadoop.mapreduce.v2.app.job.impl.TaskImpl: ${failure.taskId} Task Transitioned from RUNNING to FAILED`,
      `${t(life.end)} INFO [AsyncDispatcher event handler] org.apache.hadoop.mapreduce.v2.app.job.impl.JobImpl: ${job.diagnostics.trim().split('\n').at(-1)}`,
      `${t(life.end)} INFO [AsyncDispatcher event handler] org.apache.hadoop.mapreduce.v2.app.job.impl.JobImpl: ${job.id}Job Transitioned from FAIL_WAIT to FAILED`,
    ],
  })
  return {
    category: FAILURE_CATEGORY_OF[kind],
    kind,
    diagnostics: recordText(app, `Task failed ${failure.taskId}\n${last.error.split('\n')[0]}`, null, {
      taskId: failure.taskId,
      attemptId: last.attemptId,
      error: last.error,
    }),
    errors: [cause, jobFailed],
  }
}

/** What each engine that costlens does not break down into tasks says when a query fails. */
function engineMessage(app: DetailsRecord, kind: FailureKind): { exception: string | null; message: string } {
  const table = app.input_tables ?? 'sales.orders'
  const killed = kind === 'killed-by-user'
  const memory = FAILURE_CATEGORY_OF[kind] === 'memory'
  switch (app.kind) {
    case 'impala':
      return killed
        ? { exception: null, message: "Cancelled from Impala's debug web interface" }
        : memory
          ? {
              exception: null,
              message: `Memory limit exceeded: Failed to allocate row batch\nEXCHANGE_NODE (id=4) could not allocate 8.00 MB without exceeding limit.\nError occurred on backend ${workerHost(app, 3)}:22000\nQuery(${app.id}): Limit=2.00 GB Reservation=1.60 GB Peak=2.00 GB`,
            }
          : {
              exception: 'AnalysisException',
              message: `Could not resolve column/field reference: 'order_ts' in ${table}`,
            }
    case 'presto':
      return killed
        ? { exception: null, message: 'Query killed. Message: Killed by user' }
        : memory
          ? {
              exception: 'io.trino.ExceededMemoryLimitException',
              message:
                'Query exceeded per-node memory limit of 4GB [Allocated: 4.00GB, Delta: 12.31MB, Top Consumers: {HashBuilderOperator=3.21GB, ExchangeOperator=612.45MB}]',
            }
          : {
              exception: 'io.trino.spi.TrinoException',
              message: `line 3:15: Column 'order_ts' cannot be resolved`,
            }
    default: {
      const parts = yarnIdParts(app)
      const vertex = parts ? `vertex_${parts.ts}_${parts.seq}_1_00` : 'vertex_1_00'
      const container = containerId(app, Math.max(1, app.app_attempts), 12)
      if (killed) return { exception: null, message: 'Application killed by user.' }
      const cause =
        kind === 'container-memory-limit'
          ? `Container ${container} is running beyond physical memory limits. Current usage: 4.3 GB of 4 GB physical memory used; 6.1 GB of 8.4 GB virtual memory used. Killing container.`
          : kind === 'user-exception'
            ? userException(app)
            : `java.lang.OutOfMemoryError: ${kind === 'gc-overhead-limit' ? 'GC overhead limit exceeded' : 'Java heap space'}`
      return app.kind === 'tez'
        ? {
            exception: null,
            message: `Vertex failed, vertexName=Map 1, vertexId=${vertex}, diagnostics=[Task failed, taskId=task_${vertex.slice(7)}_000012, diagnostics=[TaskAttempt 3 failed, info=[${cause}]]]`,
          }
        : {
            exception: 'org.apache.hadoop.hive.ql.metadata.HiveException',
            message: `FAILED: Execution Error, return code 2 from org.apache.hadoop.hive.ql.exec.mr.MapRedTask. ${cause}`,
          }
    }
  }
}

/** How each engine's own messages start (a YARN sentence on an Impala query is not Impala's). */
const ENGINE_WORDS: Readonly<Record<string, RegExp>> = {
  impala: /^(Memory limit exceeded|AnalysisException|Cancell?ed (from|by))/,
  presto: /^(Query |line \d+:\d+|Division by zero)/,
  hive: /^(FAILED: Execution Error|Application \S+ was killed by user)/,
  tez: /^(Vertex failed|Application \S+ was killed by user)/,
}

function engineFailure(app: DetailsRecord, now: number, kind: FailureKind): AppFailure {
  const life = appLife(app, now)
  const derived = engineMessage(app, kind)
  // The engine's error is the record's own text when that names this failure (the lists show it):
  // the same limit, table and column in the list and in the errors.
  const own = app.diagnostics?.trim()
  const exception = derived.exception
  const message =
    own && failureKindOfText(own) === kind && ENGINE_WORDS[app.kind]?.test(own)
      ? exception && own.startsWith(`${exception}: `)
        ? own.slice(exception.length + 2)
        : own
      : derived.message
  return {
    category: FAILURE_CATEGORY_OF[kind],
    kind,
    diagnostics: recordText(app, message.split('\n')[0]!),
    errors: [
      error({
        time: life.end,
        source: 'engine',
        exception,
        message,
        host: workerHost(app, 0),
        logFile:
          app.kind === 'impala' ? 'impalad.INFO' : app.kind === 'presto' ? 'server.log' : 'hive-server2.log',
        logExcerpt: message.split('\n').map((line) => `${logTime(life.end)} ERROR ${line}`),
      }),
    ],
  }
}

/** Why a failed or killed application ended and the errors that show it; null for the others. */
export function deriveFailure(app: DetailsRecord, now: number): AppFailure | null {
  const kind = failureKind(app)
  if (!kind) return null
  if (app.kind === 'spark') return sparkFailure(app, now, kind)
  if (app.kind === 'mr') return mrFailure(app, now, kind)
  return engineFailure(app, now, kind)
}
