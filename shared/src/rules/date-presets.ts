import { startOfUtcDay } from '../format/dates.ts'
import { chartPointInterval } from './intervals.ts'

/**
 * Date pickers (01 §5, 02 §5, 03 §5): the presets each kind offers, the ranges they stand for,
 * the default range of each screen and the limits every picked range must respect. All ranges
 * are epoch milliseconds in UTC (01 §9: default ranges start at the UTC day; G19: the Snowflake
 * 'start of today' is read as UTC too, so every screen shows the same day).
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export interface DateRange {
  start: number
  end: number
}

/** Units of a `number_unit` value: minutes, hours, days, weeks, calendar months, calendar years. */
export type PresetUnit = 'm' | 'h' | 'd' | 'w' | 'M' | 'y'

/** B062: a parsed `number_unit` value, e.g. '7_d' → { n: 7, unit: 'd' }. */
export interface NumberUnit {
  n: number
  unit: PresetUnit
}

/** B062: parses a `number_unit` selector value; anything else ('7d', '0_d', '7_x') is invalid (null). */
export function parseNumberUnit(value: string): NumberUnit | null {
  const match = /^([1-9]\d{0,3})_([mhdwMy])$/.exec(value)
  if (!match?.[1] || !match[2]) return null
  return { n: Number(match[1]), unit: match[2] as PresetUnit }
}

/** Presets that are not `number_unit`: calendar periods and the free-form choices. */
export const NAMED_PRESETS = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'thisYear',
  'custom',
  'singleDate',
] as const
export type NamedPreset = (typeof NAMED_PRESETS)[number]

/** A preset's value: `number_unit` or a named period. */
export type PresetValue = NamedPreset | `${number}_${PresetUnit}`

export interface Preset {
  label: string
  value: PresetValue
}

const utcParts = (t: number) => {
  const d = new Date(t)
  return { y: d.getUTCFullYear(), m: d.getUTCMonth(), day: d.getUTCDate(), weekday: d.getUTCDay() }
}

/** The instant `months` calendar months before `t`, clamped to the month's last day (Mar 31 − 1M = Feb 28). */
export function monthsBefore(t: number, months: number): number {
  const { y, m, day } = utcParts(t)
  const timeOfDay = t - startOfUtcDay(t)
  const lastDay = new Date(Date.UTC(y, m - months + 1, 0)).getUTCDate()
  return Date.UTC(y, m - months, Math.min(day, lastDay)) + timeOfDay
}

/** B077: weeks start on Sunday (the calendar widget's default, B266). */
export function startOfUtcWeek(t: number): number {
  return startOfUtcDay(t) - utcParts(t).weekday * DAY
}

export function startOfUtcMonth(t: number): number {
  const { y, m } = utcParts(t)
  return Date.UTC(y, m, 1)
}

/**
 * The range a preset stands for at `now`. `number_unit` values run back from now; named periods
 * are calendar periods in UTC, the closed ones ending 1 ms before the next period starts.
 * `completedDays` (B074, the value dashboard) makes `n_d` the last n whole days before today.
 * Returns null for the free-form choices (custom, single date), which have no range of their own.
 */
export function presetRange(
  value: PresetValue,
  now: number,
  options: { completedDays?: boolean } = {},
): DateRange | null {
  const today = startOfUtcDay(now)
  switch (value) {
    case 'today':
      return { start: today, end: now }
    case 'yesterday':
      return { start: today - DAY, end: today - 1 }
    case 'thisWeek':
      return { start: startOfUtcWeek(now), end: now }
    case 'lastWeek':
      return { start: startOfUtcWeek(now) - 7 * DAY, end: startOfUtcWeek(now) - 1 }
    case 'thisMonth':
      return { start: startOfUtcMonth(now), end: now }
    case 'lastMonth':
      return { start: monthsBefore(startOfUtcMonth(now), 1), end: startOfUtcMonth(now) - 1 }
    case 'thisYear':
      return { start: Date.UTC(utcParts(now).y, 0, 1), end: now }
    case 'custom':
    case 'singleDate':
      return null
  }
  const parsed = parseNumberUnit(value)
  if (!parsed) return null
  const { n, unit } = parsed
  if (unit === 'd' && options.completedDays) return { start: today - n * DAY, end: today - 1 }
  if (unit === 'M') return { start: monthsBefore(now, n), end: now }
  if (unit === 'y') return { start: monthsBefore(now, 12 * n), end: now }
  const size = { m: MINUTE, h: HOUR, d: DAY, w: 7 * DAY }[unit]
  return { start: now - n * size, end: now }
}

