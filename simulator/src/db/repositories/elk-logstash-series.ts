import {
  LOGSTASH_NODE_METRICS,
  LOGSTASH_OVERVIEW_METRICS,
  LOGSTASH_PIPELINE_METRICS,
  type ElkSeries,
  type ElkSeriesResponse,
  type LogstashNodeKpiQuery,
  type LogstashNodeMetric,
  type LogstashOverviewKpiQuery,
  type LogstashPipelineKpiQuery,
  type LogstashPipelineMetric,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { round3, seriesFrame, seriesHead, trackOf, type SeriesFrame } from './elk-common.ts'
import {
  deployments,
  findNode,
  logstashGauges,
  pipelineEvents,
  type Deployment,
} from './elk-logstash-model.ts'
import { assertPoints, pointsOf, type PointLoad } from './elk-points.ts'
import type { ClusterScope } from './scope.ts'

/*
 * The Logstash series (G99-G103): events per point from the cluster's documents indexed in it
 * (elk-logstash-model.ts), so the nodes' series and the pipelines' series sum to the same totals.
 */

const MINUTE = 60_000

const LABELS: Record<LogstashNodeMetric | LogstashPipelineMetric, [string, string]> = {
  kpi_events_in: ['Events received', 'events/s'],
  kpi_events_out: ['Events emitted', 'events/s'],
  pipeline_num_events_in: ['Events received', 'events/s'],
  pipeline_num_events_out: ['Events emitted', 'events/s'],
  jvm_heap_max_in_bytes: ['JVM heap max', 'bytes'],
  jvm_heap_used_in_bytes: ['JVM heap used', 'bytes'],
  cpu_percent: ['CPU', '%'],
  cpu_load_average_1m: ['Load average 1m', 'load'],
  cpu_load_average_5m: ['Load average 5m', 'load'],
  cpu_load_average_15m: ['Load average 15m', 'load'],
}

const seriesOf = (
  metric: LogstashNodeMetric | LogstashPipelineMetric,
  data: [number, number][],
  who: Partial<ElkSeries> = {},
): ElkSeries => {
  const [label, unit] = LABELS[metric]
  return { metric, name: `${label} (${unit})`, unit, ...who, data }
}

/** Each deployment's points over the frame. */
function loadsOf(db: Db, frame: SeriesFrame, all: readonly Deployment[]): Map<Deployment, PointLoad[]> {
  return new Map(all.map((d) => [d, pointsOf(frame, trackOf(db, d.cluster.id, frame))]))
}

/** Events in/out per point summed over the given pipelines of the given deployments. */
function eventSeries(
  frame: SeriesFrame,
  loads: Map<Deployment, PointLoad[]>,
  pick: (d: Deployment) => Deployment['pipelines'],
): { time: number; events: [number, number] }[] {
  const byTime = new Map<number, [number, number]>()
  for (const [d, points] of loads)
    for (const p of points) {
      const sum = byTime.get(p.time) ?? [0, 0]
      for (const pipeline of pick(d)) {
        const [i, o] = pipelineEvents(d, pipeline, p.rates[1])
        sum[0] += i
        sum[1] += o
      }
      byTime.set(p.time, sum)
    }
  return frame.grid.points.filter((t) => byTime.has(t)).map((time) => ({ time, events: byTime.get(time)! }))
}

const answer = (
  frame: SeriesFrame,
  cluster: string | null,
  kpiType: ElkSeriesResponse['kpiType'],
  series: ElkSeries[],
) => ({
  cluster,
  kpiType,
  ...seriesHead(frame),
  series,
})

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
  const points = eventSeries(frame, loadsOf(db, frame, all), (d) => d.pipelines)
  const series = metrics.map((m) =>
    seriesOf(
      m,
      points.map((p) => [p.time, round3(p.events[m === 'kpi_events_in' ? 0 : 1])]),
    ),
  )
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
  const points = eventSeries(frame, loadsOf(db, frame, all), (d) =>
    d.pipelines.filter((p) => pipeline === null || p.name === pipeline),
  )
  const who = pipeline === null ? {} : { pipeline }
  const series = metrics.map((m) =>
    seriesOf(
      m,
      points.map((p) => [p.time, round3(p.events[m === 'pipeline_num_events_in' ? 0 : 1])]),
      who,
    ),
  )
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
  const track = trackOf(db, d.cluster.id, frame)
  const points = pointsOf(frame, track)
  const base = d.cluster.indexingBase
  // A switch per point rather than a table of closures: a day at 1m is 1,440 points of each metric.
  const nodeValue = (m: LogstashNodeMetric, p: PointLoad): number => {
    const over = (minutes: number) => track.rates(p.at - minutes * MINUTE, p.at)[1] / base
    const events = (k: 0 | 1) =>
      d.pipelines.reduce((s, pl) => s + pipelineEvents(d, pl, p.rates[1] * node.share)[k], 0)
    const gauges = () => logstashGauges(node, p.at, p.rates[1] / base)
    switch (m) {
      case 'kpi_events_in':
        return events(0)
      case 'kpi_events_out':
        return events(1)
      case 'jvm_heap_max_in_bytes':
        return node.heapMax
      case 'jvm_heap_used_in_bytes':
        return gauges().jvmHeapUsedBytes
      case 'cpu_percent':
        return gauges().cpuPercent
      case 'cpu_load_average_1m':
        return gauges().load(over(1))
      case 'cpu_load_average_5m':
        return gauges().load(over(5))
      case 'cpu_load_average_15m':
        return gauges().load(over(15))
    }
  }
  const series = metrics.map((m) =>
    seriesOf(
      m,
      points.map((p): [number, number] => [p.time, round3(nodeValue(m, p))]),
      { node: node.name },
    ),
  )
  return answer(frame, d.cluster.name, 'node', series)
}
