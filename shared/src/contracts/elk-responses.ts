import { Type, type Static } from 'typebox'
import { ELK_HEALTH, ELK_KPI_TYPES, ES_NODE_ROLES } from './elk.ts'

/*
 * The answers of the Elasticsearch, Logstash and Kibana calls (decisions G98-G104 in contracts/elk.ts):
 * flat rows, names that carry their unit (PerSec, Ms, Bytes, Percent), times in epoch ms.
 */

const Point = Type.Tuple([Type.Integer({ description: 'epoch ms' }), Type.Number()], {
  description: '[timestamp, value]',
})
const Health = Type.Enum(ELK_HEALTH, { description: 'green, yellow or red at the time (G101)' })
const AsOf = { time: Type.Integer({ description: 'epoch ms the gauges are read at (G100)' }) }
const SearchIndexing = {
  searchRatePerSec: Type.Number({ description: 'queries/s, average over the window' }),
  searchLatencyMs: Type.Number({ description: 'ms per query, average over the window' }),
  indexingRatePerSec: Type.Number({
    description: 'documents/s indexed (primaries), average over the window',
  }),
  indexingLatencyMs: Type.Number({ description: 'ms per document, average over the window' }),
}
const Heap = {
  jvmHeapUsedBytes: Type.Integer({ description: 'at the time' }),
  jvmHeapMaxBytes: Type.Integer(),
  heapPercent: Type.Number({ description: '% of the max heap used, at the time' }),
}
const Shards = {
  primaryShards: Type.Integer({ description: 'active primaries' }),
  activeShards: Type.Integer({ description: 'active copies, primaries and replicas' }),
  relocatingShards: Type.Integer(),
  initializingShards: Type.Integer(),
  unassignedShards: Type.Integer(),
}

/** GET /api/v1/elasticsearch/clusters/metrics: one Elasticsearch cluster over the window. */
export const EsClusterRowSchema = Type.Object(
  {
    cluster: Type.String({
      description: 'the cluster name, used in paths (G98)',
      examples: ['es-logs-cdh-prod-01'],
    }),
    clusterUuid: Type.String({ description: "Elasticsearch's own cluster id" }),
    clusterUid: Type.String({ description: 'the Hadoop cluster it runs beside', examples: ['cdh-prod-01'] }),
    hadoopCluster: Type.String({ description: "that Hadoop cluster's display name" }),
    clusterType: Type.String({ description: 'CDH, HDP, CDP, MAPR or EMR' }),
    version: Type.String({ examples: ['7.17.9'] }),
    status: Health,
    nodes: Type.Integer(),
    dataNodes: Type.Integer(),
    masterNode: Type.String({ description: 'the elected master' }),
    indices: Type.Integer({ description: 'every index, system ones too' }),
    ...Shards,
    docsCount: Type.Integer({ description: "primaries' documents, at the time (G101)" }),
    storeSizeBytes: Type.Integer({ description: 'every copy, at the time' }),
    ...Heap,
    ...SearchIndexing,
    kibanaInstances: Type.Integer({ description: 'Kibana instances serving it' }),
    logstashNodes: Type.Integer({ description: 'Logstash nodes shipping to it' }),
    ...AsOf,
  },
  { title: 'EsClusterRow' },
)
export type EsClusterRow = Static<typeof EsClusterRowSchema>
export const EsClustersResponseSchema = Type.Array(EsClusterRowSchema, { description: 'by cluster name' })
export type EsClustersResponse = Static<typeof EsClustersResponseSchema>

