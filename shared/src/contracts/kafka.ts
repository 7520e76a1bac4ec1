import { Type, type Static } from 'typebox'
import { JOB_INTERVALS, type JobInterval } from './apps.ts'
import { QueryInstantSchema } from './dates.ts'

/*
 * Kafka (issue 21; 02 §2 Kafka; E152). The spec shows no Kafka paths: the calls take the paths of
 * the real product's public REST reference (unraveldata docs 4.6, docs/api/api46.json, all under
 * /api/v1, answers documented only as "array") where it has one, and paths of costlens's own
 * beside them for what the pages need and the reference lacks. Shapes are ours: flat rows,
 * unit-bearing names, epoch ms. Decisions, in the CHECKLIST's G style:
 * - G88: a Kafka cluster is named by its name (e.g. kafka-prod-01) in paths and in the reference's
 *   cluster_id parameters alike; rows carry `cluster` (that name), `kafkaClusterId` (Kafka's own id,
 *   for display) and `clusterUid` (the Hadoop cluster it runs beside). A Kafka cluster is the user's
 *   when its Hadoop cluster is; any other name is 404 (not revealed).
 * - G89: windows are start_time/end_time (epoch ms, ISO-8601 or YYYY-MM-DD), default today 00:00
 *   UTC to now (02 §2 Kafka); start after end is 400; longer than KAFKA_MAX_WINDOW_DAYS is 400.
 *   The cluster list takes the reference's gte/lte (lt is a synonym of lte; both is 400); a
 *   date-only lte (or end_time) means the end of that day. Series take `interval` (KAFKA_INTERVALS,
 *   default 1h); more than 2,000 points in a series is 400 (choose a coarser interval), and so is a
 *   response of more than KAFKA_MAX_RESPONSE_POINTS points (choose a coarser interval or narrow it
 *   to a topic or a partition). Weeks start on Monday 00:00 UTC. The store keeps minute points for
 *   today (earlier days too at the larger scales) and hour points for the rest: an interval under an
 *   hour over older days answers one point per hour there.
 * - G90: rates in rows (bytes/s, messages/s, requests/s) are averages over the window; offsets,
 *   sizes, lag, states and under-replicated counts are as of the window's end (or now, if earlier).
 *   In series, rates are the average over each point, under-replicated and offline partitions the
 *   most over each point, offsets, sizes and lag the value at the point's time.
 * - G91: a cluster's KPI series are its brokers' summed (rates, counts, purgatory sizes) or
 *   averaged (%, ms); so the cluster's BytesInPerSec equals the sum of its brokers'. A broker's
 *   BytesInPerSec and MessagesInPerSec are the producer traffic to the partitions it leads;
 *   BytesOutPerSec the consumer fetches from them. PartitionCount-Value counts the replicas a broker
 *   hosts (Kafka's gauge), LeaderCount-Value the partitions it leads, UnderReplicatedPartitions the
 *   partitions it leads with a replica out of sync. RequestHandlerAvgIdlePercent-OneMinuteRate is a
 *   percent (0-100, Kafka's ratio x 100).
 * - G92: kpi (a broker's KPIs) with `broker` answers that broker's series (every metric, or the one
 *   `prefix` names); without `broker`, one series per broker of the `prefix` metric (default
 *   BytesInPerSec). kpi_topics likewise with `topic`: one topic's series, or one per topic (internal
 *   topics left out). kpi_clusters answers every cluster metric, or the one `prefix` names.
 * - G93: topics/partions/ts (sic) reads `metric_pattern` as the topic: a topic name, or a JMX-style
 *   pattern holding `topic=<name>` (e.g. kafka.log:type=Log,name=LogEndOffset,topic=orders,*).
 *   It answers one series per partition of `metric` (default LogEndOffset).
 * - G94: a consumer group's lag on a partition is the log end offset minus its committed offset
 *   (never negative); a topic's lag is the sum over its partitions, the group's total the sum over
 *   its topics. An Empty group keeps its last committed offsets (stale lag that grows); a Dead
 *   group has none (its partitions are listed with committed offset null and lag 0).
 * - G95: lists page with from/size (size at most KAFKA_MAX_PAGE_SIZE) and sort/order; an unknown
 *   topic, consumer group or broker is 404 where it is the subject (path, kpi's broker, kpi_topics'
 *   topic, partions/ts's topic), and no rows where it filters a list (lag's topic).
 */

