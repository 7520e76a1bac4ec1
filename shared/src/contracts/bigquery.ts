import { Type, type Static } from 'typebox'
import { DateParamString } from './dates.ts'
import { BIGQUERY_JOB_LIST_TYPES } from '../rules/list-queries.ts'

/*
 * BigQuery v2 (03 §2, §3, §4, §9; E163-E167; issue 19). The spec shows neither the paths nor the verbs
 * of the job list, its metadata, the project list, its metadata and the job details, so costlens
 * defines them under /api/v1/bigquery in the style of the Snowflake calls (G01): the job list takes a
 * filters body, so it is a POST (G02); the others only read, so they are GETs. Their paths and verbs
 * are in `bigqueryEndpoints` (endpoints/bigquery.ts) and nowhere else.
 *
 * Units: cost in cents (03 §9: BigQuery cost is in cents, shown in USD), 4 decimals; bytes as
 * integers; slot time in slot-milliseconds (INFORMATION_SCHEMA.JOBS total_slot_ms); times ISO-8601
 * UTC; durations ms.
 */

/** 03 §3: C Copy, L Load, E Extract, Q Query (INFORMATION_SCHEMA.JOBS job_type; names in BIGQUERY_JOB_TYPES, B243). */
export const BIGQUERY_JOB_TYPE_CODES = ['C', 'L', 'E', 'Q'] as const
export type BigQueryJobType = (typeof BIGQUERY_JOB_TYPE_CODES)[number]

/** 03 §4 BigQuery job statuses: S Success, R Running, F Failed, W Pending. */
export const BIGQUERY_JOB_STATUSES = { S: 'Success', R: 'Running', F: 'Failed', W: 'Pending' } as const
export type BigQueryJobStatus = keyof typeof BIGQUERY_JOB_STATUSES
export const BIGQUERY_JOB_STATUS_CODES = Object.keys(BIGQUERY_JOB_STATUSES) as BigQueryJobStatus[]

/**
 * The pricing a job ran under (the list's pricing filter): on demand (bytes billed at $6.25/TiB) or
 * a reservation of one of the three editions (slot-hours at the edition's rate), DOMAIN.md §2.
 */
export const BIGQUERY_PRICING_PLANS = {
  ON_DEMAND: 'On-demand',
  STANDARD: 'Standard edition',
  ENTERPRISE: 'Enterprise edition',
  ENTERPRISE_PLUS: 'Enterprise Plus edition',
} as const
export type BigQueryPricingPlan = keyof typeof BIGQUERY_PRICING_PLANS
export const BIGQUERY_PRICING_PLAN_KEYS = Object.keys(BIGQUERY_PRICING_PLANS) as BigQueryPricingPlan[]

/**
 * What a job's cost was computed from: bytes billed (on demand, at least 10 MB per query and per
 * table referenced), slot time (editions), or nothing (cache hits and failed queries are free).
 */
export const BIGQUERY_BILLING_TYPES = ['BYTES_BILLED', 'SLOT_TIME', 'NOT_BILLED'] as const
export type BigQueryBillingType = (typeof BIGQUERY_BILLING_TYPES)[number]

/** INFORMATION_SCHEMA.JOBS priority. */
export const BIGQUERY_PRIORITIES = ['INTERACTIVE', 'BATCH'] as const

/**
 * The insights costlens raises on a job (DOMAIN.md §2 inefficiencies). Keys are stable (they go in
 * filters and addresses); titles are what the console shows.
 */
export const BIGQUERY_INSIGHTS = {
  SELECT_STAR: 'SELECT * reads every column',
  NO_PARTITION_FILTER: 'No partition filter on a partitioned table',
  REPEATED_CACHE_MISS: 'Repeated query missed the cache',
  TINY_QUERY_FLOOD: 'Flood of tiny queries billed at the 10 MB minimum',
  CROSS_JOIN: 'Cross or self join multiplies rows',
} as const
export type BigQueryInsightKey = keyof typeof BIGQUERY_INSIGHTS
export const BIGQUERY_INSIGHT_KEYS = Object.keys(BIGQUERY_INSIGHTS) as BigQueryInsightKey[]

/**
 * An insight's bit in a job's insight mask (bq_jobs.insight_mask): its place in BIGQUERY_INSIGHT_KEYS.
 * The seed sets the mask, the job search filters by it and the details read it back.
 */
