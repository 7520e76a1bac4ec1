import {
  HBASE_HOST_PREFIX,
  HBASE_MAX_WINDOW_DAYS,
  type HbaseInterval,
  type HbaseWindowQuery,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { HBASE_BUCKET_MS } from '../seed/hbase.ts'
import { gridClock, instant, type StoredClock } from './applications.ts'
import type { ClusterScope } from './scope.ts'
import { assertSeriesPoints } from './series.ts'

/*
 * What every HBase read shares (contracts/hbase.ts G80-G86): the cluster of the path, the window,
 * the point grid, the host and table names, and the read clock. Stored times are the seeded ones;
 * a read compares them with `storedNow` and adds `shift` to the times it answers.
 */

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

export const HBASE_INTERVAL_MS: Record<HbaseInterval, number> = {
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '1d': DAY,
}

/** The read clock: the applications' shift rounded to whole buckets, so points hold whole buckets. */
export type HbaseClock = StoredClock
export const hbaseClock = (db: Db, now: number): HbaseClock => gridClock(db, now, HBASE_BUCKET_MS)

export interface HbaseCluster {
  uid: string
  displayName: string
  clusterName: string
  platform: string
}

/** G80: one of the user's HBase clusters, else 404 (another platform's or none: not revealed). */
export function hbaseCluster(db: Db, scope: ClusterScope, clusterUid: string): HbaseCluster {
  const row = scope.clusterUids.includes(clusterUid)
    ? (cachedStatement(
        db,
        `SELECT c.unravel_id AS uid, c.display_name AS displayName, c.cluster_name AS clusterName, c.platform
           FROM hbase_clusters h JOIN clusters c ON c.unravel_id = h.cluster_uid WHERE h.cluster_uid = ?`,
      ).get(clusterUid) as HbaseCluster | undefined)
    : undefined
  if (!row) throw new HttpError(404, `No HBase cluster "${clusterUid}"`)
  return row
}

/** The user's HBase clusters, by display name. */
export function hbaseClusters(db: Db, scope: ClusterScope): HbaseCluster[] {
  const rows = cachedStatement(
    db,
    `SELECT c.unravel_id AS uid, c.display_name AS displayName, c.cluster_name AS clusterName, c.platform
       FROM hbase_clusters h JOIN clusters c ON c.unravel_id = h.cluster_uid ORDER BY c.display_name`,
  ).all() as HbaseCluster[]
  return rows.filter((r) => scope.clusterUids.includes(r.uid))
}

export interface Window {
  start: number
  end: number
}

/** G81: start_time/end_time, default today 00:00 UTC to now (B088); at most HBASE_MAX_WINDOW_DAYS. */
export function hbaseWindow(q: { start_time?: string; end_time?: string }, now: number): Window {
  const end = instant(q.end_time, 'end_time', 'querystring') ?? now
  const start =
    instant(q.start_time, 'start_time', 'querystring') ?? Math.min(Math.floor(now / DAY) * DAY, end)
  if (start > end) throw new HttpError(400, 'querystring/start_time must not be after querystring/end_time')
  if (end - start > HBASE_MAX_WINDOW_DAYS * DAY)
    throw new HttpError(
      400,
      `querystring/start_time: the window is ${Math.ceil((end - start) / DAY)} days; at most ${HBASE_MAX_WINDOW_DAYS}`,
    )
  return { start, end }
}

export interface Grid {
  interval: HbaseInterval
  step: number
}

/** G81: the point interval (default 1h, B088); over 2,000 points is 400. */
export function hbaseGrid(window: Window, interval: HbaseInterval = '1h'): Grid {
  const step = HBASE_INTERVAL_MS[interval]
  const first = Math.floor(window.start / step) * step
  assertSeriesPoints(Math.max(1, Math.ceil((window.end - first) / step)), interval)
  return { interval, step }
}

/**
 * The stored buckets a window reads: those that start in [start, end) and have started by now
 * (stored time, inclusive). `to` is also the moment sizes and queues are read at (G82).
 */
export function storedRange(window: Window, clock: HbaseClock): { from: number; to: number } {
  return { from: window.start - clock.shift, to: Math.min(window.end - 1 - clock.shift, clock.storedNow) }
}

export interface ServerRow {
  id: number
  host: string
  fqdn: string
  deadSince: number | null
  heapMaxMb: number
  nonHeapMaxMb: number
}

/** G84: a region server of the cluster by its host (with the metrics-source prefix) or FQDN. */
export function findServer(db: Db, clusterUid: string, host: string): ServerRow | undefined {
  const fqdn = host.startsWith(HBASE_HOST_PREFIX) ? host.slice(HBASE_HOST_PREFIX.length) : host
  return cachedStatement(
    db,
    `SELECT id, host, fqdn, dead_since AS deadSince, heap_max_mb AS heapMaxMb, non_heap_max_mb AS nonHeapMaxMb
       FROM hbase_servers WHERE cluster_uid = ? AND fqdn = ?`,
  ).get(clusterUid, fqdn) as ServerRow | undefined
}

/** The cluster's region servers, by host. */
export function clusterServers(db: Db, clusterUid: string): ServerRow[] {
  return cachedStatement(
    db,
    `SELECT id, host, fqdn, dead_since AS deadSince, heap_max_mb AS heapMaxMb, non_heap_max_mb AS nonHeapMaxMb
       FROM hbase_servers WHERE cluster_uid = ? ORDER BY host`,
  ).all(clusterUid) as ServerRow[]
}

/** G83: namespace:name, namespace.name (split at the first dot) or a bare name of `default`. */
export function parseTableName(table: string): { namespace: string; name: string } {
  const colon = table.indexOf(':')
  const dot = table.indexOf('.')
  const at = colon >= 0 ? colon : dot
  if (at < 0) return { namespace: 'default', name: table }
  const namespace = table.slice(0, at)
  const name = table.slice(at + 1)
  if (!namespace || !name)
    throw new HttpError(400, `querystring/table must be namespace:name or a table name, got "${table}"`)
  return { namespace, name }
}

export interface TableRow {
  id: number
  namespace: string
  name: string
  enabled: number
  system: number
  createdAt: number
  maxFileSize: number
  familiesJson: string
}

/** G86: the table of the cluster, or 404. */
export function findTable(db: Db, clusterUid: string, table: string): TableRow {
  const { namespace, name } = parseTableName(table)
  const row = cachedStatement(
    db,
    `SELECT id, namespace, name, enabled, system, created_at AS createdAt, max_file_size AS maxFileSize,
            families_json AS familiesJson
       FROM hbase_tables WHERE cluster_uid = ? AND namespace = ? AND name = ?`,
  ).get(clusterUid, namespace, name) as TableRow | undefined
  if (!row) throw new HttpError(404, `No table "${namespace}:${name}" in HBase cluster "${clusterUid}"`)
  return row
}

/** A host, 404 when the cluster has none of that name (G86, where the host is the subject). */
export function requireServer(db: Db, clusterUid: string, host: string): ServerRow {
  const server = findServer(db, clusterUid, host)
  if (!server) throw new HttpError(404, `No region server "${host}" in HBase cluster "${clusterUid}"`)
  return server
}

/* The rows' shared SQL (G82): counts are the window's buckets summed (rate × 300 s), sizes and
 * queues the latest bucket at or before its end. */
export const BUCKET_S = HBASE_BUCKET_MS / 1000

/** Per live server of @uid: its latest bucket at or before @to (before the history: its first, G82). */
export const LATEST = `lat AS (
  SELECT s.* FROM hbase_servers v
    JOIN hbase_server_series s ON s.server_id = v.id
     AND s.ts = coalesce(
           (SELECT max(x.ts) FROM hbase_server_series x WHERE x.server_id = v.id AND x.ts <= @to),
           (SELECT min(x.ts) FROM hbase_server_series x WHERE x.server_id = v.id))
   WHERE v.cluster_uid = @uid AND (v.dead_since IS NULL OR v.dead_since > @to))`
/** Per server of @uid: the window's requests and slow operations. */
export const WINDOW_SUMS = `win AS (
  SELECT s.server_id, sum(s.read_rate) * ${BUCKET_S} AS reads, sum(s.write_rate) * ${BUCKET_S} AS writes,
         sum(s.slow_put) AS slowPut, sum(s.slow_increment) AS slowIncrement, sum(s.slow_get) AS slowGet,
         sum(s.slow_delete) AS slowDelete, sum(s.slow_append) AS slowAppend
    FROM hbase_servers v JOIN hbase_server_series s ON s.server_id = v.id AND s.ts BETWEEN @from AND @to
   WHERE v.cluster_uid = @uid GROUP BY s.server_id)`

export const int = (n: number | null | undefined) => (n === null || n === undefined ? null : Math.round(n))
export const round1 = (n: number | null | undefined) =>
  n === null || n === undefined ? null : Math.round(n * 10) / 10
export const round2 = (n: number | null | undefined) =>
  n === null || n === undefined ? null : Math.round(n * 100) / 100
export const fullName = (namespace: string, name: string) => `${namespace}:${name}`

export interface Frame {
  uid: string
  from: number
  to: number
  clock: HbaseClock
}
export function frame(
  db: Db,
  scope: ClusterScope,
  clusterUid: string,
  q: HbaseWindowQuery,
  now: number,
): Frame {
  const cluster = hbaseCluster(db, scope, clusterUid)
  const clock = hbaseClock(db, now)
  return { uid: cluster.uid, ...storedRange(hbaseWindow(q, now), clock), clock }
}
