import {
  MAX_RECORDS,
  MAX_SERIES_POINTS,
  startOfUtcDay,
  type EmrAwsInfoResponse,
  type EmrChargebackParams,
  type EmrChargebackQuery,
  type EmrCostTrends,
  type EmrCostTrendsQuery,
  type EmrWindowQuery,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { chargebackWindow } from './chargeback.ts'
import {
  ALIVE_IN_WINDOW_SQL,
  CLUSTER_FIGURES_SQL,
  checkEmrClusters,
  emrWindow,
  marketsOf,
  readsEmr,
  round2,
  round4,
  type ClusterFigures,
} from './emr-clusters.ts'
import type { ClusterScope } from './scope.ts'

const DAY = 86_400_000
const HOUR = 3_600_000

/** One UTC day of EMR cost (USD), clipped to the window asked. */
export interface EmrDailyCost {
  /** YYYY-MM-DD (UTC). */
  date: string
  /** The day's start, epoch ms. */
  ts: number
  cost: number
  ec2: number
  emr: number
  ebs: number
  /** The part spent on clusters the product does not watch. */
  neglectedCost: number
}

export interface EmrDailyCostOptions {
  from: number
  to: number
  /** Only these clusters (each must be the user's: 403 otherwise). */
  clusterIds?: readonly string[]
  /** Only the clusters carrying this tag. */
  tag?: { key: string; value: string }
  /** Costs accrue up to now (default `to`): a window reaching past now adds nothing after it. */
  now?: number
}

/**
 * What the EMR clusters cost on each UTC day of [from, min(to, now)] (the edge days clipped to it):
 * each cluster's hourly price times the part of its life inside the day, summed in SQL. A cluster
 * within one day adds one piece; one that crosses midnight is cut at each midnight. The days add up
 * to what the clusters cost in the window, so over a window that holds whole lives they add up to
 * those clusters' costs (the list's totalCost, the chargeback's total). Budgets read this too.
 */
export function emrDailyCost(db: Db, scope: ClusterScope, options: EmrDailyCostOptions): EmrDailyCost[] {
  const end = Math.min(options.to, options.now ?? options.to)
  const first = startOfUtcDay(options.from)
  const n = end > options.from ? Math.floor((end - 1 - first) / DAY) + 1 : 0
  if (n > MAX_SERIES_POINTS)
    throw new HttpError(
      400,
      `querystring/from: ${n} days in the window; at most ${MAX_SERIES_POINTS} (choose a shorter window)`,
    )
  if (options.clusterIds?.length) checkEmrClusters(db, scope, options.clusterIds)
  const days = Array.from({ length: n }, (_, i): EmrDailyCost => {
    const ts = first + i * DAY
    return {
      date: new Date(ts).toISOString().slice(0, 10),
      ts,
      cost: 0,
      ec2: 0,
      emr: 0,
      ebs: 0,
      neglectedCost: 0,
    }
  })
  if (n === 0 || !readsEmr(scope)) return days
  const params: Record<string, unknown> = { from: options.from, end, first, n }
  const filters: string[] = []
  options.clusterIds?.forEach((id, i) => (params[`id${i}`] = id))
  if (options.clusterIds?.length)
    filters.push(`cluster_id IN (${options.clusterIds.map((_, i) => `@id${i}`).join(', ')})`)
  if (options.tag) {
    filters.push(
      'cluster_id IN (SELECT cluster_id FROM emr_cluster_tags WHERE key = @tagKey AND value = @tagValue)',
    )
    Object.assign(params, { tagKey: options.tag.key, tagValue: options.tag.value })
  }
  const rows = db
    .prepare(
      `WITH RECURSIVE
         days(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM days WHERE i + 1 < @n),
         spans AS (
           SELECT with_unravel AS u, ec2_hourly AS e2, emr_hourly AS em, ebs_hourly AS eb,
                  max(created_at, @from) AS s, min(coalesce(ended_at, @end), @end) AS t
             FROM emr_clusters
            WHERE created_at < @end AND coalesce(ended_at, @end) > @from ${filters.map((f) => `AND ${f}`).join(' ')}),
         cut AS (SELECT *, CAST((s - @first) / ${DAY} AS INTEGER) AS a, CAST((t - 1 - @first) / ${DAY} AS INTEGER) AS b
                FROM spans WHERE t > s),
         pieces AS (
           SELECT a AS i, u, e2, em, eb, t - s AS ms FROM cut WHERE a = b
           UNION ALL
           SELECT days.i, u, e2, em, eb,
                  min(t, @first + (days.i + 1) * ${DAY}) - max(s, @first + days.i * ${DAY})
             FROM cut JOIN days ON days.i BETWEEN cut.a AND cut.b
            WHERE cut.a < cut.b)
       SELECT i, sum(e2 * ms) / ${HOUR}.0 AS ec2, sum(em * ms) / ${HOUR}.0 AS emr, sum(eb * ms) / ${HOUR}.0 AS ebs,
              sum(CASE WHEN u = 0 THEN (e2 + em + eb) * ms ELSE 0 END) / ${HOUR}.0 AS neglected
         FROM pieces GROUP BY i`,
    )
    .all(params) as { i: number; ec2: number; emr: number; ebs: number; neglected: number }[]
  for (const r of rows) {
    const day = days[r.i]
    if (!day) continue
    Object.assign(day, {
      ec2: r.ec2,
      emr: r.emr,
      ebs: r.ebs,
      cost: r.ec2 + r.emr + r.ebs,
      neglectedCost: r.neglected,
    })
  }
  return days
}

/** `key:value` of the trends' tag parameter (the schema checked the colon). */
function tagParam(text: string | undefined): EmrDailyCostOptions['tag'] {
  if (text === undefined) return undefined
  const at = text.indexOf(':')
  return { key: text.slice(0, at), value: text.slice(at + 1) }
}

/**
 * The cost trends: whole UTC days from the day of `from` (default 89 days before today) to `to`
 * (default now), each with its split; costChange against the day before (the first day's against
 * the day before the window, read too); budgetOverrunCost 0 (a budget's line fills it).
 */
export function emrCostTrends(
  db: Db,
  scope: ClusterScope,
  q: EmrCostTrendsQuery,
  now: number,
): EmrCostTrends {
  const window = emrWindow(q.from, q.to, (to) => startOfUtcDay(to) - 89 * DAY, now)
  const from = startOfUtcDay(window.from)
  const days = emrDailyCost(db, scope, {
    from: from - DAY,
    to: window.to,
    clusterIds: q.clusterId ? [q.clusterId] : undefined,
    tag: tagParam(q.tag),
    now,
  })
  const rows = days.slice(1).map((day, i) => ({
    date: day.date,
    ts: day.ts,
    cost: round4(day.cost),
    costChange: round4(day.cost - days[i]!.cost),
    neglectedCost: round4(day.neglectedCost),
    budgetOverrunCost: 0,
    ec2: round4(day.ec2),
    emr: round4(day.emr),
    ebs: round4(day.ebs),
  }))
  return { from, to: window.to, total: round4(rows.reduce((sum, d) => sum + d.cost, 0)), days: rows }
}

/** E041: the clusters alive in the window (default the last 7 days) with their costs, most cost first. */
export function emrAwsInfo(db: Db, scope: ClusterScope, q: EmrWindowQuery, now: number): EmrAwsInfoResponse {
  const window = emrWindow(q.from, q.to, (to) => to - 7 * DAY, now)
  const params = { ...window, now, limit: readsEmr(scope) ? MAX_RECORDS : 0 }
  const rows = db
    .prepare(
      `SELECT ${CLUSTER_FIGURES_SQL} FROM emr_clusters c WHERE ${ALIVE_IN_WINDOW_SQL}
        ORDER BY total DESC, cluster_id LIMIT @limit`,
    )
    .all(params) as ClusterFigures[]
  const total = readsEmr(scope)
    ? (db
        .prepare(`SELECT count(*) FROM emr_clusters c WHERE ${ALIVE_IN_WINDOW_SQL}`)
        .pluck()
        .get(params) as number)
    : 0
  return {
    clusters: rows.map((f) => ({
      cluster_id: f.cluster_id,
      cluster_name: f.cluster_name,
      costs: { ec2: round4(f.ec2), emr: round4(f.emr), ebs: round4(f.ebs), total: round4(f.total) },
      market_types: marketsOf(f.market_types),
      status_state: f.status,
      status_timeline_creationDateTime: f.created_at,
    })),
    total,
  }
}

/**
 * E044: the clusters created in [from, to) (the chargeback window of the other flavours), each with
 * its whole cost so far, most cost first; at most one group-by, the cluster (B151). Dollars and
 * shares to 2 decimals (B157, B155); the totals add the clusters' exact costs, then round.
 */
export function emrChargeback(
  db: Db,
  scope: ClusterScope,
  params: EmrChargebackParams,
  q: EmrChargebackQuery,
  now: number,
) {
  if (params.group2 !== undefined)
    throw new HttpError(
      400,
      `params/group2: the EMR chargeback groups by one key, the cluster (B151); remove "${params.group2.slice(0, 40)}"`,
    )
  const window = chargebackWindow(q, now)
  const one = q.clusterUid && q.clusterUid !== '*' ? q.clusterUid : undefined
  if (one) checkEmrClusters(db, scope, [one])
  const rows = readsEmr(scope)
    ? (db
        .prepare(
          `SELECT ${CLUSTER_FIGURES_SQL} FROM emr_clusters c
            WHERE c.created_at >= @from AND c.created_at < @to ${one ? 'AND c.cluster_id = @one' : ''}
            ORDER BY total DESC, cluster_id`,
        )
        .all({ ...window, now, one }) as ClusterFigures[])
    : []
  const sum = (pick: (f: ClusterFigures) => number) => rows.reduce((n, f) => n + pick(f), 0)
  const total = sum((f) => f.total)
  return {
    cb: rows.map((f) => ({
      cluster_id: f.cluster_id,
      cluster_name: f.cluster_name,
      created: f.created_at,
      status_state: f.status,
      market_types: marketsOf(f.market_types),
      ec2: round2(f.ec2),
      emr: round2(f.emr),
      ebs: round2(f.ebs),
      total: round2(f.total),
      avg_total: round2(f.ec2_hourly + f.emr_hourly + f.ebs_hourly),
      total_perc: round2((100 * f.total) / (total || 1)),
    })),
    cbInfo: {
      from: window.from,
      to: window.to,
      groupBy: [params.group1],
      clusters: rows.length,
      ec2: round2(sum((f) => f.ec2)),
      emr: round2(sum((f) => f.emr)),
      ebs: round2(sum((f) => f.ebs)),
      total: round2(total),
    },
  }
}
