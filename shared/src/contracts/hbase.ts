import { Type, type Static } from 'typebox'
import { NamedSeriesSchema } from './clusters.ts'
import { QueryInstantSchema } from './dates.ts'

/*
 * HBase (issue 21; 02 §2 HBase, §4 HBase, §7 HBase; E064-E072; B088, B207-B210; M103, M104).
 * Decisions on what the spec leaves open, in the CHECKLIST's G style:
 * - G80: {clusterUid} is the unravelId of one of the user's HBase clusters. Another platform's
 *   cluster, a cluster that runs no HBase, or one the user may not see is 404 (not revealed).
 * - G81: every call that reads a window takes start_time/end_time (epoch ms or ISO-8601), default
 *   today 00:00 (UTC) to now (B088); start after end is 400; a window longer than
 *   HBASE_MAX_WINDOW_DAYS is 400. Series calls take `interval` (5m, 15m, 30m, 1h, 1d; default 1h,
 *   B088); more than 2,000 points in a series is 400 (rules/series.ts says which field to change).
 *   The store is 5-minute buckets, so a point is the average of the 5-minute values it holds.
 * - G82: counts in the table, region and region-server rows (read/write requests, slow
 *   operations) are the requests made in the window; sizes, region counts, locality, queues and
 *   WAL sizes are as of the window's end (the latest 5-minute bucket at or before it; for a window
 *   that ends before the stored history, its first bucket).
 * - G83: a table is named `namespace:name` (HBase's full name), and queries accept it as
 *   `namespace:name`, `namespace.name` (split at the first dot) or a bare name (namespace
 *   `default`). Rows carry `table` (namespace:name), `namespace` and `tableName`.
 * - G84: host is HBASE_HOST_PREFIX (18 characters, HBase's metrics source) and the FQDN (B209:
 *   the console drops the first 18 characters). Queries take the host as rows give it, or the
 *   bare FQDN.
 * - G85: E064's `prefix` chooses the KPI family: `os` (CPU %, load, disk and network bytes/s; the
 *   default, 02 §7's "cluster CPU, disk, network"), `regionserver` (read/write requests/s, RPC queue
 *   and processing ms, compaction and flush queues, memstore bytes, slow ops) or `jvm` (heap and
 *   non-heap bytes, GC ms and count per second). Without `host`, the series are the cluster's: rates,
 *   bytes and queues sum over its live region servers; %, load and times (ms) average over them.
 * - G86: an unknown host or table of the cluster is 404 where it is the subject (E064 host, E065,
 *   E068, E069, E072); as a filter of a list (E067, E070) it gives an empty list.
 * - G87: alert texts come from one threshold table (simulator's hbase-alerts module, mirrored in
 *   HBASE_ALERT_THRESHOLDS below); several crossings are joined with '; '. No alert is null (the
 *   console shows 'Good', M103, B208). Missing values are null (the console shows '--', B207),
 *   e.g. every figure of a dead region server.
 */

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()])

/** The metrics source every HBase host name starts with: exactly 18 characters (B209). */
export const HBASE_HOST_PREFIX = 'RegionServer,host='
/** The point intervals of the HBase charts (G81). */
export const HBASE_INTERVALS = ['5m', '15m', '30m', '1h', '1d'] as const
export type HbaseInterval = (typeof HBASE_INTERVALS)[number]
/** The longest window of any HBase call (G81). */
export const HBASE_MAX_WINDOW_DAYS = 31
/** E064's KPI families (G85). */
export const HBASE_KPI_PREFIXES = ['os', 'regionserver', 'jvm'] as const
export type HbaseKpiPrefix = (typeof HBASE_KPI_PREFIXES)[number]

/**
 * The alert thresholds (G87): a value at or above `above` (or at or below `below`) raises `text`;
 * `dead` is 1 for a dead region server, `slowOps` the five slow operation counts of the window summed.
 * Kept here so the API document and the console can cite them; the simulator applies them.
 */
