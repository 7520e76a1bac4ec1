import {
  ElkClusterParamsSchema,
  ElkWindowQuerySchema,
  EsClusterKpiQuerySchema,
  EsIndexKpiQuerySchema,
  EsIndicesQuerySchema,
  EsNodeKpiQuerySchema,
  KibanaKpiQuerySchema,
  LogstashListQuerySchema,
  LogstashNodeKpiQuerySchema,
  LogstashNodeParamsSchema,
  LogstashOverviewKpiQuerySchema,
  LogstashPipelineKpiQuerySchema,
  LogstashPipelineParamsSchema,
} from '../contracts/elk.ts'
import {
  ElkSeriesResponseSchema,
  EsClustersResponseSchema,
  EsIndicesResponseSchema,
  EsNodesResponseSchema,
  KibanaClustersResponseSchema,
  KibanaInstancesResponseSchema,
  LogstashKpisResponseSchema,
  LogstashNodesResponseSchema,
  LogstashPipelinesResponseSchema,
} from '../contracts/elk-responses.ts'
import { defineEndpoints } from './endpoint.ts'

/*
 * The calls behind /clusters/elasticsearch, /clusters/logstash and /clusters/kibana (02 §2, E153, which
 * shows no paths). The decisions on what the spec leaves open (G98-G104) are in contracts/elk.ts. ELK
 * is for the Hadoop platforms with the elkEnabled flag on, as the route catalogue gates the pages.
 */
const access = { platforms: ['CDH', 'HDP', 'CDP', 'MAPR', 'EMR'], flags: ['elkEnabled'] } as const
const specIds = ['E153'] as const
const REFERENCE = "The path is the real product's public REST reference's (unraveldata docs 4.6, api46.json)."
const OURS = "The path is costlens's own: the reference has no such call."
const SHAPE =
  'The reference documents the answer only as "array"; its fields follow the Kafka API built from it.'
const WINDOW =
  'start_time/end_time (epoch ms, ISO-8601 or YYYY-MM-DD), default today 00:00 UTC to now, at most 31 days.'
const series = (defaultInterval: string) =>
  `${WINDOW} interval (ours) 1m, 5m, 10m, 30m, 1h, 1d or 1w (default ${defaultInterval}); rates and latencies ` +
  'average over each point; at most 2,000 points per series and 250,000 per answer (400: choose a coarser interval).'
const SERIES = series('1h')
const LOGSTASH_SCOPE = "cluster (ours) keeps one deployment; absent, every deployment of the user's."

