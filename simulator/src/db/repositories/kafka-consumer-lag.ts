import type { KafkaLagQuery, KafkaSeries, KafkaSeriesResponse } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { assertResponsePoints, kafkaClock, kafkaCluster, kafkaGrid, timeWindow } from './kafka-common.ts'
import { requireGroup } from './kafka-consumers.ts'
import { earliestCommit, groupLag } from './kafka-lag.ts'
import { CumTrack } from './kafka-load.ts'
import { clusterModel } from './kafka-model.ts'
import type { ClusterScope } from './scope.ts'

/*
 * GET /api/v1/kafka/{cluster}/consumers/{consumer}/lag (G94): the group's lag at each point's time,
 * per partition or per topic (the sum over its partitions), from one read of the load over the
 * window and as far back as the group's commits reach.
 */

export function kafkaConsumerLag(
  db: Db,
  scope: ClusterScope,
  name: string,
  groupName: string,
  q: KafkaLagQuery,
  now: number,
): KafkaSeriesResponse {
  const cluster = kafkaCluster(db, scope, name)
  const found = requireGroup(db, cluster.id, cluster.name, groupName)
  const window = timeWindow(q, now)
  const grid = kafkaGrid(window, q.interval, now)
  const clock = kafkaClock(db, now)
  const model = clusterModel(db, cluster.id)
  const topicId = q.topic === undefined ? undefined : model.topics.find((t) => t.name === q.topic)?.id
  // A topic the group does not read keeps no series (G95: a filter, not a subject).
  const g = { ...found, topicIds: found.topicIds.filter((id) => q.topic === undefined || id === topicId) }
  const byTopic = q.by === 'topic'
  const topics = model.topics.filter((t) => g.topicIds.includes(t.id))
  const seriesCount = byTopic
    ? topics.length
    : topics.reduce((n, t) => n + (model.partitionsOf.get(t.id)?.length ?? 0), 0)
  assertResponsePoints(grid, seriesCount, 'a topic, or by=topic')
  const stored = grid.points.map((p) => p - clock.shift)
  const from = stored[0] ?? window.start - clock.shift
  const to = stored.at(-1) ?? from
  const track = new CumTrack(db, cluster.id, Math.min(from, earliestCommit(g, from, to)), to)
  // groupLag answers the partitions in the same order at every point: series by that position (or
  // by the topic's), no key built per point.
  const series: KafkaSeries[] = []
  const slotOf = new Map<number, number>()
  for (const [i, t] of stored.entries()) {
    const p = grid.points[i]!
    for (const [j, l] of groupLag(model, g, t, (x) => track.at(x)).entries()) {
      let slot = byTopic ? slotOf.get(l.topic.id) : j
      if (slot === undefined) slotOf.set(l.topic.id, (slot = slotOf.size))
      let s = series[slot]
      if (!s)
        s = series[slot] = {
          metric: 'lag',
          name: byTopic ? `Lag, ${l.topic.name}` : `Lag, ${l.topic.name}-${l.partition.partition}`,
          unit: 'messages',
          topic: l.topic.name,
          ...(byTopic ? {} : { partition: l.partition.partition }),
          data: [],
        }
      const last = s.data[s.data.length - 1]
      if (last && last[0] === p) last[1] += l.lag
      else s.data.push([p, l.lag])
    }
  }
  return {
    cluster: cluster.name,
    kpiType: 'consumer',
    interval: grid.interval,
    pointInterval: grid.step,
    series,
  }
}
