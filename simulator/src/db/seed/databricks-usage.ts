import { DATABRICKS_SKUS, DATABRICKS_USAGE_SOURCES, type DatabricksSku } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { RowInserter } from './bulk-insert.ts'

const DAY = 86_400_000

const sku = (name: DatabricksSku) => DATABRICKS_SKUS.indexOf(name)
const source = (name: (typeof DATABRICKS_USAGE_SOURCES)[number]) => DATABRICKS_USAGE_SOURCES.indexOf(name)

/**
 * The daily usage (db_usage_days) as SQL over the stored rows: the definition the seed's own sums
 * must equal (a test compares them), and how test fixtures that write db_* rows by hand get their
 * rollup. Every DBU once (schema.sql): job runs (an all-purpose run carries its share, a pipeline
 * task's run its update's DBUs); the all-purpose sessions' remainder (interactive and idle); the
 * pipeline updates no job run triggered; the SQL warehouses' uptime, on their creator. A row counts
 * on the UTC day of its stored start.
 */
export function rollUpStoredDatabricksUsage(db: Db): void {
  db.transaction(() => {
    db.prepare('DELETE FROM db_usage_days').run()
    db.prepare(
      `INSERT INTO db_usage_days
       SELECT day, workspace, principal, sku, source_type, source, tag_set,
              count(*), sum(duration), sum(dbus_e4), sum(dbu_cost_e4), sum(vm_cost_e4)
         FROM (
           SELECT r.start_time - r.start_time % ${DAY} AS day, r.workspace, r.principal, r.sku,
                  ${source('JOB_RUN')} AS source_type, r.job AS source, coalesce(r.tag_set, 0) AS tag_set,
                  r.duration, r.dbus_e4, r.dbu_cost_e4, r.vm_cost_e4
             FROM db_runs r
           UNION ALL
           SELECT s.start_time - s.start_time % ${DAY}, c.workspace, s.principal, ${sku('ALL_PURPOSE_COMPUTE')},
                  ${source('CLUSTER')}, c.code, coalesce(c.tag_set, 0),
                  coalesce(s.end_time, s.start_time) - s.start_time, s.dbus_e4, s.dbu_cost_e4, s.vm_cost_e4
             FROM db_cluster_sessions s JOIN db_clusters c ON c.code = s.cluster
           UNION ALL
           SELECT u.start_time - u.start_time % ${DAY}, p.workspace, p.owner, ${sku('DLT_CORE')} + p.edition,
                  ${source('PIPELINE')}, p.code, coalesce(p.tag_set, 0),
                  u.duration, u.dbus_e4, u.dbu_cost_e4, u.vm_cost_e4
             FROM db_pipeline_updates u JOIN db_pipelines p ON p.code = u.pipeline
            WHERE u.job_run IS NULL
           UNION ALL
           SELECT s.start_time - s.start_time % ${DAY}, w.workspace, w.creator, ${sku('SQL_CLASSIC')} + w.warehouse_type,
                  ${source('WAREHOUSE')}, w.code, coalesce(w.tag_set, 0),
                  coalesce(s.end_time, s.start_time) - s.start_time, s.dbus_e4, s.dbu_cost_e4, s.vm_cost_e4
             FROM db_warehouse_sessions s JOIN db_warehouses w ON w.code = s.warehouse
         )
        GROUP BY day, workspace, principal, sku, source_type, source, tag_set
        ORDER BY day, workspace, principal, sku, source_type, source, tag_set`,
    ).run()
  })()
}

/** What a db_usage_days row groups by (its primary key). */
export interface DatabricksUsageKey {
  /** The usage's stored start (epoch ms); its UTC day is the row's. */
  start: number
  workspace: number
  principal: number
  sku: number
  sourceType: number
  source: number
  /** null: no tags (stored 0). */
  tagSet: number | null
}

const USAGE_COLUMNS = [
  'day',
  'workspace',
  'principal',
  'sku',
  'source_type',
  'source',
  'tag_set',
  'n',
  'duration',
  'dbus_e4',
  'dbu_cost_e4',
  'vm_cost_e4',
] as const
/** The primary key's columns come first in USAGE_COLUMNS; n and the sums follow. */
const USAGE_KEYS = 7

/**
 * db_usage_days accumulated while the seed generates the rows (issue 18: no pass over a million
 * runs in SQL afterwards): the same sums as rollUpStoredDatabricksUsage, which a test holds it to.
 * A few tens of thousands of groups at the large scale (day × job or cluster, pipeline, warehouse),
 * held in a map and written once, in key order.
 */
export class DatabricksUsageBuilder {
  private readonly groups = new Map<string, number[]>()

  add(key: DatabricksUsageKey, duration: number, dbusE4: number, dbuCostE4: number, vmCostE4: number): void {
    const day = key.start - (key.start % DAY)
    const tagSet = key.tagSet ?? 0
    const id = `${day}|${key.workspace}|${key.principal}|${key.sku}|${key.sourceType}|${key.source}|${tagSet}`
    const group = this.groups.get(id)
    if (group) {
      group[USAGE_KEYS]! += 1
      group[USAGE_KEYS + 1]! += duration
      group[USAGE_KEYS + 2]! += dbusE4
      group[USAGE_KEYS + 3]! += dbuCostE4
      group[USAGE_KEYS + 4]! += vmCostE4
    } else
      this.groups.set(id, [
        day,
        key.workspace,
        key.principal,
        key.sku,
        key.sourceType,
        key.source,
        tagSet,
        1,
        duration,
        dbusE4,
        dbuCostE4,
        vmCostE4,
      ])
  }

  /** The DBU cost (cents × 10,000) of the usage on days from `since` on (the billing contract's size). */
  dbuCostSince(since: number): number {
    let total = 0
    for (const group of this.groups.values()) if (group[0]! >= since) total += group[USAGE_KEYS + 3]!
    return total
  }

  /** Writes the groups in primary-key order (inside the caller's transaction). */
  write(db: Db): void {
    const rows = [...this.groups.values()].sort((a, b) => {
      for (let i = 0; i < USAGE_KEYS; i++) if (a[i] !== b[i]) return a[i]! - b[i]!
      return 0
    })
    const inserter = new RowInserter(db, 'db_usage_days', USAGE_COLUMNS)
    for (const row of rows) inserter.pushRow(row)
    inserter.flush()
  }
}
