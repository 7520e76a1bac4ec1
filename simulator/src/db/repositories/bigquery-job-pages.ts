import type { BigQueryJobSortKey } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { addJobsCreatedIn } from './bigquery-job-window.ts'
import { SqlParts } from './snowflake-common.ts'

/*
 * How the job list (E163) reads a million jobs within its budget (issue 19: p50 ≤ 15 ms, p99 ≤ 60 ms
 * over windows of 1 hour to 30 days): the totals of whole stored days from the day rollup
 * bq_job_days and only the window's two partial days from bq_jobs (the window's rowid range,
 * bigquery-job-window.ts); the first pages of a descending cost, duration, slot-ms or bytes-billed
 * sort by walking the index of that column's top (bq_jobs_top_*) from its end, the window and the
 * filters checked in the index; every other page by a top-N sort of the window's rows. Each path
 * gives the same rows in the same order: they differ only in what they read.
 */

const DAY = 86_400_000

/** What a list reads of bq_jobs, with the filters already in codes. */
export interface JobFilters {
  /** Stored [from, to); undefined for the running list, which ignores the window. */
  range?: { from: number; to: number }
  running: boolean
  projects?: number[]
  types?: readonly string[]
  principals?: number[]
  statuses?: readonly string[]
  labelSets?: number[]
  pricing?: number[]
  /** Jobs carrying any of these insight bits (the inefficient list). */
  insightMask?: number
  inefficient: boolean
  duration?: Bounds
  slotMs?: Bounds
  billedBytes?: Bounds
  signature?: string
  showUnravelJobs: boolean
}

export interface Bounds {
  min?: number
  max?: number
}

/**
 * The filters both bq_jobs and its day rollup hold (the rollup names the Unravel flag `unravel`).
 * Inefficient is a non-zero insight mask (insight_count is its bit count): the mask is in every
 * index the list reads.
 */
function addDimensionClauses(sql: SqlParts, f: JobFilters, unravel: string): void {
  // The running list's statuses as literals, so the partial index bq_jobs_running applies.
  if (f.running) sql.clauses.push("status IN ('R', 'W')")
  else if (f.statuses) sql.inList('status', f.statuses)
  if (f.projects) sql.inList('project', f.projects)
  if (f.types) sql.inList('job_type', f.types)
  if (f.principals) sql.inList('principal', f.principals)
  if (f.labelSets) sql.inList('label_set', f.labelSets)
  if (f.pricing) sql.inList('pricing', f.pricing)
  if (f.insightMask !== undefined) sql.clauses.push(`(insight_mask & ${sql.param(f.insightMask)}) != 0`)
  if (f.inefficient) sql.clauses.push('insight_mask != 0')
  if (!f.showUnravelJobs) sql.clauses.push(`${unravel} = 0`)
}

/** Every filter as clauses on bq_jobs (no alias), the window as its rowid range too. */
export function filterSql(db: Db, f: JobFilters): SqlParts {
  const sql = new SqlParts()
  if (f.range) addJobsCreatedIn(sql, db, f.range)
  addDimensionClauses(sql, f, 'executed_by_unravel')
  for (const [column, b] of [
    ['duration', f.duration],
    ['slot_ms', f.slotMs],
    ['bytes_billed', f.billedBytes],
  ] as const) {
    if (b?.min !== undefined) sql.clauses.push(`${column} >= ${sql.param(b.min)}`)
    if (b?.max !== undefined) sql.clauses.push(`${column} <= ${sql.param(b.max)}`)
  }
  if (f.signature !== undefined)
    sql.clauses.push(
      `statement_id IN (SELECT id FROM bq_statements WHERE signature = ${sql.param(f.signature)})`,
    )
  return sql
}

/**
 * How a filtered list's jobs are read, after `FROM bq_jobs`: a signature's few statements by their
 * index, the running list by its partial index, any other window as the rowid range filterSql binds
 * (NOT INDEXED: no index holds the window).
 */
export function windowRead(f: JobFilters): string {
  if (f.signature) return 'INDEXED BY bq_jobs_statement'
  return f.running ? 'INDEXED BY bq_jobs_running' : 'NOT INDEXED'
}

/**
 * The top of a sort column (schema.sql bq_jobs_top_*): the index holding the jobs whose value is at
 * least `atLeast`, every list filter in it. `atLeast` is written into the SQL as a literal, so that
 * SQLite sees the query's rows are all in the partial index.
 */
interface TopSlice {
  column: 'cost_e4' | 'duration' | 'slot_ms' | 'bytes_billed'
  index: string
  atLeast: number
}

