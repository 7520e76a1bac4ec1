import { DATABRICKS_INSIGHT_KEYS, DATABRICKS_TERMINATION_REASONS } from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { instant } from './applications.ts'
import { databricksReadClock, finalRunFigures, type DatabricksReadClock } from './databricks-figures.ts'
import { runRowidParams, runRowidsSql } from './databricks-run-window.ts'

/*
 * The rows of the Databricks clusters list and summary, as one SQL relation `cluster_rows` (issue 20:
 * "every cluster that ran in the window"): each session of an all-purpose cluster that overlaps the
 * window (db_cluster_sessions ⋈ db_clusters), and the job cluster of each run on JOB compute that
 * started in it (one per run, as the runs list counts runs). Runs that never ran (status U: skipped,
 * excluded) got no cluster and are left out.
 *
 * Money: a session is billed as it runs (its own DBUs: interactive work and idle time; the job runs
 * on it carry theirs in db_runs, so nothing counts twice); a run's figures count from its
 * cost_final_at on (databricks-figures.ts, billing lag). Idle: a session's time up with nothing
 * running (duration − busy_ms); its cost is those hours at the session's own hourly rate (the
 * DBU/h of its nodes × its price per DBU, plus the VMs, workers spot-priced when spot), never above
 * the session's own cost. A job cluster stops with its run: no idle time.
 */

const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR
/** Default window: the last 7 days (02 §9 Databricks lists); at most a year (every input bounded). */
export const CLUSTER_WINDOW_DEFAULT = 7 * DAY
export const CLUSTER_WINDOW_MAX = 366 * DAY

const bit = (key: (typeof DATABRICKS_INSIGHT_KEYS)[number]) => 1 << DATABRICKS_INSIGHT_KEYS.indexOf(key)
const reason = (name: (typeof DATABRICKS_TERMINATION_REASONS)[number]) =>
  DATABRICKS_TERMINATION_REASONS.indexOf(name)

/** Below this busy share a fixed-size cluster would have shrunk with autoscaling. */
const AUTOSCALE_FITS_BUSY_SHARE = 0.5
/** An inactivity timeout of an hour or more: the cluster sat idle that long before it stopped. */
const IDLE_TIMEOUT_WASTE_MINUTES = 60

/**
 * A session's waste patterns (bits of DATABRICKS_INSIGHT_KEYS; a run has them stored in insight_mask):
 * jobs configured on the all-purpose cluster; stopped by inactivity after a timeout of an hour or
 * more, or up with no timeout at all; fixed workers while busy under half the time; on-demand
 * workers (the driver stays on demand anyway); autoscaling whose average stayed at half the max or
 * less (the max is oversized).
 */
const SESSION_MASK = `(
  CASE WHEN EXISTS (SELECT 1 FROM db_jobs j WHERE j.cluster = c.code) THEN ${bit('jobOnAllPurposeCompute')} ELSE 0 END
  | CASE WHEN (s.termination_reason = ${reason('INACTIVITY')} AND c.auto_termination_minutes >= ${IDLE_TIMEOUT_WASTE_MINUTES})
      OR (s.end_time IS NULL AND c.auto_termination_minutes = 0) THEN ${bit('idleClusterToTimeout')} ELSE 0 END
  | CASE WHEN c.min_workers = c.max_workers AND c.max_workers > 0
      AND s.busy_ms < ${AUTOSCALE_FITS_BUSY_SHARE} * (COALESCE(s.end_time, @storedNow) - s.start_time)
      THEN ${bit('fixedWorkersWhereAutoscaleFits')} ELSE 0 END
  | CASE WHEN c.availability = 0 AND c.max_workers > 0 THEN ${bit('onDemandWhereSpotFits')} ELSE 0 END
  | CASE WHEN c.max_workers > c.min_workers AND s.avg_workers * 2 <= c.max_workers
      THEN ${bit('oversizedCluster')} ELSE 0 END
)`

const SESSION_DURATION = '(COALESCE(s.end_time, @storedNow) - s.start_time)'
const SESSION_IDLE = `MAX(0, ${SESSION_DURATION} - s.busy_ms)`
/** cents × 10,000 per hour: DBU/h × cents per DBU × 10,000, plus the VMs' USD/h × 1,000,000. */
const SESSION_HOURLY_E4 = `(
  n.dbu_per_hour * (1 + s.avg_workers) * COALESCE(s.dbu_cost_e4 * 1.0 / NULLIF(s.dbus_e4, 0), 0) * 10000
  + n.vm_usd_per_hour * (1 + s.avg_workers * CASE WHEN c.availability = 0 THEN 1 ELSE 1 - n.spot_discount END) * 1000000
)`

