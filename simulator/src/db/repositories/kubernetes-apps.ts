import {
  rightSize,
  type KubernetesAppDaily,
  type KubernetesAppDailyQuery,
  type KubernetesAppGroupBy,
  type KubernetesAppMetrics,
  type KubernetesAppMetricsQuery,
  type KubernetesAppRow,
  type KubernetesWorkloadKind,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { hourWindow, kubernetesClock, kubernetesClusters } from './kubernetes-common.ts'
import { GROUPS, type GroupSql } from './kubernetes-topx.ts'
import type { ClusterScope } from './scope.ts'

/*
 * App metrics (/kubernetes/osd_app_metrics, R218): Top X's per-pod sums of the window (its whole
 * stored days from k8s_pod_days, the part-days from k8s_pod_hours) with the peaks beside them,
 * filtered and added up per group in SQL, each pod's hours read from its request (the stored
 * request core-hours ÷ the pod's request in cores), and the 95th percentile of the group's pods'
 * daily peaks beside them. The right-sizing rule (rules/kubernetes-right-
 * sizing.ts) then runs on the matching groups — a few hundred at most, the workloads of two
 * clusters — which are sorted and paged here: sorting by saving in SQL would write the rule twice.
 */

const MICRO = 1_000_000
const UNITS = 10_000
const DAY = 86_400_000

const MEASURES = `pod_id, cost_cpu, cost_ram, cost_gpu, usage_cost, cpu_usage, cpu_request, cpu_alloc,
  mem_usage, mem_request, mem_alloc, cpu_peak_m, mem_peak_mib`

/** The whole stored days of [from, to) and the hours either side (Top X's split). */
function windowParts(from: number, to: number) {
  const firstDay = Math.ceil(from / DAY) * DAY
  const lastDay = Math.floor(to / DAY) * DAY
  return firstDay >= lastDay
    ? { dayFrom: 0, dayTo: 0, from, headTo: to, tailFrom: to, to }
    : { dayFrom: firstDay, dayTo: lastDay, from, headTo: firstDay, tailFrom: lastDay, to }
}

interface GroupRow {
  key: string
  name: string
  cluster: string | null
  namespace: string | null
  kind: KubernetesWorkloadKind | null
  pods: number
  podHours: number
  cost: number
  costCpu: number
  costRam: number
  usageCost: number
  cpuUsage: number
  cpuRequest: number
  cpuAlloc: number
  memUsage: number
  memRequest: number
  memAlloc: number
  cpuPeak: number
  memPeak: number
}

/** The window's rows: whole stored days from the day rows, the part-days from the hour rows. */
const ROWS = `rows AS (
      SELECT ${MEASURES} FROM k8s_pod_days WHERE day >= @dayFrom AND day < @dayTo
      UNION ALL SELECT ${MEASURES} FROM k8s_pod_hours WHERE ts >= @from AND ts < @headTo
      UNION ALL SELECT ${MEASURES} FROM k8s_pod_hours WHERE ts >= @tailFrom AND ts < @to)`

/** The pods' joins and the filters (named parameters, see `readGroups`). */
const scoped = (group: GroupSql) => `JOIN k8s_pods p ON p.id = a.pod_id
    JOIN k8s_workloads w ON w.id = p.workload_id
    JOIN k8s_namespaces n ON n.id = w.namespace_id
  WHERE n.cluster_uid IN (SELECT value FROM json_each(@clusters))
    AND (@namespace IS NULL OR n.name = @namespace)
    AND (@kinds IS NULL OR w.kind IN (SELECT value FROM json_each(@kinds)))
    AND (@search IS NULL OR ${group.name} LIKE '%' || @search || '%' ESCAPE '\\')
    AND (@key IS NULL OR ${group.key} = @key)`

/** The groups of the window that pass the filters, their sums added up per pod first. */
function groupSql(groupBy: KubernetesAppGroupBy): string {
  const group = GROUPS[groupBy]
  return `WITH ${ROWS},
    a AS (SELECT pod_id, sum(cost_cpu) AS cost_cpu, sum(cost_ram) AS cost_ram, sum(cost_gpu) AS cost_gpu,
        sum(usage_cost) AS usage_cost, sum(cpu_usage) AS cpu_usage, sum(cpu_request) AS cpu_request,
        sum(cpu_alloc) AS cpu_alloc, sum(mem_usage) AS mem_usage, sum(mem_request) AS mem_request,
        sum(mem_alloc) AS mem_alloc
      FROM rows GROUP BY pod_id)
  SELECT ${group.key} AS key, ${group.name} AS name, ${group.cluster ?? 'NULL'} AS cluster,
    ${group.namespace ?? 'NULL'} AS namespace, ${group.kind ?? 'NULL'} AS kind,
    count(*) AS pods,
    sum(a.cpu_request * 1000.0 / ${UNITS} / (SELECT sum(k.cpu_request_m) FROM k8s_containers k WHERE k.pod_id = a.pod_id))
      AS podHours,
    sum(a.cost_cpu + a.cost_ram + a.cost_gpu) AS cost, sum(a.cost_cpu) AS costCpu, sum(a.cost_ram) AS costRam,
    sum(a.usage_cost) AS usageCost, sum(a.cpu_usage) AS cpuUsage, sum(a.cpu_request) AS cpuRequest,
    sum(a.cpu_alloc) AS cpuAlloc, sum(a.mem_usage) AS memUsage, sum(a.mem_request) AS memRequest,
    sum(a.mem_alloc) AS memAlloc, 0 AS cpuPeak, 0 AS memPeak
  FROM a ${scoped(group)}
  GROUP BY ${group.by}`
}

/**
 * Every pod's daily peaks in the window, with its group's key: the day rows' for whole stored days,
 * the most of the hours' for the part-days either side (one value a pod and day either way).
 */
function peaksSql(groupBy: KubernetesAppGroupBy): string {
  const group = GROUPS[groupBy]
  return `WITH peaks AS (
      SELECT pod_id, cpu_peak_m AS cpu, mem_peak_mib AS mem FROM k8s_pod_days WHERE day >= @dayFrom AND day < @dayTo
      UNION ALL SELECT pod_id, max(cpu_peak_m), max(mem_peak_mib) FROM k8s_pod_hours
        WHERE (ts >= @from AND ts < @headTo) OR (ts >= @tailFrom AND ts < @to) GROUP BY pod_id, ts / ${DAY})
  SELECT ${group.key} AS key, a.cpu, a.mem FROM peaks a ${scoped(group)}`
}

/**
 * The 95th percentile (nearest rank) of each group's stored peaks: Kubecost's quantile rather than the
 * max, so one busy pod-hour does not set a whole workload's request.
 */
export function p95(values: number[]): number {
  if (!values.length) return 0
  values.sort((x, y) => x - y)
  return values[Math.ceil(0.95 * values.length) - 1]!
}

/** A group's figures per pod, its cost and its recommendation (rules/kubernetes-right-sizing.ts). */
export function appRow(g: GroupRow): KubernetesAppRow {
  const hours = g.podHours
  const perPod = (units: number, scale: number) => (hours > 0 ? (units / UNITS / hours) * scale : 0)
  const cpu = {
    requestM: perPod(g.cpuRequest, 1000),
    usageM: perPod(g.cpuUsage, 1000),
    peakM: g.cpuPeak,
  }
  const memory = {
    requestMib: perPod(g.memRequest, 1024),
    usageMib: perPod(g.memUsage, 1024),
    peakMib: g.memPeak,
  }
  const sizing = rightSize({
    cpuRequestM: cpu.requestM,
    memoryRequestMib: memory.requestMib,
    cpuUsageM: cpu.usageM,
    memoryUsageMib: memory.usageMib,
    cpuPeakM: cpu.peakM,
    memoryPeakMib: memory.peakMib,
    podHours: hours,
    // The rates the pods were costed at: their allocation cost per allocated core-hour and GiB-hour.
    cpuRateUsd: g.cpuAlloc > 0 ? g.costCpu / MICRO / (g.cpuAlloc / UNITS) : 0,
    ramRateUsd: g.memAlloc > 0 ? g.costRam / MICRO / (g.memAlloc / UNITS) : 0,
    cpuCostUsd: g.costCpu / MICRO,
    ramCostUsd: g.costRam / MICRO,
    costUsd: g.cost / MICRO,
  })
  const cpuRamCost = g.costCpu + g.costRam
  return {
    key: g.key,
    name: g.name,
    ...(g.cluster !== null && { cluster: g.cluster }),
    ...(g.namespace !== null && { namespace: g.namespace }),
    ...(g.kind !== null && { kind: g.kind }),
    pods: g.pods,
    podHours: hours,
    costUsd: g.cost / MICRO,
    efficiency: cpuRamCost > 0 ? g.usageCost / cpuRamCost : 0,
    cpu: {
      ...cpu,
      recommendedM: sizing.cpu.recommended,
      action: sizing.cpu.action,
      savingUsd: sizing.cpu.savingUsd,
    },
    memory: {
      ...memory,
      recommendedMib: sizing.memory.recommended,
      action: sizing.memory.action,
      savingUsd: sizing.memory.savingUsd,
    },
    savingUsd: sizing.savingUsd,
  }
}

const SORTS: Record<
  NonNullable<KubernetesAppMetricsQuery['sort']>,
  (r: KubernetesAppRow) => number | string
> = {
  cost: (r) => r.costUsd,
  saving: (r) => r.savingUsd,
  efficiency: (r) => r.efficiency,
  name: (r) => r.name,
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

function readGroups(
  db: Db,
  scope: ClusterScope,
  q: Pick<KubernetesAppMetricsQuery, 'startTime' | 'endTime' | 'clusters'>,
  groupBy: KubernetesAppGroupBy,
  filters: { namespace?: string; kinds?: string; search?: string; key?: string },
  now: number,
) {
  const window = hourWindow(db, q, now)
  const clusters = kubernetesClusters(scope, q.clusters)
  const search = filters.search?.trim()
  const params = {
    ...windowParts(window.from, window.to),
    clusters: JSON.stringify(clusters),
    namespace: filters.namespace ?? null,
    kinds: filters.kinds ? JSON.stringify(filters.kinds.split(',')) : null,
    search: search ? escapeLike(search) : null,
    key: filters.key ?? null,
  }
  const groups = cachedStatement(db, groupSql(groupBy)).all(params) as GroupRow[]
  const peaks = new Map<string, { cpu: number[]; mem: number[] }>()
  // Rows as arrays (no object a row): a week at the large scale is some 5,000 pod-days.
  const rows = cachedStatement(db, peaksSql(groupBy)).raw().all(params) as [string, number, number][]
  for (const [key, cpu, mem] of rows) {
    let g = peaks.get(key)
    if (!g) peaks.set(key, (g = { cpu: [], mem: [] }))
    g.cpu.push(cpu)
    g.mem.push(mem)
  }
  for (const g of groups) {
    g.cpuPeak = p95(peaks.get(g.key)?.cpu ?? [])
    g.memPeak = p95(peaks.get(g.key)?.mem ?? [])
  }
  return { window, clusters, groups }
}

const NAMESPACES_SQL = `SELECT DISTINCT name FROM k8s_namespaces
  WHERE cluster_uid IN (SELECT value FROM json_each(?)) ORDER BY name`

/** GET /api/v1/kubernetes/app_metrics (R218). */
export function kubernetesAppMetrics(
  db: Db,
  scope: ClusterScope,
  q: KubernetesAppMetricsQuery,
  now: number,
): KubernetesAppMetrics {
  const groupBy = q.groupBy ?? 'workload'
  const { window, clusters, groups } = readGroups(db, scope, q, groupBy, q, now)
  const rows = groups.map(appRow)
  const sortBy = SORTS[q.sort ?? 'cost']
  const direction = (q.order ?? 'desc') === 'desc' ? -1 : 1
  rows.sort((a, b) => {
    const x = sortBy(a)
    const y = sortBy(b)
    return (x < y ? -1 : x > y ? 1 : 0) * direction || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  })
  const page = q.page ?? 1
  const pageSize = q.pageSize ?? 25
  const namespaces = cachedStatement(db, NAMESPACES_SQL)
    .all(JSON.stringify(clusters))
    .map((r) => (r as { name: string }).name)
  return {
    groupBy,
    rows: rows.slice((page - 1) * pageSize, page * pageSize),
    total: rows.length,
    totals: {
      costUsd: rows.reduce((sum, r) => sum + r.costUsd, 0),
      savingUsd: rows.reduce((sum, r) => sum + r.savingUsd, 0),
      overRequested: rows.filter((r) => r.savingUsd > 0).length,
      underRequested: rows.filter((r) => r.cpu.action === 'raise' || r.memory.action === 'raise').length,
    },
    metadata: { namespaces },
    window: { startTime: new Date(window.start).toISOString(), endTime: new Date(window.end).toISOString() },
  }
}

/**
 * One group's requests and usage per UTC day of shown time, from its pods' hours (a shown day is no
 * stored day unless the shift is whole days, as the usage trends say): the day's sums divided by the
 * day's hours in the window, so a part-day reads as the average over the hours it has. The group's
 * pods are found first, so the window's hours are only checked against a set of ids.
 */
const DAILY_SQL = (groupBy: KubernetesAppGroupBy) => `
  SELECT CAST((h.ts + @shift) / ${DAY} AS INTEGER) * ${DAY} AS day,
    sum(h.cpu_request) AS cpuRequest, sum(h.cpu_usage) AS cpuUsage,
    sum(h.mem_request) AS memRequest, sum(h.mem_usage) AS memUsage,
    sum(h.cost_cpu + h.cost_ram + h.cost_gpu) AS cost
  FROM k8s_pod_hours h
  WHERE h.ts >= @from AND h.ts < @to AND h.pod_id IN (SELECT p.id FROM k8s_pods p
      JOIN k8s_workloads w ON w.id = p.workload_id JOIN k8s_namespaces n ON n.id = w.namespace_id
    WHERE n.cluster_uid IN (SELECT value FROM json_each(@clusters)) AND ${GROUPS[groupBy].key} = @key)
  GROUP BY 1`

/** GET /api/v1/kubernetes/app_metrics/daily. */
export function kubernetesAppDaily(
  db: Db,
  scope: ClusterScope,
  q: KubernetesAppDailyQuery,
  now: number,
): KubernetesAppDaily {
  const groupBy = q.groupBy ?? 'workload'
  const window = hourWindow(db, q, now)
  const { shift } = kubernetesClock(db, now)
  const rows = cachedStatement(db, DAILY_SQL(groupBy)).all({
    shift,
    from: window.from,
    to: window.to,
    clusters: JSON.stringify(kubernetesClusters(scope, q.clusters)),
    key: q.key,
  }) as {
    day: number
    cpuRequest: number
    cpuUsage: number
    memRequest: number
    memUsage: number
    cost: number
  }[]
  const byDay = new Map(rows.map((r) => [r.day, r]))
  const days: KubernetesAppDaily['days'] = []
  const shownEnd = window.to + shift
  for (let day = Math.floor(window.start / DAY) * DAY; day < window.end; day += DAY) {
    const hours = Math.max(1, (Math.min(day + DAY, shownEnd) - Math.max(day, window.start)) / 3_600_000)
    const r = byDay.get(day)
    const average = (units: number | undefined) => (units ?? 0) / UNITS / hours
    days.push({
      day,
      cpuRequestCores: average(r?.cpuRequest),
      cpuUsageCores: average(r?.cpuUsage),
      memoryRequestGib: average(r?.memRequest),
      memoryUsageGib: average(r?.memUsage),
      costUsd: (r?.cost ?? 0) / MICRO,
    })
  }
  return {
    key: q.key,
    days,
    window: { startTime: new Date(window.start).toISOString(), endTime: new Date(window.end).toISOString() },
  }
}
