import type {
  SparkAnnotation,
  SparkAppMeta,
  SparkBatches,
  SparkExecutor,
  SparkExecutorLog,
  SparkJob,
  SparkJobDag,
  SparkSqlExecution,
  SparkStage,
  SparkStageDetail,
  SparkStream,
  SparkStreamingQuery,
} from '@costlens/shared'
import { MAX_EXECUTOR_LOG_LINES } from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import { deriveFailure } from '../../details/diagnostics.ts'
import { appLife, isRunning, logTime, type DetailsRecord } from '../../details/record.ts'
import { recentDerivations } from '../../details/recent.ts'
import {
  batchRange,
  isStreamingApp,
  streamBatch,
  streamPlan,
  streamingQuery,
} from '../../details/spark-streaming.ts'
import { sparkDerivation, sparkJobDag, sparkStageTasks } from '../../details/spark.ts'
import type { Db } from '../open-database.ts'
import type { AppRow } from '../seed/applications.ts'
import { readableApp } from './app-access.ts'
import { logsLoaded } from './app-writes.ts'
import type { ClusterScope } from './scope.ts'

/**
 * The Spark details calls (02 §7, E035 and E099-E112): each reads the app through the one access
 * check (readableApp: 404 not available, 403 forbidden), refuses an app that is not a Spark app,
 * then answers from the derivation of its record (details/spark.ts). Nothing is stored: the same
 * app at the same instant always answers the same.
 */

/** The Spark version the seeded clusters run (the appmeta and the driver's log say it). */
export const SPARK_VERSION = '3.3.2'
const HOUR = 3_600_000
/** The most points a streaming series has: a longer window's batches are merged into buckets. */
export const MAX_STREAM_POINTS = 720
/** Batches per page of the batches call. */
export const BATCH_PAGE = 100

type SparkApp = AppRow & DetailsRecord

/** The app of a Spark details call: readable by this user, and a Spark app (else 400). */
export function readableSparkApp(db: Db, scope: ClusterScope, id: string, cluster?: string): SparkApp {
  const app = readableApp(db, scope, id, cluster)
  if (app.kind !== 'spark')
    throw new HttpError(400, `Application ${id} is a ${app.kind} application, not a Spark application.`)
  return app
}

/**
 * The Spark derivation of the last few apps asked for: a details page fetches the jobs, stages,
 * executors, events and analysis of one app together (the insights of app-insights.ts read it too).
 */
export const cachedSparkDerivation = recentDerivations(
  sparkDerivation,
  (app: DetailsRecord) => `${app.id}|${app.status}|${app.start_time}|${app.duration}`,
)

const derivation = cachedSparkDerivation

const details = (db: Db, scope: ClusterScope, id: string, now: number, cluster?: string) =>
  derivation(readableSparkApp(db, scope, id, cluster), now).details

export function sparkAnnotation(
  db: Db,
  scope: ClusterScope,
  id: string,
  clusterUid: string | undefined,
  now: number,
): SparkAnnotation {
  const app = readableSparkApp(db, scope, id, clusterUid)
  const life = appLife(app, now)
  return {
    sparkAppId: app.id,
    clusterUid: app.cluster_uid,
    clusterType: app.cluster_type,
    appName: app.name,
    name: app.name,
    type: isStreamingApp(app) ? 'structured-streaming' : 'spark',
    status: app.status,
    user: app.user,
    queue: app.queue,
    appAttempts: Math.max(1, app.app_attempts),
    sparkJobIds: Array.from({ length: Math.max(0, app.num_jobs) }, (_, i) => i),
    mrJobIds: [],
    startTime: life.start,
    endTime: isRunning(app) ? null : life.end,
    duration: life.end - life.start,
  }
}

export function sparkJobs(db: Db, scope: ClusterScope, cluster: string, id: string, now: number): SparkJob[] {
  return details(db, scope, id, now, cluster).jobs
}

export function sparkAllStages(
  db: Db,
  scope: ClusterScope,
  cluster: string,
  id: string,
  now: number,
): SparkStage[] {
  return details(db, scope, id, now, cluster).stages
}

const noJob = (id: string, n: number) => new HttpError(404, `Application ${id} has no job ${n}.`)

