import { Type, type Static } from 'typebox'
import { APP_STATUS_CODES } from '../rules/status-maps.ts'
import { MAX_RECORDS } from '../rules/paging.ts'
import { BodyInstantSchema, QueryInstantSchema } from './dates.ts'

/**
 * POST /api/v1/apps/unifiedsearch (E014, 02 §7). Times are epoch ms or ISO-8601 strings (the real
 * product's scripts send both, REAL-API-NOTES §3); `size` may arrive as a string and is coerced.
 * `sort` is the Elasticsearch form `[{"startTime": {"order": "desc"}}]`. `durations` are ms and
 * `cost` is USD (the list's cost column is cents, B183, shown as dollars). `eventTypes` and
 * `insights` are costlens's inefficient-list filters (B178, B182); `numEvents` {min, max} is the
 * list's events slider (02 §2 filter groups), for which the spec's body shows no field.
 */
const Range = Type.Object(
  { min: Type.Optional(Type.Number({ minimum: 0 })), max: Type.Optional(Type.Number({ minimum: 0 })) },
  { additionalProperties: false },
)
const Names = (max = 200) => Type.Array(Type.String({ maxLength: 200 }), { maxItems: max })

export const APP_SORT_FIELDS = [
  'startTime',
  'finishedTime',
  'duration',
  'cents',
  'cost',
  'user',
  'queue',
  'name',
  'kind',
  'status',
  'numEvents',
  'totalDfsBytesRead',
  'totalDfsBytesWritten',
] as const
export type AppSortField = (typeof APP_SORT_FIELDS)[number]

/**
 * The unified search body's fields (02 §7) that every search over runs reads the same way: the
 * applications' unified search and the Databricks runs calls (E015, E016) add their own to these.
 */
export const UNIFIED_SEARCH_FIELDS = {
  appStatus: Type.Optional(Type.Array(Type.Enum(APP_STATUS_CODES), { maxItems: 7 })),
  appTypes: Type.Optional(Names(20)),
  globalsearchpattern: Type.Optional(Type.String({ maxLength: 200 })),
  start_time: Type.Optional(BodyInstantSchema),
  end_time: Type.Optional(BodyInstantSchema),
  clusters: Type.Optional(Names()),
  wildcardCluster: Type.Optional(Type.String({ maxLength: 20, description: "'*' for every cluster" })),
  jobIds: Type.Optional(Names()),
  from: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_RECORDS, default: 0 })),
  sort: Type.Optional(
    Type.Array(
      Type.Record(Type.String({ maxLength: 40 }), Type.Object({ order: Type.Enum(['asc', 'desc']) })),
      { maxItems: 1 },
    ),
  ),
  users: Type.Optional(Names()),
  queues: Type.Optional(Names()),
  appTags: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Names(50))),
  durations: Type.Optional(Range),
  cost: Type.Optional(Range),
  queryOnFinishedTime: Type.Optional(Type.Boolean()),
  signature: Type.Optional(Type.String({ maxLength: 200 })),
}

export const UnifiedSearchBodySchema = Type.Object(
  {
    ...UNIFIED_SEARCH_FIELDS,
    size: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_RECORDS, default: 15 })),
    numEvents: Type.Optional(Range),
    clusterTypes: Type.Optional(Names(20)),
    executed_by_unravel: Type.Optional(Type.Boolean()),
    eventTypes: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 1000 }), { maxItems: 20 })),
    insights: Type.Optional(Names(50)),
  },
  { additionalProperties: false, title: 'UnifiedSearchBody' },
)
export type UnifiedSearchBody = Static<typeof UnifiedSearchBodySchema>

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()])