export const TOP_SLICES: Partial<Record<BigQueryJobSortKey, TopSlice>> = {
  cost: { column: 'cost_e4', index: 'bq_jobs_top_cost', atLeast: 100_000 },
  duration: { column: 'duration', index: 'bq_jobs_top_duration', atLeast: 60_000 },
  slotMs: { column: 'slot_ms', index: 'bq_jobs_top_slot_ms', atLeast: 5_000_000 },
  billedBytes: { column: 'bytes_billed', index: 'bq_jobs_top_bytes_billed', atLeast: 2 ** 35 },
}
/** About this share of the jobs is in a top slice (the seed's spread): a guide to the cheaper read. */
const SLICE_SHARE = 1 / 8
/** What the filters read, every column of each top slice's index (the walk reads no table row). */
const SLICE_COLUMNS = `create_time, executed_by_unravel, status, project, principal, job_type, pricing, label_set,
  insight_mask, duration, slot_ms, bytes_billed, cost_e4`
/** A top-slice walk reads at most this many times the entries it is expected to need. */
const WALK_ALLOWANCE = 4

export interface JobTotals {
  n: number
  cost: number
  bytes: number
  slot: number
}

/** One read of count and sums over bq_jobs (`read`: windowRead's choice of how). */
function scanTotals(db: Db, read: string, sql: SqlParts): JobTotals {
  return cachedStatement(
    db,
    `SELECT count(*) AS n, coalesce(sum(cost_e4), 0) AS cost, coalesce(sum(bytes_billed), 0) AS bytes,
              coalesce(sum(slot_ms), 0) AS slot
         FROM bq_jobs ${read} ${sql.where('WHERE')}`,
  ).get(sql.params) as JobTotals
}

const plus = (a: JobTotals, b: JobTotals): JobTotals => ({
  n: a.n + b.n,
  cost: a.cost + b.cost,
  bytes: a.bytes + b.bytes,
  slot: a.slot + b.slot,
})

/**
 * How many jobs there are and over what stored span, for choosing the cheaper read (not a figure):
 * three reads of an end of the table (one query with the three aggregates would read every row).
 * The jobs are stored in creation order, so the first and last rows hold the earliest and latest.
 */
function jobSpread(db: Db): { jobs: number; first: number; last: number } {
  const end = (sql: string) => (cachedStatement(db, sql).pluck().get() as number | null) ?? 0
  return {
    jobs: end('SELECT max(rowid) FROM bq_jobs'),
    first: end('SELECT create_time FROM bq_jobs ORDER BY rowid LIMIT 1'),
    last: end('SELECT create_time FROM bq_jobs ORDER BY rowid DESC LIMIT 1'),
  }
}

/** The estimated index entries of a stored range: the jobs spread evenly over their span. */
function estimatedWindowJobs(db: Db, range: { from: number; to: number }): number {
  const { jobs, first, last } = jobSpread(db)
  const overlap = Math.max(0, Math.min(range.to, last + 1) - Math.max(range.from, first))
  return (jobs * overlap) / Math.max(1, last + 1 - first)
}

/**
 * Count and sums of every job that passes the filters. With no range filter and no signature, the
 * whole stored days come from bq_job_days (one row per day and combination of the filters' codes,
 * some 3,500 a day at the large scale against 10,000 jobs) and the partial days at the window's edges
 * from the window index. A range filter whose minimum reaches into a top slice counts that slice
 * rather than the window when the window is the larger.
 */
export function searchTotals(db: Db, f: JobFilters): JobTotals {
  const ranged = f.duration || f.slotMs || f.billedBytes
  if (f.range && !f.running && !f.signature && !ranged) return rollupTotals(db, f, f.range)
  if (f.range && ranged) {
    const slice = Object.values(TOP_SLICES).find((s) => {
      const min = {
        cost_e4: undefined,
        duration: f.duration,
        slot_ms: f.slotMs,
        bytes_billed: f.billedBytes,
      }[s.column]?.min
      return min !== undefined && min >= s.atLeast
    })
    if (slice && estimatedWindowJobs(db, f.range) > jobSpread(db).jobs * SLICE_SHARE) {
      const sql = filterSql(db, f)
      sql.clauses.push(`${slice.column} >= ${slice.atLeast}`)
      return scanTotals(db, `INDEXED BY ${slice.index}`, sql)
    }
  }
  return scanTotals(db, windowRead(f), filterSql(db, f))
}

function rollupTotals(db: Db, f: JobFilters, range: { from: number; to: number }): JobTotals {
  const firstDay = Math.ceil(range.from / DAY) * DAY
  const lastDay = Math.floor(range.to / DAY) * DAY
  if (firstDay >= lastDay) return scanTotals(db, windowRead(f), filterSql(db, f))
  const sql = new SqlParts()
  sql.clauses.push(`day >= ${sql.param(firstDay)}`, `day < ${sql.param(lastDay)}`)
  addDimensionClauses(sql, f, 'unravel')
  let totals = cachedStatement(
    db,
    `SELECT coalesce(sum(n), 0) AS n, coalesce(sum(cost_e4), 0) AS cost,
              coalesce(sum(bytes_billed), 0) AS bytes, coalesce(sum(slot_ms), 0) AS slot
         FROM bq_job_days ${sql.where('WHERE')}`,
  ).get(sql.params) as JobTotals
  if (range.from < firstDay)
    totals = plus(
      totals,
      scanTotals(db, windowRead(f), filterSql(db, { ...f, range: { from: range.from, to: firstDay } })),
    )
  if (lastDay < range.to)
    totals = plus(
      totals,
      scanTotals(db, windowRead(f), filterSql(db, { ...f, range: { from: lastDay, to: range.to } })),
    )
  return totals
}

