import {
  ClusterPathParamsSchema,
  ClusterSearchQuerySchema,
  ClusterSearchResponseSchema,
  DocumentedResourceMapSchema,
  FinishedAppsQuerySchema,
  FinishedAppsResponseSchemas,
  NodesResponseSchema,
  ResourceSeriesQuerySchema,
  ResourceSeriesResponseSchema,
  TaggedAppsQuerySchema,
  TaggedAppsResponseSchema,
  TaggedResourceQuerySchema,
  TaggedResourceResponseSchema,
  TaggedStatsQuerySchema,
  TaggedStatsResponseSchema,
  type FinishedAppList,
  type ResourceMeasure,
  type ResourceMetric,
} from '../contracts/clusters.ts'
import { defineEndpoint, defineEndpoints } from './endpoint.ts'

const tags = ['clusters'] as const

/** E055-E058: one measure of one metric of a Yarn cluster over time. */
const resourceSeries = (metric: ResourceMetric, measure: ResourceMeasure, specId: string) =>
  defineEndpoint({
    method: 'GET',
    path: `/api/v1/clusters/{cluster}/resources/${metric}/${measure}`,
    specIds: [specId],
    tags,
    summary: `${measure === 'allocated' ? 'Allocated' : 'Total'} ${metric === 'cpu' ? 'vcores' : 'memory (MB)'} of a Yarn cluster over time: average, range and capacity per point`,
    description:
      'Each point averages the 2-minute buckets it holds (range: their low and high; total: the capacity). ' +
      'interval defaults to the span rule (B091, cluster charts); at most 2,000 points.',
    params: ClusterPathParamsSchema,
    querystring: ResourceSeriesQuerySchema,
    response: ResourceSeriesResponseSchema,
    errors: [404],
  })

/**
 * The real product's documented series over every cluster of the user's platform (public REST
 * reference 4.6): /clusters/resources/{metric}/{measure}, as a flat map (REAL-API-NOTES §7).
 */
const documentedResourceSeries = (metric: ResourceMetric, measure: ResourceMeasure, specId: string) =>
  defineEndpoint({
    method: 'GET',
    path: `/api/v1/clusters/resources/${metric}/${measure}`,
    // No row of its own: the series of E055-E058 over every cluster, in the documented form.
    specIds: [specId],
    tags,
    summary: `${measure === 'allocated' ? 'Allocated' : 'Total'} ${metric === 'cpu' ? 'vcores' : 'memory (MB)'} of every cluster, as the real product's reference documents it`,
    description:
      'Not in the spec: the real product\'s public REST reference documents this path; {"<epoch ms>": value}, ' +
      `${metric === 'cpu' ? 'vcores as strings' : 'MB as numbers'}, the averages of /clusters/*/resources/${metric}/${measure}. ` +
      'from/to as epoch seconds or YYYY-MM-DD, interval as there.',
    querystring: ResourceSeriesQuerySchema,
    response: DocumentedResourceMapSchema,
  })

/** The documented all-cluster series by metric and measure. */
export const DOCUMENTED_RESOURCE_CALLS = {
  cpu: {
    allocated: documentedResourceSeries('cpu', 'allocated', 'E055'),
    total: documentedResourceSeries('cpu', 'total', 'E056'),
  },
  memory: {
    allocated: documentedResourceSeries('memory', 'allocated', 'E057'),
    total: documentedResourceSeries('memory', 'total', 'E058'),
  },
} as const

/** E060, E061: one metric allocated per application type, user or queue over time. */
const taggedSeries = (metric: ResourceMetric, specId: string) =>
  defineEndpoint({
    method: 'GET',
    path: `/api/v1/clusters/{cluster}/resources/tagged/${metric}`,
    specIds: [specId],
    tags,
    summary: `${metric === 'cpu' ? 'Vcores' : 'Memory (MB)'} allocated per application type, user or queue over time`,
    description:
      'One series per group value: the values asked (at most 10) or the 4 that used most in the window.',
    params: ClusterPathParamsSchema,
    querystring: TaggedResourceQuerySchema,
    response: TaggedResourceResponseSchema,
    errors: [404],
  })

const FINISHED_LISTS = {
  fapps: { id: 'E019', what: 'Yarn jobs (the cluster page table)' },
  fiapps: { id: 'E020', what: 'Impala queries' },
  fpapps: { id: 'E021', what: 'Presto queries' },
  fbqapps: { id: 'E022', what: 'BigQuery jobs' },
} as const

/** E019-E022: finished apps of one engine, paged. */
const finishedApps = <L extends FinishedAppList>(list: L) =>
  defineEndpoint({
    method: 'GET',
    path: `/api/v1/search/ops/${list}`,
    specIds: [FINISHED_LISTS[list].id],
    tags,
    summary: `Finished ${FINISHED_LISTS[list].what} of the window, one page and the total`,
    description:
      'sort is a column, a leading minus for descending; from (or page: from = (page - 1) x size) and ' +
      'size, from + size at most 10,000 (B097, B100). The window is on the finish time, default the last day.',
    querystring: FinishedAppsQuerySchema,
    response: FinishedAppsResponseSchemas[list],
  })

