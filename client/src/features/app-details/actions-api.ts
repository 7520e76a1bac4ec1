import {
  appDetailsEndpoints as details,
  appsEndpoints as apps,
  sparkEndpoints as spark,
} from '@costlens/shared'
import { api } from '../../api/api.ts'
import { APPS_TAG, SILENT_QUERY as silent } from '../../api/app-queries.ts'
import { endpointMutation, endpointQuery } from '../../api/endpoint-query.ts'

/**
 * The details page's controls (issue 17, 02 §4 Yarn kill and move, log loading; 02 §7 comments,
 * tags, violations). A kill or a move changes what every list and count shows: they invalidate
 * `Apps`, the tag the lists of applications provide, so a list shown after them asks again.
 * Reads fail without a toast (C25): each panel shows its own failure.
 */
// Names are unique across the console's one API: injecting a name another feature already has
// (the applications list has an `appTags`) keeps the first definition and silently calls its path.

export const appActionsApi = api
  .enhanceEndpoints({ addTagTypes: ['AppComments', 'AppTags'] })
  .injectEndpoints({
    endpoints: (build) => ({
      yarnKillApp: endpointMutation(build, details.killApp, { invalidatesTags: [APPS_TAG] }),
      yarnMoveApp: endpointMutation(build, details.moveApp, { invalidatesTags: [APPS_TAG] }),
      /** The queues the move offers: those of the app's cluster. */
      moveQueues: endpointQuery(build, apps.usersAndQueues, silent),
      logLoadAppMeta: endpointQuery(build, spark.appMeta, { ...silent, keepUnusedDataFor: 0 }),
      // A GET that starts a task: a mutation, so it runs once per click and is never cached.
      logLoadStart: endpointMutation(build, details.loadLogs),
      logLoadTaskStatus: endpointQuery(build, details.logLoadStatus, { ...silent, keepUnusedDataFor: 0 }),
      detailsComments: endpointQuery(build, details.comments, { ...silent, providesTags: ['AppComments'] }),
      detailsSendComment: endpointMutation(build, details.sendComment, { invalidatesTags: ['AppComments'] }),
      detailsTags: endpointQuery(build, details.tags, { ...silent, providesTags: ['AppTags'] }),
      // Tags feed the lists' tag filters and chargeback by tag: those refetch too.
      detailsSetTags: endpointMutation(build, details.setTags, { invalidatesTags: ['AppTags', APPS_TAG] }),
      detailsViolations: endpointQuery(build, details.recentViolationsByApp, silent),
    }),
  })

export const {
  useYarnKillAppMutation,
  useYarnMoveAppMutation,
  useMoveQueuesQuery,
  useLazyLogLoadAppMetaQuery,
  useLogLoadStartMutation,
  useLogLoadTaskStatusQuery,
  useDetailsCommentsQuery,
  useDetailsSendCommentMutation,
  useDetailsTagsQuery,
  useDetailsSetTagsMutation,
  useDetailsViolationsQuery,
} = appActionsApi
