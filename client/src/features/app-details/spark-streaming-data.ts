import type { SparkStream } from '@costlens/shared'

/**
 * The Streaming tab's figures (02 §2 streaming batches, stream date range default last 1 hour):
 * the ranges offered and the rates drawn from the stream's micro-batches. Pure: tested alone.
 */

/** The stream ranges offered. Two hours of 10 s batches is 720 points, the most the call answers unmerged. */
export const STREAM_RANGES = [
  { value: '15m', label: 'Last 15 minutes', ms: 15 * 60_000 },
  { value: '1h', label: 'Last 1 hour', ms: 3_600_000 },
  { value: '2h', label: 'Last 2 hours', ms: 2 * 3_600_000 },
] as const
export type StreamRange = (typeof STREAM_RANGES)[number]['value']
export const DEFAULT_STREAM_RANGE: StreamRange = '1h'

/** The trigger interval of a stream: the median gap between its batches (ms), 0 with fewer than two. */
export function triggerInterval(times: readonly number[]): number {
  const gaps = times
    .slice(1)
    .map((t, i) => t - times[i]!)
    .filter((g) => g > 0)
    .sort((a, b) => a - b)
  return gaps.length ? gaps[Math.floor(gaps.length / 2)]! : 0
}

/** Rows a second at which a batch took its input (rows over the trigger interval) and processed it. */
export const inputRate = (rows: number, intervalMs: number) =>
  intervalMs > 0 ? (rows * 1000) / intervalMs : 0
export const processingRate = (rows: number, processingMs: number) =>
  processingMs > 0 ? (rows * 1000) / processingMs : 0

export interface StreamSeries {
  intervalMs: number
  inputRate: [number, number][]
  processingRate: [number, number][]
  batchDuration: [number, number][]
}

/** The three series of the stream chart, one point per micro-batch. */
export function streamSeries(stream: SparkStream): StreamSeries {
  const intervalMs = triggerInterval(stream.points.map((p) => p.time))
  const round = (v: number) => Math.round(v * 10) / 10
  return {
    intervalMs,
    inputRate: stream.points.map((p) => [p.time, round(inputRate(p.inputRows, intervalMs))]),
    processingRate: stream.points.map((p) => [
      p.time,
      round(processingRate(p.inputRows, p.processingTimeMs)),
    ]),
    batchDuration: stream.points.map((p) => [p.time, p.processingTimeMs]),
  }
}