export const HBASE_ALERT_THRESHOLDS = {
  numDeadRegionServers: { above: 1, text: 'Dead region servers' },
  averageLoad: { above: 300, text: 'High region load per server' },
  RpcQueueTime_avg_time: { above: 50, text: 'High RPC queue time' },
  heapUsedPercent: { above: 85, text: 'High heap usage' },
  nonHeapUsedPercent: { above: 90, text: 'High non-heap usage' },
  ritCount: { above: 1, text: 'Regions in transition' },
  ritOldestAge: { above: 60_000, text: 'Region stuck in transition' },
  ritCountOverThreshold: { above: 1, text: 'Regions in transition over threshold' },
  percentFilesLocal: { below: 70, text: 'Low data locality' },
  compactionQueueLength: { above: 20, text: 'Long compaction queue' },
  hlogFileSize: { above: 4 * 1024 ** 3, text: 'Large WAL' },
  slowOps: { above: 200, text: 'Many slow operations' },
  averageRegionSize: { above: 12 * 1024 ** 3, text: 'Regions too large' },
  regionCount: { above: 400, text: 'Too many regions' },
  dead: { above: 1, text: 'Region server is dead' },
} as const satisfies Record<string, { above?: number; below?: number; text: string }>
export type HbaseAlertMetric = keyof typeof HBASE_ALERT_THRESHOLDS

/** The cluster of the path (G80). */
export const HbaseClusterParamsSchema = Type.Object(
  {
    clusterUid: Type.String({
      minLength: 1,
      maxLength: 200,
      description: "the unravelId of one of the user's HBase clusters",
      examples: ['cdh-prod-01'],
    }),
  },
  { additionalProperties: false, title: 'HbaseClusterParams' },
)
export type HbaseClusterParams = Static<typeof HbaseClusterParamsSchema>

const Window = {
  start_time: Type.Optional(QueryInstantSchema),
  end_time: Type.Optional(QueryInstantSchema),
}
const IntervalParam = Type.Optional(
  Type.Enum(HBASE_INTERVALS, { default: '1h', description: 'point interval (B088: default 1h)' }),
)
const HostParam = Type.String({
  minLength: 1,
  maxLength: 300,
  pattern: '^[A-Za-z0-9:=,._-]+$',
  description: `a region server as rows give it (${HBASE_HOST_PREFIX}<fqdn>) or its bare FQDN`,
})
const TableParam = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: '^[A-Za-z0-9_.:-]+$',
  description: 'namespace:name, namespace.name or a bare name of the default namespace (G83)',
  examples: ['default:usertable'],
})
const NamespaceParam = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' })

/** GET /api/v1/hbase/{clusterUid}/kpi (E064; G85). */
export const HbaseKpiQuerySchema = Type.Object(
  {
    ...Window,
    interval: IntervalParam,
    prefix: Type.Optional(Type.Enum(HBASE_KPI_PREFIXES, { default: 'os', description: 'KPI family (G85)' })),
    host: Type.Optional(HostParam),
  },
  { additionalProperties: false, title: 'HbaseKpiQuery' },
)
export type HbaseKpiQuery = Static<typeof HbaseKpiQuerySchema>

/** GET /api/v1/hbase/table/{clusterUid}/kpi (E065): one table over time. */
export const HbaseTableKpiQuerySchema = Type.Object(
  { ...Window, interval: IntervalParam, table: TableParam },
  { additionalProperties: false, title: 'HbaseTableKpiQuery' },
)
export type HbaseTableKpiQuery = Static<typeof HbaseTableKpiQuerySchema>

/** GET /api/v1/hbase/regions/{clusterUid}/region_os_metrics (E072): one region server's OS. */
export const HbaseHostSeriesQuerySchema = Type.Object(
  { ...Window, interval: IntervalParam, host: HostParam },
  { additionalProperties: false, title: 'HbaseHostSeriesQuery' },
)
export type HbaseHostSeriesQuery = Static<typeof HbaseHostSeriesQuerySchema>

/** GET /api/v1/hbase/{clusterUid}/metrics_regions (E067): regions of a host and/or a table. */
export const HbaseRegionsQuerySchema = Type.Object(
  {
    ...Window,
    host: Type.Optional(HostParam),
    table: Type.Optional(TableParam),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 200 })),
  },
  { additionalProperties: false, title: 'HbaseRegionsQuery' },
)
export type HbaseRegionsQuery = Static<typeof HbaseRegionsQuerySchema>

