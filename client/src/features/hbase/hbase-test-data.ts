import {
  HBASE_HOST_PREFIX,
  type HbaseClusterMetrics,
  type HbaseRegionServerRow,
  type HbaseSeriesResponse,
  type HbaseTableBasicInfo,
  type HbaseTableRegionInfo,
  type HbaseTableRow,
} from '@costlens/shared'

/** Answers of the HBase calls for the screen's tests: two clusters, two servers, two tables. */
export const T = Date.parse('2026-11-27T08:00:00Z')
export const HOST_1 = `${HBASE_HOST_PREFIX}rs-01.prod.example.com`
export const HOST_2 = `${HBASE_HOST_PREFIX}rs-02.prod.example.com`

export const cluster = (over: Partial<HbaseClusterMetrics> = {}): HbaseClusterMetrics => ({
  clusterUid: 'cdh-prod-01',
  cluster: 'Production CDH',
  clusterName: 'hbase-prod',
  clusterType: 'CDH',
  time: T,
  numRegionServers: 2,
  numDeadRegionServers: 0,
  memMaxM: 32_768,
  clusterRequests: 1_250.5,
  averageLoad: 120,
  RpcQueueTime_avg_time: 72,
  RpcQueueTime_avg_time_alert: 'High RPC queue time',
  memHeapUsedM: 8_192,
  memHeapMaxM: 32_768,
  memNonHeapUsedM: 300,
  memNonHeapMaxM: 1_024,
  ritCount: 0,
  ritOldestAge: 0,
  ritCountOverThreshold: 0,
  cpuPercent: 35,
  diskBytesPerSec: 1_048_576,
  networkBytesPerSec: 2_097_152,
  ...over,
})

export const clusters: HbaseClusterMetrics[] = [
  cluster(),
  cluster({
    clusterUid: 'hdp-etl-01',
    cluster: 'ETL HDP',
    clusterName: 'hbase-etl',
    RpcQueueTime_avg_time_alert: null,
  }),
]

const server = (host: string, over: Partial<HbaseRegionServerRow> = {}): HbaseRegionServerRow => ({
  host,
  dead: false,
  readRequestCount: 120_000,
  writeRequestCount: 30_000,
  storeFileSize: 5 * 1024 ** 3,
  tableSize: 6 * 1024 ** 3,
  slowPutCount: 3,
  slowIncrementCount: 0,
  slowGetCount: 12,
  slowDeleteCount: 0,
  slowAppendCount: 0,
  regionCount: 150,
  percentFilesLocal: 92.5,
  hlogFileSize: 512 * 1024 ** 2,
  compactionQueueLength: 2,
  averageRegionSize: 40 * 1024 ** 2,
  alert: null,
  ...over,
})

export const servers: HbaseRegionServerRow[] = [
  server(HOST_1),
  server(HOST_2, {
    dead: true,
    readRequestCount: null,
    writeRequestCount: null,
    percentFilesLocal: null,
    hlogFileSize: null,
    alert: 'Region server is dead',
  }),
]

const table = (name: string, over: Partial<HbaseTableRow> = {}): HbaseTableRow => ({
  table: `default:${name}`,
  namespace: 'default',
  tableName: name,
  averageRegionSize: 64 * 1024 ** 2,
  readRequestCount: 50_000,
  writeRequestCount: 9_000,
  regionCount: 12,
  storeFileSize: 700 * 1024 ** 2,
  tableSize: 768 * 1024 ** 2,
  percentFilesLocal: 88,
  alert: null,
  ...over,
})

export const tables: HbaseTableRow[] = [
  table('orders'),
  table('users', { alert: 'Low data locality' }),
  table('events', { table: 'analytics:events', namespace: 'analytics' }),
]

export const series = (what: string): HbaseSeriesResponse => ({
  interval: '1h',
  pointInterval: 3_600_000,
  series: [
    {
      name: `${what} read requests`,
      metric: 'readRequestsPerSec',
      unit: 'req/s',
      data: [
        [T, 10],
        [T + 3_600_000, 12],
      ],
    },
    {
      name: `${what} store files`,
      metric: 'storeFileSize',
      unit: 'bytes',
      data: [
        [T, 1024 ** 3],
        [T + 3_600_000, 1.1 * 1024 ** 3],
      ],
    },
  ],
})

export const basicInfo = (name: string): HbaseTableBasicInfo => ({
  table: name,
  namespace: 'default',
  tableName: name.split(':')[1]!,
  enabled: true,
  systemTable: false,
  createdTime: T - 90 * 86_400_000,
  columnFamilies: [
    { name: 'd', versions: 1, compression: 'SNAPPY', bloomFilter: 'ROW', blockCache: true, ttl: null },
  ],
  maxFileSize: 10 * 1024 ** 3,
  regionCount: 12,
  regionServerCount: 2,
  storeFileCount: 40,
  storeFileSize: 700 * 1024 ** 2,
  memStoreSize: 68 * 1024 ** 2,
  tableSize: 768 * 1024 ** 2,
  averageRegionSize: 64 * 1024 ** 2,
  percentFilesLocal: 88,
  readRequestCount: 50_000,
  writeRequestCount: 9_000,
  alert: null,
})

export const regionInfo = (name: string): HbaseTableRegionInfo => ({
  table: name,
  namespace: 'default',
  tableName: name.split(':')[1]!,
  regions: [
    {
      regionName: `${name},,1.abc.`,
      encodedName: 'abc',
      table: name,
      namespace: 'default',
      tableName: name.split(':')[1]!,
      host: HOST_1,
      startKey: '',
      endKey: 'm',
      readRequestCount: 100,
      writeRequestCount: 20,
      storeFileCount: 3,
      storeFileSize: 60 * 1024 ** 2,
      memStoreSize: 4 * 1024 ** 2,
      percentFilesLocal: 100,
      inTransition: false,
    },
  ],
  servers: [],
})
