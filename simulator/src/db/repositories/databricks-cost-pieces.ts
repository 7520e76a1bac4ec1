import { DATABRICKS_SKUS, DATABRICKS_USAGE_SOURCES, type DatabricksSku } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { finalRunFigures } from './databricks-figures.ts'
import { RUNS_BY_ROWID, runRowidParams, runRowidsSql } from './databricks-run-window.ts'
import { readSetting } from './settings.ts'

/*
 * The Databricks usage of a window, cut the same way for every cost reader that sums it (the cost
 * trends and the dcb chargeback; issue 20 "Numbers agree"): whole stored UTC days from
 * db_usage_days, the partial days at the window's edges from the rows (runs, sessions, updates,
 * warehouse sessions), as bigQueryWindowPieces cuts BigQuery's. Billing lag: db_usage_days holds
 * final and not-yet-final runs alike, so from the first day with a run whose cost is not final on,
 * the runs come from db_runs through finalRunFigures (0 until cost_final_at) and only the other
 * sources from the rollup. The rows answer the rollup's columns (a UNION takes its names from its
 * first part, so every part names them):
 *   t (stored ms: a row's start), workspace, principal, source_type, source (the job, cluster,
 *   pipeline or warehouse code), tag_set (0: none), n, duration, dbus_e4, dbu_cost_e4, vm_cost_e4,
 *   sku (DATABRICKS_SKUS index, as rollUpStoredDatabricksUsage gives each source's rows).
 * Readers group by these codes and name the groups afterwards, on a few hundred rows: a join on
 * the union itself would be planned row by row.
 */

const DAY = 86_400_000

export type DatabricksUsageSource = (typeof DATABRICKS_USAGE_SOURCES)[number]
const sourceCode = (name: DatabricksUsageSource) => DATABRICKS_USAGE_SOURCES.indexOf(name)
const sku = (name: DatabricksSku) => DATABRICKS_SKUS.indexOf(name)

/** The rows of one source that started in [@<p>from, @<p>to), in the columns above. */
function rowsOf(source: DatabricksUsageSource, p: string): string {
  const range = (col: string) => `${col} >= @${p}from AND ${col} < @${p}to`
  switch (source) {
    case 'JOB_RUN': {
      const f = finalRunFigures('r')
      return `SELECT r.start_time AS t, r.workspace, r.principal, ${sourceCode('JOB_RUN')} AS source_type,
                     r.job AS source, coalesce(r.tag_set, 0) AS tag_set, 1 AS n, r.duration,
                     ${f.dbusE4} AS dbus_e4, ${f.dbuCostE4} AS dbu_cost_e4, ${f.vmCostE4} AS vm_cost_e4,
                     r.sku AS sku
                FROM ${RUNS_BY_ROWID} WHERE ${runRowidsSql(p)} AND ${range('r.start_time')}`
    }
    case 'CLUSTER':
      return `SELECT s.start_time AS t, c.workspace, s.principal, ${sourceCode('CLUSTER')} AS source_type,
                     c.code AS source, coalesce(c.tag_set, 0) AS tag_set, 1 AS n,
                     coalesce(s.end_time, s.start_time) - s.start_time AS duration, s.dbus_e4, s.dbu_cost_e4, s.vm_cost_e4,
                     ${sku('ALL_PURPOSE_COMPUTE')} AS sku
                FROM db_cluster_sessions s JOIN db_clusters c ON c.code = s.cluster WHERE ${range('s.start_time')}`
    case 'PIPELINE':
      return `SELECT u.start_time AS t, p.workspace, p.owner AS principal, ${sourceCode('PIPELINE')} AS source_type,
                     p.code AS source, coalesce(p.tag_set, 0) AS tag_set, 1 AS n, u.duration, u.dbus_e4,
                     u.dbu_cost_e4, u.vm_cost_e4, ${sku('DLT_CORE')} + p.edition AS sku
                FROM db_pipeline_updates u JOIN db_pipelines p ON p.code = u.pipeline
               WHERE u.job_run IS NULL AND ${range('u.start_time')}`
    case 'WAREHOUSE':
      return `SELECT s.start_time AS t, w.workspace, w.creator AS principal, ${sourceCode('WAREHOUSE')} AS source_type,
                     w.code AS source, coalesce(w.tag_set, 0) AS tag_set, 1 AS n,
                     coalesce(s.end_time, s.start_time) - s.start_time AS duration, s.dbus_e4, s.dbu_cost_e4, s.vm_cost_e4,
                     ${sku('SQL_CLASSIC')} + w.warehouse_type AS sku
                FROM db_warehouse_sessions s JOIN db_warehouses w ON w.code = s.warehouse WHERE ${range('s.start_time')}`
  }
}

