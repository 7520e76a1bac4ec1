import type {
  ElkSeriesResponse,
  EsClusterRow,
  EsIndexRow,
  EsIndicesResponse,
  EsNodeRow,
  KibanaClusterRow,
  KibanaInstanceRow,
  LogstashDeploymentRow,
  LogstashNodeRow,
  LogstashPipelineRow,
} from '@costlens/shared'

/** Answers of the Elastic calls for the pages' tests: two clusters, two nodes, two indices… */
export const T = Date.parse('2026-11-27T08:00:00Z')
const GB = 1024 ** 3

export const esCluster = (over: Partial<EsClusterRow> = {}): EsClusterRow => ({
  cluster: 'es-logs-01',
  clusterUuid: 'u1',
  clusterUid: 'cdh-prod-01',
  hadoopCluster: 'Production CDH',
  clusterType: 'CDH',
  version: '7.17.9',
  status: 'yellow',
  nodes: 2,
  dataNodes: 2,
  masterNode: 'es-data-01',
  indices: 2,
  primaryShards: 4,
  activeShards: 6,
  relocatingShards: 0,
  initializingShards: 0,
  unassignedShards: 2,
  docsCount: 1_234_567,
  storeSizeBytes: 40 * GB,
  jvmHeapUsedBytes: 6 * GB,
  jvmHeapMaxBytes: 8 * GB,
  heapPercent: 75,
  searchRatePerSec: 120.5,
  searchLatencyMs: 4.2,
  indexingRatePerSec: 3_400,
  indexingLatencyMs: 0.31,
  kibanaInstances: 2,
  logstashNodes: 3,
  time: T,
  ...over,
})
export const esClusters = [
  esCluster(),
  esCluster({ cluster: 'es-etl-01', status: 'green', unassignedShards: 0 }),
]

const node = (name: string, over: Partial<EsNodeRow> = {}): EsNodeRow => ({
  cluster: 'es-logs-01',
  node: name,
  nodeId: `id-${name}`,
  host: `${name}.example.com`,
  ip: '10.0.0.1',
  roles: ['master', 'data', 'ingest'],
  master: name === 'es-data-01',
  shards: 3,
  docsCount: 600_000,
  storeSizeBytes: 20 * GB,
  segmentsCount: 120,
  segmentsMemoryBytes: 50 * 1024 ** 2,
  jvmHeapUsedBytes: 3 * GB,
  jvmHeapMaxBytes: 4 * GB,
  heapPercent: 75,
  cpuPercent: 42.5,
  load1m: 1.25,
  diskUsedBytes: 200 * GB,
  diskTotalBytes: 500 * GB,
  diskUsedPercent: 40,
  searchRatePerSec: 60,
  searchLatencyMs: 4,
  indexingRatePerSec: 1_700,
  indexingLatencyMs: 0.3,
  youngGcCount: 40,
  youngGcTimeMs: 800,
  oldGcCount: 0,
  oldGcTimeMs: 0,
  threadPoolRejections: 0,
  time: T,
  ...over,
})
// The second node's disk is not reported (a total of 0): its disk reads '--'.
export const esNodes = [
  node('es-data-01'),
  node('es-data-02', { diskTotalBytes: 0, diskUsedPercent: Number.NaN }),
]

const index = (name: string, over: Partial<EsIndexRow> = {}): EsIndexRow => ({
  index: name,
  system: false,
  health: 'green',
  status: 'open',
  primaryShards: 2,
  replicas: 1,
  unassignedShards: 0,
  docsCount: 600_000,
  storeSizeBytes: 20 * GB,
  primaryStoreSizeBytes: 10 * GB,
  segmentsCount: 60,
  searchRatePerSec: 60,
  searchLatencyMs: 4,
  indexingRatePerSec: 1_700,
  indexingLatencyMs: 0.3,
  createdTime: T - 86_400_000,
  ...over,
})
export const esIndices: EsIndicesResponse = {
  cluster: 'es-logs-01',
  total: 2,
  indices: [
    index('logs-app-2026.11.27', { health: 'yellow', unassignedShards: 2 }),
    index('metrics-2026.11'),
  ],
  time: T,
}

