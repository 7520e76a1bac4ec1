import {
  appDetailsEndpoints as details,
  appsEndpoints as apps,
  sparkEndpoints as spark,
} from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointMutation, endpointQuery } from '../../api/endpoint-query.ts'

/**
 * The details page's controls (issue 17, 02 §4 Yarn kill and move, log loading; 02 §7 comments,
 * tags, violations). A kill or a move changes what every list and count shows: they invalidate
 * `Apps`, the tag the lists of applications provide, so a list shown after them asks again.
 * Reads fail without a toast (C25): each panel shows its own failure.
 */
const silent = { request: { silent: true } } as const

/** The tag every query that shows applications (their status, queue or counts) provides. */
export const APPS_TAG = 'Apps'

export const appActionsApi = api
  .enhanceEndpoints({ addTagTypes: ['AppComments', 'AppTags'] })
  .injectEndpoints({
    endpoints: (build) => ({
      killApp: endpointMutation(build, details.killApp, { invalidatesTags: [APPS_TAG] }),
      moveApp: endpointMutation(build, details.moveApp, { invalidatesTags: [APPS_TAG] }),
      /** The queues the move offers: those of the app's cluster. */
      clusterQueues: endpointQuery(build, apps.usersAndQueues, silent),
      sparkAppMeta: endpointQuery(build, spark.appMeta, { ...silent, keepUnusedDataFor: 0 }),
      // A GET that starts a task: a mutation, so it runs once per click and is never cached.
      loadLogs: endpointMutation(build, details.loadLogs),
      logLoadStatus: endpointQuery(build, details.logLoadStatus, { ...silent, keepUnusedDataFor: 0 }),
      appComments: endpointQuery(build, details.comments, { ...silent, providesTags: ['AppComments'] }),
      sendComment: endpointMutation(build, details.sendComment, { invalidatesTags: ['AppComments'] }),
      appTags: endpointQuery(build, details.tags, { ...silent, providesTags: ['AppTags'] }),
      // Tags feed the lists' tag filters and chargeback by tag: those refetch too.
      setAppTags: endpointMutation(build, details.setTags, { invalidatesTags: ['AppTags', APPS_TAG] }),
      appViolations: endpointQuery(build, details.recentViolationsByApp, silent),
    }),
  })

export const {
  useKillAppMutation,
  useMoveAppMutation,
  useClusterQueuesQuery,
  useLazySparkAppMetaQuery,
  useLoadLogsMutation,
  useLogLoadStatusQuery,
  useAppCommentsQuery,
  useSendCommentMutation,
  useAppTagsQuery,
  useSetAppTagsMutation,
  useAppViolationsQuery,
} = appActionsApi
