import { DATABRICKS_USAGE_SOURCES } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { finalRunFigures } from './databricks-figures.ts'
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
 *   pipeline or warehouse code), tag_set (0: none), n, duration, dbus_e4, dbu_cost_e4, vm_cost_e4.
 * Readers group by these codes and name the groups afterwards, on a few hundred rows: a join on
 * the union itself would be planned row by row.
 */

const DAY = 86_400_000

export type DatabricksUsageSource = (typeof DATABRICKS_USAGE_SOURCES)[number]
const sourceCode = (name: DatabricksUsageSource) => DATABRICKS_USAGE_SOURCES.indexOf(name)

/** The rows of one source that started in [@<p>from, @<p>to), in the columns above. */
function rowsOf(source: DatabricksUsageSource, p: string): string {
  const range = (col: string) => `${col} >= @${p}from AND ${col} < @${p}to`
  switch (source) {
    case 'JOB_RUN': {
      const f = finalRunFigures('r')
      return `SELECT r.start_time AS t, r.workspace, r.principal, ${sourceCode('JOB_RUN')} AS source_type,
                     r.job AS source, coalesce(r.tag_set, 0) AS tag_set, 1 AS n, r.duration,
                     ${f.dbusE4} AS dbus_e4, ${f.dbuCostE4} AS dbu_cost_e4, ${f.vmCostE4} AS vm_cost_e4
                FROM db_runs r WHERE ${range('r.start_time')}`
    }
    case 'CLUSTER':
      return `SELECT s.start_time AS t, c.workspace, s.principal, ${sourceCode('CLUSTER')} AS source_type,
                     c.code AS source, coalesce(c.tag_set, 0) AS tag_set, 1 AS n,
                     coalesce(s.end_time, s.start_time) - s.start_time AS duration, s.dbus_e4, s.dbu_cost_e4, s.vm_cost_e4
                FROM db_cluster_sessions s JOIN db_clusters c ON c.code = s.cluster WHERE ${range('s.start_time')}`
    case 'PIPELINE':
      return `SELECT u.start_time AS t, p.workspace, p.owner AS principal, ${sourceCode('PIPELINE')} AS source_type,
                     p.code AS source, coalesce(p.tag_set, 0) AS tag_set, 1 AS n, u.duration, u.dbus_e4,
                     u.dbu_cost_e4, u.vm_cost_e4
                FROM db_pipeline_updates u JOIN db_pipelines p ON p.code = u.pipeline
               WHERE u.job_run IS NULL AND ${range('u.start_time')}`
    case 'WAREHOUSE':
      return `SELECT s.start_time AS t, w.workspace, w.creator AS principal, ${sourceCode('WAREHOUSE')} AS source_type,
                     w.code AS source, coalesce(w.tag_set, 0) AS tag_set, 1 AS n,
                     coalesce(s.end_time, s.start_time) - s.start_time AS duration, s.dbus_e4, s.dbu_cost_e4, s.vm_cost_e4
                FROM db_warehouse_sessions s JOIN db_warehouses w ON w.code = s.warehouse WHERE ${range('s.start_time')}`
  }
}

/**
 * The stored start of the first UTC day holding a run whose cost is not final at storedNow (index
 * db_runs_cost_final), or Infinity when every run's cost is final.
 */
export function firstUnfinalDay(db: Db, storedNow: number): number {
  const start = cachedStatement(db, 'SELECT min(start_time) FROM db_runs WHERE cost_final_at > ?')
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

/** The rows of a piece as one subquery (in parentheses) with the columns above; binds @from, @to, @storedNow. */
export function rowsSql(sources: readonly DatabricksUsageSource[]): string {
  return `(${sources.map((s) => rowsOf(s, '')).join(' UNION ALL ')})`
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
