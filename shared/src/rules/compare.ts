import { formatMessage } from '../messages.ts'

/** Comparing Snowflake queries or BigQuery jobs side by side (03 §2 Compare feature, §4 Compare selection). */

/**
 * B260: the types that can be compared: their panel label, compare route (R146, R158), detail
 * route (R145, R157) and the id they compare by: Snowflake by Query UID, BigQuery by Job ID.
 */
export const COMPARE_TYPES = {
  query: {
    label: 'Queries',
    compareRoute: '/query/compare',
    detailRoute: '/query/:id/details',
    valueKey: 'queryUid',
  },
  job: { label: 'Jobs', compareRoute: '/job/compare', detailRoute: '/job/:id/details', valueKey: 'jobId' },
} as const
export type CompareType = keyof typeof COMPARE_TYPES

/** B260: the default bounds of a compare list. */
export const COMPARE_MIN_ITEMS = 1
export const COMPARE_MAX_ITEMS = 2

export interface CompareBounds {
  minItems?: number
  maxItems?: number
}

const maxOf = (bounds: CompareBounds) => bounds.maxItems ?? COMPARE_MAX_ITEMS
const minOf = (bounds: CompareBounds) => bounds.minItems ?? COMPARE_MIN_ITEMS

/** B260: adding an id: no duplicates, and nothing past the maximum (the list is returned unchanged). */
export function addToCompare(selection: readonly string[], id: string, bounds: CompareBounds = {}): string[] {
  if (selection.includes(id) || selection.length >= maxOf(bounds)) return [...selection]
  return [...selection, id]
}

/** B260 */
export function removeFromCompare(selection: readonly string[], id: string): string[] {
  return selection.filter((s) => s !== id)
}

/** B260, B261: a row's checkbox clicked: a chosen id leaves the list, another joins it if there is room. */
export function toggleCompare(
  selection: readonly string[],
  id: string,
  bounds: CompareBounds = {},
): string[] {
  return selection.includes(id) ? removeFromCompare(selection, id) : addToCompare(selection, id, bounds)
}

/**
 * B261: the checkboxes of ids not chosen are disabled at the maximum; the Compare button needs
 * at least minItems and at most maxItems.
 */
export function compareControls(selected: number, bounds: CompareBounds = {}) {
  const max = maxOf(bounds)
  return { uncheckedDisabled: selected >= max, buttonDisabled: selected < minOf(bounds) || selected > max }
}

/** B261: one row's checkbox: a chosen id stays enabled at the maximum, so it can still be unticked. */
export function compareCheckboxDisabled(
  selection: readonly string[],
  id: string,
  bounds: CompareBounds = {},
): boolean {
  return !selection.includes(id) && selection.length >= maxOf(bounds)
}

/** B262: where Compare goes: the type's compare route with `ids` comma-joined (each id URL-encoded). */
export function compareTarget(type: CompareType, ids: readonly string[]): string {
  return `${COMPARE_TYPES[type].compareRoute}?ids=${[...new Set(ids)].map(encodeURIComponent).join(',')}`
}

/**
 * B262: pressing Compare: the path to navigate to and the selection that follows (cleared), or
 * null while the button is disabled (B261) so a stray press changes nothing.
 */
export function pressCompare(
  type: CompareType,
  selection: readonly string[],
  bounds: CompareBounds = {},
): { to: string; selection: string[] } | null {
  if (compareControls(selection.length, bounds).buttonDisabled) return null
  return { to: compareTarget(type, selection), selection: [] }
}

/** B263: the local storage key of a type's selection, kept per type. */
export function compareStorageKey(type: string): string {
  return `costlens.compare.${type}`
}

/**
 * B263: a stored selection read back: anything but a list of non-empty strings is dropped, and
 * duplicates and ids past the maximum are cut, since storage outlives the rules that filled it.
 */
export function restoreCompareSelection(raw: string | null, bounds: CompareBounds = {}): string[] {
  let parsed: unknown
  try {
    parsed = raw === null ? [] : JSON.parse(raw)
  } catch {
    return []
  }
  if (!Array.isArray(parsed)) return []
  const ids = parsed.filter((v): v is string => typeof v === 'string' && v !== '')
  return [...new Set(ids)].slice(0, maxOf(bounds))
}

/** B263: why a selection config is refused. */
export const COMPARE_CONFIG_PROBLEMS = {
  type: 'A compare selection needs a type.',
  valueKey: 'A compare selection needs a valueKey.',
} as const

/** B263: a selection config needs its valueKey and type (non-empty strings); null when valid. */
export function compareConfigProblem(config: { valueKey?: unknown; type?: unknown }): string | null {
  if (typeof config.type !== 'string' || config.type === '') return COMPARE_CONFIG_PROBLEMS.type
  if (typeof config.valueKey !== 'string' || config.valueKey === '') return COMPARE_CONFIG_PROBLEMS.valueKey
  return null
}

/**
 * B264: the compare panel's content: 'Compare {type}' (M100), the count, and each id linking to
 * its detail route. Collapsed when nothing is selected; otherwise expanded while the pointer is
 * inside it (mouse enter) and closed when it leaves.
 */
export function comparePanel(type: CompareType, selection: readonly string[], pointerInside = false) {
  const { label, detailRoute } = COMPARE_TYPES[type]
  const collapsed = selection.length === 0
  return {
    title: formatMessage('M100', { type: label }),
    count: selection.length,
    collapsed,
    expanded: !collapsed && pointerInside,
    links: selection.map((id) => ({ id, href: detailRoute.replace(':id', encodeURIComponent(id)) })),
  }
}
