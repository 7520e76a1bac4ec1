// CONTRACT READY
import { Type, type Static } from 'typebox'
import { JOB_INTERVALS, type JobInterval } from './apps.ts'
import { QueryInstantSchema } from './dates.ts'

/*
 * Elasticsearch, Logstash and Kibana (02 §2 Kafka paragraph: "Elasticsearch/Kibana state: dateRange,
 * ClusterName, node, index (Kibana default today, 1m)"; 01 §2.3; E153, which shows no paths). The
 * calls take the paths and parameter names of the real product's public REST reference (unraveldata
 * docs 4.6, docs/api/api46.json, all under /api/v1; answers documented only as "array"), and paths of
 * costlens's own beside them where the pages need more. Shapes are ours, as Kafka's (G88-G95): flat
 * rows, unit-bearing names, epoch ms. Decisions, in the CHECKLIST's G style:
 * - G98: an Elasticsearch cluster is named by its cluster.name (e.g. es-logs-cdh-prod-01) in paths;
 *   rows carry `cluster` (that name), `clusterUuid` (Elasticsearch's own id) and `clusterUid` (the
 *   Hadoop cluster it runs beside). Kibana's {cluster} is the Elasticsearch cluster its instances
 *   serve (as Stack Monitoring groups them); a Logstash deployment is keyed by the Elasticsearch
 *   cluster it ships to (rows' `cluster`). A cluster is the user's when its Hadoop cluster is; any
 *   other name is 404 (not revealed).
 * - G99: windows are the reference's start_time/end_time (epoch ms, ISO-8601 or YYYY-MM-DD; a date-only
 *   end_time is the end of that day), default today 00:00 UTC to now; start after end is 400, longer
 *   than ELK_MAX_WINDOW_DAYS is 400. The reference's ELK calls have no `interval`; the series calls
 *   take Kafka's (ELK_INTERVALS, ours here), default 1h, Kibana's 1m (02 §2) — or 1h when the window
 *   holds more than 2,000 minutes and no interval is asked. More than 2,000 points in a series is 400
 *   and so is an answer of more than ELK_MAX_RESPONSE_POINTS points. Minute points are kept for
 *   today, hour points for the 33 days before: an interval under an hour over older days answers one
 *   point per hour there (as Kafka, G89).
 * - G100: in rows, rates (queries/s, docs/s, events/s, requests/s) and latencies (ms per query, per
 *   doc, per event; request-weighted) are averages over the window; GC counts and times, rejections,
 *   requests and disconnects are totals over it; health, shards, docs, sizes, segments, heap, CPU,
 *   load, disk, queues and connections are as of the window's end (or now, if earlier) — `time`.
 *   In series, rates and latencies are averages over each point; counts per point (Kibana's
 *   metrics_requests_total, metrics_requests_disconnects) the total in it; gauges the value at the
 *   point's time.
 * - G101: everything adds up. A cluster's search and indexing rates are its indices' summed (and its
 *   data nodes' summed); a daily log index (logs-app-YYYY.MM.DD) is written only on its day. docsCount
 *   counts primaries' documents (as _cat/indices), storeSizeBytes every copy (primaries and replicas);
 *   a cluster's are its indices' summed. A node's docsCount and store are the shard copies it holds.
 *   Health: red if a primary is unassigned, yellow if only replicas are, else green; a cluster's is
 *   its worst index's. Logstash: a deployment's events/s are its nodes' summed and its pipelines'
 *   summed (each pipeline runs on every node of its deployment); events out <= filtered <= in.
 *   Kibana: a cluster's requests are its instances' summed; response times request-weighted (max:
 *   the most).
 * - G102: the KPI calls follow Kafka's (G92): `prefix` (Elasticsearch, Kibana) or `metrics`
 *   (Logstash; repeat it, metrics=a&metrics=b) names the metrics; the reference marks them required,
 *   we read absent as every metric of the call (or, where one series per node or index is answered,
 *   its default). kpi_node with `node` (a node's name or id) answers that node's series; without, one
 *   series per node of `prefix` (default heap_percent). kpi_index likewise with `index`: one index's
 *   series, or one per index (system indices, named with a leading dot, left out; default
 *   indexing_rate). An unknown node, index, pipeline or Kibana instance that is the subject is 404.
 * - G103: the Logstash calls have no cluster in the reference: they span every deployment of the
 *   user's; `cluster` (ours) keeps one. Pipeline ids repeat across deployments (beats-to-es…):
 *   /logstash/pipelines/{pipeline}/kpis sums every deployment running it unless `cluster` keeps one.
 * - G104: the index list (the reference documents "array", no fields) is paged like Kafka's topic
 *   list: {cluster, total, indices, time}, from/size (size at most ELK_MAX_PAGE_SIZE), sort/order,
 *   search (part of the name) and system (true: system indices too; default false). Other lists are
 *   arrays, in name order. Indices deleted or not yet created at the window's end are not listed.
 * - G105: the figures the pages showed only as numbers are series too, metrics of the KPI calls
 *   after the reference's (ours, named after the products' stats fields): Elasticsearch kpi_cluster
 *   the nodes' JVM heap used and max summed (bytes, at the point's time) and their young and old
 *   collections and collection time in each point (JVM counters' differences, so a window's points
 *   sum to the node list's totals over it); Kibana kpi_cluster the response time (ms), average
 *   request-weighted over the point's load, and max (the slowest instance's, read at the point's
 *   end); Logstash events filtered (events/s; the nodes', the overview's and the pipelines'), and
 *   on the overview and pipeline calls the persisted queues' events and bytes at the point's time
 *   (no queue series per node: the lists give a queue per pipeline, not per node). A gauge at a
 *   point's time equals the list's figure for a window ending then.
 */

