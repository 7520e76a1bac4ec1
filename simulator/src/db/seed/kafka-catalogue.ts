import type { KafkaConsumerType } from '@costlens/shared'

/*
 * What the Kafka seed draws from (seed/kafka.ts): the Kafka clusters beside the long-lived Hadoop
 * clusters, the topic names by the kind of traffic they carry, and how consumer groups are named.
 */

/** Which of the cluster's load profiles a topic follows most (seed/kafka-load.ts). */
export type TopicProfile = 'day' | 'etl' | 'flat'

export interface KafkaClusterSpec {
  name: string
  /** The Hadoop cluster it runs beside: the users who see that cluster see this one. */
  uid: string
  brokers: number
  topics: number
  groups: number
  version: string
  /** The topic pool it draws from. */
  focus: 'events' | 'logs' | 'cdc'
  /** A broker is behind right now (an under-replicated partition on the pages). */
  behindNow: boolean
  /** One group fell badly behind a few hours ago and is catching up now. */
  incident: boolean
}

/**
 * The Kafka clusters: every Hadoop persona (admin CDH, hdp, cdp, mapr, emr) sees one to three, on
 * clusters that never end (the HBase ones), so their pages are never empty.
 */
export const KAFKA_CLUSTERS: readonly KafkaClusterSpec[] = [
  {
    name: 'kafka-prod-01',
    uid: 'cdh-prod-01',
    brokers: 6,
    topics: 14,
    groups: 14,
    version: '2.2.1-cdh6.3.4',
    focus: 'events',
    behindNow: true,
    incident: true,
  },
  {
    name: 'kafka-logs-01',
    uid: 'cdh-prod-01',
    brokers: 3,
    topics: 7,
    groups: 6,
    version: '2.2.1-cdh6.3.4',
    focus: 'logs',
    behindNow: false,
    incident: false,
  },
  {
    name: 'kafka-etl-01',
    uid: 'cdh-etl-02',
    brokers: 3,
    topics: 8,
    groups: 7,
    version: '2.2.1-cdh6.3.4',
    focus: 'cdc',
    behindNow: false,
    incident: false,
  },
  {
    name: 'kafka-hdp-01',
    uid: 'hdp-analytics-01',
    brokers: 5,
    topics: 10,
    groups: 10,
    version: '2.0.0.3.1.5.0-152',
    focus: 'events',
    behindNow: false,
    incident: true,
  },
  {
    name: 'kafka-cdp-streams-01',
    uid: 'cdp-datalake-01',
    brokers: 9,
    topics: 16,
    groups: 18,
    version: '3.4.1.7.1.9.0-387',
    focus: 'events',
    behindNow: true,
    incident: true,
  },
  {
    name: 'kafka-cdp-cdc-01',
    uid: 'cdp-datalake-01',
    brokers: 3,
    topics: 8,
    groups: 6,
    version: '3.4.1.7.1.9.0-387',
    focus: 'cdc',
    behindNow: false,
    incident: false,
  },
  {
    name: 'kafka-mapr-01',
    uid: 'mapr-core-01',
    brokers: 3,
    topics: 6,
    groups: 5,
    version: '2.1.0-mapr-2104',
    focus: 'logs',
    behindNow: false,
    incident: false,
  },
  {
    name: 'kafka-emr-01',
    uid: 'j-2AXXXXXXGAPLF',
    brokers: 3,
    topics: 6,
    groups: 5,
    version: '3.5.1',
    focus: 'events',
    behindNow: false,
    incident: false,
  },
]

/** Topic names by pool, the ones every cluster of the pool has first; profile and bytes per message. */
export const TOPIC_POOLS: Record<
  KafkaClusterSpec['focus'],
  readonly { name: string; profile: TopicProfile; bytes: number }[]
