import type { AppResourceSeries } from '@costlens/shared'
import { mrDerivation } from './mr.ts'
import { appLife, appPrng, apportion, isRunning, type DetailsRecord } from './record.ts'
import { sparkDerivation } from './spark.ts'

/**
 * One container's share of the application's resources: it held memory and vcores from start to
 * end, memorySeconds (MB·s) and vcoreSeconds in all. The containers of an app add up to the record.
 */
export interface Allocation {
  start: number
  end: number
  memorySeconds: number
  vcoreSeconds: number
}

/** The steps a resource chart may take, shortest first: 10 s for a short app, an hour at most. */
export const RESOURCE_STEPS_MS = [
  10_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000,
] as const
/** At most this many points, however long the app ran (a two-day streaming job: 288 at 10 min). */
export const MAX_RESOURCE_POINTS = 500

/** The shortest step that keeps a life of `spanMs` within MAX_RESOURCE_POINTS buckets. */
export function resourceStep(spanMs: number): number {
  return (
    RESOURCE_STEPS_MS.find((step) => Math.ceil(spanMs / step) <= MAX_RESOURCE_POINTS) ??
    RESOURCE_STEPS_MS.at(-1)!
  )
}

/**
 * The mean allocation in each bucket of the life: every container adds its rate (its MB·s over its
 * seconds) for the part of each bucket it covers, so Σ value × bucket seconds is the containers'
 * total, exactly but for float rounding. Rates go through a difference array: one pass per
 * container, one over the buckets.
 */
export function seriesOfAllocations(
  life: { start: number; end: number },
  allocations: readonly Allocation[],
): AppResourceSeries {
  const span = Math.max(0, life.end - life.start)
  const stepMs = resourceStep(span)
  const buckets = Math.max(1, Math.ceil(span / stepMs))
  const lengthOf = (b: number) => Math.max(0, Math.min(stepMs, span - b * stepMs))
  const series = (pick: (a: Allocation) => number) => {
    // Per bucket: amounts of partial buckets (MB·ms), and rates (MB) that hold over whole buckets.
    const partial = new Float64Array(buckets)
    const rateDelta = new Float64Array(buckets + 1)
    for (const a of allocations) {
      const amount = pick(a) * 1000
      if (amount === 0) continue
      const from = Math.min(span, Math.max(0, a.start - life.start))
      const to = Math.min(span, Math.max(from, a.end - life.start))
      const first = Math.min(buckets - 1, Math.floor(from / stepMs))
      if (to === from) {
        partial[first]! += amount
        continue
      }
      const rate = amount / (to - from)
      const last = Math.min(buckets - 1, Math.floor((to - 1) / stepMs))
      if (first === last) {
        partial[first]! += amount
        continue
      }
      partial[first]! += rate * ((first + 1) * stepMs - from)
      partial[last]! += rate * (to - last * stepMs)
      rateDelta[first + 1]! += rate
      rateDelta[last]! -= rate
    }
    const points: [number, number][] = []
    let rate = 0
    for (let b = 0; b < buckets; b++) {
      rate += rateDelta[b]!
      const length = lengthOf(b)
      const value = length > 0 ? (partial[b]! + rate * length) / length : 0
      points.push([life.start + b * stepMs, Math.round(value * 100) / 100])
    }
    return points
  }
  return {
    startTime: life.start,
    endTime: life.end,
    stepMs,
    allocatedMB: series((a) => a.memorySeconds),
    allocatedVCores: series((a) => a.vcoreSeconds),
  }
}

/**
 * Containers for engines whose tasks costlens does not list (Hive, Tez, Impala, Presto, BigQuery):
 * a master for the whole life and workers that come up after set-up and leave towards the end,
 * as many as the record's vcore seconds over its life say ran at once.
 */
export function genericAllocations(app: DetailsRecord, now: number): Allocation[] {
  const prng = appPrng(app, 'containers')
  const life = appLife(app, now)
  const span = life.end - life.start
  const workers = Math.min(500, Math.max(1, Math.round(app.vcore_seconds / Math.max(1, app.duration / 1000))))
  const setup = Math.min(app.setup_duration, Math.floor(span * 0.1))
  const windows = [
    { start: life.start, end: life.end },
    ...Array.from({ length: workers }, () => {
      const start = life.start + Math.floor(setup * prng.next())
      const end = isRunning(app) ? life.end : life.end - Math.floor(span * 0.1 * prng.next())
      return { start, end: Math.max(start, end) }
    }),
  ]
  const weights = windows.map((w, i) => Math.max(1, w.end - w.start) * (i === 0 ? 0.5 : 1))
  const memory = apportion(app.memory_seconds, weights)
  const vcores = apportion(app.vcore_seconds, weights)
  return windows.map((w, i) => ({ ...w, memorySeconds: memory[i]!, vcoreSeconds: vcores[i]! }))
}

/** The allocated memory (MB) and vcores of the application over its life, by engine. */
export function deriveResources(app: DetailsRecord, now: number): AppResourceSeries {
  const allocations =
    app.kind === 'spark'
      ? sparkDerivation(app, now).allocations
      : app.kind === 'mr'
        ? mrDerivation(app, now).allocations
        : genericAllocations(app, now)
  return seriesOfAllocations(appLife(app, now), allocations)
}
