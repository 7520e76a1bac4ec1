import type {
  FailureKind,
  SparkDetails,
  SparkExecutor,
  SparkJob,
  SparkJobStatus,
  SparkSqlExecution,
  SparkStage,
  SparkStageStatus,
  SparkTask,
  SparkTaskPage,
  TaskTimeDistribution,
} from '@costlens/shared'
import { TASK_TIME_QUANTILES } from '@costlens/shared'
import type { Prng } from '../db/seed/prng.ts'
import {
  SPARK_CONTEXT_SHUT_DOWN,
  failureKind,
  sparkStageAbort,
  sparkStageCounts,
  sparkTaskError,
  yarnMemoryKill,
  type SparkTaskRef,
} from './failure.ts'
import {
  appLife,
  appPrng,
  apportion,
  containerId,
  hasEvent,
  isRunning,
  randomSplit,
  workerHost,
  type DetailsRecord,
} from './record.ts'
import type { Allocation } from './resources.ts'
import { fittingMedian, rankOf, timeAt, timeQuantile, totalTime } from './task-times.ts'

/**
 * Spark details derived from the application record: jobs, stages, executors and SQL executions
 * that add up to it (numJobs, numStages and their states, taskCount, memory and vcore seconds, DFS
 * bytes) and lie inside its life. Tasks are not materialised: a stage's task times come from a
 * quantile function over its tasks' ranks, so its distribution is known without listing them and
 * any page of them (sparkStageTasks) is computed alone.
 */

/** DOMAIN.md SP2: a stage is skewed when its longest task takes more than 1.5 × its p75. */
export const SKEW_MAX_OVER_P75 = 1.5

interface StagePlan {
  stageId: number
  attemptId: number
  name: string
  isResult: boolean
  jobIds: number[]
  status: SparkStageStatus
  numTasks: number
  /** Tasks that finished (indexes 0 … done - 1), failed attempts, tasks killed, tasks running. */
  done: number
  failed: number
  killed: number
  active: number
  submissionTime: number | null
  firstTaskLaunchedTime: number | null
  completionTime: number | null
  /** Median task time (ms) and the tail: `skewTop` top ranks run `skewFactor` × the median. */
  median: number
  skewTop: number
  skewFactor: number
  gcFraction: number
  cpuFraction: number
  /** What a full run of the stage would read and write; the metrics scale by done / numTasks. */
  inputBytes: number
  outputBytes: number
  shuffleWritePotential: number
  shuffleReadPotential: number
  recordBytes: number
  failureReason: string | null
  /** The TID of its first task attempt: TIDs run on across stages in submission order. */
  tidBase: number
  /** Where its tasks start among the executors' slots, so stages do not all load executor 1. */
  slotOffset: number
}

interface ExecutorPlan {
  id: string
  host: string
  cores: number
  memoryMB: number
  addTime: number
  removeTime: number | null
  removeReason: string | null
  containerId: string | null
}

/** Where and how a failed Spark app failed, for its errors and logs (diagnostics.ts). */
export interface SparkFailurePoint {
  kind: FailureKind
  /** The attempts of the failing task, oldest first; empty when the driver failed. */
  attempts: (SparkTaskRef & { time: number; containerId: string | null; error: string })[]
  stage: { stageId: number; attemptId: number; name: string; jobId: number } | null
  /** The abort message of the failed stage and job, or null when the driver failed. */
  abort: string | null
  /** The executor whose shuffle files could not be fetched (fetch-failed). */
  lostExecutor: { id: string; host: string; containerId: string | null; time: number } | null
  driver: { host: string; containerId: string | null; memoryMB: number }
  time: number
}

export interface SparkDerivation {
  details: SparkDetails
  failure: SparkFailurePoint | null
  /** The driver's and executors' containers, for the resource series. */
  allocations: Allocation[]
}

const STAGE_CALLS = [
  'parquet at DataFrameReader.scala:562',
  'save at FileFormatWriter.scala:245',
  'insertInto at SaveIntoTable.scala:88',
  'count at ReportJob.scala:41',
  'collect at Aggregations.scala:113',
  'showString at NativeMethodAccessorImpl.java:0',
  'run at ThreadPoolExecutor.java:1149',
  'map at Features.scala:77',
  'reduceByKey at Sessionize.scala:58',
  'join at Enrich.scala:96',
] as const

const SQL_DESCRIPTIONS = [
  'INSERT OVERWRITE TABLE {out} SELECT … FROM {in} GROUP BY dt, region',
  'CREATE TABLE {out} AS SELECT … FROM {in} JOIN dim.calendar USING (dt)',
  'SELECT count(*) FROM {in} WHERE dt = current_date()',
  'MERGE INTO {out} USING {in} ON …',
  'save at NativeMethodAccessorImpl.java:0',
] as const

/** The run time of the finished task of rank `rank` among the stage's `done` finished tasks. */
function taskTime(stage: StagePlan, rank: number): number {
  return timeAt(stage, stage.median, rank, stage.done)
}

function distribution(stage: StagePlan): TaskTimeDistribution | null {
  if (stage.done === 0) return null
  const runTimes = TASK_TIME_QUANTILES.map((q) => timeQuantile(stage, stage.median, stage.done, q))
  return {
    quantiles: [...TASK_TIME_QUANTILES],
    executorRunTime: runTimes,
    jvmGcTime: runTimes.map((t) => Math.round(t * stage.gcFraction)),
  }
}

/** The executor time of a stage: its finished tasks' times plus what its failed attempts ran. */
function runTimeOf(stage: StagePlan): number {
  return totalTime(stage, stage.median, stage.done) + failedAttemptTime(stage) * stage.failed
}

/** A failed attempt runs a tenth of its stage's wall time before it fails. */
function failedAttemptTime(stage: StagePlan): number {
  const wall = (stage.completionTime ?? stage.firstTaskLaunchedTime ?? 0) - (stage.firstTaskLaunchedTime ?? 0)
  return Math.max(0, Math.floor(wall / 10))
}

