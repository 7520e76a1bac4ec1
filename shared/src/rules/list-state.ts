import type { DateRange } from './date-presets.ts'

/**
 * The state machine every server-paged list shares (application lists, Databricks runs and
 * clusters, EMR clusters, Snowflake queries, BigQuery jobs): which change resets what, and which
 * change refetches. One reducer, so the lists cannot drift apart in how they behave.
 */

export interface SortState {
  key: string
  direction: 'asc' | 'desc'
}

export interface ListState<F> {
  listType: string
  dateRange: DateRange
  /** B177: set once the user picked a range, so a saved state is only restored for the same one. */
  datesChanged: boolean
  clusters: readonly string[]
  filters: F
  sort: SortState
  page: number
  pageSize: number
}

export type ListEvent<F> =
  | { type: 'filters'; filters: Partial<F> }
  | { type: 'sort'; sort: SortState }
  | { type: 'page'; page: number }
  | { type: 'pageSize'; pageSize: number }
  | { type: 'dateRange'; dateRange: DateRange }
  | { type: 'clusters'; clusters: readonly string[] }
  | { type: 'listType'; listType: string }
  | { type: 'showAll' }
  | { type: 'pathChange' }

export interface ListTransition<F> {
  state: ListState<F>
  /** Whether the list must be fetched again. */
  refetch: boolean
}

/**
 * B066, B067, B103, B177, B188, B234: one change to a list.
 * - filters, sort, page size, clusters: back to page 1 (a later page of another result is
 *   meaningless), refetch;
 * - page: refetch;
 * - date range: filters back to their defaults (their options come from the old range's
 *   metadata), dates marked changed, page 1, refetch;
 * - list type (tab): all filters back to defaults, page 1, refetch;
 * - 'show all': filters cleared and pagination reset;
 * - path change: the shared dates and filters return to the defaults (nothing carries over to
 *   another page), no fetch here: the new page fetches its own data.
 */
export function listTransition<F>(
  state: ListState<F>,
  event: ListEvent<F>,
  defaults: ListState<F>,
): ListTransition<F> {
  switch (event.type) {
    case 'filters':
      return { state: { ...state, filters: { ...state.filters, ...event.filters }, page: 1 }, refetch: true }
    case 'sort':
      return { state: { ...state, sort: event.sort, page: 1 }, refetch: true }
    case 'page':
      return { state: { ...state, page: event.page }, refetch: event.page !== state.page }
    case 'pageSize':
      return { state: { ...state, pageSize: event.pageSize, page: 1 }, refetch: true }
    case 'clusters':
      return { state: { ...state, clusters: event.clusters, page: 1 }, refetch: true }
    case 'dateRange':
      return {
        state: {
          ...state,
          dateRange: event.dateRange,
          datesChanged: true,
          filters: defaults.filters,
          page: 1,
        },
        refetch: true,
      }
    case 'listType':
      return {
        state: { ...state, listType: event.listType, filters: defaults.filters, page: 1 },
        refetch: true,
      }
    case 'showAll':
      return { state: { ...state, filters: defaults.filters, page: 1 }, refetch: true }
    case 'pathChange':
      return { state: defaults, refetch: false }
  }
}

/** What a list is looked up again with when the user comes back to it. */
export interface ListReturnContext {
  dateRange: DateRange
  clusters: readonly string[]
  /** The address query the user arrived with ('' or '?…'). */
  query: string
}

/**
 * B184: a list's saved filters, sort, paging, tab and dates come back only when the user returns
 * with the same date range and clusters and no query of their own: a link with a query (e.g. from
 * a KPI) asks for something specific and must not be overridden by an old state.
 */
export function restoredListState<F>(
  saved: Readonly<Record<string, ListState<F>>>,
  listType: string,
  context: ListReturnContext,
): ListState<F> | null {
  const state = saved[listType]
  if (!state) return null
  if (context.query !== '' && context.query !== '?') return null
  const sameRange =
    state.dateRange.start === context.dateRange.start && state.dateRange.end === context.dateRange.end
  const sameClusters =
    state.clusters.length === context.clusters.length &&
    state.clusters.every((c) => context.clusters.includes(c))
  return sameRange && sameClusters ? state : null
}

/** B193: the status filter's three actions. */
export type StatusFilterAction =
  { type: 'toggle'; status: string } | { type: 'only'; status: string } | { type: 'showAll' }

/**
 * B193: toggle one status, check only one, or show all. Toggling off the last checked status
 * shows all instead: an empty status filter would list nothing, which is never what was meant.
 */
export function applyStatusFilterAction(
  checked: readonly string[],
  options: readonly string[],
  action: StatusFilterAction,
): string[] {
  switch (action.type) {
    case 'showAll':
      return [...options]
    case 'only':
      return [action.status]
    case 'toggle': {
      const next = checked.includes(action.status)
        ? checked.filter((s) => s !== action.status)
        : options.filter((s) => s === action.status || checked.includes(s))
      return next.length === 0 ? [...options] : next
    }
  }
}

/**
 * B235: metadata fills the named filters that are still empty with all their values (insights,
 * accounts and client connectors on the Snowflake list), so "nothing chosen" reads as "all".
 */
export function fillEmptyFilters<K extends string>(
  filters: Readonly<Record<K, readonly string[]>>,
  metadata: Readonly<Partial<Record<K, readonly string[]>>>,
  keys: readonly K[],
): Record<K, readonly string[]> {
  const next: Record<K, readonly string[]> = { ...filters }
  for (const key of keys) if (next[key].length === 0 && metadata[key]) next[key] = [...metadata[key]]
  return next
}

/** A [min, max] range filter, or null when not set. */
export type RangeFilter = readonly [number, number] | null

/**
 * B204: after new metadata, a cost or duration filter no longer inside the new [min, max] is
 * cleared, and the list must reload without it (otherwise it would show an empty list for a
 * filter the user can no longer see on the slider).
 */
export function clearRangesOutsideMetadata<K extends string>(
  filters: Readonly<Record<K, RangeFilter>>,
  metadata: Readonly<Partial<Record<K, readonly [number, number]>>>,
): { filters: Record<K, RangeFilter>; reload: boolean } {
  const next: Record<K, RangeFilter> = { ...filters }
  let reload = false
  for (const key of Object.keys(filters) as K[]) {
    const value = filters[key]
    const bounds = metadata[key]
    if (!value || !bounds) continue
    if (value[0] < bounds[0] || value[1] > bounds[1]) {
      next[key] = null
      reload = true
    }
  }
  return { filters: next, reload }
}

/** B204: the EMR cluster list is polled every 2 minutes. */
export const EMR_LIST_POLL_MS = 120_000

/** B237, G19: a date update with an invalid date falls back to the default range instead of failing. */
export function validDateRangeOr(update: { start: unknown; end: unknown }, fallback: DateRange): DateRange {
  const valid = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0
  if (!valid(update.start) || !valid(update.end) || update.start > update.end) return fallback
  return { start: update.start, end: update.end }
}

/** B210: the first host (or table) is selected when none is, or when the selected one is gone. */
export function autoSelectFirst(
  options: readonly string[],
  selected: string | null | undefined,
): string | null {
  if (selected && options.includes(selected)) return selected
  return options[0] ?? null
}
