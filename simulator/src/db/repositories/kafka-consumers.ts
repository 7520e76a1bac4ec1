import type {
  KafkaConsumerDetail,
  KafkaConsumerRow,
  KafkaConsumersQuery,
  KafkaConsumersResponse,
  KafkaWindowQuery,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { checkPaging } from './applications.ts'
import { kafkaReadFrame } from './kafka-common.ts'
import {
  earliestCommit,
  findGroup,
  groupLag,
  groupsByIds,
  hash01,
  type GroupRow,
  type PartitionLag,
} from './kafka-lag.ts'
import { CumTrack } from './kafka-load.ts'
import { clusterModel, type ClusterModel } from './kafka-model.ts'
import type { ClusterScope } from './scope.ts'

/*
 * Consumer groups (costlens's own paths; G94, G95): states and lag at the window's end. The list
 * filters, sorts and pages in SQL, except by totalLag: lag is computed per group from the offsets
 * (kafka-lag.ts), so that sort computes the cluster's groups (at most a few dozen) and pages them.
 */

const SORT_COLUMNS: Record<Exclude<NonNullable<KafkaConsumersQuery['sort']>, 'totalLag'>, string> = {
  group: 'g.name',
  state: 'g.state',
  members: 'g.members',
  partitionCount: 'partitionCount',
}

/** Who of the group reads a partition: round robin over its partitions in topic, partition order. */
function member(g: GroupRow, index: number) {
  if (g.members === 0) return { memberId: null, clientId: null, host: null }
  const m = index % g.members
  const clientId = `consumer-${g.name}-${m + 1}`
  const h = (k: number) => Math.floor(hash01(g.id, m, k) * 250) + 2
  const uuid = [1, 2, 3, 4].map((k) =>
    Math.floor(hash01(g.id, m, 10 + k) * 0xffff)
      .toString(16)
      .padStart(4, '0'),
  )
  return {
    memberId: `${clientId}-${uuid[0]}${uuid[1]}-${uuid[2]}-4${uuid[3]!.slice(1)}`,
    clientId,
    host: `/10.${20 + (h(1) % 10)}.${h(2)}.${h(3)}`,
  }
}

/** The lag of some groups at stored t, read over one track of the load. */
function lagsOf(db: Db, model: ClusterModel, groups: GroupRow[], t: number): PartitionLag[][] {
  const track = new CumTrack(
    db,
    model.clusterId,
    Math.min(t, ...groups.map((g) => earliestCommit(g, t, t))),
    t,
  )
  return groups.map((g) => groupLag(model, g, t, (x) => track.at(x)))
}

function consumerRow(model: ClusterModel, g: GroupRow, lags: PartitionLag[]): KafkaConsumerRow {
  const topics = model.topics.filter((t) => g.topicIds.includes(t.id))
  return {
    group: g.name,
    consumerType: g.consumerType,
    state: g.state,
    members: g.members,
    coordinatorBrokerId: g.coordinatorId,
    topics: topics.map((t) => t.name),
    partitionCount: lags.length,
    totalLag: lags.reduce((s, l) => s + l.lag, 0),
    maxLag: lags.reduce((m, l) => Math.max(m, l.lag), 0),
  }
}

export function kafkaConsumers(
  db: Db,
  scope: ClusterScope,
  name: string,
  q: KafkaConsumersQuery,
  now: number,
): KafkaConsumersResponse {
  const { cluster, clock, to: t } = kafkaReadFrame(db, scope, name, q, now)
  const from = q.from ?? 0
  const size = q.size ?? 100
  checkPaging(from, size)
  const sort = q.sort ?? 'totalLag'
  const order = (q.order ?? (sort === 'group' || sort === 'state' ? 'asc' : 'desc')).toUpperCase()
  const where = `g.cluster_id = @cid AND (@state IS NULL OR g.state = @state)
    AND (@topic IS NULL OR EXISTS (SELECT 1 FROM kafka_group_topics gt JOIN kafka_topics t ON t.id = gt.topic_id
                                    WHERE gt.group_id = g.id AND t.name = @topic))`
  const params = { cid: cluster.id, state: q.state ?? null, topic: q.topic ?? null }
  const byLag = sort === 'totalLag'
  const ids = cachedStatement(
    db,
    `SELECT g.id, (SELECT sum(t.partitions) FROM kafka_group_topics gt JOIN kafka_topics t ON t.id = gt.topic_id
                    WHERE gt.group_id = g.id) AS partitionCount
       FROM kafka_groups g WHERE ${where}
      ORDER BY ${byLag ? 'g.name' : `${SORT_COLUMNS[sort]} ${order}, g.name`}
      ${byLag ? '' : 'LIMIT @size OFFSET @from'}`,
  )
    .pluck()
    .all(byLag ? params : { ...params, size, from }) as number[]
  const total = cachedStatement(db, `SELECT count(*) FROM kafka_groups g WHERE ${where}`)
    .pluck()
    .get(params) as number
  const model = clusterModel(db, cluster.id)
  const groups = groupsByIds(db, ids)
  const lags = lagsOf(db, model, groups, t)
  let rows = groups.map((g, i) => consumerRow(model, g, lags[i]!))
  if (byLag) {
    const sign = order === 'ASC' ? 1 : -1
    rows = rows
      .sort((a, b) => sign * (a.totalLag - b.totalLag) || a.group.localeCompare(b.group))
      .slice(from, from + size)
  }
  return { cluster: cluster.name, total, consumers: rows, time: t + clock.shift }
}

/** The group of the path, or 404. */
export function requireGroup(db: Db, clusterId: number, clusterName: string, name: string): GroupRow {
  const g = findGroup(db, clusterId, name)
  if (!g) throw new HttpError(404, `No consumer group "${name}" in Kafka cluster "${clusterName}"`)
  return g
}

export function kafkaConsumer(
  db: Db,
  scope: ClusterScope,
  name: string,
  groupName: string,
  q: KafkaWindowQuery,
  now: number,
): KafkaConsumerDetail {
  const { cluster, clock, to: t } = kafkaReadFrame(db, scope, name, q, now)
  const g = requireGroup(db, cluster.id, cluster.name, groupName)
  const model = clusterModel(db, cluster.id)
  const lags = lagsOf(db, model, [g], t)[0]!
  const topicLags = new Map<string, { topic: string; partitionCount: number; lag: number }>()
  for (const l of lags) {
    const entry = topicLags.get(l.topic.name) ?? { topic: l.topic.name, partitionCount: 0, lag: 0 }
    entry.partitionCount++
    entry.lag += l.lag
    topicLags.set(l.topic.name, entry)
  }
  return {
    cluster: cluster.name,
    ...consumerRow(model, g, lags),
    topicLags: [...topicLags.values()],
    partitions: lags.map((l, i) => ({
      topic: l.topic.name,
      partition: l.partition.partition,
      committedOffset: l.committedOffset,
      logEndOffset: l.logEndOffset,
      lag: l.lag,
      ...member(g, i),
    })),
    time: t + clock.shift,
  }
}
