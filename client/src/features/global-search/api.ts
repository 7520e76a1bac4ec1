import type { GlobalSearchQuery, GlobalSearchResponse } from '@costlens/shared'
import { api } from '../../api/api.ts'

/**
 * The search results' call (02 §7 GET apps/globalsearch). A newer search supersedes one still in
 * flight (B285), and a failure gives an empty page with no message, as list fetches do (B290, C25):
 * the screen reads `results ?? []` and `total ?? 0`.
 */
export const globalSearchApi = api.injectEndpoints({
  endpoints: (build) => ({
    globalSearch: build.query<Partial<GlobalSearchResponse>, GlobalSearchQuery>({
      query: (params) => ({
        url: '/api/v1/apps/globalsearch',
        params,
        group: 'apps:globalsearch',
        silent: 'object',
      }),
    }),
  }),
})

export const { useGlobalSearchQuery } = globalSearchApi
