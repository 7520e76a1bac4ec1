import type { Tag, UnifiedSearchBody, UnifiedSearchResponse } from '@costlens/shared'
import { api } from '../../api/api.ts'

/** The users and queues the filters offer (E037). */
export interface UsersAndQueues {
  users: string[]
  queues: string[]
}

/**
 * The application list's calls (02 §7). They fail silently with an empty result of their shape
 * (B290, C25): the list then shows its empty state, as the spec asks of list fetches.
 */
export const jobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    unifiedSearch: build.query<UnifiedSearchResponse, UnifiedSearchBody>({
      query: (body) => ({
        url: '/api/v1/apps/unifiedsearch',
        method: 'POST',
        body,
        group: 'apps:unifiedsearch',
        silent: 'object',
      }),
    }),
    usersAndQueues: build.query<UsersAndQueues, void>({
      query: () => ({ url: '/api/v1/reports/data/get_all_users_queues', silent: 'object' }),
    }),
    appTags: build.query<Tag[], { from: number; to: number }>({
      query: (params) => ({ url: '/api/v1/search/tags', params, silent: 'tags' }),
    }),
  }),
})

export const { useUnifiedSearchQuery, useUsersAndQueuesQuery, useAppTagsQuery, useLazyUnifiedSearchQuery } =
  jobsApi
