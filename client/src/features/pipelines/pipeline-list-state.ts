import {
  ALL_CLUSTERS,
  DEFAULT_PAGE_SIZES,
  DEFAULT_SORTS,
  PIPELINE_TYPES,
  SCREEN_DEFAULT_RANGES,
  defaultPipelineFilters,
  formatSortParam,
  frozenRange,
  isPageSizeChoice,
  parseSortParam,
  pipelineRunName,
  presetRange,
  queryStringFromState,
  readList,
  readNumber,
  sortPipelines,
  type DateRange,
  type FrozenTimeUser,
  type PipelineFilters,
  type PipelineListBody,
  type PipelineRow,
  type PipelineType,
  type Plan,
  type SortState,
} from '@costlens/shared'
import { readAddressRange } from '../../components/date-range/address-range.ts'

/**
 * The on-premises pipelines list's state, kept in the address like the application list (02 §2,
 * 01 §2.5), so a link or a reload shows the same list. Filters, cluster and range go to the server
 * (B187: each change refetches); sort and page stay on the client over the loaded rows.
 */
export interface PipelineListView {
  dateRange: DateRange
  /** The preset the range came from (`24_h`, `7_d` …), or 'custom' for picked dates. */
  rangeLabel: string
  /** A cluster's unravelId, or '*' for every cluster (B182). */
  cluster: string
  filters: PipelineFilters
  sort: SortState
  page: number
  pageSize: number
}

/** The parts of the user record the list reads: frozen time (B052) and the plan (B054). */
export type PipelineListUser = FrozenTimeUser & { plan?: Plan }

/**
 * A pipeline as the table holds it: the row with its latest run's fields lifted to the top, so
 * one sort (B187 `sortPipelines`) reads every column by its key.
 */
export interface PipelineTableRow extends Record<string, unknown> {
  id: string
  row: PipelineRow
  name: string
  pipelineType: PipelineType
  clusterId: string
  docCount: number
  startTime: number
  duration: number
  totalDfsBytesRead: number
  totalDfsBytesWritten: number
  userName: string
  status: string
}

/** The keys the table sorts by: its columns'. Anything else in the address is the default sort. */
export const PIPELINE_COLUMN_KEYS = [
  'name',
  'clusterId',
  'docCount',
  'duration',
  'totalDfsBytesRead',
  'totalDfsBytesWritten',
  'userName',
  'startTime',
  'status',
] as const satisfies readonly (keyof PipelineTableRow)[]
type PipelineColumnKey = (typeof PIPELINE_COLUMN_KEYS)[number]

const DEFAULT_SORT: SortState = DEFAULT_SORTS.pipelines
const DEFAULT_LABEL = SCREEN_DEFAULT_RANGES.pipelines.range

/** The list as it opens (B086, C24: the last 24 hours; B180: latest start first; B096: 15 a page). */
export function pipelineListDefaults(now: number, user?: PipelineListUser): PipelineListView {
  const frozen = user ? frozenRange(user) : null
  return {
    dateRange: frozen ?? presetRange(DEFAULT_LABEL, now)!,
    rangeLabel: frozen ? 'custom' : DEFAULT_LABEL,
    cluster: ALL_CLUSTERS,
    filters: defaultPipelineFilters(),
    sort: DEFAULT_SORT,
    page: 1,
    pageSize: DEFAULT_PAGE_SIZES.pipelines,
  }
}

const isType = (t: string): t is PipelineType => (PIPELINE_TYPES as readonly string[]).includes(t)
const isColumnKey = (k: string): k is PipelineColumnKey =>
  (PIPELINE_COLUMN_KEYS as readonly string[]).includes(k)

/**
 * B033: the list from the address. Unknown values fall back to the defaults rather than showing an
 * empty list: an unknown type is dropped, and no known type at all means every type. A preset
 * label is re-evaluated at `now`, so "last 24 hours" stays the last 24 hours on a reload. A frozen
 * user keeps the frozen range (B052); a freemium user never gets more than 7 days (B054).
 */