/** GET /api/v1/elasticsearch/{cluster}/nodes: one node over the window. */
export const EsNodeRowSchema = Type.Object(
  {
    cluster: Type.String(),
    node: Type.String({ description: 'node.name', examples: ['es-data-01'] }),
    nodeId: Type.String({ description: "Elasticsearch's node id" }),
    host: Type.String({ examples: ['es03.cdh-prod.us-east-1.acme.internal'] }),
    ip: Type.String(),
    roles: Type.Array(Type.Enum(ES_NODE_ROLES)),
    master: Type.Boolean({ description: 'the elected master' }),
    shards: Type.Integer({ description: 'shard copies it holds' }),
    docsCount: Type.Integer({ description: 'documents in the copies it holds, at the time' }),
    storeSizeBytes: Type.Integer({ description: 'bytes of the copies it holds, at the time' }),
    segmentsCount: Type.Integer({ description: 'at the time' }),
    segmentsMemoryBytes: Type.Integer({ description: 'at the time' }),
    ...Heap,
    cpuPercent: Type.Number({ description: 'os cpu %, at the time' }),
    load1m: Type.Number({ description: 'OS load average (1 minute), at the time' }),
    diskUsedBytes: Type.Integer({ description: 'at the time' }),
    diskTotalBytes: Type.Integer(),
    diskUsedPercent: Type.Number({ description: 'vs the watermarks: low 85%, high 90%, flood 95%' }),
    ...SearchIndexing,
    youngGcCount: Type.Integer({ description: 'collections in the window' }),
    youngGcTimeMs: Type.Integer({ description: 'ms collecting in the window' }),
    oldGcCount: Type.Integer({ description: 'collections in the window' }),
    oldGcTimeMs: Type.Integer({ description: 'ms collecting in the window' }),
    threadPoolRejections: Type.Integer({ description: 'write and search rejections in the window' }),
    ...AsOf,
  },
  { title: 'EsNodeRow' },
)
export type EsNodeRow = Static<typeof EsNodeRowSchema>
export const EsNodesResponseSchema = Type.Array(EsNodeRowSchema, { description: 'by node name' })
export type EsNodesResponse = Static<typeof EsNodesResponseSchema>

/** One index over the window (G101, G104). */
export const EsIndexRowSchema = Type.Object(
  {
    index: Type.String({ examples: ['logs-app-2026.11.27'] }),
    system: Type.Boolean({ description: 'a system index (name starts with a dot)' }),
    health: Health,
    status: Type.Enum(['open', 'close'] as const),
    primaryShards: Type.Integer(),
    replicas: Type.Integer({ description: 'replicas per primary' }),
    unassignedShards: Type.Integer({ description: 'at the time' }),
    docsCount: Type.Integer({ description: "primaries' documents, at the time" }),
    storeSizeBytes: Type.Integer({ description: 'every copy, at the time' }),
    primaryStoreSizeBytes: Type.Integer({ description: 'primaries only, at the time' }),
    segmentsCount: Type.Integer({ description: 'at the time' }),
    ...SearchIndexing,
    createdTime: Type.Integer({ description: 'epoch ms' }),
  },
  { title: 'EsIndexRow' },
)
export type EsIndexRow = Static<typeof EsIndexRowSchema>
/** GET /api/v1/elasticsearch/{cluster}/index. */
export const EsIndicesResponseSchema = Type.Object(
  {
    cluster: Type.String(),
    total: Type.Integer({ description: 'indices matched before paging' }),
    indices: Type.Array(EsIndexRowSchema),
    ...AsOf,
  },
  { title: 'EsIndicesResponse' },
)
export type EsIndicesResponse = Static<typeof EsIndicesResponseSchema>

const Events = {
  eventsInPerSec: Type.Number({ description: 'events/s received, average over the window' }),
  eventsFilteredPerSec: Type.Number({ description: 'events/s through the filters, average' }),
  eventsOutPerSec: Type.Number({ description: 'events/s sent to outputs, average' }),
  eventLatencyMs: Type.Number({ description: 'ms spent per event in filters and outputs, average' }),
}
const Queue = {
  queueType: Type.Enum(['memory', 'persisted'] as const),
  persistedQueueEvents: Type.Integer({
    description: 'events waiting in the persisted queue, at the time (0: memory)',
  }),
  persistedQueueSizeBytes: Type.Integer({ description: 'bytes on disk, at the time' }),
}

