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
  logstashGauges,
  pipelineEvents,
  queueBytes,
  queuedEvents,
  type Deployment,
} from './elk-logstash-model.ts'
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

/** What flows through the chosen pipelines at a point: events/s in and out, queued events and bytes. */
interface Flow {
  time: number
  eventsIn: number
  eventsOut: number
  queueEvents: number
  queueBytes: number
}

/**
 * The flows per point summed over the given pipelines of the given deployments. Queues (when asked)
 * are gauges at the point's time, read as the lists read them at a window's end: from the
 * documents indexed in the five minutes before it.
 */
function flows(
  db: Db,
  frame: SeriesFrame,
  all: readonly Deployment[],
  pick: (d: Deployment) => Deployment['pipelines'],
  withQueues: boolean,
): Flow[] {
  const byTime = new Map<number, Flow>()
  for (const d of all) {
    const track = trackOf(db, d.cluster.id, frame)
    const points = pointsOf(frame, track)
    const recent = withQueues ? trailingRates(integralsOf(track, points), points, 5) : []
    const pipelines = pick(d)
    points.forEach((p, k) => {
      let sum = byTime.get(p.time)
      if (!sum) {
        sum = { time: p.time, eventsIn: 0, eventsOut: 0, queueEvents: 0, queueBytes: 0 }
        byTime.set(p.time, sum)
      }
      for (const pipeline of pipelines) {
        const [i, o] = pipelineEvents(d, pipeline, p.rates[1])
        sum.eventsIn += i
        sum.eventsOut += o
        if (!withQueues) continue
        const indexed = recent[k]![1]
        const lf = indexed / d.cluster.indexingBase
        const queued = queuedEvents(d, pipeline, pipelineEvents(d, pipeline, indexed)[0], lf, p.at)
        sum.queueEvents += queued
        sum.queueBytes += queueBytes(pipeline, queued)
      }
    })
  }
  return frame.grid.points.filter((t) => byTime.has(t)).map((t) => byTime.get(t)!)
}

/** A flow's measure a metric shows (events filtered are those the filters pass on: the ones emitted). */
const flowValue = (metric: LogstashOverviewMetric | LogstashPipelineMetric, f: Flow): number => {
  switch (metric) {
    case 'kpi_events_in':
    case 'pipeline_num_events_in':
      return f.eventsIn
    case 'kpi_events_out':
    case 'pipeline_num_events_out':
    case 'kpi_events_filtered':
    case 'pipeline_num_events_filtered':
      return f.eventsOut
    case 'kpi_queue_events_count':
    case 'pipeline_queue_events_count':
      return f.queueEvents
    case 'kpi_queue_size_in_bytes':
    case 'pipeline_queue_size_in_bytes':
      return f.queueBytes
  }
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
  const points = flows(db, frame, all, (d) => d.pipelines, hasQueues(metrics))
  const series = metrics.map((m) =>
    seriesOf(
      m,
      points.map((f) => [f.time, round3(flowValue(m, f))]),
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
  const chosen = (d: Deployment) => d.pipelines.filter((p) => pipeline === null || p.name === pipeline)
  const points = flows(db, frame, all, chosen, hasQueues(metrics))
  const who = pipeline === null ? {} : { pipeline }
  const series = metrics.map((m) =>
    seriesOf(
      m,
      points.map((f) => [f.time, round3(flowValue(m, f))]),
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
  const at = integralsOf(track, points)
  // Each measure once per point, shared by the metrics that show it.
  const events = once(() => points.map((p) => deploymentEvents(d, p.rates[1] * node.share)))
  const gauges = once(() => points.map((p) => logstashGauges(node, p.at, p.rates[1] / base)))
  const load = (minutes: number) =>
    trailingRates(at, points, minutes).map((r, k) => gauges()[k]!.load(r[1] / base))
  const column = (m: LogstashNodeMetric): number[] => {
    switch (m) {
      case 'kpi_events_in':
        return events().map((e) => e[0])
      case 'kpi_events_out':
      case 'kpi_events_filtered':
        return events().map((e) => e[1])
      case 'jvm_heap_max_in_bytes':
        return points.map(() => node.heapMax)
      case 'jvm_heap_used_in_bytes':
        return gauges().map((g) => g.jvmHeapUsedBytes)
      case 'cpu_percent':
        return gauges().map((g) => g.cpuPercent)
      case 'cpu_load_average_1m':
        return load(1)
      case 'cpu_load_average_5m':
        return load(5)
      case 'cpu_load_average_15m':
        return load(15)
    }
  }
  const series = metrics.map((m) => {
    const values = column(m)
    return seriesOf(
      m,
      points.map((p, k): [number, number] => [p.time, round3(values[k]!)]),
      { node: node.name },
    )
  })
  return answer(frame, d.cluster.name, 'node', series)
}