/**
 * The stages' statuses by stage id: the unfinished ones last, skipped ones among the finished. A
 * failed app's first unfinished stage is where it failed (a killed app's, the one the kill
 * cancelled): FAILED; the stages after it never ran: PENDING. A running app's unfinished stages
 * are ACTIVE, a waiting app's PENDING.
 */
function stageStatuses(app: DetailsRecord, prng: Prng): SparkStageStatus[] {
  const { total, skipped, rest } = sparkStageCounts(app)
  const stopped = app.status === 'F' || app.status === 'K'
  const restStatus: SparkStageStatus = stopped ? 'PENDING' : isRunning(app) ? 'ACTIVE' : 'PENDING'
  const statuses: SparkStageStatus[] = Array.from({ length: total }, (_, i) =>
    stopped && i === total - rest ? 'FAILED' : i >= total - rest ? restStatus : 'COMPLETE',
  )
  // A skipped stage is a shuffle output an earlier job computed: never the first stage when avoidable.
  const finished = total - rest
  const candidates = Array.from({ length: finished }, (_, i) => i).filter((i) => i > 0 || skipped >= finished)
  for (let k = candidates.length - 1; k > 0; k--) {
    const j = Math.floor(prng.next() * (k + 1))
    ;[candidates[k], candidates[j]] = [candidates[j]!, candidates[k]!]
  }
  for (const i of candidates.slice(0, skipped)) statuses[i] = 'SKIPPED'
  return statuses
}

/**
 * The jobs' stage ids, in job order. Jobs take contiguous runs of stages; when the record has more
 * jobs than stages, the extra jobs re-use a finished job's last stage (skipped for them), as Spark
 * does for an action on data an earlier job already shuffled.
 */
function jobStageIds(app: DetailsRecord, statuses: readonly SparkStageStatus[], prng: Prng): number[][] {
  const jobs = Math.max(0, app.num_jobs)
  const real = Math.min(jobs, statuses.length)
  const sizes = randomSplit(prng, statuses.length, real, 1, 1)
  const groups: number[][] = []
  let next = 0
  for (const size of sizes) {
    groups.push(Array.from({ length: size }, (_, k) => next + k))
    next += size
  }
  if (real === 0 && statuses.length > 0) return []
  const finishedGroup = (g: number[]) =>
    g.every((s) => statuses[s] === 'COMPLETE' || statuses[s] === 'SKIPPED')
  for (let extra = jobs - real; extra > 0; extra--) {
    const finished = groups.map((g, i) => (g.length && finishedGroup(g) ? i : -1)).filter((i) => i >= 0)
    if (finished.length === 0) groups.unshift([])
    else {
      const after = finished[Math.floor(prng.next() * finished.length)]!
      groups.splice(after + 1, 0, [groups[after]!.at(-1)!])
    }
  }
  return groups
}

/** Executors sized from the record: its cores over its life, its MB per core. */
function planExecutors(
  app: DetailsRecord,
  prng: Prng,
  life: { start: number; end: number },
  setup: number,
): { executors: ExecutorPlan[]; cores: number; driver: ExecutorPlan } {
  // The stored duration, not the life: a running app keeps the executors it was seeded with.
  const seconds = Math.max(1, app.duration) / 1000
  const totalCores = Math.max(1, Math.round(app.vcore_seconds / seconds))
  const fits = [5, 4, 3, 2].filter((c) => totalCores >= c && totalCores % c === 0)
  const cores = fits.length ? prng.pick(fits) : totalCores >= 4 ? 4 : 1
  const count = Math.min(2000, Math.max(1, Math.round(totalCores / cores)))
  const mbPerCore = app.vcore_seconds > 0 ? app.memory_seconds / app.vcore_seconds : 4096
  const memoryMB = Math.max(1024, Math.round((mbPerCore * cores) / 512) * 512)
  const attempt = Math.max(1, app.app_attempts)
  const driver: ExecutorPlan = {
    id: 'driver',
    host: workerHost(app, 0),
    cores: 1,
    memoryMB: prng.pick([2048, 4096, 8192]),
    addTime: life.start,
    removeTime: isRunning(app) ? null : life.end,
    removeReason: null,
    containerId: containerId(app, attempt, 1),
  }
  const executors = Array.from({ length: count }, (_, i): ExecutorPlan => {
    const addTime = Math.min(life.end, life.start + Math.floor(setup * (0.6 + 0.4 * prng.next())))
    return {
      id: String(i + 1),
      host: workerHost(app, 1 + Math.floor(i / 2)),
      cores,
      memoryMB,
      addTime,
      removeTime: isRunning(app) ? null : life.end,
      removeReason: null,
      containerId: containerId(app, attempt, i + 2),
    }
  })
  return { executors, cores, driver }
}

