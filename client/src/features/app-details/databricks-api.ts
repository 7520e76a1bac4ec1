import { databricksDetailsEndpoints as calls } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { DETAILS_QUERY } from '../../api/app-queries.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/**
 * A Databricks run's details calls (E127-E135), built from `databricksDetailsEndpoints`. As the other
 * details calls, their failures raise no toast: each tab shows its own with a retry.
 */
export const databricksDetailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    databricksAppSummary: endpointQuery(build, calls.appSummary, DETAILS_QUERY),
    databricksTaskRuns: endpointQuery(build, calls.taskRuns, DETAILS_QUERY),
    databricksRunErrorView: endpointQuery(build, calls.errorView, DETAILS_QUERY),
    databricksTaskTags: endpointQuery(build, calls.taskTags, DETAILS_QUERY),
    databricksTaskProgram: endpointQuery(build, calls.taskProgram, DETAILS_QUERY),
    databricksTaskConf: endpointQuery(build, calls.taskConf, DETAILS_QUERY),
    databricksTaskResourceMetrics: endpointQuery(build, calls.taskResourceMetrics, DETAILS_QUERY),
    databricksTaskResourceUsage: endpointQuery(build, calls.taskResourceUsage, DETAILS_QUERY),
  }),
})

export const {
  useDatabricksAppSummaryQuery,
  useDatabricksTaskRunsQuery,
  useDatabricksRunErrorViewQuery,
  useDatabricksTaskTagsQuery,
  useDatabricksTaskProgramQuery,
  useDatabricksTaskConfQuery,
  useDatabricksTaskResourceMetricsQuery,
  useDatabricksTaskResourceUsageQuery,
} = databricksDetailsApi
