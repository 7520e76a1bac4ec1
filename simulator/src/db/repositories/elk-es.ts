import type {
  ElkHealth,
  ElkWindowQuery,
  EsClusterRow,
  EsIndicesQuery,
  EsIndicesResponse,
  EsNodeRow,
  EsNodeRole,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import {
  elkCluster,
  elkClusters,
  round3,
  storedWindow,
  trackOf,
  wiggle,
  type EsCluster,
  type LoadTrack,
  type StoredWindow,
} from './elk-common.ts'
import {
  clusterLatencies,
  copiesAt,
  gcBetween,
  gcCounters,
  indexModels,
  loadFactorAt,
  nodeGauges,
  nodeModels,
  segmentsMemory,
} from './elk-es-model.ts'
import { indexPage, indexTotals, type IndexFrame } from './elk-indices.ts'
import type { ClusterScope } from './scope.ts'

/*
 * The Elasticsearch lists (G100, G101): clusters, a cluster's nodes, its indices. Rates over the
 * window, gauges at its end (or now); a cluster's documents, store and rates are its indices' sums.
 */

/** The index figures' frame of a cluster over a stored window. */
export function indexFrame(cluster: EsCluster, w: StoredWindow, track: LoadTrack): IndexFrame {
  const start = track.at(w.from)
  const end = track.at(w.at)
  const seconds = (w.at - w.from) / 1000
  const rates = track.rates(w.from, w.at)
  return {
    cluster,
    shift: w.clock.shift,
    at: w.at,
    start,
    end,
    seconds,
    latencies: clusterLatencies(cluster, rates),
  }
}

/** How many Kibana instances and Logstash nodes each cluster has. */
function serviceCounts(db: Db): Map<number, { kibana: number; logstash: number }> {
  const rows = cachedStatement(
    db,
    `SELECT e.id, (SELECT count(*) FROM kibana_instances k WHERE k.cluster_id = e.id) AS kibana,
       (SELECT count(*) FROM logstash_nodes l WHERE l.cluster_id = e.id) AS logstash FROM es_clusters e`,
  ).all() as { id: number; kibana: number; logstash: number }[]
  return new Map(rows.map((r) => [r.id, r]))
}

/** GET /api/v1/elasticsearch/clusters/metrics. */
export function esClusterList(db: Db, scope: ClusterScope, q: ElkWindowQuery, now: number): EsClusterRow[] {
  const w = storedWindow(db, q, now)
  const services = serviceCounts(db)
  return elkClusters(db, scope).map((cluster) => {
    const track = trackOf(db, cluster.id, w)
    const frame = indexFrame(cluster, w, track)
    const totals = indexTotals(db, frame)
    const lf = loadFactorAt(track, cluster, w.at)
    const nodes = nodeModels(db, cluster.id)
    let heapUsed = 0
    let heapMax = 0
    for (const n of nodes) {
      heapUsed += nodeGauges(n, w.at, lf).jvmHeapUsedBytes
      heapMax += n.heapMax
    }
    // Recoveries run two at a time (the default concurrent recoveries per node).
    const initializing = Math.min(2, totals.unassigned)
    const status: ElkHealth = totals.unassigned > 0 ? 'yellow' : 'green'
    const rates = [totals.searchRate, totals.indexingRate]
    return {
      cluster: cluster.name,
      clusterUuid: cluster.clusterUuid,
      clusterUid: cluster.clusterUid,
      hadoopCluster: cluster.hadoopCluster,
      clusterType: cluster.clusterType,
      version: cluster.version,
      status,
      nodes: nodes.length,
      dataNodes: nodes.filter((n) => n.dataShare > 0).length,
      masterNode: nodes.find((n) => n.elected === 1)?.name ?? '',
      indices: totals.indices,
      primaryShards: totals.primaryShards,
      activeShards: totals.copies - totals.unassigned,
      relocatingShards: 0,
      initializingShards: initializing,
      unassignedShards: totals.unassigned - initializing,
      docsCount: totals.docsCount,
      storeSizeBytes: totals.storeSizeBytes,
      jvmHeapUsedBytes: heapUsed,
      jvmHeapMaxBytes: heapMax,
      heapPercent: round3(heapMax ? (100 * heapUsed) / heapMax : 0),
      searchRatePerSec: round3(rates[0]!),
      searchLatencyMs: round3(frame.latencies[0]),
      indexingRatePerSec: round3(rates[1]!),
      indexingLatencyMs: round3(frame.latencies[1]),
      kibanaInstances: services.get(cluster.id)?.kibana ?? 0,
      logstashNodes: services.get(cluster.id)?.logstash ?? 0,
      time: w.time,
    }
  })
}

/** GET /api/v1/elasticsearch/{cluster}/nodes. */
export function esNodeList(
  db: Db,
  scope: ClusterScope,
  name: string,
  q: ElkWindowQuery,
  now: number,
): EsNodeRow[] {
  const cluster = elkCluster(db, scope, name)
  const w = storedWindow(db, q, now)
  const track = trackOf(db, cluster.id, w)
  const frame = indexFrame(cluster, w, track)
  const copies = copiesAt(indexModels(db, cluster.id), w.at, frame.end)
  const totals = indexTotals(db, frame)
  const lf = loadFactorAt(track, cluster, w.at)
  const searched = frame.end[0] - frame.start[0]
  const indexed = frame.end[1] - frame.start[1]
  const seconds = Math.max(frame.seconds, 1e-9)
  return nodeModels(db, cluster.id).map((n) => {
    const g = nodeGauges(n, w.at, lf)
    const share = n.dataShare
    const store = Math.round(copies.bytes * share)
    const segments = Math.round(copies.segments * share)
    const docs = Math.round(copies.docs * share)
    // Collections over the window: the JVM counters' differences (gcCounters), as the series count them.
    const counters = gcCounters(n)
    const gc = gcBetween(counters(w.from, frame.start[1]), counters(w.at, frame.end[1]))
    const diskUsed = n.diskOther + store
    return {
      cluster: cluster.name,
      node: n.name,
      nodeId: n.nodeId,
      host: n.host,
      ip: n.ip,
      roles: n.roles.split(',') as EsNodeRole[],
      master: n.elected === 1,
      shards: Math.round((totals.copies - totals.unassigned) * share),
      docsCount: docs,
      storeSizeBytes: store,
      segmentsCount: segments,
      segmentsMemoryBytes: segmentsMemory(segments, docs),
      jvmHeapUsedBytes: g.jvmHeapUsedBytes,
      jvmHeapMaxBytes: n.heapMax,
      heapPercent: round3(g.heapPercent),
      cpuPercent: round3(g.cpuPercent),
      load1m: round3(g.load1m),
      diskUsedBytes: diskUsed,
      diskTotalBytes: n.diskTotal,
      diskUsedPercent: round3((100 * diskUsed) / n.diskTotal),
      searchRatePerSec: round3((searched * share) / seconds),
      searchLatencyMs: round3(frame.latencies[0] * (share > 0 ? 0.9 + 0.2 * wiggle(n.id, w.at) : 0)),
      indexingRatePerSec: round3((indexed * share) / seconds),
      indexingLatencyMs: round3(frame.latencies[1] * (share > 0 ? 0.9 + 0.2 * wiggle(n.id + 3, w.at) : 0)),
      youngGcCount: gc.youngCount,
      youngGcTimeMs: gc.youngTimeMs,
      oldGcCount: gc.oldCount,
      oldGcTimeMs: gc.oldTimeMs,
      threadPoolRejections: Math.round(searched * share * 2e-6),
      time: w.time,
    }
  })
}

/** GET /api/v1/elasticsearch/{cluster}/index. */
export function esIndexList(
  db: Db,
  scope: ClusterScope,
  name: string,
  q: EsIndicesQuery,
  now: number,
): EsIndicesResponse {
  const cluster = elkCluster(db, scope, name)
  const w = storedWindow(db, q, now)
  const frame = indexFrame(cluster, w, trackOf(db, cluster.id, w))
  return { cluster: cluster.name, ...indexPage(db, frame, q), time: w.time }
}