/**
 * The point intervals of the reference's Kafka calls (G89): its one documented `interval`
 * parameter, the same choices as the job counts' (REAL-API-NOTES §6).
 */
export const KAFKA_INTERVALS = JOB_INTERVALS
export type KafkaInterval = JobInterval
/** The longest window of any Kafka call (G89). */
export const KAFKA_MAX_WINDOW_DAYS = 31
/** The most points one series answer may hold across its series (G89). */
export const KAFKA_MAX_RESPONSE_POINTS = 250_000
/** The largest page of a Kafka list (G95). */
export const KAFKA_MAX_PAGE_SIZE = 500

/** The reference's cluster and broker KPI names (its `prefix` values; G91). */
export const KAFKA_BROKER_METRICS = [
  'BytesInPerSec',
  'BytesOutPerSec',
  'MessagesInPerSec',
  'TotalFetchRequestsPerSec',
  'UnderReplicatedPartitions',
  'ActiveControllerCount',
  'RequestHandlerAvgIdlePercent-OneMinuteRate',
  'PartitionCount-Value',
  'LeaderCount-Value',
  'OfflinePartitionsCount',
  'TotalTimeMs_Fetch-99thPercentile',
  'RequestsPerSec_Fetch-OneMinuteRate',
  'RequestsPerSec_Produce-OneMinuteRate',
  'PurgatorySize_Produce-Value',
  'PurgatorySize_Fetch-Value',
  'LogFlushRateAndTimeMs-99thPercentile',
] as const
export type KafkaBrokerMetric = (typeof KAFKA_BROKER_METRICS)[number]
/** The topic KPI names (kpi_topics' `prefix`). */
export const KAFKA_TOPIC_METRICS = ['BytesInPerSec', 'BytesOutPerSec', 'MessagesInPerSec'] as const
export type KafkaTopicMetric = (typeof KAFKA_TOPIC_METRICS)[number]
/** What topics/partions/ts answers per partition (G93). */
export const KAFKA_PARTITION_METRICS = [
  'LogEndOffset',
  'LogStartOffset',
  'Size',
  'MessagesInPerSec',
  'BytesInPerSec',
] as const
export type KafkaPartitionMetric = (typeof KAFKA_PARTITION_METRICS)[number]
/** Kafka's consumer group states. */
export const KAFKA_GROUP_STATES = [
  'Stable',
  'PreparingRebalance',
  'CompletingRebalance',
  'Empty',
  'Dead',
] as const
export type KafkaGroupState = (typeof KAFKA_GROUP_STATES)[number]
/** What kind of client a consumer group is (from its name and client ids). */
export const KAFKA_CONSUMER_TYPES = [
  'spark-streaming',
  'flink',
  'kafka-connect',
  'kafka-streams',
  'java-client',
] as const
export type KafkaConsumerType = (typeof KAFKA_CONSUMER_TYPES)[number]
/** The kind of a series answer (the pages' kpiType). */
export const KAFKA_KPI_TYPES = ['cluster', 'broker', 'topic', 'partition', 'consumer'] as const
export type KafkaKpiType = (typeof KAFKA_KPI_TYPES)[number]

const NAME_PATTERN = '^[A-Za-z0-9._-]+$'
/** A Kafka cluster's name (G88). */
export const KafkaClusterNameSchema = Type.String({
  minLength: 1,
  maxLength: 120,
  pattern: NAME_PATTERN,
  description: "the Kafka cluster's name (G88)",
  examples: ['kafka-prod-01'],
})
/** A topic name: Kafka's legal characters, at most 249. */
const TopicSchema = Type.String({
  minLength: 1,
  maxLength: 249,
  pattern: NAME_PATTERN,
  description: 'a topic name',
  examples: ['orders'],
})
const GroupSchema = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: NAME_PATTERN,
  description: 'a consumer group id',
  examples: ['spark-streaming-orders-enrich'],
})

