import {
  ES_CLUSTER_METRICS,
  type ElkSeriesResponse,
  type EsClusterKpiQuery,
  type EsClusterMetric,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { round3, seriesHead } from './elk-common.ts'
import {
  clusterLatencies,
  gcBetween,
  gcCounters,
  nodeHeapPercent,
  nodeHeapUsedBytes,
  nodeModels,
  type GcCounters,
  type NodeModel,
} from './elk-es-model.ts'
import { frameOf, seriesOf } from './elk-es-series.ts'
import { assertPoints, integralsOf, trailingRates, type PointLoad } from './elk-points.ts'
import type { ClusterScope } from './scope.ts'

/*
 * The cluster's series (G99-G102, G105): rates and latencies over each point, its nodes' heap summed
 * at the point's time (read as the cluster list reads it at a window's end: the load of the five
 * minutes before), and their collections in each point (counters' differences, so a window's points
 * sum to the node list's totals).
 */

/**
 * The collections in each point: every node's counters summed at the point's end less those at its
 * start, which is the previous point's end (each edge read once).
 */
function collections(nodes: readonly NodeModel[], points: readonly PointLoad[]): GcCounters[] {
  const readers = nodes.map(gcCounters)
  const summed = (x: number, indexed: number): GcCounters => {
    const sum: GcCounters = { youngCount: 0, youngTimeMs: 0, oldCount: 0, oldTimeMs: 0 }
    for (const read of readers) {
      const c = read(x, indexed)
      sum.youngCount += c.youngCount
      sum.youngTimeMs += c.youngTimeMs
      sum.oldCount += c.oldCount
      sum.oldTimeMs += c.oldTimeMs
    }
    return sum
  }
  let edge = { x: Number.NaN, counters: summed(0, 0) }
  return points.map((p) => {
    const start = p.at === edge.x ? edge.counters : summed(p.at, p.cumFrom[1])
    edge = { x: p.to, counters: summed(p.to, p.cumTo[1]) }
    return gcBetween(start, edge.counters)
  })
}

/** GET /api/v1/elasticsearch/{cluster}/kpi_cluster. */
export function esClusterKpi(
  db: Db,
  scope: ClusterScope,
  name: string,
  q: EsClusterKpiQuery,
  now: number,
): ElkSeriesResponse {
  const { cluster, frame, track, points } = frameOf(db, scope, name, q, now)
  const metrics = q.prefix ? [q.prefix] : ES_CLUSTER_METRICS
  assertPoints(frame, metrics.length, 'ask for one metric (prefix)')
  const nodes = metrics.some((m) => m.startsWith('jvm_')) ? nodeModels(db, cluster.id) : []
  let perPoint: GcCounters[] | undefined
  const gc = () => (perPoint ??= collections(nodes, points))
  const column = (metric: EsClusterMetric): number[] => {
    switch (metric) {
      case 'search_rate':
        return points.map((p) => p.rates[0])
      case 'indexing_rate':
        return points.map((p) => p.rates[1])
      case 'search_latency':
        return points.map((p) => clusterLatencies(cluster, p.rates)[0])
      case 'indexing_latency':
        return points.map((p) => clusterLatencies(cluster, p.rates)[1])
      case 'jvm_mem_heap_used_in_bytes': {
        const recent = trailingRates(integralsOf(track), points, 5)
        return points.map((p: PointLoad, k) => {
          const lf = recent[k]![1] / cluster.indexingBase
          // nodeGauges' heap alone (its CPU and load are not asked for): a day at 1m of 9 nodes is 13,000.
          let sum = 0
          for (const n of nodes) sum += nodeHeapUsedBytes(n, nodeHeapPercent(n, p.at, lf))
          return sum
        })
      }
      case 'jvm_mem_heap_max_in_bytes': {
        const max = nodes.reduce((sum, n) => sum + n.heapMax, 0)
        return points.map(() => max)
      }
      case 'jvm_gc_collectors_young_collection_count':
        return gc().map((c) => c.youngCount)
      case 'jvm_gc_collectors_young_collection_time_in_millis':
        return gc().map((c) => c.youngTimeMs)
      case 'jvm_gc_collectors_old_collection_count':
        return gc().map((c) => c.oldCount)
      case 'jvm_gc_collectors_old_collection_time_in_millis':
        return gc().map((c) => c.oldTimeMs)
    }
  }
  return {
    cluster: cluster.name,
    kpiType: 'cluster',
    ...seriesHead(frame),
    series: metrics.map((m) => {
      const values = column(m)
      return seriesOf(
        m,
        points.map((p, k) => [p.time, round3(values[k]!)]),
      )
    }),
  }
}
