import { EMR_STATE_GROUP_NAMES, type EmrAwsState, type EmrMarketType } from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { instant } from './applications.ts'
import { notYourCluster, type ClusterScope } from './scope.ts'

/*
 * The figures of an EMR cluster (schema.sql emr_*), shared by the list, the cost and the sizing
 * repositories. Every figure is computed at the simulated now from the stored
 * times and hourly prices, in SQL, so filters, sorts, facets and sums agree whatever the clock says:
 * - the state (EMR_STATE_SQL) from the times;
 * - alive = from creation to min(now, ended_at); duration = its length;
 * - cost = hourly price x hours alive (per second; every seeded cluster lives over a minute, so
 *   AWS's one-minute minimum never applies).
 */

const HOUR = 3_600_000

/** The end of a cluster's life so far, at @now. */
export const ALIVE_UNTIL_SQL = 'min(@now, coalesce(c.ended_at, @now))'
const ALIVE_MS_SQL = `max(0, ${ALIVE_UNTIL_SQL} - c.created_at)`

/** A cluster's AWS state at @now, from its times (schema.sql emr_clusters). */
export const EMR_STATE_SQL = `CASE
  WHEN c.ended_at IS NOT NULL AND c.ended_at <= @now THEN c.end_state
  WHEN c.ended_at IS NOT NULL AND c.ended_at - 120000 <= @now THEN 'TERMINATING'
  WHEN c.ready_at IS NULL AND @now < c.created_at + 180000 THEN 'STARTING'
  WHEN c.ready_at IS NULL THEN 'BOOTSTRAPPING'
  WHEN @now < (c.created_at + c.ready_at) / 2 THEN 'STARTING'
  WHEN @now < c.ready_at THEN 'BOOTSTRAPPING'
  WHEN c.idle = 1 THEN 'WAITING'
  ELSE 'RUNNING' END`

/**
 * A cluster's state group at @now as its index in EMR_STATE_GROUP_NAMES (0 active, 1 terminated,
 * 2 failed): EMR_STATE_SQL's states grouped as EMR_STATE_GROUPS does (every state before the end
 * is active; the end state tells the other two), as an integer a list compares cheaply per row.
 */
export const STATE_GROUP_SQL = `CASE
  WHEN c.ended_at IS NULL OR c.ended_at > @now THEN ${EMR_STATE_GROUP_NAMES.indexOf('active')}
  WHEN c.end_state = 'TERMINATED' THEN ${EMR_STATE_GROUP_NAMES.indexOf('terminated')}
  ELSE ${EMR_STATE_GROUP_NAMES.indexOf('failed')} END`

/** Each computed figure of a cluster at @now, as an expression over `emr_clusters c`. */
export const FIGURE_SQL = {
  status: EMR_STATE_SQL,
  end_time: 'CASE WHEN c.ended_at <= @now THEN c.ended_at END',
  duration: ALIVE_MS_SQL,
  ec2: `c.ec2_hourly * ${ALIVE_MS_SQL} / ${HOUR}.0`,
  emr: `c.emr_hourly * ${ALIVE_MS_SQL} / ${HOUR}.0`,
  ebs: `c.ebs_hourly * ${ALIVE_MS_SQL} / ${HOUR}.0`,
  total: `(c.ec2_hourly + c.emr_hourly + c.ebs_hourly) * ${ALIVE_MS_SQL} / ${HOUR}.0`,
} as const

/** The stored and computed columns of a cluster at @now, over `emr_clusters c`. */
export const CLUSTER_FIGURES_SQL = `
  c.cluster_id, c.cluster_name, c.with_unravel, c.created_at, c.market_types, c.node_count,
  c.downsizing_events, c.ec2_hourly, c.emr_hourly, c.ebs_hourly, c.optimised_hourly,
  ${Object.entries(FIGURE_SQL)
    .map(([name, sql]) => `${sql} AS ${name}`)
    .join(',\n  ')}`

/**
 * How a query over a window reads emr_clusters: a window of the last two weeks walks the end-time
 * index (the clusters that ended before it are skipped); a longer one holds most clusters, and one
 * pass over the table beats the index walk with a lookup per row (half the time at the large scale).
 */
export const windowRead = (from: number, now: number) => (now - from > 14 * 86_400_000 ? 'NOT INDEXED' : '')

/** Alive at some moment of [@from, @to]. */
export const ALIVE_IN_WINDOW_SQL = '(c.ended_at >= @from OR c.ended_at IS NULL) AND c.created_at <= @to'

export interface ClusterFigures {
  cluster_id: string
  cluster_name: string
  with_unravel: number
  created_at: number
  market_types: string
  node_count: number
  downsizing_events: number
  ec2_hourly: number
  emr_hourly: number
  ebs_hourly: number
  optimised_hourly: number
  status: EmrAwsState
  end_time: number | null
  duration: number
  ec2: number
  emr: number
  ebs: number
  total: number
}

export const round4 = (n: number) => Math.round(n * 10_000) / 10_000
export const round2 = (n: number) => Math.round(n * 100) / 100
export const marketsOf = (text: string) => text.split(',') as EmrMarketType[]

/** Whether a scope reads EMR data at all (the routes are EMR-only; a repository caller may not be). */
export const readsEmr = (scope: ClusterScope) => scope.platform === 'EMR'

/**
 * The EMR clusters a request names: each must be one of the user's EMR clusters (403 otherwise,
 * also for an id that does not exist, as scope.ts answers for the other platforms).
 */
export function checkEmrClusters(db: Db, scope: ClusterScope, ids: readonly string[]): void {
  const exists = cachedStatement(db, 'SELECT 1 FROM emr_clusters WHERE cluster_id = ?').pluck()
  for (const id of ids) if (!readsEmr(scope) || !exists.get(id)) throw notYourCluster(id)
}

/** A window of epoch-ms-or-ISO ends: 400 when reversed. */
export function emrWindow(
  from: string | undefined,
  to: string | undefined,
  defaultFrom: (to: number) => number,
  now: number,
  location = 'querystring',
): { from: number; to: number } {
  const end = instant(to, 'to', location) ?? now
  const start = instant(from, 'from', location) ?? defaultFrom(end)
  if (start > end) throw new HttpError(400, `${location}/from must not be after ${location}/to`)
  return { from: start, to: end }
}