/** Lays the stages and jobs out in time and sizes their tasks; returns the plans in TID order. */
function planStages(
  app: DetailsRecord,
  now: number,
): {
  /** Every stage attempt, by stage id then attempt. */
  stages: StagePlan[]
  jobs: number[][]
  /** When each job was submitted, for the jobs that ran no stage of their own. */
  jobTimes: number[]
  /**
   * The job a stopped app (failed or killed) stopped in when no stage of its failed: the driver
   * or its AM died (or the kill came) after the job's stages finished, so the job failed with it.
   */
  stoppedJob: { jobId: number; time: number } | null
  executors: ExecutorPlan[]
  driver: ExecutorPlan
  cores: number
  /** The task slots of the executors the app started with (replacements run no planned task). */
  slots: number
  failure: SparkFailurePoint | null
} {
  const prng = appPrng(app, 'spark')
  const life = appLife(app, now)
  const span = life.end - life.start
  const setup = Math.min(app.setup_duration, Math.floor(span * 0.1))
  const cleanup = isRunning(app) ? 0 : Math.min(app.cleanup_duration, Math.floor(span * 0.05))
  const window = { start: life.start + setup, end: life.end - cleanup }
  const statuses = stageStatuses(app, prng)
  const jobs = jobStageIds(app, statuses, prng)
  const tasks = randomSplit(prng, Math.max(0, app.task_count), statuses.length, 1, 1.2)
  const { executors, cores, driver } = planExecutors(app, prng, life, setup)
  const slots = Math.max(1, executors.length * cores)
  const kind = failureKind(app)
  const skewed = hasEvent(app, 'Data Skew')
  const gcHeavy = hasEvent(app, 'Executor GC Overhead')

  const jobOf = new Map<number, number[]>()
  jobs.forEach((ids, j) => ids.forEach((s) => jobOf.set(s, [...(jobOf.get(s) ?? []), j])))
  const firstOfJob = new Set<number>()
  const lastOfJob = new Set<number>()
  for (const [j, ids] of jobs.entries()) {
    const own = ids.filter((s) => jobOf.get(s)![0] === j)
    if (own.length) {
      firstOfJob.add(own[0]!)
      lastOfJob.add(own.at(-1)!)
    }
  }

  const stages: StagePlan[] = statuses.map((status, stageId) => ({
    stageId,
    attemptId: 0,
    name: prng.pick(STAGE_CALLS),
    isResult: lastOfJob.has(stageId),
    jobIds: jobOf.get(stageId) ?? [],
    status,
    numTasks: tasks[stageId] ?? 0,
    done: 0,
    failed: 0,
    killed: 0,
    active: 0,
    submissionTime: null,
    firstTaskLaunchedTime: null,
    completionTime: null,
    median: 0,
    skewTop: 0,
    skewFactor: 1,
    gcFraction: gcHeavy ? 0.12 + 0.1 * prng.next() : 0.02 + 0.04 * prng.next(),
    cpuFraction: 0.6 + 0.25 * prng.next(),
    inputBytes: 0,
    outputBytes: 0,
    shuffleWritePotential: 0,
    shuffleReadPotential: 0,
    recordBytes: 80 + Math.floor(prng.next() * 320),
    failureReason: null,
    tidBase: 0,
    slotOffset: (stageId * 7) % Math.max(1, slots),
  }))

  // Time: each job a short gap then its run stages one after another, in proportion to their work;
  // the unfinished stages (failed, cancelled or active) start beside the first of them and share
  // the last stretch of the window.
  const ran = (s: StagePlan) => s.status === 'COMPLETE' || s.status === 'FAILED' || s.status === 'ACTIVE'
  const firstUnfinished = stages.find((s) => s.status !== 'COMPLETE' && s.status !== 'SKIPPED' && ran(s))
  const order: { job: number; stage: StagePlan | null; units: number }[] = []
  const seen = new Set<number>()
  // A job whose stages never ran (after the one a stopped app failed in) was never submitted.
  const neverRan = (ids: number[]) =>
    (app.status === 'F' || app.status === 'K') &&
    ids.length > 0 &&
    ids.every((s) => stages[s]!.status === 'PENDING')
  jobs.forEach((ids, j) => {
    order.push({ job: j, stage: null, units: neverRan(ids) ? 0 : 0.3 })
    for (const s of ids) {
      if (seen.has(s)) continue
      seen.add(s)
      const stage = stages[s]!
      const sequential = stage.status === 'COMPLETE' || stage === firstUnfinished
      if (ran(stage))
        order.push({
          job: j,
          stage,
          units: sequential ? (stage.numTasks + 1) ** 0.6 * (0.5 + prng.next()) : 0,
        })
    }
  })
  for (const s of stages) if (!seen.has(s.stageId) && ran(s)) order.push({ job: -1, stage: s, units: 1 })
  const totalUnits = order.reduce((n, o) => n + o.units, 0) || 1
  const scale = Math.max(0, window.end - window.start) / totalUnits
  const jobTimes: number[] = jobs.map(() => window.start)
  let cursor = 0
  for (const o of order) {
    const from = window.start + Math.floor(cursor * scale)
    cursor += o.units
    const to = window.start + Math.floor(cursor * scale)
    if (!o.stage) {
      jobTimes[o.job] = to
      continue
    }
    const stage = o.stage
    const head = firstUnfinished && o.units === 0 ? firstUnfinished : null
    stage.submissionTime = head
      ? head.submissionTime! + Math.floor((window.end - head.submissionTime!) * 0.3 * prng.next())
      : from
    const stageEnd = o.units ? to : window.end
    stage.firstTaskLaunchedTime =
      stage.submissionTime + Math.max(0, Math.min(50, Math.floor((stageEnd - stage.submissionTime) / 10)))
    stage.completionTime = stage.status === 'ACTIVE' ? null : Math.max(stage.firstTaskLaunchedTime, stageEnd)
  }

  // Tasks: how many finished, failed, were killed or run. A fetch failure retries its stage: the
  // failing stage is then four attempts, one after another in its stretch, each ended by a fetch.
  const failingStageId = app.status === 'F' ? stages.findIndex((s) => s.status === 'FAILED') : -1
  const failing = failingStageId >= 0 ? stages[failingStageId]! : null
  const skewStage = skewed
    ? stages
        .filter((s) => s.status === 'COMPLETE' && s.numTasks >= 4)
        .sort((a, b) => b.numTasks - a.numTasks)[0]
    : undefined
  for (const stage of stages) {
    const n = stage.numTasks
    if (stage.status === 'COMPLETE') stage.done = n
    else if (stage.status === 'ACTIVE') {
      stage.done = Math.floor(n * (0.1 + 0.8 * prng.next()))
      stage.active = Math.min(slots, n - stage.done)
    } else if (stage.status === 'FAILED') {
      stage.done = Math.max(0, Math.min(n - 1, Math.floor(n * (0.3 + 0.6 * prng.next()))))
      stage.failed = stage === failing && n > 0 ? (kind === 'fetch-failed' ? 1 : 4) : 0
      stage.killed = Math.max(0, Math.min(slots, n - stage.done - stage.failed))
    }
    if (stage === skewStage) {
      stage.skewTop = Math.min(5, Math.max(1, Math.round(n * 0.005)))
      stage.skewFactor = 6 + 14 * prng.next()
    }
  }
  const attempts: StagePlan[] = []
  for (const stage of stages) {
    attempts.push(stage)
    if (stage !== failing || kind !== 'fetch-failed' || stage.failed === 0) continue
    const from = stage.submissionTime!
    const to = stage.completionTime!
    const part = Math.floor((to - from) / 4)
    for (let k = 0; k < 4; k++) {
      const attempt =
        k === 0 ? stage : { ...stage, attemptId: k, done: Math.floor(stage.done * (0.2 + 0.5 * prng.next())) }
      attempt.submissionTime = from + k * part
      attempt.firstTaskLaunchedTime = attempt.submissionTime + Math.min(50, Math.floor(part / 10))
      attempt.completionTime = k === 3 ? to : from + (k + 1) * part
      attempt.killed = Math.max(0, Math.min(slots, attempt.numTasks - attempt.done - attempt.failed))
      if (k > 0) attempts.push(attempt)
    }
  }
  for (const stage of attempts) fitMedian(stage, slots, now)

  // Bytes: each job's first run stage reads the input, its last finished stage writes the output,
  // the stages between pass shuffle data along.
  let readers = stages.filter((s) => firstOfJob.has(s.stageId) && ran(s))
  // The record read what it read even when no job's first stage ran (a waiting app): its first stages did.
  if (readers.length === 0) readers = stages.filter(ran).slice(0, 1)
  if (readers.length === 0) readers = stages.slice(0, 1)
  apportion(
    app.dfs_read,
    readers.map((s) => s.numTasks + 1),
  ).forEach((b, i) => (readers[i]!.inputBytes = b))
  let writers = stages.filter((s) => lastOfJob.has(s.stageId) && s.status === 'COMPLETE')
  if (writers.length === 0 && app.dfs_written > 0) writers = stages.filter((s) => s.done > 0).slice(-1)
  if (writers.length === 0 && app.dfs_written > 0) writers = stages.slice(-1)
  apportion(
    app.dfs_written,
    writers.map((s) => s.numTasks + 1),
  ).forEach((b, i) => (writers[i]!.outputBytes = b))
  const shuffleBase = Math.max(app.dfs_read, 64 * 2 ** 20)
  const taskTotal = Math.max(1, app.task_count)
  for (const stage of stages) {
    if (!lastOfJob.has(stage.stageId))
      stage.shuffleWritePotential = Math.round(
        shuffleBase * (0.2 + 1.6 * prng.next()) * (stage.numTasks / taskTotal),
      )
    const before = stages[stage.stageId - 1]
    if (before && (!firstOfJob.has(stage.stageId) || stage === failing))
      stage.shuffleReadPotential =
        before.shuffleWritePotential || Math.round(shuffleBase * 0.1 * (stage.numTasks / taskTotal))
  }
  // Retried attempts shuffle what the first would have; the input and output are the first attempt's.
  for (const attempt of attempts)
    if (attempt.attemptId > 0) {
      const first = stages[attempt.stageId]!
      Object.assign(attempt, {
        inputBytes: 0,
        shuffleReadPotential: first.shuffleReadPotential,
        shuffleWritePotential: first.shuffleWritePotential,
        outputBytes: 0,
      })
    }

  // The failure: which task failed, where, and what it did to its executors.
  const runningOn = (stage: StagePlan, index: number) =>
    executors[Math.floor(((index + stage.slotOffset) % slots) / cores)] ?? executors[0]!
  const appAttempt = Math.max(1, app.app_attempts)
  let failure: SparkFailurePoint | null = null
  if (kind && kind !== 'killed-by-user') {
    failure = {
      kind,
      attempts: [],
      stage: null,
      abort: null,
      lostExecutor: null,
      driver: { host: driver.host, containerId: driver.containerId, memoryMB: driver.memoryMB },
      time: failing?.completionTime ?? window.end,
    }
    if (failing) {
      let lost: { executorId: string; host: string; shuffleId: number } | undefined
      if (kind === 'fetch-failed') {
        // The node that held the map output is lost; every attempt fails to fetch from it.
        const victim =
          executors[runningOn(failing, failing.done) === executors[0] ? 1 % executors.length : 0]!
        victim.removeTime = failing.firstTaskLaunchedTime
        victim.removeReason = `Container marked as failed: ${victim.containerId ?? 'container'} on host: ${victim.host}. Exit status: -100. Diagnostics: Container released on a *lost* node.`
        lost = { executorId: victim.id, host: victim.host, shuffleId: Math.max(0, failing.stageId - 1) }
        failure.lostExecutor = {
          id: victim.id,
          host: victim.host,
          containerId: victim.containerId,
          time: victim.removeTime!,
        }
      }
      const failedAttempts = attempts.filter((s) => s.stageId === failing.stageId)
      const tries =
        kind === 'fetch-failed'
          ? failedAttempts.map((stage) => ({ stage, attempt: 0 }))
          : [0, 1, 2, 3].map((attempt) => ({ stage: failing, attempt }))
      const used = new Set<ExecutorPlan>()
      for (const [k, { stage, attempt }] of tries.entries()) {
        // Each attempt goes to an executor not yet tried and still there; a container killed for
        // its memory is replaced by a new executor, which a later attempt may land on.
        const alive = (e: ExecutorPlan) => e.removeTime === null || e.removeTime >= life.end
        let executor = runningOn(stage, stage.done + k * cores)
        if (used.has(executor) || !alive(executor))
          executor = executors.find((e) => !used.has(e) && alive(e)) ?? executor
        used.add(executor)
        const wall = stage.completionTime! - stage.firstTaskLaunchedTime!
        const time =
          stage.firstTaskLaunchedTime! + Math.floor(wall * (kind === 'fetch-failed' ? 0.5 : 0.5 + 0.12 * k))
        const ref: SparkTaskRef = {
          stageId: stage.stageId,
          stageAttemptId: stage.attemptId,
          taskIndex: stage.done,
          attempt,
          tid: 0,
          executorId: executor.id,
          host: executor.host,
        }
        const error = sparkTaskError(app, kind, ref, executor.memoryMB, lost)
        failure.attempts.push({ ...ref, time, containerId: executor.containerId, error })
        if (kind === 'container-memory-limit') {
          executor.removeTime = Math.min(life.end, time + failedAttemptTime(stage))
          executor.removeReason = yarnMemoryKill(executor.memoryMB)
          if (k < tries.length - 1)
            executors.push({
              ...executor,
              id: String(executors.length + 1),
              host: workerHost(app, executors.length + 7),
              addTime: Math.min(life.end, executor.removeTime + 3000),
              removeTime: isRunning(app) ? null : life.end,
              removeReason: null,
              containerId: containerId(app, appAttempt, executors.length + 2),
            })
        }
        if (kind === 'fetch-failed' && k < tries.length - 1) stage.failureReason = error
      }
      const last = failure.attempts.at(-1)!
      failure.stage = {
        stageId: failing.stageId,
        attemptId: last.stageAttemptId,
        name: failing.name,
        jobId: failing.jobIds[0] ?? 0,
      }
      failure.abort = sparkStageAbort(kind, last, last.error, failing)
      for (const s of attempts) if (s.status === 'FAILED' && !s.failureReason) s.failureReason = failure.abort
    }
  }
  if (kind === 'killed-by-user')
    for (const s of attempts) if (s.status === 'FAILED') s.failureReason = SPARK_CONTEXT_SHUT_DOWN

  // TIDs run on in submission order.
  let tid = 0
  const bySubmission = [...attempts].sort(
    (a, b) => (a.submissionTime ?? Infinity) - (b.submissionTime ?? Infinity) || a.stageId - b.stageId,
  )
  for (const stage of bySubmission) {
    stage.tidBase = tid
    tid += stage.done + stage.failed + stage.killed + stage.active
  }
  for (const a of failure?.attempts ?? []) {
    const stage = attempts.find((s) => s.stageId === a.stageId && s.attemptId === a.stageAttemptId)!
    a.tid = stage.tidBase + stage.done + a.attempt
  }
  const stopped = app.status === 'F' || app.status === 'K'
  const stoppedJob =
    stopped && !stages.some((s) => s.status === 'FAILED') && jobs.length > 0
      ? { jobId: jobs.length - 1, time: failure?.time ?? window.end }
      : null
  return { stages: attempts, jobs, jobTimes, stoppedJob, executors, driver, cores, slots, failure }
}