const es = { tags: ['elasticsearch'], specIds, access } as const
export const elasticsearchEndpoints = defineEndpoints({
  clusters: {
    ...es,
    method: 'GET',
    path: '/api/v1/elasticsearch/clusters/metrics',
    summary:
      "The user's Elasticsearch clusters: health, nodes, shards, docs, store, heap, search and indexing",
    description:
      `${REFERENCE} ${SHAPE} ${WINDOW} Rates and latencies average over the window; health, shards, docs, ` +
      "store and heap are as of its end. docsCount and storeSizeBytes are the indices' summed.",
    querystring: ElkWindowQuerySchema,
    response: EsClustersResponseSchema,
  },
  nodes: {
    ...es,
    method: 'GET',
    path: '/api/v1/elasticsearch/{cluster}/nodes',
    summary:
      'The nodes of an Elasticsearch cluster: roles, heap, CPU, disk, GC, rejections, search and indexing',
    description: `${REFERENCE} ${SHAPE} ${WINDOW} GC and rejections are totals over the window. An unknown cluster is 404.`,
    params: ElkClusterParamsSchema,
    querystring: ElkWindowQuerySchema,
    response: EsNodesResponseSchema,
    errors: [404],
  },
  clusterKpi: {
    ...es,
    method: 'GET',
    path: '/api/v1/elasticsearch/{cluster}/kpi_cluster',
    summary: 'Search and indexing rate and latency, JVM heap and GC series of an Elasticsearch cluster',
    description:
      `${REFERENCE} ${SERIES} prefix names one metric (search_rate, …); absent, every metric. Ours (G105): ` +
      'jvm_mem_heap_used_in_bytes and jvm_mem_heap_max_in_bytes (bytes, every node summed, at the point), ' +
      'jvm_gc_collectors_{young,old}_collection_count (collections in each point) and ' +
      "…_collection_time_in_millis (ms spent collecting in each point); a window's points sum to the node list's GC totals.",
    params: ElkClusterParamsSchema,
    querystring: EsClusterKpiQuerySchema,
    response: ElkSeriesResponseSchema,
    errors: [404],
  },
  nodeKpi: {
    ...es,
    method: 'GET',
    path: '/api/v1/elasticsearch/{cluster}/kpi_node',
    summary: "A node's KPI series, or one metric of every node",
    description:
      `${REFERENCE} ${SERIES} With node (name or id): its series of prefix (absent: every metric); without: ` +
      'one series per node of prefix (default heap_percent). An unknown node is 404.',
    params: ElkClusterParamsSchema,
    querystring: EsNodeKpiQuerySchema,
    response: ElkSeriesResponseSchema,
    errors: [404],
  },
  indices: {
    ...es,
    method: 'GET',
    path: '/api/v1/elasticsearch/{cluster}/index',
    summary: 'The indices of an Elasticsearch cluster: health, shards, docs, store, search and indexing',
    description:
      `${REFERENCE} ${SHAPE} ${WINDOW} Paged (ours): from/size (size at most 500), sort/order, search (part of ` +
      'the name), system=true to list system indices too. Docs and store as of the window end.',
    params: ElkClusterParamsSchema,
    querystring: EsIndicesQuerySchema,
    response: EsIndicesResponseSchema,
    errors: [404],
  },
  indexKpi: {
    ...es,
    method: 'GET',
    path: '/api/v1/elasticsearch/{cluster}/kpi_index',
    summary: "An index's KPI series, or one metric of every index",
    description:
      `${REFERENCE} ${SERIES} With index: its series of prefix (absent: every metric); without: one series ` +
      'per non-system index of prefix (default indexing_rate). An unknown index is 404.',
    params: ElkClusterParamsSchema,
    querystring: EsIndexKpiQuerySchema,
    response: ElkSeriesResponseSchema,
    errors: [404],
  },
})

