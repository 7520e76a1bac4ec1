import {
  KafkaBrokerKpiQuerySchema,
  KafkaBrokersQuerySchema,
  KafkaClusterKpiQuerySchema,
  KafkaClusterParamsSchema,
  KafkaClustersQuerySchema,
  KafkaConsumerParamsSchema,
  KafkaConsumersQuerySchema,
  KafkaLagQuerySchema,
  KafkaPartitionSeriesQuerySchema,
  KafkaTopicKpiQuerySchema,
  KafkaTopicParamsSchema,
  KafkaTopicsQuerySchema,
  KafkaWindowQuerySchema,
} from '../contracts/kafka.ts'
import {
  KafkaBrokersResponseSchema,
  KafkaClustersResponseSchema,
  KafkaConsumerDetailSchema,
  KafkaConsumersResponseSchema,
  KafkaSeriesResponseSchema,
  KafkaTopicDetailSchema,
  KafkaTopicsResponseSchema,
} from '../contracts/kafka-responses.ts'
import { defineEndpoints } from './endpoint.ts'

/*
 * The Kafka calls behind /clusters/kafka, /clusters/kafka/metrics, /kafkatopic/{cluster}/{topic} and
 * /kafkaconsumer/{cluster}/{consumer} (02 §2 Kafka; E152, which shows no paths). The decisions on
 * what the spec leaves open (G88-G95) are in contracts/kafka.ts. Kafka is for the Hadoop platforms
 * with the kafkaEnabled flag on, as the route catalogue gates the /clusters/kafka page.
 */
const access = { platforms: ['CDH', 'HDP', 'CDP', 'MAPR', 'EMR'], flags: ['kafkaEnabled'] } as const
const tags = ['kafka'] as const
const specIds = ['E152'] as const
const REFERENCE = "The path is the real product's public REST reference's (unraveldata docs 4.6, api46.json)."
const OURS = "The path is costlens's own: the reference has no such call."
const WINDOW =
  'start_time/end_time (epoch ms, ISO-8601 or YYYY-MM-DD), default today 00:00 UTC to now, at most 31 days.'
const SERIES =
  `${WINDOW} interval 1m, 5m, 10m, 30m, 1h, 1d or 1w (default 1h); rates average over each point; at most ` +
  '2,000 points per series and 250,000 per answer (400: choose a coarser interval).'

