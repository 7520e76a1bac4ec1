import {
  IMPALA_METRICS_SIZE,
  type ImpalaDaemonRow,
  type ImpalaMetricsQuery,
  type ImpalaMetricsResponse,
} from '@costlens/shared'
import { impalaHosts } from '../../details/impala.ts'
import type { DetailsRecord } from '../../details/record.ts'
import type { Db } from '../open-database.ts'
import { kafkaGrid } from './kafka-common.ts'
import { impalaClusters, usageWindow, type ImpalaCluster } from './impala-usage-common.ts'
import { heldBytes, heldSeries, runningAt, type QueryRun } from './impala-usage-memory.ts'
import type { ClusterScope } from './scope.ts'

/*
 * GET impala/metrics (E076; decision 5 of contracts/impala-usage.ts): the Impala daemons of the
 * clusters (their worker hosts), each with its process memory limit (Total) and what tcmalloc holds
 * (Allocated): a resident floor plus its share of the queries running on it. The queries' memory is
 * derived at read time (impala-usage-memory.ts says why not a seeded grid).
 */

const GB = 1024 ** 3
/** Worker RAM profiles of the Impala clusters; impalad's mem_limit is 80 % of it (Cloudera's sizing). */
const HOST_RAM_GB = [128, 192, 256] as const

/** FNV-1a: a stable number from a name (a cluster's profile, a host's floor, a query's first host). */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

interface Daemon {
  host: string
  clusterUid: string
  limit: number
  /**
   * What tcmalloc keeps with no query running (15-35 % of the limit): the buffer pool's free pages,
   * the catalog and the data cache's index, and what earlier queries freed but tcmalloc held on to.
   */
  floor: number
}

function daemonsOf(cluster: ImpalaCluster): Daemon[] {
  const ram = HOST_RAM_GB[hash(cluster.uid) % HOST_RAM_GB.length]!
  const limit = Math.round(ram * 0.8) * GB
  return Array.from({ length: cluster.nodeCount }, (_, i) => {
    const host = `${cluster.clusterName}-wn${String(i + 1).padStart(3, '0')}.acme.internal`
    return {
      host,
      clusterUid: cluster.uid,
      limit,
      floor: Math.round(limit * (0.15 + (hash(host) % 200) / 1000)),
    }
  })
}

/** Its share on each of its hosts (details/impala.ts's per-host memory) and how many hosts. */
function footprint(r: QueryRun): { hosts: number; bytes: number } {
  const hosts = impalaHosts(r as DetailsRecord)
  return { hosts, bytes: Math.round(heldBytes(r) / hosts) }
}

/** Each daemon's Allocated at one stored instant: its floor plus the queries running on it. */
function daemonsAt(daemons: readonly Daemon[], queries: readonly QueryRun[]) {
  const byCluster = new Map<string, number[]>()
  daemons.forEach((d, i) => byCluster.set(d.clusterUid, [...(byCluster.get(d.clusterUid) ?? []), i]))
  const used = daemons.map(() => 0)
  const running = daemons.map(() => 0)
  for (const r of queries) {
    const own = byCluster.get(r.cluster_uid) ?? []
    const { hosts, bytes } = footprint(r)
    const first = hash(r.id) % Math.max(1, own.length)
    // One instance per executor, from its coordinator on; more executors than daemons double up.
    const on = new Set<number>()
    for (let k = 0; k < (own.length ? hosts : 0); k++) {
      const i = own[(first + k) % own.length]!
      used[i]! += bytes
      on.add(i)
    }
    for (const i of on) running[i]!++
  }
  return daemons.map((d, i): ImpalaDaemonRow => ({
    host: d.host,
    clusterUid: d.clusterUid,
    mem_tracker_process_limit: d.limit,
    tcmalloc_physical_bytes_reserved: Math.min(d.limit, d.floor + used[i]!),
    runningQueries: running[i]!,
  }))
}

/** E076: the daemons' memory as of the window's end, and summed over every daemon at each point. */
export function impalaMetrics(
  db: Db,
  scope: ClusterScope,
  q: ImpalaMetricsQuery,
  now: number,
): ImpalaMetricsResponse {
  const clusters = impalaClusters(db, scope, q.clusterUid)
  const window = usageWindow(db, q, now)
  const grid = kafkaGrid(window, q.interval ?? '1h', now)
  const daemons = clusters.flatMap(daemonsOf)
  const time = Math.min(window.end, now)
  const running = runningAt(db, clusters, time - window.shift, window.storedNow)
  const rows = daemonsAt(daemons, running).sort(
    (a, b) =>
      b.tcmalloc_physical_bytes_reserved - a.tcmalloc_physical_bytes_reserved || a.host.localeCompare(b.host),
  )
  const from = q.from ?? 0
  const size = q.metricsSize ?? IMPALA_METRICS_SIZE
  const totalLimit = daemons.reduce((n, d) => n + d.limit, 0)
  const floors = daemons.reduce((n, d) => n + d.floor, 0)
  const held = heldSeries(db, clusters, window, grid, now)
  return {
    time,
    total: rows.length,
    hosts: rows.slice(from, from + size),
    unit: 'bytes',
    interval: grid.interval,
    series: [
      { key: 'mem_tracker_process_limit', data: grid.points.map((t): [number, number] => [t, totalLimit]) },
      {
        key: 'tcmalloc_physical_bytes_reserved',
        data: grid.points.map((t, i): [number, number] => [
          t,
          Math.min(totalLimit, Math.round(floors + held[i]!)),
        ]),
      },
    ],
  }
}
