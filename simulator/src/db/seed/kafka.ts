import type { Db } from '../open-database.ts'
import { RowInserter } from './bulk-insert.ts'
import type { SeedCluster } from './clusters.ts'
import {
  CONSUMER_OFFSETS_PARTITIONS,
  CONSUMER_OFFSETS_TOPIC,
  KAFKA_CLUSTERS,
  TOPIC_POOLS,
  type KafkaClusterSpec,
  type TopicProfile,
} from './kafka-catalogue.ts'
import { seedGroups, type SeedTopic } from './kafka-groups.ts'
import { kafkaHistoryStart, seedKafkaLoad } from './kafka-load.ts'
import { shuffle, type Prng } from './prng.ts'
import type { Scale } from './scale.ts'

/*
 * Kafka (issue 21): clusters beside the Hadoop clusters, brokers with hosts and racks, topics with
 * partitions led round the brokers, consumer groups reading one to three topics, the odd broker
 * briefly behind, and each cluster's load (seed/kafka-load.ts). Its own generator (seed +
 * KAFKA_PRNG_OFFSET), so every other table's rows stay as they were.
 */

export const KAFKA_PRNG_OFFSET = 31
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const between = (prng: Prng, low: number, high: number) => low + prng.next() * (high - low)
function logNormal(prng: Prng, median: number, sigma: number): number {
  const u = Math.max(prng.next(), 1e-12)
  return median * Math.exp(sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * prng.next()))
}
const base64Id = (prng: Prng) =>
  Array.from({ length: 22 }, () =>
    'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.charAt(prng.int(0, 63)),
  ).join('')

function brokerHost(cluster: SeedCluster, i: number, prng: Prng): string {
  const n = String(i + 1).padStart(2, '0')
  if (cluster.platform === 'EMR') return `ip-10-0-${40 + 2 * i}-${prng.int(1, 250)}.ec2.internal`
  return `kafka${n}.${cluster.clusterName}.${cluster.region}.acme.internal`
}

/** The profile mix of a topic: mostly its own profile, some of the others. */
function mixOf(prng: Prng, profile: TopicProfile): [number, number, number] {
  const mix = [between(prng, 0, 0.25), between(prng, 0, 0.15), between(prng, 0, 0.25)]
  mix[['day', 'etl', 'flat'].indexOf(profile)] = between(prng, 0.6, 0.9)
  const sum = mix[0]! + mix[1]! + mix[2]!
  return [mix[0]! / sum, mix[1]! / sum, mix[2]! / sum]
}

