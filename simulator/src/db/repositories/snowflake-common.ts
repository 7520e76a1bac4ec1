import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { rowidRangeOf } from '../time-ordered-rows.ts'
import { SF_DAY, SNOWFLAKE_ROLLUP_SLICES, type SnowflakeRollupSlice } from '../seed/snowflake-rollups.ts'
import { appsTimeShift, instant } from './applications.ts'
import { snowflakeCodec, type SnowflakeCodec, type SnowflakeCodedDim } from '../seed/snowflake-codes.ts'
import { coverWindow } from './unified-search.ts'

/*
 * What the Snowflake repositories share: windows, the list dimensions as SQL, and totals read from
 * the rollups for whole buckets and from the queries for the edges of a window.
 */

/** Money and credits are stored in ten-thousandths (schema.sql); the API sends 4 decimals. */
export const fromE4 = (e4: number) => Math.round(e4) / 10_000

/** A window in the simulated now's time: [start, end], both ends included, epoch ms. */
export interface SnowflakeWindow {
  start: number
  end: number
  /** How far query times have moved since seeding (appsTimeShift): stored = shown - shift. */
  shift: number
}

const startOfUtcDay = (ms: number) => Math.floor(ms / SF_DAY) * SF_DAY

const parseTime = (value: string | undefined, field: string, location: string) =>
  instant(value, field, location, 'iso')

/**
 * The window of startTime/endTime (ISO; 400 naming the field when malformed or reversed). The
 * default end is now; the default start is the start of today (UTC) less `daysBefore` days.
 */
export function snowflakeWindow(
  db: Db,
  params: { startTime?: string; endTime?: string },
  now: number,
  location: 'body' | 'querystring',
  daysBefore = 0,
): SnowflakeWindow {
  const end = parseTime(params.endTime, 'endTime', location) ?? now
  const start = parseTime(params.startTime, 'startTime', location) ?? startOfUtcDay(now) - daysBefore * SF_DAY
  if (start > end) throw new HttpError(400, `${location}/startTime must not be after ${location}/endTime`)
  return { start, end, shift: appsTimeShift(db) }
}

/** The window in stored time, as a half-open range [from, to). */
export const storedRange = (w: SnowflakeWindow) => ({ from: w.start - w.shift, to: w.end - w.shift + 1 })

/**
 * A stored range with the rowids of its queries: the seed stores them in start order
 * (time-ordered-rows.ts), so the queries of a range are a rowid range of the table itself, which a
 * reader scans instead of an index on start_time (37 MB at the large scale: issue 18's file budget).
 */
export interface QueryRows {
  from: number
  to: number
  first: number
  end: number
}

export const queryRowsOf = (db: Db, range: { from: number; to: number }): QueryRows => ({
  from: range.from,
  to: range.to,
  ...rowidRangeOf(db, 'snowflake_queries', range.from, range.to),
})

/**
 * SQL keeping the queries (aliased `alias`, or '' for none) of a QueryRows whose fields are given as
 * SQL expressions: the rowid range is what SQLite seeks; the start times keep the clause exact on
 * its own.
 */
export const queryRowsSql = (alias: string, rows: Record<keyof QueryRows, string>) => {
  const q = alias ? `${alias}.` : ''
  return `${q}rowid >= ${rows.first} AND ${q}rowid < ${rows.end} AND ${q}start_time >= ${rows.from} AND ${q}start_time < ${rows.to}`
}

/** queryRowsSql with each field bound as a parameter of `sql`. */
export const boundQueryRowsSql = (sql: SqlParts, alias: string, rows: QueryRows) =>
  queryRowsSql(alias, {
    from: sql.param(rows.from),
    to: sql.param(rows.to),
    first: sql.param(rows.first),
    end: sql.param(rows.end),
  })

export const iso = (storedMs: number, shift: number) => new Date(storedMs + shift).toISOString()

/** The list dimensions, as both the queries and the rollups hold them (same column names). */
export interface DimensionFilters {
  statuses?: readonly string[]
  warehouses?: readonly string[]
  users?: readonly string[]
  connectors?: readonly string[]
  /** Queries carrying any of these insight bits. */
  insightMask?: number
  inefficientOnly?: boolean
}

/** SQL text and named parameters built together, so values never enter the text. */
export class SqlParts {
  readonly clauses: string[] = []
  readonly params: Record<string, unknown> = {}
  private n = 0

  /** `column IN (@p0, …)`; an empty list matches nothing. */
  inList(column: string, values: readonly (string | number)[]): this {
    const names = values.map((v) => this.param(v))
    this.clauses.push(names.length ? `${column} IN (${names.join(', ')})` : '0')
    return this
  }

  param(value: unknown): string {
    const name = `p${this.n++}`
    this.params[name] = value
    return `@${name}`
  }

  where(prefix = 'AND'): string {
    return this.clauses.length ? `${prefix} ${this.clauses.join(' AND ')}` : ''
  }
}

