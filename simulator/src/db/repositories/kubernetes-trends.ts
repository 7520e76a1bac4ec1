import {
  KUBERNETES_TREND_DEFAULT_SELECTED,
  KUBERNETES_TREND_MAX_SELECTED,
  type KubernetesGroupBy,
  type KubernetesTrendMetric,
  type KubernetesUsageTrends,
  type KubernetesUsageTrendsQuery,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import {
  GRAINS,
  hourWindow,
  kubernetesClock,
  kubernetesClusters,
  type GrainSql,
} from './kubernetes-common.ts'
import { GROUPS } from './kubernetes-topx.ts'
import type { ClusterScope } from './scope.ts'

/*
 * The Kubernetes usage trends (03 §2 /kubernetes/osd_usage_trends, R217; the 03 §3 usage-trending
 * state: groups with their available and selected values, first four selected, a 1-day interval in
 * UTC). A point per UTC day of shown time, read from hours (the data's read-time shift is whole
 * hours, not whole days, so a stored day is no shown day), from the coarsest rows that tell the
 * groups apart (kubernetes-common.ts GRAINS): the namespaces' hours for a namespace, a cluster or a
 * namespace's label (30 days: 10,800 rows, against 330,000 pod-hours at the large scale), the
 * workloads' for a workload or its app label, the pods' for a pod or a node. The groups are Top X's
 * (kubernetes-topx.ts GROUPS), so a Top X row's key opens its trend and the days add up to its figure.
 *
 * A read (trendDays) carries the metrics asked: the page asks one (a pod's or node's hours are many
 * rows, and each metric more adds a quarter to their read), the dashboards' trend panels of a request
 * all three at once, sharing the read (os-dashboard-kubernetes.ts); usageTrendsOf draws one metric.
 */

const DAY = 86_400_000

/** Each metric's stored unit per shown unit, and the unit's name. */
const METRICS: Record<
  KubernetesTrendMetric,
  { column: (grain: GrainSql) => string; per: number; unit: KubernetesUsageTrends['unit'] }
> = {
  cost: { column: (grain) => grain.cost, per: 1_000_000, unit: 'USD' },
  cpu: { column: () => 'cpu_usage', per: 10_000, unit: 'core-hours' },
  memory: { column: () => 'mem_usage', per: 10_000, unit: 'GiB-hours' },
}

/**
 * Each id's days: from the day rows for the whole stored days of [@dayFrom, @dayTo) and from the
 * hours for the rest of [@from, @to) (windowPieces) — an empty day range when the shift is no whole
 * number of days, since a stored day is then no shown day, or the grain keeps no days. Then the
 * (id, day) pairs are joined to their group. CAST: a bound shift arrives as a REAL, and REAL division
 * keeps the hour.
 */
function trendSql(groupBy: KubernetesGroupBy, metrics: readonly KubernetesTrendMetric[]): string {
  const group = GROUPS[groupBy]
  const grain = GRAINS[group.grain]
  const each = (sql: (m: KubernetesTrendMetric) => string) =>
    metrics.map((m) => `${sql(m)} AS ${m}`).join(', ')
  const hoursDay = `CAST((h.ts + @shift) / ${DAY} AS INTEGER) * ${DAY}`
  const days = grain.days
    ? `SELECT h.day + @shift AS day, h.${grain.id} AS id, ${each((m) => METRICS[m].column(grain))}
         FROM ${grain.days} h WHERE h.day >= @dayFrom AND h.day < @dayTo
       UNION ALL`
    : ''
  // Without day rows the hours are the whole window: one range of the key, not an OR of two (a
  // quarter faster over the namespaces' 30 days at the large scale).
  const hours = grain.days
    ? '(h.ts >= @from AND h.ts < @headTo) OR (h.ts >= @tailFrom AND h.ts < @to)'
    : 'h.ts >= @from AND h.ts < @to'
  return `WITH a AS (
      ${days}
      SELECT ${hoursDay} AS day, h.${grain.id} AS id, ${each((m) => `sum(${METRICS[m].column(grain)})`)}
        FROM ${grain.hours} h
       WHERE ${hours}
       GROUP BY 1, h.${grain.id})
    SELECT a.day AS day, ${group.key} AS key, ${group.name} AS name, ${group.cluster ?? 'NULL'} AS cluster,
           c.cluster_name AS clusterName, ${each((m) => `sum(a.${m})`)}
      FROM a ${grain.joins}
     WHERE n.cluster_uid IN (SELECT value FROM json_each(@clusters))
     GROUP BY a.day, ${group.by}`
}

/**
 * The whole stored days of [from, to) the day rows answer, none unless the shift is whole days (and
 * the grain keeps days), and the hours left at either end ([from, headTo) and [tailFrom, to): the
 * whole window when no day is).
 */
function windowPieces(from: number, to: number, shift: number, withDays: boolean) {
  const first = Math.ceil(from / DAY) * DAY
  const last = Math.floor(to / DAY) * DAY
  return withDays && shift % DAY === 0 && first < last
    ? { dayFrom: first, dayTo: last, headTo: first, tailFrom: last }
    : { dayFrom: 0, dayTo: 0, headTo: to, tailFrom: to }
}

/** A group's day: the metrics read, cost in µ$, CPU and memory usage in 1/10,000 core- or GiB-hours. */
interface TrendRow extends Partial<Record<KubernetesTrendMetric, number>> {
  day: number
  key: string
  name: string
  /** The group's cluster's uid and name (a label's group spans clusters: null, and a name of one). */
  cluster: string | null
  clusterName: string
}

/** The window's group-days for every metric, and the window's days and bounds. */
export interface TrendDays {
  groupBy: KubernetesGroupBy
  metrics: readonly KubernetesTrendMetric[]
  rows: TrendRow[]
  /** Every UTC day the window touches. */
  days: number[]
  window: KubernetesUsageTrends['window']
}

/** Each group's days of the window (hourWindow) in each of `metrics`: one read for them all. */
export function trendDays(
  db: Db,
  scope: ClusterScope,
  q: Pick<KubernetesUsageTrendsQuery, 'startTime' | 'endTime' | 'clusters' | 'groupBy'>,
  now: number,
  metrics: readonly KubernetesTrendMetric[],
): TrendDays {
  const groupBy = q.groupBy ?? 'namespace'
  const window = hourWindow(db, q, now)
  const { shift } = kubernetesClock(db, now)
  const withDays = GRAINS[GROUPS[groupBy].grain].days !== null
  const rows = cachedStatement(db, trendSql(groupBy, metrics)).all({
    shift,
    from: window.from,
    to: window.to,
    ...windowPieces(window.from, window.to, shift, withDays),
    clusters: JSON.stringify(kubernetesClusters(scope, q.clusters)),
  }) as TrendRow[]
  const days: number[] = []
  for (let day = Math.floor(window.start / DAY) * DAY; day < window.end; day += DAY) days.push(day)
  return {
    groupBy,
    metrics,
    rows,
    days,
    window: { startTime: new Date(window.start).toISOString(), endTime: new Date(window.end).toISOString() },
  }
}

/**
 * The same days by cluster, each cluster's day the sum of its groups' (exact: whole numbers), for a
 * grouping whose groups each lie in one cluster (all but the labels): so the dashboards' cluster
 * trend panel shares the namespace panels' read.
 */
export function byCluster(d: TrendDays): TrendDays {
  const rows = new Map<string, TrendRow>()
  for (const r of d.rows) {
    if (r.cluster === null) throw new Error(`byCluster: ${d.groupBy}'s groups span clusters`)
    const at = `${r.day}/${r.cluster}`
    const into = rows.get(at)
    if (!into) rows.set(at, { ...r, key: r.cluster, name: r.clusterName })
    else for (const m of d.metrics) into[m] = into[m]! + r[m]!
  }
  return { ...d, groupBy: 'cluster', rows: [...rows.values()] }
}

/** One metric's trends from a read: the asked groups' series (default the first four by total). */
export function usageTrendsOf(
  { groupBy, metrics, rows, days, window }: TrendDays,
  metric: KubernetesTrendMetric,
  asked?: readonly string[],
): KubernetesUsageTrends {
  if (!metrics.includes(metric)) throw new Error(`usageTrendsOf: ${metric} was not read`)
  const { per, unit } = METRICS[metric]
  const groups = new Map<
    string,
    { key: string; name: string; cluster?: string; total: number; days: Map<number, number> }
  >()
  for (const r of rows) {
    let g = groups.get(r.key)
    if (!g)
      groups.set(
        r.key,
        (g = {
          key: r.key,
          name: r.name,
          ...(r.cluster !== null && { cluster: r.cluster }),
          total: 0,
          days: new Map(),
        }),
      )
    const v = r[metric]!
    g.total += v
    g.days.set(r.day, (g.days.get(r.day) ?? 0) + v)
  }
  const available = [...groups.values()].sort((a, b) => b.total - a.total || (a.key < b.key ? -1 : 1))
  const selected = asked ?? available.slice(0, KUBERNETES_TREND_DEFAULT_SELECTED).map((g) => g.key)
  return {
    groupBy,
    metric,
    unit,
    interval: 'day',
    available: available.map(({ key, name, cluster, total }) => ({
      key,
      name,
      ...(cluster && { cluster }),
      total: total / per,
    })),
    selected: [...selected],
    // An asked key the window does not hold is drawn as zeros: a group idle all the window.
    series: selected.map((key) => {
      const g = groups.get(key)
      return {
        key,
        name: g?.name ?? key,
        data: days.map((day) => [day, (g?.days.get(day) ?? 0) / per] as [number, number]),
      }
    }),
    window,
  }
}

/** GET /api/v1/kubernetes/usage_trends (R217). */
export function kubernetesUsageTrends(
  db: Db,
  scope: ClusterScope,
  q: KubernetesUsageTrendsQuery,
  now: number,
): KubernetesUsageTrends {
  const asked = q.values
    ?.split(',')
    .map((v) => v.trim())
    .filter(Boolean)
  if (asked && asked.length > KUBERNETES_TREND_MAX_SELECTED)
    throw new HttpError(
      400,
      `querystring/values: at most ${KUBERNETES_TREND_MAX_SELECTED} groups, got ${asked.length}`,
    )
  const metric = q.metric ?? 'cost'
  return usageTrendsOf(trendDays(db, scope, q, now, [metric]), metric, asked)
}
