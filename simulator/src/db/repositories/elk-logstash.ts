import type {
  LogstashDeploymentRow,
  LogstashListQuery,
  LogstashNodeRow,
  LogstashPipelineRow,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { round3, storedWindow, trackOf, type LoadTrack, type StoredWindow } from './elk-common.ts'
import {
  deploymentEvents,
  deploymentLatency,
  deployments,
  logstashGauges,
  pipelineEvents,
  pipelineLatency,
  queueBytes,
  queuedEvents,
  type Deployment,
} from './elk-logstash-model.ts'
import type { ClusterScope } from './scope.ts'

/*
 * The Logstash lists (G100, G101, G103): deployments, nodes, pipelines over the window. Events/s
 * average over the window; a deployment's are its nodes' summed and its pipelines' summed.
 */

const MINUTE = 60_000

interface Reading {
  d: Deployment
  w: StoredWindow
  track: LoadTrack
  /** Documents the cluster indexed in the window. */
  indexed: number
  seconds: number
  /** Load factor over the window and over the last five minutes to its end. */
  lf: number
  lfAt: number
}

function readings(db: Db, scope: ClusterScope, q: LogstashListQuery, now: number): Reading[] {
  const w = storedWindow(db, q, now)
  return deployments(db, scope, q.cluster).map((d) => {
    const track = trackOf(db, d.cluster.id, w)
    const indexed = track.at(w.at)[1] - track.at(w.from)[1]
    const seconds = Math.max((w.at - w.from) / 1000, 1e-9)
    return {
      d,
      w,
      track,
      indexed,
      seconds,
      lf: indexed / seconds / d.cluster.indexingBase,
      lfAt: track.rates(w.at - 5 * MINUTE, w.at)[1] / d.cluster.indexingBase,
    }
  })
}

/** Events waiting in the deployment's persisted queues at the window's end. */
function queued(r: Reading) {
  const recent = r.track.rates(r.w.at - 5 * MINUTE, r.w.at)[1]
  return r.d.pipelines.map((p) => {
    const events = queuedEvents(r.d, p, pipelineEvents(r.d, p, recent)[0], r.lfAt, r.w.at)
    return { events, bytes: queueBytes(p, events) }
  })
}

const rates = (r: Reading, share = 1) => {
  const [eventsIn, eventsOut] = deploymentEvents(r.d, r.indexed)
  return {
    eventsInPerSec: round3((eventsIn * share) / r.seconds),
    eventsFilteredPerSec: round3((eventsOut * share) / r.seconds),
    eventsOutPerSec: round3((eventsOut * share) / r.seconds),
    eventLatencyMs: round3(deploymentLatency(r.d, r.lf)),
  }
}

/** GET /api/v1/logstash/kpis: one row per deployment. */
export function logstashKpis(
  db: Db,
  scope: ClusterScope,
  q: LogstashListQuery,
  now: number,
): LogstashDeploymentRow[] {
  return readings(db, scope, q, now).map((r) => {
    let heapUsed = 0
    let heapMax = 0
    for (const n of r.d.nodes) {
      heapUsed += logstashGauges(n, r.w.at, r.lfAt).jvmHeapUsedBytes
      heapMax += n.heapMax
    }
    return {
      cluster: r.d.cluster.name,
      clusterUid: r.d.cluster.clusterUid,
      version: r.d.nodes[0]!.version,
      nodes: r.d.nodes.length,
      pipelines: r.d.pipelines.length,
      ...rates(r),
      jvmHeapUsedBytes: heapUsed,
      jvmHeapMaxBytes: heapMax,
      persistedQueueEvents: queued(r).reduce((a, b) => a + b.events, 0),
      time: r.w.time,
    }
  })
}

/** GET /api/v1/logstash/nodes/list. */
export function logstashNodes(
  db: Db,
  scope: ClusterScope,
  q: LogstashListQuery,
  now: number,
): LogstashNodeRow[] {
  return readings(db, scope, q, now).flatMap((r) =>
    r.d.nodes.map((n) => {
      const g = logstashGauges(n, r.w.at, r.lfAt)
      return {
        cluster: r.d.cluster.name,
        node: n.name,
        nodeId: n.nodeId,
        host: n.host,
        version: n.version,
        pipelines: r.d.pipelines.length,
        workers: r.d.pipelines.reduce((a, p) => a + p.workers, 0),
        ...rates(r, n.share),
        jvmHeapUsedBytes: g.jvmHeapUsedBytes,
        jvmHeapMaxBytes: n.heapMax,
        heapPercent: round3(g.heapPercent),
        cpuPercent: round3(g.cpuPercent),
        load1m: round3(g.load(r.lfAt)),
        uptimeMs: Math.max(MINUTE, r.w.at - n.startedAt),
        time: r.w.time,
      }
    }),
  )
}

/** GET /api/v1/logstash/pipelines/list. */
export function logstashPipelines(
  db: Db,
  scope: ClusterScope,
  q: LogstashListQuery,
  now: number,
): LogstashPipelineRow[] {
  return readings(db, scope, q, now).flatMap((r) => {
    const queues = queued(r)
    return r.d.pipelines.map((p, k) => {
      const [eventsIn, eventsOut] = pipelineEvents(r.d, p, r.indexed)
      return {
        cluster: r.d.cluster.name,
        pipeline: p.name,
        input: p.input,
        output: p.output,
        nodes: r.d.nodes.length,
        workers: p.workers,
        batchSize: p.batchSize,
        eventsInPerSec: round3(eventsIn / r.seconds),
        eventsFilteredPerSec: round3(eventsOut / r.seconds),
        eventsOutPerSec: round3(eventsOut / r.seconds),
        eventLatencyMs: round3(pipelineLatency(p, r.lf)),
        queueType: p.queueType,
        persistedQueueEvents: queues[k]!.events,
        persistedQueueSizeBytes: queues[k]!.bytes,
        time: r.w.time,
      }
    })
  })
}