/** Sort keys to what ORDER BY reads; only these reach the SQL. */
const SORT_COLUMNS: Record<BigQueryJobSortKey, string> = {
  createTime: 'create_time',
  endTime: 'end_time',
  duration: 'duration',
  cost: 'cost_e4',
  billedBytes: 'bytes_billed',
  bytesProcessed: 'bytes_processed',
  slotMs: 'slot_ms',
  userName: '(SELECT email FROM bq_principals WHERE code = principal)',
  projectId: '(SELECT project_id FROM bq_projects WHERE code = project)',
  status: 'status',
  type: 'job_type',
  insights: 'insight_count',
}

/** A page of a list in a sort order: what pageRowids reads. */
export interface PageRequest {
  key: BigQueryJobSortKey
  dir: 'ASC' | 'DESC'
  offset: number
  pageSize: number
  /** How many jobs pass the filters (searchTotals). */
  total: number
}

/**
 * The rowids of a page of the jobs that pass the filters. Ties order by creation, then rowid, in
 * the sort's direction, whichever path reads them.
 */
export function pageRowids(db: Db, f: JobFilters, page: PageRequest): number[] {
  const walked = topSliceWalk(db, f, page)
  if (walked) return walked
  // A top-N sort of the window's rows. In creation order (the default) the window's rowid range is
  // walked from its end and stops at the page: the rows are stored in creation order, so rowid order
  // is creation order and then rowid order (an ORDER BY naming create_time would sort the window).
  const sql = filterSql(db, f)
  const { key, dir } = page
  const order =
    key === 'createTime' && !f.running && !f.signature
      ? `rowid ${dir}`
      : `${SORT_COLUMNS[key]} ${dir}, create_time ${dir}, rowid ${dir}`
  return cachedStatement(
    db,
    `SELECT rowid FROM bq_jobs ${windowRead(f)} ${sql.where('WHERE')}
        ORDER BY ${order} LIMIT ${sql.param(page.pageSize)} OFFSET ${sql.param(page.offset)}`,
  )
    .pluck()
    .all(sql.params) as number[]
}

/**
 * A descending page of a top-slice sort read from the slice's index, from the largest value down,
 * when that is expected to read fewer entries than the window holds: a page end of p among n
 * matching jobs of N is met after about p × N / n entries. The walk reads at most a few times that
 * many (a filter can go against the sort: load jobs bill no bytes), and gives up (undefined) when
 * they hold too few matches for the page: the page then comes from the window.
 */
function topSliceWalk(db: Db, f: JobFilters, page: PageRequest): number[] | undefined {
  const slice = TOP_SLICES[page.key]
  if (!slice || page.dir !== 'DESC' || !f.range || f.running || f.signature) return undefined
  const pageEnd = page.offset + page.pageSize
  const wanted = Math.min(page.pageSize, page.total - page.offset)
  const { jobs } = jobSpread(db)
  const expected = (pageEnd * jobs) / Math.max(1, page.total)
  const windowJobs = estimatedWindowJobs(db, f.range)
  if (expected > windowJobs / WALK_ALLOWANCE) return undefined
  const budget = Math.ceil(Math.min(expected * WALK_ALLOWANCE, windowJobs / 2))
  const order = `${slice.column} DESC, create_time DESC, rowid DESC`
  const sql = filterSql(db, f)
  // A range filter on the sort column itself starts the walk at its maximum (the costliest jobs
  // above a maximum would otherwise use up the walk's allowance).
  const own = { cost_e4: undefined, duration: f.duration, slot_ms: f.slotMs, bytes_billed: f.billedBytes }[
    slice.column
  ]
  const bounds = [
    own?.max === undefined ? '' : `AND ${slice.column} <= ${sql.param(own.max)}`,
    own?.min === undefined ? '' : `AND ${slice.column} >= ${sql.param(own.min)}`,
  ].join(' ')
  // The walked entries carry their rowid under that name, so the window's rowid range (filterSql)
  // applies to them as to the table (a subquery has no rowid of its own).
  const rids = cachedStatement(
    db,
    `SELECT rowid FROM (
         SELECT rowid AS rowid, ${SLICE_COLUMNS} FROM bq_jobs INDEXED BY ${slice.index}
          WHERE ${slice.column} >= ${slice.atLeast} ${bounds}
          ORDER BY ${order} LIMIT ${sql.param(budget)}
       ) ${sql.where('WHERE')}
        ORDER BY ${order} LIMIT ${sql.param(page.pageSize)} OFFSET ${sql.param(page.offset)}`,
  )
    .pluck()
    .all(sql.params) as number[]
  return rids.length === wanted ? rids : undefined
}
