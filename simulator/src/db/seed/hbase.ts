import { HBASE_HOST_PREFIX } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { RowInserter } from './bulk-insert.ts'
import type { SeedCluster } from './clusters.ts'
import { shuffle, type Prng } from './prng.ts'
import type { Scale } from './scale.ts'

/*
 * HBase (issue 21): region servers, namespaces, tables and regions of the Hadoop clusters that run
 * HBase, and a 5-minute series per region server (schema.sql says how they fit together). Its own
 * generator (seed + HBASE_PRNG_OFFSET), so every other table's rows stay as they were.
 */

export const HBASE_PRNG_OFFSET = 29
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const GB = 1024 ** 3
const MB = 1024 ** 2
export const HBASE_BUCKET_MS = 5 * MINUTE
/** History of the series by scale (45 servers: about 39k, 104k and 194k rows with the day ahead). */
export const HBASE_HISTORY_DAYS: Record<Scale, number> = { small: 2, demo: 7, large: 14 }
/** The series runs this far past the seed's now, so a session stays current for a day. */
export const HBASE_AHEAD_MS = DAY

/**
 * The clusters that run HBase: a fixed subset of the seeded long-lived Hadoop clusters, so every
 * Hadoop persona (admin CDH, hdp, cdp, mapr, emr) sees at least one. `dead`: region servers down
 * now; `rit`: ages (ms) of the regions in transition.
 */
export const HBASE_CLUSTERS: readonly {
  uid: string
  servers: number
  tables: number
  version: string
  dead: number
  rit: readonly number[]
}[] = [
  { uid: 'cdh-prod-01', servers: 12, tables: 24, version: '2.1.0-cdh6.3.4', dead: 1, rit: [] },
  { uid: 'cdh-etl-02', servers: 5, tables: 10, version: '2.1.0-cdh6.3.4', dead: 0, rit: [] },
  {
    uid: 'hdp-analytics-01',
    servers: 8,
    tables: 14,
    version: '2.1.6.3.1.5.0-152',
    dead: 1,
    rit: [240_000, 45_000],
  },
  { uid: 'cdp-datalake-01', servers: 9, tables: 16, version: '2.4.6.7.1.9.0-387', dead: 0, rit: [20_000] },
  { uid: 'mapr-core-01', servers: 4, tables: 8, version: '1.4.13-mapr-2104', dead: 0, rit: [] },
  { uid: 'j-2AXXXXXXGAPLF', servers: 4, tables: 8, version: '2.4.17-amzn-3', dead: 0, rit: [] },
]

const NAMESPACES = ['events', 'iot', 'crm', 'risk', 'ads', 'profile', 'payments', 'logs', 'search'] as const
const TABLE_NAMES = [
  'clickstream',
  'device_readings',
  'customer_profile',
  'user_sessions',
  'feature_store',
  'txn_ledger',
  'audit_log',
  'geo_index',
  'pageviews',
  'orders',
  'alerts',
  'recommendations',
  'sensor_hourly',
  'fraud_scores',
  'impressions',
  'inventory',
  'messages',
  'shipments',
  'entity_graph',
  'doc_index',
] as const
const DEFAULT_TABLES = ['usertable', 'test_tbl', 'tmp_import', 'bulkload_staging'] as const

/** A draw from a log-normal with this median and log sigma. */
function logNormal(prng: Prng, median: number, sigma: number): number {
  const u = Math.max(prng.next(), 1e-12)
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * prng.next())
  return median * Math.exp(sigma * z)
}
const between = (prng: Prng, low: number, high: number) => low + prng.next() * (high - low)
/** A Poisson draw (Knuth; small means only). */
function poisson(prng: Prng, mean: number): number {
  if (mean <= 0) return 0
  if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * (prng.next() * 2 - 1) * 1.7))
  const limit = Math.exp(-mean)
  let k = 0
  let p = prng.next()
  while (p > limit) {
    k++
    p *= prng.next()
  }
  return k
}
const hex = (prng: Prng, digits: number) =>
  Array.from({ length: digits }, () => Math.floor(prng.next() * 16).toString(16)).join('')

function fqdnOf(cluster: SeedCluster, i: number, prng: Prng): string {
  const n = String(i + 1).padStart(2, '0')
  if (cluster.platform === 'EMR') return `ip-10-0-${16 + 3 * i}-${prng.int(1, 250)}.ec2.internal`
  if (cluster.platform === 'MAPR') return `mapr-node${n}.${cluster.region}.acme.internal`
  return `rs${n}.${cluster.clusterName}.${cluster.region}.acme.internal`
}

