import { createPrng } from '../simulator/src/db/seed/prng.ts'
import { dayWindows, queryOf } from './day-rows.ts'
import type { HandRow } from './hand-rows.ts'
import type { Vocabulary } from './vocabulary.ts'

const VARIANTS = 200

/**
 * Issue 21's Kafka figures, as the admin (CDH) sees them: each series call over one day (today,
 * yesterday or the last 24 hours) at the intervals the pages use (1m for today, 1h for days) and the
 * lists over the same days; cluster, broker, topic and group drawn together so every request names
 * things that exist. The topic, group and partition calls name one record and are timed with their
 * lists' rows by the pages that open them.
 */
export function kafkaRows(now: number, v: Vocabulary): HandRow[] {
  const prng = createPrng(2121)
  const clusters = v.kafka.filter((c) => c.platform === 'CDH' && c.topics.length)
  if (!clusters.length) return []
  const dayWindow = dayWindows(prng, now)
  // The pages' two intervals, and the others the reference offers now and then.
  const interval = () => prng.pick(['1m', '1h', '1h', '1m', '5m', '10m', '30m'])
  const query = queryOf
  const row = (name: string, key: string, path: (c: (typeof clusters)[number]) => string): HandRow => ({
    name,
    covers: [key],
    method: 'GET',
    path: '/api/v1/kafka',
    auth: true,
    user: 'admin',
    variants: Array.from({ length: VARIANTS }, () => ({ path: path(prng.pick(clusters)) })),
  })
  const name = (c: (typeof clusters)[number]) => encodeURIComponent(c.cluster)
  return [
    row('kafka: the cluster list over a day', 'kafka.clusters', () => {
      const w = dayWindow()
      return `/api/v1/kafka/clusters?${query({ gte: w.start_time, lte: w.end_time })}`
    }),
    row('kafka: cluster KPIs, a day at its interval', 'kafka.clusterKpi', (c) => {
      const prefix = prng.chance(0.5)
        ? prng.pick(['BytesInPerSec', 'MessagesInPerSec', 'UnderReplicatedPartitions'])
        : undefined
      return `/api/v1/kafka/${name(c)}/kpi_clusters?${query({ ...dayWindow(), interval: interval(), prefix })}`
    }),
    row('kafka: broker KPIs, a day at its interval', 'kafka.brokerKpi', (c) => {
      const broker = prng.chance(0.5) ? String(prng.pick(c.brokers)) : undefined
      const prefix = prng.pick([
        'BytesInPerSec',
        'BytesOutPerSec',
        'RequestHandlerAvgIdlePercent-OneMinuteRate',
      ])
      return `/api/v1/kafka/${name(c)}/kpi?${query({ ...dayWindow(), interval: interval(), broker, prefix })}`
    }),
    row('kafka: topic KPIs, a day at its interval', 'kafka.topicKpi', (c) => {
      const topic = prng.chance(0.5) ? prng.pick(c.topics) : undefined
      return `/api/v1/kafka/${name(c)}/kpi_topics?${query({ ...dayWindow(), interval: interval(), topic })}`
    }),
    row('kafka: topics over a day, a page', 'kafka.topics', (c) => {
      const sort = prng.pick(['bytesInPerSec', 'topic', 'sizeBytes', 'messagesInPerSec'])
      return `/api/v1/kafka/${name(c)}/topics?${query({ ...dayWindow(), sort, size: '25' })}`
    }),
    row('kafka: consumer groups, a page', 'kafka.consumers', (c) => {
      const sort = prng.pick(['totalLag', 'group', 'members'])
      return `/api/v1/kafka/${name(c)}/consumers?${query({ ...dayWindow(), sort, size: '25' })}`
    }),
  ]
}