export const kafkaEndpoints = defineEndpoints({
  clusters: {
    method: 'GET',
    path: '/api/v1/kafka/clusters',
    specIds,
    tags,
    access,
    summary:
      "The user's Kafka clusters and their metrics: brokers, topics, throughput, lag, under-replicated",
    description:
      `${REFERENCE} gte/lte (lt a synonym of lte) bound the window (dates, epoch ms or ISO-8601; default today ` +
      'to now; a date-only lte is the end of that day). Rates average over the window; counts, lag and ' +
      "sizes are as of its end. Rows by cluster name; the name is the cluster's key in every other path.",
    querystring: KafkaClustersQuerySchema,
    response: KafkaClustersResponseSchema,
  },
  clusterKpi: {
    method: 'GET',
    path: '/api/v1/kafka/{cluster}/kpi_clusters',
    specIds,
    tags,
    access,
    summary: 'KPI series of a Kafka cluster (its brokers summed, or averaged for % and ms)',
    description: `${REFERENCE} ${SERIES} prefix names one metric (BytesInPerSec, …); absent, every metric.`,
    params: KafkaClusterParamsSchema,
    querystring: KafkaClusterKpiQuerySchema,
    response: KafkaSeriesResponseSchema,
    errors: [404],
  },
  brokers: {
    method: 'GET',
    path: '/api/v1/kafka/brokers',
    specIds,
    tags,
    access,
    summary: 'The brokers of a Kafka cluster with their metrics',
    description: `${REFERENCE} cluster_id is the Kafka cluster's name. ${WINDOW} An unknown cluster is 404.`,
    querystring: KafkaBrokersQuerySchema,
    response: KafkaBrokersResponseSchema,
    errors: [404],
  },
  brokerKpi: {
    method: 'GET',
    path: '/api/v1/kafka/{cluster}/kpi',
    specIds,
    tags,
    access,
    summary: "A broker's KPI series, or one metric of every broker",
    description:
      `${REFERENCE} ${SERIES} With broker (id or host): its series of prefix (absent: every metric); ` +
      'without: one series per broker of prefix (default BytesInPerSec). An unknown broker is 404.',
    params: KafkaClusterParamsSchema,
    querystring: KafkaBrokerKpiQuerySchema,
    response: KafkaSeriesResponseSchema,
    errors: [404],
  },
  topicKpi: {
    method: 'GET',
    path: '/api/v1/kafka/{cluster}/kpi_topics',
    specIds,
    tags,
    access,
    summary: "A topic's throughput series, or one metric of every topic",
    description:
      `${REFERENCE} ${SERIES} topic is ours: with it, that topic's series of prefix (absent: all three); ` +
      'without, one series per topic (internal ones left out) of prefix (default BytesInPerSec). An ' +
      'unknown topic is 404.',
    params: KafkaClusterParamsSchema,
    querystring: KafkaTopicKpiQuerySchema,
    response: KafkaSeriesResponseSchema,
    errors: [404],
  },
  partitionSeries: {
    method: 'GET',
    path: '/api/v1/kafka/topics/partions/ts',
    specIds,
    tags,
    access,
    summary: "A topic's partitions over time: offsets, size or throughput per partition",
    description:
      `${REFERENCE} (sic "partions"). cluster_id is the Kafka cluster's name; metric_pattern names the topic ` +
      '(its name, or a JMX-style pattern holding topic=<name>). metric and partition are ours. ' +
      `${SERIES} An unknown cluster or topic is 404.`,
    querystring: KafkaPartitionSeriesQuerySchema,
    response: KafkaSeriesResponseSchema,
    errors: [404],
  },
  topics: {
    method: 'GET',
    path: '/api/v1/kafka/{cluster}/topics',
    specIds,
    tags,
    access,
    pathIsOurs: true,
    summary: 'Topics of a Kafka cluster: partitions, replication, throughput, size, consumer groups',
    description:
      `${OURS} ${WINDOW} Rates average over the window, sizes and under-replicated partitions at its end. ` +
      'from/size page (size at most 500), sort/order sort; search keeps names holding it; internal topics ' +
      'only with internal=true.',
    params: KafkaClusterParamsSchema,
    querystring: KafkaTopicsQuerySchema,
    response: KafkaTopicsResponseSchema,
    errors: [404],
  },
  topic: {
    method: 'GET',
    path: '/api/v1/kafka/{cluster}/topics/{topic}',
    specIds,
    tags,
    access,
    pathIsOurs: true,
    summary: 'One topic: its partitions (leader, replicas, ISR, offsets, size) and the groups reading it',
    description: `${OURS} ${WINDOW} Offsets and lag at the window's end. An unknown topic is 404.`,
    params: KafkaTopicParamsSchema,
    querystring: KafkaWindowQuerySchema,
    response: KafkaTopicDetailSchema,
    errors: [404],
  },
  consumers: {
    method: 'GET',
    path: '/api/v1/kafka/{cluster}/consumers',
    specIds,
    tags,
    access,
    pathIsOurs: true,
    summary: 'Consumer groups of a Kafka cluster: state, members, topics, lag',
    description:
      `${OURS} ${WINDOW} States and lag at the window's end. from/size page (size at most 500), ` +
      'sort/order sort (default most lag first); state and topic filter.',
    params: KafkaClusterParamsSchema,
    querystring: KafkaConsumersQuerySchema,
    response: KafkaConsumersResponseSchema,
    errors: [404],
  },
  consumer: {
    method: 'GET',
    path: '/api/v1/kafka/{cluster}/consumers/{consumer}',
    specIds,
    tags,
    access,
    pathIsOurs: true,
    summary: 'One consumer group: per partition its committed offset, log end offset, lag and member',
    description: `${OURS} ${WINDOW} Offsets and lag at the window's end. An unknown group is 404.`,
    params: KafkaConsumerParamsSchema,
    querystring: KafkaWindowQuerySchema,
    response: KafkaConsumerDetailSchema,
    errors: [404],
  },
  consumerLag: {
    method: 'GET',
    path: '/api/v1/kafka/{cluster}/consumers/{consumer}/lag',
    specIds,
    tags,
    access,
    pathIsOurs: true,
    summary: "A consumer group's lag over time, per partition or per topic",
    description:
      `${OURS} ${SERIES} Lag (messages) at each point's time; by=topic sums a topic's partitions. topic keeps ` +
      'one topic. An unknown group is 404.',
    params: KafkaConsumerParamsSchema,
    querystring: KafkaLagQuerySchema,
    response: KafkaSeriesResponseSchema,
    errors: [404],
  },
})