export const bigQueryInsightBit = (key: BigQueryInsightKey) => 1 << BIGQUERY_INSIGHT_KEYS.indexOf(key)

/** The insights of a mask, in BIGQUERY_INSIGHT_KEYS order. */
export const bigQueryInsightKeysOf = (mask: number): BigQueryInsightKey[] =>
  BIGQUERY_INSIGHT_KEYS.filter((key) => (mask & bigQueryInsightBit(key)) !== 0)

/** Sortable columns of the job list; `sort` is `key-direction` (03 §2), default createTime-desc. */
export const BIGQUERY_JOB_SORT_KEYS = [
  'createTime',
  'endTime',
  'duration',
  'cost',
  'billedBytes',
  'bytesProcessed',
  'slotMs',
  'userName',
  'projectId',
  'status',
  'type',
  'insights',
] as const
export type BigQueryJobSortKey = (typeof BIGQUERY_JOB_SORT_KEYS)[number]
export const BIGQUERY_DEFAULT_JOB_SORT = 'createTime-desc'

/** Sortable columns of the project list, default cost-desc. */
export const BIGQUERY_PROJECT_SORT_KEYS = [
  'projectId',
  'organization',
  'reservation',
  'jobCount',
  'cost',
  'billedBytes',
  'slotMs',
] as const
export type BigQueryProjectSortKey = (typeof BIGQUERY_PROJECT_SORT_KEYS)[number]
export const BIGQUERY_DEFAULT_PROJECT_SORT = 'cost-desc'

/** Lists page by 15 (03 §9) and never past 10,000 rows (page × pageSize, 03 §9 maximum records). */
export const BIGQUERY_PAGE_SIZE = 15
export const BIGQUERY_MAX_WINDOW = 10_000

/** The date presets of the job list, the first (12h) the default (03 §9). */
export const BIGQUERY_DATE_PRESETS = ['12h', '1h', '6h', '1d', '7d', '14d', '30d'] as const

/**
 * Windows: startTime/endTime are ISO instants; a job belongs to a window by its creation time, end
 * inclusive; default the last 12 hours; at most 366 days, else 400. The examples are what the
 * contract suite sends (a past, closed window).
 */
export const BigQueryWindowStartSchema = DateParamString('iso', {
  description: 'ISO-8601 date-time; default 12 hours before endTime',
  examples: ['2026-01-05T00:00:00.000Z'],
})
export const BigQueryWindowEndSchema = DateParamString('iso', {
  description: 'ISO-8601 date-time; default now',
  examples: ['2026-01-06T00:00:00.000Z'],
})

const Names = Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 200 })
const Count = Type.Integer({ minimum: 0 })
const NonNegative = Type.Number({ minimum: 0 })

/** A label (BigQuery's tags): key and value as the job carries them. */
export const BigQueryTagSchema = Type.Object(
  { key: Type.String({ minLength: 1, maxLength: 63 }), value: Type.String({ maxLength: 63 }) },
  { additionalProperties: false, title: 'BigQueryTag' },
)
export type BigQueryTag = Static<typeof BigQueryTagSchema>

/**
 * E163 body (03 §3 "BigQuery job list filters body fields", plus the list's showUnravelJobs, page,
 * pageSize and sort of 03 §2). `id` alone overrides every other filter. filterType running ignores
 * the window, userName, status and the ranges (03 §4); inefficient keeps jobs with any insight (of
 * `insights` when given). Tags: a job matches when it carries any of the pairs. Ranges: durations ms,
 * slot-ms, bytes billed; a bound left out is open. showUnravelJobs (default false) includes the jobs
 * costlens itself ran to read INFORMATION_SCHEMA.
 */
