import { Type, type Static } from 'typebox'
import { DateParamString } from './dates.ts'

/*
 * Snowflake queries (03 §2, §3, §4, §7; E158-E160). The spec shows neither the paths nor the verbs
 * of the list, metadata and details calls, so costlens defines them here (G01), under
 * /api/v1/snowflake. The list takes a filters body, so it is a POST (G02); metadata and details
 * only read, so they are GETs. Their paths and verbs are in `snowflakeEndpoints`
 * (endpoints/snowflake.ts) and nowhere else, so a real backend's paths can be swapped in at one place.
 */

/** Query status codes and how the console shows them (03 §4 Snowflake query statuses). */
export const SNOWFLAKE_QUERY_STATUSES = ['S', 'R', 'F', 'W', 'U', 'P'] as const
export type SnowflakeQueryStatus = (typeof SNOWFLAKE_QUERY_STATUSES)[number]

/**
 * The insights costlens raises on a query (DOMAIN.md §1 inefficiencies). Keys are stable (they go
 * in filters and addresses); titles are what the console shows.
 */
export const SNOWFLAKE_INSIGHTS = {
  FULL_TABLE_SCAN: 'Full table scan',
  REMOTE_SPILLAGE: 'Spilling to remote storage',
  LOCAL_SPILLAGE: 'Spilling to local storage',
  QUEUED_OVERLOAD: 'Queued on an overloaded warehouse',
  OVERSIZED_WAREHOUSE: 'Warehouse oversized for the work',
  EXPLODING_JOIN: 'Exploding join',
  REPEATED_QUERY: 'Repeated query without result reuse',
} as const
export type SnowflakeInsightKey = keyof typeof SNOWFLAKE_INSIGHTS
export const SNOWFLAKE_INSIGHT_KEYS = Object.keys(SNOWFLAKE_INSIGHTS) as SnowflakeInsightKey[]

/** Sortable columns of the query list; the list's `s` is `key-direction` (03 §2), default cost-desc. */
export const SNOWFLAKE_QUERY_SORT_KEYS = [
  'cost',
  'usage',
  'duration',
  'startTime',
  'endTime',
  'userName',
  'warehouse',
  'status',
  'insights',
  'bytesScanned',
] as const
export type SnowflakeQuerySortKey = (typeof SNOWFLAKE_QUERY_SORT_KEYS)[number]

/** The list's paging cap: page × pageSize may not pass 10,000 rows (the bad-input rule). */
export const SNOWFLAKE_MAX_WINDOW = 10_000

/*
 * Accounts: a Snowflake account is one of the user's SNOWFLAKE clusters (sf-acme-prod,
 * sf-acme-analytics); its `accountId` is the account locator (e.g. QB41627), as ACCOUNT_USAGE
 * reports it. Windows: startTime/endTime are ISO instants; a query belongs to a window by its start
 * time, end inclusive. The examples are what the contract suite sends (a past, closed window).
 */
export const SnowflakeWindowStartSchema = DateParamString('iso', {
  description: 'ISO-8601 date-time; default the start of today (UTC)',
  examples: ['2026-01-05T00:00:00.000Z'],
})
export const SnowflakeWindowEndSchema = DateParamString('iso', {
  description: 'ISO-8601 date-time; default now',
  examples: ['2026-01-06T00:00:00.000Z'],
})
const Names = Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 200 })

/**
 * E158 body (03 §7): the filters, or `id` alone (a query id overrides every other filter), plus
 * paging and sort, whose names the spec does not show: `page` (1-based), `pageSize` (≤ 100) and
 * `sort` as the list address writes it, `key-direction`. Costs are USD, durations ms.
 */
export const SnowflakeQuerySearchBodySchema = Type.Object(
  {
    startTime: Type.Optional(SnowflakeWindowStartSchema),
    endTime: Type.Optional(SnowflakeWindowEndSchema),
    showInefficientOnly: Type.Optional(Type.Boolean()),
    insights: Type.Optional(Names),
    accounts: Type.Optional(Names),
    clientConnectors: Type.Optional(Names),
    userName: Type.Optional(Names),
    warehouseUid: Type.Optional(Names),
    status: Type.Optional(Names),
    minCost: Type.Optional(Type.Number()),
    maxCost: Type.Optional(Type.Number()),
    minDuration: Type.Optional(Type.Number()),
    maxDuration: Type.Optional(Type.Number()),
    signature: Type.Optional(Type.String({ maxLength: 200 })),
    id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    sort: Type.Optional(Type.String({ maxLength: 40, description: 'key-direction, e.g. cost-desc' })),
  },
  { additionalProperties: false, title: 'SnowflakeQuerySearchBody' },
)
export type SnowflakeQuerySearchBody = Static<typeof SnowflakeQuerySearchBodySchema>