/** Path: /api/v1/kafka/{cluster}/… */
export const KafkaClusterParamsSchema = Type.Object(
  { cluster: KafkaClusterNameSchema },
  { additionalProperties: false, title: 'KafkaClusterParams' },
)
export type KafkaClusterParams = Static<typeof KafkaClusterParamsSchema>
/** Path: /api/v1/kafka/{cluster}/topics/{topic} */
export const KafkaTopicParamsSchema = Type.Object(
  { cluster: KafkaClusterNameSchema, topic: TopicSchema },
  { additionalProperties: false, title: 'KafkaTopicParams' },
)
export type KafkaTopicParams = Static<typeof KafkaTopicParamsSchema>
/** Path: /api/v1/kafka/{cluster}/consumers/{consumer} */
export const KafkaConsumerParamsSchema = Type.Object(
  { cluster: KafkaClusterNameSchema, consumer: GroupSchema },
  { additionalProperties: false, title: 'KafkaConsumerParams' },
)
export type KafkaConsumerParams = Static<typeof KafkaConsumerParamsSchema>

const Window = {
  start_time: Type.Optional(QueryInstantSchema),
  end_time: Type.Optional(QueryInstantSchema),
}
const IntervalParam = Type.Optional(
  Type.Enum(KAFKA_INTERVALS, { default: '1h', description: 'point interval (G89; default 1h)' }),
)
const Paging = {
  from: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, default: 0, description: 'rows to skip' })),
  size: Type.Optional(
    Type.Integer({ minimum: 1, maximum: KAFKA_MAX_PAGE_SIZE, default: 100, description: 'rows to answer' }),
  ),
  order: Type.Optional(
    Type.Enum(['asc', 'desc'] as const, { description: 'default: desc for figures, asc for names' }),
  ),
}

/** GET /api/v1/kafka/clusters (the reference's gte/lte; G89). */
export const KafkaClustersQuerySchema = Type.Object(
  {
    gte: Type.Optional(QueryInstantSchema),
    lte: Type.Optional(QueryInstantSchema),
    lt: Type.Optional(QueryInstantSchema),
  },
  { additionalProperties: false, title: 'KafkaClustersQuery' },
)
export type KafkaClustersQuery = Static<typeof KafkaClustersQuerySchema>

/** GET /api/v1/kafka/{cluster}/kpi_clusters (G91, G92). */
export const KafkaClusterKpiQuerySchema = Type.Object(
  {
    ...Window,
    interval: IntervalParam,
    prefix: Type.Optional(
      Type.Enum(KAFKA_BROKER_METRICS, { description: 'one metric; absent: every metric' }),
    ),
  },
  { additionalProperties: false, title: 'KafkaClusterKpiQuery' },
)
export type KafkaClusterKpiQuery = Static<typeof KafkaClusterKpiQuerySchema>

/** GET /api/v1/kafka/brokers (the reference's cluster_id: the cluster's name, G88). */
export const KafkaBrokersQuerySchema = Type.Object(
  { ...Window, cluster_id: KafkaClusterNameSchema },
  { additionalProperties: false, title: 'KafkaBrokersQuery' },
)
export type KafkaBrokersQuery = Static<typeof KafkaBrokersQuerySchema>

/** A broker: its Kafka broker id (digits) or its host name. */
const BrokerParam = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: NAME_PATTERN,
  description: 'a broker: its broker id (e.g. 1001) or its host',
  examples: ['1001'],
})

/** GET /api/v1/kafka/{cluster}/kpi (G92). */
export const KafkaBrokerKpiQuerySchema = Type.Object(
  {
    ...Window,
    interval: IntervalParam,
    broker: Type.Optional(BrokerParam),
    prefix: Type.Optional(
      Type.Enum(KAFKA_BROKER_METRICS, {
        description:
          'with broker: one metric (absent: every metric); without: the metric of every broker (default BytesInPerSec)',
      }),
    ),
  },
  { additionalProperties: false, title: 'KafkaBrokerKpiQuery' },
)
export type KafkaBrokerKpiQuery = Static<typeof KafkaBrokerKpiQuerySchema>

/** GET /api/v1/kafka/{cluster}/kpi_topics (G92). */
export const KafkaTopicKpiQuerySchema = Type.Object(
  {
    ...Window,
    interval: IntervalParam,
    topic: Type.Optional(TopicSchema),
    prefix: Type.Optional(
      Type.Enum(KAFKA_TOPIC_METRICS, {
        description:
          'with topic: one metric (absent: all three); without: the metric of every topic (default BytesInPerSec)',
      }),
    ),
  },
  { additionalProperties: false, title: 'KafkaTopicKpiQuery' },
)
export type KafkaTopicKpiQuery = Static<typeof KafkaTopicKpiQuerySchema>

