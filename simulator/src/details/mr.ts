import type {
  FailureKind,
  MrCounterGroup,
  MrDetails,
  MrJob,
  MrState,
  MrTask,
  MrTaskPage,
  MrTaskSummary,
  MrTaskType,
} from '@costlens/shared'
import { TASK_TIME_QUANTILES } from '@costlens/shared'
import { failureKind, gb, userException } from './failure.ts'
import {
  appLife,
  appPrng,
  apportion,
  containerId,
  hasEvent,
  isRunning,
  taskCounts,
  workerHost,
  yarnIdParts,
  type DetailsRecord,
} from './record.ts'
import type { Allocation } from './resources.ts'
import { EVEN_SPREAD, fittingMedian, rankOf, timeAt, timeQuantile, type TaskSpread } from './task-times.ts'

/**
 * MapReduce details derived from the record: map and reduce tasks in the states of its map_tasks
 * and reduce_tasks columns ('succeeded/killed/failed'), inside the job's life, and the job's
 * counters (HDFS bytes = dfs_read / dfs_written, MB-milliseconds = memory_seconds). Maps run in
 * waves over the job's containers, then the reduces; a running job is in its reduce phase.
 */

/** mapreduce.map.maxattempts / mapreduce.reduce.maxattempts: a task fails after four attempts. */
export const MR_MAX_ATTEMPTS = 4
const MAP_CONTAINER_MB = 2048
const REDUCE_CONTAINER_MB = 4096
const AM_CONTAINER_MB = 1536

interface PhasePlan {
  type: MrTaskType
  /** Tasks by index: succeeded (or running) first, then killed, then failed. */
  succeeded: number
  running: number
  killed: number
  failed: number
  start: number
  end: number
  /** When the finished tasks must be done by (now, for a running phase). */
  doneBy: number
  spread: TaskSpread
  median: number
  slots: number
  /** Whether its failed tasks failed the job (the last of them fails it at the phase's end). */
  failsJob: boolean
}

/** Where a failed MapReduce job failed: its first failed task and that task's attempts. */
export interface MrFailurePoint {
  kind: FailureKind
  taskId: string
  type: MrTaskType
  attempts: { attemptId: string; host: string; containerId: string | null; time: number; error: string }[]
}

export interface MrDerivation {
  details: MrDetails
  failure: MrFailurePoint | null
  allocations: Allocation[]
}

function jobIdOf(app: DetailsRecord): string {
  const parts = yarnIdParts(app)
  return parts ? `job_${parts.ts}_${parts.seq}` : `job_${app.id}`
}

const pad = (n: number) => String(n).padStart(6, '0')
export const mrTaskId = (app: DetailsRecord, type: MrTaskType, index: number) =>
  `${jobIdOf(app).replace(/^job_/, 'task_')}_${type === 'MAP' ? 'm' : 'r'}_${pad(index)}`

