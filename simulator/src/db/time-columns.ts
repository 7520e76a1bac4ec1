import type { Db } from './open-database.ts'
import { readSetting, writeSetting } from './repositories/settings.ts'

/**
 * Every seeded time column. When the simulator starts on a later day than the one the database was
 * seeded on, these columns move forward by the difference, so history always ends "now" and the
 * apps that were running at seeding are running still. Tables added later register here.
 *
 * Applications are not here: a million rows cannot be rewritten at every start. Their times stay
 * as seeded and the repository adds the shift as it reads them (see appsTimeShift).
 */
export const TIME_COLUMNS: readonly { table: string; columns: readonly string[] }[] = [
  { table: 'users', columns: ['created_at', 'frozen_start', 'frozen_end'] },
  { table: 'clusters', columns: ['created_at', 'terminated_at'] },
  { table: 'tags', columns: ['first_seen', 'last_seen'] },
  // EMR clusters move in place like the `clusters` rows they extend (tens of thousands at most).
  { table: 'emr_clusters', columns: ['created_at', 'ready_at', 'ended_at'] },
  { table: 'emr_cluster_events', columns: ['event_time'] },
  // BigQuery projects (tens of rows; their jobs move at read time, below).
  { table: 'bq_projects', columns: ['created_at'] },
  // BigQuery tables' storage (hundreds of rows at most).
  { table: 'bq_table_storage', columns: ['created_at', 'last_modified'] },
  // Databricks' workspaces, clusters, jobs, pipelines, warehouses and billing contracts (hundreds of
  // rows at most; their runs, sessions, updates and queries move at read time, below).
  { table: 'db_workspaces', columns: ['created_at'] },
  { table: 'db_clusters', columns: ['created_at'] },
  { table: 'db_jobs', columns: ['created_at'] },
  { table: 'db_pipelines', columns: ['created_at'] },
  { table: 'db_warehouses', columns: ['created_at'] },
  { table: 'db_billing_contracts', columns: ['start_date', 'end_date', 'created_at'] },
  // Notification channels, their test sends and OpenSearch's users and roles (issue 23): a few dozen
  // rows, seeded or written through the console, shown with their ages.
  { table: 'notification_channels', columns: ['created_at', 'updated_at', 'last_test_at'] },
  { table: 'notification_channel_tests', columns: ['tested_at'] },
  { table: 'os_roles', columns: ['updated_at'] },
  { table: 'os_users', columns: ['created_at', 'updated_at'] },
  // OpenSearch monitors, their alerts and the channels told (issue 23 /os_alerting): moved with the
  // clock as the stored series they read move at read time, so a monitor's last run stays as far behind
  // now as it was and its alerts stay beside the data that raised them.
  { table: 'os_monitors', columns: ['created_at', 'updated_at', 'last_run_at'] },
  { table: 'os_alerts', columns: ['triggered_at', 'acknowledged_at', 'ended_at'] },
  { table: 'os_alert_notifications', columns: ['sent_at'] },
  // Saved OpenSearch dashboards (issue 23 /os_dashboard): a few rows, shown with their ages.
  { table: 'os_dashboards', columns: ['created_at', 'updated_at'] },
  // OpenSearch anomaly detectors (issue 23 /osd_anomalies): a few rows, their starts and stops with the clock.
  { table: 'os_detectors', columns: ['started_at', 'stopped_at', 'created_at', 'updated_at'] },
]

/**
 * Time columns that stay as seeded and move at read time by appsTimeShift, like the applications
 * they come from: the YARN resource series are derived from the applications' run times, so they
 * shift with them (a series shifted on its own would drift from the apps it sums), and rewriting
 * their million rows at each start is what the read-time shift avoids. Not shifted by
 * shiftToClock; listed so that every seeded time column is registered in one of the two lists.
 */
