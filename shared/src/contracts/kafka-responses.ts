import { Type, type Static } from 'typebox'
import { KAFKA_CONSUMER_TYPES, KAFKA_GROUP_STATES, KAFKA_KPI_TYPES } from './kafka.ts'

/*
 * The answers of the Kafka calls (decisions G88-G95 in contracts/kafka.ts): flat rows, names that
 * carry their unit (PerSec, Bytes, Ms), times in epoch ms.
 */

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()])
const Point = Type.Tuple([Type.Integer({ description: 'epoch ms' }), Type.Number()], {
  description: '[timestamp, value]',
})
const Rates = {
  bytesInPerSec: Type.Number({
    description: 'bytes/s produced, average over the window',
    examples: [5_242_880],
  }),
  bytesOutPerSec: Type.Number({ description: 'bytes/s fetched by consumers, average over the window' }),
  messagesInPerSec: Type.Number({ description: 'messages/s produced, average over the window' }),
}
const AsOf = { time: Type.Integer({ description: 'epoch ms the offsets, lag and states are read at (G90)' }) }

/** GET /api/v1/kafka/clusters: one Kafka cluster over the window. */
export const KafkaClusterRowSchema = Type.Object(
  {
    cluster: Type.String({
      description: 'the Kafka cluster name, used in paths (G88)',
      examples: ['kafka-prod-01'],
    }),
    kafkaClusterId: Type.String({
      description: "Kafka's own cluster id",
      examples: ['mZ3t9QbVRs2aQkq1pD0xUw'],
    }),
    clusterUid: Type.String({ description: 'the Hadoop cluster it runs beside', examples: ['cdh-prod-01'] }),
    hadoopCluster: Type.String({ description: "that Hadoop cluster's display name" }),
    clusterType: Type.String({ description: 'CDH, HDP, CDP, MAPR or EMR' }),
    version: Type.String({ description: 'Kafka version', examples: ['3.4.1'] }),
    createdTime: Type.Integer({ description: 'epoch ms' }),
    brokers: Type.Integer(),
    brokersBehind: Type.Integer({ description: 'brokers with a replica out of sync at the time' }),
    controllerBrokerId: Type.Integer({ description: 'the active controller' }),
    topics: Type.Integer({ description: 'topics, internal ones left out' }),
    partitionCount: Type.Integer({ description: 'partitions of those topics' }),
    underReplicatedPartitions: Type.Integer({ description: 'at the time' }),
    offlinePartitions: Type.Integer({ description: 'at the time' }),
    consumerGroups: Type.Integer(),
    totalLag: Type.Integer({ description: 'messages: every group’s lag summed, at the time' }),
    sizeBytes: Type.Integer({ description: 'bytes of the logs (leaders only), at the time' }),
    ...Rates,
    ...AsOf,
  },
  { title: 'KafkaClusterRow' },
)
export type KafkaClusterRow = Static<typeof KafkaClusterRowSchema>
export const KafkaClustersResponseSchema = Type.Array(KafkaClusterRowSchema, {
  description: "the user's Kafka clusters, by name",
})
export type KafkaClustersResponse = Static<typeof KafkaClustersResponseSchema>

/** GET /api/v1/kafka/brokers: one broker over the window. */
export const KafkaBrokerRowSchema = Type.Object(
  {
    cluster: Type.String(),
    brokerId: Type.Integer({ examples: [1001] }),
    host: Type.String({ examples: ['kafka01.cdh-prod.us-east-1.acme.internal'] }),
    port: Type.Integer({ examples: [9092] }),
    rack: Type.String({ examples: ['rack-a'] }),
    controller: Type.Boolean({ description: 'the active controller' }),
    behind: Type.Boolean({ description: 'some replica of it out of sync at the time' }),
    partitionCount: Type.Integer({ description: 'replicas it hosts' }),
    leaderCount: Type.Integer({ description: 'partitions it leads' }),
    underReplicatedPartitions: Type.Integer({
      description: 'partitions it leads with a replica out of sync',
    }),
    offlinePartitions: Type.Integer(),
    ...Rates,
    fetchRequestsPerSec: Type.Number({ description: 'consumer and follower fetches/s, average' }),
    produceRequestsPerSec: Type.Number({ description: 'produce requests/s, average' }),
    requestHandlerAvgIdlePercent: Type.Number({ description: '%, average over the window' }),
    sizeBytes: Type.Integer({ description: 'bytes of the replicas it hosts' }),
    ...AsOf,
  },
  { title: 'KafkaBrokerRow' },
)
export type KafkaBrokerRow = Static<typeof KafkaBrokerRowSchema>
export const KafkaBrokersResponseSchema = Type.Array(KafkaBrokerRowSchema, { description: 'by broker id' })
export type KafkaBrokersResponse = Static<typeof KafkaBrokersResponseSchema>

