import type { Tag, UnifiedSearchBody, UnifiedSearchResponse } from '@costlens/shared'
import { api } from '../../api/api.ts'

/** The users and queues the filters offer (E037). */
export interface UsersAndQueues {
  users: string[]
  queues: string[]
}

/**
 * The application list's calls (02 §7). Their failures raise no toast (C25) but reach the screen,
 * whose list and tag filter show them with a retry (components/panel-state, issue 15 #18).
 */
export const jobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    unifiedSearch: build.query<UnifiedSearchResponse, UnifiedSearchBody>({
      query: (body) => ({
        url: '/api/v1/apps/unifiedsearch',
        method: 'POST',
        body,
        group: 'apps:unifiedsearch',
        silent: true,
      }),
    }),
    usersAndQueues: build.query<UsersAndQueues, void>({
      query: () => ({ url: '/api/v1/reports/data/get_all_users_queues', silent: true }),
    }),
    appTags: build.query<Tag[], { from: number; to: number }>({
      query: (params) => ({ url: '/api/v1/search/tags', params, silent: true }),
    }),
  }),
})

export const { useUnifiedSearchQuery, useUsersAndQueuesQuery, useAppTagsQuery, useLazyUnifiedSearchQuery } =
  jobsApi
