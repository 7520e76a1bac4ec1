import {
  LIST_TABLE_DEFAULTS,
  MAX_RECORDS,
  SCREEN_DEFAULT_RANGES,
  SNOWFLAKE_QUERY_SORT_KEYS,
  formatSortParam,
  nonNegativeRange,
  rangeFilterOrNone,
  snowflakeQueryListBody,
  type Range,
  type SnowflakeListType,
  type SnowflakeQueryMetadata,
  type SnowflakeQuerySearchBody,
} from '@costlens/shared'
import * as field from '../../kit/fields.ts'
import { defineListState } from '../../kit/list-state.ts'

/**
 * The tabs the list offers, in order (03 §2: inefficient, the default, plus the whole list). The
 * shared 'running' type is not a tab: the search has no running mode, and the Status filter's
 * Running already lists them; `?tab=running` opens the default tab.
 */
export const QUERY_LIST_TABS = [
  { value: 'inefficient', label: 'Inefficient' },
  { value: 'all', label: 'All' },
] as const satisfies readonly { value: SnowflakeListType; label: string }[]

/**
 * The Snowflake query list's whole state, kept in the address (03 §2) so a link, a reload or the
 * back button shows the same list. It opens on the inefficient tab, start of today to now, no
 * filters, 15 rows by cost descending (B233, B237, B239). Picked dates are written as ISO instants
 * (startDate, endDate) and never run past now (03 §5). A new range resets every filter (B234); a
 * tab change clears the insights filter only (B233); a queryId overrides every filter (B238).
 */
export const queryListState = defineListState({
  range: field.addressRange({
    preset: SCREEN_DEFAULT_RANGES.snowflakeQueryList.range,
    startKey: 'startDate',
    endKey: 'endDate',
    instants: 'iso',
    clampToNow: true,
  }),
  fields: {
    listType: field.tabs(
      'tab',
      QUERY_LIST_TABS.map((t) => t.value),
    ),
    sort: field.sort('s', LIST_TABLE_DEFAULTS.snowflakeQueries.sort, SNOWFLAKE_QUERY_SORT_KEYS),
    page: field.page('page', { maxRecords: MAX_RECORDS }),
    pageSize: field.pageSize(LIST_TABLE_DEFAULTS.snowflakeQueries.pageSize),
    queryId: field.optionalText('queryId'),
  },
  filters: {
    insights: field.many('insights'),
    accounts: field.many('accounts'),
    clientConnectors: field.many('clientConnectors'),
    userName: field.many('userName'),
    warehouseUid: field.many('warehouseUid'),
    status: field.many('status'),
    signature: field.text('signature'),
    cost: field.numberRange('minCost', 'maxCost'),
    duration: field.numberRange('minDuration', 'maxDuration'),
  },
  resetFiltersOn: ['range'],
  clearFiltersOn: { listType: ['insights'] },
})

export type QueryListView = ReturnType<typeof queryListState.defaults>
export type QueryListEvent = Parameters<typeof queryListState.change>[1]

export const queryListDefaults = (now: number) => queryListState.defaults({ now })
export const readQueryListView = (search: string, now: number) => queryListState.read(search, { now })
export const queryListSearch = (view: QueryListView, now: number) => queryListState.write(view, { now })
export const changeQueryList = (view: QueryListView, event: QueryListEvent, now: number) =>
  queryListState.change(view, event, { now })

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
