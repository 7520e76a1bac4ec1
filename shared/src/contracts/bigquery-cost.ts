import { Type, type Static } from 'typebox'
import { BIGQUERY_JOB_TYPE_CODES, BigQueryWindowEndSchema } from './bigquery.ts'
import { DateParamString } from './dates.ts'

/*
 * BigQuery cost (03 §2 BIGQUERYV2 /cost/osd_cost360, osd_topk, osd_tags; admin only, 01 §6). The
 * spec shows none of these calls, so costlens defines them (G01): GETs under /api/v1/bigquery/cost
 * (`bigqueryEndpoints`). Every figure sums the jobs created in the window (every job, costlens' own
 * INFORMATION_SCHEMA reads too: they are billed), so a total equals the job list's with
 * showUnravelJobs and the BigQuery chargeback's (bqcb) for the same window. Cost in cents, 4
 * decimals (03 §9: shown in USD); bytes billed as integers; slot time in slot-milliseconds.
 */

/** The default window of the cost calls: the cost picker's first range (03 §9), 7 days to now. */
export const BIGQUERY_COST_DEFAULT_DAYS = 7
/** Top K: K from 5 to 50, 10 by default. */
export const BIGQUERY_TOPK = { min: 5, max: 50, default: 10 } as const
/** The most rows a breakdown of Cost 360 answers (the totals count every row). */
export const BIGQUERY_COST_MAX_ROWS = 500

export const WindowParams = {
  startTime: Type.Optional(
    DateParamString('iso', {
      description:
        'ISO-8601 date-time; default 7 days before endTime; at most 366 days before endTime, else 400',
      examples: ['2026-01-05T00:00:00.000Z'],
    }),
  ),
  endTime: Type.Optional(BigQueryWindowEndSchema),
}

/** Cost 360's params: the window and the rows a breakdown holds at most. */
export const BigQueryCostQuerySchema = Type.Object(
  {
    ...WindowParams,
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: BIGQUERY_COST_MAX_ROWS,
        default: 100,
        description: 'rows of each breakdown at most (the totals count every job)',
      }),
    ),
  },
  { additionalProperties: false, title: 'BigQueryCostQuery' },
)
export type BigQueryCostQuery = Static<typeof BigQueryCostQuerySchema>

/** Top K's params: the window and K. */
export const BigQueryTopKQuerySchema = Type.Object(
  {
    ...WindowParams,
    k: Type.Optional(
      Type.Integer({
        minimum: BIGQUERY_TOPK.min,
        maximum: BIGQUERY_TOPK.max,
        default: BIGQUERY_TOPK.default,
        description: 'rows of each ranking',
      }),
    ),
  },
  { additionalProperties: false, title: 'BigQueryTopKQuery' },
)
export type BigQueryTopKQuery = Static<typeof BigQueryTopKQuerySchema>

/** The tags call's params: the window and the label key whose values to break down. */
export const BigQueryCostTagsQuerySchema = Type.Object(
  {
    ...WindowParams,
    key: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 63,
        description: "a label key; default the key carried by the most cost (BigQuery's key limit: 63)",
      }),
    ),
  },
  { additionalProperties: false, title: 'BigQueryCostTagsQuery' },
)
export type BigQueryCostTagsQuery = Static<typeof BigQueryCostTagsQuerySchema>

const Count = Type.Integer({ minimum: 0 })
const Cents = Type.Number({ minimum: 0, description: 'cents, 4 decimals' })
const Share = Type.Number({
  minimum: 0,
  maximum: 100,
  description: "percent of the window's cost, 2 decimals",
})
const Change = Type.Union([Type.Number(), Type.Null()], {
  description: 'percent against the period before, 2 decimals; null when that cost was 0',
})

/** The sums of a set of jobs. */
export const BigQueryCostTotalsSchema = Type.Object(
  { cost: Cents, jobCount: Count, billedBytes: Count, slotMs: Count },
  { additionalProperties: false, title: 'BigQueryCostTotals' },
)
export type BigQueryCostTotals = Static<typeof BigQueryCostTotalsSchema>

/** One row of a breakdown: a project, a user, a reservation ('on-demand' too) or a job type. */
export const BigQueryCostRowSchema = Type.Object(
  {
    id: Type.String({ description: "projectId, user email, reservation id ('on-demand') or job type code" }),
    name: Type.String({ description: 'what the console shows' }),
    ...BigQueryCostTotalsSchema.properties,
    share: Share,
    previousCost: Cents,
    changePercent: Change,
  },
  { additionalProperties: false, title: 'BigQueryCostRow' },
)
export type BigQueryCostRow = Static<typeof BigQueryCostRowSchema>

