import { kafkaEndpoints as calls } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'
import { SILENT_QUERY } from '../../api/app-queries.ts'

/**
 * The Kafka pages' calls (02 §2 Kafka, E152), built from `kafkaEndpoints`. Their failures raise no
 * toast (C25): each panel shows its own with a retry.
 */
export const kafkaApi = api.injectEndpoints({
  endpoints: (build) => ({
    kafkaClusters: endpointQuery(build, calls.clusters, SILENT_QUERY),
    kafkaClusterKpi: endpointQuery(build, calls.clusterKpi, SILENT_QUERY),
    kafkaBrokers: endpointQuery(build, calls.brokers, SILENT_QUERY),
    kafkaBrokerKpi: endpointQuery(build, calls.brokerKpi, SILENT_QUERY),
    kafkaTopicKpi: endpointQuery(build, calls.topicKpi, SILENT_QUERY),
    kafkaTopics: endpointQuery(build, calls.topics, SILENT_QUERY),
    kafkaTopic: endpointQuery(build, calls.topic, SILENT_QUERY),
    kafkaConsumers: endpointQuery(build, calls.consumers, SILENT_QUERY),
    kafkaConsumer: endpointQuery(build, calls.consumer, SILENT_QUERY),
    kafkaConsumerLag: endpointQuery(build, calls.consumerLag, SILENT_QUERY),
  }),
})

export const {
  useKafkaClustersQuery,
  useKafkaClusterKpiQuery,
  useKafkaBrokersQuery,
  useKafkaBrokerKpiQuery,
  useKafkaTopicKpiQuery,
  useKafkaTopicsQuery,
  useKafkaTopicQuery,
  useKafkaConsumersQuery,
  useKafkaConsumerQuery,
  useKafkaConsumerLagQuery,
} = kafkaApi
