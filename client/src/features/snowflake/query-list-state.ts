import {
  LIST_TABLE_DEFAULTS,
  MAX_RECORDS,
  SCREEN_DEFAULT_RANGES,
  SNOWFLAKE_EMPTY_FILTERS,
  SNOWFLAKE_QUERY_SORT_KEYS,
  clampToNow,
  formatSortParam,
  isPageSizeChoice,
  lastReachablePage,
  listTransition,
  nonNegativeRange,
  parseSortParam,
  presetRange,
  queryIdFromAddress,
  queryStringFromState,
  rangeFilterOrNone,
  readList,
  readNumber,
  snowflakeFiltersAfterListTypeChange,
  snowflakeListType,
  snowflakeQueryListBody,
  validDateRangeOr,
  type DateRange,
  type ListEvent,
  type ListState,
  type Range,
  type SnowflakeListFilters,
  type SnowflakeListType,
  type SnowflakeQueryMetadata,
  type SnowflakeQuerySearchBody,
} from '@costlens/shared'

/**
 * The Snowflake query list's whole state, kept in the address (03 §2) so a link, a reload or the
 * back button shows the same list. What a change resets is the shared list reducer
 * (`listTransition`) with the Snowflake twist of B233; the request is the shared
 * `snowflakeQueryListBody` (B233-B240). This module only reads and writes the address.
 */

/**
 * The tabs the list offers, in order (03 §2: inefficient, the default, plus the whole list). The
 * shared 'running' type is not a tab: the search has no running mode, and the Status filter's
 * Running already lists them; `?tab=running` opens the default tab.
 */
export const QUERY_LIST_TABS = [
  { value: 'inefficient', label: 'Inefficient' },
  { value: 'all', label: 'All' },
] as const satisfies readonly { value: SnowflakeListType; label: string }[]
export type QueryListTab = (typeof QUERY_LIST_TABS)[number]['value']

export interface QueryListView extends ListState<SnowflakeListFilters> {
  listType: QueryListTab
  /** The preset the range came from ('today' …), or 'custom' for picked dates. */
  rangeLabel: string
  /** B238: a query id alone overrides every other filter. */
  queryId: string | null
}

/** B237, B239: the list as it opens: start of today to now, no filters, 15 rows by cost descending. */
export function queryListDefaults(now: number, listType: QueryListTab = 'inefficient'): QueryListView {
  const rangeLabel = SCREEN_DEFAULT_RANGES.snowflakeQueryList.range
  return {
    listType,
    dateRange: presetRange(rangeLabel, now)!,
    rangeLabel,
    datesChanged: false,
    clusters: [],
    filters: SNOWFLAKE_EMPTY_FILTERS,
    sort: { ...LIST_TABLE_DEFAULTS.snowflakeQueries.sort },
    page: 1,
    pageSize: LIST_TABLE_DEFAULTS.snowflakeQueries.pageSize,
    queryId: null,
  }
}

/** B233: the tab of an address: inefficient when absent or not one this list offers. */
export function queryListTab(value: string | null): QueryListTab {
  const type = snowflakeListType(value)
  return QUERY_LIST_TABS.find((t) => t.value === type)?.value ?? 'inefficient'
}

/** An address instant: epoch ms or an ISO date; anything else is no date (B237 then resets both). */
function readInstant(params: URLSearchParams, key: string): number | undefined {
  const raw = params.get(key)?.trim()
  if (!raw) return undefined
  const value = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw)
  return Number.isFinite(value) ? value : Number.NaN
}

function readRange(params: URLSearchParams, lo: string, hi: string): Range | null {
  const min = readNumber(params, lo)
  const max = readNumber(params, hi)
  return min !== undefined && max !== undefined && min >= 0 && min <= max ? [min, max] : null
}

/**
 * The list from its address (03 §2). A preset label (`dateRangeLabel`) is re-evaluated at `now`, so
 * 'Today' stays today on a reload; picked dates come as startDate and endDate, never after now
 * (03 §5) and reset to the default when invalid (B237). Unknown or malformed values fall back to
 * the defaults rather than showing an empty or broken list.
 */