export const BigQueryJobSearchBodySchema = Type.Object(
  {
    filterType: Type.Optional(Type.Enum(BIGQUERY_JOB_LIST_TYPES)),
    startTime: Type.Optional(BigQueryWindowStartSchema),
    endTime: Type.Optional(BigQueryWindowEndSchema),
    projectId: Type.Optional(Names),
    type: Type.Optional(Type.Array(Type.Enum(BIGQUERY_JOB_TYPE_CODES), { maxItems: 4 })),
    userName: Type.Optional(Names),
    status: Type.Optional(Type.Array(Type.Enum(BIGQUERY_JOB_STATUS_CODES), { maxItems: 4 })),
    tags: Type.Optional(Type.Array(BigQueryTagSchema, { maxItems: 50 })),
    insights: Type.Optional(Type.Array(Type.Enum(BIGQUERY_INSIGHT_KEYS), { maxItems: 20 })),
    pricing: Type.Optional(Type.Array(Type.Enum(BIGQUERY_PRICING_PLAN_KEYS), { maxItems: 4 })),
    minDuration: Type.Optional(NonNegative),
    maxDuration: Type.Optional(NonNegative),
    minSlotMs: Type.Optional(NonNegative),
    maxSlotMs: Type.Optional(NonNegative),
    minBilledBytes: Type.Optional(NonNegative),
    maxBilledBytes: Type.Optional(NonNegative),
    signature: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    showUnravelJobs: Type.Optional(Type.Boolean()),
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    sort: Type.Optional(Type.String({ maxLength: 40, description: 'key-direction, e.g. createTime-desc' })),
  },
  { additionalProperties: false, title: 'BigQueryJobSearchBody' },
)
export type BigQueryJobSearchBody = Static<typeof BigQueryJobSearchBodySchema>

/** Average and maximum of a stage's time over the job's stages, ms (03 §3). */
const StageTime = Type.Object({ avg: NonNegative, max: NonNegative }, { additionalProperties: false })

/** 03 §3 BigQuery job: one row of the list, and the head of its details. */
export const BigQueryJobRowSchema = Type.Object(
  {
    id: Type.String({ description: 'the job id, e.g. bquxjob_1a2b3c_18c2f…' }),
    projectId: Type.String(),
    statement: Type.Object(
      {
        short: Type.String({
          description: 'the first 200 characters of the SQL, or a load/extract/copy summary',
        }),
        full: Type.String(),
      },
      { additionalProperties: false },
    ),
    statementType: Type.String({
      description: 'SELECT, INSERT, MERGE, CREATE_TABLE_AS_SELECT, …; empty for non-query jobs',
    }),
    insights: Type.Object({ count: Count }, { additionalProperties: false }),
    type: Type.Enum(BIGQUERY_JOB_TYPE_CODES),
    status: Type.Enum(BIGQUERY_JOB_STATUS_CODES),
    errorMessage: Type.String({ description: "a failed job's error_result message, else empty" }),
    billingType: Type.Enum(BIGQUERY_BILLING_TYPES),
    pricingPlan: Type.Enum(BIGQUERY_PRICING_PLAN_KEYS),
    reservation: Type.Union([Type.String(), Type.Null()], {
      description: 'ADMIN_PROJECT:LOCATION.NAME; null on demand',
    }),
    cost: Type.Number({ minimum: 0, description: 'cents, 4 decimals' }),
    billedBytes: Count,
    bytesProcessed: Count,
    bytesScanned: Count,
    slotMs: Count,
    cacheHit: Type.Boolean(),
    userName: Type.String({ description: 'user email or service account' }),
    createTime: Type.String(),
    startTime: Type.Union([Type.String(), Type.Null()], { description: 'null while pending' }),
    endTime: Type.Union([Type.String(), Type.Null()], { description: 'null while running or pending' }),
    duration: Type.Integer({ minimum: 0, description: 'ms from creation to end (so far, when not ended)' }),
    priority: Type.Enum(BIGQUERY_PRIORITIES),
    location: Type.String({ description: 'US, EU or a region' }),
    rowsAffected: Count,
    bytes: Type.Object({ shuffled: Count, spilledToDisk: Count }, { additionalProperties: false }),
    records: Type.Object({ read: Count, written: Count }, { additionalProperties: false }),
    waitTime: StageTime,
    readTime: StageTime,
    computeTime: StageTime,
    writeTime: StageTime,
    tags: Type.Array(BigQueryTagSchema),
    dataset: Type.Union([Type.String(), Type.Null()], {
      description: 'the destination dataset, project.dataset',
    }),
    dataSources: Type.Array(Type.String(), { description: 'tables read, project.dataset.table' }),
    destinationUri: Type.Union([Type.String(), Type.Null()], { description: "an extract job's gs:// URI" }),
    destinationFileCount: Count,
    signature: Type.String({ description: 'the hash repeated statements share' }),
    executedByUnravel: Type.Boolean({ description: 'run by costlens itself (shown with showUnravelJobs)' }),
  },
  { additionalProperties: false, title: 'BigQueryJobRow' },
)
export type BigQueryJobRow = Static<typeof BigQueryJobRowSchema>

