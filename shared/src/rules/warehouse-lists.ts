import { MESSAGES } from '../messages.ts'
import { presetRange, PICKERS, type DateRange } from './date-presets.ts'
import { parseSortParam, type TableSort } from './table.ts'
import { readNumber } from './query-state.ts'

/**
 * The Snowflake query list, the BigQuery job and project lists and the value dashboard (03 §2,
 * §4, §7): their defaults and how their state becomes a request.
 */

/** B101: stream and table queries ask for up to 10,000 rows; the resource table and running-job modal show the last 100. */
export const STREAM_QUERY_SIZE = 10_000
export const RECENT_APPS_SIZE = 100

export type WarehouseListType = 'all' | 'running' | 'inefficient'

/** B233, B239: the Snowflake query list opens on the inefficient tab, 15 rows, cost descending. */
export const SNOWFLAKE_LIST_DEFAULTS = {
  listType: 'inefficient' as WarehouseListType,
  pageSize: 15,
  sort: { key: 'cost', direction: 'desc' } as TableSort,
}

/** B244, B245: the BigQuery job list opens on all jobs, 15 rows, createTime descending. */
export const BIGQUERY_JOB_LIST_DEFAULTS = {
  listType: 'all' as WarehouseListType,
  pageSize: 15,
  sort: { key: 'createTime', direction: 'desc' } as TableSort,
}

/** The filters of the Snowflake and BigQuery lists. */
export interface WarehouseFilters {
  insights: string[]
  users: string[]
  statuses: string[]
  cost: readonly [number, number] | null
  duration: readonly [number, number] | null
  [other: string]: unknown
}

/** B233, B244: changing the list type starts the filters over, insights included. */
export function filtersAfterListTypeChange<F extends WarehouseFilters>(defaults: F): F {
  return { ...defaults, insights: [] }
}

/**
 * B240, B238, B244: the Snowflake list and metadata body. Times go as ISO strings;
 * showInefficientOnly on the inefficient tab. A queryId overrides every other filter: the request
 * carries the id alone. Running lists drop date, user, status and range filters.
 */
export function snowflakeListBody(
  listType: WarehouseListType,
  range: DateRange,
  filters: WarehouseFilters,
  queryId?: string | null,
): Record<string, unknown> {
  if (queryId) return { id: queryId }
  return { ...warehouseFilterBody(listType, filters, range), showInefficientOnly: listType === 'inefficient' }
}

/** B244, B178: the filters a warehouse list sends, per list type. */
export function warehouseFilterBody(
  listType: WarehouseListType,
  filters: WarehouseFilters,
  range: DateRange,
): Record<string, unknown> {
  if (listType === 'running') return {}
  const body: Record<string, unknown> = {
    startTime: new Date(range.start).toISOString(),
    endTime: new Date(range.end).toISOString(),
  }
  if (filters.users.length) body.users = filters.users
  if (filters.statuses.length) body.statuses = filters.statuses
  if (filters.cost) body.cost = { min: filters.cost[0], max: filters.cost[1] }
  if (filters.duration) body.duration = { min: filters.duration[0], max: filters.duration[1] }
  if (listType === 'inefficient' && filters.insights.length) body.insights = filters.insights
  return body
}

/** B250, C11: the value dashboard opens on 10 rows, untapped savings descending, the last 7 completed UTC days. */
export const VALUE_DASHBOARD_DEFAULTS = {
  pageSize: 10,
  sort: { key: 'untappedSavings', direction: 'desc' } as TableSort,
  dateRange: '7_d',
} as const

/**
 * B248, G20: the dateRange values the value dashboard accepts from the address: its picker's own
 * presets (yesterday, 7_d, 14_d, 30_d). C11 keeps 30_d valid in a URL. Anything else is ignored.
 */
export const VALUE_DASHBOARD_RANGES: readonly string[] = PICKERS.valueDashboard.presets.map((p) => p.value)

export interface ValueDashboardQuery {
  dateRange: string
  range: DateRange
  sort: TableSort
  roi: Record<string, { min: number; max: number }>
}

/**
 * B247, B248, B249, B250: the value dashboard's state from its address. A ROI filter needs both
 * its Min and Max parameter (one bound alone is ignored); an unknown dateRange keeps the default;
 * sort is key-direction split on the last dash.
 */
export function valueDashboardQuery(
  search: string,
  now: number,
  roiKeys: readonly string[],
): ValueDashboardQuery {
  const params = new URLSearchParams(search)
  const asked = params.get('dateRange') ?? ''
  const dateRange = VALUE_DASHBOARD_RANGES.includes(asked) ? asked : VALUE_DASHBOARD_DEFAULTS.dateRange
  const range = presetRange(dateRange as '7_d', now, { completedDays: true }) ?? { start: now, end: now }
  const sort = parseSortParam(params.get('sort')) ?? VALUE_DASHBOARD_DEFAULTS.sort
  const roi: Record<string, { min: number; max: number }> = {}
  for (const key of roiKeys) {
    const min = readNumber(params, `${key}Min`)
    const max = readNumber(params, `${key}Max`)
    if (min !== undefined && max !== undefined) roi[key] = { min, max }
  }
  return { dateRange, range, sort, roi }
}

/**
 * B251, C13: a value-dashboard answer that is the backend's 'Internal Server Error' text, or a
 * failed call, is the no-data error (M099), not a page error.
 */
export function valueDashboardResult<T>(
  response: T | string | { failed: true },
): { data: T; error: null } | { data: null; error: string } {
  if (
    response === MESSAGES.M007 ||
    (typeof response === 'object' && response !== null && 'failed' in response)
  )
    return { data: null, error: MESSAGES.M099 }
  return { data: response as T, error: null }
}
