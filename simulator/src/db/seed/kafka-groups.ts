import { KAFKA_CONSUMER_TYPES, type KafkaConsumerType, type KafkaGroupState } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { GROUP_KINDS, type KafkaClusterSpec } from './kafka-catalogue.ts'
import { shuffle, type Prng } from './prng.ts'

/*
 * A Kafka cluster's consumer groups (seed/kafka.ts): each reads one to three topics, most are
 * Stable and run a little behind, the first of an `incident` cluster fell badly behind hours ago and
 * is catching up, and the last ones are the unusual states (Empty with stale offsets, Dead,
 * rebalancing). Lag itself is computed at read time (repositories/kafka-lag.ts).
 */

const HOUR = 3_600_000

/** A topic as the groups see it: `readers` counts the active groups reading it. */
export interface SeedTopic {
  id: number
  name: string
  partitions: number
  readers: number
}

const between = (prng: Prng, low: number, high: number) => low + prng.next() * (high - low)

/**
 * Seeds a cluster's groups and counts the active readers of each topic; returns which topics each
 * group reads ([group id, topic id]), written once the topics are.
 */
export function seedGroups(
  db: Db,
  prng: Prng,
  spec: KafkaClusterSpec,
  clusterId: number,
  topics: SeedTopic[],
  brokerIds: readonly number[],
  now: number,
): [number, number][] {
  const insertGroup = db.prepare(
    `INSERT INTO kafka_groups (id, cluster_id, name, consumer_type, state, members, coordinator_id, lag_kind,
       delay_s, incident_start, incident_peak, stopped_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const names = new Set<string>()
  const reads: [number, number][] = []
  for (let g = 0; g < spec.groups; g++) {
    const type: KafkaConsumerType =
      g === 0 && spec.incident ? 'spark-streaming' : prng.pick(KAFKA_CONSUMER_TYPES)
    const main = topics[g % topics.length]!
    const readTopics = [
      main,
      ...shuffle(
        prng,
        topics.filter((t) => t !== main),
      ).slice(0, prng.pick([0, 0, 1, 2])),
    ]
    let name = GROUP_KINDS[type].name(main.name.replace(/[._]/g, '-'), prng.pick)
    while (names.has(name)) name += '-2'
    names.add(name)
    // The last groups of a cluster are the unusual ones: stopped (Empty), gone (Dead), rebalancing.
    const fromEnd = spec.groups - 1 - g
    const state: KafkaGroupState =
      fromEnd === 0
        ? 'Empty'
        : fromEnd === 1 && spec.groups >= 10
          ? 'Dead'
          : fromEnd === 2 && spec.groups >= 10
            ? 'PreparingRebalance'
            : fromEnd === 3 && spec.groups >= 14
              ? 'CompletingRebalance'
              : 'Stable'
    const partitions = readTopics.reduce((n, t) => n + t.partitions, 0)
    const members = state === 'Empty' || state === 'Dead' ? 0 : prng.int(1, Math.min(12, partitions))
    const incident = g === 0 && spec.incident
    const [low, high] = GROUP_KINDS[type].delay
    const groupId = clusterId * 1000 + g + 1
    insertGroup.run(
      groupId,
      clusterId,
      name,
      type,
      state,
      members,
      brokerIds[prng.int(0, brokerIds.length - 1)],
      state === 'Dead' ? 'none' : state === 'Empty' ? 'stopped' : incident ? 'incident' : 'steady',
      Math.round(between(prng, low, high) * 10) / 10,
      // Fell behind about 6 h before now for 5 h, and has been catching up since (kafka-lag.ts).
      incident ? now - Math.round(between(prng, 5.5, 6.5) * HOUR) : null,
      incident ? now - HOUR : null,
      state === 'Empty' ? now - Math.round(between(prng, 10, 20) * HOUR) : null,
    )
    for (const t of readTopics) {
      reads.push([groupId, t.id])
      if (state !== 'Empty' && state !== 'Dead') t.readers++
    }
  }
  return reads
}
