import { emrEndpoints } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/** The EMR call the cost trends read: the daily cost of every cluster, one cluster or one tag (the trend items). */
export const costTrendsApi = api.injectEndpoints({
  endpoints: (build) => ({
    costTrends: endpointQuery(build, emrEndpoints.costTrends),
  }),
})

export const { useCostTrendsQuery } = costTrendsApi
