import {
  ALL_CLUSTERS,
  RESOURCE_SERIES_CALLS,
  TAGGED_SERIES_CALLS,
  clustersEndpoints,
  jobsEndpoints,
  type FinishedAppsResponse,
  type JobCountGroupBy,
  type JobCountResponse,
  type NodesResponse,
  type ResourceGroupBy,
  type ResourceInterval,
  type ResourceMeasure,
  type ResourceMetric,
  type ResourceSeriesResponse,
  type TaggedAppsResponse,
  type TaggedResourceResponse,
  type TaggedStatsResponse,
} from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointRequest } from '../../api/endpoint-query.ts'

/** A window and a point interval of one cluster ('*' for all the user's Yarn clusters). */
export interface ResourceWindow {
  cluster: string
  start: number
  end: number
  interval: ResourceInterval
}

export interface ResourceSeriesArgs extends ResourceWindow {
  metric: ResourceMetric
  measure: ResourceMeasure
}

export interface TaggedSeriesArgs extends ResourceWindow {
  metric: ResourceMetric
  groupBy: ResourceGroupBy
  /** The chosen group values; the server answers one series per value. */
  values: readonly string[]
}

export interface TaggedStatsArgs {
  cluster: string
  start: number
  end: number
  /** true: the apps that finished in the window; false: the apps running now. */
  finished: boolean
}

export interface RunningAppsArgs {
  cluster: string
  size: number
}

export interface FinishedJobsArgs {
  cluster: string
  start: number
  end: number
  /** A column, a leading minus for descending (B100). */
  sort: string
  from: number
  size: number
}

export interface JobCountArgs {
  cluster: string
  start: number
  end: number
  interval: '1h' | '1d'
  groupBy?: JobCountGroupBy
}

const window = (start: number, end: number) => ({ start_time: String(start), end_time: String(end) })

/**
 * The cluster resource calls (02 §7 Cluster resources, E055-E063; finished Yarn jobs E019; job
 * counts E027), from `clustersEndpoints` and `jobsEndpoints`. The cluster goes in the path as the
 * entry's `{cluster}` (B283). Their failures raise no toast (C25); each panel shows its own with a
 * retry (components/panel-state).
 */
export const clusterResourcesApi = api.injectEndpoints({
  endpoints: (build) => ({
    resourceUsageSeries: build.query<Partial<ResourceSeriesResponse>, ResourceSeriesArgs>({
      query: ({ cluster, metric, measure, start, end, interval }) =>
        endpointRequest(
          RESOURCE_SERIES_CALLS[metric][measure],
          { cluster, ...window(start, end), interval },
          { silent: true },
        ),
    }),
    resourceNodes: build.query<Partial<NodesResponse>, ResourceWindow>({
      query: ({ cluster, start, end, interval }) =>
        endpointRequest(
          clustersEndpoints.nodes,
          { cluster, ...window(start, end), interval },
          { silent: true },
        ),
    }),
    resourceTaggedSeries: build.query<Partial<TaggedResourceResponse>, TaggedSeriesArgs>({
      query: ({ cluster, metric, groupBy, values, start, end, interval }) =>
        endpointRequest(
          TAGGED_SERIES_CALLS[metric],
          { cluster, ...window(start, end), interval, groupBy, values: values.join(',') },
          { silent: true },
        ),
    }),
    resourceTaggedStats: build.query<Partial<TaggedStatsResponse>, TaggedStatsArgs>({
      query: ({ cluster, start, end, finished }) =>
        endpointRequest(
          clustersEndpoints.taggedStats,
          finished ? { cluster, ...window(start, end), final_status: true } : { cluster },
          { silent: true },
        ),
    }),
    resourceRunningApps: build.query<TaggedAppsResponse, RunningAppsArgs>({
      providesTags: ['Apps'],
      query: ({ cluster, size }) =>
        endpointRequest(clustersEndpoints.taggedApps, { cluster, running: true, size }, { silent: true }),
    }),
    finishedYarnJobs: build.query<FinishedAppsResponse<'fapps'>, FinishedJobsArgs>({
      providesTags: ['Apps'],
      query: ({ cluster, start, end, sort, from, size }) =>
        endpointRequest(
          clustersEndpoints.finishedYarnApps,
          {
            ...window(start, end),
            // '*' is every cluster of the user's platform, which is what no clusterUid means.
            ...(cluster === ALL_CLUSTERS ? {} : { clusterUid: cluster }),
            sort,
            from,
            size,
          },
          { silent: true },
        ),
    }),
    workloadJobCount: build.query<Partial<JobCountResponse>, JobCountArgs>({
      providesTags: ['Apps'],
      query: ({ cluster, start, end, interval, groupBy }) =>
        endpointRequest(
          jobsEndpoints.jobCount,
          { ...window(start, end), interval, clusterName: cluster, ...(groupBy ? { groupBy } : {}) },
          { silent: true },
        ),
    }),
  }),
})

export const {
  useResourceUsageSeriesQuery,
  useResourceNodesQuery,
  useResourceTaggedSeriesQuery,
  useResourceTaggedStatsQuery,
  useResourceRunningAppsQuery,
  useFinishedYarnJobsQuery,
  useLazyFinishedYarnJobsQuery,
  useWorkloadJobCountQuery,
} = clusterResourcesApi
