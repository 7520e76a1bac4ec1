import { APP_STATUS_LABELS, formatAppType, formatDateTime, type JobCountResponse } from '@costlens/shared'
import type { CategorySeries } from '../../components/charts/chart-types.ts'
import type { Maybe } from './api.ts'

/**
 * Stacks beyond this many group values are summed into one 'Other' stack: a user or queue grouping
 * can have dozens of values, and past about ten colours a stack no longer reads. The sum is exact
 * because every app is counted in one group value only.
 */
export const MAX_STACKS = 10
export const OTHER = 'Other'

/** One group value of a jobs/count answer, its count per bucket in the answer's bucket order. */
export interface GroupCounts {
  key: string
  counts: number[]
}

/** The group values of a jobs/count answer (E027), each with a count for every bucket (0 where absent). */
export function groupCounts(answer: Maybe<JobCountResponse> | undefined): {
  dates: number[]
  groups: GroupCounts[]
} {
  const dates = Array.isArray(answer?.date) ? answer.date : []
  const groups = Object.entries(answer ?? {})
    .filter(
      ([key, value]) =>
        key !== 'date' && value !== null && typeof value === 'object' && !Array.isArray(value),
    )
    .map(([key, value]) => {
      const byBucket = value as Record<string, number>
      return { key, counts: dates.map((d) => byBucket[String(d)] ?? 0) }
    })
  return { dates, groups }
}

const peak = (counts: readonly number[]) => counts.reduce((m, n) => Math.max(m, n), 0)
const total = (counts: readonly number[]) => counts.reduce((s, n) => s + n, 0)

/** Largest first (by the most apps over the range), then by name, so colours stay put across refreshes. */
function byWeight(a: GroupCounts, b: GroupCounts): number {
  return total(b.counts) - total(a.counts) || a.key.localeCompare(b.key)
}

/**
 * A state key as the console words statuses elsewhere (B174: 'success', 'failed' …), an application
 * type in the console's one casing ('MAPREDUCE' → 'MapReduce'); users and queues as they come.
 */
export function groupLabel(key: string, groupBy: string): string {
  if (groupBy === 'applicationType') return formatAppType(key)
  if (groupBy !== 'state') return key
  const word = Object.values(APP_STATUS_LABELS).find((w) => w.toUpperCase() === key)
  return word ?? key.toLowerCase()
}

const DAY = 86_400_000

/**
 * A bucket's label on the chart's axis, in the console's date format (B071, display zone): the day and time
 * for buckets shorter than a day, the date alone for daily and weekly ones.
 */
export function bucketLabel(epochMs: number, intervalMs: number): string {
  const text = formatDateTime(epochMs)
  return intervalMs >= DAY ? text.slice(0, 10) : `${text.slice(0, 5)} ${text.slice(11, 16)}`
}

/**
 * The chart of a jobs/count answer: one column per bucket, labelled by its start, and one stack per
 * group value, the heaviest first and the rest summed as 'Other'. Columns are categories rather than
 * points on a time axis: the bar chart sizes time columns by the range's own interval (B091), which
 * is not the one chosen here, and they would overlap or thin out.
 */
export function jobCountChart(
  answer: Maybe<JobCountResponse> | undefined,
  groupBy: string,
  intervalMs: number,
): { categories: string[]; series: CategorySeries[] } {
  const { dates, groups } = groupCounts(answer)
  const sorted = groups.filter((g) => total(g.counts) > 0).sort(byWeight)
  const shown = sorted.length > MAX_STACKS ? sorted.slice(0, MAX_STACKS - 1) : sorted
  const rest = sorted.slice(shown.length)
  const series: CategorySeries[] = shown.map((g) => ({ name: groupLabel(g.key, groupBy), data: g.counts }))
  if (rest.length)
    series.push({ name: OTHER, data: dates.map((_, i) => rest.reduce((s, g) => s + g.counts[i]!, 0)) })
  return { categories: series.length ? dates.map((d) => bucketLabel(d, intervalMs)) : [], series }
}

/** A row of the table under the chart: one group value over the range. */
export interface JobCountRow extends Record<string, unknown> {
  key: string
  label: string
  /** The most apps running in one bucket. */
  peak: number
  /** Apps running per bucket, on average over the range. */
  average: number
  /** Apps running in the latest bucket. */
  latest: number
}

export function jobCountRows(answer: Maybe<JobCountResponse> | undefined, groupBy: string): JobCountRow[] {
  const { groups } = groupCounts(answer)
  return groups.sort(byWeight).map((g) => ({
    key: g.key,
    label: groupLabel(g.key, groupBy),
    peak: peak(g.counts),
    average: g.counts.length ? total(g.counts) / g.counts.length : 0,
    latest: g.counts.at(-1) ?? 0,
  }))
}
