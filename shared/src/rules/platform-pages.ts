import { MESSAGES } from '../messages.ts'

/**
 * Small display and request rules of the HBase, Impala and Snowflake pages (02 §2, §7; 03 §1) that
 * the screens and the simulator's handlers share.
 */

/** B207, M104: what an HBase cell shows when the metric is missing. */
export const HBASE_MISSING_VALUE = MESSAGES.M104

/** B207: a missing (null, undefined or non-finite) HBase value shows '--'. */
export function hbaseCell(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return HBASE_MISSING_VALUE
  if (typeof value === 'number' && !Number.isFinite(value)) return HBASE_MISSING_VALUE
  return String(value)
}

/** B209: the length of the region-server prefix HBase puts before host names. */
export const HBASE_HOST_PREFIX_LENGTH = 18

/**
 * B209: the host name without HBase's 18-character prefix. A name no longer than the prefix is
 * returned whole: cutting it to '' would leave a row with no label.
 */
export function hbaseHostName(host: string): string {
  return host.length > HBASE_HOST_PREFIX_LENGTH ? host.slice(HBASE_HOST_PREFIX_LENGTH) : host
}

/** B211: the defaults of GET hive/tables/{table}/apps; times are epoch milliseconds. */
export const HIVE_TABLE_APPS_DEFAULTS = { size: 10, from: 0, sort: 'startTime' } as const

/** B214: the labels Impala's two memory metrics get, and how many metrics impala/metrics returns. */
export const IMPALA_METRIC_LABELS = {
  mem_tracker_process_limit: 'Total',
  tcmalloc_physical_bytes_reserved: 'Allocated',
} as const
export const IMPALA_METRICS_SIZE = 10

/** B215: an Impala operator's I/O is what it read plus what it wrote; a missing side counts 0. */
export function impalaOperatorIo(op: { bytesRead?: number | null; bytesWritten?: number | null }): number {
  return (op.bytesRead ?? 0) + (op.bytesWritten ?? 0)
}

/** B216, B164: usage charts start with the first 4 group-by values selected. */
export const DEFAULT_GROUP_VALUE_COUNT = 4

/** B216 */
export function defaultSelectedGroupValues<T>(values: readonly T[]): T[] {
  return values.slice(0, DEFAULT_GROUP_VALUE_COUNT)
}

/**
 * B241: the Snowflake native app runs inside the customer's account without the privileges to
 * read per-warehouse parameters, so custom query timeouts are only offered outside it.
 */
export function canReadWarehouseTimeouts(user: { nativeApp: { enabled: boolean } }): boolean {
  return !user.nativeApp.enabled
}

/** B206, M107: the entry AWS tags fall back to when search/awstags fails. */
export const EMR_RELEASE_TAG_KEY = MESSAGES.M107

/**
 * B206: a failed AWS tags call still leaves the EMR release as a tag key, so the EMR tag filter
 * keeps its most useful grouping instead of disappearing.
 */
export function awsTagsOrFallback(
  tags: readonly { key: string; values: readonly string[] }[] | null,
): { key: string; values: readonly string[] }[] {
  return tags ? [...tags] : [{ key: EMR_RELEASE_TAG_KEY, values: [] }]
}
