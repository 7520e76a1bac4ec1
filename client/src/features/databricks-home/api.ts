import {
  databricksCostEndpoints,
  databricksRunsEndpoints,
  type RealizedSavingsSummary,
  type RealizedSavingsSummaryQuery,
} from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/**
 * The Databricks home's calls, all existing ones so the page works against a real backend: the cost
 * trends (E051), the jobs list (E017) and the runs list (E015). Names of their own: the cost
 * explorer and runs features inject the same entries under theirs.
 */
export const databricksHomeApi = api.injectEndpoints({
  endpoints: (build) => ({
    databricksHomeTrends: endpointQuery(build, databricksCostEndpoints.costTrends),
    databricksHomeJobs: endpointQuery(build, databricksRunsEndpoints.jobs),
    databricksHomeRuns: endpointQuery(build, databricksRunsEndpoints.runs),
  }),
})

export const { useDatabricksHomeTrendsQuery, useDatabricksHomeJobsQuery, useDatabricksHomeRunsQuery } =
  databricksHomeApi

/** What the savings panel is handed: the E054 answer and its state. */
export interface SavingsSummaryResult {
  data: RealizedSavingsSummary | undefined
  isLoading: boolean
  /** The call is not there yet (or failed): the panel says when savings appear. */
  unavailable: boolean
  error?: unknown
  refetch?: () => unknown
}

/**
 * The hook-up point of E054 (app_store/api/v1/realized-savings-summary), whose route another change
 * builds: until it is wired, the savings are unavailable and the panel says so. The one temporary
 * seam of the page; wiring it is `endpointQuery(build, <E054 entry>)` and its hook here.
 */
export function useSavingsSummary(query: RealizedSavingsSummaryQuery): SavingsSummaryResult {
  void query
  return { data: undefined, isLoading: false, unavailable: true }
}
