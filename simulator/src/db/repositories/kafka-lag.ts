import type { KafkaConsumerType, KafkaGroupState } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import type { Vec3 } from './kafka-load.ts'
import { endOffset, type ClusterModel, type PartitionRow, type TopicRow } from './kafka-model.ts'

/*
 * Consumer groups and their lag (G94). A group commits, on each partition, the log end offset of a
 * moment `delay` ago, so its lag is what was produced since: log end minus committed, never negative.
 * The delay is the group's own (kafka_groups): steady ones run a little behind in a sawtooth (a
 * batch, a flush interval); the incident group fell behind at 0.9 s per s for hours and catches up at
 * 2 s per s; an Empty group's offsets stay at its last commit (stale lag that grows); a Dead group
 * has none. Each partition runs a little faster or slower than its group (PARTITION_SPREAD).
 */

export interface GroupRow {
  id: number
  name: string
  consumerType: KafkaConsumerType
  state: KafkaGroupState
  members: number
  coordinatorId: number
  lagKind: 'steady' | 'incident' | 'stopped' | 'none'
  delayS: number
  incidentStart: number | null
  incidentPeak: number | null
  stoppedAt: number | null
  topicIds: number[]
}

const GROUP_SQL = `SELECT g.id, g.name, g.consumer_type AS consumerType, g.state, g.members,
    g.coordinator_id AS coordinatorId, g.lag_kind AS lagKind, g.delay_s AS delayS,
    g.incident_start AS incidentStart, g.incident_peak AS incidentPeak, g.stopped_at AS stoppedAt,
    (SELECT group_concat(topic_id) FROM kafka_group_topics WHERE group_id = g.id) AS topics
  FROM kafka_groups g`

const toGroup = (r: Omit<GroupRow, 'topicIds'> & { topics: string | null }): GroupRow => {
  const { topics, ...rest } = r
  return { ...rest, topicIds: topics ? topics.split(',').map(Number) : [] }
}

/** A group of the cluster by name, or undefined. */
export function findGroup(db: Db, clusterId: number, name: string): GroupRow | undefined {
  const row = cachedStatement(db, `${GROUP_SQL} WHERE g.cluster_id = ? AND g.name = ?`).get(clusterId, name)
  return row ? toGroup(row as Parameters<typeof toGroup>[0]) : undefined
}

/** Groups of the cluster by id (the order of the caller's SQL page). */
export function groupsByIds(db: Db, ids: readonly number[]): GroupRow[] {
  const stmt = cachedStatement(db, `${GROUP_SQL} WHERE g.id = ?`)
  return ids.map((id) => toGroup(stmt.get(id) as Parameters<typeof toGroup>[0]))
}

/** Every group of the cluster, by name. */
export function clusterGroups(db: Db, clusterId: number): GroupRow[] {
  const rows = cachedStatement(db, `${GROUP_SQL} WHERE g.cluster_id = ? ORDER BY g.name`).all(clusterId)
  return (rows as Parameters<typeof toGroup>[0][]).map(toGroup)
}

/** A stable number in [0, 1) from integers (no stored row needed). */
export function hash01(...keys: number[]): number {
  let h = 2166136261
  for (const k of keys) h = Math.imul(h ^ (k | 0), 16777619) ^ (h >>> 13)
  return ((h >>> 0) % 100_000) / 100_000
}

/** How much faster or slower a partition's consumer runs than its group's, at most. */
export const PARTITION_SPREAD = 0.3
/** The incident group falls behind at this rate (s per s) and catches up at CATCH_UP. */
const FALL_BEHIND = 0.9
const CATCH_UP = 2

/** How far behind (s) the group runs at stored t, before the partition's own spread. */
export function delayAt(g: GroupRow, t: number): number {
  const period = Math.max(60, 6 * g.delayS)
  const phase = hash01(g.id) * period
  let delay = g.delayS * (0.4 + (1.2 * ((((t / 1000 + phase) % period) + period) % period)) / period)
  if (
    g.lagKind === 'incident' &&
    g.incidentStart !== null &&
    g.incidentPeak !== null &&
    t > g.incidentStart
  ) {
    const peak = (FALL_BEHIND * (g.incidentPeak - g.incidentStart)) / 1000
    delay +=
      t <= g.incidentPeak
        ? (FALL_BEHIND * (t - g.incidentStart)) / 1000
        : Math.max(0, peak - (CATCH_UP * (t - g.incidentPeak)) / 1000)
  }
  return delay
}

/** The stored instant whose log end offsets the group has committed on a partition at stored t. */
export function committedAt(g: GroupRow, topicId: number, p: PartitionRow, t: number): number | null {
  if (g.lagKind === 'none') return null
  if (g.lagKind === 'stopped' && g.stoppedAt !== null && t >= g.stoppedAt) return g.stoppedAt
  const spread = 1 - PARTITION_SPREAD + 2 * PARTITION_SPREAD * hash01(g.id, topicId, p.partition)
  return t - delayAt(g, t) * 1000 * spread
}

export interface PartitionLag {
  topic: TopicRow
  partition: PartitionRow
  committedOffset: number | null
  logEndOffset: number
  lag: number
}

/** The lag of the group on every partition it reads at stored t (`cum` gives the integral anywhere). */
export function groupLag(
  model: ClusterModel,
  g: GroupRow,
  t: number,
  cum: (x: number) => Vec3,
): PartitionLag[] {
  const out: PartitionLag[] = []
  const atT = cum(t)
  for (const topic of model.topics.filter((x) => g.topicIds.includes(x.id)))
    for (const partition of model.partitionsOf.get(topic.id) ?? []) {
      const logEndOffset = endOffset(topic, partition, atT)
      const x = committedAt(g, topic.id, partition, t)
      const committedOffset = x === null ? null : Math.min(logEndOffset, endOffset(topic, partition, cum(x)))
      out.push({
        topic,
        partition,
        committedOffset,
        logEndOffset,
        lag: committedOffset === null ? 0 : logEndOffset - committedOffset,
      })
    }
  return out
}

/** The earliest stored instant the group's commits reach back to over stored [from, to]. */
export function earliestCommit(g: GroupRow, from: number, to: number): number {
  if (g.lagKind === 'stopped' && g.stoppedAt !== null) return Math.min(from, g.stoppedAt)
  let most = 0
  for (let t = from; t <= to; t += 5 * 60_000) most = Math.max(most, delayAt(g, t))
  most = Math.max(most, delayAt(g, to))
  return from - (most * (1 + PARTITION_SPREAD) + 60) * 1000
}