/** An application record (02 §3) as the lists read it. Fields a kind does not have are null. */
export const AppRecordSchema = Type.Object(
  {
    id: Type.String(),
    kind: Type.String(),
    status: Type.Enum(APP_STATUS_CODES),
    user: Type.String(),
    realUser: Type.String(),
    name: Type.String(),
    appName: Type.String(),
    queue: Type.String(),
    clusterId: Type.String({ description: 'the cluster display name' }),
    clusterUid: Type.String(),
    clusterType: Type.String(),
    parentId: Nullable(Type.String()),
    startTime: Type.Integer({ description: 'epoch ms' }),
    finishedTime: Nullable(Type.Integer({ description: 'epoch ms; null while running' })),
    duration: Type.Integer({ description: 'ms; for a running app, until now' }),
    cents: Type.Integer({ description: 'cost in US cents' }),
    totalDfsBytesRead: Type.Integer(),
    totalDfsBytesWritten: Type.Integer(),
    numEvents: Type.Integer(),
    insights: Type.Array(Type.String(), { description: 'insight event names (the insights/remarks column)' }),
    sm: Type.Integer(),
    km: Type.Integer(),
    fm: Type.Integer(),
    sr: Type.Integer(),
    kr: Type.Integer(),
    fr: Type.Integer(),
    numStages: Type.Integer(),
    numCompletedStages: Type.Integer(),
    numSkippedStages: Type.Integer(),
    numJobs: Type.Integer(),
    appAttempts: Type.Integer(),
    taskCount: Type.Integer(),
    setupDuration: Type.Integer(),
    cleanupDuration: Type.Integer(),
    memorySeconds: Type.Integer({ description: 'MB·s' }),
    vcoreSeconds: Type.Integer(),
    trackingUrl: Type.String(),
    sensorEnabled: Type.Boolean(),
    largeRDD: Type.Boolean(),
    inputTables: Nullable(Type.String()),
    outputTables: Nullable(Type.String()),
    diagnostics: Nullable(Type.String()),
    signature: Type.String(),
    dbuCost: Nullable(Type.Number()),
    dbus: Nullable(Type.Number()),
    runId: Nullable(Type.String()),
    jobId: Nullable(Type.String()),
    runName: Nullable(Type.String()),
    wsId: Nullable(Type.String()),
    wsInstance: Nullable(Type.String()),
  },
  { title: 'AppRecord' },
)
export type AppRecord = Static<typeof AppRecordSchema>

const MinMax = Type.Object({ min: Type.Number(), max: Type.Number() })

export const UnifiedSearchResponseSchema = Type.Object(
  {
    results: Type.Array(AppRecordSchema),
    metadata: Type.Object({
      totalRecords: Type.Integer(),
      duration: MinMax,
      cost: Type.Object({ min: Type.Number(), max: Type.Number() }, { description: 'USD' }),
      events: Type.Object(
        { min: Type.Integer(), max: Type.Integer() },
        { description: 'the range of the number of events per app (the events slider)' },
      ),
      appEvents: Type.Array(Type.Object({ name: Type.String(), count: Type.Integer() })),
      clusters: Type.Record(Type.String(), Type.Integer()),
    }),
  },
  { title: 'UnifiedSearchResponse' },
)
export type UnifiedSearchResponse = Static<typeof UnifiedSearchResponseSchema>

/**
 * POST /api/v1/apps/search, the real product's documented predecessor of unifiedsearch (REAL-API-NOTES
 * §3, public REST reference 4.6): the same body; each result also carries the documented fields.
 */
export const DocumentedAppRecordSchema = Type.Object(
  {
    ...AppRecordSchema.properties,
    status_long: Type.String({ description: 'the status as a word (B174)', examples: ['success'] }),
    start_time: Type.String({ description: 'MM/DD/YY HH:MM:SS, UTC', examples: ['06/26/19 10:28:18'] }),
    start_time_long: Type.String({ description: 'ISO-8601', examples: ['2019-06-26T10:28:18.403Z'] }),
    duration_long: Type.Integer({ description: 'ms' }),
    read_long: Type.Integer({ description: 'bytes' }),
    write_long: Type.Integer({ description: 'bytes' }),
  },
  { title: 'DocumentedAppRecord' },
)
export const DocumentedAppsSearchResponseSchema = Type.Object(
  {
    results: Type.Array(DocumentedAppRecordSchema),
    metadata: UnifiedSearchResponseSchema.properties.metadata,
  },
  { title: 'DocumentedAppsSearchResponse' },
)
export type DocumentedAppsSearchResponse = Static<typeof DocumentedAppsSearchResponseSchema>

/** A sort of a query string: a field of APP_SORT_FIELDS, a leading minus for descending (B100). */
const QuerySortSchema = Type.String({
  maxLength: 41,
  description: `an application sort field (${APP_SORT_FIELDS.join(', ')}), with a leading minus for descending, e.g. -startTime`,
})
const QueryListSchema = (what: string, examples?: string[]) =>
  Type.String({ maxLength: 2000, description: `comma-separated ${what}`, ...(examples && { examples }) })