function plan(app: DetailsRecord, now: number) {
  const prng = appPrng(app, 'mr')
  const life = appLife(app, now)
  const span = life.end - life.start
  const setup = Math.min(app.setup_duration, Math.floor(span * 0.1))
  const cleanup = isRunning(app) ? 0 : Math.min(app.cleanup_duration, Math.floor(span * 0.05))
  const window = { start: life.start + setup, end: life.end - cleanup }
  const slots = Math.min(2000, Math.max(1, Math.round(app.vcore_seconds / Math.max(1, app.duration / 1000))))
  const maps = taskCounts(app.map_tasks)
  const reduces = taskCounts(app.reduce_tasks)
  const hasReduces = reduces.succeeded + reduces.killed + reduces.failed > 0
  const length = window.end - window.start
  const mapEnd = hasReduces ? window.start + Math.floor(length * (0.55 + 0.25 * prng.next())) : window.end
  // Reduces start once most maps are done (slow start) and shuffle while the last ones finish.
  const reduceStart = hasReduces ? window.start + Math.floor((mapEnd - window.start) * 0.8) : window.end
  const skew = hasEvent(app, 'Data Skew') ? { skewTop: 1, skewFactor: 4 + 8 * prng.next() } : EVEN_SPREAD
  const running = isRunning(app)
  const phase = (
    type: MrTaskType,
    counts: ReturnType<typeof taskCounts>,
    start: number,
    end: number,
    spread: TaskSpread,
  ): PhasePlan => {
    // A running job is in its reduce phase: some reduces finished, as many as fit still running.
    const runningNow =
      running && type === 'REDUCE'
        ? Math.min(slots, counts.succeeded - Math.floor(counts.succeeded * prng.next() * 0.8))
        : 0
    const doneBy = running && type === 'REDUCE' ? now : end
    const p: PhasePlan = {
      type,
      succeeded: counts.succeeded - runningNow,
      running: runningNow,
      killed: counts.killed,
      failed: counts.failed,
      start,
      end,
      doneBy,
      spread,
      median: 0,
      slots,
      failsJob: app.status === 'F',
    }
    // Tasks that did not finish by their own hand use the last stretch of the phase.
    const room = p.killed + p.failed + p.running > 0 ? 0.8 : 1
    p.median = fittingMedian(spread, p.succeeded, slots, Math.max(0, Math.floor((doneBy - start) * room)))
    return p
  }
  const mapPhase = phase('MAP', maps, window.start, mapEnd, reduces.succeeded ? EVEN_SPREAD : skew)
  const reducePhase = phase(
    'REDUCE',
    reduces,
    reduceStart,
    window.end,
    reduces.succeeded ? skew : EVEN_SPREAD,
  )
  return {
    life,
    window,
    slots,
    mapPhase,
    reducePhase,
    kind: failureKind(app),
    gcFraction: 0.02 + 0.05 * prng.next(),
  }
}

function taskAt(app: DetailsRecord, p: PhasePlan, index: number): MrTask {
  const id = mrTaskId(app, p.type, index)
  const host = workerHost(app, 1 + (index % p.slots))
  const length = Math.max(0, p.doneBy - p.start)
  const tail = p.start + Math.floor(length * 0.8)
  const base = { id, type: p.type, host }
  if (index < p.succeeded) {
    const elapsed = timeAt(
      p.spread,
      p.median,
      rankOf(index, p.succeeded, p.type === 'MAP' ? 0 : 1),
      p.succeeded,
    )
    const waves = Math.ceil(p.succeeded / p.slots)
    const wave = Math.floor(index / p.slots)
    const room = Math.max(0, Math.floor(length * (p.killed + p.failed + p.running > 0 ? 0.8 : 1)) - elapsed)
    const startTime = p.start + Math.floor(room * (waves > 1 ? wave / (waves - 1) : 0))
    return {
      ...base,
      state: 'SUCCEEDED',
      startTime,
      finishTime: startTime + elapsed,
      elapsedTime: elapsed,
      progress: 100,
      attempts: 1,
      successfulAttempt: `${id.replace(/^task_/, 'attempt_')}_0`,
    }
  }
  const k = index - p.succeeded
  if (k < p.running)
    return {
      ...base,
      state: 'RUNNING',
      startTime: tail,
      finishTime: null,
      elapsedTime: Math.max(0, p.doneBy - tail),
      progress: 20 + ((index * 37) % 70),
      attempts: 1,
      successfulAttempt: null,
    }
  if (k < p.running + p.killed)
    return {
      ...base,
      state: 'KILLED',
      startTime: tail,
      finishTime: p.end,
      elapsedTime: p.end - tail,
      progress: 10 + ((index * 37) % 80),
      attempts: 1,
      successfulAttempt: null,
    }
  // The job fails when its last failed task uses up its attempts; the others failed a second apart.
  const finishTime = p.failsJob ? Math.max(p.start, p.end - (taskTotal(p) - 1 - index) * 1000) : p.end
  const startTime = Math.min(finishTime, tail)
  return {
    ...base,
    state: 'FAILED',
    startTime,
    finishTime,
    elapsedTime: finishTime - startTime,
    progress: 0,
    attempts: MR_MAX_ATTEMPTS,
    successfulAttempt: null,
  }
}

const taskTotal = (p: PhasePlan) => p.succeeded + p.running + p.killed + p.failed

/** A page of a job's map or reduce tasks by index, each computed from its index alone. */
export function mrTasks(
  app: DetailsRecord,
  now: number,
  type: MrTaskType,
  page: { offset: number; limit: number },
): MrTaskPage {
  const p = plan(app, now)
  const phase = type === 'MAP' ? p.mapPhase : p.reducePhase
  const total = taskTotal(phase)
  const tasks: MrTask[] = []
  for (let i = page.offset; i < Math.min(total, page.offset + page.limit); i++)
    tasks.push(taskAt(app, phase, i))
  return { total, tasks }
}

