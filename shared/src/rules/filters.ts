import { formatMessage, MESSAGES } from '../messages.ts'
import { PICKERS, presetRange, type DateRange, type PresetValue } from './date-presets.ts'
import { DEFAULT_PAGE_SIZES } from './paging.ts'
import { readNumber } from './query-state.ts'
import type { TableSort } from './table.ts'

/**
 * List filters (01 §5, 02 §5, 03 §4-§5): multi-selects and their caps, tag selection, the pie
 * legend, range sliders, when each filter is actually sent, and the value dashboard's address.
 */

/** B116: the default multi-select cap. */
export const MULTI_SELECT_MAX = 10
/** B119: multi-select constants. */
export const MULTI_SELECT_DEBOUNCE_MS = 300
export const MULTI_SELECT_MAX_HEIGHT = 150
export const MULTI_SELECT_BADGES = 4
export const TREE_SELECT_LIMIT = 10

/**
 * B117, C22: the select's default maximumSelectionLength, 2 on chargeback. C22: chargeback looks
 * at one cluster, so this limit applies to its group-by select (2, EMR 1: see maxGroupBys), never
 * to a multi-cluster choice.
 */
export const MAXIMUM_SELECTION_LENGTH = 2

/** B116, B117: a selection's state against its cap. */
export interface CapState {
  /** Options not yet chosen are disabled once the cap is reached. */
  othersDisabled: boolean
  message: string | null
}

/**
 * B116, B117: at the cap further options are disabled and the select says so: 'max length' for
 * multi-selects (M089), 'max select' for the maximumSelectionLength select (M090).
 */
export function selectionCap(
  selected: number,
  max: number = MULTI_SELECT_MAX,
  kind: 'multi' | 'cluster' = 'multi',
): CapState {
  const atCap = selected >= max
  return {
    othersDisabled: atCap,
    message: atCap ? (kind === 'cluster' ? MESSAGES.M090 : MESSAGES.M089) : null,
  }
}

/** B116, B117: whether one more option may be chosen. */
export function canSelectMore(selected: number, max: number = MULTI_SELECT_MAX): boolean {
  return selected < max
}

/**
 * B116: whether an option is disabled: only unchosen options at the cap, so a chosen one can
 * always be unticked to make room.
 */
export function isOptionDisabled(
  option: string,
  selected: readonly string[],
  max: number = MULTI_SELECT_MAX,
): boolean {
  return !selected.includes(option) && !canSelectMore(selected.length, max)
}

/** B118: a filter holds at most 5 values. */
export const MAX_FILTER_VALUES = 5

/** B118: the message for a filter with too many values, or null. */
export function filterValuesProblem(values: readonly unknown[]): string | null {
  return values.length > MAX_FILTER_VALUES ? MESSAGES.M091 : null
}

/** B119: the badges of a multi-select: the first 4, then '+N' for the rest. */
export function badgeSummary(values: readonly string[]): { badges: string[]; more: string | null } {
  const badges = values.slice(0, MULTI_SELECT_BADGES)
  const rest = values.length - badges.length
  return { badges, more: rest > 0 ? `+${rest}` : null }
}

export interface TagOption {
  key: string
  values: readonly string[]
}

/** B121: the tag key never listed (it is the user who ran a job, already its own filter). */
export const HIDDEN_TAG_KEY = 'RealUser'

/** B121 */
export function visibleTags<T extends TagOption>(tags: readonly T[]): T[] {
  return tags.filter((t) => t.key !== HIDDEN_TAG_KEY)
}

/**
 * B120, C15: tag search, case-insensitive. A matching key keeps all its values; otherwise a key
 * keeps only the values that match. An empty result is shown as 'No match found' (M058).
 */
export function searchTags(tags: readonly TagOption[], search: string): TagOption[] {
  const text = search.trim().toLowerCase()
  if (!text) return [...tags]
  const result: TagOption[] = []
  for (const tag of tags) {
    if (tag.key.toLowerCase().includes(text)) result.push(tag)
    else {
      const values = tag.values.filter((v) => v.toLowerCase().includes(text))
      if (values.length) result.push({ key: tag.key, values })
    }
  }
  return result
}

