import { MESSAGES } from '../messages.ts'

/**
 * List filters (01 §5, 02 §5, 03 §5): multi-selects and their caps, tag selection, range sliders
 * and when each filter is actually sent.
 */

/** B116: the default multi-select cap. */
export const MULTI_SELECT_MAX = 10
/** B119: multi-select constants. */
export const MULTI_SELECT_DEBOUNCE_MS = 300
export const MULTI_SELECT_MAX_HEIGHT = 150
export const MULTI_SELECT_BADGES = 4
export const TREE_SELECT_LIMIT = 10

/** B116, B117, B123: a selection's state against its cap. */
export interface CapState {
  /** Options not yet chosen are disabled once the cap is reached. */
  othersDisabled: boolean
  message: string | null
}

/**
 * B116, B117: at the cap further options are disabled and the select says so: 'max length' for
 * multi-selects (M089), 'max select' for the cluster select (M090).
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

/** B118: a filter holds at most 5 values. */
export const MAX_FILTER_VALUES = 5

/** B118: the message for a filter with too many values, or null. */
export function filterValuesProblem(values: readonly unknown[]): string | null {
  return values.length > MAX_FILTER_VALUES ? MESSAGES.M091 : null
}

/** B119: the badges of a multi-select: the first 4, then '+N'. */
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
 * B120, M058: tag search, case-insensitive. A matching key keeps all its values; otherwise a key
 * keeps only the values that match. An empty result is shown as 'No match found'.
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

/** B120: the text shown when a tag search matches nothing (C15). */
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

/** B123: the tag selector at its cap: disabled, with the max-items message (M094). */
export function tagSelectorState(selected: number, max: number = MULTI_SELECT_MAX) {
  const disabled = selected >= max
  return { disabled, message: disabled ? MESSAGES.M094.replace('{max}', String(max)) : null }
}

/** The pie legend's state (B124). */
export interface LegendState {
  hidden: ReadonlySet<string>
  search: string
}

/** B124: the 'all' checkbox is checked only when nothing is hidden and no search narrows the list. */
export function legendAllChecked(state: LegendState): boolean {
  return state.hidden.size === 0 && state.search.trim() === ''
}

/**
 * B124: checking or unchecking a tag key sets all of its values the same way.
 * Returns the new set of checked `key:value` ids.
 */
export function toggleTagParent(
  checked: ReadonlySet<string>,
  key: string,
  values: readonly string[],
  on: boolean,
): Set<string> {
  const next = new Set(checked)
  for (const value of values) {
    const id = `${key}:${value}`
    if (on) next.add(id)
    else next.delete(id)
  }
  return next
}

/** A [min, max] slider value. */
export type Range = readonly [number, number]

/** B068, B236: a range equal to the full metadata range filters nothing, so it is not a filter. */
export function rangeFilterOrNone(filter: Range | null, full: Range): Range | null {
  if (!filter) return null
  return filter[0] <= full[0] && filter[1] >= full[1] ? null : filter
}

/**
 * B126, G15: the decimals a cost filter uses, from the largest cost. Above 10 the spec is silent:
 * 2 decimals (cents), since a cost of tens of dollars is still read to the cent.
 */
export function costFilterDecimals(max: number): number {
  if (max <= 1) return 4
  if (max <= 5) return 3
  return 2
}

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

/** B127: tag filters are sent only for keys that have checked values. */
export function tagFilterParams(
  tags: Readonly<Record<string, readonly string[]>>,
): Record<string, string[]> | null {
  const entries = Object.entries(tags).filter(([, values]) => values.length > 0)
  return entries.length ? Object.fromEntries(entries.map(([k, v]) => [k, [...v]])) : null
}

/**
 * B128: a duration slider move: both handles clamped to the range, and refused (null) when the
 * handles would cross or leave less than the minimum range of 1.
 */
export function moveDurationSlider(range: Range, set: Range): Range | null {
  const min = Math.min(Math.max(set[0], range[0]), range[1])
  const max = Math.min(Math.max(set[1], range[0]), range[1])
  if (max - min < 1) return null
  return [min, max]
}

/** B128: the duration field's placeholder. */
export const DURATION_PLACEHOLDER = 'hh:mm:ss'

/**
 * B129, B236: a list slider after a response: clamped into the new metadata range (a negative
 * metadata minimum reads as 0: no cost or duration is below zero).
 */
export function clampSlider(slider: Range, metadata: Range): Range {
  const lo = Math.max(0, metadata[0])
  const hi = Math.max(lo, metadata[1])
  return [Math.min(Math.max(slider[0], lo), hi), Math.max(Math.min(slider[1], hi), lo)]
}