const QueryFrom = Type.Integer({ minimum: 0, maximum: MAX_RECORDS, default: 0 })
const QuerySize = (size: number) => Type.Integer({ minimum: 0, maximum: MAX_RECORDS, default: size })

/** GET /api/v1/apps/globalsearch (E010): the /globalsearch/{search} page. */
export const GlobalSearchQuerySchema = Type.Object(
  {
    searchString: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'matched case-insensitively against the app id, name, user and queue',
      }),
    ),
    from: Type.Optional(QueryFrom),
    size: Type.Optional(QuerySize(10)),
    sort: Type.Optional(QuerySortSchema),
  },
  { additionalProperties: false, title: 'GlobalSearchQuery' },
)
export type GlobalSearchQuery = Static<typeof GlobalSearchQuerySchema>

export const GlobalSearchResponseSchema = Type.Object(
  { results: Type.Array(AppRecordSchema), total: Type.Integer() },
  { title: 'GlobalSearchResponse' },
)
export type GlobalSearchResponse = Static<typeof GlobalSearchResponseSchema>

/** E023: the group-by dimensions of apps/search. */
export const APPS_SEARCH_GROUP_BYS = ['user', 'queue', 'kind'] as const

/**
 * GET /api/v1/apps/search (E023). The spec names sort, size, from, gte, lte, clusterName, appTypes,
 * end_time and "a group-by value" without its parameter: costlens names it `groupBy` (user, queue
 * or kind) with `groupValue`, both or neither. `gte`/`lte` bound the start time; `end_time` (the
 * second documented usage) is the same as `lte`. clusterName matches a cluster's id, name or display
 * name; '*' is every cluster.
 */
export const AppsSearchQuerySchema = Type.Object(
  {
    sort: Type.Optional(QuerySortSchema),
    from: Type.Optional(QueryFrom),
    size: Type.Optional(QuerySize(10)),
    gte: Type.Optional(QueryInstantSchema),
    lte: Type.Optional(QueryInstantSchema),
    end_time: Type.Optional(QueryInstantSchema),
    clusterName: Type.Optional(Type.String({ maxLength: 200, examples: ['*'] })),
    appTypes: Type.Optional(QueryListSchema('application kinds, e.g. spark,hive')),
    groupBy: Type.Optional(Type.Enum(APPS_SEARCH_GROUP_BYS)),
    groupValue: Type.Optional(Type.String({ maxLength: 200 })),
  },
  {
    additionalProperties: false,
    title: 'AppsSearchQuery',
    // A group value names a value of the group: one without the other is a 400 (errors.ts words it).
    dependencies: { groupBy: ['groupValue'], groupValue: ['groupBy'] },
  },
)
export type AppsSearchQuery = Static<typeof AppsSearchQuerySchema>

/** E023: what the client joins to each app on unique_key (the app id). */
export const AppSummarySchema = Type.Object(
  {
    unique_key: Type.String({ description: 'the app id' }),
    clusterType: Type.String(),
    dbus: Nullable(Type.Number({ description: 'Databricks units; null for other platforms' })),
    cost: Type.Number({ description: 'USD (cents / 100)' }),
    duration: Type.Integer({ description: 'ms' }),
  },
  { title: 'AppSummary' },
)
export const AppsSearchResponseSchema = Type.Object(
  { apps: Type.Array(AppRecordSchema), summary: Type.Array(AppSummarySchema), total: Type.Integer() },
  { title: 'AppsSearchResponse' },
)
export type AppsSearchResponse = Static<typeof AppsSearchResponseSchema>

/** A count bucket of the events and jobs endpoints. */
export const KeyCountSchema = Type.Object(
  { key: Type.String(), doc_count: Type.Integer() },
  { title: 'KeyCount' },
)
export type KeyCount = Static<typeof KeyCountSchema>