/** GET /api/v1/logstash/kpis: one Logstash deployment over the window. */
export const LogstashDeploymentRowSchema = Type.Object(
  {
    cluster: Type.String({ description: 'the Elasticsearch cluster it ships to (G98)' }),
    clusterUid: Type.String({ description: 'the Hadoop cluster it runs beside' }),
    version: Type.String({ examples: ['7.17.9'] }),
    nodes: Type.Integer(),
    pipelines: Type.Integer(),
    ...Events,
    jvmHeapUsedBytes: Type.Integer({ description: 'its nodes summed, at the time' }),
    jvmHeapMaxBytes: Type.Integer(),
    persistedQueueEvents: Type.Integer({ description: 'its pipelines summed, at the time' }),
    ...AsOf,
  },
  { title: 'LogstashDeploymentRow' },
)
export type LogstashDeploymentRow = Static<typeof LogstashDeploymentRowSchema>
export const LogstashKpisResponseSchema = Type.Array(LogstashDeploymentRowSchema, {
  description: 'by cluster',
})
export type LogstashKpisResponse = Static<typeof LogstashKpisResponseSchema>

/** GET /api/v1/logstash/nodes/list: one Logstash node over the window. */
export const LogstashNodeRowSchema = Type.Object(
  {
    cluster: Type.String(),
    node: Type.String({ description: 'node.name', examples: ['logstash-01'] }),
    nodeId: Type.String({ description: "Logstash's node id (uuid)" }),
    host: Type.String(),
    version: Type.String(),
    pipelines: Type.Integer(),
    workers: Type.Integer({ description: 'pipeline workers, its pipelines summed' }),
    ...Events,
    ...Heap,
    cpuPercent: Type.Number({ description: 'process cpu %, at the time' }),
    load1m: Type.Number({ description: 'at the time' }),
    uptimeMs: Type.Integer({ description: 'at the time' }),
    ...AsOf,
  },
  { title: 'LogstashNodeRow' },
)
export type LogstashNodeRow = Static<typeof LogstashNodeRowSchema>
export const LogstashNodesResponseSchema = Type.Array(LogstashNodeRowSchema, {
  description: 'by cluster, node',
})
export type LogstashNodesResponse = Static<typeof LogstashNodesResponseSchema>

/** GET /api/v1/logstash/pipelines/list: one pipeline of a deployment over the window. */
export const LogstashPipelineRowSchema = Type.Object(
  {
    cluster: Type.String(),
    pipeline: Type.String({ description: 'pipeline.id', examples: ['beats-to-es'] }),
    input: Type.String({ description: 'its input plugin', examples: ['beats', 'kafka'] }),
    output: Type.String({ description: 'its output plugin', examples: ['elasticsearch'] }),
    nodes: Type.Integer({ description: 'nodes running it' }),
    workers: Type.Integer({ description: 'pipeline.workers per node' }),
    batchSize: Type.Integer({ description: 'pipeline.batch.size' }),
    ...Events,
    ...Queue,
    ...AsOf,
  },
  { title: 'LogstashPipelineRow' },
)
export type LogstashPipelineRow = Static<typeof LogstashPipelineRowSchema>
export const LogstashPipelinesResponseSchema = Type.Array(LogstashPipelineRowSchema, {
  description: 'by cluster, pipeline',
})
export type LogstashPipelinesResponse = Static<typeof LogstashPipelinesResponseSchema>

const KibanaFigures = {
  requestsPerSec: Type.Number({ description: 'requests/s, average over the window' }),
  requestsTotal: Type.Integer({ description: 'requests in the window' }),
  disconnects: Type.Integer({ description: 'client disconnects in the window' }),
  responseTimeAvgMs: Type.Number({ description: 'ms, request-weighted average over the window' }),
  responseTimeMaxMs: Type.Number({ description: 'ms, the most in the window' }),
  concurrentConnections: Type.Integer({ description: 'at the time' }),
  heapUsedBytes: Type.Integer({ description: 'Node.js heap used, at the time' }),
  heapMaxBytes: Type.Integer({ description: 'heap size limit' }),
  osLoad1m: Type.Number({ description: 'OS load average (1 minute), at the time (cluster: the most)' }),
}

