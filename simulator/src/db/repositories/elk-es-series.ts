import type {
  ElkInterval,
  ElkSeries,
  ElkSeriesResponse,
  EsClusterMetric,
  EsIndexKpiQuery,
  EsIndexMetric,
  EsNodeKpiQuery,
  EsNodeMetric,
} from '@costlens/shared'
import { ES_INDEX_METRICS, ES_NODE_METRICS } from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { elkCluster, round3, seriesFrame, seriesHead, trackOf, wiggle } from './elk-common.ts'
import {
  clusterLatencies,
  copiesAt,
  docsAt,
  indexModels,
  indexWork,
  nodeGauges,
  nodeModels,
  segmentsMemory,
  segmentsPerShard,
  type IndexModel,
  type NodeModel,
} from './elk-es-model.ts'
import { indexFrame } from './elk-es.ts'
import { indexIdOf, indexNames } from './elk-indices.ts'
import { assertPoints, pointsOf, type PointLoad } from './elk-points.ts'
import type { ClusterScope } from './scope.ts'

/*
 * The Elasticsearch KPI series (G99-G102): per point, the integrals at its edges (elk-points.ts)
 * through the same model as the lists (elk-es-model.ts), so a cluster's rate per point is its
 * indices' summed and its nodes' summed.
 */

const LABELS: Record<EsClusterMetric | EsNodeMetric | EsIndexMetric, [string, string]> = {
  search_rate: ['Search rate', 'queries/s'],
  search_latency: ['Search latency', 'ms'],
  indexing_rate: ['Indexing rate', 'docs/s'],
  indexing_latency: ['Indexing latency', 'ms'],
  jvm_mem_heap_used_in_byte: ['JVM heap used', 'bytes'],
  indices_segments_memory_in_bytes: ['Segments memory', 'bytes'],
  os_cpu_percent: ['CPU', '%'],
  heap_percent: ['JVM heap used', '%'],
  indices_segments_count: ['Segments', 'count'],
  indices_docs_count: ['Documents', 'docs'],
  segments_count: ['Segments', 'count'],
  fetch_latency: ['Fetch latency', 'ms'],
  fetch_rate: ['Fetch rate', 'fetches/s'],
  flush_latency: ['Flush latency', 'ms'],
  flush_rate: ['Flush rate', 'flushes/s'],
  jvm_mem_heap_used_in_bytes: ['JVM heap used', 'bytes'],
  jvm_mem_heap_max_in_bytes: ['JVM heap max', 'bytes'],
  jvm_gc_collectors_young_collection_count: ['Young GC', 'collections'],
  jvm_gc_collectors_young_collection_time_in_millis: ['Young GC time', 'ms per interval'],
  jvm_gc_collectors_old_collection_count: ['Old GC', 'collections'],
  jvm_gc_collectors_old_collection_time_in_millis: ['Old GC time', 'ms per interval'],
}

export const seriesOf = (
  metric: EsClusterMetric | EsNodeMetric | EsIndexMetric,
  data: [number, number][],
  who: Partial<ElkSeries> = {},
): ElkSeries => {
  const [label, unit] = LABELS[metric]
  return { metric, name: `${label} (${unit})`, unit, ...who, data }
}

export function frameOf(
  db: Db,
  scope: ClusterScope,
  name: string,
  q: { start_time?: string; end_time?: string; interval?: ElkInterval },
  now: number,
) {
  const cluster = elkCluster(db, scope, name)
  const frame = seriesFrame(db, q, now)
  const track = trackOf(db, cluster.id, frame)
  return { cluster, frame, track, points: pointsOf(frame, track) }
}

type EsCluster = ReturnType<typeof elkCluster>

/**
 * A node's metric at a point. A switch rather than a table of closures: a day at 1m of every node is
 * tens of thousands of points, and building eight closures for each cost more than the figures.
 */
function nodeValue(
  metric: EsNodeMetric,
  n: NodeModel,
  p: PointLoad,
  cluster: EsCluster,
  c: ReturnType<typeof copiesAt> | undefined,
): number {
  switch (metric) {
    case 'jvm_mem_heap_used_in_byte':
      return nodeGauges(n, p.at, p.rates[1] / cluster.indexingBase).jvmHeapUsedBytes
    case 'heap_percent':
      return nodeGauges(n, p.at, p.rates[1] / cluster.indexingBase).heapPercent
    case 'os_cpu_percent':
      return nodeGauges(n, p.at, p.rates[1] / cluster.indexingBase).cpuPercent
    case 'search_latency':
    case 'indexing_latency': {
      const search = metric === 'search_latency'
      const served = n.dataShare > 0 ? 0.9 + 0.2 * wiggle(n.id + (search ? 0 : 3), p.at) : 0
      return clusterLatencies(cluster, p.rates)[search ? 0 : 1] * served
    }
    case 'indices_docs_count':
      return Math.round(c!.docs * n.dataShare)
    case 'indices_segments_count':
      return Math.round(c!.segments * n.dataShare)
    case 'indices_segments_memory_in_bytes':
      return segmentsMemory(Math.round(c!.segments * n.dataShare), Math.round(c!.docs * n.dataShare))
  }
}