/** A run's duration: to now while it runs (stored at seeding time), else as stored. */
const RUN_DURATION = `CASE WHEN r.status = 'R' THEN @storedNow - r.start_time ELSE r.duration END`

/** Running sessions and runs: ended ones are S, or F when the cluster died (driver, cloud launch). */
const SESSION_STATUS = `CASE WHEN s.end_time IS NULL THEN 'R'
  WHEN s.termination_reason IN (${reason('DRIVER_UNRESPONSIVE')}, ${reason('CLOUD_PROVIDER_LAUNCH_FAILURE')}) THEN 'F'
  ELSE 'S' END`

/** Column 0 of kind: a session of an all-purpose cluster; 1: a run's job cluster. */
export const ROW_KIND = { session: 0, jobCluster: 1 } as const

export interface ClusterRowFilters {
  /** Seeded-time window; absent on the running tab (every cluster up now). */
  window?: { start: number; end: number }
  /** The finished tab: clusters that finished in the window (queryOnFinishedTime). */
  onFinishedTime?: boolean
  /** The longest stored run (ms): how long before a finished-time window its runs may start. */
  longestRun?: number
  statuses?: readonly string[]
  kinds?: readonly number[]
  workspaces?: readonly number[]
  principals?: readonly number[]
  clusterIds?: readonly string[]
  /** Tag codes per key: a row's tag set must hold one of each key's. */
  tagGroups?: readonly (readonly number[])[]
  durationMs?: { min?: number; max?: number }
  /** Total cost in cents × 10,000. */
  totalE4?: { min?: number; max?: number }
  /** Rows with any of these insight bits (0 for any insight at all). */
  insightBits?: number
  onlyInefficient?: boolean
}

export interface ClusterRowsSql {
  /**
   * `WITH session_rows AS (…), run_rows AS (…), cluster_rows AS (both)`: prefix of a statement reading
   * them (a page reads each branch on its own, so each can stop at the page's end in its index order).
   */
  with: string
  /** Extra conditions on cluster_rows (its computed columns), `1` when none. */
  where: string
  params: Record<string, unknown>
}

/**
 * The relation and its filters. Each branch gets the conditions it can use an index or a cheap test
 * for; conditions on computed columns (status, duration, cost, insights) apply to the union.
 */
