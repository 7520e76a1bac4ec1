import {
  type DatabricksUsageTrending,
  type DatabricksUsageTrendingQuery,
  DATABRICKS_TREND_MAX_DAYS,
  DATABRICKS_TREND_MAX_FILTERS,
  type DatabricksCostTrends,
  type DatabricksCostTrendsQuery,
  type DatabricksTrendSeries,
  type DatabricksTrendType,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { listParam } from './app-lists.ts'
import {
  databricksWindowParts,
  keptDay,
  readWindowParts,
  rowsParams,
  sourceCodes,
  type DatabricksUsageSource,
} from './databricks-cost-pieces.ts'
import { databricksReadClock, dbusOf, usdOf } from './databricks-figures.ts'

/*
 * E051, the Databricks cost trends (02 §7, §9; issue 20 /cost_explorer/trends): the usage of every
 * source (job runs, all-purpose sessions, DLT updates no run triggered, SQL warehouses; each DBU
 * once, see databricks-usage.ts) per UTC day or 7-day block, one series per workspace, user or tag.
 * The window is cut as every Databricks cost reader cuts it (databricks-cost-pieces.ts). A rollup
 * day falls in the bucket of its start moved by the read-time shift: exact whenever the shift is a
 * whole number of days (the rows at the edges are always bucketed by their own start).
 */

const DAY = 86_400_000
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A YYYY-MM-DD as the epoch ms of its UTC midnight; 400 for a day that does not exist (2026-02-30). */
function utcDay(text: string, field: 'gte' | 'lte'): number {
  const m = DATE.exec(text)
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN
  if (!m || new Date(ms).toISOString().slice(0, 10) !== text)
    throw new HttpError(400, `querystring/${field}: "${text}" is not a day (YYYY-MM-DD)`)
  return ms
}

/** The asked days [gte, lte] as [from, end) in epoch ms; 400 when reversed or over 90 days. */
export function trendDays(q: Pick<DatabricksCostTrendsQuery, 'gte' | 'lte'>): { from: number; end: number } {
  const from = utcDay(q.gte, 'gte')
  const end = utcDay(q.lte, 'lte') + DAY
  if (end <= from) throw new HttpError(400, 'querystring/gte must not be after querystring/lte')
  const days = (end - from) / DAY
  if (days > DATABRICKS_TREND_MAX_DAYS)
    throw new HttpError(
      400,
      `querystring: a cost trend covers 1 to ${DATABRICKS_TREND_MAX_DAYS} days; ${q.gte} to ${q.lte} is ${days}`,
    )
  return { from, end }
}

/** The code column of db_usage_days (and of the rows) each breakdown groups on before naming. */
const CODE_COLUMN: Readonly<Record<DatabricksTrendType, 'workspace' | 'principal' | 'tag_set'>> = {
  workspaces: 'workspace',
  userName: 'principal',
  tags: 'tag_set',
}

/**
 * The names of a breakdown's codes: a workspace's name, a principal's name, or a tag set's
 * key:value pairs (a usage with two tags counts in both series; a set with none, the '' series).
 */
function namesOf(db: Db, type: DatabricksTrendType): (code: number) => readonly string[] {
  if (type === 'tags') {
    const sets = new Map<number, string[]>()
    for (const [code, tag] of db
      .prepare("SELECT s.code, t.key || ':' || t.value FROM db_tag_sets s JOIN db_tags t ON t.code = s.tag")
      .raw()
      .all() as [number, string][])
      sets.set(code, [...(sets.get(code) ?? []), tag])
    return (code) => sets.get(code) ?? ['']
  }
  const sql =
    type === 'workspaces'
      ? 'SELECT code, workspace_name FROM db_workspaces'
      : 'SELECT code, name FROM db_principals'
  const names = new Map((db.prepare(sql).raw().all() as [number, string][]).map(([c, n]) => [c, [n]]))
  return (code) => names.get(code) ?? [String(code)]
}

const UNTAGGED = '(untagged)'

/** E051: the cost a day or a week per breakdown value, in USD or DBUs. */
export function databricksCostTrends(
  db: Db,
  q: DatabricksCostTrendsQuery,
  now: number,
): DatabricksCostTrends {
  const type = q.type ?? 'workspaces'
  const unit = q.unit ?? 'USD'
  const granularity = q.granularity ?? 'daily'
  const { from, end } = trendDays(q)
  if (from > now) throw new HttpError(400, `querystring/gte: ${q.gte} is after today`)
  const filters = [...new Set(listParam(q.filters) ?? [])]
  if (filters.length > DATABRICKS_TREND_MAX_FILTERS)
    throw new HttpError(
      400,
      `querystring/filters: at most ${DATABRICKS_TREND_MAX_FILTERS} values (${filters.length} given)`,
    )
  if (type === 'tags' && filters.some((f) => !/^[^:]+:.+$/.test(f)))
    throw new HttpError(400, 'querystring/filters: a tag filter is key:value')
  const to = Math.min(end, now)
  const step = granularity === 'weekly' ? 7 * DAY : DAY
  const buckets: number[] = []
  for (let t = from; t < to; t += step) buckets.push(t)

  const { shift, storedNow } = databricksReadClock(db, now)
  // A rollup day is placed in the bucket of its start; a run in its own. The parts read run by run
  // only what does not sit at its day's place: the next bucket starts (stored) at this boundary.
  const placeOf = (day: number) => Math.floor((day + shift - from) / step)
  const parts = databricksWindowParts(
    db,
    ['JOB_RUN', 'CLUSTER', 'PIPELINE', 'WAREHOUSE'],
    { from: from - shift, to: to - shift },
    storedNow,
    (day) => from + (placeOf(day) + 1) * step - shift,
  )
  const dbu = unit === 'DBU'
  const value = (e4: number) => (dbu ? dbusOf(e4) : usdOf(e4))
  const code = CODE_COLUMN[type]
  // [code, bucket, dbus e4, cost e4, runs]: whole days kept once summed, the rows summed per call.
  const sums: [number, number, number, number, number][] = []
  const readRows = (
    source: string,
    range: { from: number; to: number },
    sign: 1 | -1,
    at: number | undefined,
  ) => {
    const bucket = at === undefined ? 'CAST((u.t + @shift - @shown) / @step AS INTEGER)' : String(placeOf(at))
    for (const [c, b, dbusE4, costE4, n] of db
      .prepare(
        `SELECT u.${code}, ${bucket}, sum(u.dbus_e4), sum(u.dbu_cost_e4 + u.vm_cost_e4), sum(u.n)
           FROM ${source} u GROUP BY 1, 2`,
      )
      .raw()
      .all({ ...rowsParams(db, range, storedNow), shift, shown: from, step }) as [
      number,
      number,
      number,
      number,
      number,
    ][])
      sums.push([c, b, sign * dbusE4, sign * costE4, sign * n])
  }
  const readDay = (day: number, sources: readonly DatabricksUsageSource[]) => {
    const bucket = placeOf(day)
    const kept = keptDay(db, `trend:${code}:${sourceCodes(sources)}`, day, () =>
      db
        .prepare(
          `SELECT ${code}, sum(dbus_e4), sum(dbu_cost_e4 + vm_cost_e4), sum(n) FROM db_usage_days
            WHERE day = ? AND source_type IN (${sourceCodes(sources)}) GROUP BY 1`,
        )
        .raw()
        .all(day),
    ) as [number, number, number, number][]
    for (const [c, dbusE4, costE4, n] of kept) sums.push([c, bucket, dbusE4, costE4, n])
  }
  readWindowParts(parts, { rows: readRows, day: readDay })
  const names = namesOf(db, type)
  const rows: [string, number, number, number][] = []
  let totalE4 = 0
  for (const [c, bucket, dbusE4, costE4, n] of sums) {
    const e4 = dbu ? dbusE4 : costE4
    totalE4 += e4
    for (const name of names(c)) rows.push([name, bucket, e4, n])
  }

  const byKey = new Map<string, number[]>()
  const runsOf = new Map<string, number>()
  for (const [k, bucket, e4, n] of rows) {
    const points = byKey.get(k) ?? buckets.map(() => 0)
    if (bucket >= 0 && bucket < buckets.length) points[bucket]! += e4
    byKey.set(k, points)
    runsOf.set(k, (runsOf.get(k) ?? 0) + n)
  }
  // A value whose every run was taken off again (a rollup day's runs outside the window) has none.
  for (const [k, n] of runsOf) if (n <= 0) byKey.delete(k)
  const all = [...byKey]
    .map(([k, points]) => ({ k, points, e4: points.reduce((s, p) => s + p, 0) }))
    .sort((a, b) => b.e4 - a.e4 || a.k.localeCompare(b.k))
  const seriesOf = (k: string, points: readonly number[]): DatabricksTrendSeries => ({
    key: k,
    label: k === '' ? UNTAGGED : k,
    total: value(points.reduce((s, p) => s + p, 0)),
    points: points.map((p, i) => [buckets[i]!, value(p)] as [number, number]),
  })
  // The values asked for (0 where none was used), else the 5 largest.
  const shown = filters.length
    ? filters
        .map((k) => seriesOf(k, byKey.get(k) ?? buckets.map(() => 0)))
        .sort((a, b) => b.total - a.total || a.key.localeCompare(b.key))
    : all.slice(0, DATABRICKS_TREND_MAX_FILTERS).map((s) => seriesOf(s.k, s.points))
  return {
    unit,
    granularity,
    type,
    from,
    to,
    buckets,
    series: shown,
    total: value(totalE4),
    values: all.slice(0, 500).map((s) => s.k),
  }
}

/** The UTC day of an instant, YYYY-MM-DD. */
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * E052: one tag's usage, the tags breakdown of the cost trends for that key:value (the same
 * figures, defined once); by default the last 7 UTC days, today included.
 */
export function databricksUsageTrending(
  db: Db,
  q: DatabricksUsageTrendingQuery,
  now: number,
): DatabricksUsageTrending {
  const lte = q.lte ?? dayText(now)
  const gte = q.gte ?? dayText(utcDay(lte, 'lte') - 6 * DAY)
  const trends = databricksCostTrends(
    db,
    { gte, lte, type: 'tags', unit: q.unit, granularity: q.granularity, filters: q.tag },
    now,
  )
  const series = trends.series.find((s) => s.key === q.tag)
  return {
    tag: q.tag,
    unit: trends.unit,
    granularity: trends.granularity,
    from: trends.from,
    to: trends.to,
    total: series?.total ?? 0,
    points: series?.points ?? trends.buckets.map((bucket): [number, number] => [bucket, 0]),
  }
}
