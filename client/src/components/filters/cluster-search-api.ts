import {
  clusterSearchParams,
  clustersEndpoints,
  type ClusterSearchResponse,
  type ClusterType,
} from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointRequest } from '../../api/endpoint-query.ts'

export interface ClusterSearchArgs {
  /** The user's platform: Databricks also lists job clusters (B181). */
  clusterType: ClusterType
  customQ?: string
  useVendorData?: boolean
}

/** E007 GET /api/v1/cluster_search (`clustersEndpoints.clusterSearch`), shared by every screen with a cluster dropdown. */
export const clusterSearchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchClusters: build.query<ClusterSearchResponse, ClusterSearchArgs>({
      query: ({ clusterType, ...options }) =>
        endpointRequest(
          clustersEndpoints.clusterSearch,
          clusterSearchParams(clusterType, options),
          // B285: a newer search supersedes one still in flight, whose answer would arrive out of order.
          { group: 'clusters:search' },
        ),
    }),
  }),
})

export const { useSearchClustersQuery } = clusterSearchApi