/** A series of a Kafka KPI answer; broker, topic and partition say whose it is. */
export const KafkaSeriesSchema = Type.Object(
  {
    metric: Type.String({
      description: 'the reference name, e.g. BytesInPerSec, or lag',
      examples: ['BytesInPerSec'],
    }),
    name: Type.String({ description: 'a label for the legend', examples: ['Bytes in (bytes/s)'] }),
    unit: Type.String({
      description: 'bytes/s, messages/s, requests/s, %, ms, count, messages, bytes, offset',
    }),
    broker: Type.Optional(Type.Integer({ description: 'the broker id, for a broker series' })),
    topic: Type.Optional(Type.String({ description: 'the topic, for a topic, partition or lag series' })),
    partition: Type.Optional(Type.Integer({ description: 'the partition, for a partition or lag series' })),
    data: Type.Array(Point, { description: 'by time; none after now' }),
  },
  { title: 'KafkaSeries' },
)
export type KafkaSeries = Static<typeof KafkaSeriesSchema>

/** Every Kafka series call. */
export const KafkaSeriesResponseSchema = Type.Object(
  {
    cluster: Type.String(),
    kpiType: Type.Enum(KAFKA_KPI_TYPES, {
      description: 'whose series: cluster, broker, topic, partition or consumer',
    }),
    interval: Type.String({ description: 'the point interval used, e.g. 1h' }),
    pointInterval: Type.Integer({ description: 'the point interval in ms' }),
    series: Type.Array(KafkaSeriesSchema),
  },
  { title: 'KafkaSeriesResponse' },
)
export type KafkaSeriesResponse = Static<typeof KafkaSeriesResponseSchema>

const TopicFigures = {
  topic: Type.String({ examples: ['orders'] }),
  internal: Type.Boolean({ description: 'a Kafka internal topic (__consumer_offsets)' }),
  partitionCount: Type.Integer(),
  replicationFactor: Type.Integer(),
  retentionMs: Type.Integer({ description: 'ms logs are kept' }),
  ...Rates,
  underReplicatedPartitions: Type.Integer({ description: 'at the time' }),
  sizeBytes: Type.Integer({ description: 'bytes of its logs (leaders), at the time' }),
}

/** GET /api/v1/kafka/{cluster}/topics: one topic. */
export const KafkaTopicRowSchema = Type.Object(
  {
    ...TopicFigures,
    consumerGroups: Type.Array(Type.String(), { description: 'the groups reading it, by name' }),
  },
  { title: 'KafkaTopicRow' },
)
export type KafkaTopicRow = Static<typeof KafkaTopicRowSchema>
export const KafkaTopicsResponseSchema = Type.Object(
  {
    cluster: Type.String(),
    total: Type.Integer({ description: 'topics matched before paging' }),
    topics: Type.Array(KafkaTopicRowSchema),
    ...AsOf,
  },
  { title: 'KafkaTopicsResponse' },
)
export type KafkaTopicsResponse = Static<typeof KafkaTopicsResponseSchema>

/** One partition of a topic at the time. */
export const KafkaPartitionRowSchema = Type.Object(
  {
    partition: Type.Integer(),
    leader: Type.Integer({ description: 'broker id of the leader' }),
    replicas: Type.Array(Type.Integer(), { description: 'broker ids, the preferred leader first' }),
    isr: Type.Array(Type.Integer(), { description: 'broker ids of the in-sync replicas' }),
    underReplicated: Type.Boolean(),
    logStartOffset: Type.Integer(),
    logEndOffset: Type.Integer(),
    messages: Type.Integer({ description: 'logEndOffset - logStartOffset' }),
    sizeBytes: Type.Integer(),
    messagesInPerSec: Type.Number({ description: 'average over the window' }),
    bytesInPerSec: Type.Number({ description: 'average over the window' }),
  },
  { title: 'KafkaPartitionRow' },
)
export type KafkaPartitionRow = Static<typeof KafkaPartitionRowSchema>

