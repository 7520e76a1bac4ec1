import {
  PICKERS,
  POINT_INTERVAL_MS,
  chartPointInterval,
  type PointInterval,
  type SnowflakeCostBreakdown,
  type SnowflakeCostOverview,
  type SnowflakeCostQueries,
  type SnowflakeCostQuery,
  type SnowflakeCostQueryRow,
  type SnowflakeCostRow,
  type SnowflakeCostSeries,
  type SnowflakeCostTotals,
  type SnowflakePoint,
  seriesGrid,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import { assertSeriesPoints } from './series.ts'
import type { Db } from '../open-database.ts'
import { renderSql } from '../seed/snowflake-catalogue.ts'
import { SF_DAY, SNOWFLAKE_ROLLUP_SLICES } from '../seed/snowflake-rollups.ts'
import { nameSql, queryIdText, snowflakeCodec, type SnowflakeCodedDim } from '../seed/snowflake-codes.ts'
import { coverWindow } from './unified-search.ts'
import {
  fromE4,
  iso,
  queryRowsOf,
  queryRowsSql,
  snowflakeWindow,
  storedRange,
  type SnowflakeWindow,
} from './snowflake-common.ts'

/*
 * The Snowflake cost pages (03 §2 /cost/…). Every figure is a sum over the queries that started in
 * the window, as the query list counts them, so a page's totals are those of the list. Sums are
 * taken in SQL over whole-number ten-thousandths: whole rollup buckets where a bucket lies inside
 * the window (and, for a series, inside one point), the queries themselves for what is left.
 */

/** Where a figure is summed from: a rollup's rows for whole buckets, the queries for the rest. */
interface Source {
  table: 'snowflake_query_rollups' | 'snowflake_cost_rollups'
  /** Which of the table's rows: a constant clause on `r`. */
  rows: string
  /** Bucket lengths the rows come in, longest first. */
  grains: readonly number[]
  /** Whether the table has a grain column (the cost rollups are per day only). */
  graded: boolean
  /**
   * The grouping column in the rollup and in snowflake_queries (none for the window's total), and
   * the name each holds codes of (the key is then that name): the sums group by code, then name the
   * few groups.
   */
  key?: {
    rollup: string
    raw: string
    rollupNames?: SnowflakeCodedDim
    rawNames: SnowflakeCodedDim | 'signature'
  }
}

const longestFirst = (grains: readonly number[]) => [...grains].sort((a, b) => b - a)

const SOURCES = {
  total: {
    table: 'snowflake_query_rollups',
    rows: "r.slice = 'wh'",
    grains: longestFirst(SNOWFLAKE_ROLLUP_SLICES.wh.grains),
    graded: true,
  },
  warehouse: {
    table: 'snowflake_query_rollups',
    rows: "r.slice = 'wh'",
    grains: longestFirst(SNOWFLAKE_ROLLUP_SLICES.wh.grains),
    graded: true,
    key: { rollup: 'warehouse_code', raw: 'warehouse_code', rollupNames: 'warehouse', rawNames: 'warehouse' },
  },
  user: {
    table: 'snowflake_query_rollups',
    rows: "r.slice = 'user'",
    grains: longestFirst(SNOWFLAKE_ROLLUP_SLICES.user.grains),
    graded: true,
    key: { rollup: 'user_code', raw: 'user_code', rollupNames: 'user', rawNames: 'user' },
  },
  tag: {
    table: 'snowflake_cost_rollups',
    rows: "r.dim = 'tag'",
    grains: [SF_DAY],
    graded: false,
    key: { rollup: 'key', raw: 'tag_code', rawNames: 'tag' },
  },
  signature: {
    table: 'snowflake_cost_rollups',
    rows: "r.dim = 'signature'",
    grains: [SF_DAY],
    graded: false,
    key: { rollup: 'key', raw: 'statement_id', rawNames: 'signature' },
  },
} as const satisfies Record<string, Source>

/**
 * What to read: rollup buckets as [grain, first bucket, end, point] and stored start-time ranges of
 * queries as [from, to, point]; the point is the series point they add to (0 for a plain total).
 * A series' points (`points`) are whole steps of the shown time: a query's is its start time moved
 * by the shift, rounded down to the step.
 */
interface Cover {
  buckets: [number, number, number, number][]
  raw: [number, number, number][]
  points?: { shift: number; step: number }
}

/** A half-open range of stored start times. */
interface Range {
  from: number
  to: number
}

/** The whole range as one point (0). */
function coverRange(range: Range, grains: readonly number[]): Cover {
  const c = coverWindow(range.from, range.to, grains)
  return {
    buckets: c.buckets.map((b) => [b.grain, b.from, b.to, 0]),
    raw: c.raw.map((r) => [r.from, r.to, 0]),
  }
}

/** The points of a series: whole intervals of the shown time, the first holding the window's start. */
function pointsOf(window: SnowflakeWindow, step: number): number[] {
  const points: number[] = []
  for (let ts = Math.floor(window.start / step) * step; ts <= window.end; ts += step) points.push(ts)
  return points
}

/**
 * Each point's part of the range, cut by the grains. Points are whole intervals of the shown time,
 * which is the stored time moved by the shift, so a bucket is read only where it lies inside one
 * point; the rest (a shift that is no whole hour leaves an hour at each point's edge) is read from
 * the queries.
 */
function coverPoints(range: Range, window: SnowflakeWindow, step: number, grains: readonly number[]): Cover {
  const cover: Cover = { buckets: [], raw: [], points: { shift: window.shift, step } }
  for (const ts of pointsOf(window, step)) {
    const from = Math.max(range.from, ts - window.shift)
    const to = Math.min(range.to, ts + step - window.shift)
    const c = coverWindow(from, to, grains)
    for (const b of c.buckets) cover.buckets.push([b.grain, b.from, b.to, ts])
    for (const r of c.raw) cover.raw.push([r.from, r.to, ts])
  }
  return cover
}

/** Sums per point and key; money and credits in ten-thousandths, duration in ms. */
interface Sum {
  ts: number
  k: string
  n: number
  cost: number
  credits: number
  duration: number
}

/** SQL naming a grouped code `k` (the signature of a statement, or a coded dimension's name). */
const named = (names: SnowflakeCodedDim | 'signature' | undefined) =>
  names === undefined
    ? 'k'
    : names === 'signature'
      ? '(SELECT signature FROM snowflake_statements WHERE id = k)'
      : nameSql(names, 'k')

/** Ranges [from, to, …] in order, those that touch joined into one [from, to]. */
function touchingJoined(ranges: readonly (readonly [number, number, ...number[]])[]): [number, number][] {
  const joined: [number, number][] = []
  for (const [from, to] of ranges) {
    const last = joined[joined.length - 1]
    if (last && last[1] === from) last[1] = to
    else joined.push([from, to])
  }
  return joined
}

function sums(db: Db, source: Source, cover: Cover, keys?: readonly string[]): Sum[] {
  if (!cover.buckets.length && !cover.raw.length) return []
  const rollupKey = source.key ? `r.${source.key.rollup}` : "''"
  const rawKey = source.key ? `q.${source.key.raw}` : "''"
  // The keys asked for are names: each leg keeps the rows of their codes (or statements).
  const codec = snowflakeCodec(db)
  const only = (column: string, names: SnowflakeCodedDim | 'signature' | undefined, param: string) => {
    if (!keys || !source.key) return { clause: '', value: '[]' }
    const asked = `(SELECT value FROM json_each(@${param}))`
    if (names === undefined) return { clause: `AND ${column} IN ${asked}`, value: JSON.stringify(keys) }
    if (names === 'signature')
      return {
        clause: `AND ${column} IN (SELECT id FROM snowflake_statements WHERE signature IN ${asked})`,
        value: JSON.stringify(keys),
      }
    return { clause: `AND ${column} IN ${asked}`, value: JSON.stringify(codec.codesOf(names, keys)) }
  }
  const rollupOnly = only(rollupKey, source.key?.rollupNames, 'rollupKeys')
  const rawOnly = only(rawKey, source.key?.rawNames, 'rawKeys')
  const duration = source.table === 'snowflake_cost_rollups' ? 'r.duration' : '0'
  // A plain total groups by key alone: reading the point from each row's range costs as much again.
  const pointed = cover.points !== undefined
  // Each leg groups its own rows by code (far fewer go through the union, and only they are named);
  // CROSS JOIN keeps the ranges outside, so each range is one seek into the rollup's key or into the
  // queries' rowids. The raw ranges that touch are read as one (the two sides of a point's edge, a
  // whole window of hourly points), each as [from, to, first rowid, end rowid] (queryRowsOf: a
  // binary search each), a query's point then read from its start time.
  const rawRows = touchingJoined(cover.raw).map(([from, to]) => {
    const rows = queryRowsOf(db, { from, to })
    return [from, to, rows.first, rows.end]
  })
  // Whole numbers in the text: a bound JS number is a REAL to SQLite, and the division must truncate.
  const rawPoint = cover.points
    ? `((q.start_time + ${Math.round(cover.points.shift)}) / ${Math.round(cover.points.step)}) * ${Math.round(cover.points.step)}`
    : '0'
  return db
    .prepare(
      // The raw ranges as columns, read from their JSON once (not once per query compared with them).
      `WITH raw AS MATERIALIZED (
         SELECT value ->> 0 AS time_from, value ->> 1 AS time_to, value ->> 2 AS first, value ->> 3 AS row_end
           FROM json_each(@raw))
       SELECT ts, k, sum(n) AS n, sum(cost) AS cost, sum(credits) AS credits, sum(dur) AS duration FROM (
         SELECT ts, ${named(source.key?.rollupNames)} AS k, n, cost, credits, dur FROM (
           SELECT ${pointed ? 'c.value ->> 3' : '0'} AS ts, ${rollupKey} AS k, sum(r.n) AS n, sum(r.cost_e4) AS cost,
                  sum(r.credits_e4) AS credits, sum(${duration}) AS dur
             FROM json_each(@buckets) c CROSS JOIN ${source.table} r
            WHERE ${source.rows} ${source.graded ? 'AND r.grain = c.value ->> 0' : ''}
              AND r.bucket >= c.value ->> 1 AND r.bucket < c.value ->> 2 ${rollupOnly.clause}
            GROUP BY 1, 2)
         UNION ALL
         SELECT ts, ${named(source.key?.rawNames)} AS k, n, cost, credits, dur FROM (
           SELECT ${rawPoint} AS ts, ${rawKey} AS k, count(*) AS n, sum(q.cost_e4) AS cost,
                  sum(q.credits_e4) AS credits, sum(q.duration) AS dur
             FROM raw c CROSS JOIN snowflake_queries q NOT INDEXED
            WHERE ${queryRowsSql('q', { from: 'c.time_from', to: 'c.time_to', first: 'c.first', end: 'c.row_end' })}
              ${rawOnly.clause}
            GROUP BY 1, 2)
       ) GROUP BY ts, k`,
    )
    .all({
      buckets: JSON.stringify(cover.buckets),
      raw: JSON.stringify(rawRows),
      rollupKeys: rollupOnly.value,
      rawKeys: rawOnly.value,
    }) as Sum[]
}

/** A cost call's window (default the last 30 days: 29 whole UTC days and today) and its points. */
interface CostWindow {
  window: SnowflakeWindow
  range: Range
  interval: PointInterval
  step: number
}

/** The cost picker's longest span (G23: its longest preset, a leap year). */
const MAX_SPAN_DAYS = PICKERS.cost.maxSpanDays ?? 366

function costWindow(db: Db, query: SnowflakeCostQuery, now: number): CostWindow {
  const window = snowflakeWindow(db, query, now, 'querystring', 29)
  if (window.end - window.start > MAX_SPAN_DAYS * SF_DAY)
    throw new HttpError(
      400,
      `querystring/startTime: the window may span at most ${MAX_SPAN_DAYS} days (the cost date picker's longest)`,
    )
  const interval = chartPointInterval(window.end - window.start)
  const step = POINT_INTERVAL_MS[interval]
  assertSeriesPoints(seriesGrid(window.start, window.end, step).n, interval, 'querystring/startTime')
  return { window, range: storedRange(window), interval, step }
}

const windowFields = (w: CostWindow) => ({
  startTime: iso(w.window.start, 0),
  endTime: iso(w.window.end, 0),
  interval: w.interval,
  pointInterval: w.step,
})

const totalsOf = (s: { n: number; cost: number; credits: number }): SnowflakeCostTotals => ({
  cost: fromE4(s.cost),
  credits: fromE4(s.credits),
  queryCount: s.n,
})

const addUp = (rows: readonly { n: number; cost: number; credits: number }[]) =>
  rows.reduce((t, r) => ({ n: t.n + r.n, cost: t.cost + r.cost, credits: t.credits + r.credits }), {
    n: 0,
    cost: 0,
    credits: 0,
  })

/** Percent of the whole, 2 decimals; 0 of a zero whole. */
const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((10_000 * part) / whole) / 100 : 0)

