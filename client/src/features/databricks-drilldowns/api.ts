import { databricksDrillDownEndpoints } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/** The cost drill-downs' one call (issue 20, path ours). */
export const databricksDrillDownApi = api.injectEndpoints({
  endpoints: (build) => ({
    databricksCostDrillDowns: endpointQuery(build, databricksDrillDownEndpoints.costDrillDowns),
  }),
})

export const { useDatabricksCostDrillDownsQuery } = databricksDrillDownApi