/** GET /api/v1/kafka/topics/partions/ts (sic; G93). */
export const KafkaPartitionSeriesQuerySchema = Type.Object(
  {
    ...Window,
    interval: IntervalParam,
    cluster_id: KafkaClusterNameSchema,
    metric_pattern: Type.String({
      minLength: 1,
      maxLength: 400,
      pattern: '^[A-Za-z0-9._:=,*-]+$',
      description: 'the topic: its name, or a JMX-style pattern holding topic=<name> (G93)',
      examples: ['orders', 'kafka.log:type=Log,name=LogEndOffset,topic=orders,*'],
    }),
    metric: Type.Optional(Type.Enum(KAFKA_PARTITION_METRICS, { default: 'LogEndOffset' })),
    partition: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999, description: 'only this partition' })),
  },
  { additionalProperties: false, title: 'KafkaPartitionSeriesQuery' },
)
export type KafkaPartitionSeriesQuery = Static<typeof KafkaPartitionSeriesQuerySchema>

export const KAFKA_TOPIC_SORTS = [
  'topic',
  'partitionCount',
  'bytesInPerSec',
  'bytesOutPerSec',
  'messagesInPerSec',
  'sizeBytes',
  'underReplicatedPartitions',
] as const
export type KafkaTopicSort = (typeof KAFKA_TOPIC_SORTS)[number]

/** GET /api/v1/kafka/{cluster}/topics (costlens's own; G95). */
export const KafkaTopicsQuerySchema = Type.Object(
  {
    ...Window,
    ...Paging,
    sort: Type.Optional(Type.Enum(KAFKA_TOPIC_SORTS, { default: 'bytesInPerSec' })),
    search: Type.Optional(
      Type.String({ maxLength: 249, pattern: '^[A-Za-z0-9._-]*$', description: 'part of the topic name' }),
    ),
    internal: Type.Optional(
      Type.Boolean({ default: false, description: 'true: list internal topics too (__consumer_offsets)' }),
    ),
  },
  { additionalProperties: false, title: 'KafkaTopicsQuery' },
)
export type KafkaTopicsQuery = Static<typeof KafkaTopicsQuerySchema>

/** GET /api/v1/kafka/{cluster}/topics/{topic} and consumers/{consumer}: as of the window's end (G90). */
export const KafkaWindowQuerySchema = Type.Object(
  { ...Window },
  { additionalProperties: false, title: 'KafkaWindowQuery' },
)
export type KafkaWindowQuery = Static<typeof KafkaWindowQuerySchema>

export const KAFKA_CONSUMER_SORTS = ['group', 'state', 'members', 'totalLag', 'partitionCount'] as const
export type KafkaConsumerSort = (typeof KAFKA_CONSUMER_SORTS)[number]

/** GET /api/v1/kafka/{cluster}/consumers (costlens's own; G95). */
export const KafkaConsumersQuerySchema = Type.Object(
  {
    ...Window,
    ...Paging,
    sort: Type.Optional(Type.Enum(KAFKA_CONSUMER_SORTS, { default: 'totalLag' })),
    state: Type.Optional(Type.Enum(KAFKA_GROUP_STATES, { description: 'only groups in this state' })),
    topic: Type.Optional(Type.String({ ...TopicSchema, description: 'only groups reading this topic' })),
  },
  { additionalProperties: false, title: 'KafkaConsumersQuery' },
)
export type KafkaConsumersQuery = Static<typeof KafkaConsumersQuerySchema>

/** GET /api/v1/kafka/{cluster}/consumers/{consumer}/lag (costlens's own; G94). */
export const KafkaLagQuerySchema = Type.Object(
  {
    ...Window,
    interval: IntervalParam,
    topic: Type.Optional(
      Type.String({
        ...TopicSchema,
        description: 'only this topic (no series if the group does not read it)',
      }),
    ),
    by: Type.Optional(
      Type.Enum(['partition', 'topic'] as const, {
        default: 'partition',
        description: 'one series per partition, or per topic (the sum over its partitions)',
      }),
    ),
  },
  { additionalProperties: false, title: 'KafkaLagQuery' },
)
export type KafkaLagQuery = Static<typeof KafkaLagQuerySchema>
