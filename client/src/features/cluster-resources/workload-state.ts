import {
  ALL_CLUSTERS,
  PICKERS,
  queryStringFromState,
  resourcesQueryFromSearch,
  startOfUtcDay,
  type DateRange,
  type JobCountResponse,
} from '@costlens/shared'
import { rangeParams, readScreenRange, type RangeUser, type ScreenRange } from './range-state.ts'

/**
 * The /clusters/clusterworkload screen: a cluster's workload by hour of day across the days of the
 * range, apps running (E027 jobs/count, 1-hour buckets) or vcores or memory held (E055, E057 at
 * 1-hour points). Its picker is the cluster-workload one: the last 7, 14, 30 or 60 days (B079) and
 * no custom range longer than 60 days (B065). State in the address: cluster, range, measure.
 */
export const WORKLOAD_MEASURES = ['apps', 'vcores', 'memory'] as const
export type WorkloadMeasure = (typeof WORKLOAD_MEASURES)[number]

export interface WorkloadView {
  cluster: string
  main: ScreenRange
  measure: WorkloadMeasure
}

export const WORKLOAD_PICKER = 'clusterWorkload' as const
export const WORKLOAD_DEFAULT = PICKERS[WORKLOAD_PICKER].defaultPreset!

export function readWorkloadView(search: string, now: number, user?: RangeUser): WorkloadView {
  const params = new URLSearchParams(search)
  return {
    cluster: resourcesQueryFromSearch(search).cluster ?? ALL_CLUSTERS,
    main: readScreenRange(params, WORKLOAD_PICKER, WORKLOAD_DEFAULT, now, user),
    measure: WORKLOAD_MEASURES.find((m) => m === params.get('measure')) ?? 'apps',
  }
}

export function workloadSearch(view: WorkloadView): string {
  return queryStringFromState({
    clusterUid: view.cluster === ALL_CLUSTERS ? undefined : view.cluster,
    ...rangeParams(view.main, WORKLOAD_DEFAULT),
    measure: view.measure === 'apps' ? undefined : view.measure,
  })
}

const HOUR = 3_600_000
const DAY = 24 * HOUR
export const HOURS = Array.from({ length: 24 }, (_, h) => h)

/** One day of the grid: its UTC midnight and a value per hour, null where the range has no data. */
export interface WorkloadDay {
  day: number
  hours: (number | null)[]
}

export interface WorkloadGrid {
  days: WorkloadDay[]
  /** The average of each hour of day over the days that have it. */
  hourAverages: (number | null)[]
  /** The largest cell, which the colour scale runs to. */
  max: number
}

/**
 * Points on hour boundaries as a day × hour-of-day grid in UTC (01 §9: the console's days are UTC).
 * Every day the range touches gets a row, oldest first; hours outside the range or without a
 * point stay empty rather than reading as zero.
 */
export function workloadGrid(points: readonly (readonly [number, number])[], range: DateRange): WorkloadGrid {
  const first = startOfUtcDay(range.start)
  const last = startOfUtcDay(range.end)
  const days: WorkloadDay[] = []
  for (let day = first; day <= last; day += DAY) days.push({ day, hours: HOURS.map(() => null) })
  let max = 0
  for (const [ts, value] of points) {
    if (ts < range.start - HOUR || ts > range.end) continue
    const row = days[Math.floor((ts - first) / DAY)]
    if (!row) continue
    const hour = new Date(ts).getUTCHours()
    row.hours[hour] = (row.hours[hour] ?? 0) + value
    max = Math.max(max, row.hours[hour]!)
  }
  const hourAverages = HOURS.map((h) => {
    const values = days.map((d) => d.hours[h]).filter((v): v is number => v !== null)
    return values.length ? values.reduce((n, v) => n + v, 0) / values.length : null
  })
  return { days, hourAverages, max }
}

/** jobs/count as one series: the apps of every group value (state by default) in each bucket. */
export function jobCountPoints(response: Partial<JobCountResponse> | undefined): [number, number][] {
  const dates = response?.date ?? []
  const groups = Object.entries(response ?? {}).filter(([key]) => key !== 'date') as [
    string,
    Record<string, number>,
  ][]
  return dates.map((ts) => [ts, groups.reduce((n, [, buckets]) => n + (buckets[String(ts)] ?? 0), 0)])
}

/** The busiest hour of day on average, or null with no data. */
export function busiestHour(grid: WorkloadGrid): { hour: number; average: number } | null {
  let best: { hour: number; average: number } | null = null
  grid.hourAverages.forEach((average, hour) => {
    if (average !== null && (best === null || average > best.average)) best = { hour, average }
  })
  return best
}
