import {
  AppEventsQuerySchema,
  AppEventsResponseSchema,
  AppsSearchQuerySchema,
  AppsSearchResponseSchema,
  DocumentedAppsSearchResponseSchema,
  DocumentedInefficientAppsQuerySchema,
  DocumentedInefficientAppsResponseSchema,
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
} from '../contracts/apps.ts'
import { defineEndpoints } from './endpoint.ts'

const tags = ['apps'] as const

/** The application lists and their filters (02 §7 Applications; E010, E014, E023-E025, E036-E039, E092). */
export const appsEndpoints = defineEndpoints({
  unifiedSearch: {
    method: 'POST',
    path: '/api/v1/apps/unifiedsearch',
    specIds: ['E014'],
    tags,
    summary: 'Search applications: one page, its total, duration and cost ranges, event and cluster counts',
    description:
      'Body of 02 §7. Times are epoch ms or ISO-8601; sort is [{"field": {"order": "asc|desc"}}]; ' +
      'from + size may not pass 10,000 (B097). Running-only searches (appStatus ["R"]) ignore the time window.',
    body: UnifiedSearchBodySchema,
    response: UnifiedSearchResponseSchema,
  },
  documentedAppsSearch: {
    method: 'POST',
    path: '/api/v1/apps/search',
    // No row of its own: E014's search in the real product's documented form.
    specIds: ['E014'],
    tags,
    summary:
      "The real product's documented apps search: unifiedsearch's body and answer, with its result fields",
    description:
      "Not in the spec: the real product's public REST reference (4.6) documents POST /apps/search, unifiedsearch's " +
      'predecessor: the same body; each result also has status_long, start_time (MM/DD/YY HH:MM:SS, UTC), ' +
      'start_time_long (ISO), duration_long (ms), read_long and write_long (bytes). Applications only (no Databricks runs).',
    body: UnifiedSearchBodySchema,
    response: DocumentedAppsSearchResponseSchema,
  },
  globalSearch: {
    method: 'GET',
    path: '/api/v1/apps/globalsearch',
    specIds: ['E010'],
    tags,
    summary: 'Find applications by a part of their id, name, user or queue (the global search page)',
    description:
      'sort is a field of the unified search, a leading minus for descending (default -startTime, B180); ' +
      'from + size may not pass 10,000 (B097).',
    querystring: GlobalSearchQuerySchema,
    response: GlobalSearchResponseSchema,
  },
  appsSearch: {
    method: 'GET',
    path: '/api/v1/apps/search',
    specIds: ['E023'],
    tags,
    summary: 'Applications of a window, cluster, kinds and one group value, with a summary row per app',
    description:
      'gte/lte (or end_time) bound the start time; groupBy (user, queue or kind) and groupValue name the ' +
      'group value the spec leaves unnamed; summary rows join to apps on unique_key (the app id) and carry ' +
      'clusterType, dbus (null off Databricks), cost in USD and duration in ms.',
    querystring: AppsSearchQuerySchema,
    response: AppsSearchResponseSchema,
  },
  inefficientApps: {
    method: 'GET',
    path: '/api/v1/apps/events/inefficient_apps',
    specIds: ['E024'],
    tags,
    summary: 'Inefficient apps (events of type 2 or 6, B182) counted per event name',
    querystring: InefficientAppsQuerySchema,
    response: KeyCountListSchema,
  },
  documentedInefficientApps: {
    method: 'GET',
    path: '/api/v1/apps/events/inefficient_apps/',
    // No row of its own: E024's counts in the real product's documented form.
    specIds: ['E024'],
    tags,
    summary: "The real product's documented inefficient-apps count: {entity_type, event_name, count} rows",
    description:
      "Not in the spec: the real product's public REST reference (4.6) documents this path, with the trailing " +
      'slash, entity_type and these fields; the same counts as E024 (events of type 2 or 6), per entity type.',
    querystring: DocumentedInefficientAppsQuerySchema,
    response: DocumentedInefficientAppsResponseSchema,
  },
  inefficientAppsNewux: {
    method: 'GET',
    path: '/api/v1/apps/events/inefficient_apps_newux/',
    specIds: ['E025'],
    tags,
    summary: 'One page of inefficient apps with counts per kind and per event name',
    querystring: InefficientAppsNewuxQuerySchema,
    response: InefficientAppsNewuxResponseSchema,
  },
  eventCounts: {
    method: 'POST',
    path: '/api/v1/apps/events/no_of_events',
    specIds: ['E092'],
    tags,
    summary: 'The number of events of each application asked (at most 500)',
    body: NoOfEventsBodySchema,
    response: NoOfEventsResponseSchema,
  },
  appEvents: {
    method: 'GET',
    path: '/api/v1/apps/events/app_events',
    specIds: ['E039'],
    pathIsOurs: true,
    tags,
    summary: 'The appEvents filter: each event name with its app count in the window, all checked',
    querystring: AppEventsQuerySchema,
    response: AppEventsResponseSchema,
  },
  statsTags: {
    method: 'GET',
    path: '/api/v1/search/stats_tags',
    specIds: ['E036'],
    tags,
    summary: 'User and queue filter values with app counts, and application tags (none on the free plan)',
    querystring: StatsTagsQuerySchema,
    response: StatsTagsResponseSchema,
  },
  usersAndQueues: {
    method: 'GET',
    path: '/api/v1/reports/data/get_all_users_queues',
    specIds: ['E037'],
    tags,
    summary: 'Every user and queue that ran an application, optionally on one cluster',
    querystring: UsersQueuesQuerySchema,
    response: UsersQueuesResponseSchema,
  },
})
