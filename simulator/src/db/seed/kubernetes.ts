import type { Db } from '../open-database.ts'
import { RowInserter } from './bulk-insert.ts'
import type { SeedCluster } from './clusters.ts'
import { K8S_CLUSTERS, KUBERNETES_SIZES, type ClusterSpec } from './kubernetes-catalogue.ts'
import { placePods, type NodePlan } from './kubernetes-placement.ts'
import { SAMPLE_MS, podsOf, workloadsOf, type PodPlan, type WorkloadPlan } from './kubernetes-pods.ts'
import { HourRoller } from './kubernetes-usage.ts'
import type { Prng } from './prng.ts'
import type { Scale } from './scale.ts'

/*
 * Kubernetes (issue 23): the two K8S clusters' namespaces, workloads, pods and containers, the nodes
 * the pods were placed on (seed/kubernetes-placement.ts), and each pod's and node's hours. Its own
 * generator (seed + KUBERNETES_PRNG_OFFSET), so every other table's rows stay as they were.
 *
 * Usage is drawn at 5-minute resolution but not stored: 10,000 pods × 30 days × 288 samples would be
 * far over the seed's budget. It is rolled up while drawn into k8s_pod_hours and k8s_pod_days
 * (kubernetes-usage.ts). Measured on 2026-11-28 at the large scale: 10,248 pods (most short-lived:
 * cron, Spark and rolled-out pods; about 450 up at a time) make 329,757 pod-hours of about 55 bytes
 * (18.2 MB) and 23,400 pod-days (1.4 MB); all the Kubernetes tables 22.2 MB, the step 1.5 s of the
 * large seed (0.2 s of the small one). Every hour is kept (a usage trend can read hours); the day rows are what keeps a 7-day
 * Top X at a quarter of the rows (repositories/kubernetes-topx.ts). Were hours to grow too many,
 * keeping them for the last days only is the lever (older windows would read whole days).
 */

export const KUBERNETES_PRNG_OFFSET = 37
const HOUR = 3_600_000
const DAY = 24 * HOUR

/** Every row of the Kubernetes seed but the hours: what is planned before any usage is drawn. */
export interface KubernetesPlan {
  /** [id, cluster_uid, name, team, env, cost centre, created_at], in id order. */
  namespaces: unknown[][]
  workloads: WorkloadPlan[]
  nodes: NodePlan[]
  /** In start order: a pod's id is its place here + 1. */
  pods: PodPlan[]
  from: number
  end: number
}

/**
 * The clusters' namespaces, workloads, pods and nodes, drawn from `prng` (which the hours then go on
 * drawing from: seedKubernetes). Planned apart from the writing so the applications step can list the
 * Spark applications' runs (seed/kubernetes-spark-apps.ts) before the Kubernetes tables are written.
 */
export function planKubernetes(
  prng: Prng,
  clusters: readonly SeedCluster[],
  now: number,
  scale: Scale,
): KubernetesPlan {
  const sizes = KUBERNETES_SIZES[scale]
  const end = Math.floor(now / SAMPLE_MS) * SAMPLE_MS
  const from = Math.floor(now / HOUR) * HOUR - sizes.days * DAY
  const known = new Set(clusters.filter((c) => c.terminatedAt === null).map((c) => c.unravelId))
  let namespaceId = 1
  let workloadId = 1
  const namespaces: unknown[][] = []
  const workloads: WorkloadPlan[] = []
  const nodes: NodePlan[] = []
  const pods: PodPlan[] = []
  for (const spec of K8S_CLUSTERS) {
    if (!known.has(spec.uid)) continue
    const createdAt = clusters.find((c) => c.unravelId === spec.uid)!.createdAt
    const ids = spec.namespaces.map(() => namespaceId++)
    spec.namespaces.forEach((ns, i) =>
      namespaces.push([ids[i], spec.uid, ns.name, ns.team, ns.env, ns.costCenter, createdAt]),
    )
    const planned = workloadsOf(spec.namespaces, ids, workloadId, createdAt)
    workloadId += planned.length
    workloads.push(...planned.map((w) => w.plan))
    const daemonSets = daemonSetWorkloads(spec, ids, workloadId, createdAt)
    workloadId += daemonSets.length
    workloads.push(...daemonSets)
    const clusterPods = planned.flatMap(({ plan, spec: workload }) =>
      podsOf({ prng, cluster: spec.uid, workload: plan, spec: workload, from, now: end, ...sizes }),
    )
    const placed = placePods(prng, spec, clusterPods, end, nodes.length + 1, (name) => {
      return daemonSets.find((w) => w.name === name)!.id
    })
    nodes.push(...placed.nodes)
    pods.push(...placed.pods)
  }
  // Numbered in order of start, so each hour's rows come in key order (ts, pod_id).
  pods.sort((a, b) => a.start - b.start || a.node! - b.node! || (a.name < b.name ? -1 : 1))
  return { namespaces, workloads, nodes, pods, from, end }
}