export function sparkJobStages(
  db: Db,
  scope: ClusterScope,
  cluster: string,
  id: string,
  n: number,
  now: number,
): SparkStage[] {
  const { jobs, stages } = details(db, scope, id, now, cluster)
  const job = jobs.find((j) => j.jobId === n)
  if (!job) throw noJob(id, n)
  const ids = new Set(job.stageIds)
  return stages.filter((s) => ids.has(s.stageId))
}

export function sparkDag(
  db: Db,
  scope: ClusterScope,
  cluster: string,
  id: string,
  n: number,
  now: number,
): SparkJobDag {
  const dag = sparkJobDag(details(db, scope, id, now, cluster), n)
  if (!dag) throw noJob(id, n)
  return dag
}

export function sparkExecutors(
  db: Db,
  scope: ClusterScope,
  cluster: string,
  id: string,
  now: number,
): SparkExecutor[] {
  return details(db, scope, id, now, cluster).executors
}

export function sparkExecutions(
  db: Db,
  scope: ClusterScope,
  cluster: string,
  id: string,
  executionId: number | undefined,
  now: number,
): SparkSqlExecution[] {
  const { executions } = details(db, scope, id, now, cluster)
  if (executionId === undefined) return executions
  const one = executions.find((e) => e.id === executionId)
  if (!one) throw new HttpError(404, `Application ${id} has no SQL execution ${executionId}.`)
  return [one]
}

/** Keeps the first and last lines of a long log (where a start and a failure are). */
function bounded(lines: string[]): { lines: string[]; cut: boolean } {
  if (lines.length <= MAX_EXECUTOR_LOG_LINES) return { lines, cut: false }
  const head = Math.floor(MAX_EXECUTOR_LOG_LINES / 2)
  const tail = MAX_EXECUTOR_LOG_LINES - head - 1
  return {
    lines: [
      ...lines.slice(0, head),
      `… ${lines.length - head - tail} lines left out …`,
      ...lines.slice(-tail),
    ],
    cut: true,
  }
}

/** The second a log line's stamp (yy/MM/dd HH:mm:ss, UTC) names, or null for a continuation line. */
function stampOf(line: string): number | null {
  const m = /^(\d\d)\/(\d\d)\/(\d\d) (\d\d):(\d\d):(\d\d) /.exec(line)
  return m
    ? Date.UTC(2000 + Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]))
    : null
}

/** Where a line sits among those of its instant: what led to an error, the error, what followed. */
const BEFORE = 0
const ERROR = 1
const AFTER = 2

/**
 * An executor's or the driver's log, in Spark's log4j format: how it started, what it ran job by job
 * or stage by stage, and for a failed or killed app the excerpts of the errors written to that log
 * (deriveFailure's: logFile 'stderr (driver)' is the driver's, 'stderr' the executor's it names).
 * Lines are in time order; an excerpt's continuation lines (a stack frame, an exception's message)
 * stay under the line before them. When YARN killed the driver's container (the AM), its log ends
 * with the signal it got.
 */
