import {
  KAFKA_BROKER_METRICS,
  KAFKA_TOPIC_METRICS,
  type KafkaBrokerKpiQuery,
  type KafkaBrokerMetric,
  type KafkaClusterKpiQuery,
  type KafkaInterval,
  type KafkaSeries,
  type KafkaSeriesResponse,
  type KafkaTopicKpiQuery,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { BROKER_METRIC_SPECS, brokerLayouts, brokerMetrics } from './kafka-broker-metrics.ts'
import {
  assertResponsePoints,
  kafkaClock,
  kafkaCluster,
  kafkaGrid,
  round3,
  timeWindow,
  type Grid,
  type KafkaClock,
  type KafkaCluster,
} from './kafka-common.ts'
import { loadPoints, type Vec3 } from './kafka-load.ts'
import { behindDuring, clusterModel, ratesAt, topicCoefficients, type ClusterModel } from './kafka-model.ts'
import type { ClusterScope } from './scope.ts'

/*
 * The KPI series of a cluster, its brokers and its topics (G89-G92): per point, the average load of
 * the point (kafka-load.ts loadPoints) through each one's coefficients; the cluster's from its
 * brokers' values, so they add up exactly.
 */

export interface SeriesFrame {
  cluster: KafkaCluster
  model: ClusterModel
  clock: KafkaClock
  grid: Grid
  /** The average load per point (shown time). */
  loads: Map<number, Vec3>
}

/** The cluster, window, grid and loads of a series call. */
export function seriesFrame(
  db: Db,
  scope: ClusterScope,
  name: string,
  q: { start_time?: string; end_time?: string; interval?: KafkaInterval },
  now: number,
): SeriesFrame {
  const cluster = kafkaCluster(db, scope, name)
  const window = timeWindow(q, now)
  const grid = kafkaGrid(window, q.interval, now)
  const clock = kafkaClock(db, now)
  const from = (grid.points[0] ?? window.start) - clock.shift
  const to = Math.min(window.end, now) - clock.shift
  const loads = loadPoints(db, cluster.id, { from, to }, grid.step, clock)
  return { cluster, model: clusterModel(db, cluster.id), clock, grid, loads }
}

/** A series over the grid's points that have a load; `value` gives the point's value. */
export function pointsOf(frame: SeriesFrame, value: (load: Vec3, p: number) => number): [number, number][] {
  const out: [number, number][] = []
  for (const p of frame.grid.points) {
    const load = frame.loads.get(p)
    if (load) out.push([p, round3(value(load, p))])
  }
  return out
}

const answer = (frame: SeriesFrame, kpiType: KafkaSeriesResponse['kpiType'], series: KafkaSeries[]) => ({
  cluster: frame.cluster.name,
  kpiType,
  interval: frame.grid.interval,
  pointInterval: frame.grid.step,
  series,
})

/** Each broker's values of the metrics, per point. */
function brokerValues(frame: SeriesFrame, brokers: ReturnType<typeof brokerLayouts>) {
  const { grid, clock, model, loads } = frame
  const perPoint = new Map<number, Record<KafkaBrokerMetric, number>[]>()
  for (const p of grid.points) {
    const load = loads.get(p)
    if (!load) continue
    const behind = behindDuring(model, p - clock.shift, p - clock.shift + grid.step)
    perPoint.set(
      p,
      brokers.map((b) => brokerMetrics(b, load, behind, model.brokers.length)),
    )
  }
  return perPoint
}

const metricsOf = (prefix: KafkaBrokerMetric | undefined) => (prefix ? [prefix] : [...KAFKA_BROKER_METRICS])

/** GET /api/v1/kafka/{cluster}/kpi_clusters: the brokers' values summed or averaged (G91). */
export function kafkaClusterKpi(
  db: Db,
  scope: ClusterScope,
  name: string,
  q: KafkaClusterKpiQuery,
  now: number,
): KafkaSeriesResponse {
  const frame = seriesFrame(db, scope, name, q, now)
  const metrics = metricsOf(q.prefix)
  assertResponsePoints(frame.grid, metrics.length, 'one prefix')
  const brokers = brokerLayouts(frame.model, frame.cluster.controllerId)
  const { grid, clock, model, loads } = frame
  const series = metrics.map((metric) => {
    const spec = BROKER_METRIC_SPECS[metric]
    return { metric, name: spec.name, unit: spec.unit, data: [] as [number, number][] }
  })
  const averaged = metrics.map((m) => BROKER_METRIC_SPECS[m].cluster === 'avg')
  // One pass over the points (a day at 1m: 1,440 points of up to 16 metrics of a dozen brokers), the
  // brokers' values summed as they are made rather than kept per point and walked again per metric.
  const sums = new Float64Array(metrics.length)
  for (const p of grid.points) {
    const load = loads.get(p)
    if (!load) continue
    const behind = behindDuring(model, p - clock.shift, p - clock.shift + grid.step)
    sums.fill(0)
    for (const b of brokers) {
      const v = brokerMetrics(b, load, behind, model.brokers.length)
      // Summed from the brokers' rounded values, so the cluster equals their sum to the digit.
      for (let m = 0; m < metrics.length; m++) sums[m]! += round3(v[metrics[m]!])
    }
    for (let m = 0; m < metrics.length; m++)
      series[m]!.data.push([p, round3(averaged[m] ? sums[m]! / brokers.length : sums[m]!)])
  }
  return answer(frame, 'cluster', series)
}

/** GET /api/v1/kafka/{cluster}/kpi: one broker's series, or one metric of every broker (G92). */
export function kafkaBrokerKpi(
  db: Db,
  scope: ClusterScope,
  name: string,
  q: KafkaBrokerKpiQuery,
  now: number,
): KafkaSeriesResponse {
  const frame = seriesFrame(db, scope, name, q, now)
  let brokers = brokerLayouts(frame.model, frame.cluster.controllerId)
  if (q.broker !== undefined) {
    const row = frame.model.brokers.find((b) => String(b.brokerId) === q.broker || b.host === q.broker)
    if (!row) throw new HttpError(404, `No broker "${q.broker}" in Kafka cluster "${name}"`)
    brokers = brokers.filter((b) => b.brokerId === row.brokerId)
  }
  const metrics = q.broker === undefined ? [q.prefix ?? 'BytesInPerSec'] : metricsOf(q.prefix)
  assertResponsePoints(frame.grid, metrics.length * brokers.length, 'a broker and a prefix')
  // Every broker's values (the broker count and who is behind are the cluster's), then the asked ones.
  const values = brokerValues(frame, brokerLayouts(frame.model, frame.cluster.controllerId))
  const index = new Map(frame.model.brokers.map((b, i) => [b.brokerId, i]))
  const series = brokers.flatMap((b) =>
    metrics.map((metric) => ({
      metric,
      name: `${BROKER_METRIC_SPECS[metric].name}, broker ${b.brokerId}`,
      unit: BROKER_METRIC_SPECS[metric].unit,
      broker: b.brokerId,
      data: [...values].map(
        ([p, perBroker]) => [p, round3(perBroker[index.get(b.brokerId)!]![metric])] as [number, number],
      ),
    })),
  )
  return answer(frame, 'broker', series)
}

const TOPIC_NAMES: Record<(typeof KAFKA_TOPIC_METRICS)[number], { name: string; unit: string }> = {
  BytesInPerSec: { name: 'Bytes in (bytes/s)', unit: 'bytes/s' },
  BytesOutPerSec: { name: 'Bytes out (bytes/s)', unit: 'bytes/s' },
  MessagesInPerSec: { name: 'Messages in (/s)', unit: 'messages/s' },
}
const RATE_KEY = {
  BytesInPerSec: 'bytesInPerSec',
  BytesOutPerSec: 'bytesOutPerSec',
  MessagesInPerSec: 'messagesInPerSec',
} as const

/** GET /api/v1/kafka/{cluster}/kpi_topics: one topic's series, or one metric of every topic (G92). */
export function kafkaTopicKpi(
  db: Db,
  scope: ClusterScope,
  name: string,
  q: KafkaTopicKpiQuery,
  now: number,
): KafkaSeriesResponse {
  const frame = seriesFrame(db, scope, name, q, now)
  let topics = frame.model.topics.filter((t) => !t.internal)
  if (q.topic !== undefined) {
    topics = frame.model.topics.filter((t) => t.name === q.topic)
    if (!topics.length) throw new HttpError(404, `No topic "${q.topic}" in Kafka cluster "${name}"`)
  }
  const metrics =
    q.topic === undefined ? [q.prefix ?? 'BytesInPerSec'] : q.prefix ? [q.prefix] : [...KAFKA_TOPIC_METRICS]
  assertResponsePoints(frame.grid, metrics.length * topics.length, 'a topic')
  const series = topics.flatMap((t) => {
    const c = topicCoefficients(t)
    return metrics.map((metric) => ({
      metric,
      name: `${TOPIC_NAMES[metric].name}, ${t.name}`,
      unit: TOPIC_NAMES[metric].unit,
      topic: t.name,
      data: pointsOf(frame, (load) => ratesAt(c, load)[RATE_KEY[metric]]),
    }))
  })
  return answer(frame, 'topic', series)
}