/** Seeds the Kubernetes tables (planned, then written); returns the rows written. */
export function seedKubernetes(
  db: Db,
  prng: Prng,
  clusters: readonly SeedCluster[],
  now: number,
  scale: Scale,
): number {
  return writeKubernetes(db, prng, planKubernetes(prng, clusters, now, scale))
}

/** Writes the Kubernetes tables of a plan, the hours drawn on from `prng` (planKubernetes's); returns the rows written. */
export function writeKubernetes(db: Db, prng: Prng, plan: KubernetesPlan): number {
  const { namespaces, workloads, nodes, pods, from, end } = plan
  let rows = 0
  db.transaction(() => {
    const insertNamespace = db.prepare(
      `INSERT INTO k8s_namespaces (id, cluster_uid, name, label_team, label_env, label_cost_center, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    for (const row of namespaces) insertNamespace.run(row)
    const insertWorkload = db.prepare(
      'INSERT INTO k8s_workloads (id, namespace_id, kind, name, label_app, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    for (const w of workloads) insertWorkload.run(w.id, w.namespace, w.kind, w.name, w.app, w.createdAt)
    const insertNode = db.prepare(
      `INSERT INTO k8s_nodes (id, cluster_uid, name, instance_type, capacity_type, pool, zone, cpu_cores, memory_gb,
         gpus, cpu_rate, ram_rate, gpu_rate, start_time, end_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    for (const n of nodes) {
      const { instance } = n.pool
      insertNode.run(
        n.id,
        n.cluster,
        n.name,
        instance.name,
        n.capacityType,
        n.pool.name,
        n.zone,
        instance.cores,
        instance.memoryGb,
        instance.gpus,
        n.rates.cpu,
        n.rates.ram,
        n.rates.gpu,
        n.start,
        n.end,
      )
    }
    const podRows = new RowInserter(db, 'k8s_pods', [
      'id',
      'workload_id',
      'node_id',
      'name',
      'phase',
      'start_time',
      'end_time',
    ])
    const containerRows = new RowInserter(db, 'k8s_containers', [
      'pod_id',
      'name',
      'cpu_request_m',
      'cpu_limit_m',
      'memory_request_mib',
      'memory_limit_mib',
      'gpu_request',
    ])
    pods.forEach((p, i) => {
      const phase = p.end === null ? 'Running' : (p.phase ?? 'Succeeded')
      podRows.push(i + 1, p.workload, p.node, p.name, phase, p.start, p.end)
    })
    podRows.flush()
    pods.forEach((p, i) => {
      for (const c of p.containers)
        containerRows.push(i + 1, c.name, c.cpuM, c.cpuLimitM, c.memoryMib, c.memoryLimitMib, c.gpus)
    })
    containerRows.flush()
    rows = new HourRoller(db, prng, nodes, workloads, pods, from, end).run()
  })()
  return rows + pods.length + nodes.length
}

/** The cluster's DaemonSets as workloads, in the namespaces they are named with. */
function daemonSetWorkloads(
  spec: ClusterSpec,
  namespaceIds: readonly number[],
  firstId: number,
  createdAt: number,
): WorkloadPlan[] {
  return spec.daemonSets.map(([namespace, name], i) => ({
    id: firstId + i,
    namespace: namespaceIds[spec.namespaces.findIndex((ns) => ns.name === namespace)]!,
    kind: 'DaemonSet',
    name,
    app: name,
    createdAt,
  }))
}
