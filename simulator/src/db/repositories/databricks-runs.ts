import {
  DATABRICKS_CLUSTER_TYPES,
  DATABRICKS_INSIGHT_KEYS,
  DATABRICKS_LIFE_CYCLE_STATES,
  DATABRICKS_RESULT_STATES,
  DATABRICKS_RUN_SORT_FIELDS,
  MAX_RECORDS,
  databricksJobClusterId,
  databricksRunKey,
  parseDatabricksRunKey,
  type AppStatusCode,
  type DatabricksClusterType,
  type DatabricksRunCost,
  type DatabricksRunFilters,
  type DatabricksRunRow,
  type DatabricksRunSearchBody,
  type DatabricksRunSearchResponse,
  type DatabricksRunSortField,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { instant } from './applications.ts'
import { centsOf, databricksReadClock, dbusOf, finalRunFigures, usdOf } from './databricks-figures.ts'
import {
  mergeTallies,
  keyRollupTally,
  rangeRollupTally,
  rollupDays,
  rollupTally,
  runDaysUsable,
  type KeySplit,
  type RangeMeasure,
  type RunTally,
} from './databricks-runs-days.ts'
import { RUNS_BY_ROWID, runRowidParams, runRowidsSql } from './databricks-run-window.ts'
import { SqlParts } from './snowflake-common.ts'

/*
 * The Databricks runs lists (E015, its public twin, E016) and a run's actual cost (E053) over
 * db_runs. Filters arrive as names (workspaces, users, job ids, cluster ids, tags) and become codes
 * first. A window is the rowid range of its runs (databricks-run-window.ts: db_runs is stored in start
 * order): the count, ranges and insight tallies of a window are one pass over that range of the table,
 * and a page one more (walked from the range's end in the default start-time order, a top-N sort
 * otherwise).
 */

const DAY = 86_400_000
/** The default window: the 7 days to now (02 §9: Databricks job list 7 days). */
const DEFAULT_SPAN = 7 * DAY
/** The longest window a list reads (a bound on the input; the seed keeps 90 days). */
const MAX_SPAN = 366 * DAY
/** Up to this many jobs, a jobIds filter reads db_runs_job (a job runs at most hourly: 168 runs a week). */
const FEW_JOBS = 20
/**
 * The statuses of runs that ended (databricksRunStatus of a terminal life cycle: TERMINATED, SKIPPED,
 * INTERNAL_ERROR); only these have an end_time, and theirs is start_time + duration (schema.sql
 * db_runs), so a finished-time window is read on the start window's start_time and duration.
 */
const ENDED: readonly AppStatusCode[] = ['S', 'F', 'K', 'U']
/** A run's end from its start and duration (end_time for the ENDED runs; NULL for the others). */
const END_OF_RUN = `(CASE WHEN r.status IN ('S', 'F', 'K', 'U') THEN r.start_time + r.duration END)`
/**
 * A sorted page walks a sort index (db_runs_by_duration, db_runs_by_total) rather than sorting the
 * window when it expects to visit at most this many entries ((from + size) × runs / matching runs).
 */
const WALK_VISITS = 20_000
/** How a runs search reads db_runs: its window's rowid range (below), or through the index named. */
const WINDOW_ROWIDS = 'window rowids'
const runsFrom = (index: string) =>
  index === WINDOW_ROWIDS ? RUNS_BY_ROWID : `db_runs r INDEXED BY ${index}`

/** The longest stored run (db_runs_by_duration's end): how far before a finished-time window its runs may start. */
export function longestRun(db: Db): number {
  return (cachedStatement(db, 'SELECT max(duration) FROM db_runs').pluck().get() as number | null) ?? 0
}

/** Stored run columns to the clusterTypes filter's names (DATABRICKS_COMPUTE_KINDS order). */
export const CLUSTER_TYPE_OF_KIND: readonly DatabricksClusterType[] = DATABRICKS_CLUSTER_TYPES

export interface DatabricksRunScope {
  /** A job id from the path (E016): replaces the body's jobIds. */
  jobId?: string
}

/** What the plan limits read of a runs search: its window (none for a running-only search). */
export function runSearchWindow(
  body: Pick<DatabricksRunSearchBody, 'appStatus' | 'start_time' | 'end_time'>,
  now: number,
): { start: number; end: number } | undefined {
  if (runningOnly(body)) return undefined
  const end = instant(body.end_time, 'end_time') ?? now
  const start = instant(body.start_time, 'start_time') ?? end - DEFAULT_SPAN
  return { start, end }
}

const runningOnly = (body: Pick<DatabricksRunSearchBody, 'appStatus'>) =>
  body.appStatus?.length === 1 && body.appStatus[0] === 'R'

function sortOf(body: DatabricksRunSearchBody): { field: DatabricksRunSortField; dir: 'ASC' | 'DESC' } {
  const [first] = body.sort ?? []
  if (!first) return { field: 'startTime', dir: 'DESC' }
  const [field, spec] = Object.entries(first)[0] ?? ['startTime', { order: 'desc' }]
  if (!(DATABRICKS_RUN_SORT_FIELDS as readonly string[]).includes(field))
    throw new HttpError(
      400,
      `body/sort: "${field}" is not a sortable field (one of ${DATABRICKS_RUN_SORT_FIELDS.join(', ')})`,
    )
  return { field: field as DatabricksRunSortField, dir: spec.order === 'asc' ? 'ASC' : 'DESC' }
}

function checkRange(name: string, range: { min?: number; max?: number } | undefined): void {
  if (range?.min !== undefined && range.max !== undefined && range.min > range.max)
    throw new HttpError(400, `body/${name}: min (${range.min}) must not be above max (${range.max})`)
}

/** Codes of the rows of `table` whose `column` is one of `values` (an unknown name matches nothing). */
function codesOf(db: Db, table: string, column: string, values: readonly (string | number)[]): number[] {
  if (!values.length) return []
  const sql = new SqlParts().inList(column, values)
  return cachedStatement(db, `SELECT code FROM ${table} WHERE ${sql.clauses[0]}`)
    .pluck()
    .all(sql.params) as number[]
}

/** The tag sets carrying any of the key's values, for every key given. */
function tagSetsOf(db: Db, tags: Record<string, string[]>): number[] | undefined {
  const pairs = Object.entries(tags).filter(([, values]) => values.length > 0)
  if (!pairs.length) return undefined
  const sql = new SqlParts()
  const ors = pairs.map(([key, values]) => {
    const keyParam = sql.param(key)
    const names = values.map((v) => sql.param(v))
    return `(t.key = ${keyParam} AND t.value IN (${names.join(', ')}))`
  })
  return cachedStatement(
    db,
    `SELECT DISTINCT s.code FROM db_tag_sets s JOIN db_tags t ON t.code = s.tag WHERE ${ors.join(' OR ')}`,
  )
    .pluck()
    .all(sql.params) as number[]
}

/** The filters of a runs search as clauses on db_runs `r`, and how to read it (WINDOW_ROWIDS or an index). */
export function runFilterSql(
  db: Db,
  body: DatabricksRunSearchBody,
  now: number,
  storedNow: number,
  shift: number,
  scope: DatabricksRunScope = {},
  starts?: { from: number; to: number },
): { sql: SqlParts; index: string; keys: FilterKeys } {
  checkRange('durations', body.durations)
  checkRange('cost', body.cost)
  const sql = new SqlParts()
  sql.params.storedNow = storedNow
  let index = WINDOW_ROWIDS
  const window = runSearchWindow(body, now)
  if (!window) {
    // The running list: the partial index of running runs, whatever the window.
    sql.clauses.push("r.status = 'R'")
    index = 'db_runs_running'
  } else {
    if (window.start > window.end) throw new HttpError(400, 'body/start_time must not be after body/end_time')
    if (window.end - window.start > MAX_SPAN)
      throw new HttpError(400, 'body/start_time: the window may span at most 366 days')
    const from = window.start - shift
    const to = window.end - shift
    // The starts read: the window's, or the part of it a tally reads from the rows (its edges;
    // windowTally). One range, intersected here: given two, SQLite seeks the index on one and tests
    // the other on every entry of it, which read a 90-day window's million runs for a day's edge.
    let first = from
    if (body.queryOnFinishedTime) {
      // Runs that ended in the window started at most the longest run before it: the start window
      // is read from there, and the end tested on its start_time + duration.
      first = from - longestRun(db)
      sql.clauses.push(
        `r.start_time + r.duration >= ${sql.param(from)}`,
        `r.start_time + r.duration <= ${sql.param(to)}`,
      )
      sql.inList('r.status', ENDED)
    }
    const startsFrom = Math.max(first, starts?.from ?? first)
    const startsTo = Math.min(to, starts?.to ?? to)
    // The starts' rowid range ([from, to] inclusive: to + 1), beside the starts themselves.
    const rowids = runRowidParams(db, startsFrom, startsTo + 1)
    sql.clauses.push(
      `r.rowid >= ${sql.param(rowids.runFirst)}`,
      `r.rowid < ${sql.param(rowids.runEnd)}`,
      `r.start_time >= ${sql.param(startsFrom)}`,
      `r.start_time <= ${sql.param(startsTo)}`,
    )
    if (body.appStatus) sql.inList('r.status', body.appStatus)
  }
  if (body.queues) sql.inList('r.workspace', codesOf(db, 'db_workspaces', 'workspace_name', body.queues))
  const keys: FilterKeys = { jobSets: [], runKey: false }
  if (body.users) {
    keys.principals = codesOf(db, 'db_principals', 'name', body.users)
    sql.inList('r.principal', keys.principals)
  }
  const jobIds = scope.jobId !== undefined ? [scope.jobId] : body.jobIds
  if (jobIds) {
    const jobs = codesOf(db, 'db_jobs', 'job_id', jobIds.map(Number).filter(Number.isSafeInteger))
    sql.inList('r.job', jobs)
    keys.jobSets.push(jobs)
    // A few jobs' runs are read through their own index rather than the whole window's.
    if (index === WINDOW_ROWIDS && jobs.length <= FEW_JOBS) index = 'db_runs_job'
  }
  if (body.wildcardCluster !== '*' && body.clusters?.length)
    sql.inList('r.cluster', codesOf(db, 'db_clusters', 'cluster_id', body.clusters))
  if (body.clusterTypes)
    sql.inList(
      'r.compute_kind',
      body.clusterTypes.map((t) => CLUSTER_TYPE_OF_KIND.indexOf(t)),
    )
  const tagSets = body.appTags && tagSetsOf(db, body.appTags)
  if (tagSets) sql.inList('r.tag_set', tagSets)
  if (body.insights?.length) {
    const mask = body.insights.reduce((m, key) => m | (1 << DATABRICKS_INSIGHT_KEYS.indexOf(key)), 0)
    sql.clauses.push(`(r.insight_mask & ${sql.param(mask)}) != 0`)
  }
  const d = body.durations
  if (d?.min !== undefined) sql.clauses.push(`r.duration >= ${sql.param(d.min)}`)
  if (d?.max !== undefined) sql.clauses.push(`r.duration <= ${sql.param(d.max)}`)
  const total = totalCostE4('r')
  if (body.cost?.min !== undefined)
    sql.clauses.push(`${total} >= ${sql.param(Math.round(body.cost.min * 1e6))}`)
  if (body.cost?.max !== undefined)
    sql.clauses.push(`${total} <= ${sql.param(Math.round(body.cost.max * 1e6))}`)
  addPatternClause(db, sql, keys, body.globalsearchpattern)
  if (body.signature !== undefined) addSignatureClause(db, sql, keys, body.signature)
  return { sql, index, keys }
}

/** The principals and job sets a search filters on, as codes (what db_run_day_splits is keyed by). */
interface FilterKeys {
  principals?: number[]
  /** One set per job filter (jobIds or the path's job, globalsearchpattern, signature); all must hold. */
  jobSets: number[][]
  /** globalsearchpattern named one run (its run key). */
  runKey: boolean
}

/** A run's final total (DBUs and VMs), cents × 10,000, 0 until billing closes it. */
function totalCostE4(r: string): string {
  const f = finalRunFigures(r)
  return `(${f.dbuCostE4} + ${f.vmCostE4})`
}

/**
 * globalsearchpattern: a run key finds that run; any other text the runs of the jobs whose name
 * holds it (any case; a run's name is its job's).
 */
function addPatternClause(db: Db, sql: SqlParts, keys: FilterKeys, pattern: string | undefined): void {
  const text = pattern?.trim()
  if (!text) return
  const key = parseDatabricksRunKey(text)
  if (key) {
    sql.clauses.push(`r.id = ${sql.param(key.runId)}`)
    sql.inList('r.job', jobCodes(db, key.workspaceId, key.jobId))
    keys.runKey = true
    return
  }
  const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const jobs = cachedStatement(db, `SELECT code FROM db_jobs WHERE lower(job_name) LIKE ? ESCAPE '\\'`)
    .pluck()
    .all(like) as number[]
  sql.inList('r.job', jobs)
  keys.jobSets.push(jobs)
}

/**
 * signature: the runs of one job share its signature `<workspaceId>_<jobId>` (a Databricks run has
 * no query text; its job is what repeats). Anything else matches nothing.
 */
function addSignatureClause(db: Db, sql: SqlParts, keys: FilterKeys, signature: string): void {
  const match = /^(\d{1,20})_(\d{1,18})$/.exec(signature)
  const jobs = match ? jobCodes(db, match[1]!, Number(match[2])) : []
  sql.inList('r.job', jobs)
  keys.jobSets.push(jobs)
}

function jobCodes(db: Db, workspaceId: string, jobId: number): number[] {
  return cachedStatement(
    db,
    `SELECT j.code FROM db_jobs j JOIN db_workspaces w ON w.code = j.workspace
      WHERE w.workspace_id = ? AND j.job_id = ?`,
  )
    .pluck()
    .all(workspaceId, jobId) as number[]
}

/** Sort fields to what ORDER BY reads; only these reach the SQL. */
function sortColumn(field: DatabricksRunSortField): string {
  const f = finalRunFigures('r')
  switch (field) {
    case 'startTime':
      return 'r.start_time'
    case 'finishedTime':
      return END_OF_RUN
    case 'duration':
      return 'r.duration'
    case 'setupDuration':
      return 'r.setup_ms'
    case 'dbus':
      return f.dbusE4
    case 'cost':
      return f.dbuCostE4
    case 'total_cost':
      return totalCostE4('r')
    case 'user':
      return '(SELECT name FROM db_principals WHERE code = r.principal)'
    case 'queue':
      return '(SELECT workspace_name FROM db_workspaces WHERE code = r.workspace)'
    case 'name':
      return '(SELECT job_name FROM db_jobs WHERE code = r.job)'
    case 'status':
      return 'r.status'
    case 'runId':
      return 'r.id'
  }
}

interface RunDbRow {
  id: number
  status: AppStatusCode
  life_cycle_state: number
  result_state: number | null
  start_time: number
  end_time: number | null
  setup_ms: number
  duration: number
  compute_kind: number
  cluster_id: string | null
  dbus_e4: number
  dbu_cost_e4: number
  vm_cost_e4: number
  final: 0 | 1
  insight_mask: number
  job_id: number
  job_name: string
  workspace_id: string
  workspace_name: string
  principal: string
}

/** The columns a row of the list reads, final figures only (`r` db_runs, `@storedNow` bound). */
function rowColumns(): string {
  const f = finalRunFigures('r')
  return `r.id, r.status, r.life_cycle_state, r.result_state, r.start_time, r.end_time, r.setup_ms, r.duration,
          r.compute_kind, c.cluster_id, ${f.dbusE4} AS dbus_e4, ${f.dbuCostE4} AS dbu_cost_e4,
          ${f.vmCostE4} AS vm_cost_e4, (r.cost_final_at <= @storedNow) AS final, r.insight_mask,
          j.job_id, j.job_name, w.workspace_id, w.workspace_name, p.name AS principal`
}

const ROW_JOINS = `JOIN db_jobs j ON j.code = r.job
  JOIN db_workspaces w ON w.code = r.workspace
  JOIN db_principals p ON p.code = r.principal
  LEFT JOIN db_clusters c ON c.code = r.cluster`

function statusLong(row: RunDbRow): string {
  const life = DATABRICKS_LIFE_CYCLE_STATES[row.life_cycle_state] ?? 'UNKNOWN'
  const result = row.result_state === null ? undefined : DATABRICKS_RESULT_STATES[row.result_state]
  return result ? `${life}/${result}` : life
}

function toRow(row: RunDbRow, shift: number): DatabricksRunRow {
  const startTime = row.start_time + shift
  const clusterId = row.cluster_id ?? databricksJobClusterId(row.id, startTime)
  return {
    id: databricksRunKey(row.workspace_id, row.job_id, row.id),
    status: row.status,
    status_long: statusLong(row),
    user: row.principal,
    raw_user: row.principal,
    name: row.job_name,
    runName: row.job_name,
    runId: String(row.id),
    jobId: String(row.job_id),
    startTime,
    finishedTime: row.end_time === null ? null : row.end_time + shift,
    setupDuration: row.setup_ms,
    duration: row.duration,
    clusterId,
    clusterUid: clusterId,
    clusterType: CLUSTER_TYPE_OF_KIND[row.compute_kind] ?? 'db_job_cluster',
    queue: row.workspace_name,
    workspaceId: row.workspace_id,
    dbus: dbusOf(row.dbus_e4),
    cost: usdOf(row.dbu_cost_e4),
    total_cost: usdOf(row.dbu_cost_e4 + row.vm_cost_e4),
    cents: centsOf(row.vm_cost_e4),
    costIsActual: row.final === 1,
    insights: DATABRICKS_INSIGHT_KEYS.filter((_, bit) => (row.insight_mask & (1 << bit)) !== 0),
  }
}

/** Count, ranges and insights of the runs that pass the filters, read one way (runsFrom). */
function scanTally(db: Db, sql: SqlParts, index: string): RunTally {
  const total = totalCostE4('r')
  const tally = cachedStatement(
    db,
    `SELECT count(*) AS n, min(r.duration) AS minDuration, max(r.duration) AS maxDuration,
            min(${total}) AS minCost, max(${total}) AS maxCost
       FROM ${runsFrom(index)} ${sql.where('WHERE')}`,
  ).get(sql.params) as Omit<RunTally, 'insights'>
  // The insights of the matching runs, counted by mask rather than with five bit tests on every
  // run. Read the same way: more than half the runs carry an insight, so a partial index of those
  // (26 MB at the large scale, gone in issue 18) saved less than half the read.
  const masks = cachedStatement(
    db,
    `SELECT r.insight_mask AS mask, count(*) AS n
       FROM ${runsFrom(index)}
      WHERE r.insight_mask != 0 ${sql.where('AND')} GROUP BY r.insight_mask`,
  ).all(sql.params) as { mask: number; n: number }[]
  const insights = DATABRICKS_INSIGHT_KEYS.map((_, bit) =>
    masks.reduce((sum, m) => sum + ((m.mask >> bit) & 1) * m.n, 0),
  )
  return { ...tally, insights }
}

/** A rollup that holds every filter of a search: the day rollup, or one split of db_run_day_splits. */
type RollupPlan =
  | { kind: 'days' }
  | { kind: 'range'; measure: RangeMeasure; min?: number; max?: number }
  | { kind: 'keys'; split: KeySplit; keys: number[] }

/**
 * Which rollup holds every filter of the search: the day rollup (window, statuses, workspaces,
 * compute), a split (the window and one filter: a duration or cost range, users, or one job filter;
 * tab all), or none.
 */
function rollupOf(body: DatabricksRunSearchBody, keys: FilterKeys): RollupPlan | undefined {
  const unsplit =
    !(body.clusters?.length && body.wildcardCluster !== '*') &&
    !Object.values(body.appTags ?? {}).some((values) => values.length > 0) &&
    !body.insights?.length &&
    !keys.runKey
  if (!unsplit) return undefined
  const splits = [body.durations, body.cost, keys.principals, ...keys.jobSets].filter((f) => f !== undefined)
  if (splits.length === 0) return { kind: 'days' }
  const daysOnly = !body.appStatus && !body.queues && !body.clusterTypes && !body.queryOnFinishedTime
  if (!daysOnly || splits.length > 1) return undefined
  if (body.durations) return { kind: 'range', measure: 'duration', ...body.durations }
  if (body.cost) {
    // As runFilterSql compares them: USD to cents × 10,000.
    const { min, max } = body.cost
    return {
      kind: 'range',
      measure: 'cost',
      ...(min !== undefined && { min: Math.round(min * 1e6) }),
      ...(max !== undefined && { max: Math.round(max * 1e6) }),
    }
  }
  if (keys.principals) return { kind: 'keys', split: 'principal', keys: keys.principals }
  return { kind: 'keys', split: 'job', keys: keys.jobSets[0]! }
}

/**
 * The window's count, ranges and insights: its whole, billed days from a rollup (when one holds the
 * filters and is current) and the rest — the edges, the days still being billed — from the runs;
 * or all of it from the runs. A finished-time window reads the rollup's start days whose every
 * ended run ends in it (from its first whole day to the last that ends the longest run before the
 * window's end), and the runs that started before or after them from the index.
 */
function windowTally(
  db: Db,
  body: DatabricksRunSearchBody,
  clock: { now: number; storedNow: number; shift: number },
  scope: DatabricksRunScope,
  filters: { sql: SqlParts; index: string; keys: FilterKeys },
): RunTally {
  const { sql, index } = filters
  const window = runSearchWindow(body, clock.now)
  const rollup = rollupOf(body, filters.keys)
  if (!window || !rollup || !runDaysUsable(db)) return scanTally(db, sql, index)
  const from = window.start - clock.shift
  const to = window.end - clock.shift
  const longest = body.queryOnFinishedTime ? longestRun(db) : 0
  const days = rollupDays(db, from, to - longest, clock.storedNow)
  if (!days) return scanTally(db, sql, index)
  const statuses = body.queryOnFinishedTime
    ? ENDED.filter((s) => !body.appStatus || body.appStatus.includes(s))
    : body.appStatus
  let tally =
    rollup.kind === 'range'
      ? rangeRollupTally(db, days, rollup.measure, rollup)
      : rollup.kind === 'keys'
        ? keyRollupTally(db, days, rollup.split, rollup.keys)
        : rollupTally(db, days, {
            statuses,
            workspaces: body.queues && codesOf(db, 'db_workspaces', 'workspace_name', body.queues),
            computeKinds: body.clusterTypes?.map((t) => CLUSTER_TYPE_OF_KIND.indexOf(t)),
          })
  for (const [start, end] of [
    [from - longest, days.first - 1],
    [days.end, to],
  ] as const) {
    if (start > end) continue
    const part = runFilterSql(db, body, clock.now, clock.storedNow, clock.shift, scope, {
      from: start,
      to: end,
    })
    tally = mergeTallies(tally, scanTally(db, part.sql, part.index))
  }
  return tally
}

const NO_RUNS: DatabricksRunSearchResponse = {
  results: [],
  metadata: { totalRecords: 0, duration: { min: 0, max: 0 }, cost: { min: 0, max: 0 }, appEvents: [] },
}

/** How many runs there are, as the current day rollup's marker counted them (undefined without one). */
function storedRuns(db: Db): number | undefined {
  if (!runDaysUsable(db)) return undefined
  const marker = cachedStatement(db, 'SELECT value FROM settings WHERE key = ?')
    .pluck()
    .get('db_run_days_of') as string | undefined
  const n = Number(marker?.split(':')[1])
  return Number.isFinite(n) ? n : undefined
}

/**
 * A finished-time window's page in start-time order, ties by the later end and then the id (each in
 * the sort's direction), as SQL would sort it. db_runs is stored in start order, so the window's rows
 * are walked in rowid order from its end (or its start, ascending), and the walk stops once the page
 * is full and the next row starts at another time than the page's last: only the page and that
 * last start's ties are read, not the whole window. (SQL sorting the window, without an index on
 * start_time to walk, took 425 ms for 90 days at the large scale.)
 */
function startOrderPage(db: Db, sql: SqlParts, dir: 'ASC' | 'DESC', from: number, size: number): number[] {
  const rows: { id: number; start: number; end: number | null }[] = []
  const walk = cachedStatement(
    db,
    `SELECT r.id AS id, r.start_time AS start, ${END_OF_RUN} AS "end" FROM ${RUNS_BY_ROWID}
      ${sql.where('WHERE')} ORDER BY r.rowid ${dir}`,
  )
  for (const row of walk.iterate(sql.params) as Iterable<{ id: number; start: number; end: number | null }>) {
    if (rows.length >= from + size && row.start !== rows[rows.length - 1]!.start) break
    rows.push(row)
  }
  const sign = dir === 'DESC' ? -1 : 1
  // SQLite orders NULL first: an end that is NULL is the smallest.
  const endOf = (end: number | null) => end ?? -Infinity
  rows.sort(
    (a, b) => sign * (a.start - b.start) || sign * (endOf(a.end) - endOf(b.end)) || sign * (a.id - b.id),
  )
  return rows.slice(from, from + size).map((row) => row.id)
}

/**
 * The ids of a page. The default order walks the window's rowid range from its end (db_runs is in
 * start order, ids growing with it, so rowid order is the start-time order with ties by id). A duration sort, and a
 * total cost sort from the largest, walk their sort index (db_runs_by_duration, db_runs_by_total)
 * testing the window and filters on each entry, and a user sort the users' runs (principalWalk),
 * when the matching runs are common enough that the page is found within WALK_VISITS entries; any
 * other order is a top-N sort of the window's entries.
 * A total cost walk reads the runs billed and costing more than 0; a run not billed yet counts 0
 * (finalRunFigures), so when fewer than the page's end are found the window is sorted instead.
 */
function pageIds(
  db: Db,
  q: {
    sql: SqlParts
    index: string
    field: DatabricksRunSortField
    dir: 'ASC' | 'DESC'
    finished: boolean
    from: number
    size: number
    matching: number
    /** The users filter's principals, if any. */
    principals: number[] | undefined
  },
): number[] {
  const { sql, field, dir, from, size } = q
  const windowColumn = q.finished ? END_OF_RUN : 'r.start_time'
  // A few users' runs, when they are few enough, are read through their own index and sorted (a
  // user whose runs are all short would make a duration walk visit most of the window).
  const fewUsers =
    q.index === WINDOW_ROWIDS &&
    q.principals !== undefined &&
    q.principals.length <= FEW_JOBS &&
    q.matching <= WALK_VISITS
  const index = fewUsers ? 'db_runs_principal' : q.index
  const runs = index === WINDOW_ROWIDS ? storedRuns(db) : undefined
  if (runs !== undefined && ((from + size) * runs) / q.matching <= WALK_VISITS) {
    if (field === 'duration') {
      // Equal durations: the later start is the later end, so start_time breaks ties as the end would.
      return cachedStatement(
        db,
        `SELECT r.id FROM db_runs r INDEXED BY db_runs_by_duration ${sql.where('WHERE')}
          ORDER BY r.duration ${dir}, r.start_time ${dir}, r.id ${dir} LIMIT ${size} OFFSET ${from}`,
      )
        .pluck()
        .all(sql.params) as number[]
    }
    if (field === 'user') return principalWalk(db, sql, dir, windowColumn, from + size).slice(from)
    if (field === 'total_cost' && dir === 'DESC') {
      const ids = cachedStatement(
        db,
        `SELECT r.id FROM db_runs r INDEXED BY db_runs_by_total
          WHERE r.cost_final_at <= @storedNow AND r.dbu_cost_e4 + r.vm_cost_e4 > 0 ${sql.where('AND')}
          ORDER BY r.dbu_cost_e4 + r.vm_cost_e4 DESC, ${windowColumn} DESC, r.id DESC LIMIT ${from + size}`,
      )
        .pluck()
        .all(sql.params) as number[]
      if (ids.length === from + size) return ids.slice(from)
    }
  }
  if (field === 'startTime' && q.finished && index === WINDOW_ROWIDS)
    return startOrderPage(db, sql, dir, from, size)
  const order =
    field === 'startTime' && !q.finished
      ? index === WINDOW_ROWIDS
        ? `r.id ${dir}`
        : `r.start_time ${dir}, r.id ${dir}`
      : `${sortColumn(field)} ${dir}, ${windowColumn} ${dir}, r.id ${dir}`
  return cachedStatement(
    db,
    `SELECT r.id FROM ${runsFrom(index)} ${sql.where('WHERE')}
      ORDER BY ${order} LIMIT ${size} OFFSET ${from}`,
  )
    .pluck()
    .all(sql.params) as number[]
}

/**
 * The first `wanted` ids of the user sort: the principals in name order (unique names; tens to
 * hundreds of them), each one's matching runs of the window through db_runs_principal, until the
 * page is full. Ties within a user go by the window's time (start, or end for a finished-time
 * window) and id, as the sorted read orders them.
 */
function principalWalk(
  db: Db,
  sql: SqlParts,
  dir: 'ASC' | 'DESC',
  windowColumn: string,
  wanted: number,
): number[] {
  const principals = cachedStatement(db, `SELECT code FROM db_principals ORDER BY name ${dir}`)
    .pluck()
    .all() as number[]
  const runsOf = cachedStatement(
    db,
    `SELECT r.id FROM db_runs r INDEXED BY db_runs_principal
      WHERE r.principal = @principal ${sql.where('AND')}
      ORDER BY ${windowColumn} ${dir}, r.id ${dir} LIMIT @left`,
  ).pluck()
  const ids: number[] = []
  for (const principal of principals) {
    if (ids.length >= wanted) break
    ids.push(...(runsOf.all({ ...sql.params, principal, left: wanted - ids.length }) as number[]))
  }
  return ids
}

/** E015, E016: a page of the runs that pass the filters, and their count, ranges and insights. */
export function searchRuns(
  db: Db,
  body: DatabricksRunSearchBody,
  now: number,
  scope: DatabricksRunScope = {},
): DatabricksRunSearchResponse {
  const from = body.from ?? 0
  const size = body.size ?? 15
  if (from + size > MAX_RECORDS)
    throw new HttpError(400, `body/from + body/size must be at most ${MAX_RECORDS}, got ${from + size}`)
  const { field, dir } = sortOf(body)
  const { shift, storedNow } = databricksReadClock(db, now)
  const filters = runFilterSql(db, body, now, storedNow, shift, scope)
  const { sql, index } = filters
  // A filter naming nothing that exists (an unknown workspace, job or cluster) matches no run.
  if (sql.clauses.includes('0')) return NO_RUNS
  const tally = windowTally(db, body, { now, storedNow, shift }, scope, filters)
  const ids =
    size === 0 || tally.n === 0
      ? []
      : pageIds(db, {
          sql,
          index,
          field,
          dir,
          finished: !!body.queryOnFinishedTime,
          from,
          size,
          matching: tally.n,
          principals: filters.keys.principals,
        })
  const rows = ids.length
    ? (cachedStatement(
        db,
        `SELECT ${rowColumns()} FROM json_each(@ids) k JOIN db_runs r ON r.id = k.value ${ROW_JOINS}
          ORDER BY k.key`,
      ).all({ ids: JSON.stringify(ids), storedNow }) as RunDbRow[])
    : []
  return {
    results: rows.map((row) => toRow(row, shift)),
    metadata: {
      totalRecords: tally.n,
      duration: { min: tally.minDuration ?? 0, max: tally.maxDuration ?? 0 },
      cost: { min: usdOf(tally.minCost ?? 0), max: usdOf(tally.maxCost ?? 0) },
      appEvents: DATABRICKS_INSIGHT_KEYS.map((name, bit) => ({
        name,
        count: tally.insights[bit] ?? 0,
      })).filter((e) => e.count > 0),
    },
  }
}

/** E053: a run's actual cost, whether billing has closed it or not; null when there is no such run. */
export function runCost(db: Db, key: string, now: number): DatabricksRunCost | null {
  const parts = parseDatabricksRunKey(key)
  if (!parts) throw new HttpError(400, `params/runId must be <workspaceId>_<jobId>_<runId>, got "${key}"`)
  const { storedNow } = databricksReadClock(db, now)
  const row = cachedStatement(
    db,
    `SELECT r.dbus_e4, r.dbu_cost_e4, r.vm_cost_e4, r.cost_final_at <= @storedNow AS final
       FROM db_runs r JOIN db_jobs j ON j.code = r.job JOIN db_workspaces w ON w.code = r.workspace
      WHERE r.id = @runId AND j.job_id = @jobId AND w.workspace_id = @workspaceId`,
  ).get({ ...parts, storedNow }) as
    { dbus_e4: number; dbu_cost_e4: number; vm_cost_e4: number; final: 0 | 1 } | undefined
  if (!row) return null
  return {
    cost: usdOf(row.dbu_cost_e4 + row.vm_cost_e4),
    dbu: { cost: usdOf(row.dbu_cost_e4), dbus: dbusOf(row.dbus_e4) },
    cents: centsOf(row.vm_cost_e4),
    final: row.final === 1,
  }
}

/**
 * E038: the users, workspaces and tags of the runs of the window with their run counts (one read of
 * the window's rowid range grouped by the three codes), the most runs first; tags only when `withTags`.
 */
export function runFilterValues(
  db: Db,
  query: { start_time?: number | string; end_time?: number | string },
  now: number,
  withTags: boolean,
): DatabricksRunFilters {
  const window = runSearchWindow(query, now)!
  if (window.start > window.end) throw new HttpError(400, 'querystring/start_time must not be after end_time')
  if (window.end - window.start > MAX_SPAN)
    throw new HttpError(400, 'querystring/start_time: the window may span at most 366 days')
  const { shift } = databricksReadClock(db, now)
  const from = window.start - shift
  const to = window.end - shift
  const groups = cachedStatement(
    db,
    `SELECT g.n, p.name AS user, w.workspace_name AS queue, g.tag_set FROM (
       SELECT r.principal, r.workspace, r.tag_set, count(*) AS n FROM ${RUNS_BY_ROWID}
        WHERE ${runRowidsSql()} AND r.start_time >= @from AND r.start_time <= @to
        GROUP BY r.principal, r.workspace, r.tag_set) g
     JOIN db_principals p ON p.code = g.principal JOIN db_workspaces w ON w.code = g.workspace`,
  ).all({ from, to, ...runRowidParams(db, from, to + 1) }) as {
    n: number
    user: string
    queue: string
    tag_set: number | null
  }[]
  const tally = (pick: (g: (typeof groups)[number]) => string) => {
    const counts = new Map<string, number>()
    for (const g of groups) counts.set(pick(g), (counts.get(pick(g)) ?? 0) + g.n)
    return [...counts]
      .map(([name, count]) => ({ name, count }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
  }
  const tags = new Map<string, Map<string, number>>()
  if (withTags) {
    const sets = new Map<number, number>()
    for (const g of groups) if (g.tag_set !== null) sets.set(g.tag_set, (sets.get(g.tag_set) ?? 0) + g.n)
    const pairs = cachedStatement(
      db,
      'SELECT s.code, t.key, t.value FROM db_tag_sets s JOIN db_tags t ON t.code = s.tag',
    ).all() as { code: number; key: string; value: string }[]
    for (const { code, key, value } of pairs) {
      const n = sets.get(code)
      if (!n) continue
      const values = tags.get(key) ?? new Map<string, number>()
      values.set(value, (values.get(value) ?? 0) + n)
      tags.set(key, values)
    }
  }
  return {
    users: tally((g) => g.user),
    queues: tally((g) => g.queue),
    tags: [...tags]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, values]) => ({
        key,
        values: [...values].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count),
      })),
  }
}
