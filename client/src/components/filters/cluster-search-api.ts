import { clusterSearchParams, type ClusterSearchResponse, type ClusterType } from '@costlens/shared'
import { api } from '../../api/api.ts'
import type { ApiRequest } from '../../api/base-query.ts'

export interface ClusterSearchArgs {
  /** The user's platform: Databricks also lists job clusters (B181). */
  clusterType: ClusterType
  customQ?: string
  useVendorData?: boolean
}

/** E007 GET /api/v1/cluster_search, shared by every screen with a cluster dropdown. */
export const clusterSearchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchClusters: build.query<ClusterSearchResponse, ClusterSearchArgs>({
      query: ({ clusterType, ...options }): ApiRequest => ({
        url: '/api/v1/cluster_search',
        params: clusterSearchParams(clusterType, options),
        // B285: a newer search supersedes one still in flight, whose answer would arrive out of order.
        group: 'clusters:search',
      }),
    }),
  }),
})

export const { useSearchClustersQuery } = clusterSearchApi
