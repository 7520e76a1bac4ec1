import type {
  KafkaBrokerRow,
  KafkaClusterRow,
  KafkaConsumerDetail,
  KafkaConsumersResponse,
  KafkaSeriesResponse,
  KafkaTopicDetail,
  KafkaTopicsResponse,
} from '@costlens/shared'

/** Answers of the Kafka calls for the pages' tests: two clusters, two brokers, two topics, two groups. */
export const T = Date.parse('2026-11-27T08:00:00Z')
const MB = 1024 ** 2

export const cluster = (over: Partial<KafkaClusterRow> = {}): KafkaClusterRow => ({
  cluster: 'kafka-prod-01',
  kafkaClusterId: 'mZ3t9QbVRs2aQkq1pD0xUw',
  clusterUid: 'cdh-prod-01',
  hadoopCluster: 'Production CDH',
  clusterType: 'CDH',
  version: '3.4.1',
  createdTime: T - 400 * 86_400_000,
  brokers: 2,
  brokersBehind: 1,
  controllerBrokerId: 1001,
  topics: 2,
  partitionCount: 18,
  underReplicatedPartitions: 3,
  offlinePartitions: 0,
  consumerGroups: 2,
  totalLag: 12_500,
  sizeBytes: 40 * 1024 ** 3,
  bytesInPerSec: 5 * MB,
  bytesOutPerSec: 12 * MB,
  messagesInPerSec: 4_200.5,
  time: T,
  ...over,
})

export const clusters: KafkaClusterRow[] = [
  cluster(),
  cluster({ cluster: 'kafka-etl-01', clusterUid: 'hdp-etl-01', hadoopCluster: 'ETL HDP', brokersBehind: 0 }),
]

const broker = (brokerId: number, over: Partial<KafkaBrokerRow> = {}): KafkaBrokerRow => ({
  cluster: 'kafka-prod-01',
  brokerId,
  host: `kafka0${brokerId - 1000}.prod.example.com`,
  port: 9092,
  rack: 'rack-a',
  controller: brokerId === 1001,
  behind: false,
  partitionCount: 18,
  leaderCount: 9,
  underReplicatedPartitions: 0,
  offlinePartitions: 0,
  bytesInPerSec: 2.5 * MB,
  bytesOutPerSec: 6 * MB,
  messagesInPerSec: 2_100,
  fetchRequestsPerSec: 300,
  produceRequestsPerSec: 120,
  requestHandlerAvgIdlePercent: 82.5,
  sizeBytes: 20 * 1024 ** 3,
  time: T,
  ...over,
})

export const brokers: KafkaBrokerRow[] = [
  broker(1001),
  broker(1002, { behind: true, underReplicatedPartitions: 3 }),
]

const topicRow = (topic: string, over: Partial<KafkaTopicsResponse['topics'][number]> = {}) => ({
  topic,
  internal: false,
  partitionCount: 12,
  replicationFactor: 3,
  retentionMs: 7 * 86_400_000,
  bytesInPerSec: 3 * MB,
  bytesOutPerSec: 9 * MB,
  messagesInPerSec: 2_500,
  underReplicatedPartitions: 0,
  sizeBytes: 25 * 1024 ** 3,
  consumerGroups: ['orders-enrich'],
  ...over,
})

export const topics: KafkaTopicsResponse = {
  cluster: 'kafka-prod-01',
  total: 42,
  topics: [topicRow('orders'), topicRow('clicks', { partitionCount: 6, consumerGroups: [] })],
  time: T,
}

export const consumers: KafkaConsumersResponse = {
  cluster: 'kafka-prod-01',
  total: 2,
  time: T,
  consumers: [
    {
      group: 'orders-enrich',
      consumerType: 'spark-streaming',
      state: 'Stable',
      members: 3,
      coordinatorBrokerId: 1002,
      topics: ['orders'],
      partitionCount: 6,
      totalLag: 12_500,
      maxLag: 4_000,
    },
    {
      group: 'audit-archiver',
      consumerType: 'kafka-connect',
      state: 'Dead',
      members: 0,
      coordinatorBrokerId: 1001,
      topics: ['clicks'],
      partitionCount: 6,
      totalLag: 0,
      maxLag: 0,
    },
  ],
}

/** A series answer over two hours with a series of each unit given. */
export const series = (
  kpiType: KafkaSeriesResponse['kpiType'],
  list: readonly { name: string; unit: string; topic?: string; partition?: number }[],
): KafkaSeriesResponse => ({
  cluster: 'kafka-prod-01',
  kpiType,
  interval: '1h',
  pointInterval: 3_600_000,
  series: list.map((s, i) => ({
    metric: s.name,
    ...s,
    data: [
      [T, 10 + i],
      [T + 3_600_000, 12 + i],
    ],
  })),
})

export const topicDetail = (topic: string): KafkaTopicDetail => ({
  cluster: 'kafka-prod-01',
  ...topicRow(topic),
  createdTime: T - 90 * 86_400_000,
  partitions: [0, 1].map((partition) => ({
    partition,
    leader: 1001 + partition,
    replicas: [1001 + partition, 1002 - partition],
    isr: partition === 1 ? [1002] : [1001, 1002],
    underReplicated: partition === 1,
    logStartOffset: 1_000,
    logEndOffset: 1_250_000,
    messages: 1_249_000,
    sizeBytes: 512 * MB,
    messagesInPerSec: 210,
    bytesInPerSec: 256 * 1024,
  })),
  consumerGroups: [{ group: 'orders-enrich', state: 'Stable', members: 3, lag: 12_500 }],
  time: T,
})

/** A group reading 6 partitions of orders: more than the lag chart's first 4. */
export const consumerDetail = (group: string): KafkaConsumerDetail => ({
  cluster: 'kafka-prod-01',
  ...consumers.consumers[0]!,
  group,
  topicLags: [{ topic: 'orders', partitionCount: 6, lag: 12_500 }],
  partitions: [0, 1, 2, 3, 4, 5].map((partition) => ({
    topic: 'orders',
    partition,
    committedOffset: partition === 5 ? null : 1_000_000,
    logEndOffset: 1_002_500,
    lag: partition === 5 ? 0 : 2_500,
    memberId: partition === 5 ? null : `consumer-${partition % 3}`,
    clientId: partition === 5 ? null : `enrich-${partition % 3}`,
    host: partition === 5 ? null : `/10.0.0.${partition % 3}`,
  })),
  time: T,
})

export const lagSeries = series(
  'consumer',
  [0, 1, 2, 3, 4, 5].map((partition) => ({
    name: `orders / ${partition}`,
    unit: 'messages',
    topic: 'orders',
    partition,
  })),
)
