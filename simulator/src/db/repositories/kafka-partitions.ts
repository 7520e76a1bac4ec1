import type { KafkaPartitionMetric, KafkaPartitionSeriesQuery, KafkaSeriesResponse } from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { assertResponsePoints, round3 } from './kafka-common.ts'
import { CumTrack, dot } from './kafka-load.ts'
import { endOffset, retentionStart, topicCoefficients, type TopicRow } from './kafka-model.ts'
import { pointsOf, seriesFrame } from './kafka-series.ts'
import type { ClusterScope } from './scope.ts'

/*
 * GET /api/v1/kafka/topics/partions/ts (sic; G93): one series per partition of a topic. Offsets and
 * sizes are the values at each point's time; rates the point's average (G90).
 */

const SPECS: Record<KafkaPartitionMetric, { name: string; unit: string }> = {
  LogEndOffset: { name: 'Log end offset', unit: 'offset' },
  LogStartOffset: { name: 'Log start offset', unit: 'offset' },
  Size: { name: 'Size (bytes)', unit: 'bytes' },
  MessagesInPerSec: { name: 'Messages in (/s)', unit: 'messages/s' },
  BytesInPerSec: { name: 'Bytes in (bytes/s)', unit: 'bytes/s' },
}

/** G93: the topic of metric_pattern: `topic=<name>` inside a JMX-style pattern, else the whole value. */
export function topicOfPattern(pattern: string): string {
  const match = /(?:^|[,:])topic=([A-Za-z0-9._-]+)/.exec(pattern)
  if (match) return match[1]!
  if (/[=,:*]/.test(pattern))
    throw new HttpError(
      400,
      `querystring/metric_pattern must be a topic name or hold topic=<name>, got "${pattern}"`,
    )
  return pattern
}

export function kafkaPartitionSeries(
  db: Db,
  scope: ClusterScope,
  q: KafkaPartitionSeriesQuery,
  now: number,
): KafkaSeriesResponse {
  const topicName = topicOfPattern(q.metric_pattern)
  const frame = seriesFrame(db, scope, q.cluster_id, q, now)
  const topic: TopicRow | undefined = frame.model.topics.find((t) => t.name === topicName)
  if (!topic) throw new HttpError(404, `No topic "${topicName}" in Kafka cluster "${q.cluster_id}"`)
  let partitions = frame.model.partitionsOf.get(topic.id) ?? []
  if (q.partition !== undefined) {
    partitions = partitions.filter((p) => p.partition === q.partition)
    if (!partitions.length) throw new HttpError(404, `No partition ${q.partition} of topic "${topicName}"`)
  }
  const metric = q.metric ?? 'LogEndOffset'
  assertResponsePoints(frame.grid, partitions.length, 'a partition')
  const { clock, grid } = frame
  const from = (grid.points[0] ?? now) - clock.shift
  const to = (grid.points.at(-1) ?? now) - clock.shift
  const ends =
    metric === 'LogEndOffset' || metric === 'Size' ? new CumTrack(db, frame.cluster.id, from, to) : null
  const starts =
    metric === 'LogStartOffset' || metric === 'Size'
      ? new CumTrack(db, frame.cluster.id, retentionStart(topic, from), retentionStart(topic, to))
      : null
  const series = partitions.map((p) => {
    const coefficients = topicCoefficients(topic, p.share)
    const endAt = (x: number) => endOffset(topic, p, ends!.at(x))
    const startAt = (x: number) => endOffset(topic, p, starts!.at(retentionStart(topic, x)))
    const value = (load: [number, number, number], shown: number): number => {
      const x = shown - clock.shift
      switch (metric) {
        case 'LogEndOffset':
          return endAt(x)
        case 'LogStartOffset':
          return startAt(x)
        case 'Size':
          return Math.round((endAt(x) - startAt(x)) * topic.bytesPerMsg)
        case 'MessagesInPerSec':
          return dot(coefficients.msgs, load)
        case 'BytesInPerSec':
          return dot(coefficients.bytesIn, load)
      }
    }
    return {
      metric,
      name: `${SPECS[metric].name}, ${topic.name}-${p.partition}`,
      unit: SPECS[metric].unit,
      topic: topic.name,
      partition: p.partition,
      data: pointsOf(frame, (load, shown) => round3(value(load, shown))),
    }
  })
  return {
    cluster: frame.cluster.name,
    kpiType: 'partition',
    interval: grid.interval,
    pointInterval: grid.step,
    series,
  }
}
