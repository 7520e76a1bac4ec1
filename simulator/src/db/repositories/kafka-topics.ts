import type {
  KafkaTopicDetail,
  KafkaTopicsQuery,
  KafkaTopicsResponse,
  KafkaWindowQuery,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { checkPaging, likePattern } from './applications.ts'
import { kafkaReadFrame, round3 } from './kafka-common.ts'
import { groupLag, clusterGroups, earliestCommit } from './kafka-lag.ts'
import { averageLoad, cumAt, CumTrack, type Vec3 } from './kafka-load.ts'
import {
  behindAt,
  clusterModel,
  endOffset,
  ratesAt,
  retentionStart,
  topicCoefficients,
  underReplicated,
} from './kafka-model.ts'
import type { ClusterScope } from './scope.ts'

/*
 * The topics of a cluster (costlens's own paths; G90, G95): rates averaged over the window, sizes
 * and under-replicated partitions at its end. The list sorts and pages in SQL: a topic's average
 * rate is its base rate times its mix of the window's average loads, bound as parameters.
 */

const SORT_COLUMNS: Record<NonNullable<KafkaTopicsQuery['sort']>, string> = {
  topic: 't.name',
  partitionCount: 't.partitions',
  bytesInPerSec: 'bytesInPerSec',
  bytesOutPerSec: 'bytesOutPerSec',
  messagesInPerSec: 'messagesInPerSec',
  sizeBytes: 'sizeBytes',
  underReplicatedPartitions: 'underReplicatedPartitions',
}

const MIX = (v: string) => `(t.w_day * @${v}0 + t.w_etl * @${v}1 + t.w_flat * @${v}2)`

/** What every topic read binds: the window's average load, the integral's growth over each retention. */
function topicParams(db: Db, clusterId: number, from: number, to: number, retentions: number[]) {
  const avg = averageLoad(db, clusterId, from, to)
  const atT = cumAt(db, clusterId, to)
  const params: Record<string, number | string | null> = { a0: avg[0], a1: avg[1], a2: avg[2] }
  retentions.forEach((r, i) => {
    const before = cumAt(db, clusterId, to - r)
    params[`r${i}`] = r
    for (let k = 0; k < 3; k++) params[`d${i}_${k}`] = atT[k]! - before[k]!
  })
  // Size: messages written within the retention times bytes per message.
  const size = retentions.length
    ? `CASE t.retention_ms ${retentions.map((_, i) => `WHEN @r${i} THEN ${MIX(`d${i}_`)}`).join(' ')} ELSE 0 END`
    : '0'
  return { params, size }
}

export function kafkaTopics(
  db: Db,
  scope: ClusterScope,
  name: string,
  q: KafkaTopicsQuery,
  now: number,
): KafkaTopicsResponse {
  const { cluster, clock, from: start, to } = kafkaReadFrame(db, scope, name, q, now)
  const from = q.from ?? 0
  const size = q.size ?? 100
  checkPaging(from, size)
  const retentions = (
    cachedStatement(db, 'SELECT DISTINCT retention_ms FROM kafka_topics WHERE cluster_id = ? ORDER BY 1')
      .pluck()
      .all(cluster.id) as number[]
  ).slice(0, 16)
  const bound = topicParams(db, cluster.id, start, to, retentions)
  const behind = behindAt(clusterModel(db, cluster.id), to)
  const sort = q.sort ?? 'bytesInPerSec'
  const order = (q.order ?? (sort === 'topic' ? 'asc' : 'desc')).toUpperCase()
  const where = `t.cluster_id = @cid AND (@internal = 1 OR t.internal = 0)
    AND (@search IS NULL OR t.name LIKE @search ESCAPE '\\')`
  const params = {
    ...bound.params,
    cid: cluster.id,
    internal: q.internal ? 1 : 0,
    search: q.search ? likePattern(q.search) : null,
    behind,
    behindText: behind === null ? null : `,${behind},`,
  }
  const rate = `t.msgs_per_s * ${MIX('a')}`
  const rows = cachedStatement(
    db,
    `SELECT t.name AS topic, t.internal, t.partitions AS partitionCount, t.replication_factor AS replicationFactor,
            t.retention_ms AS retentionMs, ${rate} AS messagesInPerSec, ${rate} * t.bytes_per_msg AS bytesInPerSec,
            ${rate} * t.bytes_per_msg * t.readers AS bytesOutPerSec,
            CAST(t.msgs_per_s * t.bytes_per_msg * ${bound.size} AS INTEGER) AS sizeBytes,
            CASE WHEN @behind IS NULL THEN 0 ELSE
              (SELECT count(*) FROM kafka_partitions p WHERE p.topic_id = t.id AND p.fragile = 1 AND p.leader_id <> @behind
                 AND instr(',' || p.replicas || ',', @behindText) > 0) END AS underReplicatedPartitions,
            (SELECT json_group_array(name) FROM (SELECT g.name FROM kafka_group_topics gt
               JOIN kafka_groups g ON g.id = gt.group_id WHERE gt.topic_id = t.id ORDER BY g.name)) AS groups
       FROM kafka_topics t WHERE ${where}
      ORDER BY ${SORT_COLUMNS[sort]} ${order}, t.name LIMIT @size OFFSET @from`,
  ).all({ ...params, size, from }) as (Omit<
    KafkaTopicsResponse['topics'][number],
    'internal' | 'consumerGroups'
  > & {
    internal: number
    groups: string
  })[]
  const total = cachedStatement(db, `SELECT count(*) FROM kafka_topics t WHERE ${where}`)
    .pluck()
    .get({ cid: params.cid, internal: params.internal, search: params.search }) as number
  return {
    cluster: cluster.name,
    total,
    time: to + clock.shift,
    topics: rows.map(({ groups, internal, ...r }) => ({
      ...r,
      internal: internal === 1,
      messagesInPerSec: round3(r.messagesInPerSec),
      bytesInPerSec: round3(r.bytesInPerSec),
      bytesOutPerSec: round3(r.bytesOutPerSec),
      consumerGroups: JSON.parse(groups) as string[],
    })),
  }
}

/** GET /api/v1/kafka/{cluster}/topics/{topic}: partitions at the window's end and who reads it. */
export function kafkaTopic(
  db: Db,
  scope: ClusterScope,
  name: string,
  topicName: string,
  q: KafkaWindowQuery,
  now: number,
): KafkaTopicDetail {
  const { cluster, clock, from, to } = kafkaReadFrame(db, scope, name, q, now)
  const model = clusterModel(db, cluster.id)
  const topic = model.topics.find((t) => t.name === topicName)
  if (!topic) throw new HttpError(404, `No topic "${topicName}" in Kafka cluster "${name}"`)
  const avg = averageLoad(db, cluster.id, from, to)
  const atT = cumAt(db, cluster.id, to)
  const atStart = cumAt(db, cluster.id, retentionStart(topic, to))
  const behind = behindAt(model, to)
  const partitions = (model.partitionsOf.get(topic.id) ?? []).map((p) => {
    const logEndOffset = endOffset(topic, p, atT)
    const logStartOffset = Math.min(logEndOffset, endOffset(topic, p, atStart))
    const rates = ratesAt(topicCoefficients(topic, p.share), avg)
    const lagging = underReplicated(p, behind)
    return {
      partition: p.partition,
      leader: p.leader,
      replicas: p.replicas,
      isr: lagging ? p.replicas.filter((r) => r !== behind) : p.replicas,
      underReplicated: lagging,
      logStartOffset,
      logEndOffset,
      messages: logEndOffset - logStartOffset,
      sizeBytes: Math.round((logEndOffset - logStartOffset) * topic.bytesPerMsg),
      messagesInPerSec: round3(rates.messagesInPerSec),
      bytesInPerSec: round3(rates.bytesInPerSec),
    }
  })
  const readers = clusterGroups(db, cluster.id).filter((g) => g.topicIds.includes(topic.id))
  const track = new CumTrack(
    db,
    cluster.id,
    Math.min(to, ...readers.map((g) => earliestCommit(g, to, to))),
    to,
  )
  const consumerGroups = readers
    .map((g) => ({
      group: g.name,
      state: g.state,
      members: g.members,
      lag: groupLag(model, { ...g, topicIds: [topic.id] }, to, (x) => track.at(x)).reduce(
        (s, l) => s + l.lag,
        0,
      ),
    }))
    .sort((a, b) => b.lag - a.lag || a.group.localeCompare(b.group))
  const rates = ratesAt(topicCoefficients(topic), avg)
  const diff: Vec3 = [atT[0] - atStart[0], atT[1] - atStart[1], atT[2] - atStart[2]]
  return {
    cluster: cluster.name,
    topic: topic.name,
    internal: topic.internal === 1,
    partitionCount: topic.partitionCount,
    replicationFactor: topic.replicationFactor,
    retentionMs: topic.retentionMs,
    createdTime: topic.createdAt + clock.shift,
    messagesInPerSec: round3(rates.messagesInPerSec),
    bytesInPerSec: round3(rates.bytesInPerSec),
    bytesOutPerSec: round3(rates.bytesOutPerSec),
    underReplicatedPartitions: partitions.filter((p) => p.underReplicated).length,
    sizeBytes: Math.round(ratesAt(topicCoefficients(topic), diff).bytesInPerSec),
    partitions,
    consumerGroups,
    time: to + clock.shift,
  }
}
