import type { AppStatusCode } from './status-maps.ts'

/*
 * Databricks' enumerations and list prices (DOMAIN.md §3), one place for the seed, the simulator's
 * readers and the console. The simulator stores each enumeration as its index in these arrays
 * (schema.sql, db_*): never reorder them, only append.
 */

export type DatabricksCloud = 'AWS' | 'AZURE'
export type DatabricksWorkspaceTier = 'STANDARD' | 'PREMIUM' | 'ENTERPRISE'

/** Billing SKUs (system.billing.usage sku_name without the tier prefix). */
export const DATABRICKS_SKUS = [
  'JOBS_COMPUTE',
  'JOBS_LIGHT_COMPUTE',
  'ALL_PURPOSE_COMPUTE',
  'DLT_CORE',
  'DLT_PRO',
  'DLT_ADVANCED',
  'SQL_CLASSIC',
  'SQL_PRO',
  'SQL_SERVERLESS',
  'JOBS_SERVERLESS',
  'ALL_PURPOSE_SERVERLESS',
] as const
export type DatabricksSku = (typeof DATABRICKS_SKUS)[number]

/** The workload types the billing page names (02 §3 Billing labels), by SKU. */
export const DATABRICKS_WORKLOAD_TYPES: Readonly<Record<DatabricksSku, string>> = {
  JOBS_COMPUTE: 'Jobs Compute',
  JOBS_LIGHT_COMPUTE: 'Jobs Light Compute',
  ALL_PURPOSE_COMPUTE: 'All Purpose Compute',
  DLT_CORE: 'DLT Core',
  DLT_PRO: 'DLT Pro',
  DLT_ADVANCED: 'DLT Advanced',
  SQL_CLASSIC: 'SQL Classic',
  SQL_PRO: 'SQL Pro',
  SQL_SERVERLESS: 'SQL Serverless',
  JOBS_SERVERLESS: 'Jobs Serverless',
  ALL_PURPOSE_SERVERLESS: 'All Purpose Serverless',
}

type PriceColumn = 'awsPremium' | 'awsEnterprise' | 'azurePremium' | 'standard'

/**
 * USD per DBU (DOMAIN.md §3, DB2: AWS us-east-1 and Azure eastus list prices, 2025-12). The
 * Standard (legacy) tier has no DLT, SQL or serverless SKUs: null. Azure Enterprise is not in the
 * table; it takes the Azure Premium price (Azure sells no separate Enterprise rate for these SKUs).
 */
const USD_PER_DBU: Readonly<Record<DatabricksSku, Readonly<Record<PriceColumn, number | null>>>> = {
  JOBS_COMPUTE: { awsPremium: 0.15, awsEnterprise: 0.2, azurePremium: 0.3, standard: 0.15 },
  JOBS_LIGHT_COMPUTE: { awsPremium: 0.1, awsEnterprise: 0.13, azurePremium: 0.22, standard: 0.07 },
  ALL_PURPOSE_COMPUTE: { awsPremium: 0.55, awsEnterprise: 0.65, azurePremium: 0.55, standard: 0.4 },
  DLT_CORE: { awsPremium: 0.2, awsEnterprise: 0.2, azurePremium: 0.3, standard: null },
  DLT_PRO: { awsPremium: 0.25, awsEnterprise: 0.25, azurePremium: 0.38, standard: null },
  DLT_ADVANCED: { awsPremium: 0.36, awsEnterprise: 0.36, azurePremium: 0.54, standard: null },
  SQL_CLASSIC: { awsPremium: 0.22, awsEnterprise: 0.22, azurePremium: 0.22, standard: null },
  SQL_PRO: { awsPremium: 0.55, awsEnterprise: 0.55, azurePremium: 0.55, standard: null },
  SQL_SERVERLESS: { awsPremium: 0.7, awsEnterprise: 0.7, azurePremium: 0.7, standard: null },
  JOBS_SERVERLESS: { awsPremium: 0.35, awsEnterprise: 0.45, azurePremium: 0.45, standard: null },
  ALL_PURPOSE_SERVERLESS: { awsPremium: 0.75, awsEnterprise: 0.95, azurePremium: 0.95, standard: null },
}

function priceColumn(cloud: DatabricksCloud, tier: DatabricksWorkspaceTier): PriceColumn {
  if (tier === 'STANDARD') return 'standard'
  if (cloud === 'AZURE') return 'azurePremium'
  return tier === 'ENTERPRISE' ? 'awsEnterprise' : 'awsPremium'
}

/** USD per DBU of a SKU in a workspace of this cloud and tier; null where the tier does not sell it. */
export function databricksUsdPerDbu(
  sku: DatabricksSku,
  cloud: DatabricksCloud,
  tier: DatabricksWorkspaceTier,
): number | null {
  return USD_PER_DBU[sku][priceColumn(cloud, tier)]
}

