import { DATABRICKS_INSIGHT_KEYS } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { lastAtOrBefore } from './grained-track.ts'
import { SqlParts } from './snowflake-common.ts'

/*
 * The runs lists' day rollup (schema.sql db_run_days): what E015 counts over a window — runs,
 * duration and total cost ranges, insights — per stored UTC day, status, workspace and compute kind,
 * so a 30- or 90-day window reads a few hundred rows rather than every run. Only whole days whose
 * runs are all final are read from it (their stored costs are then the final ones); the edges and
 * the days still being billed come from the window's rows.
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

/**
 * The bucket bounds of the duration and cost splits (db_run_day_splits): 0, then the integers 2^(k/16) rounded up
 * (each bucket 4.4 % wide), up to 2^45 (cents × 10,000: $3.5 billion); the last bucket is open. A
 * duration or cost filter reads its whole buckets from the rollup and its two edge buckets from the
 * sort index, so the narrower the buckets the fewer runs an edge reads, and the more rows a day has.
 */
export const RANGE_BOUNDS: readonly number[] = (() => {
  const bounds = [0]
  for (let k = 0; k <= 45 * 16; k++) {
    const bound = Math.ceil(2 ** (k / 16))
    if (bound > bounds[bounds.length - 1]!) bounds.push(bound)
  }
  return bounds
})()

/** The range bucket holding `value`: the last bound at or below it (integers only; below 0 is 0). */
export function rangeBucket(value: number): number {
  // RANGE_BOUNDS starts at 0; a value below it still lands in the first bucket.
  return lastAtOrBefore(RANGE_BOUNDS, value)
}

/**
 * What db_run_day_splits splits a day's runs by: the bucket of their duration (ms) or of their total
 * cost (cents × 10,000), their principal, their job.
 */
export const RUN_SPLITS = { duration: 0, cost: 1, principal: 2, job: 3 } as const
export type RangeMeasure = 'duration' | 'cost'
export type KeySplit = 'principal' | 'job'
/** Each split's key as SQL on db_runs (rangeBucket lent to SQLite as db_range_bucket). */
const SPLIT_KEYS: Record<keyof typeof RUN_SPLITS, string> = {
  duration: 'db_range_bucket(duration)',
  cost: 'db_range_bucket(dbu_cost_e4 + vm_cost_e4)',
  principal: 'principal',
  job: 'job',
}

const TALLY_COLUMNS = `count(*), min(duration), max(duration), min(dbu_cost_e4 + vm_cost_e4),
  max(dbu_cost_e4 + vm_cost_e4)`
const INSIGHT_SUMS = DATABRICKS_INSIGHT_KEYS.map((_, bit) => `sum((insight_mask & ${1 << bit}) != 0)`).join(
  ', ',
)

/**
 * Builds db_run_days and db_run_day_splits from the stored db_runs (the test fixture, and what the
 * seed's DatabricksRunDaysBuilder is checked against): SQL, with rangeBucket lent to SQLite.
 */