/** The resource series calls by metric and measure, as the cluster charts ask for them. */
export const RESOURCE_SERIES_CALLS = {
  cpu: {
    allocated: resourceSeries('cpu', 'allocated', 'E055'),
    total: resourceSeries('cpu', 'total', 'E056'),
  },
  memory: {
    allocated: resourceSeries('memory', 'allocated', 'E057'),
    total: resourceSeries('memory', 'total', 'E058'),
  },
} as const

/** The group-by series by metric. */
export const TAGGED_SERIES_CALLS = {
  cpu: taggedSeries('cpu', 'E060'),
  memory: taggedSeries('memory', 'E061'),
} as const

/** The finished-apps lists by their search segment. */
export const FINISHED_APPS_CALLS = {
  fapps: finishedApps('fapps'),
  fiapps: finishedApps('fiapps'),
  fpapps: finishedApps('fpapps'),
  fbqapps: finishedApps('fbqapps'),
} as const

/** The cluster picker, cluster resources (issue 6) and finished apps (02 §7; E007, E019-E022, E055-E063). */
export const clustersEndpoints = defineEndpoints({
  clusterSearch: {
    method: 'GET',
    path: '/api/v1/cluster_search',
    specIds: ['E007'],
    tags,
    summary: "Search the user's clusters by name or id, kind and lifetime",
    querystring: ClusterSearchQuerySchema,
    response: ClusterSearchResponseSchema,
  },
  cpuAllocated: RESOURCE_SERIES_CALLS.cpu.allocated,
  cpuTotal: RESOURCE_SERIES_CALLS.cpu.total,
  memoryAllocated: RESOURCE_SERIES_CALLS.memory.allocated,
  memoryTotal: RESOURCE_SERIES_CALLS.memory.total,
  nodes: {
    method: 'GET',
    path: '/api/v1/clusters/{cluster}/nodes',
    specIds: ['E059'],
    tags,
    summary: 'Nodes of a Yarn cluster over time: in service, and unhealthy, lost or decommissioned',
    params: ClusterPathParamsSchema,
    querystring: ResourceSeriesQuerySchema,
    response: NodesResponseSchema,
    errors: [404],
  },
  documentedNodes: {
    method: 'GET',
    path: '/api/v1/clusters/nodes',
    // No row of its own: E059 over every cluster, in the real product's documented form.
    specIds: ['E059'],
    tags,
    summary: "Nodes of every cluster over time, as the real product's reference documents it",
    description:
      "Not in the spec: the real product's public REST reference documents this path (NodeStateResponse); " +
      'the answer of /clusters/*/nodes, with total, active, unhealthy, lost, rebooted and decommissioned.',
    querystring: ResourceSeriesQuerySchema,
    response: NodesResponseSchema,
  },
  documentedCpuAllocated: DOCUMENTED_RESOURCE_CALLS.cpu.allocated,
  documentedCpuTotal: DOCUMENTED_RESOURCE_CALLS.cpu.total,
  documentedMemoryAllocated: DOCUMENTED_RESOURCE_CALLS.memory.allocated,
  documentedMemoryTotal: DOCUMENTED_RESOURCE_CALLS.memory.total,
  taggedCpu: TAGGED_SERIES_CALLS.cpu,
  taggedMemory: TAGGED_SERIES_CALLS.memory,
  taggedStats: {
    method: 'GET',
    path: '/api/v1/clusters/{cluster}/resources/tagged/stats',
    specIds: ['E062'],
    tags,
    summary:
      'Application types, users and queues of the apps running now, or finished in the window (final_status=true)',
    params: ClusterPathParamsSchema,
    querystring: TaggedStatsQuerySchema,
    response: TaggedStatsResponseSchema,
    errors: [404],
  },
  taggedApps: {
    method: 'GET',
    path: '/api/v1/clusters/{cluster}/resources/tagged/apps',
    specIds: ['E063'],
    tags,
    summary: 'The resource table: the latest YARN apps of the window (at most 100), or those running now',
    params: ClusterPathParamsSchema,
    querystring: TaggedAppsQuerySchema,
    response: TaggedAppsResponseSchema,
    errors: [404],
  },
  finishedYarnApps: FINISHED_APPS_CALLS.fapps,
  finishedImpalaApps: FINISHED_APPS_CALLS.fiapps,
  finishedPrestoApps: FINISHED_APPS_CALLS.fpapps,
  finishedBigQueryApps: FINISHED_APPS_CALLS.fbqapps,
})
