import { DATABRICKS_SKUS, DATABRICKS_USAGE_SOURCES, type DatabricksSku } from '@costlens/shared'
import type { Db } from '../open-database.ts'

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