export function sparkExecutorLog(
  db: Db,
  scope: ClusterScope,
  id: string,
  executorId: string,
  now: number,
): SparkExecutorLog {
  const app = readableSparkApp(db, scope, id)
  const { details: d } = derivation(app, now)
  const executor = d.executors.find((e) => e.id === executorId)
  if (!executor) throw new HttpError(404, `Application ${id} has no executor ${executorId}.`)
  const host = executor.hostPort.replace(/:\d+$/, '')
  const isDriver = executor.id === 'driver'
  const life = appLife(app, now)
  const lines: { at: number; place: number; text: string }[] = []
  const log = (time: number, text: string, place = BEFORE) =>
    lines.push({ at: time, place, text: `${logTime(time)} ${text}` })
  const took = (from: number, to: number) => `took ${((to - from) / 1000).toFixed(6)} s`
  if (isDriver) {
    const latest = new Map(d.stages.map((s) => [s.stageId, s]))
    log(life.start, `INFO SparkContext: Running Spark version ${SPARK_VERSION}`)
    log(life.start, `INFO SparkContext: Submitted application: ${app.name}`)
    log(life.start, `INFO ResourceUtils: Resources for spark.driver: memory ${executor.memoryMB} MB`)
    for (const job of d.jobs) {
      const partitions = latest.get(job.stageIds.at(-1) ?? -1)?.numTasks ?? 0
      log(job.submissionTime, `INFO SparkContext: Starting job: ${job.name}`)
      log(
        job.submissionTime,
        `INFO DAGScheduler: Got job ${job.jobId} (${job.name}) with ${partitions} output partitions`,
      )
      if (job.completionTime !== null)
        log(
          job.completionTime,
          `INFO DAGScheduler: Job ${job.jobId} ${job.status === 'FAILED' ? 'failed' : 'finished'}: ${job.name}, ${took(job.submissionTime, job.completionTime)}`,
          AFTER,
        )
    }
  } else {
    const name = executor.containerId ?? `executor-${executor.id}`
    log(
      executor.addTime,
      `INFO CoarseGrainedExecutorBackend: Started daemon with process name: ${name}@${host}`,
    )
    log(executor.addTime, 'INFO CoarseGrainedExecutorBackend: Successfully registered with driver')
    log(executor.addTime, `INFO Executor: Starting executor ID ${executor.id} on host ${host}`)
    log(
      executor.addTime,
      `INFO MemoryStore: MemoryStore started with capacity ${(executor.maxMemory / 2 ** 20).toFixed(1)} MiB`,
    )
    if (executor.totalTasks > 0)
      for (const s of d.stages) {
        if (s.firstTaskLaunchedTime === null || s.numCompleteTasks + s.numActiveTasks === 0) continue
        log(
          s.firstTaskLaunchedTime,
          `INFO Executor: Running tasks of stage ${s.stageId}.${s.attemptId} (${s.name})`,
        )
        if (s.completionTime !== null && s.status === 'COMPLETE')
          log(s.completionTime, `INFO Executor: Finished tasks of stage ${s.stageId}.${s.attemptId}`, AFTER)
      }
  }
  const written = new Set<string>()
  for (const e of deriveFailure(app, now)?.errors ?? []) {
    if (isDriver && e.source === 'am' && e.executorId === 'driver')
      log(e.time, 'ERROR ApplicationMaster: RECEIVED SIGNAL TERM', ERROR)
    const here = isDriver
      ? e.logFile === 'stderr (driver)'
      : e.logFile === 'stderr' && e.executorId === executor.id
    if (!here) continue
    // A stamp names its second: the error's own instant when it is that second, else the second.
    // Errors share lines (the lost task that aborted the stage): the log has each once.
    let at = e.time
    for (const text of e.logExcerpt) {
      const stamp = stampOf(text)
      if (stamp !== null) {
        if (written.has(text)) continue
        written.add(text)
        at = stamp === Math.floor(e.time / 1000) * 1000 ? e.time : stamp
      }
      lines.push({ at, place: ERROR, text })
    }
  }
  if (executor.removeTime !== null) {
    const last = isDriver
      ? 'INFO SparkContext: Successfully stopped SparkContext'
      : 'INFO CoarseGrainedExecutorBackend: Driver commanded a shutdown'
    // The shutdown an error's excerpt already wrote is not written again.
    if (!written.has(`${logTime(executor.removeTime)} ${last}`)) log(executor.removeTime, last, AFTER)
  }
  // A stable sort: lines of one instant and place keep the order they were written in.
  const ordered = lines
    .map((l, i) => ({ ...l, i }))
    .sort((a, b) => a.at - b.at || a.place - b.place || a.i - b.i)
  const err = bounded(ordered.map((l) => l.text))
  const out = bounded(isDriver ? [`Spark application ${app.id} (${app.name})`] : [])
  return {
    appId: app.id,
    executorId: executor.id,
    host,
    containerId: executor.containerId,
    stdout: out.lines,
    stderr: err.lines,
    truncated: err.cut || out.cut,
  }
}

export function sparkAppMeta(db: Db, scope: ClusterScope, id: string, now: number): SparkAppMeta {
  const app = readableSparkApp(db, scope, id)
  const life = appLife(app, now)
  const { details: d } = derivation(app, now)
  return {
    appId: app.id,
    clusterUid: app.cluster_uid,
    status: app.status,
    sparkVersion: SPARK_VERSION,
    attempts: Math.max(1, app.app_attempts),
    numJobs: app.num_jobs,
    numStages: app.num_stages,
    numExecutors: d.executors.length - 1,
    taskCount: app.task_count,
    isStreaming: isStreamingApp(app),
    // The seed's sensor, or a log load that succeeded (app-writes.ts).
    logsLoaded: logsLoaded(db, app, now),
    startTime: life.start,
    endTime: isRunning(app) ? null : life.end,
  }
}