/** The kinds of date picker (01 §5, 02 §5, 03 §5). */
export type PickerKind =
  | 'default'
  | 'cost'
  | 'valueDashboard'
  | 'audit'
  | 'taskRunner'
  | 'reportList'
  | 'scheduledJobs'
  | 'bills'
  | 'clusterWorkload'
  | 'clusterDiscovery'
  | 'resourceMetrics'
  | 'structuredStreaming'
  | 'clusterReport'
  | 'workloadFit'
  | 'bigQueryJobs'
  | 'databricksCostTrends'
  | 'databricksSql'
  | 'kubernetes'

export interface PickerDefinition {
  presets: readonly Preset[]
  /** The preset chosen when the picker opens. */
  defaultPreset?: PresetValue
  /** Whether hours and minutes can be picked, not only days. */
  timePicker: boolean
  /** B065, G23: the longest range a custom choice may span, in days. */
  maxSpanDays?: number
  /** B083: the shortest range, in days. */
  minSpanDays?: number
  /** B064, B074: how far back the first selectable day is. */
  earliest: { days: number } | { years: number }
  /** B074: `n_d` presets are whole days ending yesterday. */
  completedDays?: boolean
}

const p = (label: string, value: PresetValue): Preset => ({ label, value })
const LAST_1_HOUR = p('Last 1 Hour', '1_h')
const LAST_2_HOURS = p('Last 2 Hours', '2_h')
const LAST_6_HOURS = p('Last 6 Hours', '6_h')
const LAST_12_HOURS = p('Last 12 Hours', '12_h')
const LAST_7_DAYS = p('Last 7 Days', '7_d')
const LAST_14_DAYS = p('Last 14 Days', '14_d')
const LAST_30_DAYS = p('Last 30 Days', '30_d')
const LAST_60_DAYS = p('Last 60 Days', '60_d')
const LAST_90_DAYS = p('Last 90 Days', '90_d')
const THIS_MONTH = p('This Month', 'thisMonth')
const LAST_MONTH = p('Last Month', 'lastMonth')
const TWO_YEARS = { years: 2 }

/** B081: the resource-metrics and structured-streaming pickers are the same picker. */
const METRICS_PICKER: PickerDefinition = {
  presets: [
    LAST_1_HOUR,
    LAST_2_HOURS,
    LAST_6_HOURS,
    LAST_12_HOURS,
    LAST_7_DAYS,
    LAST_30_DAYS,
    LAST_90_DAYS,
    THIS_MONTH,
  ],
  defaultPreset: '1_h',
  timePicker: true,
  earliest: TWO_YEARS,
}

/**
 * B072-B084: the presets of each picker kind, in the order they are listed. C18: the cost picker
 * includes Last 1 Year and opens on 7 days. G14: the BigQuery job list opens on 12h (the spec's
 * 'first preset'). G23: maximum spans are not given; each is the picker's longest preset (cost a
 * leap year, schedule 4 weeks, cluster workload 60 days), so a custom range cannot ask for more
 * than the presets already offer.
 */
