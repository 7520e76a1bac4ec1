import { formatMessage } from '../messages.ts'

/** Comparing two Snowflake queries or two BigQuery jobs side by side (03 §2 Compare feature). */

/** The types that can be compared: their compare route, detail route and the id they compare by. */
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

/** B260: adding an id: no duplicates, and nothing past the maximum (the list is returned unchanged). */
export function addToCompare(selection: readonly string[], id: string, bounds: CompareBounds = {}): string[] {
  const max = bounds.maxItems ?? COMPARE_MAX_ITEMS
  if (selection.includes(id) || selection.length >= max) return [...selection]
  return [...selection, id]
}

/** B260 */
export function removeFromCompare(selection: readonly string[], id: string): string[] {
  return selection.filter((s) => s !== id)
}

/**
 * B261: the checkboxes of ids not chosen are disabled at the maximum; the Compare button needs
 * at least minItems and at most maxItems.
 */
export function compareControls(selected: number, bounds: CompareBounds = {}) {
  const min = bounds.minItems ?? COMPARE_MIN_ITEMS
  const max = bounds.maxItems ?? COMPARE_MAX_ITEMS
  return { uncheckedDisabled: selected >= max, buttonDisabled: selected < min || selected > max }
}

/** B262: where Compare goes (ids comma-joined); the caller clears the selection after navigating. */
export function compareTarget(type: CompareType, ids: readonly string[]): string {
  return `${COMPARE_TYPES[type].compareRoute}?ids=${ids.map(encodeURIComponent).join(',')}`
}

/** B263: the local storage key of a type's selection, kept per type. */
export function compareStorageKey(type: string): string {
  return `costlens.compare.${type}`
}

/** B263: a selection config needs its valueKey and type. */
export function compareConfigProblem(config: { valueKey?: string; type?: string }): string | null {
  if (!config.type) return 'A compare selection needs a type.'
  if (!config.valueKey) return 'A compare selection needs a valueKey.'
  return null
}

/** B264: the compare panel's content: title, count, links; collapsed when nothing is selected. */
export function comparePanel(type: CompareType, selection: readonly string[]) {
  const { label, detailRoute } = COMPARE_TYPES[type]
  return {
    title: formatMessage('M100', { type: label }),
    count: selection.length,
    collapsed: selection.length === 0,
    links: selection.map((id) => ({ id, href: detailRoute.replace(':id', encodeURIComponent(id)) })),
  }
}