/** E024, E025, E027: the interval choices of the time-bucketed endpoints (REAL-API-NOTES §6). */
export const JOB_INTERVALS = ['1m', '5m', '10m', '30m', '1h', '1d', '1w'] as const
export type JobInterval = (typeof JOB_INTERVALS)[number]
/** Each of those intervals in milliseconds (a week is 7 days). */
export const JOB_INTERVAL_MS: Readonly<Record<JobInterval, number>> = {
  '1m': 60_000,
  '5m': 5 * 60_000,
  '10m': 10 * 60_000,
  '30m': 30 * 60_000,
  '1h': 3_600_000,
  '1d': 86_400_000,
  '1w': 7 * 86_400_000,
}

/**
 * GET /api/v1/apps/events/inefficient_apps (E024). `entity` is an app kind (spark) or an entity
 * type code (2, see APP_TYPE_BY_CODE); `interval` is accepted for the real client's sake and does
 * not change the list, which counts the whole window. Default window: the last 7 days.
 */
export const InefficientAppsQuerySchema = Type.Object(
  {
    start_time: Type.Optional(QueryInstantSchema),
    end_time: Type.Optional(QueryInstantSchema),
    entity: Type.Optional(Type.String({ maxLength: 20, description: 'app kind or entity type code' })),
    clusterName: Type.Optional(Type.String({ maxLength: 200, examples: ['*'] })),
    wildcardCluster: Type.Optional(Type.String({ maxLength: 20, description: "'*' for every cluster" })),
    interval: Type.Optional(Type.Enum(JOB_INTERVALS)),
  },
  { additionalProperties: false, title: 'InefficientAppsQuery' },
)
export type InefficientAppsQuery = Static<typeof InefficientAppsQuerySchema>
/**
 * GET /api/v1/apps/events/inefficient_apps/ (trailing slash): the real product's documented form of
 * E024 (REAL-API-NOTES §7; public REST reference 4.6), for scripts written against it. entity_type
 * is an entity type code (0 MR, 1 Hive, 2 Spark, 16 Impala; any code of APP_TYPE_BY_CODE), every
 * type when absent. Default window: the last 7 days, as E024.
 */
export const DocumentedInefficientAppsQuerySchema = Type.Object(
  {
    start_time: Type.Optional(QueryInstantSchema),
    end_time: Type.Optional(QueryInstantSchema),
    entity_type: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 99,
        description: '0 MR, 1 Hive, 2 Spark, 16 Impala',
        examples: [2],
      }),
    ),
  },
  { additionalProperties: false, title: 'DocumentedInefficientAppsQuery' },
)
export type DocumentedInefficientAppsQuery = Static<typeof DocumentedInefficientAppsQuerySchema>
export const DocumentedInefficientAppsResponseSchema = Type.Array(
  Type.Object(
    {
      entity_type: Type.Integer({ description: 'the entity type code of the apps counted' }),
      event_name: Type.String({ examples: ['MRTooLargeMapEvent'] }),
      count: Type.Integer({ description: 'inefficient apps of that type with that event' }),
    },
    { additionalProperties: false },
  ),
  { title: 'DocumentedInefficientAppsResponse', description: 'by count descending, then event name' },
)
export type DocumentedInefficientAppsResponse = Static<typeof DocumentedInefficientAppsResponseSchema>

export const KeyCountListSchema = Type.Array(KeyCountSchema, {
  title: 'KeyCountList',
  description: 'by doc_count descending, then key',
})

/**
 * GET /api/v1/apps/events/inefficient_apps_newux/ (E025), trailing slash as written. entityType is
 * a stringified list "[1, 0, 2]" (REAL-API-NOTES §7) or a comma list of codes; eventName, queues and
 * users are comma lists. `gte`/`lte` are the same as start_time/end_time. Default window: the last
 * 7 days; default sort -duration (B180), size 50 (B096).
 */
export const InefficientAppsNewuxQuerySchema = Type.Object(
  {
    start_time: Type.Optional(QueryInstantSchema),
    end_time: Type.Optional(QueryInstantSchema),
    gte: Type.Optional(QueryInstantSchema),
    lte: Type.Optional(QueryInstantSchema),
    entityType: Type.Optional(Type.String({ maxLength: 200, description: 'e.g. "[1, 0, 2]" or 1,0,2' })),
    eventName: Type.Optional(QueryListSchema('event names')),
    clusterName: Type.Optional(Type.String({ maxLength: 200, examples: ['*'] })),
    queues: Type.Optional(QueryListSchema('queues')),
    users: Type.Optional(QueryListSchema('users')),
    sort: Type.Optional(QuerySortSchema),
    from: Type.Optional(QueryFrom),
    size: Type.Optional(QuerySize(50)),
  },
  { additionalProperties: false, title: 'InefficientAppsNewuxQuery' },
)
export type InefficientAppsNewuxQuery = Static<typeof InefficientAppsNewuxQuerySchema>