/** The point intervals of the ELK series calls (G99): Kafka's, which are the job counts'. */
export const ELK_INTERVALS = JOB_INTERVALS
export type ElkInterval = JobInterval
/** The longest window of any ELK call (G99). */
export const ELK_MAX_WINDOW_DAYS = 31
/** The most points one series answer may hold across its series (G99). */
export const ELK_MAX_RESPONSE_POINTS = 250_000
/** The largest page of the index list (G104). */
export const ELK_MAX_PAGE_SIZE = 500

/** Health of a cluster, index or Kibana instance (G101). */
export const ELK_HEALTH = ['green', 'yellow', 'red'] as const
export type ElkHealth = (typeof ELK_HEALTH)[number]
/** Elasticsearch node roles this store models. */
export const ES_NODE_ROLES = ['master', 'data', 'ingest'] as const
export type EsNodeRole = (typeof ES_NODE_ROLES)[number]
/** The kind of a series answer: whose series it holds. */
export const ELK_KPI_TYPES = ['cluster', 'node', 'index', 'logstash', 'pipeline', 'instance'] as const
export type ElkKpiType = (typeof ELK_KPI_TYPES)[number]

/**
 * The reference's kpi_cluster `prefix` values (elasticsearch-metric), then ours (G105): the nodes'
 * JVM heap summed and their collections per interval, named after Elasticsearch's node stats fields.
 */