/** The median task time that fits the stage's finished tasks, in their waves, inside its time. */
function fitMedian(stage: StagePlan, slots: number, now: number): void {
  if (stage.done === 0 || stage.firstTaskLaunchedTime === null) return
  const wall = Math.max(0, (stage.completionTime ?? now) - stage.firstTaskLaunchedTime)
  stage.median = fittingMedian(stage, stage.done, slots, wall)
}

const scaled = (potential: number, stage: StagePlan) =>
  stage.numTasks ? Math.round((potential * stage.done) / stage.numTasks) : 0

function toStage(stage: StagePlan, memorySeconds: number, vcoreSeconds: number, runTime: number): SparkStage {
  // A stage that started read its input whole (what it read is not undone by a later failure).
  const inputBytes = stage.inputBytes
  const outputBytes = stage.outputBytes
  const shuffleReadBytes = scaled(stage.shuffleReadPotential, stage)
  const shuffleWriteBytes = scaled(stage.shuffleWritePotential, stage)
  const spill = stage.gcFraction > 0.1 ? Math.round(shuffleReadBytes * 0.4) : 0
  return {
    stageId: stage.stageId,
    attemptId: stage.attemptId,
    name: stage.name,
    status: stage.status,
    jobIds: stage.jobIds,
    numTasks: stage.numTasks,
    numActiveTasks: stage.active,
    numCompleteTasks: stage.done,
    numFailedTasks: stage.failed,
    numKilledTasks: stage.killed,
    submissionTime: stage.submissionTime,
    firstTaskLaunchedTime: stage.firstTaskLaunchedTime,
    completionTime: stage.completionTime,
    executorRunTime: runTime,
    executorCpuTime: Math.round(runTime * stage.cpuFraction) * 1_000_000,
    jvmGcTime: Math.round(runTime * stage.gcFraction),
    inputBytes,
    inputRecords: Math.round(inputBytes / stage.recordBytes),
    outputBytes,
    outputRecords: Math.round(outputBytes / stage.recordBytes),
    shuffleReadBytes,
    shuffleReadRecords: Math.round(shuffleReadBytes / stage.recordBytes),
    shuffleWriteBytes,
    shuffleWriteRecords: Math.round(shuffleWriteBytes / stage.recordBytes),
    memoryBytesSpilled: spill * 3,
    diskBytesSpilled: spill,
    memorySeconds,
    vcoreSeconds,
    failureReason: stage.failureReason,
    taskSummary: distribution(stage),
  }
}