/** A grouped sum, named: `name` is what the console shows. */
interface Group {
  id: string
  name: string
  sum: Sum
}

/** Most cost first, then by name; shares of `wholeCost` (ten-thousandths). */
function toRows(groups: Group[], wholeCost: number): SnowflakeCostRow[] {
  return groups
    .sort((a, b) => b.sum.cost - a.sum.cost || a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
    .map((g) => ({ id: g.id, name: g.name, ...totalsOf(g.sum), share: percentOf(g.sum.cost, wholeCost) }))
}

/** Every group of a dimension with queries in the range, most cost first. */
function groups(db: Db, dim: 'warehouse' | 'user' | 'tag', range: Range): Group[] {
  const found = sums(db, SOURCES[dim], coverRange(range, SOURCES[dim].grains)).filter((s) => s.n > 0)
  const names =
    dim === 'warehouse'
      ? new Map(
          (
            db.prepare('SELECT uid, name FROM snowflake_warehouses').all() as { uid: string; name: string }[]
          ).map((w) => [w.uid, w.name]),
        )
      : undefined
  return found.map((sum) => ({
    id: sum.k,
    name: names ? (names.get(sum.k) ?? sum.k) : dim === 'tag' && sum.k === '' ? '(no tag)' : sum.k,
    sum,
  }))
}

/** Cost and credits per point of the window, every point (0 where no query started). */
function trends(db: Db, w: CostWindow): { cost: SnowflakePoint[]; credits: SnowflakePoint[] } {
  const byTs = new Map(
    sums(db, SOURCES.total, coverPoints(w.range, w.window, w.step, SOURCES.total.grains)).map((s) => [
      s.ts,
      s,
    ]),
  )
  const points = pointsOf(w.window, w.step)
  return {
    cost: points.map((ts) => [ts, fromE4(byTs.get(ts)?.cost ?? 0)]),
    credits: points.map((ts) => [ts, fromE4(byTs.get(ts)?.credits ?? 0)]),
  }
}

/** A cost series for each of the rows given (by id), every point of the window. */
function seriesOf(
  db: Db,
  dim: 'warehouse' | 'user' | 'tag',
  w: CostWindow,
  top: readonly SnowflakeCostRow[],
): SnowflakeCostSeries[] {
  if (!top.length) return []
  const source = SOURCES[dim]
  const found = sums(
    db,
    source,
    coverPoints(w.range, w.window, w.step, source.grains),
    top.map((r) => r.id),
  )
  const cost = new Map(found.map((s) => [`${s.k}\u0000${s.ts}`, s.cost]))
  const points = pointsOf(w.window, w.step)
  return top.map((r) => ({
    id: r.id,
    name: r.name,
    data: points.map((ts): SnowflakePoint => [ts, fromE4(cost.get(`${r.id}\u0000${ts}`) ?? 0)]),
  }))
}

/** The rows the overview and the breakdowns list, and the series they chart. */
const TOP = 5

/**
 * The totals of the period of the window's length just before it ([start - length, start), length =
 * end - start + 1 ms) and the change from them to `total`; null when the previous cost is 0.
 */
function againstBefore(
  db: Db,
  w: CostWindow,
  total: { cost: number },
): { previous: SnowflakeCostTotals; changePercent: number | null } {
  const length = w.range.to - w.range.from
  const [before] = sums(
    db,
    SOURCES.total,
    coverRange({ from: w.range.from - length, to: w.range.from }, SOURCES.total.grains),
  )
  const previous = before ?? { n: 0, cost: 0, credits: 0 }
  return {
    previous: totalsOf(previous),
    changePercent:
      previous.cost > 0 ? Math.round((10_000 * (total.cost - previous.cost)) / previous.cost) / 100 : null,
  }
}

/**
 * costOverview: the window's totals against the period of the same length just before it
 * ([start - length, start), length = end - start + 1 ms), the cost and credits per point, and the
 * 5 costliest warehouses and users. changePercent is null when the previous cost is 0.
 */
export function costOverview(db: Db, query: SnowflakeCostQuery, now: number): SnowflakeCostOverview {
  const w = costWindow(db, query, now)
  const { total, rows } = ranking(db, 'warehouse', w.range)
  const trend = trends(db, w)
  return {
    ...windowFields(w),
    total: totalsOf(total),
    ...againstBefore(db, w, total),
    trend: trend.cost,
    creditsTrend: trend.credits,
    topWarehouses: rows.slice(0, TOP),
    // Shares of the window's cost (the warehouses' total), as the tiles beside them.
    topUsers: toRows(groups(db, 'user', w.range), total.cost).slice(0, TOP),
  }
}

/** A dimension's groups over the range as rows (most cost first, shares of their own total) and that total. */
function ranking(db: Db, dim: 'warehouse' | 'user' | 'tag', range: Range) {
  const found = groups(db, dim, range)
  const total = addUp(found.map((g) => g.sum))
  return { total, rows: toRows(found, total.cost) }
}

/**
 * costUsers, costWarehouses, costTags: the window's totals, its rows (up to `limit`, most cost
 * first, shares of the window's cost), the cost per point and a series for each of the 5 costliest.
 */
export function costBreakdown(
  db: Db,
  dim: 'warehouse' | 'user' | 'tag',
  query: SnowflakeCostQuery,
  now: number,
): SnowflakeCostBreakdown {
  const w = costWindow(db, query, now)
  const { total, rows } = ranking(db, dim, w.range)
  return {
    ...windowFields(w),
    total: totalsOf(total),
    rows: rows.slice(0, query.limit ?? 100),
    trend: trends(db, w).cost,
    series: seriesOf(db, dim, w, rows.slice(0, TOP)),
  }
}

/** The window's figures without its series: costOverview's totals, costBreakdown's rows. */
export interface SnowflakeCostSummary {
  total: SnowflakeCostTotals
  previous: SnowflakeCostTotals
  changePercent: number | null
  /** Up to `limit` each, as costBreakdown lists them. */
  warehouses: SnowflakeCostRow[]
  users: SnowflakeCostRow[]
}

/**
 * costSummary: costOverview's totals and change and costBreakdown's warehouse and user rows (up to
 * `limit`), without the series either draws (the OpenSearch dashboards' tiles, bars and tables,
 * os-dashboard-snowflake.ts). The series are most of those calls' time: with a shift of no whole
 * hour, each point reads an hour of queries at either edge (30 days at the large scale: 32 ms of
 * costOverview's 36, 2026-11-28, loaded machine), where the totals read whole rollup buckets.
 */
export function costSummary(db: Db, query: SnowflakeCostQuery, now: number): SnowflakeCostSummary {
  const w = costWindow(db, query, now)
  const limit = query.limit ?? 100
  const warehouses = ranking(db, 'warehouse', w.range)
  return {
    total: totalsOf(warehouses.total),
    ...againstBefore(db, w, warehouses.total),
    warehouses: warehouses.rows.slice(0, limit),
    users: ranking(db, 'user', w.range).rows.slice(0, limit),
  }
}

interface Sample {
  id_bytes: Buffer
  user_name: string
  warehouse_name: string
  query_type: string
  template: string
  literal_seed: number
  start_time: number
}

/**
 * costQueries: the signatures (queries sharing a parameterized text) of the window, most cost first,
 * up to `limit`; each with its latest query of the window as the sample the row shows and links to.
 */
export function costQueries(db: Db, query: SnowflakeCostQuery, now: number): SnowflakeCostQueries {
  const w = costWindow(db, query, now)
  const found = sums(db, SOURCES.signature, coverRange(w.range, SOURCES.signature.grains)).filter(
    (s) => s.n > 0,
  )
  const total = addUp(found)
  const top = found.sort((a, b) => b.cost - a.cost || a.k.localeCompare(b.k)).slice(0, query.limit ?? 100)
  // The latest query of the signature: the latest of each of its statements (one seek each into
  // snowflake_queries_statement), then the latest of those.
  const sample = db.prepare(
    `SELECT q.id_bytes, ${nameSql('user', 'q.user_code')} AS user_name, w.name AS warehouse_name, s.query_type,
            s.template, q.literal_seed, q.start_time
       FROM snowflake_statements s
       JOIN snowflake_queries q ON q.rowid = (
              SELECT l.rowid FROM snowflake_queries l INDEXED BY snowflake_queries_statement
               WHERE l.statement_id = s.id AND l.start_time >= @from AND l.start_time < @to
               ORDER BY l.start_time DESC, l.rowid DESC LIMIT 1)
       JOIN snowflake_warehouses w ON w.code = q.warehouse_code
      WHERE s.signature = @signature
      ORDER BY q.start_time DESC, q.rowid DESC LIMIT 1`,
  )
  const rows = top.map((s): SnowflakeCostQueryRow => {
    const q = sample.get({ signature: s.k, ...w.range }) as Sample
    const sql = renderSql(q.template, q.literal_seed, iso(q.start_time, w.window.shift).slice(0, 10))
    return {
      signature: s.k,
      sqlShort: sql.slice(0, 200),
      queryType: q.query_type,
      sampleQueryId: queryIdText(q.id_bytes),
      userName: q.user_name,
      warehouseName: q.warehouse_name,
      ...totalsOf(s),
      avgDuration: Math.round(s.duration / s.n),
      share: percentOf(s.cost, total.cost),
    }
  })
  return { ...windowFields(w), total: totalsOf(total), rows, trend: trends(db, w).cost }
}
