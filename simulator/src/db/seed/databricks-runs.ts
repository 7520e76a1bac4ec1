import {
  DATABRICKS_LIFE_CYCLE_STATES,
  DATABRICKS_RESULT_STATES,
  DATABRICKS_SKUS,
  DATABRICKS_TRIGGERS,
  DATABRICKS_UPDATE_STATES,
  DATABRICKS_USAGE_SOURCES,
  databricksComputeCost,
  databricksRunStatus,
  databricksUsdPerDbu,
  type DatabricksLifeCycleState,
  type DatabricksResultState,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { RowInserter } from './bulk-insert.ts'
import { RUN_FAILURES, RUN_INTERNAL_ERROR, RUN_SKIPPED } from './databricks-catalogue.ts'
import { COMPUTE_ALL_PURPOSE, COMPUTE_JOB, COMPUTE_SERVERLESS, type PlannedJob } from './databricks-jobs.ts'
import type { DatabricksRunDaysBuilder } from './databricks-run-days.ts'
import type { ClusterSessions } from './databricks-sessions.ts'
import type { DatabricksUsageBuilder } from './databricks-usage.ts'
import type { WorldPipeline } from './databricks-world.ts'
import type { Prng } from './prng.ts'
import type { SeedProgress } from './progress.ts'

/*
 * The job runs (db_runs), a million at the large scale. Planned first as narrow typed arrays — each
 * job's slots from its schedule, each attempt's outcome, run time, setup and workers, a retry after
 * a failure where the job retries —, then sorted by start time (run ids grow with it, as Databricks'
 * do) and written in that key order in one pass that prices each run (databricksComputeCost, the one
 * definition), adds it to the usage rollup, to the runs lists' day rollup, to its all-purpose session
 * and to its pipeline's updates.
 */

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** What happened to an attempt (the plan's code; the live ones are runs still going at seeding). */
const Outcome = {
  Success: 0,
  Failed: 1,
  TimedOut: 2,
  Canceled: 3,
  Skipped: 4,
  InternalError: 5,
  SuccessWithFailures: 6,
  LiveRunning: 7,
  LivePending: 8,
  LiveQueued: 9,
  LiveWaitingForRetry: 10,
} as const
type Outcome = (typeof Outcome)[keyof typeof Outcome]

const TRIGGER = {
  PERIODIC: DATABRICKS_TRIGGERS.indexOf('PERIODIC'),
  ONE_TIME: DATABRICKS_TRIGGERS.indexOf('ONE_TIME'),
  RETRY: DATABRICKS_TRIGGERS.indexOf('RETRY'),
  FILE_ARRIVAL: DATABRICKS_TRIGGERS.indexOf('FILE_ARRIVAL'),
}

/** Life cycle and result of each outcome (a natural run still going is RUNNING or PENDING instead). */
const STATES: readonly [DatabricksLifeCycleState, DatabricksResultState | null][] = [
  ['TERMINATED', 'SUCCESS'],
  ['TERMINATED', 'FAILED'],
  ['TERMINATED', 'TIMEDOUT'],
  ['TERMINATED', 'CANCELED'],
  ['SKIPPED', 'MAXIMUM_CONCURRENT_RUNS_REACHED'],
  ['INTERNAL_ERROR', 'FAILED'],
  ['TERMINATED', 'SUCCESS_WITH_FAILURES'],
  ['RUNNING', null],
  ['PENDING', null],
  ['QUEUED', null],
  ['WAITING_FOR_RETRY', null],
]
const lifeCycleCode = (s: DatabricksLifeCycleState) => DATABRICKS_LIFE_CYCLE_STATES.indexOf(s)
const resultCode = (s: DatabricksResultState | null) =>
  s === null ? null : DATABRICKS_RESULT_STATES.indexOf(s)

/** The run's id is a key of (seconds since the history start) × 2^22 + its plan index. */
const INDEX_BITS = 2 ** 22

/** The plan of every attempt, in typed arrays (a million of them at the large scale). */
class RunPlan {
  count = 0
  time = new Float64Array(0)
  job = new Uint16Array(0)
  work = new Float64Array(0)
  setup = new Int32Array(0)
  workers = new Uint8Array(0)
  outcome = new Uint8Array(0)
  attempt = new Uint8Array(0)
  trigger = new Uint8Array(0)

  constructor(capacity: number) {
    this.grow(capacity)
  }

  private grow(capacity: number) {
    const copy = <T extends Float64Array | Uint16Array | Int32Array | Uint8Array>(
      old: T,
      make: (n: number) => T,
    ) => {
      const next = make(capacity)
      next.set(old)
      return next
    }
    this.time = copy(this.time, (n) => new Float64Array(n))
    this.job = copy(this.job, (n) => new Uint16Array(n))
    this.work = copy(this.work, (n) => new Float64Array(n))
    this.setup = copy(this.setup, (n) => new Int32Array(n))
    this.workers = copy(this.workers, (n) => new Uint8Array(n))
    this.outcome = copy(this.outcome, (n) => new Uint8Array(n))
    this.attempt = copy(this.attempt, (n) => new Uint8Array(n))
    this.trigger = copy(this.trigger, (n) => new Uint8Array(n))
  }

  push(
    time: number,
    job: number,
    work: number,
    setup: number,
    workers: number,
    outcome: Outcome,
    attempt: number,
    trigger: number,
  ) {
    if (this.count === this.time.length) this.grow(Math.ceil(this.count * 1.25) + 1024)
    const i = this.count++
    if (i >= INDEX_BITS) throw new Error('Too many Databricks runs planned')
    this.time[i] = time
    this.job[i] = job
    this.work[i] = work
    this.setup[i] = setup
    this.workers[i] = workers
    this.outcome[i] = outcome
    this.attempt[i] = attempt
    this.trigger[i] = trigger
  }
}

/**
 * Sorted keys hold whole seconds, but a retry starts at its failed attempt's end plus the delay, to
 * the millisecond: one that started in the same second as an earlier-planned run ahead of it would
 * follow it (850 runs out of start order at the large scale, the table no longer in time order,
 * time-ordered-rows.ts). Each second's keys, a handful at most, are put in start order in place
 * (an insertion sort, stable: equal starts keep plan order).
 */
function orderWithinSeconds(keys: Float64Array, time: Float64Array): void {
  for (let k = 1; k < keys.length; k++) {
    const key = keys[k]!
    const second = Math.floor(key / INDEX_BITS)
    const start = time[key % INDEX_BITS]!
    let j = k - 1
    while (j >= 0 && Math.floor(keys[j]! / INDEX_BITS) === second && time[keys[j]! % INDEX_BITS]! > start) {
      keys[j + 1] = keys[j]!
      j--
    }
    keys[j + 1] = key
  }
}

/** Standard normal draw (Box-Muller). */
function gaussian(prng: Prng): number {
  const u = Math.max(prng.next(), 1e-12)
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * prng.next())
}

export class RunPlanner {
  readonly plan: RunPlan
  private readonly span: number

  constructor(
    private readonly prng: Prng,
    private readonly historyStart: number,
    private readonly now: number,
    capacity: number,
  ) {
    this.plan = new RunPlan(capacity)
    this.span = now - historyStart
  }

  /** Plans a job's runs over the history; returns how many attempts it added. */
  addJob(job: PlannedJob): number {
    const before = this.plan.count
    const { prng, historyStart, now } = this
    if (job.period > 0) {
      const first = Math.ceil((historyStart - job.offset) / job.period) * job.period + job.offset
      for (let t = first; t <= now; t += job.period)
        this.attempt(job, t + prng.int(0, 20) * SECOND, 0, TRIGGER.PERIODIC)
    } else
      for (let day = historyStart - (historyStart % DAY); day < now; day += DAY) {
        const count = job.kind === 'file' ? prng.int(2, 14) : prng.chance(0.4) ? 1 : 0
        for (let i = 0; i < count; i++) {
          const t =
            job.kind === 'file'
              ? day + prng.int(0, DAY / SECOND - 1) * SECOND
              : day + job.workspace.workdayStartUtc * HOUR + prng.int(0, 9 * 3600) * SECOND
          if (t >= historyStart && t <= now)
            this.attempt(job, t, 0, job.kind === 'file' ? TRIGGER.FILE_ARRIVAL : TRIGGER.ONE_TIME)
        }
      }
    return this.plan.count - before
  }

  /** Runs started in the last half hour that are still live at seeding (running, pending, queued, waiting to retry). */
  addLive(job: PlannedJob, which: number) {
    const { prng, now } = this
    const outcome = [
      Outcome.LiveRunning,
      Outcome.LivePending,
      Outcome.LiveQueued,
      Outcome.LiveWaitingForRetry,
    ][which % 4]!
    const elapsed =
      outcome === Outcome.LivePending
        ? prng.int(10, 110) * SECOND
        : prng.int(2, 30) * MINUTE + prng.int(0, 59) * SECOND
    const setup =
      outcome === Outcome.LivePending
        ? elapsed
        : outcome === Outcome.LiveRunning
          ? Math.min(this.setupOf(job), elapsed - MINUTE)
          : 0
    const workers = outcome === Outcome.LiveRunning ? this.workersOf(job) : 0
    this.plan.push(
      now - elapsed,
      job.code,
      elapsed - setup,
      setup,
      workers,
      outcome,
      outcome === Outcome.LiveWaitingForRetry ? 1 : 0,
      outcome === Outcome.LiveWaitingForRetry ? TRIGGER.RETRY : TRIGGER.ONE_TIME,
    )
  }

  private setupOf(job: PlannedJob): number {
    const { prng } = this
    if (job.computeKind === COMPUTE_JOB) return prng.int(120, 480) * SECOND
    if (job.computeKind === COMPUTE_SERVERLESS) return prng.int(5, 40) * SECOND
    return prng.int(0, 5) * SECOND
  }

  private workersOf(job: PlannedJob): number {
    if (job.computeKind === COMPUTE_SERVERLESS) return 0
    return Math.round(job.minWorkers + (job.maxWorkers - job.minWorkers) * this.prng.next() ** 1.5)
  }

  /** One attempt: its outcome, times and workers; a retry after a failure where the job retries. */
  private attempt(job: PlannedJob, start: number, attempt: number, trigger: number): void {
    const { prng, now } = this
    const drift = 1 + job.drift * ((start - this.historyStart) / this.span)
    let work = Math.round(job.baseMs * drift * Math.exp(job.sigma * gaussian(prng)))
    let setup = this.setupOf(job)
    let workers = this.workersOf(job)
    const u = prng.next()
    let outcome: Outcome = Outcome.Success
    const skip = job.kind === '15min' ? 0.02 : 0.004
    if (u < skip) {
      outcome = Outcome.Skipped
      work = 0
      setup = 0
      workers = 0
    } else if (u < skip + 0.002) {
      outcome = Outcome.InternalError
      work = prng.int(20, 180) * SECOND
    } else if (u < skip + 0.002 + job.failRate) {
      outcome = Outcome.Failed
      work = Math.round(work * (0.1 + 0.8 * prng.next()))
    } else if (u < skip + 0.014 + job.failRate) {
      outcome = Outcome.Canceled
      work = Math.round(work * (0.05 + 0.75 * prng.next()))
    } else if (job.timeoutMs > 0 && (work > job.timeoutMs || u < skip + 0.02 + job.failRate)) {
      outcome = Outcome.TimedOut
      work = job.timeoutMs - setup
    } else if (job.tasks.length > 1 && u > 0.992) outcome = Outcome.SuccessWithFailures
    this.plan.push(start, job.code, work, setup, workers, outcome, attempt, trigger)
    const failed =
      outcome === Outcome.Failed || outcome === Outcome.TimedOut || outcome === Outcome.InternalError
    if (!failed || attempt >= job.maxRetries) return
    const end = start + setup + work
    const retryAt = end + job.retryDelayMs
    if (retryAt <= now) this.attempt(job, retryAt, attempt + 1, TRIGGER.RETRY)
    else if (end <= now)
      this.plan.push(end, job.code, now - end, 0, 0, Outcome.LiveWaitingForRetry, attempt + 1, TRIGGER.RETRY)
  }

  /**
   * The plan's attempts in start order (ties by plan order): the sort keys. `drop` attempts of job
   * `trimmed` (its oldest) are left out so that exactly the scale's runs remain; returns the keys
   * kept and the first kept start of the trimmed job (its creation follows from it).
   */
  ordered(trimmed: number, drop: number): { keys: Float64Array; trimmedFrom: number } {
    const { plan, historyStart } = this
    const keys = new Float64Array(plan.count)
    for (let i = 0; i < plan.count; i++)
      keys[i] = Math.max(0, Math.floor((plan.time[i]! - historyStart) / SECOND)) * INDEX_BITS + i
    keys.sort()
    orderWithinSeconds(keys, plan.time)
    if (drop <= 0) return { keys, trimmedFrom: historyStart }
    let ofTrimmed = 0
    for (let i = 0; i < plan.count; i++) if (plan.job[i] === trimmed) ofTrimmed++
    if (drop >= ofTrimmed)
      throw new Error(`Databricks seed: the fixed jobs alone plan more runs than the scale's`)
    const kept = new Float64Array(plan.count - drop)
    let k = 0
    let dropped = 0
    let trimmedFrom = this.now
    for (const key of keys) {
      const i = key % INDEX_BITS
      if (plan.job[i] === trimmed) {
        if (dropped < drop) {
          dropped++
          continue
        }
        trimmedFrom = Math.min(trimmedFrom, plan.time[i]!)
      }
      kept[k++] = key
    }
    return { keys: kept, trimmedFrom }
  }
}

const RUN_COLUMNS = [
  'id',
  'job',
  'workspace',
  'principal',
  'trigger_type',
  'attempt',
  'life_cycle_state',
  'result_state',
  'status',
  'start_time',
  'setup_ms',
  'end_time',
  'duration',
  'compute_kind',
  'cluster',
  'node_type',
  'workers',
  'availability',
  'sku',
  'dbus_e4',
  'dbu_cost_e4',
  'vm_cost_e4',
  'cost_final_at',
  'tag_set',
  'insight_mask',
  'error_message',
] as const

/** An update a job run made of its pipeline (written with the pipelines' own, in time order). */
export interface PlannedUpdate {
  pipeline: WorldPipeline
  jobRun: number | null
  state: number
  status: string
  start: number
  end: number | null
  duration: number
  dbusE4: number
  dbuCostE4: number
  vmCostE4: number
}

const UPDATE_STATE = (name: (typeof DATABRICKS_UPDATE_STATES)[number]) =>
  DATABRICKS_UPDATE_STATES.indexOf(name)

/** The first run id: Databricks' run ids are large and grow with time. */
const FIRST_RUN_ID = 584_112_000_000

/** Writes the runs in key order (inside the caller's transaction); returns how many. */
export function writeRuns(
  db: Db,
  prng: Prng,
  now: number,
  jobs: readonly PlannedJob[],
  planner: RunPlanner,
  keys: Float64Array,
  sessions: ClusterSessions,
  usage: DatabricksUsageBuilder,
  runDays: DatabricksRunDaysBuilder,
  updates: PlannedUpdate[],
  progress: SeedProgress,
): number {
  const { plan } = planner
  const inserter = new RowInserter(db, 'db_runs', RUN_COLUMNS)
  const source = DATABRICKS_USAGE_SOURCES.indexOf('JOB_RUN')
  const running = lifeCycleCode('RUNNING')
  const pending = lifeCycleCode('PENDING')
  const statusOf = STATES.map(([lc, result]) => databricksRunStatus(lc, result))
  const runningStatus = databricksRunStatus('RUNNING', null)
  const pendingStatus = databricksRunStatus('PENDING', null)
  // Per job: its price per DBU and the cost inputs that do not change from run to run.
  const priced = jobs.map((job) => {
    const usdPerDbu = databricksUsdPerDbu(DATABRICKS_SKUS[job.sku]!, job.workspace.cloud, job.workspace.tier)
    if (usdPerDbu === null)
      throw new Error(`Job ${job.name}: ${DATABRICKS_SKUS[job.sku]} is not sold on its tier`)
    const node =
      job.computeKind === COMPUTE_SERVERLESS
        ? { dbuPerHour: job.serverlessDbuPerHour, vmUsdPerHour: 0, spotDiscount: 0 }
        : job.node!
    return { usdPerDbu, node, spot: job.availability !== 0 }
  })
  let id = FIRST_RUN_ID
  for (const key of keys) {
    const i = key % INDEX_BITS
    const job = jobs[plan.job[i]! - 1]!
    const start = plan.time[i]!
    const outcome = plan.outcome[i]! as Outcome
    let setup = plan.setup[i]!
    let duration = setup + plan.work[i]!
    let [lifeCycle, result] = STATES[outcome]!
    let lifeCycleState = lifeCycleCode(lifeCycle)
    let status = statusOf[outcome]!
    let ended = outcome <= Outcome.SuccessWithFailures
    if (ended && start + duration > now) {
      // Still going at seeding: its outcome is not known yet.
      duration = now - start
      ended = false
      result = null
      if (duration < setup) {
        lifeCycle = 'PENDING'
        lifeCycleState = pending
        status = pendingStatus
        setup = duration
      } else {
        lifeCycle = 'RUNNING'
        lifeCycleState = running
        status = runningStatus
      }
    }
    const ran =
      outcome !== Outcome.Skipped && outcome !== Outcome.LiveQueued && outcome !== Outcome.LiveWaitingForRetry
    const workers = ran ? plan.workers[i]! : 0
    const { usdPerDbu, node, spot } = priced[job.code - 1]!
    const cost = ran
      ? databricksComputeCost(node, workers, spot, duration / HOUR, usdPerDbu)
      : { dbusE4: 0, dbuCostE4: 0, vmCostE4: 0 }
    const end = ended ? start + duration : null
    id += 1 + prng.int(0, 40)
    const error =
      outcome === Outcome.Failed && ended
        ? RUN_FAILURES[prng.chance(0.7) ? job.failure : prng.int(0, RUN_FAILURES.length - 1)]!
        : outcome === Outcome.TimedOut && ended
          ? `Run timed out after ${Math.round(job.timeoutMs / SECOND)} seconds`
          : outcome === Outcome.InternalError && ended
            ? RUN_INTERNAL_ERROR
            : outcome === Outcome.Skipped
              ? RUN_SKIPPED
              : outcome === Outcome.SuccessWithFailures && ended
                ? `Task ${job.tasks[job.tasks.length - 1]!.key} failed: ${RUN_FAILURES[job.failure]}`
                : null
    // Billing lags the run by 1-6 hours (a run not ended yet: from now).
    const costFinalAt = (end ?? now) + prng.int(60, 360) * MINUTE
    const insightMask = ran ? job.insightMask : 0
    inserter.push(
      id,
      job.code,
      job.workspace.code,
      job.runAs,
      plan.trigger[i],
      plan.attempt[i],
      lifeCycleState,
      resultCode(result),
      status,
      start,
      setup,
      end,
      duration,
      job.computeKind,
      job.cluster?.code ?? null,
      job.computeKind === COMPUTE_SERVERLESS ? null : job.node!.code,
      workers,
      job.availability,
      job.sku,
      cost.dbusE4,
      cost.dbuCostE4,
      cost.vmCostE4,
      costFinalAt,
      job.tagSet,
      insightMask,
      error,
    )
    runDays.add({
      start,
      status,
      workspace: job.workspace.code,
      computeKind: job.computeKind,
      principal: job.runAs,
      job: job.code,
      duration,
      totalE4: cost.dbuCostE4 + cost.vmCostE4,
      costFinalAt,
      insightMask,
    })
    usage.add(
      {
        start,
        workspace: job.workspace.code,
        principal: job.runAs,
        sku: job.sku,
        sourceType: source,
        source: job.code,
        tagSet: job.tagSet,
      },
      duration,
      cost.dbusE4,
      cost.dbuCostE4,
      cost.vmCostE4,
    )
    if (job.computeKind === COMPUTE_ALL_PURPOSE && ran) sessions.addJobRun(job.cluster!.code, start, duration)
    if (job.pipeline && ran && lifeCycle !== 'PENDING') {
      // The run's PIPELINE task made an update; its DBUs are the run's (schema.sql).
      const updateStart = start + setup
      const state =
        lifeCycle === 'RUNNING'
          ? UPDATE_STATE('RUNNING')
          : result === 'SUCCESS' || result === 'SUCCESS_WITH_FAILURES'
            ? UPDATE_STATE('COMPLETED')
            : result === 'CANCELED'
              ? UPDATE_STATE('CANCELED')
              : UPDATE_STATE('FAILED')
      updates.push({
        pipeline: job.pipeline,
        jobRun: id,
        state,
        status: lifeCycle === 'RUNNING' ? 'R' : status,
        start: updateStart,
        end,
        duration: (end ?? now) - updateStart,
        dbusE4: 0,
        dbuCostE4: 0,
        vmCostE4: 0,
      })
    }
    progress.advance(1)
  }
  inserter.flush()
  return keys.length
}