export const ES_CLUSTER_METRICS = [
  'search_rate',
  'search_latency',
  'indexing_rate',
  'indexing_latency',
  'jvm_mem_heap_used_in_bytes',
  'jvm_mem_heap_max_in_bytes',
  'jvm_gc_collectors_young_collection_count',
  'jvm_gc_collectors_young_collection_time_in_millis',
  'jvm_gc_collectors_old_collection_count',
  'jvm_gc_collectors_old_collection_time_in_millis',
] as const
export type EsClusterMetric = (typeof ES_CLUSTER_METRICS)[number]
/** The reference's kpi_node `prefix` values (elasticsearch-node-metric; "_in_byte" sic). */
export const ES_NODE_METRICS = [
  'jvm_mem_heap_used_in_byte',
  'indices_segments_memory_in_bytes',
  'os_cpu_percent',
  'heap_percent',
  'indices_segments_count',
  'search_latency',
  'indexing_latency',
  'indices_docs_count',
] as const
export type EsNodeMetric = (typeof ES_NODE_METRICS)[number]
/** The reference's kpi_index `prefix` values (elasticsearch-indices-metric). */
export const ES_INDEX_METRICS = [
  'search_rate',
  'indexing_rate',
  'indexing_latency',
  'segments_count',
  'fetch_latency',
  'fetch_rate',
  'flush_latency',
  'flush_rate',
] as const
export type EsIndexMetric = (typeof ES_INDEX_METRICS)[number]
/** The reference's logstash/nodes/kpis `metrics` values (overview-metrics), then ours (G105). */
export const LOGSTASH_OVERVIEW_METRICS = [
  'kpi_events_in',
  'kpi_events_out',
  'kpi_events_filtered',
  'kpi_queue_events_count',
  'kpi_queue_size_in_bytes',
] as const
export type LogstashOverviewMetric = (typeof LOGSTASH_OVERVIEW_METRICS)[number]
/** The reference's logstash/nodes/{node}/kpis `metrics` values (node-metrics). */
export const LOGSTASH_NODE_METRICS = [
  'kpi_events_in',
  'kpi_events_out',
  'jvm_heap_max_in_bytes',
  'jvm_heap_used_in_bytes',
  'cpu_percent',
  'cpu_load_average_1m',
  'cpu_load_average_5m',
  'cpu_load_average_15m',
  'kpi_events_filtered',
] as const
export type LogstashNodeMetric = (typeof LOGSTASH_NODE_METRICS)[number]
/** The reference's pipeline `metrics` values (pipeline-metrics), then ours (G105). */
export const LOGSTASH_PIPELINE_METRICS = [
  'pipeline_num_events_in',
  'pipeline_num_events_out',
  'pipeline_num_events_filtered',
  'pipeline_queue_events_count',
  'pipeline_queue_size_in_bytes',
] as const
export type LogstashPipelineMetric = (typeof LOGSTASH_PIPELINE_METRICS)[number]
/** The reference's kibana kpi_cluster `prefix` values (kibana-metric), then ours (G105). */
export const KIBANA_METRICS = [
  'metrics_process_memory_heap_used_in_bytes',
  'metrics_requests_total',
  'metrics_requests_disconnects',
  'metrics_concurrent_connections',
  'metrics_response_times_avg_in_millis',
  'metrics_response_times_max_in_millis',
] as const
export type KibanaMetric = (typeof KIBANA_METRICS)[number]

/** The index list's sorts (G104). */
export const ES_INDEX_SORTS = [
  'index',
  'health',
  'docsCount',
  'storeSizeBytes',
  'primaryShards',
  'unassignedShards',
  'segmentsCount',
  'searchRatePerSec',
  'searchLatencyMs',
  'indexingRatePerSec',
  'indexingLatencyMs',
  'createdTime',
] as const
export type EsIndexSort = (typeof ES_INDEX_SORTS)[number]

const NAME_PATTERN = '^[A-Za-z0-9._-]+$'
/** An Elasticsearch cluster's name (G98). */
export const ElkClusterNameSchema = Type.String({
  minLength: 1,
  maxLength: 120,
  pattern: NAME_PATTERN,
  description: "the Elasticsearch cluster's name (G98)",
  examples: ['es-logs-cdh-prod-01'],
})
/** An index name: Elasticsearch's lowercase names (dates, dots, + allowed), at most 255. */
const IndexSchema = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: '^[a-z0-9._+-]+$',
  description: 'an index name',
  examples: ['logs-app-2026.11.27'],
})
const NodeSchema = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: NAME_PATTERN,
  description: "a node's name or its node id",
  examples: ['es-data-01'],
})
const PipelineSchema = Type.String({
  minLength: 1,
  maxLength: 120,
  pattern: NAME_PATTERN,
  description: 'a Logstash pipeline id',
  examples: ['beats-to-es'],
})

