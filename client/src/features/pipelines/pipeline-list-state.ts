import {
  ALL_CLUSTERS,
  DEFAULT_PAGE_SIZES,
  DEFAULT_SORTS,
  PIPELINE_TYPES,
  SCREEN_DEFAULT_RANGES,
  pipelineRunName,
  sortPipelines,
  type PipelineListBody,
  type PipelineRow,
  type PipelineType,
} from '@costlens/shared'
import { addressRange, many, page, pageSize, sort, text } from '../../kit/fields.ts'
import { defineListState, type ListContext } from '../../kit/list-state.ts'

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

/**
 * The on-premises pipelines list's state, kept in the address (02 §2, 01 §2.5) so a link or a
 * reload shows the same list: the last 24 hours (B086, C24), every cluster (B182) and type, latest
 * start first (B180), 15 a page (B096). Filters, cluster and range go to the server (B187: each
 * change refetches); sort and page stay on the client over the loaded rows. Unlike the application
 * list a new range keeps the filters: the type options do not depend on the window.
 */
export const pipelineListState = defineListState({
  range: addressRange({ preset: SCREEN_DEFAULT_RANGES.pipelines.range }),
  fields: {
    cluster: text('clusterUid', ALL_CLUSTERS),
    sort: sort('s', DEFAULT_SORTS.pipelines, PIPELINE_COLUMN_KEYS),
    page: page(),
    pageSize: pageSize(DEFAULT_PAGE_SIZES.pipelines),
  },
  filters: {
    types: many('type', PIPELINE_TYPES, { emptyMeansAll: true }),
    searchText: text('searchText'),
  },
})

export type PipelineListView = ReturnType<typeof pipelineListState.defaults>
export type PipelineListEvent = Parameters<typeof pipelineListState.change>[1]
export type PipelineListUser = NonNullable<ListContext['user']>

export const pipelineListDefaults = (now: number, user?: PipelineListUser) =>
  pipelineListState.defaults({ now, user })
export const readPipelineListView = (search: string, now: number, user?: PipelineListUser) =>
  pipelineListState.read(search, { now, user })
export const pipelineListSearch = (view: PipelineListView, now: number) =>
  pipelineListState.write(view, { now })
export const changePipelineList = (view: PipelineListView, event: PipelineListEvent, now = Date.now()) =>
  pipelineListState.change(view, event, { now })

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
export function pipelineTableRows(
  rows: readonly PipelineRow[],
  order: PipelineListView['sort'],
): PipelineTableRow[] {
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
  return sortPipelines(flat, order.key as PipelineColumnKey, order.direction).rows
}
