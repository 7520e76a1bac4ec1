import type { ClusterType } from '../contracts/common.ts'
import { percentOf } from '../format/numbers.ts'
import { MESSAGES } from '../messages.ts'
import { ALL_CLUSTERS } from './app-lists.ts'
import { defaultSelectedGroupValues } from './platform-pages.ts'

/**
 * Chargeback (02 §2 Chargeback, §7, §9): which cost views a cluster type has, how the drill-down
 * walks its group-bys, and how raw backend values become the money and shares on screen.
 */

export const CHARGEBACK_TYPES = ['Yarn', 'Impala', 'Presto', 'BigQuery', 'EMR', 'Cluster', 'JobRun'] as const
export type ChargebackType = (typeof CHARGEBACK_TYPES)[number]

/**
 * Cluster kinds chargeback knows beyond the layout types (B301: HDI, GCP and DATAPROC are only
 * cluster kinds). BIGQUERY is the chargeback context of B146, not the BIGQUERYV2 layout, whose
 * BigQuery pages (03) have their own chargeback: BIGQUERYV2 gets no types here.
 */
export type ChargebackClusterType = ClusterType | 'HDI' | 'GCP' | 'DATAPROC' | 'BIGQUERY'

/** B146: the chargeback types of a cluster type, Presto added when enabled. */
export function chargebackTypes(clusterType: ChargebackClusterType, prestoEnabled = false): ChargebackType[] {
  const types = ((): ChargebackType[] => {
    switch (clusterType) {
      case 'DB':
        return ['Cluster', 'JobRun']
      case 'CDH':
      case 'CDP':
        return ['Yarn', 'Impala']
      case 'GCP':
      case 'BIGQUERY':
        return ['BigQuery', 'Yarn']
      case 'EMR':
        return ['EMR', 'Yarn']
      case 'HDI':
      case 'MAPR':
      case 'HDP':
      case 'DATAPROC':
        return ['Yarn']
      default:
        return []
    }
  })()
  return prestoEnabled && types.length > 0 ? [...types, 'Presto'] : types
}

/** B147: the type that loads first, or the page's 'no clusters' state. */
export function initialChargebackType(
  types: readonly ChargebackType[],
): { type: ChargebackType; noClusters: false } | { type: null; noClusters: true } {
  const [first] = types
  return first ? { type: first, noClusters: false } : { type: null, noClusters: true }
}

/**
 * B148: switching type keeps each type's own state: the current one is saved, the other's comes
 * back as it was left (or its initial state the first time).
 */
export function switchChargebackType<S>(
  saved: Readonly<Partial<Record<ChargebackType, S>>>,
  from: ChargebackType,
  current: S,
  to: ChargebackType,
  initial: S,
): { saved: Partial<Record<ChargebackType, S>>; state: S } {
  return { saved: { ...saved, [from]: current }, state: saved[to] ?? initial }
}

/** B153: the group-by options of each flavour, with the field each groups on. */
export interface GroupByOption {
  label: string
  field: string
}

const g = (label: string, field: string): GroupByOption => ({ label, field })

/** B153 */
export const GROUP_BY_OPTIONS: Readonly<Record<ChargebackType, readonly GroupByOption[]>> = {
  Yarn: [g('Application type', 'appType'), g('User', 'user'), g('Queue', 'queue')],
  Presto: [g('User', 'user'), g('Queue', 'queue')],
  Impala: [g('User', 'realuser'), g('Queue', 'queue')],
  Cluster: [
    g('User', 'realuser'),
    g('Workspace', 'queue'),
    g('Cluster', 'clusterUid'),
    g('Cluster Type', 'clusterType'),
    g('Tag Key', 'tags'),
  ],
  JobRun: [
    g('User', 'realuser'),
    g('Workspace', 'queue'),
    g('Cluster', 'clusterUid'),
    g('Cluster Type', 'clusterType'),
    g('Tag Key', 'tags'),
  ],
  BigQuery: [g('User', 'user'), g('Queue', 'queue'), g('Tag', 'tags')],
  EMR: [g('Cluster', 'clusterUid')],
}

/**
 * B151, C22: how many group-bys may be chosen together: 2, EMR 1. This is the
 * maximumSelectionLength of the group-by select, not a cluster limit (chargeback has one cluster).
 */