/** B120, C15: the text shown when a tag or legend search matches nothing. */
export const NO_MATCH_TEXT = MESSAGES.M058

/** B122: checked [key, value] pairs as the selector's output, key → values, in the order checked. */
export function tagSelection(checked: readonly (readonly [string, string])[]): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const [key, value] of checked) {
    const values = (out[key] ??= [])
    if (!values.includes(value)) values.push(value)
  }
  return out
}

/** B123: the tag selector at its cap: the selector itself is disabled, with the max-items message (M094). */
export function tagSelectorState(
  selected: number,
  max: number = MULTI_SELECT_MAX,
): { disabled: boolean; message: string | null } {
  const disabled = selected >= max
  return { disabled, message: disabled ? formatMessage('M094', { max: String(max) }) : null }
}

/**
 * B124: one legend entry's id. Tag values are identified by their key and value together, encoded
 * so that a ':' inside a key or value can never make two different tags share an id.
 */
export function legendTagId(key: string, value: string): string {
  return JSON.stringify([key, value])
}

/** The pie legend's state (B124): the items hidden from the chart and the legend search. */
export interface LegendState {
  hidden: ReadonlySet<string>
  search: string
}

export type LegendEvent =
  | { type: 'toggle'; id: string }
  | { type: 'parent'; key: string; values: readonly string[]; checked: boolean }
  | { type: 'all'; checked: boolean; ids: readonly string[] }
  | { type: 'search'; search: string }

/**
 * B124: one click or keystroke in the pie legend. A parent (tag key) checks or unchecks all its
 * values at once; the all checkbox shows or hides every item.
 */
export function legendReducer(state: LegendState, event: LegendEvent): LegendState {
  switch (event.type) {
    case 'search':
      return { ...state, search: event.search }
    case 'toggle': {
      const hidden = new Set(state.hidden)
      if (!hidden.delete(event.id)) hidden.add(event.id)
      return { ...state, hidden }
    }
    case 'parent': {
      const hidden = new Set(state.hidden)
      for (const value of event.values) {
        const id = legendTagId(event.key, value)
        if (event.checked) hidden.delete(id)
        else hidden.add(id)
      }
      return { ...state, hidden }
    }
    case 'all':
      return { ...state, hidden: event.checked ? new Set() : new Set(event.ids) }
  }
}

/**
 * B124: the all checkbox is checked only when nothing is hidden and no search narrows the list
 * (a narrowed list is not 'all', even if every shown item is checked).
 */
export function legendAllChecked(state: LegendState): boolean {
  return state.hidden.size === 0 && state.search.trim() === ''
}

/** B124: a parent's checkbox: checked when all its values show, mixed when only some do. */
export function legendParentState(
  state: LegendState,
  key: string,
  values: readonly string[],
): 'checked' | 'unchecked' | 'mixed' {
  const hidden = values.filter((v) => state.hidden.has(legendTagId(key, v))).length
  if (hidden === 0) return 'checked'
  return hidden === values.length ? 'unchecked' : 'mixed'
}

/** A [min, max] slider value. */
export type Range = readonly [number, number]

/**
 * B236: a metadata range as the sliders use it: a negative minimum reads as 0 (no cost or duration
 * is below zero; a negative one is a rounding artefact of the source).
 */
export function nonNegativeRange(metadata: Range): Range {
  const lo = Math.max(0, metadata[0])
  return [lo, Math.max(lo, metadata[1])]
}

/** B068, B236: a range equal to (or wider than) the full metadata range filters nothing, so it is no filter. */
export function rangeFilterOrNone(filter: Range | null, full: Range): Range | null {
  if (!filter) return null
  return filter[0] <= full[0] && filter[1] >= full[1] ? null : filter
}

/**
 * B126, G15: the decimals a cost filter uses, from the largest cost. Above 10 the spec is silent:
 * 2 decimals (cents), since a cost of tens of dollars and more is still read to the cent.
 */
export function costFilterDecimals(max: number): number {
  if (max <= 1) return 4
  if (max <= 5) return 3
  return 2
}