export function readPipelineListView(search: string, now: number, user?: PipelineListUser): PipelineListView {
  const params = new URLSearchParams(search)
  const defaults = pipelineListDefaults(now, user)
  const { dateRange, rangeLabel } = readAddressRange(params, now, defaults, user)
  const types = readList(params, 'type').filter(isType)
  const sort = parseSortParam(params.get('s'))
  const pageSize = readNumber(params, 'pageSize')
  const page = readNumber(params, 'page')
  return {
    dateRange,
    rangeLabel,
    cluster: params.get('clusterUid') || ALL_CLUSTERS,
    filters: {
      types: types.length ? PIPELINE_TYPES.filter((t) => types.includes(t)) : [...PIPELINE_TYPES],
      searchText: params.get('searchText')?.trim() ?? '',
    },
    sort: sort && isColumnKey(sort.key) ? sort : DEFAULT_SORT,
    page: page !== undefined && Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: pageSize !== undefined && isPageSizeChoice(pageSize) ? pageSize : defaults.pageSize,
  }
}

/** B030: the address of a list, keys sorted, defaults left out so a plain visit stays a plain URL. */
export function pipelineListSearch(view: PipelineListView, now: number): string {
  const defaults = pipelineListDefaults(now)
  const custom = view.rangeLabel === 'custom'
  const sortIsDefault = view.sort.key === DEFAULT_SORT.key && view.sort.direction === DEFAULT_SORT.direction
  return queryStringFromState({
    dateRangeLabel: custom || view.rangeLabel === defaults.rangeLabel ? undefined : view.rangeLabel,
    start_date: custom ? view.dateRange.start : undefined,
    end_date: custom ? view.dateRange.end : undefined,
    clusterUid: view.cluster === ALL_CLUSTERS ? undefined : view.cluster,
    type: view.filters.types.length === PIPELINE_TYPES.length ? undefined : view.filters.types,
    searchText: view.filters.searchText || undefined,
    s: sortIsDefault ? undefined : formatSortParam(view.sort),
    page: view.page === 1 ? undefined : view.page,
    pageSize: view.pageSize === defaults.pageSize ? undefined : view.pageSize,
  })
}

export type PipelineListEvent =
  | { type: 'range'; dateRange: DateRange; label: string }
  | { type: 'cluster'; cluster: string }
  | { type: 'filters'; filters: Partial<PipelineFilters> }
  | { type: 'reset' }
  | { type: 'sort'; sort: SortState }
  | { type: 'page'; page: number }
  | { type: 'pageSize'; pageSize: number }

/**
 * B187: one change to the list. Range, cluster and filters refetch and go back to page 1; reset
 * restores the default filters (every type, no search); a new sort (on the client) goes back to
 * page 1 so the first rows of the new order are shown. Unlike the application list a new range
 * keeps the filters: the type options do not depend on the window.
 */
export function changePipelineList(view: PipelineListView, event: PipelineListEvent): PipelineListView {
  switch (event.type) {
    case 'range':
      return { ...view, dateRange: event.dateRange, rangeLabel: event.label, page: 1 }
    case 'cluster':
      return { ...view, cluster: event.cluster, page: 1 }
    case 'filters':
      return { ...view, filters: { ...view.filters, ...event.filters }, page: 1 }
    case 'reset':
      return { ...view, filters: defaultPipelineFilters(), page: 1 }
    case 'sort':
      return { ...view, sort: event.sort, page: 1 }
    case 'page':
      return { ...view, page: event.page }
    case 'pageSize':
      return { ...view, pageSize: event.pageSize, page: 1 }
  }
}

/** E026: the body for the list. Sort is left out: it happens on the client, so it never refetches. */
export function pipelineListBody(view: PipelineListView): PipelineListBody {
  const search = view.filters.searchText.trim()
  return {
    clusters: [view.cluster],
    start_time: view.dateRange.start,
    end_time: view.dateRange.end,
    pipelineTypes: [...view.filters.types],
    ...(search ? { search_text: search } : {}),
  }
}

/** The table's rows in the list's order (B187 `sortPipelines`; B187: runName defaults to the key). */
export function pipelineTableRows(rows: readonly PipelineRow[], sort: SortState): PipelineTableRow[] {
  const flat = rows.map((row): PipelineTableRow => ({
    id: `${row.clusterUid}/${row.pipelineType}/${row.key}`,
    row,
    name: pipelineRunName(row),
    pipelineType: row.pipelineType,
    clusterId: row.latestInstance.clusterId || row.clusterUid,
    docCount: row.docCount,
    startTime: row.latestInstance.startTime,
    duration: row.latestInstance.duration,
    totalDfsBytesRead: row.latestInstance.totalDfsBytesRead,
    totalDfsBytesWritten: row.latestInstance.totalDfsBytesWritten,
    userName: row.latestInstance.userName,
    status: row.latestInstance.status,
  }))
  return sortPipelines(flat, sort.key as PipelineColumnKey, sort.direction).rows
}
