import { appDetailsEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import {
  appCanAccess,
  appDetailsEvents,
  appDetailsSummary,
  appErrorView,
  appResourceMetrics,
  appResourceUsage,
  appTags,
  attemptAnalysis,
  attemptAnnotation,
  attemptAppSummary,
  attemptErrors,
  attemptStatus,
  mrAnnotation,
} from '../../db/repositories/app-details.ts'
import {
  addComment,
  appComments,
  killApp,
  loadLogs,
  logLoadStatus,
  moveApp,
  violationsOfApp,
} from '../../db/repositories/app-writes.ts'
import { setAppTags } from '../../db/repositories/app-tag-writes.ts'
import { scopeOf, sessionOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/**
 * The application-details calls every type shares (02 §7, issue 17), from `appDetailsEndpoints`.
 * Each starts with the access check (readableApp, or appAccess for can_access itself).
 */
export default async function appDetailsRoutes(app: AppInstance) {
  const { db, clock } = app
  route(app, calls.summary, (request) =>
    appDetailsSummary(db, scopeOf(request), request.params.id, clock.now()),
  )
  route(app, calls.resourceMetrics, (request) =>
    appResourceMetrics(db, scopeOf(request), request.params.id, request.query, clock.now()),
  )
  route(app, calls.resourceUsage, (request) =>
    appResourceUsage(db, scopeOf(request), request.params.id, request.query, clock.now()),
  )
  route(app, calls.canAccess, (request) =>
    appCanAccess(db, scopeOf(request), request.params.id, request.body?.cluster_uid),
  )
  for (const [entry, type] of [
    [calls.errorviewJobs, 'jobs'],
    [calls.errorviewHive, 'hive_queries'],
    [calls.errorviewSpark, 'spark'],
    [calls.errorviewImpala, 'impala'],
    [calls.errorviewWorkflow, 'workflow'],
  ] as const)
    route(app, entry, (request) => appErrorView(db, scopeOf(request), type, request.params.id, clock.now()))
  route(app, calls.events, (request) =>
    appDetailsEvents(db, scopeOf(request), request.query.app_id, clock.now()),
  )
  route(app, calls.jobEvents, (request) =>
    appDetailsEvents(db, scopeOf(request), request.params.id, clock.now()),
  )
  route(app, calls.tags, (request) => appTags(db, scopeOf(request), request.params.id))
  route(app, calls.setTags, (request) =>
    setAppTags(db, scopeOf(request), request.params.id, request.body, clock.now()),
  )
  route(app, calls.clusterTags, (request) =>
    appTags(db, scopeOf(request), request.params.id, request.params.cluster),
  )
  route(app, calls.mrAnnotation, (request) =>
    mrAnnotation(db, scopeOf(request), request.params.id, clock.now()),
  )
  route(app, calls.attemptAnnotation, (request) =>
    attemptAnnotation(db, scopeOf(request), request.params, clock.now()),
  )
  route(app, calls.attemptStatus, (request) =>
    attemptStatus(db, scopeOf(request), request.params, clock.now()),
  )
  route(app, calls.attemptAnalysis, (request) =>
    attemptAnalysis(db, scopeOf(request), request.params, clock.now()),
  )
  route(app, calls.attemptAppSummary, (request) =>
    attemptAppSummary(db, scopeOf(request), request.params, clock.now()),
  )
  route(app, calls.attemptErrors, (request) =>
    attemptErrors(db, scopeOf(request), request.params, clock.now()),
  )
  // The Spark form of the same five (see the entries): the type is fixed, the handlers are the same.
  const spark = (params: { id: string; attempt: string }) => ({ ...params, type: 'spark' as const })
  route(app, calls.sparkAttemptAnnotation, (request) =>
    attemptAnnotation(db, scopeOf(request), spark(request.params), clock.now()),
  )
  route(app, calls.sparkAttemptStatus, (request) =>
    attemptStatus(db, scopeOf(request), spark(request.params), clock.now()),
  )
  route(app, calls.sparkAttemptAnalysis, (request) =>
    attemptAnalysis(db, scopeOf(request), spark(request.params), clock.now()),
  )
  route(app, calls.sparkAttemptAppSummary, (request) =>
    attemptAppSummary(db, scopeOf(request), spark(request.params), clock.now()),
  )
  route(app, calls.sparkAttemptErrors, (request) =>
    attemptErrors(db, scopeOf(request), spark(request.params), clock.now()),
  )
  // The writes (app-writes.ts): each checks the app first, as every details call.
  route(app, calls.sendComment, (request) =>
    addComment(
      db,
      scopeOf(request),
      request.params.id,
      sessionOf(request).username,
      request.body.comment,
      clock.now(),
    ),
  )
  route(app, calls.comments, (request) => appComments(db, scopeOf(request), request.params.id))
  route(app, calls.recentViolationsByApp, (request) =>
    violationsOfApp(
      db,
      scopeOf(request),
      request.query.app_id,
      request.query.clusterUid,
      request.query.limit ?? 10,
      clock.now(),
    ),
  )
  route(app, calls.killApp, (request) =>
    killApp(db, scopeOf(request), request.params.id, sessionOf(request), clock.now()),
  )
  route(app, calls.moveApp, (request) =>
    moveApp(db, scopeOf(request), request.params.id, request.query.queue, sessionOf(request)),
  )
  route(app, calls.loadLogs, (request) => loadLogs(db, scopeOf(request), request.query.app_id, clock.now()))
  route(app, calls.logLoadStatus, (request) =>
    logLoadStatus(db, scopeOf(request), request.query.app_id, request.query.task_id, clock.now()),
  )
}