// The epsilon keeps binary noise (1.23 * 100 = 122.99999999999999) from moving a bound a whole step.
const floorTo = (n: number, d: number) => Math.floor(n * 10 ** d + 1e-9) / 10 ** d
const ceilTo = (n: number, d: number) => Math.ceil(n * 10 ** d - 1e-9) / 10 ** d

/**
 * B125: the cost filter as sent: only once touched and with a non-zero bound, the minimum rounded
 * down and the maximum up, so rounding never drops a row the slider shows as included.
 */
export function costFilterParams(
  touched: boolean,
  cost: Range,
  decimals: number,
): { minCost: number; maxCost: number } | null {
  if (!touched || (cost[0] === 0 && cost[1] === 0)) return null
  return { minCost: floorTo(cost[0], decimals), maxCost: ceilTo(cost[1], decimals) }
}

/** B127: a duration filter is sent only once touched. */
export function durationFilterParams(
  touched: boolean,
  duration: Range,
): { minDuration: number; maxDuration: number } | null {
  return touched ? { minDuration: duration[0], maxDuration: duration[1] } : null
}

/**
 * B068, B125, B126, B236: a list's cost filter against its metadata: dropped when it spans the
 * full range, else sent by the B125 rule at the decimals of the metadata maximum.
 */
export function listCostFilter(
  touched: boolean,
  cost: Range,
  metadata: Range,
): { minCost: number; maxCost: number } | null {
  const full = nonNegativeRange(metadata)
  if (!rangeFilterOrNone(cost, full)) return null
  return costFilterParams(touched, cost, costFilterDecimals(full[1]))
}

/** B068, B127, B236: a list's duration filter: sent once touched, unless it spans the full range. */
export function listDurationFilter(
  touched: boolean,
  duration: Range,
  metadata: Range,
): { minDuration: number; maxDuration: number } | null {
  if (!rangeFilterOrNone(duration, nonNegativeRange(metadata))) return null
  return durationFilterParams(touched, duration)
}

/** B127: tag filters are sent as appTags, only for keys that have checked values; null when none. */
export function tagFilterParams(
  tags: Readonly<Record<string, readonly string[]>>,
): { appTags: Record<string, string[]> } | null {
  const entries = Object.entries(tags).filter(([, values]) => values.length > 0)
  return entries.length ? { appTags: Object.fromEntries(entries.map(([k, v]) => [k, [...v]])) } : null
}

/** B128: the duration field's placeholder. */
export const DURATION_PLACEHOLDER = 'hh:mm:ss'
/** B128: the smallest gap between the two handles. */
export const DURATION_MIN_RANGE = 1

/**
 * B128: a duration in ms as the duration field shows it, hh:mm:ss. Hours run past 24 (a 30-hour
 * job reads 30:00:00) since the field has no day part; below zero reads as 00:00:00.
 */
