import type Database from 'better-sqlite3'
import { PIPELINE_NAMES } from '../simulator/src/db/seed/applications.ts'

/**
 * What the bench's requests draw from: the values the seeded database holds, read once by name, so a
 * filter or a path parameter names something that exists (a user, a queue, a cluster, a warehouse).
 */
export interface Vocabulary {
  users: string[]
  queues: string[]
  kinds: string[]
  events: string[]
  pipelines: string[]
  /** Alive clusters by platform (CDH, EMR, …). */
  clusters: Record<string, string[]>
  /** Alive Yarn clusters by platform: what a `{cluster}` path (the resource series) reads. */
  yarnClusters: Record<string, string[]>
  /** Application ids (a sample), for the global search's id fragments. */
  appIds: string[]
  warehouses: string[]
  snowflakeUsers: string[]
  emrClusterIds: string[]
  emrClusterNames: string[]
  emrTags: { key: string; value: string }[]
  bigqueryProjects: string[]
  bigqueryUsers: string[]
  bigqueryLabels: { key: string; value: string }[]
  databricksWorkspaces: string[]
  databricksUsers: string[]
  /** Databricks job ids (as the runs calls' jobIds name them). */
  databricksJobIds: string[]
  databricksJobNames: string[]
  /** The HBase clusters with their region servers' hosts and their tables (namespace:name). */
  hbase: { clusterUid: string; platform: string; hosts: string[]; tables: string[] }[]
  /** The Kafka clusters (by name) with their brokers' ids and their topics (internal ones left out). */
  kafka: { cluster: string; platform: string; brokers: number[]; topics: string[] }[]
  /** Elasticsearch clusters with their nodes, named indices, Logstash nodes and pipelines. */
  elk: {
    cluster: string
    platform: string
    nodes: string[]
    indices: string[]
    logstashNodes: string[]
    pipelines: string[]
  }[]
}

export function readVocabulary(db: Database.Database): Vocabulary {
  const pluck = (sql: string, ...args: unknown[]) =>
    db
      .prepare(sql)
      .pluck()
      .all(...args) as string[]
  const clusters: Record<string, string[]> = {}
  const yarnClusters: Record<string, string[]> = {}
  for (const row of db
    .prepare(
      'SELECT platform, kind, unravel_id AS uid FROM clusters WHERE terminated_at IS NULL ORDER BY unravel_id',
    )
    .all() as { platform: string; kind: string; uid: string }[]) {
    ;(clusters[row.platform] ??= []).push(row.uid)
    if (row.kind === 'Yarn') (yarnClusters[row.platform] ??= []).push(row.uid)
  }
  return {
    users: pluck('SELECT DISTINCT user FROM applications INDEXED BY applications_user'),
    queues: pluck('SELECT DISTINCT queue FROM applications INDEXED BY applications_queue'),
    kinds: ['spark', 'hive', 'tez', 'mr', 'impala'],
    events: pluck('SELECT DISTINCT event_name FROM app_events'),
    pipelines: [...PIPELINE_NAMES],
    clusters,
    yarnClusters,
    // Spread over the table by rowid, not its first rows only.
    appIds: pluck('SELECT id FROM applications WHERE rowid % 997 = 0 LIMIT 500'),
    warehouses: pluck('SELECT uid FROM snowflake_warehouses'),
    snowflakeUsers: pluck(
      `SELECT name FROM snowflake_names WHERE dim = 'user'
          AND code IN (SELECT DISTINCT user_code FROM snowflake_query_rollups WHERE slice = 'user')`,
    ),
    emrClusterIds: pluck('SELECT cluster_id FROM emr_clusters LIMIT 500'),
    emrClusterNames: pluck('SELECT cluster_name FROM emr_clusters LIMIT 500'),
    emrTags: db.prepare('SELECT key, value FROM emr_tag_pairs').all() as { key: string; value: string }[],
    bigqueryProjects: pluck('SELECT project_id FROM bq_projects'),
    bigqueryUsers: pluck('SELECT email FROM bq_principals'),
    bigqueryLabels: db.prepare('SELECT key, value FROM bq_labels').all() as { key: string; value: string }[],
    databricksWorkspaces: pluck('SELECT workspace_name FROM db_workspaces WHERE seeded = 1'),
    databricksUsers: pluck('SELECT name FROM db_principals'),
    databricksJobIds: pluck('SELECT CAST(job_id AS TEXT) FROM db_jobs LIMIT 500'),
    databricksJobNames: pluck('SELECT job_name FROM db_jobs LIMIT 500'),
    hbase: (
      db
        .prepare(
          'SELECT h.cluster_uid AS uid, c.platform FROM hbase_clusters h JOIN clusters c ON c.unravel_id = h.cluster_uid',
        )
        .all() as {
        uid: string
        platform: string
      }[]
    ).map(({ uid, platform }) => ({
      clusterUid: uid,
      platform,
      hosts: pluck('SELECT host FROM hbase_servers WHERE cluster_uid = ? AND dead_since IS NULL', uid),
      tables: pluck("SELECT namespace || ':' || name FROM hbase_tables WHERE cluster_uid = ?", uid),
    })),
    kafka: (
      db
        .prepare(
          'SELECT k.id, k.name, c.platform FROM kafka_clusters k JOIN clusters c ON c.unravel_id = k.cluster_uid',
        )
        .all() as { id: number; name: string; platform: string }[]
    ).map(({ id, name, platform }) => ({
      cluster: name,
      platform,
      brokers: pluck('SELECT broker_id FROM kafka_brokers WHERE cluster_id = ?', id) as unknown as number[],
      topics: pluck('SELECT name FROM kafka_topics WHERE cluster_id = ? AND internal = 0', id),
    })),
    elk: (
      db
        .prepare(
          'SELECT e.id, e.name, c.platform FROM es_clusters e JOIN clusters c ON c.unravel_id = e.cluster_uid',
        )
        .all() as { id: number; name: string; platform: string }[]
    ).map(({ id, name, platform }) => ({
      cluster: name,
      platform,
      nodes: pluck('SELECT name FROM es_nodes WHERE cluster_id = ?', id),
      // Daily log indices have no stored name (it follows the shown calendar): the named ones only.
      indices: pluck(
        'SELECT name FROM es_indices WHERE cluster_id = ? AND name IS NOT NULL AND system = 0',
        id,
      ),
      logstashNodes: pluck('SELECT name FROM logstash_nodes WHERE cluster_id = ?', id),
      pipelines: pluck('SELECT DISTINCT name FROM logstash_pipelines WHERE cluster_id = ?', id),
    })),
  }
}