/** E068, E069: one table. */
export const HbaseTableQuerySchema = Type.Object(
  { ...Window, table: TableParam },
  { additionalProperties: false, title: 'HbaseTableQuery' },
)
export type HbaseTableQuery = Static<typeof HbaseTableQuerySchema>

/** GET /api/v1/hbase/{clusterUid}/metrics_tables (E070): the tables, of a host and/or namespace. */
export const HbaseTablesQuerySchema = Type.Object(
  {
    ...Window,
    host: Type.Optional(
      Type.String({ ...HostParam, description: 'only the tables with a region on this region server' }),
    ),
    namespace: Type.Optional(NamespaceParam),
  },
  { additionalProperties: false, title: 'HbaseTablesQuery' },
)
export type HbaseTablesQuery = Static<typeof HbaseTablesQuerySchema>

/** GET /api/v1/hbase/regions/{clusterUid}/region_server_optional (E071). */
export const HbaseWindowQuerySchema = Type.Object(
  { ...Window },
  { additionalProperties: false, title: 'HbaseWindowQuery' },
)
export type HbaseWindowQuery = Static<typeof HbaseWindowQuerySchema>

/** GET /api/v1/hbase/clusters/metrics (E066): optionally one cluster. */
export const HbaseClusterMetricsQuerySchema = Type.Object(
  {
    clusterUid: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'only this cluster (G80)' }),
    ),
  },
  { additionalProperties: false, title: 'HbaseClusterMetricsQuery' },
)
export type HbaseClusterMetricsQuery = Static<typeof HbaseClusterMetricsQuerySchema>

/** A named series with its unit and a stable metric key. */
export const HbaseSeriesSchema = Type.Object(
  {
    ...NamedSeriesSchema.properties,
    metric: Type.String({ description: 'stable key, e.g. readRequestsPerSec' }),
    unit: Type.String({ description: '%, ms, bytes, bytes/s, req/s, ops/s, count' }),
  },
  { title: 'HbaseSeries' },
)
export type HbaseSeries = Static<typeof HbaseSeriesSchema>

/** E064, E065, E072: one series per metric; a point is [epoch ms, value]; empty buckets are left out. */
export const HbaseSeriesResponseSchema = Type.Object(
  {
    interval: Type.String({ description: 'the point interval used, e.g. 1h' }),
    pointInterval: Type.Integer({ description: 'the point interval in ms' }),
    series: Type.Array(HbaseSeriesSchema),
  },
  { title: 'HbaseSeriesResponse' },
)
export type HbaseSeriesResponse = Static<typeof HbaseSeriesResponseSchema>

const Alert = Type.Optional(Nullable(Type.String({ description: 'set when over its threshold (G87)' })))

/** E066: one HBase cluster now (02 §2 HBase cluster metrics). */
export const HbaseClusterMetricsSchema = Type.Object(
  {
    clusterUid: Type.String(),
    cluster: Type.String({ description: 'the cluster display name' }),
    clusterName: Type.String(),
    clusterType: Type.String({ description: 'CDH, HDP, CDP, MAPR or EMR' }),
    time: Type.Integer({ description: 'epoch ms of the latest 5-minute bucket' }),
    numRegionServers: Type.Integer({ description: 'live region servers' }),
    numRegionServers_alert: Alert,
    numDeadRegionServers: Type.Integer(),
    numDeadRegionServers_alert: Alert,
    memMaxM: Type.Integer({ description: 'MB: heap max summed over live region servers' }),
    memMaxM_alert: Alert,
    clusterRequests: Nullable(Type.Number({ description: 'requests/s (read + write), sum over servers' })),
    clusterRequests_alert: Alert,
    averageLoad: Nullable(Type.Number({ description: 'regions per live region server' })),
    averageLoad_alert: Alert,
    RpcQueueTime_avg_time: Nullable(Type.Number({ description: 'ms, average over live servers' })),
    RpcQueueTime_avg_time_alert: Alert,
    memHeapUsedM: Nullable(Type.Number({ description: 'MB, sum over live servers' })),
    memHeapUsedM_alert: Alert,
    memHeapMaxM: Nullable(Type.Number({ description: 'MB' })),
    memHeapMaxM_alert: Alert,
    memNonHeapUsedM: Nullable(Type.Number({ description: 'MB' })),
    memNonHeapUsedM_alert: Alert,
    memNonHeapMaxM: Nullable(Type.Number({ description: 'MB' })),
    memNonHeapMaxM_alert: Alert,
    ritCount: Type.Integer({ description: 'regions in transition' }),
    ritCount_alert: Alert,
    ritOldestAge: Type.Integer({ description: 'ms, age of the oldest region in transition (0: none)' }),
    ritOldestAge_alert: Alert,
    ritCountOverThreshold: Type.Integer({ description: 'regions in transition for over 60 s' }),
    ritCountOverThreshold_alert: Alert,
    cpuPercent: Nullable(Type.Number({ description: '%, average over live servers' })),
    diskBytesPerSec: Nullable(Type.Number({ description: 'bytes/s read + written, sum' })),
    networkBytesPerSec: Nullable(Type.Number({ description: 'bytes/s in + out, sum' })),
  },
  { title: 'HbaseClusterMetrics' },
)
export type HbaseClusterMetrics = Static<typeof HbaseClusterMetricsSchema>
export const HbaseClusterMetricsResponseSchema = Type.Array(HbaseClusterMetricsSchema, {
  description: "the user's HBase clusters, by name",
})
export type HbaseClusterMetricsResponse = Static<typeof HbaseClusterMetricsResponseSchema>

