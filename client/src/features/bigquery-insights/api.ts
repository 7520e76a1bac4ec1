import { bigqueryEndpoints as calls } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/** The BigQuery insights overview call (R163), built from `bigqueryEndpoints`. */
export const bigqueryInsightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    bigqueryInsightsOverview: endpointQuery(build, calls.insightsOverview),
  }),
})

export const { useBigqueryInsightsOverviewQuery } = bigqueryInsightsApi