/** Run life-cycle states (DB5). */
export const DATABRICKS_LIFE_CYCLE_STATES = [
  'QUEUED',
  'PENDING',
  'RUNNING',
  'TERMINATING',
  'TERMINATED',
  'SKIPPED',
  'INTERNAL_ERROR',
  'BLOCKED',
  'WAITING_FOR_RETRY',
] as const
export type DatabricksLifeCycleState = (typeof DATABRICKS_LIFE_CYCLE_STATES)[number]

/** Run result states, terminal runs only (DB5). */
export const DATABRICKS_RESULT_STATES = [
  'SUCCESS',
  'FAILED',
  'TIMEDOUT',
  'CANCELED',
  'MAXIMUM_CONCURRENT_RUNS_REACHED',
  'EXCLUDED',
  'SUCCESS_WITH_FAILURES',
  'UPSTREAM_FAILED',
  'UPSTREAM_CANCELED',
  'DISABLED',
] as const
export type DatabricksResultState = (typeof DATABRICKS_RESULT_STATES)[number]

/**
 * The console's status code of a run (02 §4 status codes) from Databricks' states: running and
 * terminating runs are R; queued, pending and blocked ones P; a run waiting to retry W; a terminated
 * run S on success (also with some failed tasks), F on failure, time-out or a failed upstream task,
 * K when cancelled; a run skipped, excluded, disabled or refused for concurrency never ran: U.
 */
export function databricksRunStatus(
  lifeCycle: DatabricksLifeCycleState,
  result: DatabricksResultState | null,
): AppStatusCode {
  switch (lifeCycle) {
    case 'RUNNING':
    case 'TERMINATING':
      return 'R'
    case 'QUEUED':
    case 'PENDING':
    case 'BLOCKED':
      return 'P'
    case 'WAITING_FOR_RETRY':
      return 'W'
    case 'INTERNAL_ERROR':
      return 'F'
    case 'SKIPPED':
      return 'U'
    case 'TERMINATED':
      break
  }
  switch (result) {
    case 'SUCCESS':
    case 'SUCCESS_WITH_FAILURES':
      return 'S'
    case 'FAILED':
    case 'TIMEDOUT':
    case 'UPSTREAM_FAILED':
      return 'F'
    case 'CANCELED':
    case 'UPSTREAM_CANCELED':
      return 'K'
    default:
      return 'U'
  }
}

/** What a run's tasks run on: a new job cluster, an all-purpose cluster, or serverless jobs compute. */
export const DATABRICKS_COMPUTE_KINDS = ['JOB', 'ALL_PURPOSE', 'SERVERLESS'] as const
export type DatabricksComputeKind = (typeof DATABRICKS_COMPUTE_KINDS)[number]

/** Worker availability (AWS names; Azure's SPOT_AZURE / SPOT_WITH_FALLBACK_AZURE map onto them). */
export const DATABRICKS_AVAILABILITY = ['ON_DEMAND', 'SPOT', 'SPOT_WITH_FALLBACK'] as const

/** What started a run. */
export const DATABRICKS_TRIGGERS = ['PERIODIC', 'ONE_TIME', 'RETRY', 'FILE_ARRIVAL'] as const

/** Task types of a job (issue 20: notebook, Python wheel, SQL, DLT pipeline). */
export const DATABRICKS_TASK_TYPES = ['NOTEBOOK', 'PYTHON_WHEEL', 'SQL', 'PIPELINE'] as const

/** Why an all-purpose cluster stopped (the Clusters API's termination_reason.code, the common ones). */
export const DATABRICKS_TERMINATION_REASONS = [
  'INACTIVITY',
  'USER_REQUEST',
  'JOB_FINISHED',
  'DRIVER_UNRESPONSIVE',
  'CLOUD_PROVIDER_LAUNCH_FAILURE',
] as const

/** DLT editions, priced as the DLT_CORE / DLT_PRO / DLT_ADVANCED SKUs. */
export const DATABRICKS_DLT_EDITIONS = ['CORE', 'PRO', 'ADVANCED'] as const

/** DLT update states (the Pipelines API's update state, the terminal and live ones). */
export const DATABRICKS_UPDATE_STATES = [
  'QUEUED',
  'INITIALIZING',
  'RUNNING',
  'COMPLETED',
  'FAILED',
  'CANCELED',
] as const

/** SQL warehouse types, priced as SQL_CLASSIC / SQL_PRO / SQL_SERVERLESS. */
export const DATABRICKS_WAREHOUSE_TYPES = ['CLASSIC', 'PRO', 'SERVERLESS'] as const

