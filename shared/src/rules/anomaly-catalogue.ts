import type { ClusterType } from '../contracts/common.ts'
import { MONITOR_METRICS, type MonitorMetric } from './monitor-metrics.ts'

/*
 * What an anomaly detector of /osd_anomalies (issue 23) can watch: a metric of the platform's
 * catalogue (the monitors' hourly series, monitor-metrics.ts), optionally split by a category
 * field, one series per entity (OpenSearch Anomaly Detection's high-cardinality detectors). The spec
 * names none; these are the entities a Snowflake or BigQuery admin breaks cost down by.
 */

/** The platforms whose layout has /osd_anomalies (01 §2.3: R129, R162). */
export const ANOMALY_PLATFORMS = ['SNOWFLAKE', 'BIGQUERYV2'] as const satisfies readonly ClusterType[]
export type AnomalyPlatform = (typeof ANOMALY_PLATFORMS)[number]

export const CATEGORY_FIELDS = ['warehouse', 'user', 'project', 'principal'] as const
export type CategoryField = (typeof CATEGORY_FIELDS)[number]

export interface CategoryFieldEntry {
  id: CategoryField
  label: string
}

export const ANOMALY_CATEGORY_FIELDS: Readonly<Record<AnomalyPlatform, readonly CategoryFieldEntry[]>> = {
  SNOWFLAKE: [
    { id: 'warehouse', label: 'Warehouse' },
    { id: 'user', label: 'User' },
  ],
  BIGQUERYV2: [
    { id: 'project', label: 'Project' },
    { id: 'principal', label: 'Principal' },
  ],
}

/** The most entities a detector scores: the top ones by the metric's total over the range. */
export const MAX_DETECTOR_ENTITIES = 10
/** The longest range scored at once, in days. */
export const MAX_ANOMALY_RANGE_DAYS = 30
/** A detector's interval (OpenSearch's detector_interval): one hour, the series' grain. */
export const DETECTOR_INTERVAL_MINUTES = 60

export const isAnomalyPlatform = (platform: ClusterType): platform is AnomalyPlatform =>
  (ANOMALY_PLATFORMS as readonly ClusterType[]).includes(platform)

/** The metrics a platform's detectors may watch (none for a platform without the page). */
export function anomalyMetrics(platform: ClusterType): readonly MonitorMetric[] {
  return isAnomalyPlatform(platform) ? MONITOR_METRICS[platform] : []
}

/** A platform's category field, or undefined when it has no such field. */
export function categoryField(platform: ClusterType, id: string): CategoryFieldEntry | undefined {
  return isAnomalyPlatform(platform) ? ANOMALY_CATEGORY_FIELDS[platform].find((f) => f.id === id) : undefined
}