/** Seeds one cluster's brokers, lapses, topics, partitions and groups. */
function seedCluster(
  db: Db,
  prng: Prng,
  spec: KafkaClusterSpec,
  cluster: SeedCluster,
  id: number,
  now: number,
) {
  const history = kafkaHistoryStart(now)
  const brokerIds = Array.from({ length: spec.brokers }, (_, i) => 1001 + i)
  const controller = brokerIds[prng.int(0, spec.brokers - 1)]!
  db.prepare(
    `INSERT INTO kafka_clusters (id, name, kafka_cluster_id, cluster_uid, version, created_at, controller_id)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    spec.name,
    base64Id(prng),
    spec.uid,
    spec.version,
    Math.max(cluster.createdAt, history - 400 * DAY),
    controller,
  )
  const insertBroker = db.prepare(
    'INSERT INTO kafka_brokers (id, cluster_id, broker_id, host, port, rack) VALUES (?, ?, ?, ?, ?, ?)',
  )
  const rowIds = brokerIds.map((brokerId, i) => {
    const rack = cluster.platform === 'EMR' ? `${cluster.region}${'abc'[i % 3]}` : `rack-${'abc'[i % 3]}`
    const port = spec.version.startsWith('3.4') ? 9093 : 9092
    return Number(
      insertBroker.run(null, id, brokerId, brokerHost(cluster, i, prng), port, rack).lastInsertRowid,
    )
  })
  // A broker falls behind every few days for minutes, one at a time; some clusters right now.
  const insertLapse = db.prepare(
    'INSERT INTO kafka_broker_lapses (broker_id, start_ts, end_ts) VALUES (?, ?, ?)',
  )
  for (let at = history + between(prng, 0.5, 3) * DAY; at < now - 2 * HOUR; at += between(prng, 1.5, 4) * DAY)
    insertLapse.run(
      rowIds[prng.int(0, spec.brokers - 1)],
      Math.round(at),
      Math.round(at + between(prng, 4, 40) * MINUTE),
    )
  if (spec.behindNow)
    insertLapse.run(rowIds[prng.int(0, spec.brokers - 1)], now - 8 * MINUTE, now + 35 * MINUTE)

  const pool = TOPIC_POOLS[spec.focus]
  const chosen = [...pool.slice(0, 3), ...shuffle(prng, pool.slice(3))].slice(0, spec.topics)
  const topics: SeedTopic[] = chosen.map((t, i) => ({
    id: id * 1000 + i + 1,
    name: t.name,
    partitions: prng.pick([3, 6, 6, 12, 12, 24, 24, 32, 48]),
    readers: 0,
  }))
  const reads = seedGroups(db, prng, spec, id, topics, brokerIds, now)
  const insertTopic = db.prepare(
    `INSERT INTO kafka_topics (id, cluster_id, name, internal, partitions, replication_factor, retention_ms,
       created_at, msgs_per_s, bytes_per_msg, readers, w_day, w_etl, w_flat)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const partitionRows = new RowInserter(db, 'kafka_partitions', [
    'topic_id',
    'partition',
    'leader_id',
    'replicas',
    'share',
    'offset_base',
    'fragile',
  ])
  const addTopic = (t: SeedTopic, internal: boolean, profile: TopicProfile, bytes: number) => {
    const rf = Math.min(spec.brokers, internal ? 3 : prng.chance(0.2) ? 2 : 3)
    const rate = internal
      ? spec.groups * between(prng, 0.5, 2)
      : Math.min(60_000, Math.max(5, logNormal(prng, 700, 1.2)))
    const createdAt = Math.round(between(prng, history - 300 * DAY, history - 2 * DAY))
    const [wDay, wEtl, wFlat] = internal ? [0, 0, 1] : mixOf(prng, profile)
    const retention = internal ? 7 * DAY : prng.pick([1, 3, 7, 7, 7, 14]) * DAY
    insertTopic.run(
      t.id,
      id,
      t.name,
      internal ? 1 : 0,
      t.partitions,
      rf,
      retention,
      createdAt,
      rate,
      bytes * between(prng, 0.85, 1.15),
      t.readers,
      wDay,
      wEtl,
      wFlat,
    )
    // Keyed topics skew: a hot partition or two; leaders round the brokers from a random start.
    const weights = Array.from({ length: t.partitions }, () =>
      logNormal(prng, 1, prng.chance(0.2) ? 0.6 : 0.2),
    )
    const total = weights.reduce((a, b) => a + b, 0)
    const start = prng.int(0, spec.brokers - 1)
    const ageS = (history - createdAt) / 1000
    for (let p = 0; p < t.partitions; p++) {
      const replicas = Array.from({ length: rf }, (_, r) => brokerIds[(start + p + r) % spec.brokers]!)
      const share = weights[p]! / total
      partitionRows.push(
        t.id,
        p,
        replicas[0],
        replicas.join(','),
        share,
        Math.round(rate * share * ageS * 0.8),
        // About a third of the partitions (the busier replicas' fetches) fall behind with their broker.
        prng.chance(0.35) ? 1 : 0,
      )
    }
  }
  topics.forEach((t, i) => addTopic(t, false, chosen[i]!.profile, chosen[i]!.bytes))
  addTopic(
    { id: id * 1000, name: CONSUMER_OFFSETS_TOPIC, partitions: CONSUMER_OFFSETS_PARTITIONS, readers: 0 },
    true,
    'flat',
    180,
  )
  partitionRows.flush()
  const insertRead = db.prepare('INSERT INTO kafka_group_topics (group_id, topic_id) VALUES (?, ?)')
  for (const [group, topic] of reads) insertRead.run(group, topic)
}

/** Seeds the Kafka tables; returns the rows written. */
export function seedKafka(
  db: Db,
  prng: Prng,
  clusters: readonly SeedCluster[],
  now: number,
  scale: Scale,
): number {
  const byUid = new Map(clusters.map((c) => [c.unravelId, c]))
  const ids: number[] = []
  db.transaction(() => {
    KAFKA_CLUSTERS.forEach((spec, i) => {
      const cluster = byUid.get(spec.uid)
      if (!cluster || cluster.terminatedAt !== null) return
      seedCluster(db, prng, spec, cluster, i + 1, now)
      ids.push(i + 1)
    })
  })()
  const loadRows = seedKafkaLoad(db, prng, ids, now, scale)
  const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number
  return loadRows + count('kafka_partitions') + count('kafka_groups') + count('kafka_brokers')
}
