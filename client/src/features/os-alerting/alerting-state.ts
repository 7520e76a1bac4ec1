import {
  ALERT_PAGE_SIZE,
  ALERT_SORT_KEYS,
  ALERT_TABS,
  DEFAULT_ALERT_SORT,
  formatSortParam,
  parseSortParam,
  type AlertListQuery,
} from '@costlens/shared'
import * as field from '../../kit/fields.ts'
import { defineListState, type ListStateOf } from '../../kit/list-state.ts'

/*
 * The address of /os_alerting: which view (alerts or monitors) and, on the alerts, the 03 §2 state:
 * tab all, the last year, 15 per page, created_at descending; severity and monitor filters.
 */

export const ALERTING_VIEWS = ['alerts', 'monitors'] as const
export type AlertingView = (typeof ALERTING_VIEWS)[number]
const view = field.tabs('view', ALERTING_VIEWS)

const alertFields = {
  view,
  tab: field.tabs('tab', ALERT_TABS),
  sort: field.sort('sort', parseSortParam(DEFAULT_ALERT_SORT)!, ALERT_SORT_KEYS),
  page: field.page('page'),
  pageSize: field.pageSize(ALERT_PAGE_SIZE),
}
const alertFilters = { severity: field.text('severity'), monitor: field.text('monitor') }

export const alertListState = defineListState({
  range: field.addressRange({ preset: '1_y' }),
  fields: alertFields,
  filters: alertFilters,
})
export type AlertListView = ListStateOf<typeof alertFields, typeof alertFilters>

/** The monitors' view keeps only which view it is: the list is small and sorted in the browser. */
export const monitorListState = defineListState({ fields: { view }, filters: {} })

const wholeNumber = (text: string) => (/^\d+$/.test(text) ? Number(text) : undefined)

/** E171's query for the state: every filter, the sort and the page go to the server. */
export function alertListQuery(state: AlertListView): AlertListQuery {
  const severity = wholeNumber(state.filters.severity)
  const monitorId = wholeNumber(state.filters.monitor)
  return {
    tab: state.tab,
    startTime: state.dateRange.start,
    endTime: state.dateRange.end,
    ...(severity !== undefined && severity >= 1 && severity <= 5 && { severity }),
    ...(monitorId !== undefined && monitorId >= 1 && { monitorId }),
    sort: formatSortParam(state.sort) as AlertListQuery['sort'],
    page: state.page,
    pageSize: state.pageSize,
  }
}
