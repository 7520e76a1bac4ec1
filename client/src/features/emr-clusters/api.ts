import { EMR_PATHS, type EmrClusterPage, type EmrClusterSearchBody } from '@costlens/shared'
import { api } from '../../api/api.ts'

/**
 * The EMR cluster list's call (E040). Its failures raise no toast: the page shows them with a retry.
 * TODO(lead): once `shared/src/endpoints/emr.ts` holds `emrEndpoints.clusterSearch`, replace this with
 * `searchEmrClusters: endpointQuery(build, emrEndpoints.clusterSearch)` (no path written here then).
 */
export const emrClustersApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchEmrClusters: build.query<EmrClusterPage, EmrClusterSearchBody>({
      query: (body) => ({
        url: EMR_PATHS.clusterSearch,
        method: 'POST',
        body,
        group: 'emr:clusters',
        silent: true,
      }),
    }),
  }),
})

export const { useSearchEmrClustersQuery, useLazySearchEmrClustersQuery } = emrClustersApi
