import { Type, type Static } from 'typebox'
import { APP_STATUS_CODES } from '../rules/status-maps.ts'
import { MAX_RECORDS } from '../rules/paging.ts'

/**
 * POST /api/v1/apps/unifiedsearch (E014, 02 §7). Times are epoch ms or ISO-8601 strings (the real
 * product's scripts send both, REAL-API-NOTES §3); `size` may arrive as a string and is coerced.
 * `sort` is the Elasticsearch form `[{"startTime": {"order": "desc"}}]`. `durations` are ms and
 * `cost` is USD (the list's cost column is cents, B183, shown as dollars). `eventTypes` and
 * `insights` are costlens's inefficient-list filters (B178, B182).
 */
const Instant = Type.Union([Type.Integer({ minimum: 0 }), Type.String({ minLength: 1, maxLength: 40 })], {
  description: 'epoch ms or an ISO-8601 date',
})
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

export const UnifiedSearchBodySchema = Type.Object(
  {
    appStatus: Type.Optional(Type.Array(Type.Enum(APP_STATUS_CODES), { maxItems: 7 })),
    appTypes: Type.Optional(Names(20)),
    globalsearchpattern: Type.Optional(Type.String({ maxLength: 200 })),
    start_time: Type.Optional(Instant),
    end_time: Type.Optional(Instant),
    clusters: Type.Optional(Names()),
    wildcardCluster: Type.Optional(Type.String({ maxLength: 20, description: "'*' for every cluster" })),
    jobIds: Type.Optional(Names()),
    from: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_RECORDS, default: 0 })),
    size: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_RECORDS, default: 15 })),
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
    clusterTypes: Type.Optional(Names(20)),
    queryOnFinishedTime: Type.Optional(Type.Boolean()),
    signature: Type.Optional(Type.String({ maxLength: 200 })),
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
      appEvents: Type.Array(Type.Object({ name: Type.String(), count: Type.Integer() })),
      clusters: Type.Record(Type.String(), Type.Integer()),
    }),
  },
  { title: 'UnifiedSearchResponse' },
)
export type UnifiedSearchResponse = Static<typeof UnifiedSearchResponseSchema>
