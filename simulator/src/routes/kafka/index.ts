import { kafkaEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { clustersWindow, kafkaBrokers, kafkaClusterList } from '../../db/repositories/kafka-clusters.ts'
import { kafkaConsumerLag } from '../../db/repositories/kafka-consumer-lag.ts'
import { kafkaConsumer, kafkaConsumers } from '../../db/repositories/kafka-consumers.ts'
import { kafkaPartitionSeries } from '../../db/repositories/kafka-partitions.ts'
import { kafkaBrokerKpi, kafkaClusterKpi, kafkaTopicKpi } from '../../db/repositories/kafka-series.ts'
import { kafkaTopic, kafkaTopics } from '../../db/repositories/kafka-topics.ts'
import { scopeOf } from '../../plugins/auth.ts'
import { route, seriesPlan, windowPlan } from '../route.ts'

/**
 * The Kafka calls (02 §2 Kafka; E152), from `kafkaEndpoints`: Hadoop platforms with kafkaEnabled
 * on, by their entries' access.
 */
export default async function kafkaRoutes(app: AppInstance) {
  const { db, clock } = app
  route(
    app,
    calls.clusters,
    (request) => kafkaClusterList(db, scopeOf(request), request.query, clock.now()),
    {
      plan: (request, now) => ({ range: clustersWindow(request.query, now) }),
    },
  )
  route(
    app,
    calls.clusterKpi,
    (request) => kafkaClusterKpi(db, scopeOf(request), request.params.cluster, request.query, clock.now()),
    seriesPlan,
  )
  route(
    app,
    calls.brokers,
    (request) => kafkaBrokers(db, scopeOf(request), request.query, clock.now()),
    windowPlan,
  )
  route(
    app,
    calls.brokerKpi,
    (request) => kafkaBrokerKpi(db, scopeOf(request), request.params.cluster, request.query, clock.now()),
    seriesPlan,
  )
  route(
    app,
    calls.topicKpi,
    (request) => kafkaTopicKpi(db, scopeOf(request), request.params.cluster, request.query, clock.now()),
    seriesPlan,
  )
  route(
    app,
    calls.partitionSeries,
    (request) => kafkaPartitionSeries(db, scopeOf(request), request.query, clock.now()),
    seriesPlan,
  )
  route(
    app,
    calls.topics,
    (request) => kafkaTopics(db, scopeOf(request), request.params.cluster, request.query, clock.now()),
    windowPlan,
  )
  route(
    app,
    calls.topic,
    (request) =>
      kafkaTopic(
        db,
        scopeOf(request),
        request.params.cluster,
        request.params.topic,
        request.query,
        clock.now(),
      ),
    windowPlan,
  )
  route(
    app,
    calls.consumers,
    (request) => kafkaConsumers(db, scopeOf(request), request.params.cluster, request.query, clock.now()),
    windowPlan,
  )
  route(
    app,
    calls.consumer,
    (request) =>
      kafkaConsumer(
        db,
        scopeOf(request),
        request.params.cluster,
        request.params.consumer,
        request.query,
        clock.now(),
      ),
    windowPlan,
  )
  route(
    app,
    calls.consumerLag,
    (request) =>
      kafkaConsumerLag(
        db,
        scopeOf(request),
        request.params.cluster,
        request.params.consumer,
        request.query,
        clock.now(),
      ),
    seriesPlan,
  )
}
