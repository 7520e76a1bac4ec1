import { DATABRICKS_INSIGHT_KEYS } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { SqlParts } from './snowflake-common.ts'

/*
 * The runs lists' day rollup (schema.sql db_run_days): what E015 counts over a window — runs,
 * duration and total cost ranges, insights — per stored UTC day, status, workspace and compute kind,
 * so a 30- or 90-day window reads a few hundred rows rather than every run. Only whole days whose
 * runs are all final are read from it (their stored costs are then the final ones); the edges and
 * the days still being billed come from the window index.
 */

export const DAY = 86_400_000
const MARKER = 'db_run_days_of'

/** db_runs as the marker knows it: its largest id and its rows (both cheap: the primary key's end, a count). */
function runsFingerprint(db: Db): string {
  const row = cachedStatement(db, 'SELECT max(id) AS last, count(*) AS n FROM db_runs').get() as {
    last: number | null
    n: number
  }
  return `${row.last ?? 0}:${row.n}`
}

/** Builds db_run_days from db_runs (the seed, after its runs; the test fixture). */
export function rollUpDatabricksRunDays(db: Db): void {
  db.transaction(() => {
    db.exec('DELETE FROM db_run_days')
    db.exec(
      `INSERT INTO db_run_days
       SELECT (start_time / ${DAY}) * ${DAY}, status, workspace, compute_kind, count(*), min(duration),
              max(duration), min(dbu_cost_e4 + vm_cost_e4), max(dbu_cost_e4 + vm_cost_e4), max(cost_final_at),
              ${DATABRICKS_INSIGHT_KEYS.map((_, bit) => `sum((insight_mask & ${1 << bit}) != 0)`).join(', ')}
         FROM db_runs GROUP BY 1, 2, 3, 4`,
    )
    markDatabricksRunDays(db)
  })()
}

/**
 * Notes that db_run_days is the rollup of the db_runs there are: by rollUpDatabricksRunDays, and by
 * the seed after it copied both tables in from the Databricks worker's file (whose settings stay
 * there).
 */
export function markDatabricksRunDays(db: Db): void {
  db.prepare('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)').run(MARKER, runsFingerprint(db))
}

/**
 * Whether db_run_days is the rollup of the db_runs there are, decided once per connection and marker
 * (db_runs only changes by a seed, which rebuilds the rollup and so writes a new marker).
 */
const checked = new WeakMap<Db, { marker: string; ok: boolean }>()
export function runDaysUsable(db: Db): boolean {
  const marker = cachedStatement(db, 'SELECT value FROM settings WHERE key = ?').pluck().get(MARKER) as
    string | undefined
  if (!marker) return false
  const known = checked.get(db)
  if (known?.marker === marker) return known.ok
  const ok = marker === runsFingerprint(db)
  checked.set(db, { marker, ok })
  return ok
}

/** What a window's runs add up to; merged from the rollup and the index reads. */
export interface RunTally {
  n: number
  minDuration: number | null
  maxDuration: number | null
  minCost: number | null
  maxCost: number | null
  insights: number[]
}

const lower = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b))
const upper = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b))

export function mergeTallies(a: RunTally, b: RunTally): RunTally {
  return {
    n: a.n + b.n,
    minDuration: lower(a.minDuration, b.minDuration),
    maxDuration: upper(a.maxDuration, b.maxDuration),
    minCost: lower(a.minCost, b.minCost),
    maxCost: upper(a.maxCost, b.maxCost),
    insights: a.insights.map((v, i) => v + (b.insights[i] ?? 0)),
  }
}

export interface DayFilters {
  statuses?: readonly string[]
  workspaces?: readonly number[]
  computeKinds?: readonly number[]
}

/**
 * The whole stored days of [from, to] (inclusive ms) that the rollup may answer: from the first day
 * starting at or after `from` up to the last ending by `to`, and before the first day with a run not
 * final at `storedNow`. Undefined when there is no such day.
 */
export function rollupDays(
  db: Db,
  from: number,
  to: number,
  storedNow: number,
): { first: number; end: number } | undefined {
  const first = Math.ceil(from / DAY) * DAY
  let end = Math.floor((to + 1) / DAY) * DAY
  if (end <= first) return undefined
  const unfinal = cachedStatement(
    db,
    'SELECT min(day) FROM db_run_days WHERE day >= ? AND day < ? AND last_final_at > ?',
  )
    .pluck()
    .get(first, end, storedNow) as number | null
  if (unfinal !== null) end = unfinal
  return end > first ? { first, end } : undefined
}

/** The tally of the rollup's days [first, end) under the filters. */
export function rollupTally(db: Db, days: { first: number; end: number }, f: DayFilters): RunTally {
  const sql = new SqlParts()
  sql.clauses.push(`day >= ${sql.param(days.first)}`, `day < ${sql.param(days.end)}`)
  if (f.statuses) sql.inList('status', f.statuses)
  if (f.workspaces) sql.inList('workspace', f.workspaces)
  if (f.computeKinds) sql.inList('compute_kind', f.computeKinds)
  const row = cachedStatement(
    db,
    `SELECT coalesce(sum(n), 0) AS n, min(min_duration) AS minDuration, max(max_duration) AS maxDuration,
            min(min_cost_e4) AS minCost, max(max_cost_e4) AS maxCost,
            ${DATABRICKS_INSIGHT_KEYS.map((_, bit) => `coalesce(sum(i${bit}), 0) AS i${bit}`).join(', ')}
       FROM db_run_days ${sql.where('WHERE')}`,
  ).get(sql.params) as Omit<RunTally, 'insights'> & Record<string, number>
  return {
    n: row.n,
    minDuration: row.minDuration,
    maxDuration: row.maxDuration,
    minCost: row.minCost,
    maxCost: row.maxCost,
    insights: DATABRICKS_INSIGHT_KEYS.map((_, bit) => row[`i${bit}`] ?? 0),
  }
}