export const InefficientAppsNewuxResponseSchema = Type.Object(
  {
    results: Type.Array(AppRecordSchema),
    total: Type.Integer(),
    aggregations: Type.Object({
      entity: Type.Array(
        Type.Object({ key: Type.String(), entityType: Nullable(Type.Integer()), doc_count: Type.Integer() }),
        { description: 'apps per kind' },
      ),
      eventName: Type.Array(KeyCountSchema, { description: 'apps per inefficient event name' }),
    }),
  },
  { title: 'InefficientAppsNewuxResponse' },
)
export type InefficientAppsNewuxResponse = Static<typeof InefficientAppsNewuxResponseSchema>

/** POST /api/v1/apps/events/no_of_events (E092). */
export const NoOfEventsBodySchema = Type.Object(
  { ids: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 500 }) },
  { additionalProperties: false, title: 'NoOfEventsBody' },
)
export type NoOfEventsBody = Static<typeof NoOfEventsBodySchema>
export const NoOfEventsResponseSchema = Type.Record(Type.String(), Type.Integer(), {
  title: 'NoOfEventsResponse',
  description: 'event count per asked id; 0 for an id without events or unknown',
})
export type NoOfEventsResponse = Static<typeof NoOfEventsResponseSchema>

/**
 * GET /api/v1/apps/events/app_events (E039: the spec shows no path). The appEvents filter list:
 * each event name with the count of apps carrying it in the window (default the last 7 days), all
 * checked (filters start with every option selected, 02 §4).
 */
export const AppEventsQuerySchema = Type.Object(
  {
    start_time: Type.Optional(QueryInstantSchema),
    end_time: Type.Optional(QueryInstantSchema),
    clusters: Type.Optional(QueryListSchema("cluster ids; '*' is every cluster", ['*'])),
  },
  { additionalProperties: false, title: 'AppEventsQuery' },
)
export type AppEventsQuery = Static<typeof AppEventsQuerySchema>
export const AppEventsResponseSchema = Type.Array(
  Type.Object({ name: Type.String(), count: Type.Integer(), checked: Type.Literal(true) }),
  { title: 'AppEventsResponse' },
)
export type AppEventsResponse = Static<typeof AppEventsResponseSchema>

/** GET /api/v1/search/stats_tags (E036): window default the last 30 days. */
export const StatsTagsQuerySchema = Type.Object(
  { start_time: Type.Optional(QueryInstantSchema), end_time: Type.Optional(QueryInstantSchema) },
  { additionalProperties: false, title: 'StatsTagsQuery' },
)
export type StatsTagsQuery = Static<typeof StatsTagsQuerySchema>
export const StatsTagsResponseSchema = Type.Object(
  {
    stats: Type.Object({
      user: Type.Array(KeyCountSchema),
      queue: Type.Array(KeyCountSchema),
      tags: Type.Array(Type.Object({ key: Type.String(), values: Type.Array(Type.String()) }), {
        description: 'application tags; never RealUser; empty on the free plan',
      }),
    }),
  },
  { title: 'StatsTagsResponse' },
)
export type StatsTagsResponse = Static<typeof StatsTagsResponseSchema>

/** GET /api/v1/reports/data/get_all_users_queues (E037). */
export const UsersQueuesQuerySchema = Type.Object(
  { clusterUid: Type.Optional(Type.String({ maxLength: 200, examples: ['*'] })) },
  { additionalProperties: false, title: 'UsersQueuesQuery' },
)
export type UsersQueuesQuery = Static<typeof UsersQueuesQuerySchema>
export const UsersQueuesResponseSchema = Type.Object(
  { users: Type.Array(Type.String()), queues: Type.Array(Type.String()) },
  { title: 'UsersQueuesResponse' },
)
export type UsersQueuesResponse = Static<typeof UsersQueuesResponseSchema>