export const APP_TIME_COLUMNS: readonly { table: string; columns: readonly string[] }[] = [
  { table: 'applications', columns: ['start_time', 'finished_time'] },
  { table: 'cluster_resource_buckets', columns: ['ts'] },
  // HBase (issue 21): the region servers' 5-minute series and the times beside it, read shifted.
  { table: 'hbase_servers', columns: ['dead_since'] },
  { table: 'hbase_tables', columns: ['created_at'] },
  { table: 'hbase_regions', columns: ['region_ts'] },
  { table: 'hbase_server_samples', columns: ['ts'] },
  // Kafka (issue 21): the clusters' load per minute and per hour and the times beside it, read
  // shifted by whole hours (repositories/kafka-common.ts kafkaClock), as HBase's.
  { table: 'kafka_clusters', columns: ['created_at'] },
  { table: 'kafka_broker_lapses', columns: ['start_ts', 'end_ts'] },
  { table: 'kafka_topics', columns: ['created_at'] },
  { table: 'kafka_groups', columns: ['incident_start', 'incident_peak', 'stopped_at'] },
  { table: 'kafka_load_minutes', columns: ['ts'] },
  { table: 'kafka_load_hours', columns: ['ts'] },
  // Elasticsearch, Logstash and Kibana (issue 21): read shifted by whole days (repositories/
  // elk-common.ts), so the daily log indices' names follow the shown calendar.
  { table: 'es_clusters', columns: ['created_at'] },
  { table: 'es_indices', columns: ['created_at', 'log_day'] },
  { table: 'es_shard_lapses', columns: ['start_ts', 'end_ts'] },
  { table: 'es_load_minutes', columns: ['ts'] },
  { table: 'es_load_hours', columns: ['ts'] },
  { table: 'logstash_nodes', columns: ['started_at'] },
  { table: 'kibana_instances', columns: ['started_at', 'degraded_from', 'degraded_to'] },
  // Kubernetes (issue 23): nodes, pods and their hours, read shifted by whole hours
  // (repositories/kubernetes-common.ts kubernetesClock), as Kafka's.
  { table: 'k8s_namespaces', columns: ['created_at'] },
  { table: 'k8s_workloads', columns: ['created_at'] },
  { table: 'k8s_nodes', columns: ['start_time', 'end_time'] },
  { table: 'k8s_pods', columns: ['start_time', 'end_time'] },
  { table: 'k8s_pod_hours', columns: ['ts'] },
  { table: 'k8s_pod_days', columns: ['day'] },
  { table: 'k8s_namespace_hours', columns: ['ts'] },
  { table: 'k8s_workload_hours', columns: ['ts'] },
  { table: 'k8s_workload_days', columns: ['day'] },
  { table: 'k8s_node_hours', columns: ['ts'] },
  // Their containers' log lines (issue 23 /kubernetes/osd_logs), read shifted as the pod-hours they sit in.
  { table: 'k8s_log_lines', columns: ['ts'] },
  { table: 'k8s_log_hours', columns: ['hour'] },
  // BigQuery's jobs per hour (issue 23 /os_alerting's monitors): read shifted like the jobs they add up.
  { table: 'os_alerting_bq_hours', columns: ['hour'] },
  // The anomaly detectors' per-entity hours and days (issue 23 /osd_anomalies), read shifted like the
  // queries and jobs they add up.
  { table: 'os_anomaly_hours', columns: ['hour'] },
  { table: 'os_anomaly_days', columns: ['day'] },
  // The console's own ingestion runs (issue 23 /manage/data_ingestion_monitor): read shifted like the
  // queries and jobs they ingested, so a run's window stays over the rows it counted.
  { table: 'ingestion_runs', columns: ['started_at', 'window_start', 'window_end'] },
  { table: 'ingestion_source_hours', columns: ['hour'] },
  { table: 'yarn_node_events', columns: ['start_time', 'end_time'] },
  // A million queries at the large scale, and rollups cut by their seeded start times.
  { table: 'snowflake_queries', columns: ['start_time', 'end_time'] },
  { table: 'snowflake_query_rollups', columns: ['bucket'] },
  { table: 'snowflake_cost_rollups', columns: ['bucket'] },
  // A million BigQuery jobs at the large scale, and their day rollup cut by the seeded creation times.
  { table: 'bq_jobs', columns: ['create_time', 'start_time', 'end_time'] },
  { table: 'bq_job_days', columns: ['day'] },
  { table: 'bq_statement_days', columns: ['day', 'last_create'] },
  // A million Databricks runs at the large scale, the sessions, updates and queries beside them, and
  // their day rollup cut by the seeded start times.
  { table: 'db_runs', columns: ['start_time', 'end_time', 'cost_final_at'] },
  { table: 'db_cluster_sessions', columns: ['start_time', 'end_time'] },
  { table: 'db_pipeline_updates', columns: ['start_time', 'end_time'] },
  { table: 'db_warehouse_sessions', columns: ['start_time', 'end_time'] },
  { table: 'db_sql_queries', columns: ['start_time', 'end_time'] },
  { table: 'db_usage_days', columns: ['day'] },
  { table: 'db_run_days', columns: ['day', 'last_final_at'] },
  { table: 'db_run_day_splits', columns: ['day'] },
  // The insights' day rollup and the actions marked done: stored times, as the runs they are about.
  { table: 'db_insight_days', columns: ['day'] },
  { table: 'db_insight_actions', columns: ['done_at', 'updated_at'] },
]

