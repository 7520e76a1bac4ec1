import { appsEndpoints, tagsEndpoints, type UsersQueuesResponse } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery, endpointRequest } from '../../api/endpoint-query.ts'
import { SILENT_QUERY } from '../../api/app-queries.ts'

/** The users and queues the filters offer (E037). */
export type UsersAndQueues = UsersQueuesResponse

/**
 * The application list's calls (02 §7), built from `appsEndpoints` and `tagsEndpoints`. Their
 * failures raise no toast (C25) but reach the screen, whose list and tag filter show them with a
 * retry (components/panel-state, issue 15 #18).
 */
export const jobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    unifiedSearch: endpointQuery(build, appsEndpoints.unifiedSearch, {
      request: { group: 'apps:unifiedsearch', silent: true },
      providesTags: ['Apps'],
    }),
    usersAndQueues: build.query<UsersAndQueues, void>({
      query: () => endpointRequest(appsEndpoints.usersAndQueues, {}, { silent: true }),
    }),
    appTags: endpointQuery(build, tagsEndpoints.searchTags, SILENT_QUERY),
  }),
})

export const { useUnifiedSearchQuery, useUsersAndQueuesQuery, useAppTagsQuery, useLazyUnifiedSearchQuery } =
  jobsApi