/** SQL warehouse sizes and their DBU/h per cluster (DOMAIN.md §3, DB4). */
export const DATABRICKS_WAREHOUSE_SIZES = [
  { size: '2X-Small', dbuPerHour: 4 },
  { size: 'X-Small', dbuPerHour: 6 },
  { size: 'Small', dbuPerHour: 12 },
  { size: 'Medium', dbuPerHour: 24 },
  { size: 'Large', dbuPerHour: 40 },
  { size: 'X-Large', dbuPerHour: 80 },
  { size: '2X-Large', dbuPerHour: 144 },
  { size: '3X-Large', dbuPerHour: 272 },
  { size: '4X-Large', dbuPerHour: 528 },
] as const

/** What a db_usage_days row's DBUs were used by. */
export const DATABRICKS_USAGE_SOURCES = ['JOB_RUN', 'CLUSTER', 'PIPELINE', 'WAREHOUSE'] as const

/**
 * The waste patterns the Databricks insights find (issue 20, DOMAIN.md §3 DB8, DB10), one bit each
 * in db_runs.insight_mask (bit i = 1 << i).
 */
export const DATABRICKS_INSIGHT_KEYS = [
  'jobOnAllPurposeCompute',
  'idleClusterToTimeout',
  'fixedWorkersWhereAutoscaleFits',
  'onDemandWhereSpotFits',
  'oversizedCluster',
] as const
export type DatabricksInsightKey = (typeof DATABRICKS_INSIGHT_KEYS)[number]

const CLUSTER_ID_LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789'

/**
 * The id of the job cluster a run on job compute got (Databricks' form MMDD-HHMMSS-xxxxxxxx: the
 * creation time in UTC and eight letters), derived from the run so that it needs no storage and is
 * the same on every screen.
 */
export function databricksJobClusterId(runId: number, startTime: number): string {
  const at = new Date(startTime)
  const two = (n: number) => String(n).padStart(2, '0')
  let letters = ''
  let rest = Math.abs(Math.trunc(runId)) * 2_654_435_761
  for (let i = 0; i < 8; i++) {
    letters += CLUSTER_ID_LETTERS[rest % CLUSTER_ID_LETTERS.length]
    rest = Math.floor(rest / CLUSTER_ID_LETTERS.length) + i * 7
  }
  return (
    `${two(at.getUTCMonth() + 1)}${two(at.getUTCDate())}-` +
    `${two(at.getUTCHours())}${two(at.getUTCMinutes())}${two(at.getUTCSeconds())}-${letters}`
  )
}

/** What a piece of classic compute costs: DBUs, their list price, and the cloud VMs under them. */
export interface DatabricksComputeCost {
  /** DBUs × 10,000. */
  dbusE4: number
  /** The DBUs at the SKU's list price: cents × 10,000. */
  dbuCostE4: number
  /** The cloud VMs (driver on demand, workers spot-priced when spot): cents × 10,000; 0 on serverless. */
  vmCostE4: number
}

/**
 * The cost of compute that ran `hours` with a driver and `workers` workers of one node type
 * (DOMAIN.md §3: DBUs per node-hour × the SKU's USD per DBU, plus the VM bill; Databricks keeps the
 * driver on demand, the first_on_demand default). Serverless compute passes vmUsdPerHour 0 and its
 * DBU/h as dbuPerHour with 0 workers. The one definition of a run's, session's and update's cost.
 */
export function databricksComputeCost(
  node: { dbuPerHour: number; vmUsdPerHour: number; spotDiscount: number },
  workers: number,
  spot: boolean,
  hours: number,
  usdPerDbu: number,
): DatabricksComputeCost {
  const dbus = node.dbuPerHour * (1 + workers) * hours
  const workerVm = spot ? node.vmUsdPerHour * (1 - node.spotDiscount) : node.vmUsdPerHour
  const vmUsd = (node.vmUsdPerHour + workers * workerVm) * hours
  return {
    dbusE4: Math.round(dbus * 10_000),
    dbuCostE4: Math.round(dbus * usdPerDbu * 1_000_000),
    vmCostE4: Math.round(vmUsd * 1_000_000),
  }
}

/**
 * A run's id in the console and the API: `<workspaceId>_<jobId>_<runId>` (REAL-API-NOTES §3-§4: the
 * globalsearchpattern and the runs/{id}/tasks/summary path). The lists' `id`, the details page's
 * execId (/app/application/db?execId=…) and the runs/{id}/… calls all use it.
 */
export function databricksRunKey(workspaceId: string, jobId: number, runId: number): string {
  return `${workspaceId}_${jobId}_${runId}`
}

/** The parts of a run key, or null when it is not one (a 400 for the caller). */
export function parseDatabricksRunKey(
  key: string,
): { workspaceId: string; jobId: number; runId: number } | null {
  const match = /^(\d{1,20})_(\d{1,18})_(\d{1,18})$/.exec(key)
  if (!match) return null
  const jobId = Number(match[2])
  const runId = Number(match[3])
  if (!Number.isSafeInteger(jobId) || !Number.isSafeInteger(runId)) return null
  return { workspaceId: match[1]!, jobId, runId }
}
