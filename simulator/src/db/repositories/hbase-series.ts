import type {
  HbaseHostSeriesQuery,
  HbaseKpiPrefix,
  HbaseKpiQuery,
  HbaseSeries,
  HbaseSeriesResponse,
  HbaseTableKpiQuery,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import type { ClusterScope } from './scope.ts'
import {
  findTable,
  hbaseClock,
  hbaseCluster,
  hbaseGrid,
  hbaseWindow,
  requireServer,
  storedRange,
} from './hbase-common.ts'

/*
 * The HBase series (E064, E065, E072; G81, G85): per 5-minute bucket, the figure of the cluster
 * (summed or averaged over its live servers, G85), of one server, or of one table (its regions'
 * shares of their servers' figures); per point, the average of its buckets.
 */

interface MetricSpec {
  metric: string
  name: string
  unit: string
  /** The bucket's figure over its rows `s` (hbase_server_series) and `v` (hbase_servers). */
  sql: string
}

const MB = 1024 * 1024

/** E064's families (G85). */
const FAMILIES: Record<HbaseKpiPrefix, readonly MetricSpec[]> = {
  os: [
    { metric: 'cpuPercent', name: 'CPU (%)', unit: '%', sql: 'avg(s.cpu_pct)' },
    { metric: 'load1', name: 'Load average, 1 min', unit: 'count', sql: 'avg(s.load1)' },
    { metric: 'memoryUsed', name: 'Memory used (bytes)', unit: 'bytes', sql: 'sum(s.mem_used_bytes)' },
    {
      metric: 'diskReadBytesPerSec',
      name: 'Disk read (bytes/s)',
      unit: 'bytes/s',
      sql: 'sum(s.disk_read_bps)',
    },
    {
      metric: 'diskWriteBytesPerSec',
      name: 'Disk write (bytes/s)',
      unit: 'bytes/s',
      sql: 'sum(s.disk_write_bps)',
    },
    {
      metric: 'networkInBytesPerSec',
      name: 'Network in (bytes/s)',
      unit: 'bytes/s',
      sql: 'sum(s.net_in_bps)',
    },
    {
      metric: 'networkOutBytesPerSec',
      name: 'Network out (bytes/s)',
      unit: 'bytes/s',
      sql: 'sum(s.net_out_bps)',
    },
  ],
  regionserver: [
    { metric: 'readRequestsPerSec', name: 'Read requests (/s)', unit: 'req/s', sql: 'sum(s.read_rate)' },
    { metric: 'writeRequestsPerSec', name: 'Write requests (/s)', unit: 'req/s', sql: 'sum(s.write_rate)' },
    {
      metric: 'RpcQueueTime_avg_time',
      name: 'RPC queue time (ms)',
      unit: 'ms',
      sql: 'avg(s.rpc_queue_ms)',
    },
    {
      metric: 'RpcProcessingTime_avg_time',
      name: 'RPC processing time (ms)',
      unit: 'ms',
      sql: 'avg(s.rpc_processing_ms)',
    },
    {
      metric: 'compactionQueueLength',
      name: 'Compaction queue',
      unit: 'count',
      sql: 'sum(s.compaction_queue)',
    },
    { metric: 'flushQueueLength', name: 'Flush queue', unit: 'count', sql: 'sum(s.flush_queue)' },
    { metric: 'memStoreSize', name: 'Memstore (bytes)', unit: 'bytes', sql: 'sum(s.memstore_bytes)' },
    {
      metric: 'slowOps',
      name: 'Slow operations (per 5 min)',
      unit: 'ops/5m',
      sql: 'sum(s.slow_put + s.slow_increment + s.slow_get + s.slow_delete + s.slow_append)',
    },
  ],
  jvm: [
    { metric: 'heapUsed', name: 'Heap used (bytes)', unit: 'bytes', sql: `sum(s.heap_used_mb) * ${MB}` },
    { metric: 'heapMax', name: 'Heap max (bytes)', unit: 'bytes', sql: `sum(v.heap_max_mb) * ${MB}` },
    {
      metric: 'nonHeapUsed',
      name: 'Non-heap used (bytes)',
      unit: 'bytes',
      sql: `sum(s.non_heap_used_mb) * ${MB}`,
    },
    { metric: 'gcTimeMsPerSec', name: 'GC time (ms/s)', unit: 'ms/s', sql: 'avg(s.gc_ms)' },
    { metric: 'gcCountPerSec', name: 'GC count (/s)', unit: '/s', sql: 'sum(s.gc_count)' },
  ],
}

/** E065: a table's figures, its regions' shares (`sh`) of their servers'. */
const TABLE_METRICS: readonly MetricSpec[] = [
  { metric: 'readRequestsPerSec', name: 'Read requests (/s)', unit: 'req/s', sql: 'sum(s.read_rate * sh.r)' },
  {
    metric: 'writeRequestsPerSec',
    name: 'Write requests (/s)',
    unit: 'req/s',
    sql: 'sum(s.write_rate * sh.w)',
  },
  {
    metric: 'storeFileSize',
    name: 'Store files (bytes)',
    unit: 'bytes',
    sql: 'sum(s.store_file_bytes * sh.z)',
  },
  { metric: 'memStoreSize', name: 'Memstore (bytes)', unit: 'bytes', sql: 'sum(s.memstore_bytes * sh.m)' },
]

const round3 = (n: number) => Math.round(n * 1000) / 1000

/** Runs a series query: `source` yields rows `s` and `v` (and whatever the specs read) in the range. */
function series(
  db: Db,
  specs: readonly MetricSpec[],
  source: string,
  params: Record<string, number | string | null>,
  step: number,
  shift: number,
): HbaseSeries[] {
  const columns = specs.map((m, i) => `${m.sql} AS c${i}`).join(', ')
  const averages = specs.map((_, i) => `avg(c${i}) AS c${i}`).join(', ')
  // Spec SQL and column names are this module's constants; values are bound (numbers as REAL:
  // the point is cast to a whole number of steps).
  const rows = cachedStatement(
    db,
    `WITH b AS (SELECT s.ts, ${columns} ${source} GROUP BY s.ts)
     SELECT CAST((ts + @shift) / @step AS INTEGER) * @step AS p, ${averages} FROM b GROUP BY p ORDER BY p`,
  ).all({ ...params, shift, step }) as Record<string, number>[]
  return specs.map((m, i) => ({
    name: m.name,
    metric: m.metric,
    unit: m.unit,
    data: rows.filter((r) => r[`c${i}`] !== null).map((r) => [r.p!, round3(r[`c${i}`]!)] as [number, number]),
  }))
}

/** The live servers' rows of the cluster (or one server) in the range. */
const SERVER_SOURCE = `FROM hbase_servers v JOIN hbase_server_series s ON s.server_id = v.id AND s.ts BETWEEN @from AND @to
  WHERE v.cluster_uid = @uid AND (@sid IS NULL OR v.id = @sid)`

/** E064 (and E072 with prefix os): one family of the cluster's or one server's series. */
export function hbaseKpi(
  db: Db,
  scope: ClusterScope,
  clusterUid: string,
  q: HbaseKpiQuery,
  now: number,
): HbaseSeriesResponse {
  const cluster = hbaseCluster(db, scope, clusterUid)
  const server = q.host === undefined ? undefined : requireServer(db, cluster.uid, q.host)
  const window = hbaseWindow(q, now)
  const grid = hbaseGrid(window, q.interval)
  const clock = hbaseClock(db, now)
  const range = storedRange(window, clock)
  const data = series(
    db,
    FAMILIES[q.prefix ?? 'os'],
    SERVER_SOURCE,
    { ...range, uid: cluster.uid, sid: server?.id ?? null },
    grid.step,
    clock.shift,
  )
  return { interval: grid.interval, pointInterval: grid.step, series: data }
}

/** E072: one region server's OS series. */
export function hbaseRegionOsMetrics(
  db: Db,
  scope: ClusterScope,
  clusterUid: string,
  q: HbaseHostSeriesQuery,
  now: number,
): HbaseSeriesResponse {
  return hbaseKpi(db, scope, clusterUid, { ...q, prefix: 'os' }, now)
}

/** E065: one table's series. */
export function hbaseTableKpi(
  db: Db,
  scope: ClusterScope,
  clusterUid: string,
  q: HbaseTableKpiQuery,
  now: number,
): HbaseSeriesResponse {
  const cluster = hbaseCluster(db, scope, clusterUid)
  const table = findTable(db, cluster.uid, q.table)
  const window = hbaseWindow(q, now)
  const grid = hbaseGrid(window, q.interval)
  const clock = hbaseClock(db, now)
  const range = storedRange(window, clock)
  const source = `FROM (SELECT server_id, sum(read_share) AS r, sum(write_share) AS w, sum(size_share) AS z,
                               sum(memstore_share) AS m
                          FROM hbase_regions WHERE table_id = @tid GROUP BY server_id) sh
    JOIN hbase_server_series s ON s.server_id = sh.server_id AND s.ts BETWEEN @from AND @to`
  const data = series(db, TABLE_METRICS, source, { ...range, tid: table.id }, grid.step, clock.shift)
  return { interval: grid.interval, pointInterval: grid.step, series: data }
}
