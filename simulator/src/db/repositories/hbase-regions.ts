import {
  type HbaseRegionRow,
  type HbaseRegionServerRow,
  type HbaseRegionsQuery,
  type HbaseRegionsResponse,
  type HbaseTableQuery,
  type HbaseTableRegionInfo,
  type HbaseWindowQuery,
} from '@costlens/shared'
import {
  LATEST,
  WINDOW_SUMS,
  findServer,
  findTable,
  frame,
  fullName,
  int,
  parseTableName,
  round1,
  type Frame,
  type HbaseClock,
} from './hbase-common.ts'
import { rowAlert } from './hbase-alerts.ts'
import type { ClusterScope } from './scope.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'

/* The HBase region and region-server rows (E067, E069, E071; G82). */

interface RegionSums {
  id: number
  encoded: string
  startKey: string
  endKey: string
  regionTs: number
  storeFiles: number
  locality: number
  ritAge: number | null
  namespace: string
  name: string
  host: string
  bytes: number | null
  mem: number | null
  reads: number | null
  writes: number | null
}

function regionSums(db: Db, f: Frame, filter: { sid?: number; tid?: number }): RegionSums[] {
  return cachedStatement(
    db,
    `WITH ${LATEST}, ${WINDOW_SUMS}
     SELECT r.id, r.encoded_name AS encoded, r.start_key AS startKey, r.end_key AS endKey, r.region_ts AS regionTs,
            r.store_files AS storeFiles, r.locality, r.rit_age_ms AS ritAge, t.namespace, t.name, v.host,
            r.size_share * lat.store_file_bytes AS bytes, r.memstore_share * lat.memstore_bytes AS mem,
            r.read_share * win.reads AS reads, r.write_share * win.writes AS writes
       FROM hbase_regions r
       JOIN hbase_tables t ON t.id = r.table_id
       JOIN hbase_servers v ON v.id = r.server_id
       LEFT JOIN lat ON lat.server_id = r.server_id
       LEFT JOIN win ON win.server_id = r.server_id
      WHERE t.cluster_uid = @uid AND (@sid IS NULL OR r.server_id = @sid) AND (@tid IS NULL OR r.table_id = @tid)
      ORDER BY bytes DESC, r.id`,
  ).all({
    uid: f.uid,
    from: f.from,
    to: f.to,
    sid: filter.sid ?? null,
    tid: filter.tid ?? null,
  }) as RegionSums[]
}

function regionRow(r: RegionSums, clock: HbaseClock): HbaseRegionRow {
  const table = fullName(r.namespace, r.name)
  return {
    regionName: `${table},${r.startKey},${r.regionTs + clock.shift}.${r.encoded}.`,
    encodedName: r.encoded,
    table,
    namespace: r.namespace,
    tableName: r.name,
    host: r.host,
    startKey: r.startKey,
    endKey: r.endKey,
    readRequestCount: int(r.reads),
    writeRequestCount: int(r.writes),
    storeFileCount: r.storeFiles,
    storeFileSize: int(r.bytes) ?? 0,
    memStoreSize: int(r.mem) ?? 0,
    percentFilesLocal: r.locality,
    inTransition: r.ritAge !== null,
  }
}

/** E067: the regions of a host and/or a table, most bytes first (G86: unknown ones list none). */
export function hbaseRegionMetrics(
  db: Db,
  scope: ClusterScope,
  clusterUid: string,
  q: HbaseRegionsQuery,
  now: number,
): HbaseRegionsResponse {
  const f = frame(db, scope, clusterUid, q, now)
  const none = { regions: [], total: 0 }
  let sid: number | undefined
  let tid: number | undefined
  if (q.host !== undefined) {
    const server = findServer(db, f.uid, q.host)
    if (!server) return none
    sid = server.id
  }
  if (q.table !== undefined) {
    const { namespace, name } = parseTableName(q.table)
    const found = cachedStatement(
      db,
      'SELECT id FROM hbase_tables WHERE cluster_uid = ? AND namespace = ? AND name = ?',
    )
      .pluck()
      .get(f.uid, namespace, name) as number | undefined
    if (found === undefined) return none
    tid = found
  }
  const rows = regionSums(db, f, { sid, tid })
  return { regions: rows.slice(0, q.size ?? 200).map((r) => regionRow(r, f.clock)), total: rows.length }
}

