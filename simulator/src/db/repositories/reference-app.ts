import {
  REFERENCE_DETAILS_MAX_DAYS,
  REFERENCE_DETAILS_PAGE_SIZE,
  type AppAnalysis,
  type AppAttemptStatus,
  type AppErrorView,
  type AppSummaryAnnotation,
  type ReferenceAppDetails,
  type ReferenceAppDetailsQuery,
  type ReferenceAppExtendedSummary,
  type ReferenceAppLogs,
  type UnifiedSearchBody,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { readableApp } from './app-access.ts'
import {
  appDetailsSummary,
  attemptAnalysis,
  attemptAppSummary,
  attemptErrors,
  attemptStatus,
} from './app-details.ts'
import { listParam } from './app-lists.ts'
import { logLoadStatus, logsLoaded } from './app-writes.ts'
import { documentedAppsSearch } from './documented-apps-search.ts'
import { referenceWindow } from './reference-dates.ts'
import { scopedClusters, type ClusterScope } from './scope.ts'
import { unifiedSearch } from './unified-search.ts'

/*
 * The real product's documented application operations (issue 21, GET /common/app/…): each answer is
 * its console twin's, read through the twin's own function, so the figures cannot drift apart.
 */

const DAY = 86_400_000

/**
 * The twin's path parameters for the app's last attempt. The reference's path names no type, so the
 * type is 'workflow', the one details type that takes an app of any kind (a pipeline's runs are of
 * every kind); the access check and the 404 stay the twin's.
 */
function lastAttempt(db: Db, scope: ClusterScope, id: string) {
  const app = readableApp(db, scope, id)
  return { type: 'workflow' as const, id: app.id, attempt: String(Math.max(1, app.app_attempts)) }
}

/** GET /common/app/{app_id}/recommendation: E145's analysis of the last attempt. */
export function referenceRecommendation(db: Db, scope: ClusterScope, id: string, now: number): AppAnalysis {
  return attemptAnalysis(db, scope, lastAttempt(db, scope, id), now)
}

/** GET /common/app/{app_id}/appsummary: E146's {annotation} of the last attempt. */
export function referenceAppSummary(
  db: Db,
  scope: ClusterScope,
  id: string,
  now: number,
): AppSummaryAnnotation {
  return attemptAppSummary(db, scope, lastAttempt(db, scope, id), now)
}

/** GET /common/app/{app_id}/extendedsummary: E081's summary beside E145's analysis. */
export function referenceExtendedSummary(
  db: Db,
  scope: ClusterScope,
  id: string,
  now: number,
): ReferenceAppExtendedSummary {
  return {
    summary: appDetailsSummary(db, scope, id, now),
    analysis: referenceRecommendation(db, scope, id, now),
  }
}

/** GET /common/app/{app_id}/status: E144's status of the last attempt. */
export function referenceStatus(db: Db, scope: ClusterScope, id: string, now: number): AppAttemptStatus {
  return attemptStatus(db, scope, lastAttempt(db, scope, id), now)
}

/** GET /common/app/{app_id}/errors?apiMode=1: E147's error view of the last attempt. */
export function referenceErrors(db: Db, scope: ClusterScope, id: string, now: number): AppErrorView {
  return attemptErrors(db, scope, lastAttempt(db, scope, id), now)
}

/** GET /common/app/{app_id}/logs: whether the logs are loaded (as load_logs decides) and E126's tasks. */
export function referenceLogs(db: Db, scope: ClusterScope, id: string, now: number): ReferenceAppLogs {
  const app = readableApp(db, scope, id)
  return {
    id: app.id,
    kind: app.kind,
    logsLoaded: logsLoaded(db, app, now),
    tasks: logLoadStatus(db, scope, app.id, undefined, now),
  }
}

/**
 * The window of /common/app/details: from/to days (to included whole, as the jobs calls read the
 * reference's dates), the last 7 days by default, at most REFERENCE_DETAILS_MAX_DAYS.
 */
export function referenceDetailsWindow(q: ReferenceAppDetailsQuery, now: number) {
  const window = referenceWindow(q, now, 7 * DAY)
  if (window.end - window.start > REFERENCE_DETAILS_MAX_DAYS * DAY)
    throw new HttpError(
      400,
      `querystring/from, to: the window may span at most ${REFERENCE_DETAILS_MAX_DAYS} days (${q.from ?? 'default'} to ${q.to ?? 'now'})`,
    )
  return window
}

/** The unified search body a page of /common/app/details is: the same filters POST /apps/search takes. */
export function referenceDetailsBody(
  q: ReferenceAppDetailsQuery,
  window: { start: number; end: number },
): UnifiedSearchBody {
  const page = q.page ?? 1
  return {
    start_time: window.start,
    end_time: window.end,
    appTypes: listParam(q.appTypes),
    appStatus: listParam(q.appStatus) as UnifiedSearchBody['appStatus'],
    from: (page - 1) * REFERENCE_DETAILS_PAGE_SIZE,
    size: REFERENCE_DETAILS_PAGE_SIZE,
  }
}

/** GET /common/app/details: one page of POST /apps/search's answer for the window and filters. */
export function referenceAppDetails(
  db: Db,
  scope: ClusterScope,
  q: ReferenceAppDetailsQuery,
  now: number,
): ReferenceAppDetails {
  const window = referenceDetailsWindow(q, now)
  const body = { ...referenceDetailsBody(q, window), clusters: [...scopedClusters(scope)] }
  const answer = documentedAppsSearch(unifiedSearch(db, body, now))
  return {
    page: q.page ?? 1,
    pageSize: REFERENCE_DETAILS_PAGE_SIZE,
    startTime: window.start,
    endTime: window.end,
    ...answer,
  }
}
