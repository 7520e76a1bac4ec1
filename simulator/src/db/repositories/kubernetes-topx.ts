import {
  KUBERNETES_UNALLOCATED,
  type KubernetesGroupBy,
  type KubernetesTopxQuery,
  type KubernetesTopxResponse,
  type KubernetesTopxRow,
  type KubernetesWorkloadKind,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { GRAINS, hourWindow, kubernetesClusters, type Grain } from './kubernetes-common.ts'
import type { ClusterScope } from './scope.ts'

/*
 * Top X (/kubernetes/osd_topx): the window's whole days from day rows and its part-days from hour
 * rows, added up in SQL per pod or workload, then per group through the workload, namespace and node.
 * Idle comes from the node-hours of the same clusters and hours. Stored money is µ$ and
 * resource-hours 1/10,000 (seed/kubernetes-usage.ts): both are turned into USD and hours here only.
 *
 * Why the day rows: read from the hours alone, a 7-day window at the large scale was 100,000 rows ×
 * 10 sums, p50 73 ms and p99 130 ms (2026-11-28, 11,000 pods); whole days from the day rows and
 * the part-days from the hours read about a third of that, p50 17-27 ms and p99 33-98 ms at
 * 10,200 pods on a loaded machine (the SQL alone 16 ms).
 * Why the workloads' rows: every grouping but pod and node is a workload's or coarser (namespace,
 * cluster, and the labels, which are namespaces' or workloads'), so it is answered from the workloads'
 * days and hours (k8s_workload_days, _hours: the pods' integers added up at seeding, the sums the
 * same): over 30 days 1,500 day rows and the part-days' hours against 23,000 pod-days and 10,000 pods'
 * joins, which took 36-80 ms a call on a loaded machine.
 */

const MICRO = 1_000_000
const UNITS = 10_000
const DAY = 86_400_000

/** How each groupBy names and keys its groups: SQL over p (pod), w, n (namespace), nd (node), c. */
export interface GroupSql {
  /** The coarsest rows that tell its groups apart (the tables it may read, kubernetes-common.ts). */
  grain: Grain
  key: string
  name: string
  cluster?: string
  namespace?: string
  kind?: string
  by: string
}

const label = (column: string, grain: Grain): GroupSql => ({
  grain,
  key: `coalesce(${column}, '${KUBERNETES_UNALLOCATED}')`,
  name: `coalesce(${column}, '${KUBERNETES_UNALLOCATED}')`,
  by: `coalesce(${column}, '${KUBERNETES_UNALLOCATED}')`,
})

export const GROUPS: Record<KubernetesGroupBy, GroupSql> = {
  namespace: {
    grain: 'namespace',
    key: "n.cluster_uid || '/' || n.name",
    name: 'n.name',
    cluster: 'n.cluster_uid',
    namespace: 'n.name',
    by: 'n.id',
  },
  workload: {
    grain: 'workload',
    key: "n.cluster_uid || '/' || n.name || '/' || w.kind || '/' || w.name",
    name: 'w.name',
    cluster: 'n.cluster_uid',
    namespace: 'n.name',
    kind: 'w.kind',
    by: 'w.id',
  },
  pod: {
    grain: 'pod',
    // A StatefulSet's pod keeps its name across restarts: the pod's id tells them apart.
    key: "n.cluster_uid || '/' || n.name || '/' || p.name || '#' || p.id",
    name: 'p.name',
    cluster: 'n.cluster_uid',
    namespace: 'n.name',
    kind: 'w.kind',
    by: 'p.id',
  },
  node: {
    grain: 'pod',
    key: "nd.cluster_uid || '/' || nd.name",
    name: 'nd.name',
    cluster: 'nd.cluster_uid',
    by: 'nd.id',
  },
  cluster: {
    grain: 'namespace',
    key: 'n.cluster_uid',
    name: 'c.cluster_name',
    cluster: 'n.cluster_uid',
    by: 'n.cluster_uid',
  },
  'label:team': label('n.label_team', 'namespace'),
  'label:env': label('n.label_env', 'namespace'),
  'label:cost_center': label('n.label_cost_center', 'namespace'),
  'label:app': label('w.label_app', 'workload'),
}

/** The sums every group, and the whole window, carries (column aliases of the SQL below). */
interface Sums {
  cost: number
  cpuRamCost: number
  usageCost: number
  cpuUsage: number
  cpuRequest: number
  cpuAlloc: number
  memUsage: number
  memRequest: number
  memAlloc: number
  gpu: number
}

interface GroupRow extends Sums {
  key: string
  name: string
  cluster: string | null
  namespace: string | null
  kind: KubernetesWorkloadKind | null
}

const SUM_KEYS: readonly (keyof Sums)[] = [
  'cost',
  'cpuRamCost',
  'usageCost',
  'cpuUsage',
  'cpuRequest',
  'cpuAlloc',
  'memUsage',
  'memRequest',
  'memAlloc',
  'gpu',
]

/** An id's rows added up (their columns in snake case), then its groups' (the ids' sums). */
const ID_SUMS = `sum(cost) AS cost, sum(cpu_ram_cost) AS cpuRamCost, sum(usage_cost) AS usageCost,
  sum(cpu_usage) AS cpuUsage, sum(cpu_request) AS cpuRequest, sum(cpu_alloc) AS cpuAlloc,
  sum(mem_usage) AS memUsage, sum(mem_request) AS memRequest, sum(mem_alloc) AS memAlloc,
  sum(gpu_alloc) AS gpu`
const GROUP_SUMS = SUM_KEYS.map((k) => `sum(a.${k}) AS ${k}`).join(', ')

/** The pods' rows for pod and node; the workloads' for the rest (namespaces' hours lack Top X's measures). */
const topxGrain = (group: GroupSql): Grain => (group.grain === 'pod' ? 'pod' : 'workload')

/**
 * The window's figures: its whole (stored) days from the day rows, its first and last part-days
 * from the hour rows (parameters: days from, to; hours from, to; hours from, to), added up per pod or
 * workload before the joins, so that they run once an id rather than once a row.
 */
function groupSql(group: GroupSql): string {
  const column = (sql: string | undefined) => sql ?? 'NULL'
  const grain = GRAINS[topxGrain(group)]
  const measures = `${grain.id} AS id, ${grain.cost} AS cost, ${grain.cpuRamCost} AS cpu_ram_cost, usage_cost,
    cpu_usage, cpu_request, cpu_alloc, mem_usage, mem_request, mem_alloc, gpu_alloc`
  return `WITH rows AS (
      SELECT ${measures} FROM ${grain.days} WHERE day >= ? AND day < ?
      UNION ALL SELECT ${measures} FROM ${grain.hours} WHERE ts >= ? AND ts < ?
      UNION ALL SELECT ${measures} FROM ${grain.hours} WHERE ts >= ? AND ts < ?),
    a AS (SELECT id, ${ID_SUMS} FROM rows GROUP BY id)
  SELECT ${group.key} AS key, ${group.name} AS name, ${column(group.cluster)} AS cluster,
    ${column(group.namespace)} AS namespace, ${column(group.kind)} AS kind, ${GROUP_SUMS}
  FROM a ${grain.joins}
  WHERE n.cluster_uid IN (SELECT value FROM json_each(?))
  GROUP BY ${group.by}`
}

/** The stored days wholly in [from, to) and the part-day hours either side of them. */
function windowParts(from: number, to: number): number[] {
  const firstDay = Math.ceil(from / DAY) * DAY
  const lastDay = Math.floor(to / DAY) * DAY
  if (firstDay >= lastDay) return [0, 0, from, to, 0, 0]
  return [firstDay, lastDay, from, firstDay, lastDay, to]
}

const IDLE_SQL = `SELECT coalesce(sum(h.cost), 0) AS assets, coalesce(sum(h.idle_cost), 0) AS idle
  FROM k8s_node_hours h JOIN k8s_nodes nd ON nd.id = h.node_id
  WHERE h.ts >= ? AND h.ts < ? AND nd.cluster_uid IN (SELECT value FROM json_each(?))`

/** Efficiency: usage ÷ allocation, cost-weighted across CPU and memory (0 without cost). */
const efficiencyOf = (s: Sums) => (s.cpuRamCost > 0 ? s.usageCost / s.cpuRamCost : 0)

function figures(s: Sums) {
  return {
    costUsd: s.cost / MICRO,
    cpuCoreHours: s.cpuUsage / UNITS,
    cpuRequestCoreHours: s.cpuRequest / UNITS,
    cpuAllocationCoreHours: s.cpuAlloc / UNITS,
    memoryGbHours: s.memUsage / UNITS,
    memoryRequestGbHours: s.memRequest / UNITS,
    memoryAllocationGbHours: s.memAlloc / UNITS,
    gpuHours: s.gpu / UNITS,
    efficiency: efficiencyOf(s),
  }
}

const SORTS: Record<KubernetesTopxQuery['metric'] & string, (r: GroupRow) => number> = {
  cost: (r) => r.cost,
  cpu: (r) => r.cpuUsage,
  memory: (r) => r.memUsage,
  efficiency: efficiencyOf,
}

/** GET /api/v1/kubernetes/topx. */
export function kubernetesTopx(
  db: Db,
  scope: ClusterScope,
  q: KubernetesTopxQuery,
  now: number,
): KubernetesTopxResponse {
  const groupBy = q.groupBy ?? 'namespace'
  const metric = q.metric ?? 'cost'
  const limit = q.limit ?? 10
  const window = hourWindow(db, q, now)
  const clusters = JSON.stringify(kubernetesClusters(scope, q.clusters))
  const groups = cachedStatement(db, groupSql(GROUPS[groupBy])).all(
    ...windowParts(window.from, window.to),
    clusters,
  ) as GroupRow[]
  const { assets, idle } = cachedStatement(db, IDLE_SQL).get(window.from, window.to, clusters) as {
    assets: number
    idle: number
  }
  const total = Object.fromEntries(SUM_KEYS.map((k) => [k, 0])) as unknown as Sums
  for (const g of groups) for (const k of SUM_KEYS) total[k] += g[k]
  const share = (micro: number) => (assets > 0 ? micro / assets : 0)
  const sortBy = SORTS[metric]
  const rows: KubernetesTopxRow[] = groups
    .sort((a, b) => sortBy(b) - sortBy(a) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, limit)
    .map((g) => ({
      key: g.key,
      name: g.name,
      ...(g.cluster !== null && { cluster: g.cluster }),
      ...(g.namespace !== null && { namespace: g.namespace }),
      ...(g.kind !== null && { kind: g.kind }),
      ...figures(g),
      share: share(g.cost),
    }))
  return {
    groupBy,
    metric,
    rows,
    groups: groups.length,
    idle: { costUsd: idle / MICRO, share: share(idle) },
    total: { ...figures(total), costUsd: assets / MICRO, allocationCostUsd: total.cost / MICRO },
    window: { startTime: new Date(window.start).toISOString(), endTime: new Date(window.end).toISOString() },
  }
}
