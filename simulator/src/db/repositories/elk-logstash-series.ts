import {
  LOGSTASH_NODE_METRICS,
  LOGSTASH_OVERVIEW_METRICS,
  LOGSTASH_PIPELINE_METRICS,
  type ElkSeries,
  type ElkSeriesResponse,
  type LogstashNodeKpiQuery,
  type LogstashNodeMetric,
  type LogstashOverviewKpiQuery,
  type LogstashOverviewMetric,
  type LogstashPipelineKpiQuery,
  type LogstashPipelineMetric,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { round3, seriesFrame, seriesHead, trackOf, type SeriesFrame } from './elk-common.ts'
import {
  deploymentEvents,
  deployments,
  findNode,
  logstashCpu,
  logstashHeapPercent,
  logstashJitter,
  type Deployment,
} from './elk-logstash-model.ts'
import { flowColumn, flows } from './elk-logstash-flows.ts'
import { assertPoints, integralsOf, pointsOf, trailingRates } from './elk-points.ts'
import type { ClusterScope } from './scope.ts'

/*
 * The Logstash series (G99-G103, G105): events per point from the cluster's documents indexed in it
 * (elk-logstash-model.ts), so the nodes' series and the pipelines' series sum to the same totals.
 * Each measure is worked out once per point for every series that shows it (a day at 1m is 1,440
 * points), and only when a series asked for shows it.
 */

type LogstashMetric = LogstashOverviewMetric | LogstashNodeMetric | LogstashPipelineMetric

const LABELS: Record<LogstashMetric, [string, string]> = {
  kpi_events_in: ['Events received', 'events/s'],
  kpi_events_out: ['Events emitted', 'events/s'],
  kpi_events_filtered: ['Events filtered', 'events/s'],
  kpi_queue_events_count: ['Persisted queue', 'events'],
  kpi_queue_size_in_bytes: ['Persisted queue size', 'bytes'],
  pipeline_num_events_in: ['Events received', 'events/s'],
  pipeline_num_events_out: ['Events emitted', 'events/s'],
  pipeline_num_events_filtered: ['Events filtered', 'events/s'],
  pipeline_queue_events_count: ['Persisted queue', 'events'],
  pipeline_queue_size_in_bytes: ['Persisted queue size', 'bytes'],
  jvm_heap_max_in_bytes: ['JVM heap max', 'bytes'],
  jvm_heap_used_in_bytes: ['JVM heap used', 'bytes'],
  cpu_percent: ['CPU', '%'],
  cpu_load_average_1m: ['Load average 1m', 'load'],
  cpu_load_average_5m: ['Load average 5m', 'load'],
  cpu_load_average_15m: ['Load average 15m', 'load'],
}

const seriesOf = (
  metric: LogstashMetric,
  data: [number, number][],
  who: Partial<ElkSeries> = {},
): ElkSeries => {
  const [label, unit] = LABELS[metric]
  return { metric, name: `${label} (${unit})`, unit, ...who, data }
}

/** A value worked out on first use, then kept. */
function once<T>(make: () => T): () => T {
  let value: T | undefined
  return () => (value ??= make())
}

/** [time, value] pairs, values rounded: the answer's shape, built once per series at the end. */
function pairs(times: readonly number[], values: ArrayLike<number>): [number, number][] {
  const out = new Array<[number, number]>(times.length)
  for (let k = 0; k < times.length; k++) out[k] = [times[k]!, round3(values[k]!)]
  return out
}

const hasQueues = (metrics: readonly string[]) => metrics.some((m) => m.includes('_queue_'))

const answer = (
  frame: SeriesFrame,
  cluster: string | null,
  kpiType: ElkSeriesResponse['kpiType'],
  series: ElkSeries[],
) => ({ cluster, kpiType, ...seriesHead(frame), series })

/** GET /api/v1/logstash/nodes/kpis: every node (of the kept deployments) summed. */
export function logstashOverviewKpi(
  db: Db,
  scope: ClusterScope,
  q: LogstashOverviewKpiQuery,
  now: number,
): ElkSeriesResponse {
  const all = deployments(db, scope, q.cluster)
  const frame = seriesFrame(db, q, now)
  const metrics = q.metrics ?? LOGSTASH_OVERVIEW_METRICS
  assertPoints(frame, metrics.length, 'ask for one metric')
  const f = flows(db, frame, all, (d) => d.pipelines, hasQueues(metrics))
  const series = metrics.map((m) => seriesOf(m, pairs(f.times, flowColumn(m, f))))
  return answer(frame, q.cluster ?? null, 'logstash', series)
}

/** GET /api/v1/logstash/pipelines/kpis, or /pipelines/{pipeline}/kpis with `pipeline`. */
export function logstashPipelineKpi(
  db: Db,
  scope: ClusterScope,
  pipeline: string | null,
  q: LogstashPipelineKpiQuery,
  now: number,
): ElkSeriesResponse {
  const all = deployments(db, scope, q.cluster).filter(
    (d) => pipeline === null || d.pipelines.some((p) => p.name === pipeline),
  )
  if (pipeline !== null && all.length === 0) throw new HttpError(404, `No Logstash pipeline "${pipeline}"`)
  const frame = seriesFrame(db, q, now)
  const metrics = q.metrics ?? LOGSTASH_PIPELINE_METRICS
  assertPoints(frame, metrics.length, 'ask for one metric')
  const chosen = (d: Deployment) => d.pipelines.filter((p) => pipeline === null || p.name === pipeline)
  const f = flows(db, frame, all, chosen, hasQueues(metrics))
  const who = pipeline === null ? {} : { pipeline }
  const series = metrics.map((m) => seriesOf(m, pairs(f.times, flowColumn(m, f)), who))
  const cluster = q.cluster ?? (all.length === 1 && pipeline !== null ? all[0]!.cluster.name : null)
  return answer(frame, cluster, pipeline === null ? 'logstash' : 'pipeline', series)
}

/** GET /api/v1/logstash/nodes/{node}/kpis. */
export function logstashNodeKpi(
  db: Db,
  scope: ClusterScope,
  name: string,
  q: LogstashNodeKpiQuery,
  now: number,
): ElkSeriesResponse {
  const { d, node } = findNode(deployments(db, scope), name)
  const frame = seriesFrame(db, q, now)
  const metrics = q.metrics ?? LOGSTASH_NODE_METRICS
  assertPoints(frame, metrics.length, 'ask for fewer metrics')
  const track = trackOf(db, d.cluster.id, frame, 'documents')
  const points = pointsOf(frame, track)
  const times = points.map((p) => p.time)
  const base = d.cluster.indexingBase
  const at = integralsOf(track)
  // Each measure once per point into a column, shared by the metrics that show it.
  const events = once(() => points.map((p) => deploymentEvents(d, p.rates[1] * node.share)))
  const jitter = once(() => Float64Array.from(points, (p) => logstashJitter(node, p.at)))
  const perPoint = (value: (k: number) => number) => {
    const out = new Float64Array(points.length)
    for (let k = 0; k < points.length; k++) out[k] = value(k)
    return out
  }
  const load = (minutes: number) => {
    const recent = trailingRates(at, points, minutes)
    const w = jitter()
    return perPoint((k) => (4 * logstashCpu(node, recent[k]![1] / base, w[k]!)) / 100)
  }
  const column = (m: LogstashNodeMetric): ArrayLike<number> => {
    switch (m) {
      case 'kpi_events_in':
        return events().map((e) => e[0])
      case 'kpi_events_out':
      case 'kpi_events_filtered':
        return events().map((e) => e[1])
      case 'jvm_heap_max_in_bytes':
        return points.map(() => node.heapMax)
      case 'jvm_heap_used_in_bytes':
        return perPoint((k) => {
          const p = points[k]!
          return Math.round((node.heapMax * logstashHeapPercent(node, p.at, p.rates[1] / base)) / 100)
        })
      case 'cpu_percent': {
        const w = jitter()
        return perPoint((k) => logstashCpu(node, points[k]!.rates[1] / base, w[k]!))
      }
      case 'cpu_load_average_1m':
        return load(1)
      case 'cpu_load_average_5m':
        return load(5)
      case 'cpu_load_average_15m':
        return load(15)
    }
  }
  const series = metrics.map((m) => seriesOf(m, pairs(times, column(m)), { node: node.name }))
  return answer(frame, d.cluster.name, 'node', series)
}