/** A group reading a topic, with its lag on that topic. */
export const KafkaTopicConsumerSchema = Type.Object(
  {
    group: Type.String(),
    state: Type.Enum(KAFKA_GROUP_STATES),
    members: Type.Integer(),
    lag: Type.Integer({ description: 'messages, summed over the topic’s partitions' }),
  },
  { title: 'KafkaTopicConsumer' },
)

/** GET /api/v1/kafka/{cluster}/topics/{topic}. */
export const KafkaTopicDetailSchema = Type.Object(
  {
    cluster: Type.String(),
    ...TopicFigures,
    createdTime: Type.Integer({ description: 'epoch ms' }),
    partitions: Type.Array(KafkaPartitionRowSchema, { description: 'by partition' }),
    consumerGroups: Type.Array(KafkaTopicConsumerSchema, { description: 'most lag first' }),
    ...AsOf,
  },
  { title: 'KafkaTopicDetail' },
)
export type KafkaTopicDetail = Static<typeof KafkaTopicDetailSchema>

const GroupFigures = {
  group: Type.String({ examples: ['spark-streaming-orders-enrich'] }),
  consumerType: Type.Enum(KAFKA_CONSUMER_TYPES),
  state: Type.Enum(KAFKA_GROUP_STATES),
  members: Type.Integer({ description: 'consumers in the group now (0 when Empty or Dead)' }),
  coordinatorBrokerId: Type.Integer(),
  topics: Type.Array(Type.String(), { description: 'the topics it reads, by name' }),
  partitionCount: Type.Integer({ description: 'partitions of those topics' }),
  totalLag: Type.Integer({ description: 'messages, summed over its partitions (G94)' }),
  maxLag: Type.Integer({ description: 'messages, the most on one partition' }),
}

/** GET /api/v1/kafka/{cluster}/consumers: one group. */
export const KafkaConsumerRowSchema = Type.Object({ ...GroupFigures }, { title: 'KafkaConsumerRow' })
export type KafkaConsumerRow = Static<typeof KafkaConsumerRowSchema>
export const KafkaConsumersResponseSchema = Type.Object(
  {
    cluster: Type.String(),
    total: Type.Integer({ description: 'groups matched before paging' }),
    consumers: Type.Array(KafkaConsumerRowSchema),
    ...AsOf,
  },
  { title: 'KafkaConsumersResponse' },
)
export type KafkaConsumersResponse = Static<typeof KafkaConsumersResponseSchema>

/** One partition a group reads. */
export const KafkaConsumerPartitionSchema = Type.Object(
  {
    topic: Type.String(),
    partition: Type.Integer(),
    committedOffset: Nullable(Type.Integer({ description: 'null: the group has committed none (Dead)' })),
    logEndOffset: Type.Integer(),
    lag: Type.Integer({ description: 'logEndOffset - committedOffset, at least 0 (G94)' }),
    memberId: Nullable(Type.String({ description: 'null when no member is assigned' })),
    clientId: Nullable(Type.String()),
    host: Nullable(Type.String({ description: 'the consumer host' })),
  },
  { title: 'KafkaConsumerPartition' },
)
export type KafkaConsumerPartition = Static<typeof KafkaConsumerPartitionSchema>

/** GET /api/v1/kafka/{cluster}/consumers/{consumer}. */
export const KafkaConsumerDetailSchema = Type.Object(
  {
    cluster: Type.String(),
    ...GroupFigures,
    topicLags: Type.Array(
      Type.Object(
        {
          topic: Type.String(),
          partitionCount: Type.Integer(),
          lag: Type.Integer({ description: 'messages' }),
        },
        { title: 'KafkaConsumerTopicLag' },
      ),
      { description: 'by topic; each lag the sum over its partitions' },
    ),
    partitions: Type.Array(KafkaConsumerPartitionSchema, { description: 'by topic, then partition' }),
    ...AsOf,
  },
  { title: 'KafkaConsumerDetail' },
)
export type KafkaConsumerDetail = Static<typeof KafkaConsumerDetailSchema>
