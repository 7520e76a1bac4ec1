import type { ClusterType } from '../contracts/common.ts'

/*
 * What an OpenSearch-style monitor (03 §2 Alerts; issue 23 /os_alerting) can watch: each platform's
 * metrics as a table of entries, one hourly series each, read from the platform's stored data by the
 * simulator. A platform adds a metric by adding an entry here and its SQL beside the simulator's
 * reader. The spec names no metric; these are what a platform engineer watches on each.
 */

/** The platforms whose layout has /os_alerting (01 §2.3: R128, R161, R222). */
export const ALERTING_PLATFORMS = ['SNOWFLAKE', 'BIGQUERYV2', 'K8S'] as const satisfies readonly ClusterType[]
export type AlertingPlatform = (typeof ALERTING_PLATFORMS)[number]

/** Whether a metric is read account-wide only, or optionally for one warehouse (Snowflake). */
export const METRIC_SCOPES = ['account', 'warehouse'] as const
export type MetricScope = (typeof METRIC_SCOPES)[number]

export interface MonitorMetric {
  /** The stored id, unique within its platform. */
  id: string
  label: string
  /** The unit of one hour's value and of the threshold, as the form and the alert's message show it. */
  unit: string
  /** `warehouse`: the monitor may narrow the metric to one warehouse; left out, account-wide. */
  scope: MetricScope
  /** Decimals the value is shown and compared with (the series is rounded to them). */
  decimals: number
  description: string
}

const SNOWFLAKE_METRICS: readonly MonitorMetric[] = [
  {
    id: 'credits',
    label: 'Credits used per hour',
    unit: 'credits',
    scope: 'warehouse',
    decimals: 4,
    description: 'Compute credits of the queries started in each hour, account-wide or on one warehouse.',
  },
  {
    id: 'cost',
    label: 'Cost per hour',
    unit: 'USD',
    scope: 'warehouse',
    decimals: 2,
    description: 'The queries’ cost in USD per hour of start time.',
  },
  {
    id: 'failed_queries',
    label: 'Failed queries per hour',
    unit: 'queries',
    scope: 'warehouse',
    decimals: 0,
    description: 'Queries that ended in failure, per hour of start time.',
  },
  {
    id: 'queued_overload',
    label: 'Queued overload time per hour',
    unit: 's',
    scope: 'warehouse',
    decimals: 1,
    description: 'Seconds queries waited for a warehouse that was busy with other queries.',
  },
]

const BIGQUERY_METRICS: readonly MonitorMetric[] = [
  {
    id: 'bytes_billed',
    label: 'Bytes billed per hour',
    unit: 'GiB',
    scope: 'account',
    decimals: 2,
    description: 'Bytes billed of the jobs created in each hour, in GiB.',
  },
  {
    id: 'slot_hours',
    label: 'Slot-hours per hour',
    unit: 'slot-hours',
    scope: 'account',
    decimals: 2,
    description: 'Slot time of the jobs created in each hour, in slot-hours.',
  },
  {
    id: 'cost',
    label: 'Cost per hour',
    unit: 'USD',
    scope: 'account',
    decimals: 2,
    description: 'The jobs’ cost in USD per hour of creation.',
  },
  {
    id: 'failed_jobs',
    label: 'Failed jobs per hour',
    unit: 'jobs',
    scope: 'account',
    decimals: 0,
    description: 'Jobs that ended in failure, per hour of creation.',
  },
]

/** Kubernetes: its clusters' hours, by OpenCost's rules (DOMAIN.md §6), as Top X and the trends count them. */
const KUBERNETES_METRICS: readonly MonitorMetric[] = [
  {
    id: 'cost',
    label: 'Cluster cost per hour',
    unit: 'USD',
    scope: 'account',
    decimals: 2,
    description: 'What the nodes cost in each hour (OpenCost’s assets: the workloads’ allocation plus idle).',
  },
  {
    id: 'idle_cost',
    label: 'Idle cost per hour',
    unit: 'USD',
    scope: 'account',
    decimals: 2,
    description: 'The part of the nodes’ cost no pod was allocated in each hour.',
  },
  {
    id: 'cpu_usage',
    label: 'CPU used',
    unit: 'cores',
    scope: 'account',
    decimals: 2,
    description: 'Cores the containers used, on average over each hour.',
  },
  {
    id: 'memory_usage',
    label: 'Memory used',
    unit: 'GiB',
    scope: 'account',
    decimals: 2,
    description: 'Memory the containers used, on average over each hour.',
  },
]

/** Each platform's metrics. */
export const MONITOR_METRICS: Readonly<Record<AlertingPlatform, readonly MonitorMetric[]>> = {
  SNOWFLAKE: SNOWFLAKE_METRICS,
  BIGQUERYV2: BIGQUERY_METRICS,
  K8S: KUBERNETES_METRICS,
}

/** A platform's metric by id, or undefined when the platform has no such metric. */
export function monitorMetric(platform: ClusterType, id: string): MonitorMetric | undefined {
  return (MONITOR_METRICS as Partial<Record<ClusterType, readonly MonitorMetric[]>>)[platform]?.find(
    (m) => m.id === id,
  )
}

/** How the hours of a lookback become one value. */
export const MONITOR_AGGREGATIONS = ['sum', 'avg', 'max'] as const
export type MonitorAggregation = (typeof MONITOR_AGGREGATIONS)[number]
export const AGGREGATION_LABELS: Readonly<Record<MonitorAggregation, string>> = {
  sum: 'Sum',
  avg: 'Average',
  max: 'Maximum',
}

/** Which side of the threshold fires. */
export const MONITOR_CONDITIONS = ['above', 'below'] as const
export type MonitorCondition = (typeof MONITOR_CONDITIONS)[number]
export const CONDITION_LABELS: Readonly<Record<MonitorCondition, string>> = {
  above: 'is above',
  below: 'is below',
}

/** Every how many minutes a monitor runs (OpenSearch's interval schedule, the usual choices). */
export const MONITOR_SCHEDULES = [5, 15, 30, 60] as const
export type MonitorSchedule = (typeof MONITOR_SCHEDULES)[number]

/** The hours a monitor looks back over: from the last hour to the last day. */
export const MIN_LOOKBACK_HOURS = 1
export const MAX_LOOKBACK_HOURS = 24

/** OpenSearch Alerting's severities: 1 is the highest. */
export const MONITOR_SEVERITIES = [1, 2, 3, 4, 5] as const
export type MonitorSeverity = (typeof MONITOR_SEVERITIES)[number]
export const SEVERITY_LABELS: Readonly<Record<MonitorSeverity, string>> = {
  1: '1 (Highest)',
  2: '2 (High)',
  3: '3 (Medium)',
  4: '4 (Low)',
  5: '5 (Lowest)',
}

/** A metric's value in its unit, rounded to its decimals, e.g. "12.5 credits". */
export function formatMetricValue(metric: Pick<MonitorMetric, 'unit' | 'decimals'>, value: number): string {
  const text = value.toLocaleString('en-US', { maximumFractionDigits: metric.decimals })
  return metric.unit === 'USD' ? `$${text}` : `${text} ${metric.unit}`
}