/** GET /api/v1/kibana/clusters/metrics: the Kibana instances of one Elasticsearch cluster. */
export const KibanaClusterRowSchema = Type.Object(
  {
    cluster: Type.String({ description: 'the Elasticsearch cluster they serve (G98)' }),
    clusterUid: Type.String({ description: 'the Hadoop cluster it runs beside' }),
    status: Health,
    instances: Type.Integer(),
    ...KibanaFigures,
    ...AsOf,
  },
  { title: 'KibanaClusterRow' },
)
export type KibanaClusterRow = Static<typeof KibanaClusterRowSchema>
export const KibanaClustersResponseSchema = Type.Array(KibanaClusterRowSchema, { description: 'by cluster' })
export type KibanaClustersResponse = Static<typeof KibanaClustersResponseSchema>

/** GET /api/v1/kibana/{cluster}/instances (ours): one Kibana instance. */
export const KibanaInstanceRowSchema = Type.Object(
  {
    cluster: Type.String(),
    instance: Type.String({ description: 'server.name', examples: ['kibana-01'] }),
    uuid: Type.String(),
    host: Type.String(),
    version: Type.String(),
    status: Health,
    uptimeMs: Type.Integer({ description: 'at the time' }),
    ...KibanaFigures,
    ...AsOf,
  },
  { title: 'KibanaInstanceRow' },
)
export type KibanaInstanceRow = Static<typeof KibanaInstanceRowSchema>
export const KibanaInstancesResponseSchema = Type.Array(KibanaInstanceRowSchema, { description: 'by name' })
export type KibanaInstancesResponse = Static<typeof KibanaInstancesResponseSchema>

/** A series of an ELK KPI answer; node, index, pipeline or instance say whose it is. */
export const ElkSeriesSchema = Type.Object(
  {
    metric: Type.String({
      description: 'the reference name, e.g. indexing_rate',
      examples: ['indexing_rate'],
    }),
    name: Type.String({ description: 'a label for the legend', examples: ['Indexing rate (docs/s)'] }),
    unit: Type.String({
      description:
        'queries/s, docs/s, events/s, fetches/s, flushes/s, ms, bytes, %, count, docs, load, requests',
    }),
    node: Type.Optional(Type.String({ description: 'the node name, for a node series' })),
    index: Type.Optional(Type.String({ description: 'the index, for an index series' })),
    pipeline: Type.Optional(Type.String({ description: 'the pipeline id, for a pipeline series' })),
    instance: Type.Optional(Type.String({ description: 'the Kibana instance, when one is asked' })),
    data: Type.Array(Point, { description: 'by time; none after now' }),
  },
  { title: 'ElkSeries' },
)
export type ElkSeries = Static<typeof ElkSeriesSchema>

/** Every ELK series call. */
export const ElkSeriesResponseSchema = Type.Object(
  {
    cluster: Type.Union([Type.String(), Type.Null()], {
      description: 'the cluster; null for a Logstash answer over every deployment (G103)',
    }),
    kpiType: Type.Enum(ELK_KPI_TYPES, {
      description: "whose series: cluster, node, index, logstash (a deployment's), pipeline, instance",
    }),
    interval: Type.String({ description: 'the point interval used, e.g. 1h' }),
    pointInterval: Type.Integer({ description: 'the point interval in ms' }),
    series: Type.Array(ElkSeriesSchema),
  },
  { title: 'ElkSeriesResponse' },
)
export type ElkSeriesResponse = Static<typeof ElkSeriesResponseSchema>