/** 03 §3 Snowflake query row. Times are ISO-8601 UTC, duration ms, cost USD (4 decimals), usage credits. */
export const SnowflakeQueryRowSchema = Type.Object(
  {
    id: Type.String(),
    accountId: Type.String(),
    sqlShort: Type.String({ description: 'the first 200 characters of the text' }),
    sqlFull: Type.String(),
    status: Type.Enum(SNOWFLAKE_QUERY_STATUSES),
    insights: Type.Object({ count: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }),
    cost: Type.Number({ minimum: 0, description: 'USD, 4 decimals' }),
    usage: Type.Number({ minimum: 0, description: 'credits, 4 decimals' }),
    userName: Type.String(),
    warehouse: Type.Object({ name: Type.String(), id: Type.String() }, { additionalProperties: false }),
    startTime: Type.String(),
    endTime: Type.Union([Type.String(), Type.Null()], { description: 'null while running or queued' }),
    duration: Type.Integer({ minimum: 0, description: 'ms (so far, for a running query)' }),
    clientConnector: Type.String(),
    message: Type.String({ description: 'the error message of a failed query, else empty' }),
    queryType: Type.String({ description: 'SELECT, MERGE, COPY, CREATE_TABLE_AS_SELECT, INSERT, …' }),
    queryTag: Type.String(),
    sessionId: Type.String(),
    clusterNumber: Type.Integer({ minimum: 0 }),
    totalBytes: Type.Object(
      { read: Type.Integer({ minimum: 0 }), write: Type.Integer({ minimum: 0 }) },
      { additionalProperties: false },
    ),
    bytesWritten: Type.Integer({ minimum: 0 }),
    rowsAffected: Type.Integer({ minimum: 0 }),
    rowsProduced: Type.Integer({ minimum: 0 }),
    signature: Type.String({ description: 'the parameterized hash repeated queries share' }),
  },
  { additionalProperties: false, title: 'SnowflakeQueryRow' },
)
export type SnowflakeQueryRow = Static<typeof SnowflakeQueryRowSchema>

export const SnowflakeQuerySearchResponseSchema = Type.Object(
  {
    total: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
    results: Type.Array(SnowflakeQueryRowSchema),
  },
  { additionalProperties: false, title: 'SnowflakeQuerySearchResponse' },
)
export type SnowflakeQuerySearchResponse = Static<typeof SnowflakeQuerySearchResponseSchema>

/** E159 params (03 §7). */
export const SnowflakeQueryMetadataQuerySchema = Type.Object(
  {
    startTime: Type.Optional(SnowflakeWindowStartSchema),
    endTime: Type.Optional(SnowflakeWindowEndSchema),
    showInefficientOnly: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, title: 'SnowflakeQueryMetadataQuery' },
)
export type SnowflakeQueryMetadataQuery = Static<typeof SnowflakeQueryMetadataQuerySchema>

const Bounds = Type.Object({ min: Type.Number(), max: Type.Number() }, { additionalProperties: false })
const Count = Type.Integer({ minimum: 0 })
const option = <T extends Record<string, ReturnType<typeof Type.String>>>(key: T) =>
  Type.Array(Type.Object({ ...key, count: Count }, { additionalProperties: false }))

/** 03 §3 Snowflake query metadata: each option with its count in the window; cost USD, duration ms. */
export const SnowflakeQueryMetadataSchema = Type.Object(
  {
    users: option({ userName: Type.String() }),
    warehouses: option({ warehouseUid: Type.String() }),
    cost: Bounds,
    duration: Bounds,
    insights: option({ name: Type.String() }),
    clientConnectors: option({ clientConnector: Type.String() }),
    accounts: option({ accountId: Type.String() }),
    statuses: option({ status: Type.String() }),
  },
  { additionalProperties: false, title: 'SnowflakeQueryMetadata' },
)
export type SnowflakeQueryMetadata = Static<typeof SnowflakeQueryMetadataSchema>

export const SnowflakeQueryParamsSchema = Type.Object(
  { queryUid: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false, title: 'SnowflakeQueryParams' },
)

/** One insight raised on a query: what was seen, what to do, and the saving in USD per month (of `savings.basis`). */
export const SnowflakeInsightSchema = Type.Object(
  {
    key: Type.String(),
    name: Type.String(),
    category: Type.String({ description: '03 §2 insight category code: RE, EF, AF, SE, NA' }),
    description: Type.String(),
    recommendation: Type.String(),
    estimatedSavingUsd: Type.Number({ minimum: 0, description: 'USD per month, 4 decimals' }),
  },
  { additionalProperties: false, title: 'SnowflakeInsight' },
)
export type SnowflakeInsight = Static<typeof SnowflakeInsightSchema>

