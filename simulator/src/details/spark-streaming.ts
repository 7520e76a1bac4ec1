import type { SparkStreamingQuery } from '@costlens/shared'
import { appLife, appPrng, isRunning, type DetailsRecord } from './record.ts'

/**
 * Structured-streaming details of the Spark apps that stream (the seed's recurring clickstream job
 * and any app whose name says 'stream'): one query per app, running micro-batches at a fixed
 * trigger interval over the app's life. Each batch is a function of its index alone, so any window
 * of a long-running stream is computed without the batches before it.
 */

/** Whether a Spark app is a streaming app: its name says so. */
export const isStreamingApp = (app: Pick<DetailsRecord, 'kind' | 'name'>) =>
  app.kind === 'spark' && /stream/i.test(app.name)

/** The bytes one input row takes: the batches' rows add up to about the app's DFS read over this. */
export const STREAM_ROW_BYTES = 200

export interface StreamPlan {
  queryId: string
  runId: string
  /** The trigger interval (ms) and the first trigger. */
  intervalMs: number
  first: number
  /** Batches triggered over the life so far. */
  count: number
  /** Mean input rows of a batch, and the rows per ms the query processes. */
  meanRows: number
  rowsPerMs: number
}

export interface StreamBatch {
  batchId: number
  batchTime: number
  inputRows: number
  processingTimeMs: number
  schedulingDelayMs: number
  status: 'COMPLETED' | 'FAILED' | 'PROCESSING'
}

function uuid(next: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`
}

/** The stream of an app, or null when it does not stream. */
export function streamPlan(app: DetailsRecord, now: number): StreamPlan | null {
  if (!isStreamingApp(app)) return null
  const prng = appPrng(app, 'spark-stream')
  const life = appLife(app, now)
  const intervalMs = prng.pick([10_000, 30_000, 60_000])
  const first = life.start + Math.min(app.setup_duration, Math.floor((life.end - life.start) / 10))
  const count = Math.max(0, Math.floor((life.end - first) / intervalMs))
  const meanRows = Math.max(1, Math.round(app.dfs_read / STREAM_ROW_BYTES / Math.max(1, count)))
  // Busy enough to fill 30-80% of an interval on a mean batch: a spike overruns it and delays the next.
  const rowsPerMs = meanRows / (intervalMs * (0.3 + 0.5 * prng.next()))
  return { queryId: uuid(prng.next), runId: uuid(prng.next), intervalMs, first, count, meanRows, rowsPerMs }
}

/** A well-mixed number in [0, 1) of a batch index: the same batch always has the same load. */
function noise(seed: string, k: number): number {
  let h = 0x811c9dc5 ^ k
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193)
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d)
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39)
  return ((h ^ (h >>> 15)) >>> 0) / 2 ** 32
}

/** The input rows of batch k: mostly near the mean, one batch in twenty a spike of two to four times it. */
function batchRows(plan: StreamPlan, k: number): number {
  const u = noise(plan.queryId, k)
  return Math.round(plan.meanRows * (u > 0.95 ? 2 + (u - 0.95) * 40 : 0.6 + 0.8 * (u / 0.95)))
}

/** Batch k of the stream: its input rows, the time it took and how late it started. */
export function streamBatch(app: DetailsRecord, plan: StreamPlan, k: number): StreamBatch {
  const rows = (i: number) => batchRows(plan, i)
  const took = (i: number) => Math.max(1, Math.round(rows(i) / plan.rowsPerMs))
  // A batch that overran its interval delays the next one by the overrun.
  const schedulingDelayMs = k > 0 ? Math.max(0, took(k - 1) - plan.intervalMs) : 0
  const last = k === plan.count - 1
  const status = last && isRunning(app) ? 'PROCESSING' : last && app.status === 'F' ? 'FAILED' : 'COMPLETED'
  return {
    batchId: k,
    batchTime: plan.first + k * plan.intervalMs,
    inputRows: rows(k),
    processingTimeMs: took(k),
    schedulingDelayMs,
    status,
  }
}

/** The batch indexes triggered in [gte, lte]. */
export function batchRange(plan: StreamPlan, gte: number, lte: number): { from: number; to: number } {
  const from = Math.max(0, Math.ceil((gte - plan.first) / plan.intervalMs))
  const to = Math.min(plan.count, Math.floor((lte - plan.first) / plan.intervalMs) + 1)
  return { from, to: Math.max(from, to) }
}

/** The app's streaming query (its one query over its whole life). */
export function streamingQuery(app: DetailsRecord, plan: StreamPlan, now: number): SparkStreamingQuery {
  const life = appLife(app, now)
  const status = isRunning(app) ? 'ACTIVE' : app.status === 'F' ? 'FAILED' : 'TERMINATED'
  return {
    id: plan.queryId,
    runId: plan.runId,
    name: app.name,
    status,
    startTime: plan.first,
    endTime: isRunning(app) ? null : life.end,
    numBatches: plan.count,
    inputRows: Array.from({ length: plan.count }, (_, k) => k).reduce((n, k) => n + batchRows(plan, k), 0),
  }
}
