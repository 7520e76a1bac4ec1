import {
  APP_SORT_FIELDS,
  DEFAULT_PAGE_SIZES,
  DEFAULT_SORTS,
  MAX_RECORDS,
  formatSignedSort,
  formatSortParam,
  isCostSortKey,
  lastReachablePage,
  pageOffset,
  parseSortParam,
  queryStringFromState,
  readNumber,
  type GlobalSearchQuery,
  type TableSort,
} from '@costlens/shared'

/** B096: the search results page like the application list, 15 rows a page by default. */
export const GLOBAL_SEARCH_PAGE_SIZE = DEFAULT_PAGE_SIZES.appList
/** The sizes the pager offers, as on the application list. */
export const GLOBAL_SEARCH_PAGE_SIZES = [15, 25, 50, 100] as const

/** The page, page size and sort of the results, kept in the address as `page`, `pageSize` and `s` (B030). */
export interface GlobalSearchView {
  page: number
  pageSize: number
  sort: TableSort
}

/**
 * The results as the address asks for them. A sort the endpoint does not know, or a cost sort on
 * the free plan (B059), falls back to the default (B180) rather than to an empty page; the page is
 * kept within the 10,000 records a list may reach (B097).
 */
export function readGlobalSearchView(search: string, options: { freemium: boolean }): GlobalSearchView {
  const params = new URLSearchParams(search)
  const asked = parseSortParam(params.get('s'))
  const sortable =
    asked !== null &&
    (APP_SORT_FIELDS as readonly string[]).includes(asked.key) &&
    !(options.freemium && isCostSortKey(asked.key))
  const asksSize = readNumber(params, 'pageSize')
  const pageSize =
    asksSize !== undefined && (GLOBAL_SEARCH_PAGE_SIZES as readonly number[]).includes(asksSize)
      ? asksSize
      : GLOBAL_SEARCH_PAGE_SIZE
  const page = readNumber(params, 'page')
  const lastPage = lastReachablePage(MAX_RECORDS, pageSize)
  return {
    sort: sortable ? asked : DEFAULT_SORTS.globalSearch,
    pageSize,
    page: page !== undefined && Number.isInteger(page) ? Math.min(Math.max(page, 1), lastPage) : 1,
  }
}

/** B030: the address of a view, defaults left out so a plain search stays a plain URL. */
export function globalSearchAddress(view: GlobalSearchView): string {
  const { key, direction } = DEFAULT_SORTS.globalSearch
  const isDefault = view.sort.key === key && view.sort.direction === direction
  return queryStringFromState({
    s: isDefault ? undefined : formatSortParam(view.sort),
    page: view.page === 1 ? undefined : view.page,
    pageSize: view.pageSize === GLOBAL_SEARCH_PAGE_SIZE ? undefined : view.pageSize,
  })
}

/**
 * GET apps/globalsearch (02 §7): the page as from/size (B099, the last page cut at the 10,000th
 * record, B097) and the sort as a field with a leading minus for descending (default -startTime).
 */
export function globalSearchQuery(searchString: string, view: GlobalSearchView): GlobalSearchQuery {
  const from = pageOffset(view.page, view.pageSize)
  return {
    searchString: searchString.trim(),
    from,
    size: Math.min(view.pageSize, MAX_RECORDS - from),
    sort: formatSignedSort(view.sort),
  }
}
