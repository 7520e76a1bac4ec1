import {
  INTERVAL_CHOICES,
  MESSAGES,
  MAX_RESOURCE_POINTS,
  PICKERS,
  checkPickedRange,
  chartPointInterval,
  frozenRange,
  intervalChoiceForSpan,
  isRangeAllowedForPlan,
  presetRange,
  readNumber,
  type DateRange,
  type FrozenTimeUser,
  type IntervalChoice,
  type PickerKind,
  type Plan,
  type PresetValue,
  type RangeProblem,
  type ResourceInterval,
} from '@costlens/shared'
import { rangeText } from '../../components/date-range/custom-range.ts'

/**
 * The date range and point interval of the cluster resource screens, as they travel in the
 * address: a preset as its label (`dateRangeLabel=7_d`, so it moves with the clock), a picked range
 * as `startTime` and `endTime` (B034: the resources route reads startTime). Every check is the
 * shared one: the picker's presets and maximum span (B065, B079), frozen time (B052), the freemium
 * 7-day limit (B054).
 */

const DAY = 86_400_000

/** The user fields a range is checked against. */
export type RangeUser = FrozenTimeUser & { plan?: Plan }

/** A screen's range: the instants, the preset it came from ('custom' when picked), and why an asked one was refused. */
export interface ScreenRange {
  range: DateRange
  label: PresetValue
  /** The refusal of the range the address asked for (e.g. M092), shown above the screen. */
  problem: string | null
}

/** The keys a range is written under. */
export interface RangeKeys {
  label: string
  start: string
  end: string
}

export const MAIN_RANGE_KEYS: RangeKeys = { label: 'dateRangeLabel', start: 'startTime', end: 'endTime' }

/**
 * The range in the address, or the screen's default. A preset must be one of the picker's; a
 * picked range runs from startTime to endTime (now when absent) and must pass the picker's checks.
 */
export function readScreenRange(
  params: URLSearchParams,
  picker: PickerKind,
  defaultPreset: PresetValue,
  now: number,
  user?: RangeUser,
  keys: RangeKeys = MAIN_RANGE_KEYS,
): ScreenRange {
  const frozen = user ? frozenRange(user) : null
  if (frozen) return { range: frozen, label: 'custom', problem: null }
  const fallback: ScreenRange = {
    range: presetRange(defaultPreset, now)!,
    label: defaultPreset,
    problem: null,
  }
  const plan = user?.plan ?? 'enterprise'
  const label = params.get(keys.label)
  const preset = PICKERS[picker].presets.find((p) => p.value === label)
  if (preset) {
    const range = presetRange(preset.value, now)
    return range && isRangeAllowedForPlan(plan, range)
      ? { range, label: preset.value, problem: null }
      : fallback
  }
  const start = readNumber(params, keys.start)
  if (start === undefined) return fallback
  const range = { start, end: readNumber(params, keys.end) ?? now }
  const problem = checkPickedRange(picker, range, now)
  if (problem) return { ...fallback, problem: problemText(problem) }
  return isRangeAllowedForPlan(plan, range) ? { range, label: 'custom', problem: null } : fallback
}

/** The words of a refusal, as the picker's custom form says them (custom-range.ts). */
function problemText(problem: RangeProblem): string {
  if (problem.kind === 'tooLong' || problem.kind === 'tooShort') return problem.message
  return problem.kind === 'inverted' ? MESSAGES.M078 : MESSAGES.M064
}

/** The address entries of a range; the screen's default preset is left out. */
export function rangeParams(
  screen: Pick<ScreenRange, 'range' | 'label'>,
  defaultPreset: PresetValue,
  keys: RangeKeys = MAIN_RANGE_KEYS,
): Record<string, string | number | undefined> {
  if (screen.label === 'custom') return { [keys.start]: screen.range.start, [keys.end]: screen.range.end }
  return { [keys.label]: screen.label === defaultPreset ? undefined : screen.label }
}

/** The picker button's words: the preset's label, or the picked dates. */
export function rangeButtonText(screen: Pick<ScreenRange, 'range' | 'label'>, picker: PickerKind): string {
  return PICKERS[picker].presets.find((p) => p.value === screen.label)?.label ?? rangeText(screen.range)
}

/** The picker's value for a screen range. */
export function pickerValue(screen: Pick<ScreenRange, 'range' | 'label'>, picker: PickerKind) {
  return { ...screen.range, label: rangeButtonText(screen, picker), value: screen.label }
}

// ------------------------------------------------------------------------------- intervals

/** The interval selector's choices (B093) as the resource calls name them, with their length. */
export const INTERVALS: Readonly<Record<IntervalChoice, { param: ResourceInterval; ms: number }>> = {
  '2 mins': { param: '2m', ms: 2 * 60_000 },
  '5 mins': { param: '5m', ms: 5 * 60_000 },
  '10 mins': { param: '10m', ms: 10 * 60_000 },
  '30 mins': { param: '30m', ms: 30 * 60_000 },
  Hourly: { param: '1h', ms: 3_600_000 },
  Daily: { param: '1d', ms: DAY },
  Weekly: { param: '1w', ms: 7 * DAY },
}

/**
 * Whether a choice can be drawn over a span: the server answers at most MAX_RESOURCE_POINTS
 * points a series (a month of 2-minute points would be 21,600), so finer choices are disabled.
 */
export function intervalFits(choice: IntervalChoice, range: DateRange): boolean {
  return (range.end - range.start) / INTERVALS[choice].ms <= MAX_RESOURCE_POINTS
}

/** The first choice from `choice` on, coarser and coarser, that fits the span. */
export function coarsestNeeded(choice: IntervalChoice, range: DateRange): IntervalChoice {
  const from = INTERVAL_CHOICES.indexOf(choice)
  return INTERVAL_CHOICES.slice(from).find((c) => intervalFits(c, range)) ?? 'Weekly'
}

/** B092: the selector's value after a range change, made coarser when the span needs it. */
export function intervalForRange(range: DateRange): IntervalChoice {
  return coarsestNeeded(intervalChoiceForSpan((range.end - range.start) / DAY), range)
}

/** An interval written in the address (`interval=5m`), or undefined for anything else. */
export function intervalFromParam(value: string | null): IntervalChoice | undefined {
  return INTERVAL_CHOICES.find((c) => INTERVALS[c].param === value)
}

/**
 * B091: the point interval of charts with no selector, by the provider rule for cluster charts
 * (C26: the comparison range's 7 days are 3-hour points). Its names are resource intervals too.
 */
export function providerInterval(range: DateRange): ResourceInterval {
  return chartPointInterval(range.end - range.start, 'cluster')
}