export function formatHms(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(Math.floor(total / 3600))}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)}`
}

/** B128: the duration field's text back to ms; null unless it is h+:mm:ss with minutes and seconds under 60. */
export function parseHms(text: string): number | null {
  const match = /^(\d{1,4}):([0-5]\d):([0-5]\d)$/.exec(text.trim())
  if (!match) return null
  return ((Number(match[1]) * 60 + Number(match[2])) * 60 + Number(match[3])) * 1000
}

/**
 * B128: a duration slider move: both handles clamped to the range, and refused (null: the handles
 * stay where they were) when they would cross or leave less than the minimum range of 1.
 */
export function moveDurationSlider(range: Range, set: Range): Range | null {
  const min = Math.min(Math.max(set[0], range[0]), range[1])
  const max = Math.min(Math.max(set[1], range[0]), range[1])
  if (max - min < DURATION_MIN_RANGE) return null
  return [min, max]
}

/**
 * B129, B236: a list slider after a response: clamped into the new metadata range (a negative
 * metadata minimum reads as 0).
 */
export function clampSlider(slider: Range, metadata: Range): Range {
  const [lo, hi] = nonNegativeRange(metadata)
  return [Math.min(Math.max(slider[0], lo), hi), Math.max(Math.min(slider[1], hi), lo)]
}

/**
 * B129: a list slider after each metadata response. Until the user touches it, it follows the
 * metadata min and max (it starts there); once touched, the user's choice is kept, clamped.
 */
export function sliderAfterMetadata(slider: Range | null, touched: boolean, metadata: Range): Range {
  return touched && slider ? clampSlider(slider, metadata) : nonNegativeRange(metadata)
}

/**
 * B238: the queryId of a Snowflake list address. When present it overrides every other filter:
 * the request carries the id alone.
 */
export function queryIdFromAddress(search: string | URLSearchParams): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  return params.get('queryId')?.trim() || null
}

/** B238: a list request body, or the id alone when a queryId is given. */
export function withQueryIdOverride<B extends object>(
  body: B,
  queryId: string | null | undefined,
): B | { id: string } {
  return queryId ? { id: queryId } : body
}

/** B247: the ROI table's filterable measures, each with `{key}Min` and `{key}Max` in the address. */
export const ROI_FILTER_KEYS = [
  'totalCost',
  'productivityBoost',
  'realizedCostSavings',
  'untappedSavings',
  'totalRoi',
] as const
export type RoiFilterKey = (typeof ROI_FILTER_KEYS)[number]

/**
 * B247: the ROI filters of a value-dashboard address. One applies only with both its Min and its
 * Max (one bound alone is ignored); reversed bounds are put in order, since a hand-edited address
 * plainly means that range.
 */
export function roiFiltersFromAddress(
  search: string | URLSearchParams,
): Partial<Record<RoiFilterKey, { min: number; max: number }>> {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  const out: Partial<Record<RoiFilterKey, { min: number; max: number }>> = {}
  for (const key of ROI_FILTER_KEYS) {
    const a = readNumber(params, `${key}Min`)
    const b = readNumber(params, `${key}Max`)
    if (a !== undefined && b !== undefined) out[key] = { min: Math.min(a, b), max: Math.max(a, b) }
  }
  return out
}

/** B250, C11: the value dashboard's default date range value: the last 7 completed days. */
export const VALUE_DASHBOARD_DEFAULT_RANGE = '7_d'

/**
 * B248, G20: the dateRange values the value dashboard accepts: its own picker's presets (yesterday,
 * 7_d, 14_d, 30_d), the only ranges a user of the screen can produce. C11 keeps 30_d valid in a URL.
 */
export function isKnownValueDashboardRange(value: string | null | undefined): value is PresetValue {
  return PICKERS.valueDashboard.presets.some((p) => p.value === value)
}

/** B248: an address dateRange applied only if known; anything else keeps the default. */
export function valueDashboardRangeParam(value: string | null | undefined): PresetValue {
  return isKnownValueDashboardRange(value) ? value : VALUE_DASHBOARD_DEFAULT_RANGE
}

/**
 * B250, C11: the value dashboard's opening state: 10 rows, untapped savings descending, and the
 * last 7 completed UTC days (stated twice in 03, and inside the freemium limit), not the '30_d' of
 * one 'Defaults' line.
 */
export function valueDashboardDefaults(now: number): {
  pageSize: number
  sort: TableSort
  dateRange: PresetValue
  range: DateRange
} {
  const dateRange = VALUE_DASHBOARD_DEFAULT_RANGE
  const range = presetRange(dateRange, now, { completedDays: true }) ?? { start: now, end: now }
  return {
    pageSize: DEFAULT_PAGE_SIZES.roiTable,
    sort: { key: 'untappedSavings', direction: 'desc' },
    dateRange,
    range,
  }
}

/**
 * B251, C13: a value-dashboard answer that is the backend's 'Internal Server Error' text (M007), or
 * a failed call, is the no-data error (M099) rather than a broken page; null when the data is usable.
 */
export function valueDashboardNoDataError(response: unknown, failed = false): string | null {
  const serverError = typeof response === 'string' && response.trim() === MESSAGES.M007
  return failed || serverError ? MESSAGES.M099 : null
}