/** An index's metric at a point (a switch, as nodeValue, for the same reason). */
function indexValue(metric: EsIndexMetric, i: IndexModel, p: PointLoad, cluster: EsCluster): number {
  const seconds = Math.max(p.seconds, 1e-9)
  switch (metric) {
    case 'search_rate':
      return indexWork(i, p.cumFrom, p.cumTo)[0] / seconds
    case 'fetch_rate':
      return (0.92 * indexWork(i, p.cumFrom, p.cumTo)[0]) / seconds
    case 'indexing_rate':
      return indexWork(i, p.cumFrom, p.cumTo)[1] / seconds
    case 'indexing_latency':
      return clusterLatencies(cluster, p.rates)[1] * i.latencyFactor
    case 'fetch_latency':
      return 0.25 * clusterLatencies(cluster, p.rates)[0] * i.latencyFactor
    case 'segments_count':
      return i.primaries * (1 + i.replicas) * segmentsPerShard(i, p.at)
    // Flushes: a translog's worth of documents, and every 30 minutes while written.
    case 'flush_rate':
      return indexWork(i, p.cumFrom, p.cumTo)[1] / seconds / 250_000 + (isWriting(i, p) ? 1 / 1800 : 0)
    case 'flush_latency':
      return isWriting(i, p) ? 40 + 260 * i.latencyFactor : 0
  }
}

const isWriting = (i: IndexModel, p: PointLoad) =>
  i.wIndex > 0 && docsAt(i, p.cumAt) > 0 && segmentsPerShard(i, p.at) > 1

/** GET /api/v1/elasticsearch/{cluster}/kpi_node. */
export function esNodeKpi(
  db: Db,
  scope: ClusterScope,
  name: string,
  q: EsNodeKpiQuery,
  now: number,
): ElkSeriesResponse {
  const { cluster, frame, points } = frameOf(db, scope, name, q, now)
  const all = nodeModels(db, cluster.id)
  const nodes = q.node ? all.filter((n) => n.name === q.node || n.nodeId === q.node) : all
  if (q.node && nodes.length === 0) throw new HttpError(404, `No node "${q.node}" in ${cluster.name}`)
  const metrics: readonly EsNodeMetric[] = q.node
    ? q.prefix
      ? [q.prefix]
      : ES_NODE_METRICS
    : [q.prefix ?? 'heap_percent']
  assertPoints(frame, metrics.length * nodes.length, 'ask for one node (node) or one metric (prefix)')
  const models = indexModels(db, cluster.id)
  // The copies' documents and segments at each point: the same for every node but its share.
  const copies = metrics.some((m) => m.startsWith('indices_'))
    ? points.map((p) => copiesAt(models, p.at, p.cumAt))
    : []
  const series: ElkSeries[] = []
  for (const n of nodes)
    for (const metric of metrics) {
      const data = points.map((p, k): [number, number] => [
        p.time,
        round3(nodeValue(metric, n, p, cluster, copies[k])),
      ])
      series.push(seriesOf(metric, data, { node: n.name }))
    }
  return { cluster: cluster.name, kpiType: 'node', ...seriesHead(frame), series }
}

/** GET /api/v1/elasticsearch/{cluster}/kpi_index. */
export function esIndexKpi(
  db: Db,
  scope: ClusterScope,
  name: string,
  q: EsIndexKpiQuery,
  now: number,
): ElkSeriesResponse {
  const { cluster, frame, track, points } = frameOf(db, scope, name, q, now)
  const named = new Map<number, string>()
  if (q.index) {
    const id = indexIdOf(db, indexFrame(cluster, frame, track), q.index)
    if (id === undefined) throw new HttpError(404, `No index "${q.index}" in ${cluster.name}`)
    named.set(id, q.index)
  } else
    for (const row of indexNames(db, cluster.id, frame.clock.shift, frame.at)) named.set(row.id, row.name)
  const models = indexModels(db, cluster.id).filter((i) => named.has(i.id))
  const metrics: readonly EsIndexMetric[] = q.index
    ? q.prefix
      ? [q.prefix]
      : ES_INDEX_METRICS
    : [q.prefix ?? 'indexing_rate']
  assertPoints(frame, metrics.length * models.length, 'ask for one index (index) or one metric (prefix)')
  const series: ElkSeries[] = []
  for (const i of models)
    for (const metric of metrics) {
      const data = points.map((p): [number, number] => [p.time, round3(indexValue(metric, i, p, cluster))])
      series.push(seriesOf(metric, data, { index: named.get(i.id)! }))
    }
  return { cluster: cluster.name, kpiType: 'index', ...seriesHead(frame), series }
}
