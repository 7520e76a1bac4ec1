const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Which chart asks: cluster charts start at 2m, Kafka at 5m, any other at 1m (B091, C06). */
export type ChartKind = 'generic' | 'cluster' | 'kafka'

/** Point intervals of the provider rule; 1m, 15m, 3h and 3d are not selector choices (B093 notes). */
export type PointInterval = '1m' | '2m' | '5m' | '15m' | '30m' | 'hourly' | '3h' | 'daily' | '3d' | 'weekly'

/** Each interval in milliseconds, for bucketing series in SQL or on the client. */
export const POINT_INTERVAL_MS: Record<PointInterval, number> = {
  '1m': MINUTE,
  '2m': 2 * MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  hourly: HOUR,
  '3h': 3 * HOUR,
  daily: DAY,
  '3d': 3 * DAY,
  weekly: 7 * DAY,
}

/**
 * B091: the provider's chart point interval for a range span, where no interval selector is
 * shown. Bounds are inclusive ("up to 2 days" includes exactly 2 days). C06: 2m for cluster
 * charts, 5m for Kafka, 1m otherwise up to an hour. C07: 3d from 30 to 60 days, weekly above.
 */
export function chartPointInterval(spanMs: number, chart: ChartKind = 'generic'): PointInterval {
  if (spanMs <= HOUR) return chart === 'cluster' ? '2m' : chart === 'kafka' ? '5m' : '1m'
  if (spanMs <= 2 * HOUR) return '5m'
  if (spanMs <= 6 * HOUR) return '15m'
  if (spanMs <= 12 * HOUR) return '30m'
  if (spanMs <= 2 * DAY) return 'hourly'
  if (spanMs <= 8 * DAY) return '3h'
  if (spanMs <= 30 * DAY) return 'daily'
  if (spanMs <= 60 * DAY) return '3d'
  return 'weekly'
}

/** B093: the interval selector's choices. */
export const INTERVAL_CHOICES = [
  '2 mins',
  '5 mins',
  '10 mins',
  '30 mins',
  'Hourly',
  'Daily',
  'Weekly',
] as const
export type IntervalChoice = (typeof INTERVAL_CHOICES)[number]

/**
 * B092: on screens with an interval selector, a date-range change sets it from the span in
 * days: up to 2 → 2 mins, up to 8 → 30 mins, under 30 → Hourly, 30 or more → Daily. C08: this
 * rule and B091 are both kept, each for its own context.
 */
export function intervalChoiceForSpan(spanDays: number): IntervalChoice {
  if (spanDays <= 2) return '2 mins'
  if (spanDays <= 8) return '30 mins'
  if (spanDays < 30) return 'Hourly'
  return 'Daily'
}