> = {
  events: [
    { name: 'orders', profile: 'day', bytes: 1_400 },
    { name: 'clickstream', profile: 'day', bytes: 650 },
    { name: 'payments.events', profile: 'day', bytes: 1_100 },
    { name: 'cdc.mysql.inventory', profile: 'etl', bytes: 1_250 },
    { name: 'logs.app', profile: 'flat', bytes: 900 },
    { name: 'page-views', profile: 'day', bytes: 520 },
    { name: 'user-signups', profile: 'day', bytes: 800 },
    { name: 'fraud.alerts', profile: 'day', bytes: 1_600 },
    { name: 'search.queries', profile: 'day', bytes: 430 },
    { name: 'ad.impressions', profile: 'day', bytes: 380 },
    { name: 'shipments', profile: 'day', bytes: 1_300 },
    { name: 'email.outbound', profile: 'day', bytes: 2_400 },
    { name: 'recommendations.served', profile: 'day', bytes: 700 },
    { name: 'inventory.updates', profile: 'etl', bytes: 950 },
    { name: 'iot.sensor-readings', profile: 'flat', bytes: 240 },
    { name: 'metrics.hosts', profile: 'flat', bytes: 310 },
    { name: 'audit.events', profile: 'flat', bytes: 1_050 },
    { name: 'cart.updates', profile: 'day', bytes: 600 },
  ],
  logs: [
    { name: 'logs.app', profile: 'flat', bytes: 900 },
    { name: 'logs.nginx', profile: 'day', bytes: 420 },
    { name: 'logs.syslog', profile: 'flat', bytes: 350 },
    { name: 'metrics.hosts', profile: 'flat', bytes: 310 },
    { name: 'traces.spans', profile: 'day', bytes: 1_200 },
    { name: 'logs.audit', profile: 'flat', bytes: 1_050 },
    { name: 'logs.k8s-events', profile: 'flat', bytes: 800 },
    { name: 'alerts.raw', profile: 'day', bytes: 600 },
  ],
  cdc: [
    { name: 'cdc.mysql.inventory', profile: 'etl', bytes: 1_250 },
    { name: 'cdc.postgres.customers', profile: 'etl', bytes: 1_700 },
    { name: 'cdc.oracle.ledger', profile: 'etl', bytes: 2_100 },
    { name: 'cdc.mysql.orders', profile: 'day', bytes: 1_400 },
    { name: 'cdc.sqlserver.claims', profile: 'etl', bytes: 2_600 },
    { name: 'cdc.postgres.accounts', profile: 'day', bytes: 1_100 },
    { name: 'dw.staging.loads', profile: 'etl', bytes: 3_800 },
    { name: 'schema-changes', profile: 'flat', bytes: 2_000 },
    { name: 'heartbeats.debezium', profile: 'flat', bytes: 120 },
  ],
}

/** The internal topic every cluster has (Kafka's default 50 partitions, compacted). */
export const CONSUMER_OFFSETS_TOPIC = '__consumer_offsets'
export const CONSUMER_OFFSETS_PARTITIONS = 50

/** How a group of each client kind is named, how far behind it typically runs (s) and its size. */
export const GROUP_KINDS: Record<
  KafkaConsumerType,
  { name: (slug: string, pick: <T>(items: readonly T[]) => T) => string; delay: [number, number] }
> = {
  'spark-streaming': {
    name: (slug, pick) => `spark-streaming-${slug}-${pick(['enrich', 'aggregate', 'sessionize', 'etl'])}`,
    delay: [5, 60],
  },
  flink: {
    name: (slug, pick) => `flink-${slug}-${pick(['dedup', 'windowed-counts', 'join', 'alerting'])}`,
    delay: [0.5, 5],
  },
  'kafka-connect': {
    name: (slug, pick) => `connect-${pick(['hdfs', 's3', 'elasticsearch', 'jdbc', 'hive'])}-sink-${slug}`,
    delay: [20, 300],
  },
  'kafka-streams': {
    name: (slug, pick) => `${slug}-${pick(['scorer', 'router', 'rollup', 'validator'])}-streams`,
    delay: [1, 10],
  },
  'java-client': {
    name: (slug, pick) => `${slug}-${pick(['service', 'consumer', 'indexer', 'notifier'])}`,
    delay: [1, 30],
  },
}
