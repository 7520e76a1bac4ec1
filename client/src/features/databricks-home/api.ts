import {
  databricksCostEndpoints,
  databricksInsightsEndpoints,
  databricksRunsEndpoints,
  type RealizedSavingsSummary,
  type RealizedSavingsSummaryQuery,
} from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/**
 * The Databricks home's calls, all existing ones so the page works against a real backend: the cost
 * trends (E051), the jobs list (E017), the runs list (E015) and the savings summary (E054). Names of their own: the cost
 * explorer and runs features inject the same entries under theirs.
 */
export const databricksHomeApi = api.injectEndpoints({
  endpoints: (build) => ({
    databricksHomeTrends: endpointQuery(build, databricksCostEndpoints.costTrends),
    databricksHomeJobs: endpointQuery(build, databricksRunsEndpoints.jobs),
    databricksHomeRuns: endpointQuery(build, databricksRunsEndpoints.runs),
    databricksHomeSavings: endpointQuery(build, databricksInsightsEndpoints.realizedSavingsSummary),
  }),
})

export const {
  useDatabricksHomeTrendsQuery,
  useDatabricksHomeJobsQuery,
  useDatabricksHomeRunsQuery,
  useDatabricksHomeSavingsQuery,
} = databricksHomeApi

/** What the savings panel is handed: the E054 answer and its state. */
export interface SavingsSummaryResult {
  data: RealizedSavingsSummary | undefined
  isLoading: boolean
  error?: unknown
  refetch?: () => unknown
}

/** E054 (app_store/api/v1/realized-savings-summary) as the savings panel takes it. */
export function useSavingsSummary(query: RealizedSavingsSummaryQuery): SavingsSummaryResult {
  const result = useDatabricksHomeSavingsQuery(query)
  return {
    data: result.data,
    isLoading: result.isLoading,
    error: result.isError ? result.error : undefined,
    refetch: result.refetch,
  }
}
