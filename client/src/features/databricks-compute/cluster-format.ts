import {
  formatDurationMs,
  formatUsd,
  type DatabricksClusterRecord,
  type DatabricksInsightKey,
} from '@costlens/shared'

/** The waste patterns in words (DATABRICKS_INSIGHT_KEYS), for the insights column and filter. */
export const INSIGHT_TITLES: Readonly<Record<DatabricksInsightKey, string>> = {
  jobOnAllPurposeCompute: 'Jobs on all-purpose compute',
  idleClusterToTimeout: 'Idle until the auto-termination timeout',
  fixedWorkersWhereAutoscaleFits: 'Fixed workers where autoscaling fits',
  onDemandWhereSpotFits: 'On-demand where spot fits',
  oversizedCluster: 'Oversized cluster',
}

export const CLUSTER_TYPE_LABELS: Readonly<Record<string, string>> = {
  db_all_purpose: 'All-purpose',
  db_job_cluster: 'Job cluster',
  sql_warehouse: 'SQL warehouse',
}

/** Workers as the cluster is set: a fixed size, or autoscaling min–max. */
export const workersText = (r: Pick<DatabricksClusterRecord, 'minWorkers' | 'maxWorkers'>) =>
  r.minWorkers === r.maxWorkers ? `${r.maxWorkers} fixed` : `${r.minWorkers}–${r.maxWorkers}`

export const availabilityText = (a: string) =>
  a === 'ON_DEMAND' ? 'On-demand' : a === 'SPOT' ? 'Spot' : 'Spot, on-demand fallback'

/** USD on screen (4 decimals, as every Databricks cost, 02 §9). */
export const usd = (value: number) => formatUsd(value)
export const dbus = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 })
export const duration = (ms: number) => (ms > 0 ? formatDurationMs(ms) : '0s')