export function readQueryListView(search: string, now: number): QueryListView {
  const params = new URLSearchParams(search)
  const defaults = queryListDefaults(now, queryListTab(params.get('tab')))
  let { dateRange, rangeLabel } = defaults
  const label = params.get('dateRangeLabel')
  const start = readInstant(params, 'startDate')
  const end = readInstant(params, 'endDate')
  if (label && label !== 'custom' && presetRange(label as never, now)) {
    dateRange = presetRange(label as never, now)!
    rangeLabel = label
  } else if (start !== undefined || end !== undefined) {
    const picked = validDateRangeOr({ start, end }, defaults.dateRange)
    // validDateRangeOr hands back the fallback itself when the dates are refused.
    if (picked !== defaults.dateRange) {
      dateRange = clampToNow(picked, now)
      rangeLabel = 'custom'
    }
  }
  const sort = parseSortParam(params.get('s'))
  const pageSize = readNumber(params, 'pageSize')
  const size = pageSize !== undefined && isPageSizeChoice(pageSize) ? pageSize : defaults.pageSize
  const page = readNumber(params, 'page')
  return {
    ...defaults,
    dateRange,
    rangeLabel,
    datesChanged: rangeLabel !== defaults.rangeLabel,
    filters: {
      insights: readList(params, 'insights'),
      accounts: readList(params, 'accounts'),
      clientConnectors: readList(params, 'clientConnectors'),
      userName: readList(params, 'userName'),
      warehouseUid: readList(params, 'warehouseUid'),
      status: readList(params, 'status'),
      signature: params.get('signature')?.trim() ?? '',
      cost: readRange(params, 'minCost', 'maxCost'),
      duration: readRange(params, 'minDuration', 'maxDuration'),
    },
    sort: sort && (SNOWFLAKE_QUERY_SORT_KEYS as readonly string[]).includes(sort.key) ? sort : defaults.sort,
    pageSize: size,
    page:
      page !== undefined && Number.isInteger(page)
        ? Math.min(Math.max(page, 1), lastReachablePage(MAX_RECORDS, size))
        : 1,
    queryId: queryIdFromAddress(params),
  }
}

/**
 * The address of a list, keys sorted (B030), defaults left out so a plain visit stays a plain URL.
 * A preset range is written as its label (it moves with the clock), a picked one as ISO dates.
 */
export function queryListSearch(view: QueryListView, now: number): string {
  const defaults = queryListDefaults(now, view.listType)
  const custom = view.rangeLabel === 'custom'
  const { filters } = view
  const sameSort = view.sort.key === defaults.sort.key && view.sort.direction === defaults.sort.direction
  return queryStringFromState({
    tab: view.listType === 'inefficient' ? undefined : view.listType,
    dateRangeLabel: custom || view.rangeLabel === defaults.rangeLabel ? undefined : view.rangeLabel,
    startDate: custom ? new Date(view.dateRange.start).toISOString() : undefined,
    endDate: custom ? new Date(view.dateRange.end).toISOString() : undefined,
    insights: filters.insights,
    accounts: filters.accounts,
    clientConnectors: filters.clientConnectors,
    userName: filters.userName,
    warehouseUid: filters.warehouseUid,
    status: filters.status,
    signature: filters.signature,
    minCost: filters.cost?.[0],
    maxCost: filters.cost?.[1],
    minDuration: filters.duration?.[0],
    maxDuration: filters.duration?.[1],
    s: sameSort ? undefined : formatSortParam(view.sort),
    page: view.page === 1 ? undefined : view.page,
    pageSize: view.pageSize === defaults.pageSize ? undefined : view.pageSize,
    queryId: view.queryId,
  })
}

export type QueryListEvent =
  | ListEvent<SnowflakeListFilters>
  | { type: 'range'; dateRange: DateRange; label: string }
  | { type: 'clearQueryId' }

/**
 * One change to the list, by the shared list reducer. Two Snowflake rules on top: a tab change
 * clears the insights filter only (B233), and a new date range resets every filter (B234).
 */
export function changeQueryList(view: QueryListView, event: QueryListEvent, now: number): QueryListView {
  const defaults = { ...queryListDefaults(now, view.listType), dateRange: view.dateRange }
  switch (event.type) {
    case 'range': {
      const next = listTransition(view, { type: 'dateRange', dateRange: event.dateRange }, defaults).state
      return { ...view, ...next, listType: view.listType, rangeLabel: event.label }
    }
    case 'clearQueryId':
      return { ...view, queryId: null, page: 1 }
    case 'listType': {
      const afterTab = { ...defaults, filters: snowflakeFiltersAfterListTypeChange(view.filters) }
      const next = listTransition(view, event, afterTab).state
      return { ...view, ...next, listType: queryListTab(event.listType) }
    }
    default:
      return { ...view, ...listTransition(view, event, defaults).state, listType: view.listType }
  }
}

/** B236: a slider's value as a filter: none when it spans the whole (non-negative) metadata range. */
export function rangeFilter(value: Range | null, metadata: { min: number; max: number }): Range | null {
  return rangeFilterOrNone(value, nonNegativeRange([metadata.min, metadata.max]))
}

/**
 * E158: the search body. The filters by the shared rules (queryId alone, B238; insights on the
 * inefficient tab only; untouched and full-range sliders left out, B236; cost rounded outwards,
 * B125), plus the page, its size and the sort as key-direction. Paging is cut at the 10,000th row.
 */
export function queryListBody(
  view: QueryListView,
  metadata: Pick<SnowflakeQueryMetadata, 'cost' | 'duration'> | undefined,
): SnowflakeQuerySearchBody {
  const filters = snowflakeQueryListBody({
    listType: view.listType,
    range: view.dateRange,
    filters: view.filters,
    metadata: metadata && {
      cost: [metadata.cost.min, metadata.cost.max],
      duration: [metadata.duration.min, metadata.duration.max],
    },
    queryId: view.queryId,
  })
  if ('id' in filters) return filters
  return { ...filters, page: view.page, pageSize: view.pageSize, sort: formatSortParam(view.sort) }
}
