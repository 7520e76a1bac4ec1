import { kubernetesAppsEndpoints as apps, kubernetesEndpoints as calls } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/** The Kubernetes calls (issue 23), built from `kubernetesEndpoints` and `kubernetesAppsEndpoints`. */
export const kubernetesApi = api.injectEndpoints({
  endpoints: (build) => ({
    kubernetesTopx: endpointQuery(build, calls.topx),
    kubernetesUsageTrends: endpointQuery(build, calls.usageTrends),
    kubernetesAppMetrics: endpointQuery(build, apps.appMetrics),
    kubernetesAppDaily: endpointQuery(build, apps.appDaily),
    kubernetesLogs: endpointQuery(build, apps.logs),
  }),
})

export const {
  useKubernetesTopxQuery,
  useKubernetesUsageTrendsQuery,
  useKubernetesAppMetricsQuery,
  useKubernetesAppDailyQuery,
  useKubernetesLogsQuery,
} = kubernetesApi