/** Path: /api/v1/elasticsearch/{cluster}/… and /api/v1/kibana/{cluster}/… */
export const ElkClusterParamsSchema = Type.Object(
  { cluster: ElkClusterNameSchema },
  { additionalProperties: false, title: 'ElkClusterParams' },
)
export type ElkClusterParams = Static<typeof ElkClusterParamsSchema>
/** Path: /api/v1/logstash/nodes/{node}/kpis */
export const LogstashNodeParamsSchema = Type.Object(
  { node: NodeSchema },
  { additionalProperties: false, title: 'LogstashNodeParams' },
)
export type LogstashNodeParams = Static<typeof LogstashNodeParamsSchema>
/** Path: /api/v1/logstash/pipelines/{pipeline}/kpis */
export const LogstashPipelineParamsSchema = Type.Object(
  { pipeline: PipelineSchema },
  { additionalProperties: false, title: 'LogstashPipelineParams' },
)
export type LogstashPipelineParams = Static<typeof LogstashPipelineParamsSchema>

const Window = {
  start_time: Type.Optional(QueryInstantSchema),
  end_time: Type.Optional(QueryInstantSchema),
}
const IntervalParam = Type.Optional(
  Type.Enum(ELK_INTERVALS, { description: 'point interval, ours (G99; default 1h, Kibana 1m)' }),
)
const LogstashCluster = {
  cluster: Type.Optional(
    Type.String({ ...ElkClusterNameSchema, description: 'ours: only this deployment (G103)' }),
  ),
}

/** Every list call without more parameters: a window (G99). */
export const ElkWindowQuerySchema = Type.Object(
  { ...Window },
  { additionalProperties: false, title: 'ElkWindowQuery' },
)
export type ElkWindowQuery = Static<typeof ElkWindowQuerySchema>

/** GET /api/v1/elasticsearch/{cluster}/kpi_cluster (G102). */
export const EsClusterKpiQuerySchema = Type.Object(
  {
    ...Window,
    interval: IntervalParam,
    prefix: Type.Optional(Type.Enum(ES_CLUSTER_METRICS, { description: 'one metric; absent: every metric' })),
  },
  { additionalProperties: false, title: 'EsClusterKpiQuery' },
)
export type EsClusterKpiQuery = Static<typeof EsClusterKpiQuerySchema>

/** GET /api/v1/elasticsearch/{cluster}/kpi_node (G102). */
export const EsNodeKpiQuerySchema = Type.Object(
  {
    ...Window,
    interval: IntervalParam,
    node: Type.Optional(NodeSchema),
    prefix: Type.Optional(
      Type.Enum(ES_NODE_METRICS, {
        description:
          'with node: one metric (absent: every metric); without: the metric of every node (default heap_percent)',
      }),
    ),
  },
  { additionalProperties: false, title: 'EsNodeKpiQuery' },
)
export type EsNodeKpiQuery = Static<typeof EsNodeKpiQuerySchema>

/** GET /api/v1/elasticsearch/{cluster}/kpi_index (G102). */
export const EsIndexKpiQuerySchema = Type.Object(
  {
    ...Window,
    interval: IntervalParam,
    index: Type.Optional(IndexSchema),
    prefix: Type.Optional(
      Type.Enum(ES_INDEX_METRICS, {
        description:
          'with index: one metric (absent: every metric); without: the metric of every non-system index (default indexing_rate)',
      }),
    ),
  },
  { additionalProperties: false, title: 'EsIndexKpiQuery' },
)
export type EsIndexKpiQuery = Static<typeof EsIndexKpiQuerySchema>