/** E163 answer: the page and the window's totals over every matching job (not only the page). */
export const BigQueryJobSearchResponseSchema = Type.Object(
  {
    total: Count,
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
    totals: Type.Object(
      {
        cost: Type.Number({ minimum: 0, description: 'cents, 4 decimals' }),
        billedBytes: Count,
        slotMs: Count,
      },
      { additionalProperties: false },
    ),
    results: Type.Array(BigQueryJobRowSchema),
  },
  { additionalProperties: false, title: 'BigQueryJobSearchResponse' },
)
export type BigQueryJobSearchResponse = Static<typeof BigQueryJobSearchResponseSchema>

/** E164 params: the window and list type the options are counted over. */
export const BigQueryJobMetadataQuerySchema = Type.Object(
  {
    startTime: Type.Optional(BigQueryWindowStartSchema),
    endTime: Type.Optional(BigQueryWindowEndSchema),
    filterType: Type.Optional(Type.Enum(BIGQUERY_JOB_LIST_TYPES)),
    showUnravelJobs: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, title: 'BigQueryJobMetadataQuery' },
)
export type BigQueryJobMetadataQuery = Static<typeof BigQueryJobMetadataQuerySchema>

const Bounds = Type.Object({ min: Type.Number(), max: Type.Number() }, { additionalProperties: false })
const option = <T extends Record<string, ReturnType<typeof Type.String>>>(key: T) =>
  Type.Array(Type.Object({ ...key, count: Count }, { additionalProperties: false }))

/**
 * E164 (03 §4 BigQuery job list): each option with its count of jobs in the window, most first; the
 * ranges of duration (ms), slot-ms and bytes billed over them (a range filter equal to the full range
 * is cleared by the client). Options of every insight and pricing plan are listed even at count 0
 * (both filters start with every option selected).
 */
export const BigQueryJobMetadataSchema = Type.Object(
  {
    projects: option({ projectId: Type.String() }),
    users: option({ userName: Type.String() }),
    types: option({ type: Type.String() }),
    statuses: option({ status: Type.String() }),
    insights: option({ name: Type.String() }),
    pricing: option({ pricing: Type.String() }),
    tags: Type.Array(
      Type.Object(
        { key: Type.String(), values: option({ value: Type.String() }) },
        { additionalProperties: false },
      ),
    ),
    duration: Bounds,
    slotMs: Bounds,
    billedBytes: Bounds,
  },
  { additionalProperties: false, title: 'BigQueryJobMetadata' },
)
export type BigQueryJobMetadata = Static<typeof BigQueryJobMetadataSchema>

export const BigQueryJobParamsSchema = Type.Object(
  { jobId: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false, title: 'BigQueryJobParams' },
)
export type BigQueryJobParams = Static<typeof BigQueryJobParamsSchema>

/** One insight raised on a job: what was seen, what to do, and the saving, never above the job's cost. */
export const BigQueryInsightSchema = Type.Object(
  {
    key: Type.Enum(BIGQUERY_INSIGHT_KEYS),
    name: Type.String(),
    category: Type.String({ description: '03 §2 insight category code: RE, EF, AF, SE, NA' }),
    description: Type.String(),
    recommendation: Type.String(),
    estimatedSavingCents: Type.Number({
      minimum: 0,
      description: "cents, 4 decimals, at most the job's cost",
    }),
  },
  { additionalProperties: false, title: 'BigQueryInsight' },
)
export type BigQueryInsight = Static<typeof BigQueryInsightSchema>

/** How the job's cost was computed, said in numbers and in a sentence the details page shows. */
export const BigQueryCostBasisSchema = Type.Object(
  {
    billingType: Type.Enum(BIGQUERY_BILLING_TYPES),
    usdPerTiB: Type.Union([Type.Number(), Type.Null()], { description: 'on demand: 6.25' }),
    usdPerSlotHour: Type.Union([Type.Number(), Type.Null()], {
      description: "editions: the reservation's rate",
    }),
    minimumApplied: Type.Boolean({ description: 'billed at the 10 MB minimum per query and per table' }),
    text: Type.String(),
  },
  { additionalProperties: false, title: 'BigQueryCostBasis' },
)
export type BigQueryCostBasis = Static<typeof BigQueryCostBasisSchema>

