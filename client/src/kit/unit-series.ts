import {
  formatBytes,
  formatCount,
  formatNumber,
  formatPercent,
  MAX_SERIES_POINTS,
  seriesGrid,
} from '@costlens/shared'
import { useRefetchOnTick } from './page-clock.ts'

/*
 * The pieces of a metrics screen whose API answers series tagged with their unit (HBase, Kafka, and
 * the cluster services to come): every value written in its unit, one chart per unit, the window
 * its API takes and the intervals that fit it, and panels that ask again on Refresh.
 */

export type Format = (value: number) => string

/** A rate of things per second: '1,204.5 messages/s'. */
const perSecond = (what: string) => (v: number) => `${formatNumber(v, 1)} ${what}/s`

/** How a value of an API's unit reads ('%', 'bytes', 'bytes/s', 'ms', 'messages/s', 'req/s', '/s'…). */
export function unitFormat(unit: string): Format {
  switch (unit) {
    case '%':
      return (v) => formatPercent(v)
    case 'bytes':
      return formatBytes
    case 'bytes/s':
      return (v) => `${formatBytes(v)}/s`
    case 'messages/s':
      return perSecond('messages')
    case 'requests/s':
      return perSecond('requests')
    case 'messages':
      return (v) => `${formatCount(v)} messages`
    case 'offset':
      return formatCount
    case 'count':
      // Averaged over an interval, a count can have decimals ('2.5'); a whole one reads '3'.
      return (v) => formatNumber(v)
    default:
      // A bare rate ('/s') sticks to its number: '3/s'.
      return (v) => `${formatNumber(v)}${unit.startsWith('/') ? '' : ' '}${unit}`.trim()
  }
}

/** One series of an answer: its name, its unit and its [time, value] points. */
export interface UnitSeries {
  name: string
  unit: string
  data: [number, number][]
}

/** What a chart of one unit needs (the feature adds its kind, export and so on). */
export interface UnitChart {
  title: string
  description: string
  series: { name: string; data: [number, number][] }[]
  range?: { from: number; to: number }
  valueFormat: Format
  binaryUnit?: 1
  integerValues?: boolean
}

/** Units whose values are whole numbers: their axes tick in integers. */
const WHOLE_UNITS = new Set(['count', 'messages', 'offset'])

/**
 * An answer's series as charts, one per unit so no axis mixes bytes with milliseconds, each titled
 * with its subject and the unit's measure (`titles`, else the unit), its tooltips and axis in it.
 */
export function chartsByUnit(
  series: readonly UnitSeries[] | undefined,
  subject: string,
  titles: Readonly<Record<string, string>>,
  range?: { from: number; to: number },
): UnitChart[] {
  const byUnit = new Map<string, UnitSeries[]>()
  for (const s of series ?? []) byUnit.set(s.unit, [...(byUnit.get(s.unit) ?? []), s])
  return [...byUnit].map(([unit, inUnit]) => ({
    title: `${subject}: ${titles[unit] ?? unit}`,
    description: `${inUnit.map((s) => s.name).join(', ')} over the range, one point per interval.`,
    series: inUnit.map((s) => ({ name: s.name, data: s.data })),
    range,
    valueFormat: unitFormat(unit),
    ...(unit === 'bytes' && { binaryUnit: 1 as const }),
    ...(WHOLE_UNITS.has(unit) && { integerValues: true }),
  }))
}

const DAY = 86_400_000

/** The window an API of at most `maxDays` takes: the range, its start moved up when longer. */
export function cappedWindow(
  start: number,
  end: number,
  maxDays: number,
): { start: number; end: number; cut: boolean } {
  const earliest = end - maxDays * DAY
  return start < earliest ? { start: earliest, end, cut: true } : { start, end, cut: false }
}

/** Whether a series at `stepMs` over the window stays within the APIs' 2,000 points. */
export function stepFits(stepMs: number, start: number, end: number): boolean {
  return seriesGrid(start, end, stepMs).n <= MAX_SERIES_POINTS
}

/** The interval to ask for: the chosen one when it fits the window, else the finest that does. */
export function fittingInterval<I extends string>(
  chosen: I,
  intervals: readonly I[],
  stepOf: (interval: I) => number,
  start: number,
  end: number,
): I {
  if (stepFits(stepOf(chosen), start, end)) return chosen
  return intervals.find((i) => stepFits(stepOf(i), start, end)) ?? intervals[intervals.length - 1]!
}

/** A panel shown again (a tab, a page) asks again. */
export const FRESH = { refetchOnMountOrArgChange: true } as const

/** Refresh asks again for a picked range too, whose request does not change with the clock. */
export function useRefreshed<R extends { refetch: () => unknown }>(
  now: number,
  args: unknown,
  result: R,
  skip = false,
): R {
  useRefetchOnTick(now, skip ? null : args, skip ? noop : result.refetch)
  return result
}

const noop = () => undefined
