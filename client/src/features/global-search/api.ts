import type { GlobalSearchQuery, GlobalSearchResponse } from '@costlens/shared'
import { api } from '../../api/api.ts'

/**
 * The search results' call (02 §7 GET apps/globalsearch). A newer search supersedes one still in
 * flight (B285), and a failure raises no toast (C25) but shows in the results with a retry
 * (components/panel-state).
 */
export const globalSearchApi = api.injectEndpoints({
  endpoints: (build) => ({
    globalSearch: build.query<Partial<GlobalSearchResponse>, GlobalSearchQuery>({
      query: (params) => ({
        url: '/api/v1/apps/globalsearch',
        params,
        group: 'apps:globalsearch',
        silent: true,
      }),
    }),
  }),
})

export const { useGlobalSearchQuery } = globalSearchApi
