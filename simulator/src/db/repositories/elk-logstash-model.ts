import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { elkCluster, elkClusters, sawtooth, wiggle, type EsCluster } from './elk-common.ts'
import type { ClusterScope } from './scope.ts'

/*
 * How a Logstash deployment follows its Elasticsearch cluster's load (G101, G103): it sends
 * `logstash_share` of the documents the cluster indexes; a pipeline sends its share of that and
 * receives what it sends plus what its filters drop; a node handles its share of every pipeline.
 */

const MINUTE = 60_000

export interface LogstashNode {
  id: number
  clusterId: number
  name: string
  nodeId: string
  host: string
  version: string
  share: number
  heapMax: number
  heapBasePct: number
  cpuBasePct: number
  startedAt: number
}

export interface LogstashPipeline {
  id: number
  clusterId: number
  name: string
  input: string
  output: string
  workers: number
  batchSize: number
  queueType: 'memory' | 'persisted'
  share: number
  dropRatio: number
  latencyMs: number
}

export interface Deployment {
  cluster: EsCluster
  nodes: LogstashNode[]
  pipelines: LogstashPipeline[]
}

/** G103: the user's deployments, or the one `cluster` names (404 if it is not the user's). */
export function deployments(db: Db, scope: ClusterScope, cluster?: string): Deployment[] {
  const clusters = cluster ? [elkCluster(db, scope, cluster)] : elkClusters(db, scope)
  const nodes = cachedStatement(
    db,
    `SELECT id, cluster_id AS clusterId, name, node_id AS nodeId, host, version, share, heap_max AS heapMax,
       heap_base_pct AS heapBasePct, cpu_base_pct AS cpuBasePct, started_at AS startedAt
     FROM logstash_nodes WHERE cluster_id = ? ORDER BY name`,
  )
  const pipelines = cachedStatement(
    db,
    `SELECT id, cluster_id AS clusterId, name, input, output, workers, batch_size AS batchSize,
       queue_type AS queueType, share, drop_ratio AS dropRatio, latency_ms AS latencyMs
     FROM logstash_pipelines WHERE cluster_id = ? ORDER BY name`,
  )
  return clusters
    .map((c) => ({
      cluster: c,
      nodes: nodes.all(c.id) as LogstashNode[],
      pipelines: pipelines.all(c.id) as LogstashPipeline[],
    }))
    .filter((d) => d.nodes.length > 0)
}

/** A node of the user's deployments by name or node id, else 404. */
export function findNode(all: readonly Deployment[], node: string): { d: Deployment; node: LogstashNode } {
  for (const d of all) {
    const found = d.nodes.find((n) => n.name === node || n.nodeId === node)
    if (found) return { d, node: found }
  }
  throw new HttpError(404, `No Logstash node "${node}"`)
}

/** [events in, events out] of a pipeline, given the documents the cluster indexed. */
export function pipelineEvents(d: Deployment, p: LogstashPipeline, indexed: number): [number, number] {
  const out = indexed * d.cluster.logstashShare * p.share
  return [out / (1 - p.dropRatio), out]
}

/** [events in, events out] of the deployment (its pipelines summed). */
export function deploymentEvents(d: Deployment, indexed: number): [number, number] {
  let eventsIn = 0
  let eventsOut = 0
  for (const p of d.pipelines) {
    const [i, o] = pipelineEvents(d, p, indexed)
    eventsIn += i
    eventsOut += o
  }
  return [eventsIn, eventsOut]
}

/** ms per event of a pipeline under load factor lf (the cluster's indexing against its average). */
export const pipelineLatency = (p: LogstashPipeline, lf: number) =>
  p.latencyMs * (0.85 + 0.3 * Math.min(3, lf))

/** The deployment's ms per event: its pipelines' weighted by events in. */
export function deploymentLatency(d: Deployment, lf: number): number {
  let weight = 0
  let sum = 0
  for (const p of d.pipelines) {
    const w = pipelineEvents(d, p, 1)[0]
    weight += w
    sum += w * pipelineLatency(p, lf)
  }
  return weight ? sum / weight : 0
}

/** Events waiting in a persisted queue at load factor lf: seconds of backlog, more when the cluster is busy. */
export function queuedEvents(
  d: Deployment,
  p: LogstashPipeline,
  inPerSec: number,
  lf: number,
  x: number,
): number {
  if (p.queueType !== 'persisted') return 0
  return Math.round(inPerSec * (1.5 + 25 * Math.max(0, lf - 1.25) + wiggle(p.id, x)))
}
export const queueBytes = (p: LogstashPipeline, events: number) =>
  p.queueType === 'persisted' ? 64 * 1024 * 1024 + events * 850 : 0

/** A node's JVM heap used (%) at stored x under load factor lf. */
export const logstashHeapPercent = (n: LogstashNode, x: number, lf: number) =>
  Math.min(95, n.heapBasePct + 25 * sawtooth(n.id + 100, x, (3 * MINUTE) / Math.max(0.4, lf)))

/** A node's CPU (%) under load factor `factor`, `jitter` its wiggle at the instant (logstashJitter). */
export const logstashCpu = (n: LogstashNode, factor: number, jitter: number) =>
  Math.min(100, n.cpuBasePct * (0.5 + 0.6 * factor) + 5 * jitter)

/** A node's CPU wiggle at stored x: shared by its CPU and its load averages there. */
export const logstashJitter = (n: LogstashNode, x: number) => wiggle(n.id + 100, x)

/** A node's JVM and OS gauges at stored x under load factor lf (4 cores). */
export function logstashGauges(n: LogstashNode, x: number, lf: number) {
  const heapPercent = logstashHeapPercent(n, x, lf)
  const jitter = logstashJitter(n, x)
  return {
    heapPercent,
    jvmHeapUsedBytes: Math.round((n.heapMax * heapPercent) / 100),
    cpuPercent: logstashCpu(n, lf, jitter),
    load: (factor: number) => (4 * logstashCpu(n, factor, jitter)) / 100,
  }
}
