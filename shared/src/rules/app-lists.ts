import { APP_FIGURES } from './app-figures.ts'
import type { ClusterType } from '../contracts/common.ts'
import type { ClusterSearchQuery } from '../contracts/clusters.ts'
import type { AppStatusCode } from './status-maps.ts'
import type { SortDirection } from './table.ts'

/** B172: the application types by their numeric code. */
export const APP_TYPE_BY_CODE: Readonly<Record<number, AppType>> = {
  0: 'mr',
  1: 'hive',
  2: 'spark',
  6: 'spark',
  11: 'bigquery',
  15: 'tez',
  16: 'impala',
}

export const APP_TYPES = ['mr', 'hive', 'spark', 'tez', 'impala', 'bigquery', 'presto'] as const
export type AppType = (typeof APP_TYPES)[number]

/** B172: the codes of a type (spark has two: 2 and 6). */
export function appTypeCodes(type: AppType): number[] {
  return Object.entries(APP_TYPE_BY_CODE)
    .filter(([, t]) => t === type)
    .map(([code]) => Number(code))
}

/**
 * B171: the Application Type filter's options. Presto is costlens's addition: the spec's list
 * predates the Presto chargeback type, and a user whose clusters run Presto queries (prestoEnabled,
 * B146) sees them in the lists, so the filter offers them too. Kubernetes runs Spark applications
 * only (no YARN, so no Hive, MapReduce or Tez): its list offers Spark alone (costlens, issue 23).
 */
export function appTypeFilterOptions(
  clusterType: ClusterType,
  bigQueryEnabled = false,
  prestoEnabled = false,
): AppType[] {
  if (clusterType === 'K8S') return ['spark']
  const options: AppType[] = ['hive', 'mr', 'spark', 'tez']
  if (clusterType === 'CDH' || clusterType === 'CDP') options.push('impala')
  if (bigQueryEnabled) options.push('bigquery')
  if (prestoEnabled) options.push('presto')
  return options
}

export type AppListKind = 'all' | 'running' | 'finished' | 'inefficient'

/** The filters a user can set on an application list. */
export interface AppListFilters {
  statuses: AppStatusCode[]
  users: string[]
  queues: string[]
  appTypes: string[]
  tags: Record<string, string[]>
  duration: { min: number; max: number } | null
  cost: { min: number; max: number } | null
  /** The events slider: how many insight events an app carries. */
  events?: { min: number; max: number } | null
  insights: string[]
}

/** The part of the unified-search body the filters decide (02 §7 POST /apps/unifiedsearch). */
export interface UnifiedSearchFilterBody {
  appStatus?: string[]
  start_time?: number
  end_time?: number
  queryOnFinishedTime?: true
  users?: string[]
  queues?: string[]
  appTypes?: string[]
  appTags?: Record<string, string[]>
  durations?: { min: number; max: number }
  cost?: { min: number; max: number }
  numEvents?: { min: number; max: number }
  insights?: string[]
  eventTypes?: number[]
  executed_by_unravel?: boolean
}

/** B182: event type ids that make an application inefficient. */
export const INEFFICIENT_EVENT_TYPES = [2, 6] as const

/** B182: the wildcard cluster id, every cluster. */
export const ALL_CLUSTERS = '*'

/** B182 */
export function isInefficientEvent(eventType: number): boolean {
  return (INEFFICIENT_EVENT_TYPES as readonly number[]).includes(eventType)
}

/**
 * B173, B178, B179: what a list sends for its filters.
 * - running: status fixed to R, and no dates, users, statuses or ranges (a running app has no
 *   end, and the user filters of another tab must not hide what is running now);
 * - finished: S, F and K only (the user's choice within them), queried on finish time;
 * - inefficient: the insights filter and the inefficient event types;
 * - executed_by_unravel when BigQuery is enabled.
 * Empty filters are left out, so the backend does not read "no users" as "nobody".
 */