/** The streaming window: gte/lte as asked, else the last hour of the app's life. */
function streamWindow(app: SparkApp, now: number, query: { gte?: number; lte?: number }) {
  const life = appLife(app, now)
  const lte = query.lte ?? life.end
  const gte = query.gte ?? Math.max(life.start, lte - HOUR)
  if (gte > lte) throw new HttpError(400, `gte (${gte}) must not be after lte (${lte}).`)
  return { gte, lte }
}

/**
 * The streaming series of the window: one point per batch (its input rows, processing time and
 * scheduling delay), or per bucket of consecutive batches when the window holds more than
 * MAX_STREAM_POINTS (rows summed, processing time averaged, the worst delay kept). A batch app's
 * series is empty.
 */
export function sparkStream(
  db: Db,
  scope: ClusterScope,
  id: string,
  query: { gte?: number; lte?: number },
  now: number,
): SparkStream {
  const app = readableSparkApp(db, scope, id)
  const window = streamWindow(app, now, query)
  const plan = streamPlan(app, now)
  if (!plan) return { isStreaming: false, ...window, points: [] }
  const { from, to } = batchRange(plan, window.gte, window.lte)
  const per = Math.max(1, Math.ceil((to - from) / MAX_STREAM_POINTS))
  const points: SparkStream['points'] = []
  for (let k = from; k < to; k += per) {
    const batches = Array.from({ length: Math.min(per, to - k) }, (_, i) => streamBatch(app, plan, k + i))
    points.push({
      time: batches[0]!.batchTime,
      inputRows: batches.reduce((n, b) => n + b.inputRows, 0),
      processingTimeMs: Math.round(batches.reduce((n, b) => n + b.processingTimeMs, 0) / batches.length),
      schedulingDelayMs: Math.max(...batches.map((b) => b.schedulingDelayMs)),
    })
  }
  return { isStreaming: true, ...window, points }
}

function checkAttempt(app: SparkApp, attempt: number) {
  if (attempt > Math.max(1, app.app_attempts))
    throw new HttpError(404, `Application ${app.id} has no attempt ${attempt}.`)
}

/** The app's streaming queries: its one query when it streams, none for a batch app. */
export function sparkStreamingQueries(
  db: Db,
  scope: ClusterScope,
  params: { a: string; b: string; c: number },
  now: number,
): SparkStreamingQuery[] {
  const app = readableSparkApp(db, scope, params.b, params.a)
  checkAttempt(app, params.c)
  const plan = streamPlan(app, now)
  return plan ? [streamingQuery(app, plan, now)] : []
}

/** A page of BATCH_PAGE batches of the query in the window, oldest first, from the offset `from`. */
export function sparkBatches(
  db: Db,
  scope: ClusterScope,
  params: { a: string; b: string; c: number; d: string },
  query: { gte?: number; lte?: number; from?: number },
  now: number,
): SparkBatches {
  const app = readableSparkApp(db, scope, params.b, params.a)
  checkAttempt(app, params.c)
  const window = streamWindow(app, now, query)
  const plan = streamPlan(app, now)
  if (!plan || plan.queryId !== params.d)
    throw new HttpError(404, `Application ${app.id} has no streaming query ${params.d}.`)
  const { from, to } = batchRange(plan, window.gte, window.lte)
  const first = from + (query.from ?? 0)
  const batches = []
  for (let k = first; k < Math.min(to, first + BATCH_PAGE); k++) batches.push(streamBatch(app, plan, k))
  return { total: to - from, batches }
}

export function sparkStageDetail(
  db: Db,
  scope: ClusterScope,
  params: { a: string; c: string; b: number; d: number },
  query: { offset?: number; limit?: number },
  now: number,
): SparkStageDetail {
  const app = readableSparkApp(db, scope, params.c, params.a)
  const stage = derivation(app, now).details.stages.find(
    (s) => s.stageId === params.b && s.attemptId === params.d,
  )
  const page = { offset: query.offset ?? 0, limit: query.limit ?? 100 }
  const tasks = stage && sparkStageTasks(app, now, params.b, params.d, page)
  if (!stage || !tasks)
    throw new HttpError(404, `Application ${app.id} has no stage ${params.b} attempt ${params.d}.`)
  return { stage, tasks, ...page }
}