function toJob(
  jobId: number,
  stageIds: number[],
  attemptsById: ReadonlyMap<number, SparkStage[]>,
  submitted: number,
  /** When the app stopped, for the job it stopped in after its stages finished (plan.stoppedJob). */
  stoppedAt: number | null,
): SparkJob {
  const attemptsOf = (id: number) => attemptsById.get(id) ?? []
  const own = stageIds.map((id) => attemptsOf(id).at(-1)!)
  // A stage another job ran first is skipped for this one.
  const skippedHere = (s: SparkStage) => s.status === 'SKIPPED' || s.jobIds[0] !== jobId
  const run = own.filter((s) => !skippedHere(s))
  const runAttempts = run.flatMap((s) => attemptsOf(s.stageId))
  // Spark has no KILLED job: a job a kill or a dying driver stops is FAILED, like one a stage fails.
  const status: SparkJobStatus =
    run.some((s) => s.status === 'FAILED') || stoppedAt !== null
      ? 'FAILED'
      : run.some((s) => s.status === 'ACTIVE')
        ? 'RUNNING'
        : run.some((s) => s.status === 'PENDING')
          ? 'UNKNOWN'
          : 'SUCCEEDED'
  const starts = runAttempts.map((s) => s.submissionTime).filter((t): t is number => t !== null)
  const ends = runAttempts.map((s) => s.completionTime).filter((t): t is number => t !== null)
  const submissionTime = starts.length ? Math.min(submitted, ...starts) : submitted
  const finished = status === 'SUCCEEDED' || status === 'FAILED'
  const sum = (pick: (s: SparkStage) => number) => runAttempts.reduce((n, s) => n + pick(s), 0)
  const lastRun = run.at(-1) ?? own.at(-1)
  return {
    jobId,
    name: lastRun?.name ?? 'count at <console>:1',
    description: lastRun?.name ?? '',
    submissionTime,
    completionTime: finished ? Math.max(submissionTime, ...ends, stoppedAt ?? submissionTime) : null,
    stageIds,
    status,
    numTasks: own.reduce((n, s) => n + s.numTasks, 0),
    numActiveTasks: sum((s) => s.numActiveTasks),
    numCompletedTasks: sum((s) => s.numCompleteTasks),
    numSkippedTasks: own.filter(skippedHere).reduce((n, s) => n + s.numTasks, 0),
    numFailedTasks: sum((s) => s.numFailedTasks),
    numKilledTasks: sum((s) => s.numKilledTasks),
    numActiveStages: run.filter((s) => s.status === 'ACTIVE').length,
    numCompletedStages: run.filter((s) => s.status === 'COMPLETE').length,
    numSkippedStages: own.filter(skippedHere).length,
    numFailedStages: run.filter((s) => s.status === 'FAILED').length,
  }
}

