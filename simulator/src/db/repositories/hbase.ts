import {
  type HbaseTableBasicInfo,
  type HbaseTableQuery,
  type HbaseTableRow,
  type HbaseTablesQuery,
} from '@costlens/shared'
import {
  LATEST,
  WINDOW_SUMS,
  findServer,
  findTable,
  frame,
  fullName,
  int,
  round1,
  type Frame,
  type TableRow,
} from './hbase-common.ts'
import { rowAlert } from './hbase-alerts.ts'
import type { ClusterScope } from './scope.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'

/*
 * The HBase table rows (E068, E070; G82): counts are the window's buckets summed (rate × 300 s), sizes and
 * queues the latest bucket at or before its end; a table's and a region's are their regions' shares
 * of their servers' (schema.sql), so tables, regions and servers add up.
 */

interface TableSums extends TableRow {
  regionCount: number
  servers: number
  storeFiles: number | null
  storeFileSize: number | null
  memStore: number | null
  reads: number | null
  writes: number | null
  locality: number | null
}

/** The tables of @uid (of @ns, with a region on @sid, or @tid only) with their regions' sums. */
function tableSums(db: Db, f: Frame, filter: { ns?: string; sid?: number; tid?: number }): TableSums[] {
  return cachedStatement(
    db,
    `WITH ${LATEST}, ${WINDOW_SUMS}
     SELECT t.id, t.namespace, t.name, t.enabled, t.system, t.created_at AS createdAt,
            t.max_file_size AS maxFileSize, t.families_json AS familiesJson,
            count(r.id) AS regionCount, count(DISTINCT r.server_id) AS servers, sum(r.store_files) AS storeFiles,
            sum(r.size_share * lat.store_file_bytes) AS storeFileSize,
            sum(r.memstore_share * lat.memstore_bytes) AS memStore,
            sum(r.read_share * win.reads) AS reads, sum(r.write_share * win.writes) AS writes,
            sum(r.locality * r.size_share * lat.store_file_bytes) / sum(r.size_share * lat.store_file_bytes) AS locality
       FROM hbase_tables t
       LEFT JOIN hbase_regions r ON r.table_id = t.id
       LEFT JOIN lat ON lat.server_id = r.server_id
       LEFT JOIN win ON win.server_id = r.server_id
      WHERE t.cluster_uid = @uid AND (@ns IS NULL OR t.namespace = @ns) AND (@tid IS NULL OR t.id = @tid)
        AND (@sid IS NULL OR t.id IN (SELECT table_id FROM hbase_regions WHERE server_id = @sid))
      GROUP BY t.id ORDER BY t.namespace, t.name`,
  ).all({
    uid: f.uid,
    from: f.from,
    to: f.to,
    ns: filter.ns ?? null,
    sid: filter.sid ?? null,
    tid: filter.tid ?? null,
  }) as TableSums[]
}

function tableRow(t: TableSums): HbaseTableRow {
  const tableSize = t.storeFileSize === null ? null : t.storeFileSize + (t.memStore ?? 0)
  const averageRegionSize = tableSize === null || !t.regionCount ? null : tableSize / t.regionCount
  const percentFilesLocal = round1(t.locality)
  return {
    table: fullName(t.namespace, t.name),
    namespace: t.namespace,
    tableName: t.name,
    averageRegionSize: int(averageRegionSize),
    readRequestCount: int(t.reads),
    writeRequestCount: int(t.writes),
    regionCount: t.regionCount,
    storeFileSize: int(t.storeFileSize),
    tableSize: int(tableSize),
    percentFilesLocal,
    alert: rowAlert({ percentFilesLocal, averageRegionSize, regionCount: t.regionCount }),
  }
}

/** E070: the tables (G86: an unknown host or namespace lists none). */
export function hbaseTableMetrics(
  db: Db,
  scope: ClusterScope,
  clusterUid: string,
  q: HbaseTablesQuery,
  now: number,
): HbaseTableRow[] {
  const f = frame(db, scope, clusterUid, q, now)
  let sid: number | undefined
  if (q.host !== undefined) {
    const server = findServer(db, f.uid, q.host)
    if (!server) return []
    sid = server.id
  }
  return tableSums(db, f, { ns: q.namespace, sid }).map(tableRow)
}

/** E068: one table's descriptor and totals. */
export function hbaseTableBasicInfo(
  db: Db,
  scope: ClusterScope,
  clusterUid: string,
  q: HbaseTableQuery,
  now: number,
): HbaseTableBasicInfo {
  const f = frame(db, scope, clusterUid, q, now)
  const t = tableSums(db, f, { tid: findTable(db, f.uid, q.table).id })[0]!
  const row = tableRow(t)
  return {
    table: row.table,
    namespace: row.namespace,
    tableName: row.tableName,
    enabled: t.enabled === 1,
    systemTable: t.system === 1,
    createdTime: t.createdAt + f.clock.shift,
    columnFamilies: JSON.parse(t.familiesJson) as HbaseTableBasicInfo['columnFamilies'],
    maxFileSize: t.maxFileSize,
    regionCount: t.regionCount,
    regionServerCount: t.servers,
    storeFileCount: t.storeFiles ?? 0,
    storeFileSize: row.storeFileSize ?? 0,
    memStoreSize: int(t.memStore) ?? 0,
    tableSize: row.tableSize ?? 0,
    averageRegionSize: row.averageRegionSize,
    percentFilesLocal: row.percentFilesLocal,
    readRequestCount: row.readRequestCount,
    writeRequestCount: row.writeRequestCount,
    alert: row.alert,
  }
}
