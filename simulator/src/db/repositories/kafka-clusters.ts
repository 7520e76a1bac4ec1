import type {
  KafkaBrokersQuery,
  KafkaBrokersResponse,
  KafkaClusterRow,
  KafkaClustersQuery,
  KafkaClustersResponse,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { brokerLayouts, brokerMetrics } from './kafka-broker-metrics.ts'
import {
  asOf,
  kafkaClock,
  kafkaReadFrame,
  kafkaClusters,
  kafkaWindow,
  round3,
  type KafkaCluster,
} from './kafka-common.ts'
import { clusterGroups, earliestCommit, groupLag } from './kafka-lag.ts'
import { averageLoad, cumAt, CumTrack } from './kafka-load.ts'
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
 * The cluster list (gte/lte, G89) and the brokers of a cluster: rates averaged over the window,
 * counts, sizes and lag at its end (G90).
 */

/** The reference's gte/lte, with lt as a synonym of lte (G89). */
export function clustersWindow(q: KafkaClustersQuery, now: number) {
  if (q.lte !== undefined && q.lt !== undefined)
    throw new HttpError(400, 'querystring: give lte or lt, not both')
  return kafkaWindow({ start: q.gte, end: q.lte ?? q.lt }, now, {
    start: 'gte',
    end: q.lt !== undefined ? 'lt' : 'lte',
  })
}

function clusterRow(
  db: Db,
  cluster: KafkaCluster,
  start: number,
  to: number,
  shift: number,
): KafkaClusterRow {
  const model = clusterModel(db, cluster.id)
  const avg = averageLoad(db, cluster.id, start, to)
  const atT = cumAt(db, cluster.id, to)
  const behind = behindAt(model, to)
  let bytesIn = 0
  let bytesOut = 0
  let msgs = 0
  let sizeBytes = 0
  let partitionCount = 0
  let urp = 0
  for (const t of model.topics) {
    const r = ratesAt(topicCoefficients(t), avg)
    bytesIn += r.bytesInPerSec
    bytesOut += r.bytesOutPerSec
    msgs += r.messagesInPerSec
    const atStart = cumAt(db, cluster.id, retentionStart(t, to))
    for (const p of model.partitionsOf.get(t.id) ?? []) {
      sizeBytes += (endOffset(t, p, atT) - endOffset(t, p, atStart)) * t.bytesPerMsg
      if (underReplicated(p, behind)) urp++
      if (!t.internal) partitionCount++
    }
  }
  const groups = clusterGroups(db, cluster.id)
  const track = new CumTrack(
    db,
    cluster.id,
    Math.min(to, ...groups.map((g) => earliestCommit(g, to, to))),
    to,
  )
  const totalLag = groups.reduce(
    (s, g) => s + groupLag(model, g, to, (x) => track.at(x)).reduce((n, l) => n + l.lag, 0),
    0,
  )
  return {
    cluster: cluster.name,
    kafkaClusterId: cluster.kafkaClusterId,
    clusterUid: cluster.clusterUid,
    hadoopCluster: cluster.hadoopCluster,
    clusterType: cluster.clusterType,
    version: cluster.version,
    createdTime: cluster.createdAt + shift,
    brokers: model.brokers.length,
    brokersBehind: behind === null ? 0 : 1,
    controllerBrokerId: cluster.controllerId,
    topics: model.topics.filter((t) => !t.internal).length,
    partitionCount,
    underReplicatedPartitions: urp,
    offlinePartitions: 0,
    consumerGroups: groups.length,
    totalLag,
    sizeBytes: Math.round(sizeBytes),
    bytesInPerSec: round3(bytesIn),
    bytesOutPerSec: round3(bytesOut),
    messagesInPerSec: round3(msgs),
    time: to + shift,
  }
}

/** GET /api/v1/kafka/clusters: the user's Kafka clusters over the window. */
export function kafkaClusterList(
  db: Db,
  scope: ClusterScope,
  q: KafkaClustersQuery,
  now: number,
): KafkaClustersResponse {
  const window = clustersWindow(q, now)
  const clock = kafkaClock(db, now)
  const to = asOf(window, now) - clock.shift
  return kafkaClusters(db, scope).map((c) => clusterRow(db, c, window.start - clock.shift, to, clock.shift))
}

/** GET /api/v1/kafka/brokers: the brokers of a cluster over the window. */
export function kafkaBrokers(
  db: Db,
  scope: ClusterScope,
  q: KafkaBrokersQuery,
  now: number,
): KafkaBrokersResponse {
  const { cluster, clock, from, to } = kafkaReadFrame(db, scope, q.cluster_id, q, now)
  const model = clusterModel(db, cluster.id)
  const avg = averageLoad(db, cluster.id, from, to)
  const atT = cumAt(db, cluster.id, to)
  const behind = behindAt(model, to)
  const layouts = brokerLayouts(model, cluster.controllerId)
  // Bytes of the replicas each broker hosts, at the window's end.
  const hosted = new Map<number, number>()
  for (const t of model.topics) {
    const atStart = cumAt(db, cluster.id, retentionStart(t, to))
    for (const p of model.partitionsOf.get(t.id) ?? []) {
      const bytes = (endOffset(t, p, atT) - endOffset(t, p, atStart)) * t.bytesPerMsg
      for (const r of p.replicas) hosted.set(r, (hosted.get(r) ?? 0) + bytes)
    }
  }
  return model.brokers.map((b, i) => {
    const m = brokerMetrics(layouts[i]!, avg, behind === null ? [] : [behind], model.brokers.length)
    return {
      cluster: cluster.name,
      brokerId: b.brokerId,
      host: b.host,
      port: b.port,
      rack: b.rack,
      controller: layouts[i]!.controller,
      behind: behind === b.brokerId,
      partitionCount: layouts[i]!.replicas,
      leaderCount: layouts[i]!.leaders,
      underReplicatedPartitions: m.UnderReplicatedPartitions,
      offlinePartitions: 0,
      bytesInPerSec: round3(m.BytesInPerSec),
      bytesOutPerSec: round3(m.BytesOutPerSec),
      messagesInPerSec: round3(m.MessagesInPerSec),
      fetchRequestsPerSec: round3(m['RequestsPerSec_Fetch-OneMinuteRate']),
      produceRequestsPerSec: round3(m['RequestsPerSec_Produce-OneMinuteRate']),
      requestHandlerAvgIdlePercent: round3(m['RequestHandlerAvgIdlePercent-OneMinuteRate']),
      sizeBytes: Math.round(hosted.get(b.brokerId) ?? 0),
      time: to + clock.shift,
    }
  })
}