/**
 * The stored start of the first UTC day holding a run whose cost is not final at storedNow (index
 * db_runs_cost_final), or Infinity when every run's cost is final.
 */
export function firstUnfinalDay(db: Db, storedNow: number): number {
  // Named: for min(start_time) SQLite may walk the runs in start order from the oldest to the first
  // not final, the newest: all of them (90 ms at a million runs, on every cost trend, dcb and billing
  // request). Here it reads the few runs not final (0.4 ms).
  const start = cachedStatement(
    db,
    'SELECT min(start_time) FROM db_runs INDEXED BY db_runs_cost_final WHERE cost_final_at > ?',
  )
    .pluck()
    .get(storedNow) as number | null
  return start === null ? Infinity : Math.floor(start / DAY) * DAY
}

/** A piece of a stored window: whole rollup days, or rows (an edge, or the runs of unfinal days). */
export interface UsagePiece {
  table: 'days' | 'rows'
  from: number
  to: number
  sources: readonly DatabricksUsageSource[]
}

/**
 * The pieces a stored window [from, to) of the given sources is read from: its partial edge days
 * from the rows, its whole days from db_usage_days, except the runs of the days from the first one
 * with a run not final yet, which come from db_runs (billing lag). Empty pieces left out.
 */
export function databricksWindowPieces(
  db: Db,
  sources: readonly DatabricksUsageSource[],
  window: { from: number; to: number },
  storedNow: number,
): UsagePiece[] {
  const piece = (
    table: UsagePiece['table'],
    from: number,
    to: number,
    of: readonly DatabricksUsageSource[],
  ) => ({ table, from, to, sources: of }) as UsagePiece
  const firstDay = Math.ceil(window.from / DAY) * DAY
  const lastDay = Math.floor(window.to / DAY) * DAY
  const pieces: UsagePiece[] = []
  if (firstDay >= lastDay) pieces.push(piece('rows', window.from, window.to, sources))
  else {
    pieces.push(piece('rows', window.from, firstDay, sources))
    const lagDay = sources.includes('JOB_RUN') ? Math.max(firstDay, firstUnfinalDay(db, storedNow)) : lastDay
    pieces.push(piece('days', firstDay, Math.min(lagDay, lastDay), sources))
    if (lagDay < lastDay) {
      pieces.push(
        piece(
          'days',
          lagDay,
          lastDay,
          sources.filter((s) => s !== 'JOB_RUN'),
        ),
      )
      pieces.push(piece('rows', lagDay, lastDay, ['JOB_RUN']))
    }
    pieces.push(piece('rows', lastDay, window.to, sources))
  }
  return pieces.filter((p) => p.from < p.to && p.sources.length > 0)
}

/** The rows of a piece as one subquery (in parentheses) with the columns above; binds rowsParams. */
export function rowsSql(sources: readonly DatabricksUsageSource[]): string {
  return `(${sources.map((s) => rowsOf(s, '')).join(' UNION ALL ')})`
}

/** The bindings of rowsSql (and UNFINAL_RUNS_SQL) for a stored range: @from, @to, @storedNow and the runs' rowids. */
export function rowsParams(db: Db, range: { from: number; to: number }, storedNow: number) {
  return { from: range.from, to: range.to, storedNow, ...runRowidParams(db, range.from, range.to) }
}

/** The source codes of a piece, for `source_type IN (…)`. */
export const sourceCodes = (sources: readonly DatabricksUsageSource[]) => sources.map(sourceCode).join(', ')

/*
 * Whole stored days summed once per process and kept (as bigquery-cost.ts keeps BigQuery's): the
 * seed is the only writer of db_usage_days, so a day always sums the same until the next seed.
 */
const dayCaches = new WeakMap<Db, { seededAt: string | undefined; days: Map<string, unknown> }>()

/** The kept sums of the database as seeded now (a new seed starts afresh), by `what` and day. */
export function keptDay<T>(db: Db, what: string, day: number, read: () => T): T {
  const seededAt = readSetting(db, 'seeded_at')
  let held = dayCaches.get(db)
  if (!held || held.seededAt !== seededAt) dayCaches.set(db, (held = { seededAt, days: new Map() }))
  const key = `${what}:${day}`
  if (!held.days.has(key)) held.days.set(key, read())
  return held.days.get(key) as T
}

/**
 * A stored window cut so that the rows read are few (issue 20 Performance: the partial days and the
 * days still being billed were read run by run, a day or more of a million runs' history each call):
 *   days    whole stored days read from db_usage_days, each placed at its day's start;
 *   plus    rows (final figures) counted at their own start;
 *   minus   rows (final figures) taken off the day `at` they are part of in the rollup;
 *   unfinal runs of [from, to) whose cost is not final yet: the rollup holds their DBUs and costs,
 *           the final figures 0, so those are taken off their day (their run and duration stay).
 * A day the answer needs run by run (an edge day, a day still being billed, for the sources given
 * as `exact` there) is read from the rollup less the runs that do not belong at its place — those
 * outside the window, and those past `boundary(day)`, the stored start of the next bucket of a
 * reader that buckets by time — whenever those are fewer than the day's own runs; else from the
 * rows as before. The sums agree with databricksWindowPieces' to the unit (tests: databricks-cost).
 */
