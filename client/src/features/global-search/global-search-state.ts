import {
  APP_SORT_FIELDS,
  DEFAULT_PAGE_SIZES,
  DEFAULT_SORTS,
  MAX_RECORDS,
  formatSignedSort,
  isCostSortKey,
  pageOffset,
  type GlobalSearchQuery,
} from '@costlens/shared'
import * as field from '../../kit/fields.ts'
import { defineListState } from '../../kit/list-state.ts'

/** The sizes the pager offers, as on the application list (B096: 15 by default). */
export const GLOBAL_SEARCH_PAGE_SIZES = [15, 25, 50, 100] as const

/**
 * The search results' page, page size and sort, kept in the address as `page`, `pageSize` and `s`
 * (B030); the text is the path's. A sort the endpoint does not know, or a cost sort on the free
 * plan (B059), is the default (B180, newest first) rather than an empty page; the page stays within
 * the 10,000 records a list may reach (B097).
 */
export const globalSearchState = defineListState({
  fields: {
    sort: field.sort(
      's',
      DEFAULT_SORTS.globalSearch,
      (key, { user }) =>
        (APP_SORT_FIELDS as readonly string[]).includes(key) &&
        !(user?.plan === 'freemium' && isCostSortKey(key)),
    ),
    page: field.page('page', { maxRecords: MAX_RECORDS }),
    pageSize: field.pageSize(DEFAULT_PAGE_SIZES.appList, 'pageSize', GLOBAL_SEARCH_PAGE_SIZES),
  },
  filters: {},
})

export type GlobalSearchView = ReturnType<typeof globalSearchState.defaults>

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
