import {
  KUBERNETES_TREND_DEFAULT_SELECTED,
  KUBERNETES_TREND_MAX_SELECTED,
  type KubernetesTrendMetric,
  type KubernetesUsageTrends,
  type KubernetesUsageTrendsQuery,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { hourWindow, kubernetesClock, kubernetesClusters } from './kubernetes-common.ts'
import { GROUPS } from './kubernetes-topx.ts'
import type { ClusterScope } from './scope.ts'

/*
 * The Kubernetes usage trends (03 §2 /kubernetes/osd_usage_trends, R217; the 03 §3 usage-trending
 * state: groups with their available and selected values, first four selected, a 1-day interval in
 * UTC). A point per UTC day of shown time, read from the pod-hours (the data's read-time shift is
 * whole hours, not whole days, so a stored day is no shown day): a week at the large scale is some
 * 77,000 hour rows. The groups are Top X's (kubernetes-topx.ts GROUPS), so a Top X row's key opens
 * its trend and the days add up to its figure.
 */

const DAY = 86_400_000

/** Each metric's column on k8s_pod_hours, its stored unit per shown unit, and the unit's name. */
const METRICS: Record<
  KubernetesTrendMetric,
  { column: string; per: number; unit: KubernetesUsageTrends['unit'] }
> = {
  cost: { column: 'h.cost_cpu + h.cost_ram + h.cost_gpu', per: 1_000_000, unit: 'USD' },
  cpu: { column: 'h.cpu_usage', per: 10_000, unit: 'core-hours' },
  memory: { column: 'h.mem_usage', per: 10_000, unit: 'GiB-hours' },
}

/**
 * Each pod's days: from the pod-days for the whole stored days of [@dayFrom, @dayTo) and from the
 * hours for the rest of [@from, @to) (windowPieces) — an empty day range when the shift is no whole number of days,
 * since a stored day is then no shown day (a week reads some 77,000 hours at the large scale, 33-49
 * ms; from its days, a few milliseconds). Then the few thousand (pod, day) pairs are joined to their
 * workload, namespace and node. CAST: a bound shift arrives as a REAL, and REAL division keeps the hour.
 */
function trendSql(groupBy: keyof typeof GROUPS, metric: KubernetesTrendMetric): string {
  const group = GROUPS[groupBy]
  const measure = METRICS[metric].column
  const hoursDay = `CAST((h.ts + @shift) / ${DAY} AS INTEGER) * ${DAY}`
  return `WITH a AS (
      SELECT h.day + @shift AS day, h.pod_id, ${measure} AS v
        FROM k8s_pod_days h WHERE h.day >= @dayFrom AND h.day < @dayTo
      UNION ALL
      SELECT ${hoursDay} AS day, h.pod_id, sum(${measure}) AS v
        FROM k8s_pod_hours h
       WHERE (h.ts >= @from AND h.ts < @headTo) OR (h.ts >= @tailFrom AND h.ts < @to)
       GROUP BY 1, h.pod_id)
    SELECT a.day AS day, ${group.key} AS key, ${group.name} AS name, ${group.cluster ?? 'NULL'} AS cluster,
           sum(a.v) AS v
      FROM a JOIN k8s_pods p ON p.id = a.pod_id
      JOIN k8s_workloads w ON w.id = p.workload_id
      JOIN k8s_namespaces n ON n.id = w.namespace_id
      JOIN k8s_nodes nd ON nd.id = p.node_id
      JOIN clusters c ON c.unravel_id = n.cluster_uid
     WHERE n.cluster_uid IN (SELECT value FROM json_each(@clusters))
     GROUP BY a.day, ${group.by}`
}

/**
 * The whole stored days of [from, to) the pod-days answer, none unless the shift is whole days, and
 * the hours left at either end ([from, headTo) and [tailFrom, to): the whole window when no day is).
 */
function windowPieces(from: number, to: number, shift: number) {
  const first = Math.ceil(from / DAY) * DAY
  const last = Math.floor(to / DAY) * DAY
  return shift % DAY === 0 && first < last
    ? { dayFrom: first, dayTo: last, headTo: first, tailFrom: last }
    : { dayFrom: 0, dayTo: 0, headTo: to, tailFrom: to }
}

/** GET /api/v1/kubernetes/usage_trends (R217). */
export function kubernetesUsageTrends(
  db: Db,
  scope: ClusterScope,
  q: KubernetesUsageTrendsQuery,
  now: number,
): KubernetesUsageTrends {
  const groupBy = q.groupBy ?? 'namespace'
  const metric = q.metric ?? 'cost'
  const asked = q.values
    ?.split(',')
    .map((v) => v.trim())
    .filter(Boolean)
  if (asked && asked.length > KUBERNETES_TREND_MAX_SELECTED)
    throw new HttpError(
      400,
      `querystring/values: at most ${KUBERNETES_TREND_MAX_SELECTED} groups, got ${asked.length}`,
    )
  const window = hourWindow(db, q, now)
  const { shift } = kubernetesClock(db, now)
  const rows = cachedStatement(db, trendSql(groupBy, metric)).all({
    shift,
    from: window.from,
    to: window.to,
    ...windowPieces(window.from, window.to, shift),
    clusters: JSON.stringify(kubernetesClusters(scope, q.clusters)),
  }) as { day: number; key: string; name: string; cluster: string | null; v: number }[]
  const per = METRICS[metric].per
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
    g.total += r.v
    g.days.set(r.day, (g.days.get(r.day) ?? 0) + r.v)
  }
  const available = [...groups.values()].sort((a, b) => b.total - a.total || (a.key < b.key ? -1 : 1))
  const selected = asked ?? available.slice(0, KUBERNETES_TREND_DEFAULT_SELECTED).map((g) => g.key)
  const days: number[] = []
  for (let day = Math.floor(window.start / DAY) * DAY; day < window.end; day += DAY) days.push(day)
  return {
    groupBy,
    metric,
    unit: METRICS[metric].unit,
    interval: 'day',
    available: available.map(({ key, name, cluster, total }) => ({
      key,
      name,
      ...(cluster && { cluster }),
      total: total / per,
    })),
    selected,
    // An asked key the window does not hold is drawn as zeros: a group idle all the window.
    series: selected.map((key) => {
      const g = groups.get(key)
      return {
        key,
        name: g?.name ?? key,
        data: days.map((day) => [day, (g?.days.get(day) ?? 0) / per] as [number, number]),
      }
    }),
    window: { startTime: new Date(window.start).toISOString(), endTime: new Date(window.end).toISOString() },
  }
}
