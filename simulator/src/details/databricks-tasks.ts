import {
  databricksRunStatus,
  type AppStatusCode,
  type DatabricksLifeCycleState,
  type DatabricksResultState,
} from '@costlens/shared'
import { createPrng, type Prng } from '../db/seed/prng.ts'
import { apportion, randomSplit } from './record.ts'

/*
 * A Databricks run's task runs, derived (issue 20: task runs are not stored) from the job's tasks
 * and the run, in the time frame the API shows. The same run always gives the same task runs: the
 * draws come from a generator seeded by the run id. Tasks run in dependency levels (a task starts
 * when every task it depends on has ended); the levels share the run's time after cluster setup,
 * and the task runs share the run's DBUs and costs in proportion to their time, exactly (largest
 * remainder), so they add up to the run's to the last 1/10,000.
 */

/** A task of the job (db_job_tasks). */
export interface DatabricksTaskDef {
  taskKey: string
  position: number
  taskType: number
  source: string
  dependsOn: readonly string[]
}

/** What of the run the task runs are derived from; times in the read frame, figures as listed. */
export interface DatabricksRunRecord {
  id: number
  lifeCycle: DatabricksLifeCycleState
  result: DatabricksResultState | null
  startTime: number
  setupMs: number
  /** ms from start to end; for a running run, from start to when it was stored (the end is now). */
  duration: number
  error: string | null
  /** The listed figures (0 until the cost is final): DBUs × 10,000, cents × 10,000. */
  dbusE4: number
  dbuCostE4: number
  vmCostE4: number
}

export interface DerivedTaskRun {
  task: DatabricksTaskDef
  lifeCycle: DatabricksLifeCycleState
  result: DatabricksResultState | null
  status: AppStatusCode
  startTime: number | null
  endTime: number | null
  duration: number
  errorMessage: string | null
  dbusE4: number
  dbuCostE4: number
  vmCostE4: number
}

/** How the run went, as far as its tasks are concerned. */
type Outcome = 'notStarted' | 'running' | 'failed' | 'succeeded'

function outcomeOf(run: DatabricksRunRecord): Outcome {
  switch (run.lifeCycle) {
    case 'QUEUED':
    case 'PENDING':
    case 'BLOCKED':
    case 'SKIPPED':
      return 'notStarted'
    case 'RUNNING':
    case 'TERMINATING':
      return 'running'
    case 'INTERNAL_ERROR':
    case 'WAITING_FOR_RETRY':
      return 'failed'
    case 'TERMINATED':
      break
  }
  switch (run.result) {
    case 'SUCCESS':
    case 'SUCCESS_WITH_FAILURES':
      return 'succeeded'
    case 'FAILED':
    case 'TIMEDOUT':
    case 'CANCELED':
      return 'failed'
    default:
      // Refused for concurrency, excluded, disabled, upstream of another run: no task ran.
      return 'notStarted'
  }
}

/** The generator of one aspect of one run, so its details never change. */
export function runPrng(runId: number, salt: string): Prng {
  let h = 0x811c9dc5
  for (const c of `${salt}:db:${runId}`) {
    h ^= c.charCodeAt(0)
    h = Math.imul(h, 0x01000193)
  }
  return createPrng(h >>> 0)
}

/** Each task's dependency level: 0 without dependencies, else one more than its deepest dependency. */
export function dependencyLevels(tasks: readonly DatabricksTaskDef[]): number[] {
  const index = new Map(tasks.map((t, i) => [t.taskKey, i]))
  const levels = tasks.map(() => 0)
  // Dependencies form a DAG of at most tasks.length levels; relax until nothing changes.
  for (let pass = 0; pass < tasks.length; pass++) {
    let changed = false
    tasks.forEach((t, i) => {
      for (const dep of t.dependsOn) {
        const j = index.get(dep)
        if (j !== undefined && j !== i && levels[j]! + 1 > levels[i]!) {
          levels[i] = levels[j]! + 1
          changed = true
        }
      }
    })
    if (!changed) break
  }
  return levels
}

/** The tasks that depend on `key`, directly or through others. */
export function downstreamOf(tasks: readonly DatabricksTaskDef[], key: string): Set<string> {
  const found = new Set<string>()
  let frontier = [key]
  while (frontier.length > 0) {
    const next: string[] = []
    for (const t of tasks)
      if (!found.has(t.taskKey) && t.dependsOn.some((d) => frontier.includes(d))) {
        found.add(t.taskKey)
        next.push(t.taskKey)
      }
    frontier = next
  }
  return found
}

/**
 * The run's task runs, in job order. A run that succeeded with failures has one failed task that
 * nothing depends on. A failed (timed-out, cancelled) run's failing task carries the
 * run's result and error; the tasks downstream of it did not run (UPSTREAM_FAILED, or
 * UPSTREAM_CANCELED for a cancelled run). A running run has one level running and the later ones
 * pending. A run that never started has no task that ran; its figures (a cluster that started and
 * was released) fall to its first task.
 */
