import {
  AppEventsQuerySchema,
  AppEventsResponseSchema,
  AppsSearchQuerySchema,
  AppsSearchResponseSchema,
  ErrorSchema,
  GlobalSearchQuerySchema,
  GlobalSearchResponseSchema,
  InefficientAppsNewuxQuerySchema,
  InefficientAppsNewuxResponseSchema,
  InefficientAppsQuerySchema,
  KeyCountListSchema,
  NoOfEventsBodySchema,
  NoOfEventsResponseSchema,
  StatsTagsQuerySchema,
  StatsTagsResponseSchema,
  UnifiedSearchBodySchema,
  UnifiedSearchResponseSchema,
  UsersQueuesQuerySchema,
  UsersQueuesResponseSchema,
  type AppEventsQuery,
  type AppsSearchQuery,
  type GlobalSearchQuery,
  type InefficientAppsNewuxQuery,
  type InefficientAppsQuery,
  type NoOfEventsBody,
  type StatsTagsQuery,
  type UnifiedSearchBody,
  type UsersQueuesQuery,
  sortFieldOf,
} from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { instant } from '../../db/repositories/applications.ts'
import { unifiedSearch } from '../../db/repositories/unified-search.ts'
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
  inefficientApps,
  inefficientAppsNewux,
  statsTags,
  usersAndQueues,
} from '../../db/repositories/app-lists.ts'
import { scopedClusters } from '../../db/repositories/scope.ts'
import { scopeOf, sessionOf } from '../../plugins/auth.ts'

const errors = { 400: ErrorSchema, 401: ErrorSchema }

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