function summary(p: PhasePlan): MrTaskSummary {
  return {
    type: p.type,
    total: taskTotal(p),
    succeeded: p.succeeded,
    killed: p.killed,
    failed: p.failed,
    running: p.running,
    quantiles: [...TASK_TIME_QUANTILES],
    elapsedTime: TASK_TIME_QUANTILES.map((q) => timeQuantile(p.spread, p.median, p.succeeded, q)),
  }
}

/** The failed attempts' errors, as the task attempt's diagnostics (and its syslog) give them. */
function attemptError(
  app: DetailsRecord,
  kind: FailureKind,
  container: string | null,
  type: MrTaskType,
): string {
  const mb = type === 'MAP' ? MAP_CONTAINER_MB : REDUCE_CONTAINER_MB
  const at =
    type === 'MAP'
      ? 'org.apache.hadoop.mapred.MapTask$MapOutputBuffer.init(MapTask.java:1000)'
      : 'org.apache.hadoop.mapred.ReduceTask.run(ReduceTask.java:377)'
  switch (kind) {
    case 'container-memory-limit':
      return `Container [pid=${4000 + ((app.id.length * 131) % 50_000)},containerID=${container ?? 'container'}] is running ${Math.round(mb * 0.07 * 2 ** 20)}B beyond the 'PHYSICAL' memory limit. Current usage: ${gb(mb * 1.07)} GB of ${gb(mb)} GB physical memory used; ${gb(mb * 1.9)} GB of ${gb(mb * 2.1)} GB virtual memory used. Killing container.\nContainer killed on request. Exit code is 143\nContainer exited with a non-zero exit code 143.`
    case 'java-heap-space':
      return `Error: java.lang.OutOfMemoryError: Java heap space\n\tat ${at}`
    case 'gc-overhead-limit':
      return `Error: java.lang.OutOfMemoryError: GC overhead limit exceeded\n\tat ${at}`
    case 'fetch-failed':
      return 'Error: org.apache.hadoop.mapreduce.task.reduce.Shuffle$ShuffleError: error in shuffle in fetcher#3\nCaused by: java.io.IOException: Exceeded MAX_FAILED_UNIQUE_FETCHES; bailing-out.'
    default:
      return `Error: ${userException(app)}\n\tat com.costlens.etl.ParseMapper.map(ParseMapper.java:57)`
  }
}