/** A table a job read or wrote (the details' tables read and written). */
export const BigQueryTableRefSchema = Type.Object(
  {
    table: Type.String({ description: 'project.dataset.table' }),
    partitioned: Type.Boolean(),
    clustered: Type.Boolean(),
    storageBytes: Count,
    rows: Count,
  },
  { additionalProperties: false, title: 'BigQueryTableRef' },
)
export type BigQueryTableRef = Static<typeof BigQueryTableRefSchema>

/** The reservation a job ran in (null on demand). */
export const BigQueryReservationSchema = Type.Object(
  {
    reservationId: Type.String(),
    edition: Type.Enum(['STANDARD', 'ENTERPRISE', 'ENTERPRISE_PLUS'] as const),
    slotCapacity: Type.Integer({ minimum: 0, description: 'baseline slots' }),
    maxSlots: Type.Integer({ minimum: 0, description: 'autoscaling maximum' }),
    commitment: Type.Enum(['NONE', 'ANNUAL', 'THREE_YEAR'] as const),
    usdPerSlotHour: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: false, title: 'BigQueryReservation' },
)
export type BigQueryReservation = Static<typeof BigQueryReservationSchema>

/** E167: the row plus what the details page shows (the statement, timing, cost basis, insights, tables). */
export const BigQueryJobDetailsSchema = Type.Object(
  {
    job: BigQueryJobRowSchema,
    costBasis: BigQueryCostBasisSchema,
    reservation: Type.Union([BigQueryReservationSchema, Type.Null()]),
    insights: Type.Array(BigQueryInsightSchema),
    totalSavingCents: Type.Number({
      minimum: 0,
      description: "the fixes overlap, so the total is at most the job's cost; cents, 4 decimals",
    }),
    tablesRead: Type.Array(BigQueryTableRefSchema),
    tablesWritten: Type.Array(BigQueryTableRefSchema),
    signatureRuns: Type.Integer({
      minimum: 1,
      description: 'jobs with the same signature in the last 7 days',
    }),
  },
  { additionalProperties: false, title: 'BigQueryJobDetails' },
)
export type BigQueryJobDetails = Static<typeof BigQueryJobDetailsSchema>

// ---------------------------------------------------------------- projects (E165, E166)

/**
 * E165 params (03 §2 BigQuery project list: its state is organization, reservation, page, pageSize
 * and sort key-direction). The figures cover the last 30 days (29 whole UTC days and today to now):
 * the spec's state has no window.
 */
export const BigQueryProjectListQuerySchema = Type.Object(
  {
    organization: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    reservation: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: "a reservation id, or 'on-demand'" }),
    ),
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    sort: Type.Optional(Type.String({ maxLength: 40, description: 'key-direction, default cost-desc' })),
  },
  { additionalProperties: false, title: 'BigQueryProjectListQuery' },
)
export type BigQueryProjectListQuery = Static<typeof BigQueryProjectListQuerySchema>

export const BigQueryProjectRowSchema = Type.Object(
  {
    projectId: Type.String(),
    projectName: Type.String(),
    projectNumber: Type.String({ description: 'a 12-digit number, as a string' }),
    organization: Type.String(),
    location: Type.String(),
    pricingPlan: Type.Enum(BIGQUERY_PRICING_PLAN_KEYS),
    reservation: Type.Union([BigQueryReservationSchema, Type.Null()]),
    jobCount: Count,
    cost: Type.Number({ minimum: 0, description: 'cents, 4 decimals, last 30 days' }),
    billedBytes: Count,
    slotMs: Count,
    inefficientJobCount: Count,
  },
  { additionalProperties: false, title: 'BigQueryProjectRow' },
)
export type BigQueryProjectRow = Static<typeof BigQueryProjectRowSchema>

export const BigQueryProjectListSchema = Type.Object(
  {
    total: Count,
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
    startTime: Type.String({ description: 'the 30-day window the figures cover, ISO' }),
    endTime: Type.String(),
    results: Type.Array(BigQueryProjectRowSchema),
  },
  { additionalProperties: false, title: 'BigQueryProjectList' },
)
export type BigQueryProjectList = Static<typeof BigQueryProjectListSchema>

/** E166 (03 §2): the project list's filter options with their project counts. */
export const BigQueryProjectMetadataSchema = Type.Object(
  {
    organizations: option({ organization: Type.String() }),
    reservations: option({ reservationId: Type.String() }),
  },
  { additionalProperties: false, title: 'BigQueryProjectMetadata' },
)
export type BigQueryProjectMetadata = Static<typeof BigQueryProjectMetadataSchema>