/**
 * Time columns of what people write through the console (issue 17: comments, log-load tasks). They
 * move with the seeded data, from the moment the data resumes at (see resumeAt).
 */
export const WRITE_TIME_COLUMNS: readonly { table: string; written: string; columns: readonly string[] }[] = [
  { table: 'app_comments', written: 'created_at', columns: ['created_at'] },
  // A load running at the stop runs on for what was left of it after the reopen.
  { table: 'app_log_tasks', written: 'created_at', columns: ['created_at', 'ready_at'] },
]

/** The setting holding when the latest write through the console was made (the lists' frame). */
const LAST_WRITE = 'last_write_at'

/**
 * Notes a write through the console at `now` (a kill, a move, a comment, a log load, tags): the
 * data resumes from the latest one on the next start (see resumeAt). Called by every write.
 */
export function noteWrite(db: Db, now: number): void {
  const last = Number(readSetting(db, LAST_WRITE) ?? -Infinity)
  if (now > last) writeSetting(db, LAST_WRITE, String(now))
}

/**
 * The moment the data resumes at when the simulator starts again: the anchor it was made current at,
 * or the latest write when one came after it. Writes are made at the clock's now, hours past the
 * anchor after a session of some hours; moved by now minus the anchor, a kill made two hours into a
 * session would finish two hours in the future after a reopen, and a comment read two hours
 * younger than it is. Resuming at the latest write, everything (seeded rows, killed apps, comments,
 * log loads) moves by the same amount: the newest write lands at the new now and each keeps its age.
 * Every write notes its time (noteWrite), so the one setting answers without reading the tables.
 */
export function resumeAt(db: Db, anchor: number): number {
  const noted = readSetting(db, LAST_WRITE)
  return noted === undefined ? anchor : Math.max(anchor, Number(noted))
}

/** Moves the write columns and the last write by `delta`; run by shiftToClock in its transaction. */
export function shiftWrites(db: Db, delta: number): void {
  for (const { table, columns } of WRITE_TIME_COLUMNS) {
    const sets = columns.map((c) => `${c} = ${c} + @delta`).join(', ')
    db.prepare(`UPDATE ${table} SET ${sets}`).run({ delta })
  }
  const noted = readSetting(db, LAST_WRITE)
  if (noted !== undefined) writeSetting(db, LAST_WRITE, String(Number(noted) + delta))
}