/** Everything the Spark tabs show, and what the errors and resource charts need. */
export function sparkDerivation(app: DetailsRecord, now: number): SparkDerivation {
  const life = appLife(app, now)
  const plan = planStages(app, now)
  const { stages: plans, executors, driver, cores, slots } = plan
  const runTimes = plans.map(runTimeOf)
  const anyRan = runTimes.some((t) => t > 0) || plans.some((s) => s.done + s.failed > 0)
  const weights = plans.map((s, i) =>
    anyRan ? (s.done + s.failed > 0 || s.active > 0 ? runTimes[i]! + 1 : 0) : 1,
  )
  const stageMemory = apportion(app.memory_seconds, weights)
  const stageVcores = apportion(app.vcore_seconds, weights)
  const stages = plans.map((p, i) => toStage(p, stageMemory[i]!, stageVcores[i]!, runTimes[i]!))
  const attemptsById = new Map<number, SparkStage[]>()
  for (const stage of stages)
    attemptsById.set(stage.stageId, [...(attemptsById.get(stage.stageId) ?? []), stage])
  const jobs = plan.jobs.map((ids, j) =>
    toJob(
      j,
      ids,
      attemptsById,
      plan.jobTimes[j]!,
      plan.stoppedJob?.jobId === j ? plan.stoppedJob.time : null,
    ),
  )

  // Executors: the tasks each ran, stage by stage, then every total apportioned by that work so the
  // executors add up to the stages exactly. Each slot runs done / slots tasks of a stage (an even
  // share, summed once for all), and `extra` slots from the stage's offset run one more.
  const work = () => ({ completed: 0, failed: 0, active: 0, time: 0, input: 0, output: 0, read: 0, write: 0 })
  const tasksOf = executors.map(work)
  const even = work()
  const add = (t: ReturnType<typeof work>, s: SparkStage, tasks: number, share: number) => {
    t.completed += tasks
    t.time += share * s.executorRunTime
    t.input += share * s.inputBytes
    t.output += share * s.outputBytes
    t.read += share * s.shuffleReadBytes
    t.write += share * s.shuffleWriteBytes
  }
  for (const [i, p] of plans.entries()) {
    const s = stages[i]!
    if (p.done > 0) {
      const perExecutor = Math.floor(p.done / slots) * cores
      if (perExecutor) add(even, s, perExecutor, perExecutor / p.done)
      for (let k = 0; k < p.done % slots; k++)
        add(tasksOf[Math.floor(((p.slotOffset + k) % slots) / cores)]!, s, 1, 1 / p.done)
    }
    for (let k = 0; k < p.active; k++)
      tasksOf[Math.floor(((p.done + k + p.slotOffset) % slots) / cores)]!.active++
  }
  for (let e = 0; e < slots / cores; e++) {
    const t = tasksOf[e]!
    t.completed += even.completed
    t.time += even.time
    t.input += even.input
    t.output += even.output
    t.read += even.read
    t.write += even.write
  }
  for (const a of plan.failure?.attempts ?? []) {
    const e = executors.findIndex((x) => x.id === a.executorId)
    if (e >= 0) tasksOf[e]!.failed++
  }
  const sum = (pick: (s: SparkStage) => number) => stages.reduce((n, s) => n + pick(s), 0)
  const byWork = (total: number, pick: (t: (typeof tasksOf)[number]) => number) =>
    apportion(total, tasksOf.map(pick))
  const time = byWork(
    sum((s) => s.executorRunTime),
    (t) => t.time,
  )
  const gc = byWork(
    sum((s) => s.jvmGcTime),
    (t) => t.time,
  )
  const input = byWork(
    sum((s) => s.inputBytes),
    (t) => t.input,
  )
  const output = byWork(
    sum((s) => s.outputBytes),
    (t) => t.output,
  )
  const read = byWork(
    sum((s) => s.shuffleReadBytes),
    (t) => t.read,
  )
  const write = byWork(
    sum((s) => s.shuffleWriteBytes),
    (t) => t.write,
  )
  const all = [driver, ...executors]
  const lifeOf = (e: ExecutorPlan) => Math.max(1, (e.removeTime ?? life.end) - e.addTime)
  const memory = apportion(
    app.memory_seconds,
    all.map((e) => e.memoryMB * lifeOf(e)),
  )
  const vcores = apportion(
    app.vcore_seconds,
    all.map((e) => e.cores * lifeOf(e)),
  )
  const summaries: SparkExecutor[] = all.map((e, i) => {
    const t = i === 0 ? null : tasksOf[i - 1]!
    const k = i - 1
    const logs = (file: string) =>
      e.containerId
        ? `http://${e.host}:8042/node/containerlogs/${e.containerId}/${app.user}/${file}?start=-4096`
        : ''
    return {
      id: e.id,
      hostPort: `${e.host}:${i === 0 ? 35_421 : 42_113 + i}`,
      isActive: e.removeTime === null,
      totalCores: e.cores,
      maxTasks: i === 0 ? 0 : e.cores,
      memoryMB: e.memoryMB,
      // Spark's unified memory: (heap - 300 MB) × 0.6 of a container whose overhead is a tenth.
      maxMemory: Math.max(0, Math.round((e.memoryMB / 1.1 - 300) * 0.6 * 2 ** 20)),
      memoryUsed: 0,
      diskUsed: 0,
      rddBlocks: 0,
      activeTasks: t?.active ?? 0,
      failedTasks: t?.failed ?? 0,
      completedTasks: t?.completed ?? 0,
      totalTasks: t ? t.active + t.failed + t.completed : 0,
      totalDuration: t ? time[k]! : 0,
      totalGCTime: t ? gc[k]! : 0,
      totalInputBytes: t ? input[k]! : 0,
      totalOutputBytes: t ? output[k]! : 0,
      totalShuffleRead: t ? read[k]! : 0,
      totalShuffleWrite: t ? write[k]! : 0,
      addTime: e.addTime,
      removeTime: e.removeTime,
      removeReason: e.removeReason,
      containerId: e.containerId,
      memorySeconds: memory[i]!,
      vcoreSeconds: vcores[i]!,
      executorLogs: { stdout: logs('stdout'), stderr: logs('stderr') },
    }
  })
  const allocations: Allocation[] = all.map((e, i) => ({
    start: e.addTime,
    end: e.removeTime ?? life.end,
    memorySeconds: memory[i]!,
    vcoreSeconds: vcores[i]!,
  }))
  return {
    details: { jobs, stages, executors: summaries, executions: sqlExecutions(app, jobs, now) },
    failure: plan.failure,
    allocations,
  }
}

