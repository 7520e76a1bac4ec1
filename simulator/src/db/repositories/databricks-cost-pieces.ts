import { DATABRICKS_USAGE_SOURCES } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { finalRunFigures } from './databricks-figures.ts'

/*
 * The Databricks usage of a window as one SQL source, cut the same way for every cost reader that
 * sums it (the cost trends and the dcb chargeback; issue 20 "Numbers agree"): whole stored UTC days
 * from db_usage_days, the partial days at the window's edges from the rows (runs, sessions,
 * updates, warehouse sessions), as bigQueryWindowPieces cuts BigQuery's. Billing lag: db_usage_days
 * holds final and not-yet-final runs alike, so from the first day with a run whose cost is not
 * final on, the runs come from db_runs through finalRunFigures (0 until cost_final_at) and only the
 * other sources from the rollup. Every piece answers the same columns:
 *   t (stored ms: a row's start or a rollup day), workspace, principal, source_type, source (the
 *   job, cluster, pipeline or warehouse code), tag_set (0: none), n, duration, dbus_e4, dbu_cost_e4,
 *   vm_cost_e4 (every piece names them: a UNION takes its names from its first part).
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

/** The rollup's days in [@<p>from, @<p>to) of the given sources. */
function daysOf(sources: readonly DatabricksUsageSource[], p: string): string {
  return `SELECT d.day AS t, d.workspace, d.principal, d.source_type, d.source, d.tag_set, d.n, d.duration,
                 d.dbus_e4, d.dbu_cost_e4, d.vm_cost_e4
            FROM db_usage_days d
           WHERE d.day >= @${p}from AND d.day < @${p}to
             AND d.source_type IN (${sources.map(sourceCode).join(', ')})`
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

export interface DatabricksUsageSql {
  /** A subquery (in parentheses) with the columns above. */
  sql: string
  params: Record<string, number>
}

/**
 * The usage of the given sources that started in the stored window [from, to), as one subquery:
 * `@storedNow` is bound in its params (the runs' billing lag).
 */
export function databricksUsageSql(
  db: Db,
  sources: readonly DatabricksUsageSource[],
  window: { from: number; to: number },
  storedNow: number,
): DatabricksUsageSql {
  const params: Record<string, number> = { storedNow }
  const parts: string[] = []
  const rows = (from: number, to: number, of: readonly DatabricksUsageSource[]) => {
    if (from >= to || !of.length) return
    const p = `p${parts.length}`
    Object.assign(params, { [`${p}from`]: from, [`${p}to`]: to })
    parts.push(of.map((s) => rowsOf(s, p)).join(' UNION ALL '))
  }
  const days = (from: number, to: number, of: readonly DatabricksUsageSource[]) => {
    if (from >= to || !of.length) return
    const p = `p${parts.length}`
    Object.assign(params, { [`${p}from`]: from, [`${p}to`]: to })
    parts.push(daysOf(of, p))
  }
  const firstDay = Math.ceil(window.from / DAY) * DAY
  const lastDay = Math.floor(window.to / DAY) * DAY
  if (firstDay >= lastDay) rows(window.from, window.to, sources)
  else {
    rows(window.from, firstDay, sources)
    const lagDay = sources.includes('JOB_RUN') ? Math.max(firstDay, firstUnfinalDay(db, storedNow)) : lastDay
    days(firstDay, Math.min(lagDay, lastDay), sources)
    if (lagDay < lastDay) {
      // Days with a run not final yet: the runs from db_runs, the rest from the rollup.
      days(
        lagDay,
        lastDay,
        sources.filter((s) => s !== 'JOB_RUN'),
      )
      rows(lagDay, lastDay, ['JOB_RUN'])
    }
    rows(lastDay, window.to, sources)
  }
  // An empty window still answers the columns (no rows).
  if (!parts.length) parts.push(`${rowsOf(sources[0] ?? 'JOB_RUN', 'p0')} AND 0`)
  if (params.p0from === undefined) Object.assign(params, { p0from: 0, p0to: 0 })
  return { sql: `(${parts.join(' UNION ALL ')})`, params }
}
