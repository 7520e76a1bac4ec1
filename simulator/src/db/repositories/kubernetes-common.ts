import { KUBERNETES_DEFAULT_WINDOW_DAYS, KUBERNETES_MAX_WINDOW_DAYS } from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { gridClock, instant, type StoredClock } from './applications.ts'
import { scopedClusters, type ClusterScope } from './scope.ts'

/*
 * What every Kubernetes read shares (contracts/kubernetes.ts): the read clock, the window of hours
 * and the clusters. Stored times are the seeded ones; a read compares them with `storedNow` and adds
 * `shift` to the times it answers.
 */

export const HOUR = 3_600_000
const DAY = 24 * HOUR

/** The read clock: the applications' shift rounded to whole hours, so hour rows stay on the hour. */
export const kubernetesClock = (db: Db, now: number): StoredClock => gridClock(db, now, HOUR)

export interface HourWindow {
  /** The first hour counted and the end of the last one, shown time. */
  start: number
  end: number
  /** The stored hours counted: from ≤ ts < to. */
  from: number
  to: number
}

/**
 * The hours that overlap [startTime, endTime) (default the last 7 days to now): 400 for a bad date,
 * a start after the end or a window over KUBERNETES_MAX_WINDOW_DAYS.
 */
export function hourWindow(db: Db, q: { startTime?: string; endTime?: string }, now: number): HourWindow {
  const end = instant(q.endTime, 'endTime', 'querystring') ?? now
  const start = instant(q.startTime, 'startTime', 'querystring') ?? end - KUBERNETES_DEFAULT_WINDOW_DAYS * DAY
  if (start > end) throw new HttpError(400, 'querystring/startTime must not be after querystring/endTime')
  if (end - start > KUBERNETES_MAX_WINDOW_DAYS * DAY)
    throw new HttpError(
      400,
      `querystring/startTime: the window is ${Math.ceil((end - start) / DAY)} days; at most ${KUBERNETES_MAX_WINDOW_DAYS}`,
    )
  const clock = kubernetesClock(db, now)
  const first = Math.floor(start / HOUR) * HOUR
  // Hours after now hold nothing yet: the window ends with the hour now is in.
  const last = Math.max(first, Math.ceil(Math.min(end, now) / HOUR) * HOUR)
  return { start: first, end: last, from: first - clock.shift, to: Math.min(end, now) - clock.shift }
}

/** The clusters a read covers: the comma-separated uids asked for (403 unless the user's), else all. */
export const kubernetesClusters = (scope: ClusterScope, clusters: string | undefined): readonly string[] =>
  scopedClusters(
    scope,
    clusters?.split(',').map((uid) => uid.trim()),
  )

/**
 * The rows a read adds up, from the finest to the coarsest: the pods' (k8s_pod_days and _hours), their
 * workloads' and their namespaces' (the seed's rollups of the same integers, seed/kubernetes-usage.ts).
 * A read takes the coarsest that still tells its groups apart (GroupSql.grain in kubernetes-topx.ts)
 * and has the measures it needs: the fewer rows, the faster, the sums the same.
 */
export type Grain = 'pod' | 'workload' | 'namespace'

export interface GrainSql {
  /** The day rows (null: hours only) and the hour rows, and their id column. */
  days: string | null
  hours: string
  id: string
  /** The allocation's cost (µ$) and its CPU and RAM part, over the table's columns. */
  cost: string
  /** null: not kept (a namespace's hours serve the usage trends' cost, CPU and memory only). */
  cpuRamCost: string | null
  /** From `a.id` (the rows added up per id) to p (pod), w, n (namespace), nd (node) and c (cluster), as far as the grain goes. */
  joins: string
}

const TO_CLUSTER = `JOIN k8s_namespaces n ON n.id = w.namespace_id
    JOIN clusters c ON c.unravel_id = n.cluster_uid`

export const GRAINS: Record<Grain, GrainSql> = {
  pod: {
    days: 'k8s_pod_days',
    hours: 'k8s_pod_hours',
    id: 'pod_id',
    cost: 'cost_cpu + cost_ram + cost_gpu',
    cpuRamCost: 'cost_cpu + cost_ram',
    joins: `JOIN k8s_pods p ON p.id = a.id
    JOIN k8s_workloads w ON w.id = p.workload_id
    JOIN k8s_nodes nd ON nd.id = p.node_id
    ${TO_CLUSTER}`,
  },
  workload: {
    days: 'k8s_workload_days',
    hours: 'k8s_workload_hours',
    id: 'workload_id',
    cost: 'cost',
    cpuRamCost: 'cpu_ram_cost',
    joins: `JOIN k8s_workloads w ON w.id = a.id
    ${TO_CLUSTER}`,
  },
  namespace: {
    days: null,
    hours: 'k8s_namespace_hours',
    id: 'namespace_id',
    cost: 'cost',
    cpuRamCost: null,
    joins: `JOIN k8s_namespaces n ON n.id = a.id
    JOIN clusters c ON c.unravel_id = n.cluster_uid`,
  },
}