export function clusterRowsSql(
  db: Db,
  filters: ClusterRowFilters,
  clock: DatabricksReadClock,
): ClusterRowsSql {
  const params: Record<string, unknown> = { storedNow: clock.storedNow }
  const sessionWhere: string[] = []
  const runWhere: string[] = [`r.compute_kind = 0`, `r.status <> 'U'`]
  const outer: string[] = []
  const list = (prefix: string, values: readonly (string | number)[]) => {
    const names = values.map((v, i) => {
      params[`${prefix}${i}`] = v
      return `@${prefix}${i}`
    })
    return `(${names.join(', ')})`
  }
  if (filters.window) {
    params.start = filters.window.start
    params.end = filters.window.end
    if (filters.onFinishedTime) {
      sessionWhere.push('s.end_time >= @start AND s.end_time <= @end')
      // db_runs has no end_time index: an ended run's end is its start + duration (schema.sql
      // db_runs), so its start range is read as the runs' rowid range and the end tested beside it
      // (a scan of every run took a second at the large scale).
      params.startsFrom = filters.window.start - (filters.longestRun ?? 0)
      Object.assign(params, runRowidParams(db, params.startsFrom as number, filters.window.end + 1))
      runWhere.push(
        "r.status IN ('S', 'F', 'K', 'U')",
        runRowidsSql(),
        'r.start_time >= @startsFrom AND r.start_time <= @end',
        'r.start_time + r.duration >= @start AND r.start_time + r.duration <= @end',
      )
    } else {
      sessionWhere.push('s.start_time <= @end AND (s.end_time IS NULL OR s.end_time >= @start)')
      Object.assign(params, runRowidParams(db, filters.window.start, filters.window.end + 1))
      runWhere.push(runRowidsSql(), 'r.start_time >= @start AND r.start_time <= @end')
    }
  }
  if (filters.workspaces) {
    sessionWhere.push(`c.workspace IN ${list('ws', filters.workspaces)}`)
    runWhere.push(`r.workspace IN ${list('ws', filters.workspaces)}`)
  }
  if (filters.principals) {
    sessionWhere.push(`s.principal IN ${list('pr', filters.principals)}`)
    runWhere.push(`r.principal IN ${list('pr', filters.principals)}`)
  }
  if (filters.clusterIds) {
    // A named cluster is an all-purpose one: job clusters have an id per run, never asked by name.
    sessionWhere.push(`c.cluster_id IN ${list('cid', filters.clusterIds)}`)
    runWhere.push('0')
  }
  filters.tagGroups?.forEach((codes, i) => {
    const test = (column: string) =>
      `${column} IN (SELECT code FROM db_tag_sets WHERE tag IN ${list(`tg${i}_`, codes)})`
    sessionWhere.push(test('c.tag_set'))
    runWhere.push(test('r.tag_set'))
  })
  if (filters.kinds) outer.push(`kind IN ${list('kd', filters.kinds)}`)
  if (filters.statuses) {
    outer.push(`status IN ${list('st', filters.statuses)}`)
    // Running only: the runs still going, which the start-time index finds without the window.
    if (filters.statuses.length === 1 && filters.statuses[0] === 'R') runWhere.push('r.end_time IS NULL')
  }
  if (filters.durationMs?.min !== undefined) {
    params.durMin = filters.durationMs.min
    outer.push('duration >= @durMin')
  }
  if (filters.durationMs?.max !== undefined) {
    params.durMax = filters.durationMs.max
    outer.push('duration <= @durMax')
  }
  if (filters.totalE4?.min !== undefined) {
    params.costMin = filters.totalE4.min
    outer.push('dbu_cost_e4 + vm_cost_e4 >= @costMin')
  }
  if (filters.totalE4?.max !== undefined) {
    params.costMax = filters.totalE4.max
    outer.push('dbu_cost_e4 + vm_cost_e4 <= @costMax')
  }
  if (filters.onlyInefficient) outer.push('mask <> 0')
  if (filters.insightBits) {
    params.bits = filters.insightBits
    outer.push('(mask & @bits) <> 0')
  }
  const run = finalRunFigures('r')
  const sql = `WITH session_rows AS (
  SELECT ${ROW_KIND.session} AS kind, s.id AS ref, c.code AS cluster, c.workspace AS workspace,
    s.principal AS principal, s.start_time AS start_time, s.end_time AS end_time, ${SESSION_STATUS} AS status,
    ${SESSION_DURATION} AS duration, 0 AS setup_ms, MIN(s.busy_ms, ${SESSION_DURATION}) AS busy_ms,
    ${SESSION_IDLE} AS idle_ms,
    s.dbus_e4 AS dbus_e4, s.dbu_cost_e4 AS dbu_cost_e4, s.vm_cost_e4 AS vm_cost_e4,
    MIN(s.dbu_cost_e4 + s.vm_cost_e4, ${SESSION_HOURLY_E4} * ${SESSION_IDLE} / ${HOUR}.0) AS idle_cost_e4,
    c.node_type AS node_type, c.min_workers AS min_workers, c.max_workers AS max_workers,
    s.avg_workers AS workers, c.availability AS availability, ${SESSION_MASK} AS mask, NULL AS job
  FROM db_cluster_sessions s JOIN db_clusters c ON c.code = s.cluster JOIN db_node_types n ON n.code = c.node_type
  ${sessionWhere.length ? `WHERE ${sessionWhere.join(' AND ')}` : ''}
), run_rows AS (
  SELECT ${ROW_KIND.jobCluster} AS kind, r.id AS ref, NULL AS cluster, r.workspace AS workspace,
    r.principal AS principal, r.start_time AS start_time, r.end_time AS end_time, r.status AS status,
    ${RUN_DURATION} AS duration, r.setup_ms AS setup_ms, ${RUN_DURATION} AS busy_ms, 0 AS idle_ms,
    ${run.dbusE4} AS dbus_e4, ${run.dbuCostE4} AS dbu_cost_e4, ${run.vmCostE4} AS vm_cost_e4, 0 AS idle_cost_e4,
    r.node_type AS node_type, NULL AS min_workers, NULL AS max_workers, r.workers AS workers,
    r.availability AS availability, r.insight_mask AS mask, r.job AS job
  FROM db_runs r
  WHERE ${runWhere.join(' AND ')}
), cluster_rows AS (SELECT * FROM session_rows UNION ALL SELECT * FROM run_rows)`
  return { with: sql, where: outer.length ? outer.join(' AND ') : '1', params }
}

/** The window of a request in seeded time: default the last 7 days, at most 366, start ≤ end (else 400). */
export function clusterWindow(
  start: number | string | undefined,
  end: number | string | undefined,
  location: 'body' | 'querystring',
  now: number,
): { start: number; end: number } {
  const to = instant(end, 'end_time', location) ?? now
  const from = instant(start, 'start_time', location) ?? to - CLUSTER_WINDOW_DEFAULT
  if (from > to) throw new HttpError(400, `${location}/start_time must not be after ${location}/end_time`)
  if (to - from > CLUSTER_WINDOW_MAX)
    throw new HttpError(400, `${location}: the window may span at most 366 days`)
  return { start: from, end: to }
}

export { databricksReadClock }
