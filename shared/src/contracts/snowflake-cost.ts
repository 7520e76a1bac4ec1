import { Type, type Static } from 'typebox'
import { DateParamString } from './dates.ts'
import { SnowflakeIntervalFields, SnowflakePointSchema, SnowflakeWindowEndSchema } from './snowflake.ts'

/*
 * Snowflake cost (03 §2 /cost/osd_cost_overview, osd_cost_users, osd_cost_warehouses,
 * osd_cost_queries, osd_tags). The spec shows none of these calls, so costlens defines them (G01):
 * GETs under /api/v1/snowflake/cost (`snowflakeEndpoints`). Every figure is the sum of the queries that
 * started in the window, so it matches the query list: cost USD and usage credits, 4 decimals.
 * Rows are most cost first (ties by name); `share` is the row's percent of the window's cost.
 */

/** The most breakdown rows a cost call answers. */
export const SNOWFLAKE_COST_MAX_ROWS = 500

/** The cost calls' params: the window (default the last 30 days: 29 whole UTC days and today). */
export const SnowflakeCostQuerySchema = Type.Object(
  {
    startTime: Type.Optional(
      DateParamString('iso', {
        description:
          "ISO-8601 date-time; default 29 days before the start of today (UTC); at most 366 days before endTime (the cost picker's longest span), else 400",
        examples: ['2026-01-05T00:00:00.000Z'],
      }),
    ),
    endTime: Type.Optional(SnowflakeWindowEndSchema),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: SNOWFLAKE_COST_MAX_ROWS,
        default: 100,
        description: 'breakdown rows at most (the totals count every row)',
      }),
    ),
  },
  { additionalProperties: false, title: 'SnowflakeCostQuery' },
)
export type SnowflakeCostQuery = Static<typeof SnowflakeCostQuerySchema>

/** The totals of a set of queries. */
export const SnowflakeCostTotalsSchema = Type.Object(
  {
    cost: Type.Number({ minimum: 0, description: 'USD, 4 decimals' }),
    credits: Type.Number({ minimum: 0, description: 'credits, 4 decimals' }),
    queryCount: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false, title: 'SnowflakeCostTotals' },
)
export type SnowflakeCostTotals = Static<typeof SnowflakeCostTotalsSchema>

/** One breakdown row: a user, a warehouse or a query tag ('' for queries without a tag). */
export const SnowflakeCostRowSchema = Type.Object(
  {
    id: Type.String({ description: 'userName, warehouseUid or queryTag' }),
    name: Type.String({ description: 'what the console shows' }),
    ...SnowflakeCostTotalsSchema.properties,
    share: Type.Number({ minimum: 0, maximum: 100, description: "percent of the window's cost, 2 decimals" }),
  },
  { additionalProperties: false, title: 'SnowflakeCostRow' },
)
export type SnowflakeCostRow = Static<typeof SnowflakeCostRowSchema>

/** A named cost series (USD per point), as Highcharts takes it. */
export const SnowflakeCostSeriesSchema = Type.Object(
  { id: Type.String(), name: Type.String(), data: Type.Array(SnowflakePointSchema) },
  { additionalProperties: false, title: 'SnowflakeCostSeries' },
)
export type SnowflakeCostSeries = Static<typeof SnowflakeCostSeriesSchema>

const WindowFields = {
  startTime: Type.String({ description: 'the window used, ISO' }),
  endTime: Type.String(),
  ...SnowflakeIntervalFields,
}

/**
 * GET costOverview: the window's totals against the period of the same length just before it
 * (`previous`: [startTime - length, startTime), length = endTime - startTime + 1 ms).
 */
export const SnowflakeCostOverviewSchema = Type.Object(
  {
    ...WindowFields,
    total: SnowflakeCostTotalsSchema,
    previous: SnowflakeCostTotalsSchema,
    changePercent: Type.Union([Type.Number(), Type.Null()], {
      description: 'cost against the previous period, 2 decimals; null when that cost was 0',
    }),
    trend: Type.Array(SnowflakePointSchema, { description: 'cost USD per point' }),
    creditsTrend: Type.Array(SnowflakePointSchema, { description: 'credits per point' }),
    topWarehouses: Type.Array(SnowflakeCostRowSchema, { description: 'the 5 costliest' }),
    topUsers: Type.Array(SnowflakeCostRowSchema, { description: 'the 5 costliest' }),
  },
  { additionalProperties: false, title: 'SnowflakeCostOverview' },
)
export type SnowflakeCostOverview = Static<typeof SnowflakeCostOverviewSchema>

/**
 * GET costUsers, costWarehouses, costTags: the window's totals, its rows, the window's cost per
 * point (`trend`) and a cost series for each of the 5 costliest rows (`series`).
 */
export const SnowflakeCostBreakdownSchema = Type.Object(
  {
    ...WindowFields,
    total: SnowflakeCostTotalsSchema,
    rows: Type.Array(SnowflakeCostRowSchema),
    trend: Type.Array(SnowflakePointSchema, { description: 'cost USD per point' }),
    series: Type.Array(SnowflakeCostSeriesSchema),
  },
  { additionalProperties: false, title: 'SnowflakeCostBreakdown' },
)
export type SnowflakeCostBreakdown = Static<typeof SnowflakeCostBreakdownSchema>

/** One signature of costQueries: the queries that share its parameterized text. */
export const SnowflakeCostQueryRowSchema = Type.Object(
  {
    signature: Type.String(),
    sqlShort: Type.String({ description: 'the first 200 characters of one of its queries' }),
    queryType: Type.String(),
    sampleQueryId: Type.String({
      description: 'one of its queries in the window (the latest to start), for the details page',
    }),
    userName: Type.String({ description: "the sample query's user" }),
    warehouseName: Type.String({ description: "the sample query's warehouse" }),
    ...SnowflakeCostTotalsSchema.properties,
    avgDuration: Type.Integer({ minimum: 0, description: 'ms' }),
    share: Type.Number({ minimum: 0, maximum: 100 }),
  },
  { additionalProperties: false, title: 'SnowflakeCostQueryRow' },
)
export type SnowflakeCostQueryRow = Static<typeof SnowflakeCostQueryRowSchema>

/** GET costQueries: the costliest signatures. */
export const SnowflakeCostQueriesSchema = Type.Object(
  {
    ...WindowFields,
    total: SnowflakeCostTotalsSchema,
    rows: Type.Array(SnowflakeCostQueryRowSchema),
    trend: Type.Array(SnowflakePointSchema, { description: 'cost USD per point' }),
  },
  { additionalProperties: false, title: 'SnowflakeCostQueries' },
)
export type SnowflakeCostQueries = Static<typeof SnowflakeCostQueriesSchema>
