import {
  DOCUMENTED_RESOURCE_METRICS,
  RESOURCE_USAGE_METRICS,
  SEEDED_DOCUMENTED_METRICS,
  type DocumentedResourceMetric,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import { appLife, seriesOfAllocations, sparkDerivation, type DetailsRecord } from '../../details/index.ts'

/*
 * The real product's documented resource_usage codes (REST reference 4.6) that the seed can answer
 * honestly, from the figures the Spark details pages already show: 125 maxHeap from each JVM's
 * container memory (the executors tab's memoryMB), 115 gcLoad from each stage's GC and task time (the
 * stages tab's jvmGcTime and executorRunTime). Other kinds, and the host and process codes, have no
 * such figures: those answer 400 naming the codes that do answer.
 */

export interface JvmSeries {
  unit: 'MB' | 'percent'
  startTime: number
  endTime: number
  stepMs: number
  data: [number, number][]
}

const TAKES =
  `${RESOURCE_USAGE_METRICS.join(', ')}, ` +
  SEEDED_DOCUMENTED_METRICS.map((code) => `${code} (${DOCUMENTED_RESOURCE_METRICS[code]}, Spark apps)`).join(
    ' or ',
  )

/** Spark sizes a container as the heap plus a tenth for overhead (the executors' maxMemory reads it so). */
const HEAP_OF_CONTAINER = 1 / 1.1

/** 125 maxHeap: the heaps of the JVMs alive (driver and executors), summed, in MB. */
function maxHeap(app: DetailsRecord, now: number): JvmSeries {
  const life = appLife(app, now)
  const jvms = sparkDerivation(app, now).details.executors.map((e) => {
    const end = Math.max(e.addTime, e.removeTime ?? life.end)
    // MB·s, as the allocation series reads containers: its mean over a bucket is the MB held.
    const heapSeconds = (e.memoryMB * HEAP_OF_CONTAINER * (end - e.addTime)) / 1000
    return { start: e.addTime, end, memorySeconds: heapSeconds, vcoreSeconds: 0 }
  })
  const series = seriesOfAllocations(life, jvms)
  return { unit: 'MB', ...series, data: series.allocatedMB }
}

/**
 * 115 gcLoad: the share of the task time spent in GC, in percent, per bucket. Each stage's GC and
 * task time are spread over its run; weighting the buckets by task time gives back the stages'
 * Σ jvmGcTime / Σ executorRunTime, which the executors' totalGCTime and totalDuration add up to.
 */
function gcLoad(app: DetailsRecord, now: number): JvmSeries {
  const life = appLife(app, now)
  const stages = sparkDerivation(app, now).details.stages.filter(
    (s) => s.submissionTime !== null && s.executorRunTime > 0,
  )
  // µs rather than ms: the series keeps 2 decimals, and only the ratio of the two is read.
  const spans = stages.map((s) => ({
    start: s.firstTaskLaunchedTime ?? s.submissionTime!,
    end: Math.max(s.firstTaskLaunchedTime ?? s.submissionTime!, s.completionTime ?? life.end),
    memorySeconds: s.jvmGcTime * 1000,
    vcoreSeconds: s.executorRunTime * 1000,
  }))
  const series = seriesOfAllocations(life, spans)
  const data = series.allocatedMB.map(([t, gc], i): [number, number] => {
    const run = series.allocatedVCores[i]![1]
    return [t, run > 0 ? Math.round((10_000 * gc) / run) / 100 : 0]
  })
  return {
    unit: 'percent',
    startTime: series.startTime,
    endTime: series.endTime,
    stepMs: series.stepMs,
    data,
  }
}

const isSeeded = (code: string): code is (typeof SEEDED_DOCUMENTED_METRICS)[number] =>
  (SEEDED_DOCUMENTED_METRICS as readonly string[]).includes(code)

/** A documented code's series for the app; 400 when the seed holds no figures for it. */
export function jvmSeries(app: DetailsRecord, code: DocumentedResourceMetric, now: number): JvmSeries {
  const name = DOCUMENTED_RESOURCE_METRICS[code]
  if (!isSeeded(code))
    throw new HttpError(
      400,
      `querystring/metric_id ${code} (${name}) is not seeded; metric_id takes ${TAKES}`,
    )
  if (app.kind !== 'spark')
    throw new HttpError(
      400,
      `querystring/metric_id ${code} (${name}) is seeded for Spark apps only (${app.id} is ${app.kind}); ` +
        `metric_id takes ${TAKES}`,
    )
  return code === '125' ? maxHeap(app, now) : gcLoad(app, now)
}

export const isDocumentedMetric = (metric: string): metric is DocumentedResourceMetric =>
  metric in DOCUMENTED_RESOURCE_METRICS
