/*
 * What the ELK seed draws from (seed/elk.ts): the Elasticsearch clusters beside the long-lived Hadoop
 * clusters (one or two per Hadoop persona), the index families they hold, and the Logstash pipelines.
 */

export interface ElkClusterSpec {
  /** cluster.name, the key in every path. */
  name: string
  /** Short tag for the Logstash and Kibana node names. */
  tag: string
  /** The Hadoop cluster it runs beside: the users who see that cluster see this one. */
  uid: string
  version: string
  /** Nodes: 6 and up have dedicated masters (and an ingest node from 7). */
  nodes: number
  /** Index families besides the daily log indices (each 1-3 rollover generations). */
  families: number
  /** Average queries/s and documents/s. */
  search: number
  indexing: number
  /** A data node restarted minutes ago: replica shards unassigned, the cluster yellow now. */
  yellowNow: boolean
  logstashNodes: number
  pipelines: number
  kibanaInstances: number
}

export const ELK_CLUSTERS: readonly ElkClusterSpec[] = [
  {
    name: 'es-logs-cdh-prod-01',
    tag: 'prod-logs',
    uid: 'cdh-prod-01',
    version: '7.17.9',
    nodes: 9,
    families: 14,
    search: 160,
    indexing: 9_000,
    yellowNow: true,
    logstashNodes: 4,
    pipelines: 5,
    kibanaInstances: 2,
  },
  {
    name: 'es-search-cdh-prod-01',
    tag: 'prod-search',
    uid: 'cdh-prod-01',
    version: '7.17.9',
    nodes: 3,
    families: 8,
    search: 420,
    indexing: 650,
    yellowNow: false,
    logstashNodes: 2,
    pipelines: 3,
    kibanaInstances: 1,
  },
  {
    name: 'es-logs-hdp-01',
    tag: 'hdp',
    uid: 'hdp-analytics-01',
    version: '7.10.2',
    nodes: 5,
    families: 9,
    search: 60,
    indexing: 3_200,
    yellowNow: false,
    logstashNodes: 2,
    pipelines: 4,
    kibanaInstances: 1,
  },
  {
    name: 'es-logs-cdp-01',
    tag: 'cdp',
    uid: 'cdp-datalake-01',
    version: '7.16.3',
    nodes: 7,
    families: 12,
    search: 95,
    indexing: 5_400,
    yellowNow: false,
    logstashNodes: 3,
    pipelines: 6,
    kibanaInstances: 2,
  },
  {
    name: 'es-logs-mapr-01',
    tag: 'mapr',
    uid: 'mapr-core-01',
    version: '6.8.23',
    nodes: 4,
    families: 7,
    search: 40,
    indexing: 1_800,
    yellowNow: false,
    logstashNodes: 2,
    pipelines: 3,
    kibanaInstances: 1,
  },
  {
    name: 'es-logs-emr-01',
    tag: 'emr',
    uid: 'j-2AXXXXXXGAPLF',
    version: '7.10.2',
    nodes: 3,
    families: 7,
    search: 35,
    indexing: 1_500,
    yellowNow: false,
    logstashNodes: 2,
    pipelines: 3,
    kibanaInstances: 1,
  },
]

/** System indices every cluster has (Kibana's, security, APM agent configuration). */
export const SYSTEM_INDICES = [
  '.kibana_1',
  '.kibana_task_manager_1',
  '.security-7',
  '.apm-agent-configuration',
]

/** Index families (rollover aliases' indices are family-00000N); the first ones come first. */
export const INDEX_FAMILIES = [
  'filebeat-7',
  'metricbeat-7',
  'audit-hdfs',
  'yarn-app-logs',
  'spark-events',
  'hive-queries',
  'alerts',
  'impala-queries',
  'products',
  'customers',
  'orders',
  'catalog',
  'suggestions',
  'sessions',
  'oozie-jobs',
  'ranger-audit',
  'packetbeat-7',
  'heartbeat-7',
]

/** Logstash pipelines: id and input plugin (every one outputs to Elasticsearch). */
export const PIPELINES: readonly { name: string; input: string }[] = [
  { name: 'beats-to-es', input: 'beats' },
  { name: 'kafka-to-es', input: 'kafka' },
  { name: 'syslog', input: 'syslog' },
  { name: 'audit-hdfs', input: 'file' },
  { name: 'jdbc-sync', input: 'jdbc' },
  { name: 'http-events', input: 'http' },
]