export function rollUpDatabricksRunDays(db: Db): void {
  db.function('db_range_bucket', { deterministic: true }, (value) => rangeBucket(Number(value)))
  db.transaction(() => {
    db.exec('DELETE FROM db_run_days; DELETE FROM db_run_day_splits')
    db.exec(
      `INSERT INTO db_run_days
       SELECT (start_time / ${DAY}) * ${DAY}, status, workspace, compute_kind, ${TALLY_COLUMNS},
              max(cost_final_at), ${INSIGHT_SUMS}
         FROM db_runs GROUP BY 1, 2, 3, 4`,
    )
    for (const [split, key] of Object.entries(SPLIT_KEYS))
      db.exec(
        `INSERT INTO db_run_day_splits
         SELECT ${RUN_SPLITS[split as keyof typeof RUN_SPLITS]}, (start_time / ${DAY}) * ${DAY}, ${key},
                ${TALLY_COLUMNS}, ${INSIGHT_SUMS}
           FROM db_runs GROUP BY 2, 3`,
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

/** A tally as one SELECT answers it: the ranges, and the insights as columns i0-i4. */
type TallyRow = Omit<RunTally, 'insights'> & Record<string, number>

function tallyOfRow(row: TallyRow): RunTally {
  return {
    n: row.n,
    minDuration: row.minDuration,
    maxDuration: row.maxDuration,
    minCost: row.minCost,
    maxCost: row.maxCost,
    insights: DATABRICKS_INSIGHT_KEYS.map((_, bit) => row[`i${bit}`] ?? 0),
  }
}

/** The sums of rollup rows (db_run_days, db_run_day_splits) as a TallyRow. */
const ROLLUP_TALLY = `coalesce(sum(n), 0) AS n, min(min_duration) AS minDuration, max(max_duration) AS maxDuration,
  min(min_cost_e4) AS minCost, max(max_cost_e4) AS maxCost,
  ${DATABRICKS_INSIGHT_KEYS.map((_, bit) => `coalesce(sum(i${bit}), 0) AS i${bit}`).join(', ')}`

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
  const row = cachedStatement(db, `SELECT ${ROLLUP_TALLY} FROM db_run_days ${sql.where('WHERE')}`).get(
    sql.params,
  ) as TallyRow
  return tallyOfRow(row)
}

/** A measure's column on db_runs `r` as its sort index holds it (db_runs_by_duration, db_runs_by_total). */
const MEASURE_SQL: Record<RangeMeasure, { value: string; index: string }> = {
  duration: { value: 'r.duration', index: 'db_runs_by_duration' },
  cost: { value: '(r.dbu_cost_e4 + r.vm_cost_e4)', index: 'db_runs_by_total' },
}

/**
 * The tally of the rollup's days [first, end) for the runs whose measure is in [min, max] (integers,
 * either bound open): the buckets wholly inside from db_run_day_splits, the runs of the bucket holding
 * each bound from the measure's sort index (a bound on its bucket's edge needs no read). The days are
 * rollupDays', so every run of them is final and its stored cost is its final one.
 */
export function rangeRollupTally(
  db: Db,
  days: { first: number; end: number },
  measure: RangeMeasure,
  range: { min?: number; max?: number },
): RunTally {
  const min = range.min === undefined ? undefined : Math.max(0, Math.ceil(range.min))
  const max = range.max === undefined ? undefined : Math.floor(range.max)
  const empty: RunTally = {
    n: 0,
    minDuration: null,
    maxDuration: null,
    minCost: null,
    maxCost: null,
    insights: DATABRICKS_INSIGHT_KEYS.map(() => 0),
  }
  if (min !== undefined && max !== undefined && min > max) return empty
  // Buckets [low, high] are wholly inside; a bound off its bucket's first (or last) value leaves
  // that bucket to the index read.
  const lowBucket = min === undefined ? 0 : rangeBucket(min)
  const highBucket = max === undefined ? RANGE_BOUNDS.length - 1 : rangeBucket(max)
  const startsBucket = (bucket: number, value: number) => RANGE_BOUNDS[bucket] === value
  const endsBucket = (bucket: number, value: number) => RANGE_BOUNDS[bucket + 1] === value + 1
  const low = min === undefined || startsBucket(lowBucket, min) ? lowBucket : lowBucket + 1
  const high = max === undefined || endsBucket(highBucket, max) ? highBucket : highBucket - 1
  let tally = empty
  if (low <= high) {
    const row = cachedStatement(
      db,
      `SELECT ${ROLLUP_TALLY} FROM db_run_day_splits
        WHERE split = ? AND day >= ? AND day < ? AND key >= ? AND key <= ?`,
    ).get(RUN_SPLITS[measure], days.first, days.end, low, high) as TallyRow
    tally = tallyOfRow(row)
  }
  // The edges: [min, the end of its bucket) and [the start of max's bucket, max], one read when both
  // bounds share a bucket.
  const edges: [number, number][] = []
  if (low > high) edges.push([min ?? 0, max ?? Number.MAX_SAFE_INTEGER])
  else {
    if (min !== undefined && low !== lowBucket) edges.push([min, RANGE_BOUNDS[lowBucket + 1]! - 1])
    if (max !== undefined && high !== highBucket) edges.push([RANGE_BOUNDS[highBucket]!, max])
  }
  const { value, index } = MEASURE_SQL[measure]
  for (const [from, to] of edges) {
    const row = cachedStatement(
      db,
      `SELECT count(*) AS n, min(r.duration) AS minDuration, max(r.duration) AS maxDuration,
              min(r.dbu_cost_e4 + r.vm_cost_e4) AS minCost, max(r.dbu_cost_e4 + r.vm_cost_e4) AS maxCost,
              ${DATABRICKS_INSIGHT_KEYS.map((_, bit) => `coalesce(sum((r.insight_mask & ${1 << bit}) != 0), 0) AS i${bit}`).join(', ')}
         FROM db_runs r INDEXED BY ${index}
        WHERE ${value} >= ? AND ${value} <= ? AND r.start_time >= ? AND r.start_time < ?`,
    ).get(from, to, days.first, days.end) as TallyRow
    tally = mergeTallies(tally, tallyOfRow(row))
  }
  return tally
}

/** The tally of the rollup's days [first, end) for the runs of the given principals or jobs (codes). */
export function keyRollupTally(
  db: Db,
  days: { first: number; end: number },
  split: KeySplit,
  keys: readonly number[],
): RunTally {
  const row = cachedStatement(
    db,
    `SELECT ${ROLLUP_TALLY} FROM db_run_day_splits
      WHERE split = ? AND day >= ? AND day < ? AND key IN (SELECT value FROM json_each(?))`,
  ).get(RUN_SPLITS[split], days.first, days.end, JSON.stringify(keys)) as TallyRow
  return tallyOfRow(row)
}
