import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { dot, type Vec3 } from './kafka-load.ts'

/*
 * One Kafka cluster's layout, read once per request (tens of topics, at most a few thousand
 * partitions): brokers, topics, partitions and the lapses of brokers behind. Rates are linear in the
 * cluster's load (schema.sql), so each topic, partition and broker has a coefficient per profile
 * (its rate at load 1), and its rate at a moment is that vector dotted with the load then (G91).
 */

export interface BrokerRow {
  brokerId: number
  host: string
  port: number
  rack: string
}
export interface TopicRow {
  id: number
  name: string
  internal: number
  partitionCount: number
  replicationFactor: number
  retentionMs: number
  createdAt: number
  msgsPerS: number
  bytesPerMsg: number
  readers: number
  wDay: number
  wEtl: number
  wFlat: number
}
export interface PartitionRow {
  topicId: number
  partition: number
  leader: number
  replicas: number[]
  share: number
  offsetBase: number
  /** 1: its followers drop out of sync while their broker is behind. */
  fragile: number
}
export interface Lapse {
  brokerId: number
  start: number
  end: number
}

export interface ClusterModel {
  clusterId: number
  brokers: BrokerRow[]
  topics: TopicRow[]
  partitionsOf: Map<number, PartitionRow[]>
  lapses: Lapse[]
}

/** Reads a cluster's layout. */
export function clusterModel(db: Db, clusterId: number): ClusterModel {
  const brokers = cachedStatement(
    db,
    'SELECT broker_id AS brokerId, host, port, rack FROM kafka_brokers WHERE cluster_id = ? ORDER BY broker_id',
  ).all(clusterId) as BrokerRow[]
  const topics = cachedStatement(
    db,
    `SELECT id, name, internal, partitions AS partitionCount, replication_factor AS replicationFactor,
            retention_ms AS retentionMs, created_at AS createdAt, msgs_per_s AS msgsPerS,
            bytes_per_msg AS bytesPerMsg, readers, w_day AS wDay, w_etl AS wEtl, w_flat AS wFlat
       FROM kafka_topics WHERE cluster_id = ? ORDER BY name`,
  ).all(clusterId) as TopicRow[]
  const partitions = cachedStatement(
    db,
    `SELECT p.topic_id AS topicId, p.partition, p.leader_id AS leader, p.replicas, p.share, p.offset_base AS offsetBase,
            p.fragile
       FROM kafka_topics t JOIN kafka_partitions p ON p.topic_id = t.id WHERE t.cluster_id = ?
      ORDER BY p.topic_id, p.partition`,
  ).all(clusterId) as (Omit<PartitionRow, 'replicas'> & { replicas: string })[]
  const partitionsOf = new Map<number, PartitionRow[]>()
  for (const p of partitions) {
    const list = partitionsOf.get(p.topicId) ?? []
    list.push({ ...p, replicas: p.replicas.split(',').map(Number) })
    partitionsOf.set(p.topicId, list)
  }
  const lapses = cachedStatement(
    db,
    `SELECT b.broker_id AS brokerId, l.start_ts AS start, l.end_ts AS end
       FROM kafka_brokers b JOIN kafka_broker_lapses l ON l.broker_id = b.id WHERE b.cluster_id = ?
      ORDER BY l.start_ts`,
  ).all(clusterId) as Lapse[]
  return { clusterId, brokers, topics, partitionsOf, lapses }
}

/** A topic's messages/s at load 1, per profile. */
export const topicMsgs = (t: TopicRow): Vec3 => [
  t.msgsPerS * t.wDay,
  t.msgsPerS * t.wEtl,
  t.msgsPerS * t.wFlat,
]
const scale = (v: Vec3, k: number): Vec3 => [v[0] * k, v[1] * k, v[2] * k]
const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]]

/** The three rates of a topic, a partition or a broker at load 1, per profile. */
export interface Coefficients {
  msgs: Vec3
  bytesIn: Vec3
  bytesOut: Vec3
}
const ZERO: Coefficients = { msgs: [0, 0, 0], bytesIn: [0, 0, 0], bytesOut: [0, 0, 0] }

export function topicCoefficients(t: TopicRow, share = 1): Coefficients {
  const msgs = scale(topicMsgs(t), share)
  const bytesIn = scale(msgs, t.bytesPerMsg)
  return { msgs, bytesIn, bytesOut: scale(bytesIn, t.readers) }
}

/** G91: a broker's rates are those of the partitions it leads. */
export function brokerCoefficients(model: ClusterModel): Map<number, Coefficients> {
  const out = new Map<number, Coefficients>(model.brokers.map((b) => [b.brokerId, ZERO]))
  for (const t of model.topics)
    for (const p of model.partitionsOf.get(t.id) ?? []) {
      const c = topicCoefficients(t, p.share)
      const b = out.get(p.leader) ?? ZERO
      out.set(p.leader, {
        msgs: add(b.msgs, c.msgs),
        bytesIn: add(b.bytesIn, c.bytesIn),
        bytesOut: add(b.bytesOut, c.bytesOut),
      })
    }
  return out
}

/** The rates of coefficients at a load. */
export const ratesAt = (c: Coefficients, load: Vec3) => ({
  messagesInPerSec: dot(c.msgs, load),
  bytesInPerSec: dot(c.bytesIn, load),
  bytesOutPerSec: dot(c.bytesOut, load),
})

/** The broker behind at stored instant x, if any (a cluster's lapses never overlap). */
export const behindAt = (model: ClusterModel, x: number): number | null =>
  model.lapses.find((l) => l.start <= x && x < l.end)?.brokerId ?? null

/** The brokers behind at some moment of stored [from, to). */
export const behindDuring = (model: ClusterModel, from: number, to: number): number[] =>
  model.lapses.filter((l) => l.start < to && from < l.end).map((l) => l.brokerId)

/** A fragile partition is under-replicated while a follower of it is behind (schema.sql). */
export const underReplicated = (p: PartitionRow, behind: number | null) =>
  p.fragile === 1 && behind !== null && behind !== p.leader && p.replicas.includes(behind)

/** A partition's log end offset at stored x, given the integral of the load at x (no allocation: hot). */
export const endOffset = (t: TopicRow, p: PartitionRow, cum: Vec3) =>
  Math.floor(p.offsetBase + p.share * t.msgsPerS * (t.wDay * cum[0] + t.wEtl * cum[1] + t.wFlat * cum[2]))

/**
 * The moment whose end offsets are the log start offsets at stored x: x minus the retention (before
 * the history's start the integral is 0, so the offsets are the partitions' offset_base).
 */
export const retentionStart = (t: TopicRow, x: number) => x - t.retentionMs