export function maxGroupBys(type: ChargebackType): number {
  return type === 'EMR' ? 1 : 2
}

/** B151: whether one more group-by may be added. */
export function canAddGroupBy(type: ChargebackType, selected: number): boolean {
  return selected < maxGroupBys(type)
}

/** B152, C22: chargeback looks at one cluster; '*' (all clusters) until the user picks one. */
export const CHARGEBACK_DEFAULT_CLUSTER = ALL_CLUSTERS

/** One step of the drill path: a group-by field and the value drilled into. */
export interface DrillStep {
  groupBy: string
  value: string
}

/**
 * B149: drilling into a value adds it to the path and moves to the next group-by not used yet.
 * When every group-by is used there is nowhere further to go: the state is returned unchanged.
 */
export function drillDown(
  groupBys: readonly string[],
  path: readonly DrillStep[],
  current: string,
  value: string,
): { path: DrillStep[]; next: string | null } {
  const used = new Set([...path.map((s) => s.groupBy), current])
  const next = groupBys.find((gb) => !used.has(gb)) ?? null
  if (next === null) return { path: [...path], next: null }
  return { path: [...path, { groupBy: current, value }], next }
}

/** B149: going back to a level keeps the first `level` steps. */
export function drillBack(path: readonly DrillStep[], level: number): DrillStep[] {
  return path.slice(0, Math.max(0, level))
}

/**
 * B150: after a tags refresh, a path that drilled into a tag key or value that no longer exists
 * starts over (its numbers would be for a group that cannot be shown any more).
 */
export function drillPathAfterTagsRefresh(
  path: readonly DrillStep[],
  tags: Readonly<Record<string, readonly string[]>>,
): DrillStep[] {
  const vanished = path.some((step) => {
    if (!step.groupBy.startsWith('tag:')) return false
    const values = tags[step.groupBy.slice(4)]
    return !values || !values.includes(step.value)
  })
  return vanished ? [] : [...path]
}

/** B154: a row grouped by cluster uid is labelled 'name[uid]'. */
export function clusterRowLabel(name: string, uid: string): string {
  return `${name}[${uid}]`
}

const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100

/** B155: Databricks chargeback: DBUs from ms and dollars from vs, both sent ×100. */
export function databricksChargeback(row: { ms: number; vs: number }): { dbus: number; cost: number } {
  return { dbus: row.ms / 100, cost: row.vs / 100 }
}

/** B155, B156: a chargeback share, 2 decimals, a total of 0 counted as 1. */
export function chargebackPercent(value: number, total: number | null | undefined): string {
  return percentOf(value, total ?? 0, 2)
}

/** B157: a cost field: the raw value (CPU or memory hours) times its configured price, 2 decimals. */
export function costFromAmount(value: number, amount: number): number {
  return round2(value * amount)
}

/** B157: EMR dollars, 2 decimals. */
export function emrDollars(value: number): number {
  return round2(value)
}

/** B158: BigQuery chargeback cost arrives in cents. */
export function bigQueryCostUsd(cents: number): number {
  return cents / 100
}

/** B159, C23: Databricks service tiers; the workspace form also offers Enterprise. */
export const DATABRICKS_PRICED_TIERS = ['standard', 'premium'] as const
export const DATABRICKS_FORM_TIERS = ['standard', 'premium', 'enterprise'] as const
export type DatabricksTier = (typeof DATABRICKS_FORM_TIERS)[number]

/**
 * B159, C23: the DBU price of a tier. Enterprise is priced as premium unless a price is defined for
 * it: it is at least premium, and charging less would under-report its cost.
 */
export function dbuPrice(
  tier: DatabricksTier,
  prices: Readonly<Partial<Record<DatabricksTier, number>>>,
): number {
  return prices[tier] ?? (tier === 'enterprise' ? (prices.premium ?? 0) : 0)
}

/** B159: a Databricks cost: the compute cost in cents plus the DBUs at the tier's price, in dollars. */
export function databricksCost(cents: number, dbus: number, pricePerDbu: number): number {
  return round2(cents / 100 + dbus * pricePerDbu)
}

/** The chargeback search calls (02 §7): search/cb (Yarn), icb, pcb, bqcb, dcb, awscb. */
export type ChargebackSearch = 'cb' | 'icb' | 'pcb' | 'bqcb' | 'dcb' | 'awscb'

