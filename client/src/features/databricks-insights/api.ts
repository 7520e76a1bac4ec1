import { databricksInsightsEndpoints as calls } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointMutation, endpointQuery } from '../../api/endpoint-query.ts'

/**
 * The Databricks insights calls (E180-E182 and the insights list), built from
 * `databricksInsightsEndpoints`; marking an action done or reopening it refetches both pages' figures.
 */
export const databricksInsightsApi = api
  .enhanceEndpoints({ addTagTypes: ['DatabricksInsights'] })
  .injectEndpoints({
    endpoints: (build) => ({
      databricksInsightJobs: endpointQuery(build, calls.jobs, {
        request: { group: 'databricks:insights' },
        providesTags: ['DatabricksInsights'],
      }),
      databricksInsightActions: endpointQuery(build, calls.actions, {
        request: { group: 'databricks:insight-actions' },
        providesTags: ['DatabricksInsights'],
      }),
      updateDatabricksInsightAction: endpointMutation(build, calls.updateAction, {
        invalidatesTags: ['DatabricksInsights'],
      }),
    }),
  })

export const {
  useDatabricksInsightJobsQuery,
  useDatabricksInsightActionsQuery,
  useUpdateDatabricksInsightActionMutation,
} = databricksInsightsApi