/** A job type's cost per point, [shown epoch ms, cents], as Highcharts takes it. */
export const BigQueryCostSeriesSchema = Type.Object(
  {
    id: Type.Enum(BIGQUERY_JOB_TYPE_CODES),
    name: Type.String(),
    data: Type.Array(Type.Tuple([Type.Number(), Type.Number()])),
  },
  { additionalProperties: false, title: 'BigQueryCostSeries' },
)
export type BigQueryCostSeries = Static<typeof BigQueryCostSeriesSchema>

export const WindowFields = {
  startTime: Type.String({ description: 'the window used, ISO' }),
  endTime: Type.String(),
}

/**
 * GET costOverview (Cost 360): the window's totals against the period of the same length just
 * before it, the cost per point by job type, and the spend by project, user, reservation (on demand
 * its own row) and job type, each with its share and its cost in the period before.
 */
export const BigQueryCostOverviewSchema = Type.Object(
  {
    ...WindowFields,
    previousStartTime: Type.String(),
    previousEndTime: Type.String(),
    pointInterval: Type.Enum(['hour', 'day'] as const, {
      description:
        "hour for windows of a day or less; else day: a point per seeded day, moved by the data's read-time shift",
    }),
    total: BigQueryCostTotalsSchema,
    previous: BigQueryCostTotalsSchema,
    changePercent: Change,
    trend: Type.Array(BigQueryCostSeriesSchema, { description: 'cost per point of each job type with jobs' }),
    projects: Type.Array(BigQueryCostRowSchema),
    users: Type.Array(BigQueryCostRowSchema),
    reservations: Type.Array(BigQueryCostRowSchema),
    jobTypes: Type.Array(BigQueryCostRowSchema),
  },
  { additionalProperties: false, title: 'BigQueryCostOverview' },
)
export type BigQueryCostOverview = Static<typeof BigQueryCostOverviewSchema>

/** A ranked row of Top K: what the console shows and links to, with its sums and share. */
export const BigQueryTopRowSchema = Type.Object(
  {
    id: Type.String({ description: 'projectId, user email, statement id or signature' }),
    name: Type.String(),
    ...BigQueryCostTotalsSchema.properties,
    share: Share,
    signature: Type.String({
      description: "a statement's or signature's signature; '' for projects and users",
    }),
    sqlShort: Type.String({ description: "a statement's first 200 characters (its latest job's); '' else" }),
    sampleJobId: Type.String({ description: "the latest job of a statement in the window; '' else" }),
  },
  { additionalProperties: false, title: 'BigQueryTopRow' },
)
export type BigQueryTopRow = Static<typeof BigQueryTopRowSchema>

/** GET costTopK: the K costliest projects, users, statements and signatures of the window. */
export const BigQueryTopKSchema = Type.Object(
  {
    ...WindowFields,
    k: Type.Integer(),
    total: BigQueryCostTotalsSchema,
    projects: Type.Array(BigQueryTopRowSchema),
    users: Type.Array(BigQueryTopRowSchema),
    statements: Type.Array(BigQueryTopRowSchema),
    signatures: Type.Array(BigQueryTopRowSchema),
  },
  { additionalProperties: false, title: 'BigQueryTopK' },
)
export type BigQueryTopK = Static<typeof BigQueryTopKSchema>

/** A label key, or a value of the chosen key (untagged: the jobs without it, value ''). */
export const BigQueryTagCostRowSchema = Type.Object(
  {
    id: Type.String({ description: "the key or value; '' for the untagged row" }),
    name: Type.String({ description: "'(untagged)' for the untagged row" }),
    ...BigQueryCostTotalsSchema.properties,
    share: Share,
  },
  { additionalProperties: false, title: 'BigQueryTagCostRow' },
)
export type BigQueryTagCostRow = Static<typeof BigQueryTagCostRowSchema>

/**
 * GET costTags: the cost by label key (a job counts under every key it carries, so key shares may
 * add past 100; the jobs without any label as the untagged row) and by value of one key (each job
 * once: its value, or the untagged row when it lacks the key, so these shares add to 100).
 */
export const BigQueryCostTagsSchema = Type.Object(
  {
    ...WindowFields,
    total: BigQueryCostTotalsSchema,
    keys: Type.Array(BigQueryTagCostRowSchema, { description: 'most cost first, the untagged row last' }),
    key: Type.String({ description: "the key broken down by value; '' when no job carries a label" }),
    values: Type.Array(BigQueryTagCostRowSchema, { description: 'most cost first, the untagged row last' }),
  },
  { additionalProperties: false, title: 'BigQueryCostTags' },
)
export type BigQueryCostTags = Static<typeof BigQueryCostTagsSchema>