function counters(
  app: DetailsRecord,
  tasks: { map: MrTask[]; reduce: MrTask[] },
  mb: { map: number; reduce: number },
  vcores: { map: number; reduce: number },
  gcFraction: number,
): MrCounterGroup[] {
  const millis = (list: MrTask[]) => list.reduce((n, t) => n + t.elapsedTime, 0)
  const mapMs = millis(tasks.map)
  const reduceMs = millis(tasks.reduce)
  const hasReduces = tasks.reduce.length > 0
  const recordBytes = 120
  const mapInput = Math.round(app.dfs_read / recordBytes)
  const mapOutputBytes = hasReduces ? Math.round(app.dfs_read * 0.45) : 0
  const counter = (name: string, map: number, reduce: number) => ({
    name,
    totalCounterValue: map + reduce,
    mapCounterValue: map,
    reduceCounterValue: reduce,
  })
  const launched = (list: MrTask[]) => list.reduce((n, t) => n + t.attempts, 0)
  const count = (list: MrTask[], state: MrState) => list.filter((t) => t.state === state).length
  return [
    {
      counterGroupName: 'org.apache.hadoop.mapreduce.FileSystemCounter',
      counter: [
        counter('HDFS_BYTES_READ', app.dfs_read, 0),
        counter('HDFS_BYTES_WRITTEN', hasReduces ? 0 : app.dfs_written, hasReduces ? app.dfs_written : 0),
        counter('FILE_BYTES_READ', 0, mapOutputBytes),
        counter('FILE_BYTES_WRITTEN', mapOutputBytes, 0),
      ],
    },
    {
      counterGroupName: 'org.apache.hadoop.mapreduce.JobCounter',
      counter: [
        counter('TOTAL_LAUNCHED_MAPS', launched(tasks.map), 0),
        counter('TOTAL_LAUNCHED_REDUCES', 0, launched(tasks.reduce)),
        counter('NUM_FAILED_MAPS', count(tasks.map, 'FAILED'), 0),
        counter('NUM_FAILED_REDUCES', 0, count(tasks.reduce, 'FAILED')),
        counter('NUM_KILLED_MAPS', count(tasks.map, 'KILLED'), 0),
        counter('NUM_KILLED_REDUCES', 0, count(tasks.reduce, 'KILLED')),
        counter('MILLIS_MAPS', mapMs, 0),
        counter('MILLIS_REDUCES', 0, reduceMs),
        counter('MB_MILLIS_MAPS', mb.map * 1000, 0),
        counter('MB_MILLIS_REDUCES', 0, mb.reduce * 1000),
        counter('VCORES_MILLIS_MAPS', vcores.map * 1000, 0),
        counter('VCORES_MILLIS_REDUCES', 0, vcores.reduce * 1000),
      ],
    },
    {
      counterGroupName: 'org.apache.hadoop.mapreduce.TaskCounter',
      counter: [
        counter('MAP_INPUT_RECORDS', mapInput, 0),
        counter('MAP_OUTPUT_RECORDS', hasReduces ? Math.round(mapInput * 0.8) : 0, 0),
        counter('MAP_OUTPUT_BYTES', mapOutputBytes, 0),
        counter('REDUCE_SHUFFLE_BYTES', 0, mapOutputBytes),
        counter('REDUCE_INPUT_RECORDS', 0, hasReduces ? Math.round(mapInput * 0.8) : 0),
        counter('REDUCE_OUTPUT_RECORDS', 0, hasReduces ? Math.round(app.dfs_written / recordBytes) : 0),
        counter(
          'SPILLED_RECORDS',
          hasReduces ? Math.round(mapInput * 0.8) : 0,
          hasReduces ? Math.round(mapInput * 0.8) : 0,
        ),
        counter('GC_TIME_MILLIS', Math.round(mapMs * gcFraction), Math.round(reduceMs * gcFraction)),
        counter('CPU_MILLISECONDS', Math.round(mapMs * 0.7), Math.round(reduceMs * 0.6)),
      ],
    },
  ]
}