const ls = { tags: ['logstash'], specIds, access } as const
export const logstashEndpoints = defineEndpoints({
  kpis: {
    ...ls,
    method: 'GET',
    path: '/api/v1/logstash/kpis',
    summary: 'The Logstash deployments: nodes, pipelines, events in/filtered/out, latency, heap, queues',
    description: `${REFERENCE} ${SHAPE} ${WINDOW} ${LOGSTASH_SCOPE} One row per deployment.`,
    querystring: LogstashListQuerySchema,
    response: LogstashKpisResponseSchema,
    errors: [404],
  },
  nodes: {
    ...ls,
    method: 'GET',
    path: '/api/v1/logstash/nodes/list',
    summary: 'Logstash nodes and their metrics',
    description: `${REFERENCE} ${SHAPE} ${WINDOW} ${LOGSTASH_SCOPE}`,
    querystring: LogstashListQuerySchema,
    response: LogstashNodesResponseSchema,
    errors: [404],
  },
  nodesKpi: {
    ...ls,
    method: 'GET',
    path: '/api/v1/logstash/nodes/kpis',
    summary: 'Events in, filtered and out and persisted queues of every Logstash node summed, over time',
    description:
      `${REFERENCE} ${SERIES} ${LOGSTASH_SCOPE} metrics kpi_events_in, kpi_events_out (events/s; repeat it), ours ` +
      '(G105) kpi_events_filtered (events/s), kpi_queue_events_count (events) and kpi_queue_size_in_bytes ' +
      '(bytes) in the persisted queues at the point; absent, every one.',
    querystring: LogstashOverviewKpiQuerySchema,
    response: ElkSeriesResponseSchema,
    errors: [404],
  },
  nodeKpi: {
    ...ls,
    method: 'GET',
    path: '/api/v1/logstash/nodes/{node}/kpis',
    summary: "A Logstash node's series: events, heap, CPU, load",
    description:
      `${REFERENCE} ${SERIES} node is its name or id; metrics (repeat it) absent: every metric, with ours ` +
      '(G105) kpi_events_filtered (events/s). Unknown node: 404.',
    params: LogstashNodeParamsSchema,
    querystring: LogstashNodeKpiQuerySchema,
    response: ElkSeriesResponseSchema,
    errors: [404],
  },
  pipelines: {
    ...ls,
    method: 'GET',
    path: '/api/v1/logstash/pipelines/list',
    summary: 'Logstash pipelines: input, output, workers, batch size, events, latency, queue',
    description: `${REFERENCE} ${SHAPE} ${WINDOW} ${LOGSTASH_SCOPE} One row per deployment and pipeline.`,
    querystring: LogstashListQuerySchema,
    response: LogstashPipelinesResponseSchema,
    errors: [404],
  },
  pipelinesKpi: {
    ...ls,
    method: 'GET',
    path: '/api/v1/logstash/pipelines/kpis',
    summary: 'Events in, filtered and out and persisted queues of every pipeline summed, over time',
    description:
      `${REFERENCE} ${SERIES} ${LOGSTASH_SCOPE} metrics pipeline_num_events_in, pipeline_num_events_out ` +
      '(events/s), ours (G105) pipeline_num_events_filtered (events/s), pipeline_queue_events_count (events) ' +
      'and pipeline_queue_size_in_bytes (bytes) at the point; absent, every one.',
    querystring: LogstashPipelineKpiQuerySchema,
    response: ElkSeriesResponseSchema,
    errors: [404],
  },
  pipelineKpi: {
    ...ls,
    method: 'GET',
    path: '/api/v1/logstash/pipelines/{pipeline}/kpis',
    summary: "A pipeline's events in, filtered and out and its persisted queue over time",
    description:
      `${REFERENCE} ${SERIES} ${LOGSTASH_SCOPE} Metrics as pipelines/kpis. A pipeline id in several ` +
      'deployments is summed over them. An unknown pipeline is 404.',
    params: LogstashPipelineParamsSchema,
    querystring: LogstashPipelineKpiQuerySchema,
    response: ElkSeriesResponseSchema,
    errors: [404],
  },
})

const kb = { tags: ['kibana'], specIds, access } as const
export const kibanaEndpoints = defineEndpoints({
  clusters: {
    ...kb,
    method: 'GET',
    path: '/api/v1/kibana/clusters/metrics',
    summary:
      'Kibana per Elasticsearch cluster: status, instances, requests, response times, connections, heap',
    description: `${REFERENCE} ${SHAPE} ${WINDOW} Requests and disconnects are totals over the window.`,
    querystring: ElkWindowQuerySchema,
    response: KibanaClustersResponseSchema,
  },
  clusterKpi: {
    ...kb,
    method: 'GET',
    path: '/api/v1/kibana/{cluster}/kpi_cluster',
    summary: "Kibana's heap, requests, disconnects, connections and response times over time",
    description:
      `${REFERENCE} ${series('1m; 1h for a window of more than 2,000 minutes')} prefix names one metric; absent, ` +
      'every metric. Requests and disconnects are the count in each point. Ours (G105): ' +
      'metrics_response_times_avg_in_millis (ms, request-weighted) and metrics_response_times_max_in_millis ' +
      "(ms, the slowest instance's). instance (ours) keeps one instance.",
    params: ElkClusterParamsSchema,
    querystring: KibanaKpiQuerySchema,
    response: ElkSeriesResponseSchema,
    errors: [404],
  },
  instances: {
    ...kb,
    method: 'GET',
    path: '/api/v1/kibana/{cluster}/instances',
    pathIsOurs: true,
    summary: 'The Kibana instances of a cluster with their metrics',
    description: `${OURS} ${WINDOW} An unknown cluster (or one without Kibana) is 404.`,
    params: ElkClusterParamsSchema,
    querystring: ElkWindowQuerySchema,
    response: KibanaInstancesResponseSchema,
    errors: [404],
  },
})
