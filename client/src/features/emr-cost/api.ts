import { budgetEndpoints } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointMutation, endpointQuery } from '../../api/endpoint-query.ts'

/** Budgets (E168-E170), built from `budgetEndpoints`; a write refetches every budget view. */
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