interface Server {
  id: number
  deadSince: number | null
  heapMaxMb: number
  cores: number
  memTotal: number
  /** Requests/s at an average moment, summed over its regions. */
  baseRead: number
  baseWrite: number
  /** Store file bytes now, summed over its regions. */
  bytesNow: number
  /** Trouble of its own: a long compaction queue, a large WAL, many slow operations. */
  trouble: 'compaction' | 'wal' | 'slow' | null
}
interface Region {
  tableId: number
  server: Server
  read: number
  write: number
  bytes: number
  storeFiles: number
  locality: number
  ritAgeMs: number | null
  startKey: string
  endKey: string
  encoded: string
  regionTs: number
}

/** The diurnal load: about 0.55 at night to 1.45 at 16:00 UTC; writes peak with the 02:00 ETL too. */
function loadAt(ts: number, write: boolean): number {
  const hour = (ts % DAY) / HOUR
  const day = 0.55 + 0.9 * (0.5 - 0.5 * Math.cos((2 * Math.PI * (hour - 4)) / 24))
  const etl = write ? 0.8 * Math.exp(-(((hour - 2) / 1.2) ** 2)) : 0
  return day + etl
}

/** Seeds the HBase tables; returns the rows of the series. */
export function seedHbase(
  db: Db,
  prng: Prng,
  clusters: readonly SeedCluster[],
  now: number,
  scale: Scale,
): number {
  const byUid = new Map(clusters.map((c) => [c.unravelId, c]))
  const insertCluster = db.prepare('INSERT INTO hbase_clusters (cluster_uid, version) VALUES (?, ?)')
  const insertServer = db.prepare(
    `INSERT INTO hbase_servers (id, cluster_uid, host, fqdn, dead_since, heap_max_mb, non_heap_max_mb, cores, mem_total_bytes)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const insertTable = db.prepare(
    `INSERT INTO hbase_tables (id, cluster_uid, namespace, name, enabled, system, created_at, max_file_size, families_json)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const regionRows = new RowInserter(db, 'hbase_regions', [
    'table_id',
    'server_id',
    'encoded_name',
    'start_key',
    'end_key',
    'region_ts',
    'read_share',
    'write_share',
    'size_share',
    'memstore_share',
    'store_files',
    'locality',
    'rit_age_ms',
  ])
  const servers: Server[] = []
  let serverId = 0
  let tableId = 0
  db.transaction(() => {
    for (const spec of HBASE_CLUSTERS) {
      const cluster = byUid.get(spec.uid)
      if (!cluster || cluster.terminatedAt !== null) continue
      insertCluster.run(spec.uid, spec.version)
      const own: Server[] = []
      for (let i = 0; i < spec.servers; i++) {
        const heapMaxMb = prng.pick([16_384, 24_576, 32_768])
        const server: Server = {
          id: ++serverId,
          // The last ones die: up to a day before the seed's now.
          deadSince: i >= spec.servers - spec.dead ? now - Math.round(between(prng, 2, 20) * HOUR) : null,
          heapMaxMb,
          cores: prng.pick([16, 24, 32]),
          memTotal: prng.pick([128, 192, 256]) * GB,
          baseRead: 0,
          baseWrite: 0,
          bytesNow: 0,
          trouble: null,
        }
        const fqdn = fqdnOf(cluster, i, prng)
        insertServer.run(
          server.id,
          spec.uid,
          HBASE_HOST_PREFIX + fqdn,
          fqdn,
          server.deadSince,
          heapMaxMb,
          1024,
          server.cores,
          server.memTotal,
        )
        own.push(server)
      }
      servers.push(...own)
      const live = own.filter((s) => s.deadSince === null)
      // One server of a bigger cluster has trouble of its own (an alert in the region-server table).
      if (live.length >= 5)
        live[prng.int(0, live.length - 1)]!.trouble = prng.pick(['compaction', 'wal', 'slow'])
      const regions: Region[] = []
      const oldest = Math.max(cluster.createdAt, now - 700 * DAY)
      const addTable = (namespace: string, name: string, system: boolean) => {
        const id = ++tableId
        const createdAt = Math.round(between(prng, oldest, now - 3 * DAY))
        const logs = namespace === 'logs' || name.includes('log')
        const maxFileSize = system ? 10 * GB : prng.chance(0.04) ? 40 * GB : 10 * GB
        const families = [
          {
            name: 'd',
            versions: prng.pick([1, 1, 3]),
            compression: system ? 'NONE' : prng.pick(['SNAPPY', 'SNAPPY', 'LZ4', 'GZ', 'ZSTD']),
            bloomFilter: prng.pick(['ROW', 'ROW', 'ROWCOL', 'NONE']),
            blockCache: true,
            ttl: logs ? 30 * 86_400 : null,
          },
          ...(prng.chance(0.3) && !system
            ? [
                {
                  name: 'm',
                  versions: 1,
                  compression: 'SNAPPY',
                  bloomFilter: 'ROW',
                  blockCache: false,
                  ttl: null,
                },
              ]
            : []),
        ]
        insertTable.run(
          id,
          spec.uid,
          namespace,
          name,
          system || prng.chance(0.95) ? 1 : 0,
          system ? 1 : 0,
          createdAt,
          maxFileSize,
          JSON.stringify(families),
        )
        // Sizes long-tailed: a few hundred MB to a few TB; system tables small.
        const bytes = system
          ? between(prng, 2, 60) * MB
          : Math.min(Math.max(logNormal(prng, 40 * GB, 1.5), 50 * MB), 3 * 1024 * GB)
        const count = system
          ? 1
          : Math.max(1, Math.min(600, Math.ceil(bytes / (maxFileSize * between(prng, 0.3, 0.8)))))
        const readRate = system ? between(prng, 20, 200) : logNormal(prng, 150, 1.3)
        const writeRate = system ? between(prng, 1, 10) : logNormal(prng, logs ? 400 : 100, 1.3)
        // Locality mostly high (short-circuit reads after major compactions); a few tables moved or
        // rebalanced lately sit low (55-75 %, the alert's side of 70).
        const locality = system ? 100 : prng.chance(0.12) ? between(prng, 58, 75) : between(prng, 86, 99)
        for (let r = 0; r < count; r++) {
          const weight = logNormal(prng, 1, 0.4)
          const key = (k: number) =>
            k <= 0 || k >= count
              ? ''
              : Math.floor((k * 0x1_0000_0000) / count)
                  .toString(16)
                  .padStart(8, '0')
          regions.push({
            tableId: id,
            server: live[prng.int(0, live.length - 1)]!,
            read: (readRate / count) * weight,
            write: (writeRate / count) * weight,
            bytes: (bytes / count) * weight,
            storeFiles: prng.int(1, 8),
            locality: Math.min(100, Math.max(55, locality + between(prng, -4, 4))),
            ritAgeMs: null,
            startKey: key(r),
            endKey: key(r + 1),
            encoded: hex(prng, 32),
            regionTs: Math.round(between(prng, createdAt, now - DAY)),
          })
        }
      }
      addTable('hbase', 'meta', true)
      addTable('hbase', 'namespace', true)
      const defaults = DEFAULT_TABLES.slice(0, prng.int(1, 3))
      for (const name of defaults) addTable('default', name, false)
      const namespaces = shuffle(prng, NAMESPACES).slice(0, prng.int(2, 4))
      const names = shuffle(prng, TABLE_NAMES)
      for (let t = 0; t < spec.tables - defaults.length; t++)
        addTable(
          namespaces[t % namespaces.length]!,
          names[t % names.length]! + (t >= names.length ? '_v2' : ''),
          false,
        )
      spec.rit.forEach((age, i) => {
        const region = regions[2 + ((i * 7) % (regions.length - 2))]!
        region.ritAgeMs = age
      })
      for (const r of regions) {
        r.server.baseRead += r.read
        r.server.baseWrite += r.write
        r.server.bytesNow += r.bytes
      }
      for (const r of regions) {
        const s = r.server
        const readShare = s.baseRead > 0 ? r.read / s.baseRead : 0
        const writeShare = s.baseWrite > 0 ? r.write / s.baseWrite : 0
        const sizeShare = s.bytesNow > 0 ? r.bytes / s.bytesNow : 0
        regionRows.push(
          r.tableId,
          s.id,
          r.encoded,
          r.startKey,
          r.endKey,
          r.regionTs,
          readShare,
          writeShare,
          sizeShare,
          0.9 * writeShare + 0.1 * sizeShare,
          r.storeFiles,
          Math.round(r.locality * 10) / 10,
          r.ritAgeMs,
        )
      }
    }
    regionRows.flush()
  })()
  return seedSeries(db, prng, servers, now, scale)
}

/** The 5-minute series of every server, from the history's start to a day past now (or its death). */
function seedSeries(db: Db, prng: Prng, servers: readonly Server[], now: number, scale: Scale): number {
  const last = Math.floor((now + HBASE_AHEAD_MS) / HBASE_BUCKET_MS) * HBASE_BUCKET_MS
  const first = Math.floor(now / HBASE_BUCKET_MS) * HBASE_BUCKET_MS - HBASE_HISTORY_DAYS[scale] * DAY
  // Stored as integers of the precision each figure is rounded to (schema.sql hbase_server_samples).
  const rows = new RowInserter(db, 'hbase_server_samples', [
    'server_id',
    'ts',
    'read_rate_c',
    'write_rate_c',
    'rpc_queue_ms_c',
    'rpc_processing_ms_c',
    'compaction_queue',
    'flush_queue',
    'memstore_bytes',
    'store_file_bytes',
    'hlog_bytes',
    'slow_put',
    'slow_increment',
    'slow_get',
    'slow_delete',
    'slow_append',
    'heap_used_mb_d',
    'non_heap_used_mb_d',
    'gc_ms_c',
    'gc_count_m',
    'cpu_pct_c',
    'load1_c',
    'mem_used_bytes',
    'disk_read_bps_c',
    'disk_write_bps_c',
    'net_in_bps_c',
    'net_out_bps_c',
  ])
  // n rounded to d decimals, as the integer of that many decimals the row stores.
  const round = (n: number, d = 2) => Math.round(n * 10 ** d)
  let count = 0
  db.transaction(() => {
    for (const s of servers) {
      const end = s.deadSince === null ? last : Math.min(last, s.deadSince - HBASE_BUCKET_MS)
      const phase = prng.next() * 20 * MINUTE
      const hlogBase = s.trouble === 'wal' ? between(prng, 5, 7) * GB : between(prng, 0.3, 1.5) * GB
      const nonHeap = between(prng, 120, 220)
      for (let ts = first; ts <= end; ts += HBASE_BUCKET_MS) {
        // Three draws of ±10 % noise per bucket, shared by the figures that move together.
        const a = 0.9 + prng.next() * 0.2
        const b = 0.9 + prng.next() * 0.2
        const c = 0.9 + prng.next() * 0.2
        const read = s.baseRead * loadAt(ts, false) * a
        const write = s.baseWrite * loadAt(ts, true) * b
        const load = Math.min(1.6, (read + write) / Math.max(1, (s.baseRead + s.baseWrite) * 1.2))
        const spike = prng.next() < 0.01 ? between(prng, 5, 30) : 1
        const rpcQueue = (0.4 + 2.5 * load * load) * c * spike
        const slowMean = (s.trouble === 'slow' ? 2.5 : 0.08) * load * (spike > 1 ? 4 : 1)
        // put, increment, get, delete, append: one count of slow operations, split by kind.
        const slow = [0, 0, 0, 0, 0]
        for (let k = poisson(prng, slowMean * 1.9); k > 0; k--) {
          const u = prng.next() * 1.9
          slow[u < 1 ? 0 : u < 1.1 ? 1 : u < 1.7 ? 2 : u < 1.85 ? 3 : 4]!++
        }
        const gcCycle = ((ts + phase) % (20 * MINUTE)) / (20 * MINUTE)
        const heapUsed = s.heapMaxMb * Math.min(0.95, (0.3 + 0.35 * gcCycle + 0.15 * load) * c)
        const cpu = Math.min(98, (6 + 48 * load) * c)
        const ageDays = (now - ts) / DAY
        const bytes = s.bytesNow * (1 - 0.004 * ageDays) * (1 + 0.01 * Math.sin(ts / (3 * HOUR)))
        const hourFrac = (ts % HOUR) / HOUR
        rows.push(
          s.id,
          ts,
          round(read),
          round(write),
          round(rpcQueue),
          round((1.5 + 6 * load) * b),
          s.trouble === 'compaction' ? prng.int(18, 45) : poisson(prng, 0.3 + 2.5 * Math.max(0, load - 0.6)),
          poisson(prng, 0.2 * load),
          Math.round(s.heapMaxMb * MB * 0.4 * Math.min(0.95, 0.12 + 0.45 * load * b)),
          Math.round(bytes),
          Math.round(hlogBase * (0.35 + 0.65 * hourFrac)),
          slow[0],
          slow[1],
          slow[2],
          slow[3],
          slow[4],
          round(heapUsed, 1),
          round(nonHeap * (0.95 + 0.1 * a), 1),
          round((4 + 30 * load) * b),
          round((0.05 + 0.3 * load) * a, 3),
          round(cpu),
          round(((s.cores * cpu) / 100) * a),
          Math.round(s.memTotal * Math.min(0.97, (0.55 + 0.2 * load) * (0.95 + 0.1 * b))),
          round(read * 8192 * 0.3 + write * 512 * c),
          round(write * 3 * 2048 * c),
          round(write * 1536 * a + read * 256),
          round(read * 4096 * b + write * 512),
        )
        count++
      }
    }
    rows.flush()
  })()
  return count
}
