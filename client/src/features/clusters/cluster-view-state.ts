import {
  ALL_CLUSTERS,
  JOB_COUNT_GROUP_BYS,
  MAX_JOB_COUNT_BUCKETS,
  PICKERS,
  RESOURCE_GROUP_BYS,
  SCREEN_DEFAULT_RANGES,
  frozenRange,
  intervalChoiceForSpan,
  presetRange,
  queryStringFromState,
  INTERVAL_CHOICES,
  type DateRange,
  type FrozenTimeUser,
  type IntervalChoice,
  type JobCountGroupBy,
  type JobInterval,
  type Plan,
  type QueryValue,
  type ResourceGroupBy,
} from '@costlens/shared'
import { readAddressRange } from '../../components/date-range/address-range.ts'
import { rangeText } from '../../components/date-range/custom-range.ts'

/**
 * What the cluster screens (/clusters/overview, /clusters/jobs) keep in the address (01 §2.5), so
 * a reload or a shared link shows the same cluster and range: `clusterUid` as the application list
 * and the resources route spell it (B033, B034), and the range as a preset label or two dates, as
 * every list does. Defaults are left out, so a plain visit stays a plain URL.
 */
export interface ClusterView {
  /** A cluster's unravelId, or '*' for all the user's Yarn clusters (B182). */
  cluster: string
  dateRange: DateRange
  /** The preset the range came from (`1_h`, `today` …), or 'custom' for picked dates. */
  rangeLabel: string
}

/** The parts of the user record the screens read: frozen time (B052), the Yarn cluster (B053), the plan. */
export type ClusterViewUser = FrozenTimeUser & { plan?: Plan; frozenYarnCluster?: string | null }

/** B087: the cluster summary opens on the last hour. */
const DEFAULT_LABEL = SCREEN_DEFAULT_RANGES.clusterSummary.range

/** B053: a user with a frozen Yarn cluster sees that cluster only. */
export function forcedCluster(user?: ClusterViewUser): string | null {
  return user?.frozenYarnCluster || null
}

export function clusterViewDefaults(now: number, user?: ClusterViewUser): ClusterView {
  const frozen = user ? frozenRange(user) : null
  return {
    cluster: forcedCluster(user) ?? ALL_CLUSTERS,
    dateRange: frozen ?? presetRange(DEFAULT_LABEL, now)!,
    rangeLabel: frozen ? 'custom' : DEFAULT_LABEL,
  }
}

/**
 * The cluster and range from the address. A preset label is re-evaluated at `now`, so "last 1
 * hour" stays the last hour on a reload; an invalid range falls back to the default (B237); a
 * frozen user keeps the frozen range and cluster (B052, B053); a freemium user never gets more
 * than 7 days (B054).
 */
export function readClusterView(params: URLSearchParams, now: number, user?: ClusterViewUser): ClusterView {
  const defaults = clusterViewDefaults(now, user)
  const { dateRange, rangeLabel } = readAddressRange(params, now, defaults, user)
  return {
    cluster: forcedCluster(user) ?? (params.get('clusterUid') || ALL_CLUSTERS),
    dateRange,
    rangeLabel,
  }
}

/** The address fields of a view, defaults left out. A preset is written as its label (it moves with the clock). */
export function clusterViewQuery(view: ClusterView): Record<string, QueryValue> {
  const custom = view.rangeLabel === 'custom'
  return {
    clusterUid: view.cluster === ALL_CLUSTERS ? undefined : view.cluster,
    dateRangeLabel: custom || view.rangeLabel === DEFAULT_LABEL ? undefined : view.rangeLabel,
    start_date: custom ? view.dateRange.start : undefined,
    end_date: custom ? view.dateRange.end : undefined,
  }
}

/** The picker's button text: the preset's words, or the picked dates. */
export function rangeButtonText(view: ClusterView): string {
  return PICKERS.default.presets.find((p) => p.value === view.rangeLabel)?.label ?? rangeText(view.dateRange)
}

// --- /clusters/overview ---------------------------------------------------------------------------

/** Which jobs the overview's job charts count: those running now, or those finished in the range. */
export const JOB_SETS = ['running', 'finished'] as const
export type JobSet = (typeof JOB_SETS)[number]

export interface OverviewView extends ClusterView {
  jobs: JobSet
  /** The per user / queue / application type breakdown (02 §2), as tagged/stats names them. */
  breakdown: ResourceGroupBy
}

const DEFAULT_BREAKDOWN: ResourceGroupBy = 'applicationType'

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback

