import {
  HBASE_ALERT_THRESHOLDS,
  type HbaseClusterMetrics,
  type HbaseClusterMetricsQuery,
} from '@costlens/shared'
import { LATEST, hbaseClock, hbaseCluster, hbaseClusters, round1, round2 } from './hbase-common.ts'
import { alertFor } from './hbase-alerts.ts'
import type { ClusterScope } from './scope.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { HBASE_BUCKET_MS } from '../seed/hbase.ts'

/** E066: the user's HBase clusters now. */
export function hbaseClusterMetrics(
  db: Db,
  scope: ClusterScope,
  q: HbaseClusterMetricsQuery,
  now: number,
): HbaseClusterMetrics[] {
  const clusters =
    q.clusterUid === undefined ? hbaseClusters(db, scope) : [hbaseCluster(db, scope, q.clusterUid)]
  const clock = hbaseClock(db, now)
  return clusters.map((c) => {
    const params = { uid: c.uid, to: clock.storedNow }
    const servers = cachedStatement(
      db,
      `WITH ${LATEST}
       SELECT v.heap_max_mb AS heapMax, v.non_heap_max_mb AS nonHeapMax,
              (v.dead_since IS NOT NULL AND v.dead_since <= @to) AS dead, lat.*
         FROM hbase_servers v LEFT JOIN lat ON lat.server_id = v.id WHERE v.cluster_uid = @uid`,
    ).all(params) as ({ heapMax: number; nonHeapMax: number; dead: number } & Record<string, number | null>)[]
    const regions = cachedStatement(
      db,
      `SELECT count(*) AS n, count(r.rit_age_ms) AS rit, coalesce(max(r.rit_age_ms), 0) AS oldest,
              sum(r.rit_age_ms >= @over) AS over
         FROM hbase_regions r JOIN hbase_servers v ON v.id = r.server_id
        WHERE v.cluster_uid = @uid AND (v.dead_since IS NULL OR v.dead_since > @to)`,
    ).get({ ...params, over: HBASE_ALERT_THRESHOLDS.ritOldestAge.above }) as {
      n: number
      rit: number
      oldest: number
      over: number | null
    }
    const live = servers.filter((s) => !s.dead)
    const reporting = live.filter((s) => s.ts !== null)
    const sum = (f: (s: (typeof servers)[number]) => number) =>
      reporting.length ? reporting.reduce((a, s) => a + f(s), 0) : null
    const avg = (f: (s: (typeof servers)[number]) => number) => {
      const total = sum(f)
      return total === null ? null : total / reporting.length
    }
    const heapUsed = sum((s) => s.heap_used_mb!)
    const heapMax = sum((s) => s.heapMax)
    const nonHeapUsed = sum((s) => s.non_heap_used_mb!)
    const nonHeapMax = sum((s) => s.nonHeapMax)
    const latest = Math.max(...reporting.map((s) => s.ts!), -Infinity)
    const figures = {
      numRegionServers: live.length,
      numDeadRegionServers: servers.length - live.length,
      memMaxM: live.reduce((a, s) => a + s.heapMax, 0),
      clusterRequests: round2(sum((s) => s.read_rate! + s.write_rate!)),
      averageLoad: live.length ? round2(regions.n / live.length) : null,
      RpcQueueTime_avg_time: round2(avg((s) => s.rpc_queue_ms!)),
      memHeapUsedM: round1(heapUsed),
      memHeapMaxM: heapMax,
      memNonHeapUsedM: round1(nonHeapUsed),
      memNonHeapMaxM: nonHeapMax,
      ritCount: regions.rit,
      ritOldestAge: regions.oldest,
      ritCountOverThreshold: regions.over ?? 0,
    }
    const alerts = {
      numDeadRegionServers_alert: alertFor('numDeadRegionServers', figures.numDeadRegionServers),
      averageLoad_alert: alertFor('averageLoad', figures.averageLoad),
      RpcQueueTime_avg_time_alert: alertFor('RpcQueueTime_avg_time', figures.RpcQueueTime_avg_time),
      memHeapUsedM_alert: alertFor(
        'heapUsedPercent',
        heapUsed !== null && heapMax ? (heapUsed / heapMax) * 100 : null,
      ),
      memNonHeapUsedM_alert: alertFor(
        'nonHeapUsedPercent',
        nonHeapUsed !== null && nonHeapMax ? (nonHeapUsed / nonHeapMax) * 100 : null,
      ),
      ritCount_alert: alertFor('ritCount', figures.ritCount),
      ritOldestAge_alert: alertFor('ritOldestAge', figures.ritOldestAge),
      ritCountOverThreshold_alert: alertFor('ritCountOverThreshold', figures.ritCountOverThreshold),
    }
    return {
      clusterUid: c.uid,
      cluster: c.displayName,
      clusterName: c.clusterName,
      clusterType: c.platform,
      time:
        (Number.isFinite(latest) ? latest : Math.floor(clock.storedNow / HBASE_BUCKET_MS) * HBASE_BUCKET_MS) +
        clock.shift,
      ...figures,
      // Only the alerts raised (each <field>_alert is optional).
      ...Object.fromEntries(Object.entries(alerts).filter(([, text]) => text !== null)),
      cpuPercent: round2(avg((s) => s.cpu_pct!)),
      diskBytesPerSec: round2(sum((s) => s.disk_read_bps! + s.disk_write_bps!)),
      networkBytesPerSec: round2(sum((s) => s.net_in_bps! + s.net_out_bps!)),
    }
  })
}
