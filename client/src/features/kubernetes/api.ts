import { kubernetesEndpoints as calls } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/** The Kubernetes calls (issue 23), built from `kubernetesEndpoints`. */
export const kubernetesApi = api.injectEndpoints({
  endpoints: (build) => ({
    kubernetesTopx: endpointQuery(build, calls.topx),
    kubernetesUsageTrends: endpointQuery(build, calls.usageTrends),
  }),
})

export const { useKubernetesTopxQuery, useKubernetesUsageTrendsQuery } = kubernetesApi
