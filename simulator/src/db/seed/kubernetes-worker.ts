import { isMainThread } from 'node:worker_threads'
import type { Db } from '../open-database.ts'
import type { SeedCluster } from './clusters.ts'
import { KUBERNETES_LOGS_PRNG_OFFSET, seedKubernetesLogs } from './kubernetes-logs.ts'
import { KUBERNETES_PRNG_OFFSET, seedKubernetes } from './kubernetes.ts'
import { createPrng } from './prng.ts'
import type { Scale } from './scale.ts'
import { runSideSeedWorker } from './side-seed-worker.ts'

/** The Kubernetes tables, parents before children: what the main thread copies in (side-seed.ts). */
export const KUBERNETES_TABLES: readonly string[] = [
  'k8s_namespaces',
  'k8s_workloads',
  'k8s_nodes',
  'k8s_pods',
  'k8s_containers',
  'k8s_pod_hours',
  'k8s_pod_days',
  'k8s_node_hours',
  'k8s_workload_hours',
  'k8s_workload_days',
  'k8s_namespace_hours',
  'k8s_log_templates',
  'k8s_log_containers',
  'k8s_log_lines',
  'k8s_log_hours',
]

/** What seedDatabase hands the Kubernetes worker (structured-cloned). */
export interface KubernetesSideInput {
  seed: number
  now: number
  scale: Scale
  clusters: SeedCluster[]
}

/**
 * Seeds Kubernetes and its log lines as seedDatabase does in-thread: the same plan from the same
 * generator (the main thread plans it too, for the Spark applications' runs: the same runs), the same
 * hours and lines. They read no other table, so they are made in their own file and copied in.
 */
export function seedKubernetesSide(
  db: Db,
  input: KubernetesSideInput,
  send: (rows: number) => void,
): Record<string, number> {
  let started = performance.now()
  let rows = seedKubernetes(
    db,
    createPrng(input.seed + KUBERNETES_PRNG_OFFSET),
    input.clusters,
    input.now,
    input.scale,
  )
  const kubernetes = Math.round(performance.now() - started)
  started = performance.now()
  rows += seedKubernetesLogs(db, createPrng(input.seed + KUBERNETES_LOGS_PRNG_OFFSET), input.now)
  // The rows written, as the in-thread steps count them (the seed's summary).
  send(rows)
  return { kubernetes, 'kubernetes-logs': Math.round(performance.now() - started) }
}

// Run as a worker's entry only; imported on the main thread it does nothing.
if (!isMainThread)
  runSideSeedWorker((db, input, _progress, send) =>
    seedKubernetesSide(db, input as KubernetesSideInput, send),
  )
