import {
  formatBytes,
  formatCount,
  formatDurationMs,
  MESSAGES,
  type SnowflakeQueryDetails,
  type SnowflakeQueryMetrics,
} from '@costlens/shared'
import type { CompareField } from '../../kit/compare-fields.ts'
import { credits, insightTitle, isoTime, statusLabel, usd } from './query-format.tsx'

/**
 * The fields the details and compare pages show, as configuration (ARCHITECTURE style 5): one
 * list per details tab, each field a label and how to read and show it from the details answer.
 * The compare page walks the same lists (the kit's `ComparePage`), so both pages name and format a
 * field alike.
 */
export type QueryField = CompareField<SnowflakeQueryDetails>

const dash = (value: string) => value.trim() || MESSAGES.M104
const count = (n: number) => formatCount(n)

/** 03 §2 Query details tab (and 03 §3 Snowflake query row). */
export const QUERY_DETAIL_FIELDS: readonly QueryField[] = [
  { key: 'id', label: 'Query ID', text: (d) => d.query.id },
  { key: 'status', label: 'Status', text: (d) => statusLabel(d.query.status) },
  { key: 'queryType', label: 'Query type', text: (d) => dash(d.query.queryType) },
  { key: 'userName', label: 'User', text: (d) => d.query.userName },
  { key: 'roleName', label: 'Role', text: (d) => dash(d.roleName) },
  { key: 'accountId', label: 'Account', text: (d) => d.query.accountId },
  { key: 'warehouse', label: 'Warehouse', text: (d) => d.query.warehouse.name },
  { key: 'database', label: 'Database', text: (d) => dash(d.databaseName) },
  { key: 'schema', label: 'Schema', text: (d) => dash(d.schemaName) },
  { key: 'clientConnector', label: 'Client connector', text: (d) => dash(d.query.clientConnector) },
  { key: 'startTime', label: 'Start time', text: (d) => isoTime(d.query.startTime) },
  { key: 'endTime', label: 'End time', text: (d) => isoTime(d.query.endTime) },
  {
    key: 'duration',
    label: 'Duration',
    text: (d) => formatDurationMs(d.query.duration),
    compare: (d) => d.query.duration,
  },
  { key: 'cost', label: 'Cost (USD)', text: (d) => usd(d.query.cost), compare: (d) => d.query.cost },
  { key: 'usage', label: 'Credits', text: (d) => credits(d.query.usage), compare: (d) => d.query.usage },
  {
    key: 'bytesRead',
    label: 'Bytes read',
    text: (d) => formatBytes(d.query.totalBytes.read),
    compare: (d) => d.query.totalBytes.read,
  },
  {
    key: 'bytesWritten',
    label: 'Bytes written',
    text: (d) => formatBytes(d.query.bytesWritten),
    compare: (d) => d.query.bytesWritten,
  },
  { key: 'rowsProduced', label: 'Rows produced', text: (d) => count(d.query.rowsProduced) },
  { key: 'rowsAffected', label: 'Rows affected', text: (d) => count(d.query.rowsAffected) },
  { key: 'sessionId', label: 'Session ID', text: (d) => dash(d.query.sessionId) },
  { key: 'clusterNumber', label: 'Cluster number', text: (d) => String(d.query.clusterNumber) },
  { key: 'queryTag', label: 'Query tag', text: (d) => dash(d.query.queryTag) },
  { key: 'signature', label: 'Signature', text: (d) => dash(d.query.signature) },
  { key: 'message', label: 'Message', text: (d) => dash(d.query.message) },
]

/** 03 §2 Warehouse tab. */
export const WAREHOUSE_FIELDS: readonly QueryField[] = [
  { key: 'name', label: 'Name', text: (d) => d.warehouse.name },
  { key: 'uid', label: 'Warehouse UID', text: (d) => d.warehouse.uid },
  { key: 'size', label: 'Size', text: (d) => d.warehouse.size },
  {
    key: 'creditsPerHour',
    label: 'Credits per hour',
    text: (d) => credits(d.warehouse.creditsPerHour),
    compare: (d) => d.warehouse.creditsPerHour,
  },
  {
    key: 'clusters',
    label: 'Cluster count (min – max)',
    text: (d) => `${d.warehouse.minClusterCount} – ${d.warehouse.maxClusterCount}`,
  },
  { key: 'scalingPolicy', label: 'Scaling policy', text: (d) => d.warehouse.scalingPolicy },
  {
    key: 'autoSuspend',
    label: 'Auto suspend',
    text: (d) =>
      d.warehouse.autoSuspendSeconds === 0
        ? 'Never'
        : formatDurationMs(d.warehouse.autoSuspendSeconds * 1000),
    compare: (d) => d.warehouse.autoSuspendSeconds,
  },
  { key: 'accountId', label: 'Account', text: (d) => d.warehouse.accountId },
]

/** A time metric of the Metrics tab, in ms (B145). */
export interface TimeMetric {
  key: keyof SnowflakeQueryMetrics
  label: string
}

/**
 * B145, 03 §2: the six time metrics the spec names, in ms, then execution, which dwarfs them and
 * is shown apart so the waits stay readable.
 */
export const TIME_METRICS: readonly TimeMetric[] = [
  { key: 'queuedProvisioningTime', label: 'Queued provisioning' },
  { key: 'compilationTime', label: 'Compilation' },
  { key: 'queuedRepairTime', label: 'Queued repair' },
  { key: 'queuedOverloadTime', label: 'Queued overload' },
  { key: 'transactionBlockedTime', label: 'Transaction blocked' },
  { key: 'listExternalFilesTime', label: 'List external files' },
]

/** A metric in ms as the Metrics tab shows it: the unit is stated, never converted (B145). */
export const ms = (value: number) => `${formatCount(value)} ms`

/** The Metrics tab (and the compare page's metrics section): the time metrics, then volume. */
export const METRIC_FIELDS: readonly QueryField[] = [
  ...TIME_METRICS.map((m) => ({
    key: m.key,
    label: `${m.label} time`,
    text: (d: SnowflakeQueryDetails) => ms(d.metrics[m.key]),
    compare: (d: SnowflakeQueryDetails) => d.metrics[m.key],
  })),
  {
    key: 'executionTime',
    label: 'Execution time',
    text: (d) => ms(d.metrics.executionTime),
    compare: (d) => d.metrics.executionTime,
  },
  {
    key: 'bytesSpilledToLocalStorage',
    label: 'Spilled to local storage',
    text: (d) => formatBytes(d.metrics.bytesSpilledToLocalStorage),
    compare: (d) => d.metrics.bytesSpilledToLocalStorage,
  },
  {
    key: 'bytesSpilledToRemoteStorage',
    label: 'Spilled to remote storage',
    text: (d) => formatBytes(d.metrics.bytesSpilledToRemoteStorage),
    compare: (d) => d.metrics.bytesSpilledToRemoteStorage,
  },
  {
    key: 'partitions',
    label: 'Partitions scanned / total',
    text: (d) => `${count(d.metrics.partitionsScanned)} / ${count(d.metrics.partitionsTotal)}`,
  },
]

/** The insights of a query as one comparable line (the compare page's insights row). */
export const INSIGHT_SUMMARY: QueryField = {
  key: 'insights',
  label: 'Insights',
  text: (d) => (d.insights.length ? d.insights.map((i) => i.name || insightTitle(i.key)).join(', ') : 'None'),
}