export function unifiedSearchFilters(
  list: AppListKind,
  filters: AppListFilters,
  range: { start: number; end: number },
  options: { bigQueryEnabled?: boolean } = {},
): UnifiedSearchFilterBody {
  const body: UnifiedSearchFilterBody = {}
  if (options.bigQueryEnabled) body.executed_by_unravel = true
  if (filters.appTypes.length) body.appTypes = filters.appTypes
  if (filters.queues.length) body.queues = filters.queues
  if (Object.keys(filters.tags).length) body.appTags = filters.tags
  if (list === 'running') {
    body.appStatus = ['R']
    return body
  }
  body.start_time = range.start
  body.end_time = range.end
  if (list === 'finished') {
    // The finished list's figure (app-figures): S, F and K by finish time.
    const finished: AppStatusCode[] = [...APP_FIGURES.finishedInRange.statuses]
    const chosen = filters.statuses.filter((s) => finished.includes(s))
    body.appStatus = chosen.length ? chosen : finished
    body.queryOnFinishedTime = true
  } else if (filters.statuses.length) body.appStatus = filters.statuses
  if (filters.users.length) body.users = filters.users
  if (filters.duration) body.durations = filters.duration
  if (filters.cost) body.cost = filters.cost
  if (filters.events) body.numEvents = filters.events
  if (list === 'inefficient') {
    body.eventTypes = [...INEFFICIENT_EVENT_TYPES]
    if (filters.insights.length) body.insights = filters.insights
  }
  return body
}

/** B178, B244: insights and pricing filters start with every option selected ("nothing left out"). */
export function initialSelection<T>(options: readonly T[]): T[] {
  return [...options]
}

/** B180: each list's default sort (field names as the unified search and the lists use them). */
export const DEFAULT_SORTS = {
  appList: { key: 'startTime', direction: 'desc' },
  finished: { key: 'finishedTime', direction: 'desc' },
  inefficient: { key: 'duration', direction: 'desc' },
  pipelines: { key: 'startTime', direction: 'desc' },
  insightsActions: { key: 'untappedSavings', direction: 'desc' },
  globalSearch: { key: 'startTime', direction: 'desc' },
} as const satisfies Record<string, { key: string; direction: SortDirection }>

/** B180: the default sort of an application list tab. */
export function defaultAppListSort(list: AppListKind): { key: string; direction: SortDirection } {
  if (list === 'finished') return DEFAULT_SORTS.finished
  if (list === 'inefficient') return DEFAULT_SORTS.inefficient
  return DEFAULT_SORTS.appList
}

/** B181: the cluster dropdown's search size and typing delay. */
export const CLUSTER_SEARCH_SIZE = 100
export const CLUSTER_SEARCH_DEBOUNCE_MS = 100

/** B181: the cluster_search query; Databricks (or vendor data) also lists job clusters. */
export function clusterSearchParams(
  clusterType: ClusterType,
  options: { useVendorData?: boolean; customQ?: string } = {},
): ClusterSearchQuery {
  const params: ClusterSearchQuery = { size: CLUSTER_SEARCH_SIZE }
  if (options.customQ) params.customQ = options.customQ
  if (clusterType === 'DB' || options.useVendorData) {
    params.clusterType = 'db_all_purpose'
    params.includeDbJobClusters = true
    params.useVendorData = true
  }
  return params
}

/** B183: the application list's cost column arrives in cents; shown in dollars. */
export function centsToDollars(cents: number | null | undefined): number | null {
  return cents === null || cents === undefined ? null : cents / 100
}

/** The cluster KPI counts (02 §2 cluster overview). */
export interface ClusterKpis {
  autoActionAlerts: number
  running: number
  success: number
  failed: number
  killed: number
  inefficient: number
}

/**
 * B185: which KPIs show. Running and success always do (a zero there is news); failed, killed,
 * inefficient and auto-action alerts only above 0 (a zero there is noise).
 */
export function visibleClusterKpis(kpis: ClusterKpis): (keyof ClusterKpis)[] {
  const always: (keyof ClusterKpis)[] = ['running', 'success']
  const whenAboveZero: (keyof ClusterKpis)[] = ['failed', 'killed', 'inefficient', 'autoActionAlerts']
  return [...always, ...whenAboveZero.filter((k) => kpis[k] > 0)]
}

/** B186: a running cluster's range ends now; a finished one at its finish time. */
export function clusterRangeEnd(
  cluster: { status: string; finishedTime?: number | null },
  now: number,
): number {
  return cluster.status === 'R' || !cluster.finishedTime ? now : cluster.finishedTime
}

/** B300: a column's label; on Databricks run and cluster lists the queue is the workspace. */
export function columnLabel(field: string, label: string, clusterType: ClusterType): string {
  return field === 'queue' && clusterType === 'DB' ? 'Workspace' : label
}