export default async function appRoutes(app: AppInstance) {
  app.post(
    '/api/v1/apps/unifiedsearch',
    {
      config: {
        access: { plan: (request, now) => planCheckedSearch(request.body as UnifiedSearchBody, now) },
      },
      schema: {
        tags: ['apps'],
        summary:
          'Search applications: one page, its total, duration and cost ranges, event and cluster counts',
        description:
          'Body of 02 §7. Times are epoch ms or ISO-8601; sort is [{"field": {"order": "asc|desc"}}]; ' +
          'from + size may not pass 10,000 (B097). Running-only searches (appStatus ["R"]) ignore the time window.',
        body: UnifiedSearchBodySchema,
        response: { 200: UnifiedSearchResponseSchema, ...errors, 403: ErrorSchema },
        'x-spec-ids': ['E014'],
      },
    },
    async (request) => {
      const body = request.body as UnifiedSearchBody
      // '*' or no cluster: every cluster of the user's; named clusters must be the user's (403).
      const clusters = scopedClusters(scopeOf(request), body.wildcardCluster === '*' ? [] : body.clusters)
      return unifiedSearch(
        app.db,
        { ...body, clusters: [...clusters], wildcardCluster: undefined },
        app.clock.now(),
      )
    },
  )

  app.get(
    '/api/v1/apps/globalsearch',
    {
      config: {
        access: { plan: (request) => ({ sortKey: sortFieldOf((request.query as GlobalSearchQuery).sort) }) },
      },
      schema: {
        tags: ['apps'],
        summary: 'Find applications by a part of their id, name, user or queue (the global search page)',
        description:
          'sort is a field of the unified search, a leading minus for descending (default -startTime, B180); ' +
          'from + size may not pass 10,000 (B097).',
        querystring: GlobalSearchQuerySchema,
        response: { 200: GlobalSearchResponseSchema, ...errors },
        'x-spec-ids': ['E010'],
      },
    },
    async (request) =>
      globalSearch(app.db, request.query as GlobalSearchQuery, app.clock.now(), scopeOf(request)),
  )

  app.get(
    '/api/v1/apps/search',
    {
      config: {
        access: {
          plan: (request, now) => {
            const q = request.query as AppsSearchQuery
            const { start, end } = appsSearchBounds(q)
            return { sortKey: sortFieldOf(q.sort), range: { start: start ?? 0, end: end ?? now } }
          },
        },
      },
      schema: {
        tags: ['apps'],
        summary: 'Applications of a window, cluster, kinds and one group value, with a summary row per app',
        description:
          'gte/lte (or end_time) bound the start time; groupBy (user, queue or kind) and groupValue name the ' +
          'group value the spec leaves unnamed; summary rows join to apps on unique_key (the app id) and carry ' +
          'clusterType, dbus (null off Databricks), cost in USD and duration in ms.',
        querystring: AppsSearchQuerySchema,
        response: { 200: AppsSearchResponseSchema, ...errors },
        'x-spec-ids': ['E023'],
      },
    },
    async (request) =>
      appsSearch(app.db, request.query as AppsSearchQuery, app.clock.now(), scopeOf(request)),
  )

  app.get(
    '/api/v1/apps/events/inefficient_apps',
    {
      config: {
        access: {
          plan: (request, now) => ({
            inefficient: true,
            range: startEndWindow(request.query as InefficientAppsQuery, INEFFICIENT_SPAN, now),
          }),
        },
      },
      schema: {
        tags: ['apps'],
        summary: 'Inefficient apps (events of type 2 or 6, B182) counted per event name',
        querystring: InefficientAppsQuerySchema,
        response: { 200: KeyCountListSchema, ...errors },
        'x-spec-ids': ['E024'],
      },
    },
    async (request) =>
      inefficientApps(app.db, request.query as InefficientAppsQuery, app.clock.now(), scopeOf(request)),
  )

  app.get(
    '/api/v1/apps/events/inefficient_apps_newux/',
    {
      config: {
        access: {
          plan: (request, now) => {
            const q = request.query as InefficientAppsNewuxQuery
            return { inefficient: true, sortKey: sortFieldOf(q.sort), range: inefficientNewuxWindow(q, now) }
          },
        },
      },
      schema: {
        tags: ['apps'],
        summary: 'One page of inefficient apps with counts per kind and per event name',
        querystring: InefficientAppsNewuxQuerySchema,
        response: { 200: InefficientAppsNewuxResponseSchema, ...errors },
        'x-spec-ids': ['E025'],
      },
    },
    async (request) =>
      inefficientAppsNewux(
        app.db,
        request.query as InefficientAppsNewuxQuery,
        app.clock.now(),
        scopeOf(request),
      ),
  )

  app.post(
    '/api/v1/apps/events/no_of_events',
    {
      schema: {
        tags: ['apps'],
        summary: 'The number of events of each application asked (at most 500)',
        body: NoOfEventsBodySchema,
        response: { 200: NoOfEventsResponseSchema, ...errors },
        'x-spec-ids': ['E092'],
      },
    },
    async (request) => eventCountsByApp(app.db, (request.body as NoOfEventsBody).ids, scopeOf(request)),
  )

  app.get(
    '/api/v1/apps/events/app_events',
    {
      config: {
        access: {
          plan: (request, now) => ({
            range: startEndWindow(request.query as AppEventsQuery, APP_EVENTS_SPAN, now),
          }),
        },
      },
      schema: {
        tags: ['apps'],
        summary: 'The appEvents filter: each event name with its app count in the window, all checked',
        description: 'The spec shows no path for this call (E039); costlens defines this one.',
        querystring: AppEventsQuerySchema,
        response: { 200: AppEventsResponseSchema, ...errors },
        'x-spec-ids': ['E039'],
      },
    },
    async (request) =>
      appEventsList(app.db, request.query as AppEventsQuery, app.clock.now(), scopeOf(request)),
  )

  app.get(
    '/api/v1/search/stats_tags',
    {
      config: {
        access: {
          plan: (request, now) => ({
            range: startEndWindow(request.query as StatsTagsQuery, STATS_TAGS_SPAN, now),
          }),
        },
      },
      schema: {
        tags: ['apps'],
        summary: 'User and queue filter values with app counts, and application tags (none on the free plan)',
        querystring: StatsTagsQuerySchema,
        response: { 200: StatsTagsResponseSchema, ...errors },
        'x-spec-ids': ['E036'],
      },
    },
    async (request) =>
      statsTags(
        app.db,
        request.query as StatsTagsQuery,
        app.clock.now(),
        sessionOf(request).plan !== 'freemium',
        scopeOf(request),
      ),
  )

  app.get(
    '/api/v1/reports/data/get_all_users_queues',
    {
      schema: {
        tags: ['apps'],
        summary: 'Every user and queue that ran an application, optionally on one cluster',
        querystring: UsersQueuesQuerySchema,
        response: { 200: UsersQueuesResponseSchema, ...errors },
        'x-spec-ids': ['E037'],
      },
    },
    async (request) => usersAndQueues(app.db, request.query as UsersQueuesQuery, scopeOf(request)),
  )
}