export function deriveDatabricksTaskRuns(
  run: DatabricksRunRecord,
  taskDefs: readonly DatabricksTaskDef[],
  now: number,
): DerivedTaskRun[] {
  const tasks = [...taskDefs].sort((a, b) => a.position - b.position)
  if (tasks.length === 0) return []
  const prng = runPrng(run.id, 'tasks')
  const levels = dependencyLevels(tasks)
  const depth = Math.max(...levels) + 1
  const outcome = outcomeOf(run)

  // Which tasks ran, and how each ended.
  const states = tasks.map(() => ({
    lifeCycle: run.lifeCycle as DatabricksLifeCycleState,
    result: run.result as DatabricksResultState | null,
    ran: false,
    running: false,
    error: null as string | null,
  }))
  const done = (i: number) =>
    Object.assign(states[i]!, { lifeCycle: 'TERMINATED', result: 'SUCCESS', ran: true })
  let lastLevel = depth - 1
  if (outcome === 'succeeded') {
    tasks.forEach((_, i) => done(i))
    // SUCCESS_WITH_FAILURES: a task nothing depends on failed, and the run still counts as a success.
    const leaves = tasks.flatMap((t, i) => (downstreamOf(tasks, t.taskKey).size === 0 ? [i] : []))
    if (run.result === 'SUCCESS_WITH_FAILURES' && leaves.length > 0)
      Object.assign(states[prng.pick(leaves)]!, { result: 'FAILED', error: run.error })
  } else if (outcome === 'running') {
    lastLevel = prng.int(0, depth - 1)
    tasks.forEach((_, i) => {
      if (levels[i]! < lastLevel) done(i)
      else if (levels[i] === lastLevel)
        Object.assign(states[i]!, { lifeCycle: 'RUNNING', result: null, ran: true, running: true })
      else Object.assign(states[i]!, { lifeCycle: 'PENDING', result: null })
    })
  } else if (outcome === 'failed') {
    const failing = prng.int(0, tasks.length - 1)
    const downstream = downstreamOf(tasks, tasks[failing]!.taskKey)
    const upstream: DatabricksResultState =
      run.result === 'CANCELED' ? 'UPSTREAM_CANCELED' : 'UPSTREAM_FAILED'
    tasks.forEach((t, i) => {
      if (i === failing)
        Object.assign(states[i]!, {
          lifeCycle: run.lifeCycle === 'INTERNAL_ERROR' ? 'INTERNAL_ERROR' : 'TERMINATED',
          result: run.lifeCycle === 'INTERNAL_ERROR' ? null : (run.result ?? 'FAILED'),
          ran: true,
          error: run.error,
        })
      else if (downstream.has(t.taskKey))
        Object.assign(states[i]!, { lifeCycle: 'TERMINATED', result: upstream, error: null })
      else done(i)
    })
  }

  // Times: the levels that ran share [start + setup, end] in turn; in a level, the longest task
  // takes the level's time and the others less.
  const runEnd =
    outcome === 'running' ? Math.max(run.startTime, now) : run.startTime + Math.max(0, run.duration)
  const workStart = Math.min(runEnd, run.startTime + run.setupMs)
  const ranLevels = [...new Set(levels.filter((_, i) => states[i]!.ran))].sort((a, b) => a - b)
  const levelSpans = randomSplit(prng, Math.max(0, runEnd - workStart), ranLevels.length, 0, 0.8)
  const levelStart = new Map<number, { start: number; span: number }>()
  let at = workStart
  ranLevels.forEach((level, k) => {
    levelStart.set(level, { start: at, span: levelSpans[k]! })
    at += levelSpans[k]!
  })
  const times = tasks.map((_, i) => {
    const s = states[i]!
    const slot = levelStart.get(levels[i]!)
    if (!s.ran || !slot) return { start: null, end: null, duration: 0 }
    const siblings = tasks.filter((_, j) => levels[j] === levels[i] && states[j]!.ran)
    // The first of a level runs the whole slot (the level ends when it does); the others end sooner.
    const first = siblings[0] === tasks[i]
    const share = first ? 1 : 0.55 + 0.45 * prng.next()
    if (s.running) return { start: slot.start, end: null, duration: Math.max(0, now - slot.start) }
    const duration = Math.round(slot.span * share)
    return { start: slot.start, end: slot.start + duration, duration }
  })

  // Figures: in proportion to the time each task ran; none ran → the first task had the cluster.
  const weights = times.map((t): number => t.duration)
  if (!weights.some((w) => w > 0)) weights[0] = 1
  const dbus = apportion(run.dbusE4, weights)
  const dbuCost = apportion(run.dbuCostE4, weights)
  const vmCost = apportion(run.vmCostE4, weights)

  return tasks.map((task, i) => {
    const s = states[i]!
    return {
      task,
      lifeCycle: s.lifeCycle,
      result: s.result,
      status: databricksRunStatus(s.lifeCycle, s.result),
      startTime: times[i]!.start,
      endTime: times[i]!.end,
      duration: times[i]!.duration,
      errorMessage: s.error,
      dbusE4: dbus[i]!,
      dbuCostE4: dbuCost[i]!,
      vmCostE4: vmCost[i]!,
    }
  })
}

/** Spark's id of a task run's application (app-<start yyyyMMddHHmmss>-<nnnn>), or null if it ran none. */
export function sparkAppIdOf(run: DerivedTaskRun, index: number): string | null {
  if (run.startTime === null) return null
  const at = new Date(run.startTime).toISOString().replace(/[-:T]/g, '').slice(0, 14)
  return `app-${at}-${String(index).padStart(4, '0')}`
}
