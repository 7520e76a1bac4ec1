import {
  JOB_BUCKET_CALLS,
  RESOURCE_SERIES_CALLS,
  autoactionsEndpoints,
  clustersEndpoints,
  jobsEndpoints,
} from '@costlens/shared'
import type {
  JobBucket,
  JobCountGroupBy,
  JobCountResponse,
  JobInterval,
  LastCheckedResponse,
  NodesResponse,
  RecentViolationsResponse,
  ResourceInterval,
  ResourceMeasure,
  ResourceMetric,
  ResourceSeriesResponse,
  TaggedStatsResponse,
} from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointRequest } from '../../api/endpoint-query.ts'

/** A cluster ('*' for all the user's Yarn clusters) and a window, epoch ms. */
export interface ClusterWindow {
  cluster: string
  start: number
  end: number
}

export interface ResourceSeriesArgs extends ClusterWindow {
  metric: ResourceMetric
  measure: ResourceMeasure
  interval: ResourceInterval
}

export type JobBucketVariant = 'running' | 'finished'
export type JobBucketBreakdown = 'status' | 'type' | 'inefficiency'

export interface JobBucketsArgs {
  variant: JobBucketVariant
  by: JobBucketBreakdown
  start: number
  end: number
  /** One cluster's id, or '*' for every cluster. */
  clusterUid: string
}

export interface JobCountArgs {
  start: number
  end: number
  interval: JobInterval
  /** A cluster's id, name or display name, or '*' for every cluster. */
  clusterName: string
  groupBy: JobCountGroupBy
}

/**
 * An answer whose fields may be missing (a real backend leaves some out), so the screens read them
 * with a fallback rather than trusting the contract's shape.
 */
export type Maybe<T> = Partial<T>

/** The most violations one call returns (the API's own cap). */
export const VIOLATIONS_LIMIT = 1000

/** A window as the calls' query takes it: epoch ms, as text (QueryInstantSchema). */
const windowParams = ({ start, end }: { start: number; end: number }) => ({
  start_time: String(start),
  end_time: String(end),
})

/**
 * The cluster screens' calls (02 §7 Cluster resources, E055-E063; job counts E027-E034), from
 * `clustersEndpoints`, `jobsEndpoints` and `autoactionsEndpoints`. Their failures raise no toast
 * (C25); each panel shows its own with a retry (components/panel-state), never zeros or 'No Data
 * Available'. The cluster goes in the path as the entry's `{cluster}` (B283).
 */
export const clustersApi = api.injectEndpoints({
  endpoints: (build) => ({
    resourceSeries: build.query<Maybe<ResourceSeriesResponse>, ResourceSeriesArgs>({
      query: ({ metric, measure, cluster, interval, ...range }) =>
        endpointRequest(
          RESOURCE_SERIES_CALLS[metric][measure],
          { cluster, ...windowParams(range), interval },
          { silent: true },
        ),
    }),
    clusterNodes: build.query<Maybe<NodesResponse>, ClusterWindow & { interval: ResourceInterval }>({
      query: ({ cluster, interval, ...range }) =>
        endpointRequest(
          clustersEndpoints.nodes,
          { cluster, ...windowParams(range), interval },
          { silent: true },
        ),
    }),
    /** E062: the apps running now, or (finished) those that finished in the window, per type, user and queue. */
    taggedStats: build.query<Maybe<TaggedStatsResponse>, ClusterWindow & { finished: boolean }>({
      query: ({ cluster, finished, ...range }) =>
        endpointRequest(
          clustersEndpoints.taggedStats,
          { cluster, ...windowParams(range), ...(finished ? { final_status: true } : {}) },
          { silent: true },
        ),
    }),
    /** E028-E033: running now (the window is not applied) or finished in the window, of one cluster or all. */
    jobBuckets: build.query<JobBucket[], JobBucketsArgs>({
      providesTags: ['Apps'],
      query: ({ variant, by, clusterUid, ...range }) =>
        endpointRequest(
          JOB_BUCKET_CALLS[variant][by],
          { ...windowParams(range), clusterUid },
          { silent: true },
        ),
    }),
    jobCount: build.query<Maybe<JobCountResponse>, JobCountArgs>({
      providesTags: ['Apps'],
      query: ({ start, end, ...params }) =>
        endpointRequest(
          jobsEndpoints.jobCount,
          { ...windowParams({ start, end }), ...params },
          // A newer range or grouping supersedes a slower older answer (B285).
          { group: 'clusters:jobs-count', silent: true },
        ),
    }),
    /**
     * The auto-action violations in the window (REAL-API-NOTES §7), for the alerts KPI: up to the
     * call's cap of 1000, newest first, which is more than a KPI tile needs to say "many".
     */
    recentViolations: build.query<RecentViolationsResponse, ClusterWindow>({
      query: ({ cluster, ...range }) =>
        endpointRequest(
          autoactionsEndpoints.recentViolations,
          { ...windowParams(range), limit: VIOLATIONS_LIMIT, clusterUid: cluster },
          { silent: true },
        ),
    }),
    lastChecked: build.query<Maybe<LastCheckedResponse>, void>({
      query: () => endpointRequest(jobsEndpoints.lastChecked, undefined, { silent: true }),
    }),
  }),
})

export const {
  useResourceSeriesQuery,
  useClusterNodesQuery,
  useTaggedStatsQuery,
  useJobBucketsQuery,
  useJobCountQuery,
  useLastCheckedQuery,
  useRecentViolationsQuery,
} = clustersApi
