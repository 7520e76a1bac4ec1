import { MESSAGES } from '../messages.ts'
import { presetRange, PICKERS, type DateRange } from './date-presets.ts'
import { parseSortParam, type TableSort } from './table.ts'
import { readNumber } from './query-state.ts'

/**
 * The value dashboard (03 §2, §4): its defaults, the state it reads from the address and how it
 * treats a failed answer. The Snowflake and BigQuery lists are in list-queries.ts.
 */

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