/**
 * What a query's savings are shares of (rules/savings.ts): its signature's cost over the last days,
 * extrapolated to a month, or the query's own cost when the signature has not run lately.
 */
export const SnowflakeSavingsBasisSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('signature'), Type.Literal('query')]),
    costUsd: Type.Number({
      minimum: 0,
      description: "the cost read: the signature's in the window, or the query's",
    }),
    windowDays: Type.Integer({ minimum: 0, description: "the window read; 0 for the query's own cost" }),
    monthlyCostUsd: Type.Number({ minimum: 0, description: 'USD per month no saving exceeds, 4 decimals' }),
  },
  { additionalProperties: false, title: 'SnowflakeSavingsBasis' },
)

/** A query's savings together: the fixes overlap, so the total is at most the basis' monthly cost. */
export const SnowflakeQuerySavingsSchema = Type.Object(
  {
    basis: SnowflakeSavingsBasisSchema,
    basisText: Type.String({ description: 'the basis said in a sentence, as the console shows it' }),
    totalMonthlyUsd: Type.Number({ minimum: 0, description: 'USD per month, 4 decimals' }),
  },
  { additionalProperties: false, title: 'SnowflakeQuerySavings' },
)
export type SnowflakeQuerySavings = Static<typeof SnowflakeQuerySavingsSchema>

/** A table a query read or wrote (the Input and Output tables tabs). */
export const SnowflakeTableRefSchema = Type.Object(
  {
    database: Type.String(),
    schema: Type.String(),
    name: Type.String(),
    rows: Type.Integer({ minimum: 0 }),
    bytes: Type.Integer({ minimum: 0 }),
    partitionsScanned: Type.Integer({ minimum: 0 }),
    partitionsTotal: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false, title: 'SnowflakeTableRef' },
)
export type SnowflakeTableRef = Static<typeof SnowflakeTableRefSchema>

/** The warehouse a query ran on, as the details' Warehouse tab shows it. */
export const SnowflakeWarehouseSummarySchema = Type.Object(
  {
    uid: Type.String(),
    name: Type.String(),
    size: Type.String({ description: 'X-Small … 4X-Large' }),
    creditsPerHour: Type.Number(),
    minClusterCount: Type.Integer({ minimum: 1 }),
    maxClusterCount: Type.Integer({ minimum: 1 }),
    scalingPolicy: Type.String({ description: 'STANDARD or ECONOMY' }),
    autoSuspendSeconds: Type.Integer({ minimum: 0, description: '0: never' }),
    accountId: Type.String(),
  },
  { additionalProperties: false, title: 'SnowflakeWarehouseSummary' },
)
export type SnowflakeWarehouseSummary = Static<typeof SnowflakeWarehouseSummarySchema>

/** 03 §2 Metrics tab: the time metrics, in ms. */
export const SnowflakeQueryMetricsSchema = Type.Object(
  {
    queuedProvisioningTime: Type.Integer({ minimum: 0 }),
    compilationTime: Type.Integer({ minimum: 0 }),
    queuedRepairTime: Type.Integer({ minimum: 0 }),
    queuedOverloadTime: Type.Integer({ minimum: 0 }),
    transactionBlockedTime: Type.Integer({ minimum: 0 }),
    listExternalFilesTime: Type.Integer({ minimum: 0 }),
    executionTime: Type.Integer({ minimum: 0 }),
    bytesSpilledToLocalStorage: Type.Integer({ minimum: 0 }),
    bytesSpilledToRemoteStorage: Type.Integer({ minimum: 0 }),
    partitionsScanned: Type.Integer({ minimum: 0 }),
    partitionsTotal: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false, title: 'SnowflakeQueryMetrics' },
)
export type SnowflakeQueryMetrics = Static<typeof SnowflakeQueryMetricsSchema>

/** E160: the row, plus the data of the details page's six tabs (03 §2). */
export const SnowflakeQueryDetailsSchema = Type.Object(
  {
    query: SnowflakeQueryRowSchema,
    roleName: Type.String(),
    databaseName: Type.String(),
    schemaName: Type.String(),
    warehouse: SnowflakeWarehouseSummarySchema,
    insights: Type.Array(SnowflakeInsightSchema),
    savings: SnowflakeQuerySavingsSchema,
    inputTables: Type.Array(SnowflakeTableRefSchema),
    outputTables: Type.Array(SnowflakeTableRefSchema),
    metrics: SnowflakeQueryMetricsSchema,
  },
  { additionalProperties: false, title: 'SnowflakeQueryDetails' },
)
export type SnowflakeQueryDetails = Static<typeof SnowflakeQueryDetailsSchema>

