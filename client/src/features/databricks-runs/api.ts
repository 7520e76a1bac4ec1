import { databricksRunsEndpoints as calls } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/**
 * The Databricks runs, jobs and pipelines calls (02 §7; E015-E018, E053), built from
 * `databricksRunsEndpoints`. A failure is an error the screen shows with a retry.
 */
export const databricksRunsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A newer search supersedes one still in flight, so answers never arrive out of order.
    databricksRuns: endpointQuery(build, calls.runs, { request: { group: 'databricks:runs' } }),
    /** B192: exactly one job selected — that job's own runs call. */
    databricksJobRuns: endpointQuery(build, calls.jobRuns, { request: { group: 'databricks:runs' } }),
    /** B195: a run listed at cost 0, fetched once (RTK Query keeps the answer per run key). */
    databricksRunCost: endpointQuery(build, calls.runCost),
    databricksRunFilters: endpointQuery(build, calls.runFilters),
    /** E018: the job selector's jobs (a POST that only reads, so a query). */
    databricksJobSearch: endpointQuery(build, calls.jobSearch),
    databricksJobs: endpointQuery(build, calls.jobs, { request: { group: 'databricks:jobs' } }),
  }),
})

export const {
  useDatabricksRunsQuery,
  useDatabricksJobRunsQuery,
  useDatabricksRunCostQuery,
  useDatabricksJobsQuery,
  useDatabricksRunFiltersQuery,
  useDatabricksJobSearchQuery,
} = databricksRunsApi
