import type { LogstashOverviewMetric, LogstashPipelineMetric } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { trackOf, type SeriesFrame } from './elk-common.ts'
import { pipelineEvents, queueBytes, queuedEvents, type Deployment } from './elk-logstash-model.ts'
import { integralsOf, pointsOf, trailingRates } from './elk-points.ts'

/*
 * The events through Logstash pipelines per point (G103, G105), summed over deployments and
 * pipelines into columns (a day at 1m is 1,440 points per deployment).
 */

/** What flows through the chosen pipelines per point: events/s in and out, queued events and bytes. */
interface Flows {
  times: number[]
  eventsIn: Float64Array
  eventsOut: Float64Array
  queueEvents: Float64Array
  queueBytes: Float64Array
}

/**
 * The flows per point summed over the given pipelines of the given deployments. Queues (when asked)
 * are gauges at the point's time, read as the lists read them at a window's end: from the
 * documents indexed in the five minutes before it. Every deployment's points are the frame's (their
 * bounds do not depend on the load), so they are summed by position.
 */
export function flows(
  db: Db,
  frame: SeriesFrame,
  all: readonly Deployment[],
  pick: (d: Deployment) => Deployment['pipelines'],
  withQueues: boolean,
): Flows {
  let times: number[] = []
  let sums: Float64Array[] = []
  for (const d of all) {
    const track = trackOf(db, d.cluster.id, frame, 'documents')
    const points = pointsOf(frame, track)
    if (times.length === 0) {
      times = points.map((p) => p.time)
      sums = [0, 1, 2, 3].map(() => new Float64Array(points.length))
    }
    const [eventsIn, eventsOut, queueEvents, queueSize] = sums as [
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
    ]
    const recent = withQueues ? trailingRates(integralsOf(track), points, 5) : []
    const pipelines = pick(d)
    for (let k = 0; k < points.length; k++) {
      const p = points[k]!
      for (const pipeline of pipelines) {
        const [i, o] = pipelineEvents(d, pipeline, p.rates[1])
        eventsIn[k] = eventsIn[k]! + i
        eventsOut[k] = eventsOut[k]! + o
        if (!withQueues) continue
        const indexed = recent[k]![1]
        const lf = indexed / d.cluster.indexingBase
        const queued = queuedEvents(d, pipeline, pipelineEvents(d, pipeline, indexed)[0], lf, p.at)
        queueEvents[k] = queueEvents[k]! + queued
        queueSize[k] = queueSize[k]! + queueBytes(pipeline, queued)
      }
    }
  }
  const [eventsIn, eventsOut, queueEvents, queueSize] = sums
  const none = new Float64Array(0)
  return {
    times,
    eventsIn: eventsIn ?? none,
    eventsOut: eventsOut ?? none,
    queueEvents: queueEvents ?? none,
    queueBytes: queueSize ?? none,
  }
}

/** The column of flows a metric shows (events filtered are those the filters pass on: the ones emitted). */
export const flowColumn = (
  metric: LogstashOverviewMetric | LogstashPipelineMetric,
  f: Flows,
): Float64Array => {
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
