import { formatMessage } from '../messages.ts'

/** B097: no list pages past the 10,000th record. */
export const MAX_RECORDS = 10_000

/** B095, C09: every page size any table offers; a pageSize read from an address must be one of them. */
export const PAGE_SIZE_CHOICES = [4, 5, 10, 12, 15, 25, 30, 50, 100] as const
/** B095, C09: what the generic table's selector shows. */
export const GENERIC_TABLE_PAGE_SIZES = [5, 10, 15, 25, 50, 100] as const

/** B096, C10: per-table default page sizes; 15 where nothing more specific is stated. */
export const DEFAULT_PAGE_SIZES = {
  default: 15,
  genericClient: 10,
  genericServer: 15,
  appList: 15,
  inefficientApps: 50,
  pipelines: 15,
  runningApps: 10,
  impalaMetrics: 10,
  insightsActions: 10,
  alerts: 15,
  snowflakeQueries: 15,
  bigqueryJobs: 15,
  roiTable: 10,
} as const

export function isPageSizeChoice(size: number): boolean {
  return (PAGE_SIZE_CHOICES as readonly number[]).includes(size)
}

/** B097: the last page a user may reach; a partial last page counts (10000 / 15 → 667). */
export function lastReachablePage(totalRecords: number, pageSize: number): number {
  const reachable = Math.min(Math.max(totalRecords, 0), MAX_RECORDS)
  return Math.max(1, Math.ceil(reachable / pageSize))
}

/**
 * B094: what a typed page number becomes: below 1 → 1, above the last page → the last page,
 * anything not a number → 1; a decimal is truncated (the recommended reading of its notes).
 */
export function clampPageInput(input: string, pages: number): number {
  const value = Number.parseInt(input.trim(), 10)
  if (!Number.isFinite(value) || value < 1) return 1
  return Math.min(value, Math.max(pages, 1))
}

/** B099: server-side offset of a page. */
export function pageOffset(page: number, limit: number): number {
  return (Math.max(page, 1) - 1) * limit
}

/** B098: the tooltip shown when the record cap cuts a list, or undefined when it does not. */
export function recordCapNotice(totalRecords: number, maxRecords: number = MAX_RECORDS): string | undefined {
  return totalRecords > maxRecords ? formatMessage('M059', { n: String(maxRecords) }) : undefined
}

export interface SortSpec {
  key: string
  dir: 'asc' | 'desc'
}

/**
 * B100, C21: the Presto and BigQuery finished-apps paging: from = (page - 1) × size (10 by
 * default) and the sort as a key with a leading minus for descending, default -startTime.
 */
export function finishedAppsPaging(
  page: number,
  sort: SortSpec | null,
  size = 10,
): { from: number; size: number; sort: string } {
  const order = sort ?? { key: 'startTime', dir: 'desc' }
  return { from: pageOffset(page, size), size, sort: `${order.dir === 'desc' ? '-' : ''}${order.key}` }
}
