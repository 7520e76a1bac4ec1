import type {
  ElkInterval,
  ElkSeries,
  ElkSeriesResponse,
  EsClusterKpiQuery,
  EsIndexKpiQuery,
  EsIndexMetric,
  EsNodeKpiQuery,
  EsNodeMetric,
} from '@costlens/shared'
import { ES_CLUSTER_METRICS, ES_INDEX_METRICS, ES_NODE_METRICS } from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { elkCluster, round3, seriesFrame, seriesHead, trackOf, wiggle, type Cum } from './elk-common.ts'
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

const LABELS: Record<EsNodeMetric | EsIndexMetric, [string, string]> = {
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
}

const seriesOf = (
  metric: EsNodeMetric | EsIndexMetric,
  data: [number, number][],
  who: Partial<ElkSeries> = {},
): ElkSeries => {
  const [label, unit] = LABELS[metric]
  return { metric, name: `${label} (${unit})`, unit, ...who, data }
}

function frameOf(
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

/** GET /api/v1/elasticsearch/{cluster}/kpi_cluster. */
export function esClusterKpi(
  db: Db,
  scope: ClusterScope,
  name: string,
  q: EsClusterKpiQuery,
  now: number,
): ElkSeriesResponse {
  const { cluster, frame, points } = frameOf(db, scope, name, q, now)
  const metrics = q.prefix ? [q.prefix] : ES_CLUSTER_METRICS
  assertPoints(frame, metrics.length, 'ask for one metric (prefix)')
  const value = (p: PointLoad, metric: string) => {
    const [searchLat, indexLat] = clusterLatencies(cluster, p.rates)
    if (metric === 'search_rate') return p.rates[0]
    if (metric === 'indexing_rate') return p.rates[1]
    return metric === 'search_latency' ? searchLat : indexLat
  }
  return {
    cluster: cluster.name,
    kpiType: 'cluster',
    ...seriesHead(frame),
    series: metrics.map((m) =>
      seriesOf(
        m,
        points.map((p) => [p.time, round3(value(p, m))]),
      ),
    ),
  }
}

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
      const data = points.map((p, k): [number, number] => {
        const g = nodeGauges(n, p.at, p.rates[1] / cluster.indexingBase)
        const lat = clusterLatencies(cluster, p.rates)
        const served =
          n.dataShare > 0 ? 0.9 + 0.2 * wiggle(n.id + (metric === 'search_latency' ? 0 : 3), p.at) : 0
        const c = copies[k]
        const v: Record<EsNodeMetric, () => number> = {
          jvm_mem_heap_used_in_byte: () => g.jvmHeapUsedBytes,
          heap_percent: () => g.heapPercent,
          os_cpu_percent: () => g.cpuPercent,
          search_latency: () => lat[0] * served,
          indexing_latency: () => lat[1] * served,
          indices_docs_count: () => Math.round(c!.docs * n.dataShare),
          indices_segments_count: () => Math.round(c!.segments * n.dataShare),
          indices_segments_memory_in_bytes: () =>
            segmentsMemory(Math.round(c!.segments * n.dataShare), Math.round(c!.docs * n.dataShare)),
        }
        return [p.time, round3(v[metric]())]
      })
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
      const data = points.map((p): [number, number] => {
        const [searches, docs] = indexWork(i, p.cumFrom, p.cumTo)
        const seconds = Math.max(p.seconds, 1e-9)
        const lat: Cum = clusterLatencies(cluster, p.rates)
        const writing = i.wIndex > 0 && docsAt(i, p.cumAt) > 0 && segmentsPerShard(i, p.at) > 1
        const v: Record<EsIndexMetric, () => number> = {
          search_rate: () => searches / seconds,
          indexing_rate: () => docs / seconds,
          indexing_latency: () => lat[1] * i.latencyFactor,
          segments_count: () => i.primaries * (1 + i.replicas) * segmentsPerShard(i, p.at),
          fetch_rate: () => (0.92 * searches) / seconds,
          fetch_latency: () => 0.25 * lat[0] * i.latencyFactor,
          // Flushes: a translog's worth of documents, and every 30 minutes while written.
          flush_rate: () => docs / seconds / 250_000 + (writing ? 1 / 1800 : 0),
          flush_latency: () => (writing ? 40 + 260 * i.latencyFactor : 0),
        }
        return [p.time, round3(v[metric]())]
      })
      series.push(seriesOf(metric, data, { index: named.get(i.id)! }))
    }
  return { cluster: cluster.name, kpiType: 'index', ...seriesHead(frame), series }
}