/** The Spark tabs' data: jobs, stages, executors and SQL executions. */
export function deriveSpark(app: DetailsRecord, now: number): SparkDetails {
  return sparkDerivation(app, now).details
}

/** SQL apps group their jobs into executions; an RDD app (no input table, a third of them) has none. */
function sqlExecutions(app: DetailsRecord, allJobs: readonly SparkJob[], now: number): SparkSqlExecution[] {
  const prng = appPrng(app, 'spark-sql')
  if (!app.input_tables && prng.chance(0.35)) return []
  const out: SparkSqlExecution[] = []
  // A job that was never submitted (after the one a stopped app failed in) ran no SQL.
  const jobs = allJobs.filter((job) => job.status !== 'UNKNOWN')
  for (let j = 0; j < jobs.length;) {
    const size = Math.min(jobs.length - j, prng.int(1, 3))
    const group = jobs.slice(j, j + size)
    j += size
    const ends = group.map((g) => g.completionTime ?? now)
    const status = group.some((g) => g.status === 'FAILED')
      ? 'FAILED'
      : group.some((g) => g.status === 'RUNNING')
        ? 'RUNNING'
        : 'COMPLETED'
    const input = app.input_tables ?? 'sales.orders'
    out.push({
      id: out.length,
      status,
      description: prng
        .pick(SQL_DESCRIPTIONS)
        .replace('{in}', input)
        .replace('{out}', app.output_tables ?? `${input}_daily`),
      planDescription: [
        '== Physical Plan ==',
        'AdaptiveSparkPlan isFinalPlan=true',
        '+- *(2) HashAggregate(keys=[dt#12, region#14], functions=[sum(amount#18)])',
        '   +- AQEShuffleRead coalesced',
        '      +- Exchange hashpartitioning(dt#12, region#14, 200), ENSURE_REQUIREMENTS',
        '         +- *(1) HashAggregate(keys=[dt#12, region#14], functions=[partial_sum(amount#18)])',
        `            +- *(1) ColumnarToRow`,
        `               +- FileScan parquet ${input}[dt#12,region#14,amount#18] PushedFilters: [IsNotNull(dt)]`,
      ].join('\n'),
      submissionTime: group[0]!.submissionTime,
      duration: Math.max(0, Math.max(...ends) - group[0]!.submissionTime),
      runningJobIds: group.filter((g) => g.status === 'RUNNING').map((g) => g.jobId),
      successJobIds: group.filter((g) => g.status === 'SUCCEEDED').map((g) => g.jobId),
      failedJobIds: group.filter((g) => g.status === 'FAILED').map((g) => g.jobId),
    })
  }
  return out
}

/**
 * The stages whose longest task runs more than SKEW_MAX_OVER_P75 × their p75 (DOMAIN.md SP2),
 * the worst first: what a data-skew insight names.
 */
export function skewedStages(stages: readonly SparkStage[]): SparkStage[] {
  const ratio = (s: SparkStage) => {
    const [, , , p75 = 0, max = 0] = s.taskSummary?.executorRunTime ?? []
    return p75 > 0 ? max / p75 : 0
  }
  return stages.filter((s) => ratio(s) > SKEW_MAX_OVER_P75).sort((a, b) => ratio(b) - ratio(a))
}

/**
 * A page of a stage attempt's task attempts: the finished ones by index, then the failing task's
 * attempts, then the tasks killed or still running. Each task is computed from its index alone, so
 * the last page of a 10,000-task stage costs what the first does.
 */
