import {
  EMR_PATHS,
  type EmrClusterDetails,
  type EmrClusterPage,
  type EmrClusterSearchBody,
  type ListAnalysisBody,
  type ListAnalysisResponse,
} from '@costlens/shared'
import { api } from '../../api/api.ts'

/**
 * The EMR cluster screens' calls: the list (E040), a cluster's details and its sizing (E142
 * listAnalysis, CLUSTER_SIZING). Their failures raise no toast: the pages show them with a retry.
 * TODO(lead): once `shared/src/endpoints/emr.ts` holds these entries, build each with
 * `endpointQuery(build, emrEndpoints.clusterSearch)` (and clusterDetails, listAnalysis): no path here.
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
    emrClusterDetails: build.query<EmrClusterDetails, { clusterId: string }>({
      query: ({ clusterId }) => ({
        url: EMR_PATHS.clusterDetails.replace('{clusterId}', encodeURIComponent(clusterId)),
        silent: true,
      }),
    }),
    emrClusterSizing: build.query<ListAnalysisResponse, ListAnalysisBody>({
      query: (body) => ({ url: EMR_PATHS.listAnalysis, method: 'POST', body, silent: true }),
    }),
  }),
})

export const {
  useSearchEmrClustersQuery,
  useLazySearchEmrClustersQuery,
  useEmrClusterDetailsQuery,
  useEmrClusterSizingQuery,
} = emrClustersApi