/** GET /api/v1/elasticsearch/{cluster}/index (G104). */
export const EsIndicesQuerySchema = Type.Object(
  {
    ...Window,
    from: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 10_000, default: 0, description: 'rows to skip' }),
    ),
    size: Type.Optional(
      Type.Integer({ minimum: 1, maximum: ELK_MAX_PAGE_SIZE, default: 100, description: 'rows to answer' }),
    ),
    sort: Type.Optional(Type.Enum(ES_INDEX_SORTS, { default: 'storeSizeBytes' })),
    order: Type.Optional(
      Type.Enum(['asc', 'desc'] as const, { description: 'default: desc for figures, asc for names' }),
    ),
    search: Type.Optional(
      Type.String({ maxLength: 255, pattern: '^[a-z0-9._+-]*$', description: 'part of the index name' }),
    ),
    system: Type.Optional(
      Type.Boolean({ default: false, description: 'true: list system indices (.kibana…) too' }),
    ),
  },
  { additionalProperties: false, title: 'EsIndicesQuery' },
)
export type EsIndicesQuery = Static<typeof EsIndicesQuerySchema>

/** GET /api/v1/logstash/kpis, nodes/list and pipelines/list (G103). */
export const LogstashListQuerySchema = Type.Object(
  { ...Window, ...LogstashCluster },
  { additionalProperties: false, title: 'LogstashListQuery' },
)
export type LogstashListQuery = Static<typeof LogstashListQuerySchema>

const metricsOptions = (count: number) => ({
  minItems: 1,
  maxItems: count,
  uniqueItems: true,
  description: 'the metrics; repeat the parameter for more; absent: every one (G102)',
})

/** GET /api/v1/logstash/nodes/kpis: every node summed (G101, G102). */
export const LogstashOverviewKpiQuerySchema = Type.Object(
  {
    ...Window,
    ...LogstashCluster,
    interval: IntervalParam,
    metrics: Type.Optional(
      Type.Array(Type.Enum(LOGSTASH_OVERVIEW_METRICS), metricsOptions(LOGSTASH_OVERVIEW_METRICS.length)),
    ),
  },
  { additionalProperties: false, title: 'LogstashOverviewKpiQuery' },
)
export type LogstashOverviewKpiQuery = Static<typeof LogstashOverviewKpiQuerySchema>

/** GET /api/v1/logstash/nodes/{node}/kpis (G102). */
export const LogstashNodeKpiQuerySchema = Type.Object(
  {
    ...Window,
    interval: IntervalParam,
    metrics: Type.Optional(
      Type.Array(Type.Enum(LOGSTASH_NODE_METRICS), metricsOptions(LOGSTASH_NODE_METRICS.length)),
    ),
  },
  { additionalProperties: false, title: 'LogstashNodeKpiQuery' },
)
export type LogstashNodeKpiQuery = Static<typeof LogstashNodeKpiQuerySchema>

/** GET /api/v1/logstash/pipelines/kpis and pipelines/{pipeline}/kpis (G102, G103). */
export const LogstashPipelineKpiQuerySchema = Type.Object(
  {
    ...Window,
    ...LogstashCluster,
    interval: IntervalParam,
    metrics: Type.Optional(
      Type.Array(Type.Enum(LOGSTASH_PIPELINE_METRICS), metricsOptions(LOGSTASH_PIPELINE_METRICS.length)),
    ),
  },
  { additionalProperties: false, title: 'LogstashPipelineKpiQuery' },
)
export type LogstashPipelineKpiQuery = Static<typeof LogstashPipelineKpiQuerySchema>

/** GET /api/v1/kibana/{cluster}/kpi_cluster (G102); instance is ours. */
export const KibanaKpiQuerySchema = Type.Object(
  {
    ...Window,
    interval: IntervalParam,
    prefix: Type.Optional(Type.Enum(KIBANA_METRICS, { description: 'one metric; absent: every metric' })),
    instance: Type.Optional(
      Type.String({ ...NodeSchema, description: 'ours: only this Kibana instance (its name or uuid)' }),
    ),
  },
  { additionalProperties: false, title: 'KibanaKpiQuery' },
)
export type KibanaKpiQuery = Static<typeof KibanaKpiQuerySchema>
