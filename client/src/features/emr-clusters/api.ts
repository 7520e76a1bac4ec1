import { emrEndpoints as calls } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'
import { SILENT_QUERY } from '../../api/app-queries.ts'

/**
 * The EMR cluster screens' calls, built from `emrEndpoints`: the list (E040), a cluster's details
 * and its sizing (E142 listAnalysis, CLUSTER_SIZING). Their failures raise no toast (C25): the pages
 * show them with a retry.
 */
export const emrClustersApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A newer search supersedes one still in flight (B285), so answers never arrive out of order.
    searchEmrClusters: endpointQuery(build, calls.clusterSearch, {
      request: { group: 'emr:clusters', silent: true },
    }),
    /** The same search for a download: ungrouped, so its pages neither abort nor are aborted by the list. */
    searchEmrClustersPage: endpointQuery(build, calls.clusterSearch, { keepUnusedDataFor: 0 }),
    emrClusterDetails: endpointQuery(build, calls.clusterDetails, SILENT_QUERY),
    emrClusterSizing: endpointQuery(build, calls.listAnalysis, SILENT_QUERY),
    emrInsights: endpointQuery(build, calls.insights, SILENT_QUERY),
  }),
})

export const {
  useSearchEmrClustersQuery,
  useLazySearchEmrClustersPageQuery,
  useEmrClusterDetailsQuery,
  useEmrClusterSizingQuery,
  useEmrInsightsQuery,
} = emrClustersApi