export interface UsageParts {
  days: { day: number; sources: readonly DatabricksUsageSource[] }[]
  plus: { from: number; to: number; sources: readonly DatabricksUsageSource[] }[]
  minus: { from: number; to: number; at: number; sources: readonly DatabricksUsageSource[] }[]
  unfinal: { from: number; to: number }[]
}

export function databricksWindowParts(
  db: Db,
  sources: readonly DatabricksUsageSource[],
  window: { from: number; to: number },
  storedNow: number,
  boundary: (day: number) => number = () => Infinity,
): UsageParts {
  const parts: UsageParts = { days: [], plus: [], minus: [], unfinal: [] }
  if (window.to <= window.from) return parts
  const lagDay = sources.includes('JOB_RUN') ? firstUnfinalDay(db, storedNow) : Infinity
  for (let day = Math.floor(window.from / DAY) * DAY; day < window.to; day += DAY) {
    const from = Math.max(day, window.from)
    const to = Math.min(day + DAY, window.to)
    const whole = from === day && to === day + DAY
    // As databricksWindowPieces: a whole day's usage is placed at its start, except the runs of a
    // day still being billed, which count at their own start (and their final figures only).
    const exact = whole ? (day + DAY > lagDay ? sources.filter((s) => s === 'JOB_RUN') : []) : sources
    const approximate = sources.filter((s) => !exact.includes(s))
    if (approximate.length) parts.days.push({ day, sources: approximate })
    if (!exact.length) continue
    const next = Math.min(Math.max(boundary(day), from), to)
    // Off the day's place: its runs before the window, and those from the next bucket or the window's end on.
    const off = [
      [day, from],
      [next, day + DAY],
    ].filter(([a, b]) => a! < b!) as [number, number][]
    const offLength = off.reduce((s, [a, b]) => s + b - a, 0)
    if (offLength >= to - from) {
      parts.plus.push({ from, to, sources: exact })
      continue
    }
    parts.days.push({ day, sources: exact })
    for (const [a, b] of off) {
      parts.minus.push({ from: a, to: b, at: day, sources: exact })
      // The part of them inside the window counts at its own start.
      const inA = Math.max(a, window.from)
      const inB = Math.min(b, window.to)
      if (inA < inB) parts.plus.push({ from: inA, to: inB, sources: exact })
    }
    if (exact.includes('JOB_RUN') && day + DAY > lagDay) parts.unfinal.push({ from: day, to: day + DAY })
  }
  return parts
}

/** How a cost reader sums a window's parts (readWindowParts). */
export interface PartsReader {
  /**
   * Rows of a subquery (binds rowsParams; the columns of rowsSql) counted with `sign`;
   * `at` is the rollup day they are taken off, for rows that do not belong at that day's place.
   */
  rows(source: string, range: { from: number; to: number }, sign: 1 | -1, at: number | undefined): void
  /** A whole rollup day of the given sources. */
  day(day: number, sources: readonly DatabricksUsageSource[]): void
}

/** Reads a window's parts the one way every cost reader sums them: plus rows, minus rows, unfinal runs off, whole days. */
export function readWindowParts(parts: UsageParts, reader: PartsReader): void {
  for (const p of parts.plus) reader.rows(rowsSql(p.sources), p, 1, undefined)
  for (const p of parts.minus) reader.rows(rowsSql(p.sources), p, -1, p.at)
  for (const p of parts.unfinal) reader.rows(UNFINAL_RUNS_SQL, p, -1, p.from)
  for (const { day, sources } of parts.days) reader.day(day, sources)
}

/**
 * The runs of a stored range whose cost is not final at @storedNow (db_runs_cost_final), in the
 * columns of rowsSql with their stored DBUs and costs (what the rollup holds of them) and n and
 * duration 0; binds @from, @to, @storedNow.
 */
export const UNFINAL_RUNS_SQL = `(SELECT r.start_time AS t, r.workspace, r.principal,
       ${DATABRICKS_USAGE_SOURCES.indexOf('JOB_RUN')} AS source_type, r.job AS source,
       coalesce(r.tag_set, 0) AS tag_set, 0 AS n, 0 AS duration, r.dbus_e4, r.dbu_cost_e4, r.vm_cost_e4,
       r.sku AS sku
  FROM db_runs r INDEXED BY db_runs_cost_final
 WHERE r.cost_final_at > @storedNow AND r.start_time >= @from AND r.start_time < @to)`
