import {
  appsEndpoints,
  databricksComputeEndpoints as calls,
  type DatabricksClusterSearchResponse,
  type UnifiedSearchBody,
} from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery, endpointRequest } from '../../api/endpoint-query.ts'

/**
 * The Databricks compute calls (issue 20). The finished, running and all tabs are the spec's
 * unified search with appTypes ['spark'] (02 §7), which for a Databricks user answers cluster rows,
 * not applications; the inefficient tab has its own events-style call (02 §4). A newer search
 * supersedes one in flight (B285).
 */
export const databricksComputeApi = api.injectEndpoints({
  endpoints: (build) => ({
    databricksClusterSearch: build.query<DatabricksClusterSearchResponse, UnifiedSearchBody>({
      query: (body) => endpointRequest(appsEndpoints.unifiedSearch, body, { group: 'databricks:clusters' }),
    }),
    databricksInefficientClusters: endpointQuery(build, calls.inefficientClusters, {
      request: { group: 'databricks:clusters' },
    }),
    databricksClusterSessions: endpointQuery(build, calls.clusterSessions),
    databricksClusterSummary: endpointQuery(build, calls.clusterSummary),
  }),
})

export const {
  useDatabricksClusterSearchQuery,
  useDatabricksInefficientClustersQuery,
  useDatabricksClusterSessionsQuery,
  useDatabricksClusterSummaryQuery,
} = databricksComputeApi