/** B160: the cluster parameter of a chargeback search: none for '*' and never for BigQuery. */
export function chargebackClusterParam(search: ChargebackSearch, clusterUid: string | null | undefined) {
  if (search === 'bqcb' || !clusterUid || clusterUid === ALL_CLUSTERS) return {}
  return { clusterUid }
}

/** B161: the Databricks user list, from the spark and db calls, merged without repeats. */
export function mergeUserLists(...lists: readonly (readonly string[])[]): string[] {
  return [...new Set(lists.flat())]
}

/** B162: the resource-stat cbType of a Databricks chargeback type. */
export function databricksCbType(type: ChargebackType): 'DBX_CLUSTER' | 'DBX_JOB_RUN' {
  return type === 'Cluster' ? 'DBX_CLUSTER' : 'DBX_JOB_RUN'
}

/**
 * B163: the key that makes two chargeback searches "identical": the call and its parameters in a
 * stable order. A new search with the key of one in flight aborts the old one (M028).
 */
export function chargebackRequestKey(
  search: ChargebackSearch,
  params: Readonly<Record<string, unknown>>,
): string {
  const sorted = Object.keys(params)
    .sort()
    .map((k) => [k, params[k]])
  return `${search}:${JSON.stringify(sorted)}`
}

/** B163: the error text an aborted chargeback search raises. */
export const CHARGEBACK_ABORTED = MESSAGES.M028

/** B164: the group-by values selected by default: the first 4 (shared with the usage charts, B216). */
export function chargebackDefaultGroupValues<T>(values: readonly T[]): T[] {
  return defaultSelectedGroupValues(values)
}

/** B164: the wait before an empty group-by is fetched (the select settles first). */
export const EMPTY_GROUP_BY_DELAY_MS = 50

/** B165: a Databricks cost-trend date: YYYY-MM-DD of the UTC day. */
export function trendDate(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10)
}

/** B165: the breakdown type as the cost-trend call names it. */
export function trendBreakdownParam(type: string): string {
  return type === 'user' ? 'userName' : type
}

/** B166: the cost trend's choices. */
export const COST_TREND_UNITS = ['USD', 'DBU'] as const
export const COST_TREND_GRANULARITY = ['daily', 'weekly'] as const
export const COST_TREND_BREAKDOWNS = ['workspaces', 'users', 'tags'] as const

/** B167: one usage call per selected tag, each with the shared window. */
export function usageTrendingCalls<P extends Record<string, unknown>>(
  selectedTags: readonly string[],
  shared: P,
): (P & { tag: string })[] {
  return selectedTags.map((tag) => ({ ...shared, tag }))
}

export interface TrendItem {
  index: number
  selected?: boolean
}

/**
 * B168: removing a trend item renumbers the rest from 1; when no remaining item is selected, the
 * last one is, so the chart is never left empty.
 */
export function removeTrendItem<T extends TrendItem>(items: readonly T[], index: number): T[] {
  const rest = items.filter((item) => item.index !== index).map((item, i) => ({ ...item, index: i + 1 }))
  const last = rest.at(-1)
  if (last && !rest.some((item) => item.selected)) last.selected = true
  return rest
}

/** B296: the resource application types (resources page) of a cluster type. */
export function resourceAppTypes(clusterType: ChargebackClusterType): ('Yarn' | 'Impala')[] {
  if (clusterType === 'CDH' || clusterType === 'CDP') return ['Yarn', 'Impala']
  if (clusterType === 'DB') return []
  return ['HDI', 'MAPR', 'HDP', 'EMR', 'GCP', 'DATAPROC'].includes(clusterType) ? ['Yarn'] : []
}

/** B299: the Impala chargeback chart series and CSV columns. */
export const IMPALA_CHARGEBACK_SERIES = [
  { field: 'count', label: 'Jobs' },
  { field: 'vs', label: 'CPU hours' },
  { field: 'ms', label: 'Memory hours' },
] as const
export const IMPALA_CHARGEBACK_CSV_COLUMNS = [
  'Job count',
  'CPU hours',
  'CPU %',
  'CPU cost',
  'Memory hours',
  'Memory %',
  'Memory cost',
] as const