// ---------------------------------------------------------------- warehouses (E161, E162)

/** A time series point, as the cluster resource series send them: [epoch ms, value]. */
export const SnowflakePointSchema = Type.Tuple([Type.Integer({ description: 'epoch ms' }), Type.Number()], {
  title: 'SnowflakePoint',
})
export type SnowflakePoint = Static<typeof SnowflakePointSchema>

/** A warehouse's state now: STARTED while it runs or queues work or within its auto-suspend time. */
export const SNOWFLAKE_WAREHOUSE_STATES = ['STARTED', 'SUSPENDED'] as const
export type SnowflakeWarehouseState = (typeof SNOWFLAKE_WAREHOUSE_STATES)[number]

/** E161/E162 params: the window the usage figures cover (default the start of today (UTC) to now). */
export const SnowflakeWindowQuerySchema = Type.Object(
  {
    startTime: Type.Optional(SnowflakeWindowStartSchema),
    endTime: Type.Optional(SnowflakeWindowEndSchema),
  },
  { additionalProperties: false, title: 'SnowflakeWindowQuery' },
)
export type SnowflakeWindowQuery = Static<typeof SnowflakeWindowQuerySchema>

export const SnowflakeWarehouseParamsSchema = Type.Object(
  { warehouseUid: Type.String({ minLength: 1, maxLength: 200, examples: ['wh-qb41627-transform-wh'] }) },
  { additionalProperties: false, title: 'SnowflakeWarehouseParams' },
)
export type SnowflakeWarehouseParams = Static<typeof SnowflakeWarehouseParamsSchema>

/**
 * A warehouse and its usage in the window, from the queries that started in it: credits and cost
 * are the sums of the queries' usage and cost (so they match the query list), utilisation is the
 * execution time over the window's capacity (span × max clusters × 8 concurrent queries), capped
 * at 100.
 */
export const SnowflakeWarehouseRowSchema = Type.Object(
  {
    ...SnowflakeWarehouseSummarySchema.properties,
    state: Type.Enum(SNOWFLAKE_WAREHOUSE_STATES),
    queryCount: Type.Integer({ minimum: 0 }),
    credits: Type.Number({ minimum: 0, description: 'credits, 4 decimals' }),
    cost: Type.Number({ minimum: 0, description: 'USD, 4 decimals' }),
    avgQueuedOverloadTime: Type.Number({ minimum: 0, description: 'ms, over the queries that queued' }),
    queuedQueryCount: Type.Integer({ minimum: 0, description: 'queries with queued overload time' }),
    utilisationPercent: Type.Number({ minimum: 0, maximum: 100, description: '2 decimals' }),
  },
  { additionalProperties: false, title: 'SnowflakeWarehouseRow' },
)
export type SnowflakeWarehouseRow = Static<typeof SnowflakeWarehouseRowSchema>

/** E161: every warehouse of the user's accounts, most cost first. */
export const SnowflakeWarehouseListSchema = Type.Object(
  {
    startTime: Type.String({ description: 'the window used, ISO' }),
    endTime: Type.String(),
    warehouses: Type.Array(SnowflakeWarehouseRowSchema),
  },
  { additionalProperties: false, title: 'SnowflakeWarehouseList' },
)
export type SnowflakeWarehouseList = Static<typeof SnowflakeWarehouseListSchema>

/** The point interval a series was cut at (shared/src/rules/intervals.ts chartPointInterval). */
export const SnowflakeIntervalFields = {
  interval: Type.String({ description: 'the point interval used, e.g. hourly, daily' }),
  pointInterval: Type.Integer({ description: 'the point interval in ms' }),
}

/** E162: the row and its series, one point per interval (every interval of the window, 0 when idle). */
export const SnowflakeWarehouseDetailsSchema = Type.Object(
  {
    startTime: Type.String(),
    endTime: Type.String(),
    warehouse: SnowflakeWarehouseRowSchema,
    ...SnowflakeIntervalFields,
    series: Type.Object(
      {
        credits: Type.Array(SnowflakePointSchema),
        cost: Type.Array(SnowflakePointSchema, { description: 'USD' }),
        queryCount: Type.Array(SnowflakePointSchema),
        queuedOverloadTime: Type.Array(SnowflakePointSchema, { description: 'ms, summed over the queries' }),
        runningClusters: Type.Array(SnowflakePointSchema, {
          description: 'the most clusters the queries of the interval ran on',
        }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, title: 'SnowflakeWarehouseDetails' },
)
export type SnowflakeWarehouseDetails = Static<typeof SnowflakeWarehouseDetailsSchema>