export const PICKERS: Readonly<Record<PickerKind, PickerDefinition>> = {
  default: {
    presets: [
      LAST_1_HOUR,
      LAST_2_HOURS,
      LAST_6_HOURS,
      LAST_12_HOURS,
      p('Today', 'today'),
      p('Yesterday', 'yesterday'),
      LAST_7_DAYS,
      LAST_30_DAYS,
      LAST_90_DAYS,
      THIS_MONTH,
      LAST_MONTH,
    ],
    defaultPreset: '1_h',
    timePicker: true,
    earliest: TWO_YEARS,
  },
  cost: {
    presets: [LAST_7_DAYS, LAST_14_DAYS, LAST_30_DAYS, LAST_90_DAYS, p('Last 1 Year', '1_y')],
    defaultPreset: '7_d',
    timePicker: false,
    maxSpanDays: 366,
    earliest: TWO_YEARS,
  },
  valueDashboard: {
    presets: [
      p('Yesterday', 'yesterday'),
      p('Last 7 Days', '7_d'),
      p('Last 14 Days', '14_d'),
      p('Last 30 Days', '30_d'),
    ],
    defaultPreset: '7_d',
    timePicker: false,
    earliest: { days: 90 },
    completedDays: true,
  },
  audit: {
    presets: [p('Single Date', 'singleDate'), p('Custom Date', 'custom')],
    defaultPreset: 'singleDate',
    timePicker: false,
    earliest: TWO_YEARS,
  },
  taskRunner: {
    presets: [p('Current Day', 'today'), LAST_7_DAYS, LAST_30_DAYS, LAST_60_DAYS, LAST_90_DAYS],
    defaultPreset: '7_d',
    timePicker: false,
    earliest: TWO_YEARS,
  },
  reportList: {
    presets: [p('Current Day', 'today'), LAST_7_DAYS, LAST_30_DAYS, LAST_60_DAYS, LAST_90_DAYS],
    timePicker: false,
    earliest: TWO_YEARS,
  },
  scheduledJobs: {
    presets: [
      p('This Week', 'thisWeek'),
      p('Last Week', 'lastWeek'),
      p('Last 1 Week', '1_w'),
      p('Last 2 Weeks', '2_w'),
      p('Last 3 Weeks', '3_w'),
      p('Last 4 Weeks', '4_w'),
    ],
    defaultPreset: 'thisWeek',
    timePicker: false,
    maxSpanDays: 28,
    earliest: TWO_YEARS,
  },
  bills: {
    presets: [
      THIS_MONTH,
      LAST_MONTH,
      LAST_7_DAYS,
      LAST_30_DAYS,
      LAST_60_DAYS,
      LAST_90_DAYS,
      p('This Year', 'thisYear'),
    ],
    defaultPreset: 'thisMonth',
    timePicker: false,
    earliest: TWO_YEARS,
  },
  clusterWorkload: {
    presets: [LAST_7_DAYS, LAST_14_DAYS, LAST_30_DAYS, LAST_60_DAYS],
    defaultPreset: '7_d',
    timePicker: false,
    maxSpanDays: 60,
    earliest: TWO_YEARS,
  },
  // Issue 20: the Databricks cost trends, 1 to 90 whole UTC days (the call's limit).
  databricksCostTrends: {
    presets: [LAST_7_DAYS, LAST_14_DAYS, LAST_30_DAYS, LAST_90_DAYS],
    defaultPreset: '30_d',
    timePicker: false,
    maxSpanDays: 90,
    earliest: { days: 365 },
  },
  // Issue 20: the Databricks SQL pages, presets of 1, 7 and 30 days, custom up to 90 (the calls' limit).
  databricksSql: {
    presets: [p('Last 1 Day', '1_d'), LAST_7_DAYS, LAST_30_DAYS],
    defaultPreset: '7_d',
    timePicker: false,
    maxSpanDays: 90,
    earliest: { days: 90 },
  },
  // Issue 23: the Kubernetes pages, whole UTC days from one to 90 (the calls' limit), 7 by default.
  kubernetes: {
    presets: [p('Last 1 Day', '1_d'), LAST_7_DAYS, LAST_14_DAYS, LAST_30_DAYS],
    defaultPreset: '7_d',
    timePicker: false,
    maxSpanDays: 90,
    earliest: { days: 90 },
  },
  clusterDiscovery: {
    presets: [LAST_7_DAYS, LAST_30_DAYS, LAST_60_DAYS, LAST_90_DAYS],
    defaultPreset: '7_d',
    timePicker: false,
    earliest: TWO_YEARS,
  },
  resourceMetrics: METRICS_PICKER,
  structuredStreaming: METRICS_PICKER,
  clusterReport: {
    presets: [
      p('today', 'today'),
      p('7d', '7_d'),
      p('14d', '14_d'),
      p('1m', '1_M'),
      p('3m', '3_M'),
      p('6m', '6_M'),
      p('1y', '1_y'),
    ],
    defaultPreset: '3_M',
    timePicker: false,
    earliest: TWO_YEARS,
  },
  workloadFit: {
    presets: [LAST_7_DAYS, LAST_30_DAYS, LAST_60_DAYS, LAST_90_DAYS],
    defaultPreset: '30_d',
    timePicker: false,
    minSpanDays: 7,
    earliest: TWO_YEARS,
  },
  bigQueryJobs: {
    presets: [
      p('1h', '1_h'),
      p('6h', '6_h'),
      p('12h', '12_h'),
      p('1d', '1_d'),
      p('7d', '7_d'),
      p('14d', '14_d'),
      p('30d', '30_d'),
    ],
    defaultPreset: '12_h',
    timePicker: true,
    earliest: TWO_YEARS,
  },
}

/** B064, B074: the first selectable instant of a picker (start of that UTC day). */
export function earliestSelectable(picker: PickerKind, now: number): number {
  const earliest = PICKERS[picker].earliest
  const day = startOfUtcDay(now)
  return 'days' in earliest ? day - earliest.days * DAY : monthsBefore(day, 12 * earliest.years)
}

/** Why a picked range is refused, or null when it is accepted. */
export type RangeProblem =
  | { kind: 'future' }
  | { kind: 'tooEarly'; earliest: number }
  | { kind: 'tooLong'; maxDays: number; message: string }
  | { kind: 'tooShort'; minDays: number; message: string }
  | { kind: 'inverted' }
  | { kind: 'frozen'; range: DateRange }

/**
 * B063, B064, B065, B083: checks a picked range against its picker. C02: nothing after now (the
 * 1-day-ahead reading is dropped; no screen has future data). Messages M092 and M084.
 */