export function readOverviewView(search: string, now: number, user?: ClusterViewUser): OverviewView {
  const params = new URLSearchParams(search)
  return {
    ...readClusterView(params, now, user),
    jobs: oneOf(JOB_SETS, params.get('jobs'), 'running'),
    breakdown: oneOf(RESOURCE_GROUP_BYS, params.get('breakdown'), DEFAULT_BREAKDOWN),
  }
}

export function overviewSearch(view: OverviewView): string {
  return queryStringFromState({
    ...clusterViewQuery(view),
    jobs: view.jobs === 'running' ? undefined : view.jobs,
    breakdown: view.breakdown === DEFAULT_BREAKDOWN ? undefined : view.breakdown,
  })
}

// --- /clusters/jobs -------------------------------------------------------------------------------

/**
 * The jobs/count interval of each interval selector choice (B093). jobs/count takes 1m, 5m, 10m,
 * 30m, 1h, 1d and 1w (REAL-API-NOTES §6): it has no 2-minute bucket, so '2 mins' is not offered
 * there, and the choice B092 would make ('2 mins' up to 2 days) moves to the next one it serves.
 */
export const JOB_COUNT_INTERVAL_OF: Readonly<Record<IntervalChoice, JobInterval | null>> = {
  '2 mins': null,
  '5 mins': '5m',
  '10 mins': '10m',
  '30 mins': '30m',
  Hourly: '1h',
  Daily: '1d',
  Weekly: '1w',
}

/** Each jobs/count interval in milliseconds. */
export const JOB_INTERVAL_MS: Readonly<Record<JobInterval, number>> = {
  '1m': 60_000,
  '5m': 300_000,
  '10m': 600_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '1d': 86_400_000,
  '1w': 604_800_000,
}

/** The buckets a window makes at an interval, counting the partial ones at both ends. */
export function bucketCount(range: DateRange, interval: JobInterval): number {
  return Math.ceil((range.end - range.start) / JOB_INTERVAL_MS[interval]) + 1
}

export interface IntervalOption {
  choice: IntervalChoice
  interval: JobInterval
  /** More buckets than jobs/count answers for (E027: 2,000 at most). */
  disabled: boolean
}

/** The selector's choices jobs/count serves, those too fine for the window disabled. */
export function jobCountIntervalOptions(range: DateRange): IntervalOption[] {
  return INTERVAL_CHOICES.flatMap((choice) => {
    const interval = JOB_COUNT_INTERVAL_OF[choice]
    return interval
      ? [{ choice, interval, disabled: bucketCount(range, interval) > MAX_JOB_COUNT_BUCKETS }]
      : []
  })
}

/**
 * B092: the interval a range opens with, from its span in days; when jobs/count cannot serve that
 * choice (no 2m, or too many buckets), the next coarser choice it can.
 */
export function defaultJobCountInterval(range: DateRange): JobInterval {
  const options = jobCountIntervalOptions(range)
  const wanted = INTERVAL_CHOICES.indexOf(intervalChoiceForSpan((range.end - range.start) / 86_400_000))
  const usable = options.filter((o) => !o.disabled && INTERVAL_CHOICES.indexOf(o.choice) >= wanted)
  return (usable[0] ?? options.at(-1)!).interval
}

export interface JobsView extends ClusterView {
  groupBy: JobCountGroupBy
  /** The interval chosen in the selector; absent, the range's default (B092). */
  interval: JobInterval
  /** Whether the interval is the range's default (a new range then resets it, B092). */
  intervalChosen: boolean
}

const DEFAULT_GROUP_BY: JobCountGroupBy = 'state'

export function readJobsView(search: string, now: number, user?: ClusterViewUser): JobsView {
  const params = new URLSearchParams(search)
  const base = readClusterView(params, now, user)
  const asked = params.get('interval')
  const usable = jobCountIntervalOptions(base.dateRange).find((o) => o.interval === asked && !o.disabled)
  return {
    ...base,
    groupBy: oneOf(JOB_COUNT_GROUP_BYS, params.get('groupBy'), DEFAULT_GROUP_BY),
    interval: usable?.interval ?? defaultJobCountInterval(base.dateRange),
    intervalChosen: usable !== undefined,
  }
}

export function jobsSearch(view: JobsView): string {
  return queryStringFromState({
    ...clusterViewQuery(view),
    groupBy: view.groupBy === DEFAULT_GROUP_BY ? undefined : view.groupBy,
    interval: view.intervalChosen ? view.interval : undefined,
  })
}