export function sparkStageTasks(
  app: DetailsRecord,
  now: number,
  stageId: number,
  attemptId: number,
  page: { offset: number; limit: number },
): SparkTaskPage | null {
  const plan = planStages(app, now)
  const stage = plan.stages.find((s) => s.stageId === stageId && s.attemptId === attemptId)
  if (!stage) return null
  const { executors, cores, slots } = plan
  const total = stage.done + stage.failed + stage.killed + stage.active
  const tasks: SparkTask[] = []
  const perTask = (bytes: number) => (stage.numTasks ? Math.round(bytes / stage.numTasks) : 0)
  const launch0 = stage.firstTaskLaunchedTime ?? now
  const end = stage.completionTime ?? now
  const wall = Math.max(0, end - launch0)
  const waves = Math.ceil(stage.done / slots)
  const failures = (plan.failure?.attempts ?? []).filter(
    (a) => a.stageId === stageId && a.stageAttemptId === attemptId,
  )
  for (let row = page.offset; row < Math.min(total, page.offset + page.limit); row++) {
    const base = { taskId: stage.tidBase + row, speculative: false, taskLocality: 'PROCESS_LOCAL' }
    if (row < stage.done) {
      const duration = taskTime(stage, rankOf(row, stage.done, stage.stageId))
      const slot = (row + stage.slotOffset) % slots
      const wave = Math.floor(row / slots)
      const executor = executors[Math.floor(slot / cores)] ?? executors[0]!
      const launchTime =
        launch0 + Math.floor(Math.max(0, wall - duration) * (waves > 1 ? wave / (waves - 1) : 0))
      tasks.push({
        ...base,
        index: row,
        attempt: 0,
        launchTime,
        duration,
        executorId: executor.id,
        host: executor.host,
        status: 'SUCCESS',
        errorMessage: null,
        executorRunTime: duration,
        jvmGcTime: Math.round(duration * stage.gcFraction),
        inputBytes: perTask(stage.inputBytes),
        outputBytes: perTask(stage.outputBytes),
        shuffleReadBytes: perTask(stage.shuffleReadPotential),
        shuffleWriteBytes: perTask(stage.shuffleWritePotential),
      })
    } else if (row < stage.done + stage.failed) {
      const a = failures[row - stage.done]
      const duration = failedAttemptTime(stage)
      tasks.push({
        ...base,
        index: stage.done,
        attempt: row - stage.done,
        launchTime: a?.time ?? launch0,
        duration,
        executorId: a?.executorId ?? executors[0]!.id,
        host: a?.host ?? executors[0]!.host,
        status: 'FAILED',
        errorMessage: a?.error ?? null,
        executorRunTime: duration,
        jvmGcTime: Math.round(duration * stage.gcFraction),
        inputBytes: 0,
        outputBytes: 0,
        shuffleReadBytes: 0,
        shuffleWriteBytes: 0,
      })
    } else {
      const k = row - stage.done - stage.failed
      const index = stage.done + (stage.failed ? 1 : 0) + k
      const slot = (index + stage.slotOffset) % slots
      const executor = executors[Math.floor(slot / cores)] ?? executors[0]!
      const running = stage.status === 'ACTIVE'
      const launchTime = Math.min(end, launch0 + Math.floor(wall * 0.6))
      tasks.push({
        ...base,
        index,
        attempt: 0,
        launchTime,
        duration: end - launchTime,
        executorId: executor.id,
        host: executor.host,
        status: running ? 'RUNNING' : 'KILLED',
        errorMessage: running ? null : `TaskKilled (${stage.failureReason ?? 'stage cancelled'})`,
        executorRunTime: end - launchTime,
        jvmGcTime: 0,
        inputBytes: 0,
        outputBytes: 0,
        shuffleReadBytes: 0,
        shuffleWriteBytes: 0,
      })
    }
  }
  return { total, tasks }
}

/** A stage of a job's DAG with the stages it reads from. */
export interface SparkDagNode {
  stageId: number
  attemptId: number
  name: string
  status: SparkStageStatus
  numTasks: number
  /** Computed by an earlier job (or skipped outright): Spark greys it out in this job's DAG. */
  skipped: boolean
  parentIds: number[]
}

/**
 * The DAG of one job (null when the app has no such job): its stages, the last attempt of each, and
 * the parents each reads from. Stage ids rise in submission order, so parents always come earlier:
 * a scan (a `parquet at …` read) starts a branch of its own, a join reads the two open branches
 * before it, any other stage the latest open one, and the result stage closes every branch still
 * open, so the graph is connected and ends in the stage the job's action ran.
 */
export function sparkJobDag(
  details: Pick<SparkDetails, 'jobs' | 'stages'>,
  jobId: number,
): { jobId: number; nodes: SparkDagNode[]; edges: { from: number; to: number }[] } | null {
  const job = details.jobs.find((j) => j.jobId === jobId)
  if (!job) return null
  const latest = new Map<number, SparkStage>()
  for (const s of details.stages) latest.set(s.stageId, s)
  const ids = [...job.stageIds].sort((a, b) => a - b)
  const open: number[] = []
  const nodes = ids.map((id, k): SparkDagNode => {
    const stage = latest.get(id)!
    const isResult = k === ids.length - 1
    const isScan = stage.name.startsWith('parquet at')
    const takes = isResult ? open.length : k === 0 || isScan ? 0 : stage.name.startsWith('join at') ? 2 : 1
    const parentIds = open.splice(Math.max(0, open.length - takes), takes)
    open.push(id)
    return {
      stageId: id,
      attemptId: stage.attemptId,
      name: stage.name,
      status: stage.status,
      numTasks: stage.numTasks,
      skipped: stage.status === 'SKIPPED' || stage.jobIds[0] !== jobId,
      parentIds,
    }
  })
  return { jobId, nodes, edges: nodes.flatMap((n) => n.parentIds.map((from) => ({ from, to: n.stageId }))) }
}