export function checkPickedRange(
  picker: PickerKind,
  range: DateRange,
  now: number,
  user?: FrozenTimeUser,
): RangeProblem | null {
  // B052: a frozen-time user sees one fixed range and nothing else.
  const frozen = user ? frozenRange(user) : null
  if (frozen && (range.start !== frozen.start || range.end !== frozen.end))
    return { kind: 'frozen', range: frozen }
  const def = PICKERS[picker]
  if (range.end < range.start) return { kind: 'inverted' }
  if (range.end > now) return { kind: 'future' }
  const earliest = earliestSelectable(picker, now)
  if (range.start < earliest) return { kind: 'tooEarly', earliest }
  const span = range.end - range.start
  if (def.maxSpanDays !== undefined && span > def.maxSpanDays * DAY)
    return {
      kind: 'tooLong',
      maxDays: def.maxSpanDays,
      message: `The date range maximum is ${def.maxSpanDays} days.`,
    }
  // A whole-day picker's 7 days end at 23:59:59.999, so allow the last millisecond short.
  if (def.minSpanDays !== undefined && span < def.minSpanDays * DAY - 1000)
    return {
      kind: 'tooShort',
      minDays: def.minSpanDays,
      message: 'Please select a time interval of 7 days or more',
    }
  return null
}

/** B063: the latest selectable instant, now (C02). */
export function clampToNow(range: DateRange, now: number): DateRange {
  return { start: Math.min(range.start, now), end: Math.min(range.end, now) }
}

/** B069: the default range, start of the current UTC day to now. */
export function defaultDateRange(now: number): DateRange {
  return { start: startOfUtcDay(now), end: now }
}

/** B070: the common date store's initial range, the last hour. */
export function commonStoreDateRange(now: number): DateRange {
  return { start: now - HOUR, end: now }
}

/** Screens with a default range of their own (B085-B089). */
export type RangeScreen =
  | 'appList'
  | 'databricksJobList'
  | 'jobsView'
  | 'snowflakeQueryList'
  | 'emrClusterList'
  | 'stream'
  | 'metastore'
  | 'autoActionList'
  | 'usageTrending'
  | 'pipelines'
  | 'clusterSummary'
  | 'clusterSummaryComparison'
  | 'hbase'
  | 'kafka'
  | 'kibana'
  | 'appDetailsStream'
  | 'appDetailsResourceUsage'

export interface ScreenDefault {
  range: PresetValue
  /** The chart interval(s) the screen opens with; the first is the main chart's. */
  intervals?: readonly string[]
}

/**
 * B085-B089: each screen's opening range. C24: pipelines open on the last 24 hours ('today' is
 * only the store's initial value, never seen). C26: the cluster-summary comparison keeps 7 days
 * but takes its interval from the provider rule (3h), not the written 1m (10,080 points a series).
 */
export const SCREEN_DEFAULT_RANGES: Readonly<Record<RangeScreen, ScreenDefault>> = {
  appList: { range: '1_h' },
  databricksJobList: { range: '7_d' },
  jobsView: { range: 'thisWeek' },
  snowflakeQueryList: { range: 'today' },
  emrClusterList: { range: 'today' },
  stream: { range: '1_h' },
  metastore: { range: '7_d' },
  autoActionList: { range: '1_y' },
  usageTrending: { range: '7_d', intervals: ['1d'] },
  pipelines: { range: '24_h' },
  clusterSummary: { range: '1_h', intervals: ['2m'] },
  clusterSummaryComparison: { range: '7_d', intervals: [chartPointInterval(7 * DAY, 'cluster')] },
  hbase: { range: 'today', intervals: ['1h'] },
  kafka: { range: 'today', intervals: ['1h', '1m'] },
  kibana: { range: 'today', intervals: ['1m'] },
  appDetailsStream: { range: '1_h' },
  appDetailsResourceUsage: { range: '1_h' },
}

/** The frozen-time fields of the user record (B052). */
export interface FrozenTimeUser {
  frozenTime: boolean
  frozenTimeStart: number | null
  frozenTimeEnd: number | null
}

/** B052: the one range a frozen-time user may see, or null when time is not frozen. */
export function frozenRange(user: FrozenTimeUser): DateRange | null {
  if (!user.frozenTime || user.frozenTimeStart === null || user.frozenTimeEnd === null) return null
  return { start: user.frozenTimeStart, end: user.frozenTimeEnd }
}

/**
 * B052, B085-B089: the range a screen opens with for this user: the frozen range when time is
 * frozen (the picker cannot change it), otherwise the screen's default at `now`.
 */
export function openingRange(screen: RangeScreen, now: number, user?: FrozenTimeUser): DateRange {
  const frozen = user ? frozenRange(user) : null
  if (frozen) return frozen
  return presetRange(SCREEN_DEFAULT_RANGES[screen].range, now) ?? defaultDateRange(now)
}
