import { emrEndpoints } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/**
 * The EMR calls the cost pages read: the daily cost of every cluster, one cluster or one tag (the
 * trend items), and the cluster search behind the cluster pickers.
 */
export const costTrendsApi = api.injectEndpoints({
  endpoints: (build) => ({
    costTrends: endpointQuery(build, emrEndpoints.costTrends),
    emrClusterPicker: endpointQuery(build, emrEndpoints.clusterSearch, {
      // B285: a newer search supersedes one still in flight.
      request: { group: 'emr-cost:clusterPicker' },
    }),
  }),
})

export const { useCostTrendsQuery, useEmrClusterPickerQuery } = costTrendsApi
