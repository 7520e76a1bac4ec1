import { systemUsageEndpoints as calls } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/** The console's own system usage (R132, R166), built from `systemUsageEndpoints`. */
export const systemUsageApi = api.injectEndpoints({
  endpoints: (build) => ({
    systemUsage: endpointQuery(build, calls.usage),
  }),
})

export const { useSystemUsageQuery } = systemUsageApi
