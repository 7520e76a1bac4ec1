import type {
  ElkHealth,
  ElkSeries,
  ElkSeriesResponse,
  ElkWindowQuery,
  KibanaClusterRow,
  KibanaInstanceRow,
  KibanaKpiQuery,
  KibanaMetric,
} from '@costlens/shared'
import { KIBANA_METRICS } from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import {
  elkCluster,
  elkClusters,
  kibanaInterval,
  round3,
  sawtooth,
  seriesFrame,
  seriesHead,
  storedWindow,
  trackOf,
  wiggle,
  type EsCluster,
} from './elk-common.ts'
import { assertPoints, pointsOf, type PointLoad } from './elk-points.ts'
import type { ClusterScope } from './scope.ts'

/*
 * Kibana (G98-G102): the instances serving an Elasticsearch cluster. Their requests follow the
 * cluster's searches (kibana_per_query requests per query, each instance its share), so a cluster's
 * requests are its instances' summed; response times rise with the load.
 */

const MINUTE = 60_000
/** Client disconnects per request. */
const DISCONNECTS = 0.0015

interface Instance {
  id: number
  name: string
  uuid: string
  host: string
  version: string
  share: number
  heapMax: number
  responseMs: number
  startedAt: number
  degradedFrom: number | null
  degradedTo: number | null
}

function instancesOf(db: Db, clusterId: number): Instance[] {
  return cachedStatement(
    db,
    `SELECT id, name, uuid, host, version, share, heap_max AS heapMax, response_ms AS responseMs,
       started_at AS startedAt, degraded_from AS degradedFrom, degraded_to AS degradedTo
     FROM kibana_instances WHERE cluster_id = ? ORDER BY name`,
  ).all(clusterId) as Instance[]
}

/** An instance's heap used at stored x: a sawtooth of its collections. */
const heapUsedAt = (k: Instance, x: number) =>
  Math.round(k.heapMax * (0.3 + 0.3 * sawtooth(k.id + 200, x, 6 * MINUTE)))

/** Connections open while serving `perSec` requests/s. */
const connections = (perSec: number) => Math.round(3 + 0.8 * perSec)

/** An instance's gauges at stored x with `perSec` requests/s and search load factor lf. */
function gauges(k: Instance, x: number, perSec: number, lf: number) {
  return {
    status: (k.degradedFrom !== null && k.degradedFrom <= x && x < k.degradedTo!
      ? 'yellow'
      : 'green') as ElkHealth,
    heapUsedBytes: heapUsedAt(k, x),
    concurrentConnections: connections(perSec),
    osLoad1m: round3((0.2 + 0.9 * lf) * (0.9 + 0.2 * wiggle(k.id + 200, x))),
  }
}

const responseAvg = (k: Instance, lf: number) => k.responseMs * (0.85 + 0.3 * Math.min(3, lf))
/** The slowest request of a span ending at stored x: a few times the average. */
const responseMax = (k: Instance, lf: number, x: number) => responseAvg(k, lf) * (4 + 4 * wiggle(k.id, x))

function instanceRows(db: Db, cluster: EsCluster, q: ElkWindowQuery, now: number): KibanaInstanceRow[] {
  const w = storedWindow(db, q, now)
  const track = trackOf(db, cluster.id, w)
  const searches = track.at(w.at)[0] - track.at(w.from)[0]
  const seconds = Math.max((w.at - w.from) / 1000, 1e-9)
  const lf = searches / seconds / cluster.searchBase
  const recent = track.rates(w.at - 5 * MINUTE, w.at)[0]
  return instancesOf(db, cluster.id).map((k) => {
    const requests = searches * cluster.kibanaPerQuery * k.share
    const avg = responseAvg(k, lf)
    const g = gauges(k, w.at, recent * cluster.kibanaPerQuery * k.share, recent / cluster.searchBase)
    return {
      cluster: cluster.name,
      instance: k.name,
      uuid: k.uuid,
      host: k.host,
      version: k.version,
      status: g.status,
      uptimeMs: Math.max(MINUTE, w.at - k.startedAt),
      requestsPerSec: round3(requests / seconds),
      requestsTotal: Math.round(requests),
      disconnects: Math.round(requests * DISCONNECTS),
      responseTimeAvgMs: round3(avg),
      responseTimeMaxMs: round3(responseMax(k, lf, w.at)),
      concurrentConnections: g.concurrentConnections,
      heapUsedBytes: g.heapUsedBytes,
      heapMaxBytes: k.heapMax,
      osLoad1m: g.osLoad1m,
      time: w.time,
    }
  })
}

/** GET /api/v1/kibana/{cluster}/instances (ours). */
export function kibanaInstances(db: Db, scope: ClusterScope, name: string, q: ElkWindowQuery, now: number) {
  const rows = instanceRows(db, elkCluster(db, scope, name), q, now)
  if (rows.length === 0) throw new HttpError(404, `No Kibana for "${name}"`)
  return rows
}

