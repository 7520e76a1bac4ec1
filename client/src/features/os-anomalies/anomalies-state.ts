import {
  ANOMALY_PAGE_SIZE,
  DEFAULT_ANOMALY_SORT,
  formatSortParam,
  parseSortParam,
  type AnomalySort,
  type DetectorResultsQuery,
} from '@costlens/shared'
import * as field from '../../kit/fields.ts'
import { defineListState, type ListStateOf } from '../../kit/list-state.ts'
import type { ListStateHandle } from '../../kit/use-list-state.ts'

/*
 * The address of /osd_anomalies: the range (7 days by default, at most 30 by the server) and, once a
 * detector is open (`detector=<id>`), its anomalies' sort, page and entity filter. Opening another
 * detector starts from the defaults of its table; the range stays.
 */

const fields = {
  detector: field.optionalText('detector'),
  sort: field.sort('sort', parseSortParam(DEFAULT_ANOMALY_SORT)!, ['grade', 'start']),
  page: field.page('page'),
  pageSize: field.pageSize(ANOMALY_PAGE_SIZE),
}
const filters = { entity: field.optionalText('entity') }

export const anomaliesState = defineListState({
  range: field.addressRange({ preset: '7_d' }),
  fields,
  filters,
  resetFiltersOn: ['detector'],
})
export type AnomaliesView = ListStateOf<typeof fields, typeof filters>
export type AnomaliesHandle = ListStateHandle<typeof fields, typeof filters>

/** The detector's id in the address, when it is a whole number. */
export function openDetectorId(view: Pick<AnomaliesView, 'detector'>): number | undefined {
  return view.detector && /^\d+$/.test(view.detector) ? Number(view.detector) : undefined
}

/** The results call of the state: the range, the entity, the sort and the page. */
export function resultsQuery(view: AnomaliesView, id: number): DetectorResultsQuery & { id: number } {
  return {
    id,
    startTime: view.dateRange.start,
    endTime: view.dateRange.end,
    ...(view.filters.entity && { entity: view.filters.entity }),
    sort: formatSortParam(view.sort) as AnomalySort,
    page: view.page,
    pageSize: view.pageSize,
  }
}
