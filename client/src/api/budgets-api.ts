import { budgetEndpoints } from '@costlens/shared'
import { api } from './api.ts'
import { endpointMutation, endpointQuery } from './endpoint-query.ts'

/**
 * Budgets (E168-E170), built from `budgetEndpoints`; a write refetches every budget view. Here, not in
 * a feature: the budget pages (features/budgets) and the EMR cost trends (a trend against its budget)
 * both read them.
 */
export const budgetApi = api.enhanceEndpoints({ addTagTypes: ['Budgets'] }).injectEndpoints({
  endpoints: (build) => ({
    budgets: endpointQuery(build, budgetEndpoints.list, { providesTags: ['Budgets'] }),
    budgetDetails: endpointQuery(build, budgetEndpoints.details, { providesTags: ['Budgets'] }),
    createBudget: endpointMutation(build, budgetEndpoints.create, { invalidatesTags: ['Budgets'] }),
    updateBudget: endpointMutation(build, budgetEndpoints.update, { invalidatesTags: ['Budgets'] }),
    deleteBudget: endpointMutation(build, budgetEndpoints.remove, { invalidatesTags: ['Budgets'] }),
  }),
})

export const {
  useBudgetsQuery,
  useBudgetDetailsQuery,
  useCreateBudgetMutation,
  useUpdateBudgetMutation,
  useDeleteBudgetMutation,
} = budgetApi