const TableNames = {
  table: Type.String({ description: 'namespace:name (G83)' }),
  namespace: Type.String(),
  tableName: Type.String(),
}

/** E070: one table (02 §2 HBase table). Counts in the window, sizes at its end (G82). */
export const HbaseTableRowSchema = Type.Object(
  {
    ...TableNames,
    averageRegionSize: Nullable(Type.Integer({ description: 'bytes: tableSize / regionCount' })),
    readRequestCount: Nullable(Type.Integer({ description: 'reads in the window' })),
    writeRequestCount: Nullable(Type.Integer({ description: 'writes in the window' })),
    regionCount: Type.Integer(),
    storeFileSize: Nullable(Type.Integer({ description: 'bytes of HFiles' })),
    tableSize: Nullable(Type.Integer({ description: 'bytes: store files plus memstore' })),
    percentFilesLocal: Nullable(Type.Number({ description: '% of HFile bytes on the serving host' })),
    alert: Nullable(Type.String()),
  },
  { title: 'HbaseTableRow' },
)
export type HbaseTableRow = Static<typeof HbaseTableRowSchema>
export const HbaseTablesResponseSchema = Type.Array(HbaseTableRowSchema, {
  description: 'by namespace then name',
})
export type HbaseTablesResponse = Static<typeof HbaseTablesResponseSchema>

/** E071: one region server (02 §2 HBase region server); null figures for a dead one. */
export const HbaseRegionServerRowSchema = Type.Object(
  {
    host: Type.String({ description: `${HBASE_HOST_PREFIX}<fqdn> (B209)` }),
    dead: Type.Boolean(),
    readRequestCount: Nullable(Type.Integer({ description: 'reads in the window' })),
    writeRequestCount: Nullable(Type.Integer({ description: 'writes in the window' })),
    storeFileSize: Nullable(Type.Integer({ description: 'bytes' })),
    tableSize: Nullable(Type.Integer({ description: 'bytes: store files plus memstore' })),
    slowPutCount: Nullable(Type.Integer({ description: 'in the window' })),
    slowIncrementCount: Nullable(Type.Integer()),
    slowGetCount: Nullable(Type.Integer()),
    slowDeleteCount: Nullable(Type.Integer()),
    slowAppendCount: Nullable(Type.Integer()),
    regionCount: Nullable(Type.Integer()),
    percentFilesLocal: Nullable(Type.Number({ description: '%' })),
    hlogFileSize: Nullable(Type.Integer({ description: 'bytes of WAL files' })),
    compactionQueueLength: Nullable(Type.Integer()),
    averageRegionSize: Nullable(Type.Integer({ description: 'bytes' })),
    alert: Nullable(Type.String()),
  },
  { title: 'HbaseRegionServerRow' },
)
export type HbaseRegionServerRow = Static<typeof HbaseRegionServerRowSchema>
export const HbaseRegionServersResponseSchema = Type.Array(HbaseRegionServerRowSchema, {
  description: 'by host',
})
export type HbaseRegionServersResponse = Static<typeof HbaseRegionServersResponseSchema>