/** GET /api/v1/kibana/clusters/metrics: per cluster, its instances summed (times request-weighted). */
export function kibanaClusterList(
  db: Db,
  scope: ClusterScope,
  q: ElkWindowQuery,
  now: number,
): KibanaClusterRow[] {
  const out: KibanaClusterRow[] = []
  for (const cluster of elkClusters(db, scope)) {
    const rows = instanceRows(db, cluster, q, now)
    if (rows.length === 0) continue
    const sum = (f: (r: KibanaInstanceRow) => number) => rows.reduce((a, r) => a + f(r), 0)
    const requests = sum((r) => r.requestsTotal)
    out.push({
      cluster: cluster.name,
      clusterUid: cluster.clusterUid,
      status: rows.some((r) => r.status === 'red')
        ? 'red'
        : rows.some((r) => r.status === 'yellow')
          ? 'yellow'
          : 'green',
      instances: rows.length,
      requestsPerSec: round3(sum((r) => r.requestsPerSec)),
      requestsTotal: requests,
      disconnects: sum((r) => r.disconnects),
      responseTimeAvgMs: round3(requests ? sum((r) => r.responseTimeAvgMs * r.requestsTotal) / requests : 0),
      responseTimeMaxMs: Math.max(...rows.map((r) => r.responseTimeMaxMs)),
      concurrentConnections: sum((r) => r.concurrentConnections),
      heapUsedBytes: sum((r) => r.heapUsedBytes),
      heapMaxBytes: sum((r) => r.heapMaxBytes),
      osLoad1m: Math.max(...rows.map((r) => r.osLoad1m)),
      time: rows[0]!.time,
    })
  }
  return out
}

/** The metrics that count requests in each point (the rest are gauges). */
const COUNTS: ReadonlySet<KibanaMetric> = new Set(['metrics_requests_total', 'metrics_requests_disconnects'])

const LABELS: Record<KibanaMetric, [string, string]> = {
  metrics_process_memory_heap_used_in_bytes: ['Heap used', 'bytes'],
  metrics_requests_total: ['Requests', 'requests'],
  metrics_requests_disconnects: ['Disconnects', 'requests'],
  metrics_concurrent_connections: ['Concurrent connections', 'count'],
  metrics_response_times_avg_in_millis: ['Response time (avg)', 'ms'],
  metrics_response_times_max_in_millis: ['Response time (max)', 'ms'],
}

/**
 * A metric over the instances at a point: requests and disconnects in it, gauges at its time summed;
 * the response time averaged by requests (each instance's are its share of the cluster's) and the
 * slowest instance's max, read at the point's end as the lists read theirs at the window's end.
 */
function pointValue(metric: KibanaMetric, cluster: EsCluster, instances: readonly Instance[], p: PointLoad) {
  const lf = p.rates[0] / cluster.searchBase
  let value = 0
  let weight = 0
  for (const k of instances) {
    const perSec = p.rates[0] * cluster.kibanaPerQuery * k.share
    const requests = perSec * p.seconds
    switch (metric) {
      case 'metrics_requests_total':
        value += requests
        break
      case 'metrics_requests_disconnects':
        value += requests * DISCONNECTS
        break
      case 'metrics_concurrent_connections':
        value += connections(perSec)
        break
      case 'metrics_process_memory_heap_used_in_bytes':
        value += heapUsedAt(k, p.at)
        break
      case 'metrics_response_times_avg_in_millis':
        value += k.share * responseAvg(k, lf)
        weight += k.share
        break
      case 'metrics_response_times_max_in_millis':
        value = Math.max(value, responseMax(k, lf, p.to))
    }
  }
  return metric === 'metrics_response_times_avg_in_millis' ? (weight ? value / weight : 0) : value
}

/** GET /api/v1/kibana/{cluster}/kpi_cluster: every instance summed, or the one `instance` names. */
export function kibanaClusterKpi(
  db: Db,
  scope: ClusterScope,
  name: string,
  q: KibanaKpiQuery,
  now: number,
): ElkSeriesResponse {
  const cluster = elkCluster(db, scope, name)
  const all = instancesOf(db, cluster.id)
  const instances = q.instance ? all.filter((k) => k.name === q.instance || k.uuid === q.instance) : all
  if (instances.length === 0)
    throw new HttpError(404, `No Kibana instance "${q.instance ?? ''}" for ${cluster.name}`)
  const frame = seriesFrame(db, q, now, (window) => kibanaInterval(q, window))
  const metrics = q.prefix ? [q.prefix] : KIBANA_METRICS
  assertPoints(frame, metrics.length, 'ask for one metric (prefix)')
  const points = pointsOf(frame, trackOf(db, cluster.id, frame, 'queries'))
  const series: ElkSeries[] = metrics.map((metric) => {
    const [label, unit] = LABELS[metric]
    // A count over part of a point (the one still filling up to now) would read as a sudden drop:
    // counts are given for whole points only; rates and gauges for every point.
    const counted = COUNTS.has(metric) ? points.filter((p) => p.complete) : points
    const data = counted.map((p): [number, number] => [
      p.time,
      round3(pointValue(metric, cluster, instances, p)),
    ])
    return {
      metric,
      name: `${label} (${unit})`,
      unit,
      ...(q.instance ? { instance: instances[0]!.name } : {}),
      data,
    }
  })
  return { cluster: cluster.name, kpiType: q.instance ? 'instance' : 'cluster', ...seriesHead(frame), series }
}
