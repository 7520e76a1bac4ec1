import { databricksCostEndpoints } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/** The Databricks cost explorer's calls: the cost trends (E051). */
export const databricksCostApi = api.injectEndpoints({
  endpoints: (build) => ({
    databricksCostTrends: endpointQuery(build, databricksCostEndpoints.costTrends),
  }),
})

export const { useDatabricksCostTrendsQuery } = databricksCostApi