/** E069: one table's regions by start key, and their spread over the servers. */
export function hbaseTableRegionInfo(
  db: Db,
  scope: ClusterScope,
  clusterUid: string,
  q: HbaseTableQuery,
  now: number,
): HbaseTableRegionInfo {
  const f = frame(db, scope, clusterUid, q, now)
  const table = findTable(db, f.uid, q.table)
  const regions = regionSums(db, f, { tid: table.id }).sort((a, b) =>
    a.startKey < b.startKey ? -1 : a.startKey > b.startKey ? 1 : 0,
  )
  const byHost = new Map<string, RegionSums[]>()
  for (const r of regions) byHost.set(r.host, [...(byHost.get(r.host) ?? []), r])
  const total = (rows: RegionSums[], f: (r: RegionSums) => number | null) =>
    rows.some((r) => f(r) === null) ? null : Math.round(rows.reduce((a, r) => a + f(r)!, 0))
  return {
    table: fullName(table.namespace, table.name),
    namespace: table.namespace,
    tableName: table.name,
    regions: regions.map((r) => regionRow(r, f.clock)),
    servers: [...byHost.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([host, rows]) => ({
        host,
        regionCount: rows.length,
        storeFileSize: total(rows, (r) => r.bytes) ?? 0,
        readRequestCount: total(rows, (r) => r.reads),
        writeRequestCount: total(rows, (r) => r.writes),
      })),
  }
}

/** E071: the region servers; a dead one's figures are null. */
export function hbaseRegionServers(
  db: Db,
  scope: ClusterScope,
  clusterUid: string,
  q: HbaseWindowQuery,
  now: number,
): HbaseRegionServerRow[] {
  const f = frame(db, scope, clusterUid, q, now)
  const rows = cachedStatement(
    db,
    `WITH ${LATEST}, ${WINDOW_SUMS}
     SELECT v.host, (v.dead_since IS NOT NULL AND v.dead_since <= @to) AS dead,
            lat.ts, lat.store_file_bytes AS storeFileSize, lat.memstore_bytes AS memStore,
            lat.hlog_bytes AS hlog, lat.compaction_queue AS compactionQueue,
            win.reads, win.writes, win.slowPut, win.slowIncrement, win.slowGet, win.slowDelete, win.slowAppend,
            (SELECT count(*) FROM hbase_regions r WHERE r.server_id = v.id) AS regionCount,
            (SELECT sum(r.locality * r.size_share) FROM hbase_regions r WHERE r.server_id = v.id) AS locality
       FROM hbase_servers v LEFT JOIN lat ON lat.server_id = v.id LEFT JOIN win ON win.server_id = v.id
      WHERE v.cluster_uid = @uid ORDER BY v.host`,
  ).all({ uid: f.uid, from: f.from, to: f.to }) as ({
    host: string
    dead: number
    regionCount: number
  } & Record<string, number | null>)[]
  return rows.map((r) => {
    const dead = r.dead === 1
    const known = !dead && r.ts !== null
    const counted = !dead && r.reads !== null
    const tableSize = known ? r.storeFileSize! + r.memStore! : null
    const averageRegionSize = tableSize !== null && r.regionCount ? tableSize / r.regionCount : null
    const slow = ['slowPut', 'slowIncrement', 'slowGet', 'slowDelete', 'slowAppend'] as const
    const slowOps = counted ? slow.reduce((a, k) => a + r[k]!, 0) : null
    const percentFilesLocal = known && r.locality !== null ? round1(r.locality) : null
    const row: HbaseRegionServerRow = {
      host: r.host,
      dead,
      readRequestCount: counted ? int(r.reads) : null,
      writeRequestCount: counted ? int(r.writes) : null,
      storeFileSize: known ? int(r.storeFileSize) : null,
      tableSize: int(tableSize),
      slowPutCount: counted ? r.slowPut! : null,
      slowIncrementCount: counted ? r.slowIncrement! : null,
      slowGetCount: counted ? r.slowGet! : null,
      slowDeleteCount: counted ? r.slowDelete! : null,
      slowAppendCount: counted ? r.slowAppend! : null,
      regionCount: dead ? null : r.regionCount,
      percentFilesLocal,
      hlogFileSize: known ? r.hlog! : null,
      compactionQueueLength: known ? r.compactionQueue! : null,
      averageRegionSize: int(averageRegionSize),
      alert: null,
    }
    row.alert = rowAlert({
      dead: dead ? 1 : 0,
      percentFilesLocal,
      compactionQueueLength: row.compactionQueueLength,
      hlogFileSize: row.hlogFileSize,
      slowOps,
      regionCount: row.regionCount,
      averageRegionSize,
    })
    return row
  })
}
