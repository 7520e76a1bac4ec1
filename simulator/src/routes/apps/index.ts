import {
  appsEndpoints as calls,
  sortFieldOf,
  UnifiedSearchAnyResponseSchema,
  type UnifiedSearchBody,
} from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { instant } from '../../db/repositories/applications.ts'
import { unifiedSearch } from '../../db/repositories/unified-search.ts'
import { documentedAppsSearch } from '../../db/repositories/documented-apps-search.ts'
import { databricksUnifiedSearch, isDatabricksSearch } from '../../db/repositories/databricks-runs-unified.ts'
import {
  isDatabricksClusterSearch,
  searchDatabricksClusters,
} from '../../db/repositories/databricks-clusters.ts'
import {
  APP_EVENTS_SPAN,
  INEFFICIENT_SPAN,
  STATS_TAGS_SPAN,
  appEventsList,
  appsSearchBounds,
  inefficientNewuxWindow,
  startEndWindow,
  appsSearch,
  eventCountsByApp,
  globalSearch,
  documentedInefficientApps,
  inefficientApps,
  inefficientAppsNewux,
  statsTags,
  usersAndQueues,
} from '../../db/repositories/app-lists.ts'
import { scopedClusters, type ClusterScope } from '../../db/repositories/scope.ts'
import { scopeOf, sessionOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/** What the plan limits look at in a unified search (a running-only search has no window). */
function planCheckedSearch(body: UnifiedSearchBody, now: number) {
  const runningOnly = body.appStatus?.length === 1 && body.appStatus[0] === 'R'
  const sortKey = body.sort?.[0] ? Object.keys(body.sort[0])[0] : undefined
  return {
    sortKey,
    tags: Object.values(body.appTags ?? {}).some((values) => values.length > 0),
    inefficient: Boolean(body.eventTypes?.length || body.insights?.length),
    range: runningOnly
      ? undefined
      : {
          start: instant(body.start_time, 'start_time') ?? 0,
          end: instant(body.end_time, 'end_time') ?? now,
        },
  }
}

/** The application lists and their filters (02 §7), from `appsEndpoints`. */
/** A search body's clusters: '*' or none is every cluster of the user's; named ones must be the user's (403). */
function inUserClusters<B extends { clusters?: readonly string[]; wildcardCluster?: string }>(
  body: B,
  scope: ClusterScope,
): B & { clusters: string[]; wildcardCluster: undefined } {
  const clusters = scopedClusters(scope, body.wildcardCluster === '*' ? [] : body.clusters)
  return { ...body, clusters: [...clusters], wildcardCluster: undefined }
}

export default async function appRoutes(app: AppInstance) {
  const { db, clock } = app

  route(
    app,
    // Also the Databricks clusters list (02 §7: appTypes spark for clusters), so it may answer either.
    { ...calls.unifiedSearch, response: UnifiedSearchAnyResponseSchema },
    (request) => {
      const body = request.body
      // Databricks clusters list (issue 20, /compute/dbclusters): its own rows, not applications.
      if (isDatabricksClusterSearch(sessionOf(request).platform, body))
        return searchDatabricksClusters(db, body, clock.now())
      // Databricks runs (appTypes ["db"]) live in db_runs, not applications.
      if (isDatabricksSearch(body))
        return databricksUnifiedSearch(db, body, clock.now(), sessionOf(request).platform === 'DB')
      return unifiedSearch(db, inUserClusters(body, scopeOf(request)), clock.now())
    },
    { plan: (request, now) => planCheckedSearch(request.body, now) },
  )

  // The real product's documented predecessor of unifiedsearch (issue 21): applications only.
  route(
    app,
    calls.documentedAppsSearch,
    (request) => {
      return documentedAppsSearch(
        unifiedSearch(db, inUserClusters(request.body, scopeOf(request)), clock.now()),
      )
    },
    { plan: (request, now) => planCheckedSearch(request.body, now) },
  )

  route(
    app,
    calls.globalSearch,
    (request) => globalSearch(db, request.query, clock.now(), scopeOf(request)),
    {
      plan: (request) => ({ sortKey: sortFieldOf(request.query.sort) }),
    },
  )

  route(app, calls.appsSearch, (request) => appsSearch(db, request.query, clock.now(), scopeOf(request)), {
    plan: (request, now) => {
      const { start, end } = appsSearchBounds(request.query)
      return { sortKey: sortFieldOf(request.query.sort), range: { start: start ?? 0, end: end ?? now } }
    },
  })

  route(
    app,
    calls.documentedInefficientApps,
    (request) => documentedInefficientApps(db, request.query, clock.now(), scopeOf(request)),
    {
      plan: (request, now) => ({
        inefficient: true,
        range: startEndWindow(request.query, INEFFICIENT_SPAN, now),
      }),
    },
  )

  route(
    app,
    calls.inefficientApps,
    (request) => inefficientApps(db, request.query, clock.now(), scopeOf(request)),
    {
      plan: (request, now) => ({
        inefficient: true,
        range: startEndWindow(request.query, INEFFICIENT_SPAN, now),
      }),
    },
  )

  route(
    app,
    calls.inefficientAppsNewux,
    (request) => inefficientAppsNewux(db, request.query, clock.now(), scopeOf(request)),
    {
      plan: (request, now) => ({
        inefficient: true,
        sortKey: sortFieldOf(request.query.sort),
        range: inefficientNewuxWindow(request.query, now),
      }),
    },
  )

  route(app, calls.eventCounts, (request) => eventCountsByApp(db, request.body.ids, scopeOf(request)))

  route(app, calls.appEvents, (request) => appEventsList(db, request.query, clock.now(), scopeOf(request)), {
    plan: (request, now) => ({ range: startEndWindow(request.query, APP_EVENTS_SPAN, now) }),
  })

  route(
    app,
    calls.statsTags,
    (request) =>
      statsTags(db, request.query, clock.now(), sessionOf(request).plan !== 'freemium', scopeOf(request)),
    { plan: (request, now) => ({ range: startEndWindow(request.query, STATS_TAGS_SPAN, now) }) },
  )

  route(app, calls.usersAndQueues, (request) => usersAndQueues(db, request.query, scopeOf(request)))
}