/** The filters as clauses on the codes the queries and rollups hold (a name no query carries matches none). */
export function addDimensionFilters(sql: SqlParts, f: DimensionFilters, codec: SnowflakeCodec): void {
  if (f.statuses) sql.inList('status', f.statuses)
  if (f.warehouses) sql.inList('warehouse_code', codec.codesOf('warehouse', f.warehouses))
  if (f.users) sql.inList('user_code', codec.codesOf('user', f.users))
  if (f.connectors) sql.inList('connector_code', codec.codesOf('connector', f.connectors))
  if (f.insightMask !== undefined) sql.clauses.push(`(insight_mask & ${sql.param(f.insightMask)}) != 0`)
  if (f.inefficientOnly) sql.clauses.push('insight_mask != 0')
}

/** What a tally groups by: the list dimensions by the names the API knows them by. */
export type TallyDimension = 'status' | 'warehouse_uid' | 'user_name' | 'client_connector' | 'insight_mask'

/** The coded dimensions: the column holding the code, and the codec's dimension that names it. */
const CODED: Partial<Record<TallyDimension, [string, SnowflakeCodedDim]>> = {
  warehouse_uid: ['warehouse_code', 'warehouse'],
  user_name: ['user_code', 'user'],
  client_connector: ['connector_code', 'connector'],
}

/** The slice whose kept dimensions cover the filters (and the dimensions grouped by). */
export function sliceFor(f: DimensionFilters, groupBy: readonly TallyDimension[] = []): SnowflakeRollupSlice {
  const byUser =
    Boolean(f.users || f.connectors) || groupBy.some((d) => d === 'user_name' || d === 'client_connector')
  const byWarehouse =
    Boolean(f.statuses || f.warehouses) || groupBy.some((d) => d === 'status' || d === 'warehouse_uid')
  return byUser ? (byWarehouse ? 'full' : 'user') : 'wh'
}

/** Totals of a group of queries: count, cost and duration ranges, sums. Money in ten-thousandths. */
export interface Tally {
  n: number
  costMin: number
  costMax: number
  durationMin: number
  durationMax: number
  costE4: number
  creditsE4: number
  executionTime: number
  queuedOverloadTime: number
}

const ROLLUP_MEASURES = `n AS n, cost_min AS cmin, cost_max AS cmax, duration_min AS dmin, duration_max AS dmax,
  cost_e4 AS cost, credits_e4 AS credits, execution_time AS exec, queued_overload_time AS qo`
const RAW_MEASURES = `1 AS n, cost_e4 AS cmin, cost_e4 AS cmax, duration AS dmin, duration AS dmax, cost_e4 AS cost,
  credits_e4 AS credits, execution_time AS exec, queued_overload_time AS qo`

/**
 * Per group of `groupBy` (dimension columns), the tally of the queries of a stored range that pass
 * the filters: whole buckets from the rollup slice that holds the filtered and grouped dimensions,
 * the edges no bucket covers from the queries themselves (their rowid range: queryRowsOf).
 */
export function tallies(
  db: Db,
  range: { from: number; to: number },
  filters: DimensionFilters,
  groupBy: readonly TallyDimension[],
): (Tally & Record<string, string | number>)[] {
  const slice = sliceFor(filters, groupBy)
  const grains = [...SNOWFLAKE_ROLLUP_SLICES[slice].grains].sort((a, b) => b - a)
  const cover = coverWindow(range.from, range.to, grains)
  const codec = snowflakeCodec(db)
  const sql = new SqlParts()
  addDimensionFilters(sql, filters, codec)
  // Grouped by code under the dimension's name, named after the sums (a few rows).
  const dims = groupBy.length
    ? `${groupBy.map((d) => (CODED[d] ? `${CODED[d][0]} AS ${d}` : d)).join(', ')}, `
    : ''
  const legs: string[] = []
  for (const b of cover.buckets)
    legs.push(
      `SELECT ${dims}${ROLLUP_MEASURES} FROM snowflake_query_rollups
        WHERE slice = '${slice}' AND grain = ${b.grain} AND bucket >= ${sql.param(b.from)}
          AND bucket < ${sql.param(b.to)} ${sql.where()}`,
    )
  for (const r of cover.raw)
    legs.push(
      `SELECT ${dims}${RAW_MEASURES} FROM snowflake_queries NOT INDEXED
        WHERE ${boundQueryRowsSql(sql, '', queryRowsOf(db, r))} ${sql.where()}`,
    )
  if (!legs.length) return []
  const rows = db
    .prepare(
      `SELECT ${groupBy.map((d) => `${d}, `).join('')}sum(n) AS n, min(cmin) AS costMin, max(cmax) AS costMax, min(dmin) AS durationMin,
              max(dmax) AS durationMax, sum(cost) AS costE4, sum(credits) AS creditsE4,
              sum(exec) AS executionTime, sum(qo) AS queuedOverloadTime
         FROM (${legs.join(' UNION ALL ')})
        ${groupBy.length ? `GROUP BY ${groupBy.join(', ')}` : ''}`,
    )
    .all(sql.params) as (Tally & Record<string, string | number>)[]
  const named = rows.filter((r) => r.n > 0)
  for (const d of groupBy) {
    const coded = CODED[d]
    if (coded) for (const r of named) r[d] = codec.name(coded[1], r[d] as number)
  }
  return named
}