/** E067, E069: one region. */
export const HbaseRegionRowSchema = Type.Object(
  {
    regionName: Type.String({ description: 'table,startKey,id.encodedName.' }),
    encodedName: Type.String(),
    ...TableNames,
    host: Type.String(),
    startKey: Type.String(),
    endKey: Type.String(),
    readRequestCount: Nullable(Type.Integer({ description: 'in the window' })),
    writeRequestCount: Nullable(Type.Integer({ description: 'in the window' })),
    storeFileCount: Type.Integer(),
    storeFileSize: Type.Integer({ description: 'bytes' }),
    memStoreSize: Type.Integer({ description: 'bytes' }),
    percentFilesLocal: Type.Number({ description: '%' }),
    inTransition: Type.Boolean(),
  },
  { title: 'HbaseRegionRow' },
)
export type HbaseRegionRow = Static<typeof HbaseRegionRowSchema>
export const HbaseRegionsResponseSchema = Type.Object(
  {
    regions: Type.Array(HbaseRegionRowSchema, { description: 'most bytes first, at most size' }),
    total: Type.Integer({ description: 'regions matched before the size cap' }),
  },
  { title: 'HbaseRegionsResponse' },
)
export type HbaseRegionsResponse = Static<typeof HbaseRegionsResponseSchema>

/** E068: a column family of a table descriptor. */
export const HbaseColumnFamilySchema = Type.Object(
  {
    name: Type.String(),
    versions: Type.Integer(),
    compression: Type.String({ description: 'NONE, SNAPPY, LZ4, GZ, ZSTD' }),
    bloomFilter: Type.String({ description: 'NONE, ROW, ROWCOL' }),
    blockCache: Type.Boolean(),
    ttl: Nullable(Type.Integer({ description: 'seconds; null: forever' })),
  },
  { title: 'HbaseColumnFamily' },
)

/** E068: one table's descriptor and totals (sizes at the window's end, counts in the window). */
export const HbaseTableBasicInfoSchema = Type.Object(
  {
    ...TableNames,
    enabled: Type.Boolean(),
    systemTable: Type.Boolean(),
    createdTime: Type.Integer({ description: 'epoch ms' }),
    columnFamilies: Type.Array(HbaseColumnFamilySchema),
    maxFileSize: Type.Integer({ description: 'bytes: the split threshold' }),
    regionCount: Type.Integer(),
    regionServerCount: Type.Integer({ description: 'region servers holding its regions' }),
    storeFileCount: Type.Integer(),
    storeFileSize: Type.Integer({ description: 'bytes' }),
    memStoreSize: Type.Integer({ description: 'bytes' }),
    tableSize: Type.Integer({ description: 'bytes' }),
    averageRegionSize: Nullable(Type.Integer({ description: 'bytes' })),
    percentFilesLocal: Nullable(Type.Number({ description: '%' })),
    readRequestCount: Nullable(Type.Integer({ description: 'in the window' })),
    writeRequestCount: Nullable(Type.Integer({ description: 'in the window' })),
    alert: Nullable(Type.String()),
  },
  { title: 'HbaseTableBasicInfo' },
)
export type HbaseTableBasicInfo = Static<typeof HbaseTableBasicInfoSchema>

/** E069: a table's regions and how they spread over the region servers. */
export const HbaseTableRegionInfoSchema = Type.Object(
  {
    ...TableNames,
    regions: Type.Array(HbaseRegionRowSchema, { description: 'by start key' }),
    servers: Type.Array(
      Type.Object(
        {
          host: Type.String(),
          regionCount: Type.Integer(),
          storeFileSize: Type.Integer({ description: 'bytes' }),
          readRequestCount: Nullable(Type.Integer()),
          writeRequestCount: Nullable(Type.Integer()),
        },
        { title: 'HbaseTableServerShare' },
      ),
      { description: 'by host' },
    ),
  },
  { title: 'HbaseTableRegionInfo' },
)
export type HbaseTableRegionInfo = Static<typeof HbaseTableRegionInfoSchema>
