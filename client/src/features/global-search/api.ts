import { appsEndpoints, type GlobalSearchQuery, type GlobalSearchResponse } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointRequest } from '../../api/endpoint-query.ts'

/**
 * The search results' call (02 §7 GET apps/globalsearch), from `appsEndpoints.globalSearch`. A
 * newer search supersedes one still in flight (B285), and a failure raises no toast (C25) but shows
 * in the results with a retry (components/panel-state).
 */
export const globalSearchApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Partial: a real backend may leave fields out, so the page reads each with a fallback.
    globalSearch: build.query<Partial<GlobalSearchResponse>, GlobalSearchQuery>({
      providesTags: ['Apps'],
      query: (params) =>
        endpointRequest(appsEndpoints.globalSearch, params, { group: 'apps:globalsearch', silent: true }),
    }),
  }),
})

export const { useGlobalSearchQuery } = globalSearchApi