/** The job, its task summaries and counters, its failure and its containers. */
export function mrDerivation(app: DetailsRecord, now: number): MrDerivation {
  const p = plan(app, now)
  const appAttempt = Math.max(1, app.app_attempts)
  const list = (phase: PhasePlan) => Array.from({ length: taskTotal(phase) }, (_, i) => taskAt(app, phase, i))
  const mapTasks = list(p.mapPhase)
  const reduceTasks = list(p.reducePhase)
  const all = [...mapTasks, ...reduceTasks]

  // Containers: the application master for the life, one per task (a failed task's four attempts
  // in turn), sized as the job's map and reduce containers.
  const windows = [
    { start: p.life.start, end: p.life.end, mb: AM_CONTAINER_MB },
    ...all.map((t) => ({
      start: t.startTime,
      end: t.finishTime ?? p.life.end,
      mb: t.type === 'MAP' ? MAP_CONTAINER_MB : REDUCE_CONTAINER_MB,
    })),
  ]
  const memory = apportion(
    app.memory_seconds,
    windows.map((w) => w.mb * Math.max(1, w.end - w.start)),
  )
  const vcores = apportion(
    app.vcore_seconds,
    windows.map((w) => Math.max(1, w.end - w.start)),
  )
  const allocations = windows.map((w, i) => ({
    start: w.start,
    end: w.end,
    memorySeconds: memory[i]!,
    vcoreSeconds: vcores[i]!,
  }))
  const sumOf = (values: number[], from: number, to: number) =>
    values.slice(from, to).reduce((n, v) => n + v, 0)
  const split = mapTasks.length + 1

  let failure: MrFailurePoint | null = null
  // The failed task that failed the job: the last to use up its attempts.
  const failedTask = all.findLast((t) => t.state === 'FAILED')
  if (p.kind && p.kind !== 'killed-by-user' && failedTask) {
    const index = all.indexOf(failedTask)
    failure = {
      kind: p.kind,
      taskId: failedTask.id,
      type: failedTask.type,
      attempts: Array.from({ length: MR_MAX_ATTEMPTS }, (_, k) => {
        const container = containerId(app, appAttempt, 2 + all.length + index * MR_MAX_ATTEMPTS + k)
        return {
          attemptId: `${failedTask.id.replace(/^task_/, 'attempt_')}_${k}`,
          host: workerHost(app, 1 + ((index + k * 3) % p.slots)),
          containerId: container,
          time:
            failedTask.startTime +
            Math.floor(((failedTask.finishTime! - failedTask.startTime) * (k + 1)) / MR_MAX_ATTEMPTS),
          error: attemptError(app, p.kind!, container, failedTask.type),
        }
      }),
    }
  }
  const failedMaps = mapTasks.filter((t) => t.state === 'FAILED').length
  const failedReduces = reduceTasks.filter((t) => t.state === 'FAILED').length
  const killedMaps = mapTasks.filter((t) => t.state === 'KILLED').length
  const killedReduces = reduceTasks.filter((t) => t.state === 'KILLED').length
  const state: MrState = isRunning(app)
    ? 'RUNNING'
    : app.status === 'K'
      ? 'KILLED'
      : app.status === 'F'
        ? 'FAILED'
        : 'SUCCEEDED'
  const diagnostics =
    state === 'FAILED'
      ? `${failedTask ? `Task failed ${failedTask.id}\n` : ''}Job failed as tasks failed. failedMaps:${failedMaps} failedReduces:${failedReduces} killedMaps:${killedMaps} killedReduces: ${killedReduces}\n`
      : state === 'KILLED'
        ? `Kill job ${jobIdOf(app)} received from ${app.user} (auth:SIMPLE) at 10.0.${16 + (app.user.length % 8)}.${20 + app.user.length}\nJob received Kill while in RUNNING state.\n`
        : ''
  const mean = (list: MrTask[]) => {
    const done = list.filter((t) => t.state === 'SUCCEEDED')
    return done.length ? Math.round(done.reduce((n, t) => n + t.elapsedTime, 0) / done.length) : 0
  }
  const reduceMean = mean(reduceTasks)
  const attemptsOf = (list: MrTask[], s: MrState) =>
    list.filter((t) => t.state === s).reduce((n, t) => n + t.attempts, 0)
  const job: MrJob = {
    id: jobIdOf(app),
    name: app.name,
    user: app.user,
    queue: app.queue,
    state,
    startTime: p.life.start,
    finishTime: isRunning(app) ? null : p.life.end,
    mapsTotal: mapTasks.length,
    mapsCompleted: mapTasks.filter((t) => t.state === 'SUCCEEDED').length,
    reducesTotal: reduceTasks.length,
    reducesCompleted: reduceTasks.filter((t) => t.state === 'SUCCEEDED').length,
    successfulMapAttempts: attemptsOf(mapTasks, 'SUCCEEDED'),
    killedMapAttempts: attemptsOf(mapTasks, 'KILLED'),
    failedMapAttempts: attemptsOf(mapTasks, 'FAILED'),
    successfulReduceAttempts: attemptsOf(reduceTasks, 'SUCCEEDED'),
    killedReduceAttempts: attemptsOf(reduceTasks, 'KILLED'),
    failedReduceAttempts: attemptsOf(reduceTasks, 'FAILED'),
    avgMapTime: mean(mapTasks),
    avgReduceTime: Math.round(reduceMean * 0.65),
    avgShuffleTime: Math.round(reduceMean * 0.3),
    avgMergeTime: Math.round(reduceMean * 0.05),
    diagnostics,
  }
  const details: MrDetails = {
    job,
    summaries: [summary(p.mapPhase), summary(p.reducePhase)],
    counters: counters(
      app,
      { map: mapTasks, reduce: reduceTasks },
      { map: sumOf(memory, 1, split), reduce: sumOf(memory, split, windows.length) },
      { map: sumOf(vcores, 1, split), reduce: sumOf(vcores, split, windows.length) },
      p.gcFraction,
    ),
  }
  return { details, failure, allocations }
}

/** The job, its task summaries and its counters. */
export function deriveMr(app: DetailsRecord, now: number): MrDetails {
  return mrDerivation(app, now).details
}