/** A series answer: each series in its unit, three hourly points. */
export const series = (
  kpiType: ElkSeriesResponse['kpiType'],
  list: { name: string; unit: string; metric?: string; node?: string }[],
): ElkSeriesResponse => ({
  cluster: 'es-logs-01',
  kpiType,
  interval: '1h',
  pointInterval: 3_600_000,
  series: list.map((s) => ({
    metric: s.metric ?? s.name,
    ...s,
    data: [
      [T - 7_200_000, 10],
      [T - 3_600_000, 12],
      [T, 11],
    ],
  })),
})

export const deployment = (over: Partial<LogstashDeploymentRow> = {}): LogstashDeploymentRow => ({
  cluster: 'es-logs-01',
  clusterUid: 'cdh-prod-01',
  version: '7.17.9',
  nodes: 2,
  pipelines: 2,
  eventsInPerSec: 2_000,
  eventsFilteredPerSec: 1_990,
  eventsOutPerSec: 1_980,
  eventLatencyMs: 12.5,
  jvmHeapUsedBytes: 2 * GB,
  jvmHeapMaxBytes: 4 * GB,
  persistedQueueEvents: 350,
  time: T,
  ...over,
})

export const logstashNodes: LogstashNodeRow[] = ['logstash-01', 'logstash-02'].map((name) => ({
  cluster: 'es-logs-01',
  node: name,
  nodeId: `uuid-${name}`,
  host: `${name}.example.com`,
  version: '7.17.9',
  pipelines: 2,
  workers: 8,
  eventsInPerSec: 1_000,
  eventsFilteredPerSec: 995,
  eventsOutPerSec: 990,
  eventLatencyMs: 12.5,
  jvmHeapUsedBytes: GB,
  jvmHeapMaxBytes: 2 * GB,
  heapPercent: 50,
  cpuPercent: 30,
  load1m: 0.8,
  uptimeMs: 3 * 86_400_000,
  time: T,
}))

const pipeline = (name: string, over: Partial<LogstashPipelineRow> = {}): LogstashPipelineRow => ({
  cluster: 'es-logs-01',
  pipeline: name,
  input: 'beats',
  output: 'elasticsearch',
  nodes: 2,
  workers: 4,
  batchSize: 125,
  eventsInPerSec: 1_000,
  eventsFilteredPerSec: 995,
  eventsOutPerSec: 990,
  eventLatencyMs: 12.5,
  queueType: 'persisted',
  persistedQueueEvents: 350,
  persistedQueueSizeBytes: 10 * 1024 ** 2,
  time: T,
  ...over,
})
export const pipelines = [
  pipeline('beats-to-es'),
  pipeline('kafka-to-es', { input: 'kafka', queueType: 'memory', persistedQueueEvents: 0 }),
]

const kibanaFigures = {
  requestsPerSec: 12.5,
  requestsTotal: 45_000,
  disconnects: 3,
  responseTimeAvgMs: 85.2,
  responseTimeMaxMs: 2_400,
  concurrentConnections: 14,
  heapUsedBytes: 512 * 1024 ** 2,
  heapMaxBytes: 4 * GB,
  osLoad1m: 0.6,
  time: T,
}
export const kibanaClusters: KibanaClusterRow[] = [
  { cluster: 'es-logs-01', clusterUid: 'cdh-prod-01', status: 'green', instances: 2, ...kibanaFigures },
  { cluster: 'es-etl-01', clusterUid: 'hdp-etl-01', status: 'red', instances: 1, ...kibanaFigures },
]
export const kibanaInstances: KibanaInstanceRow[] = ['kibana-01', 'kibana-02'].map((name) => ({
  cluster: 'es-logs-01',
  instance: name,
  uuid: `uuid-${name}`,
  host: `${name}.example.com`,
  version: '7.17.9',
  status: 'green',
  uptimeMs: 86_400_000,
  ...kibanaFigures,
}))
