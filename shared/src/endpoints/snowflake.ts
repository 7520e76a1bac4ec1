import {
  SnowflakeCostBreakdownSchema,
  SnowflakeCostOverviewSchema,
  SnowflakeCostQueriesSchema,
  SnowflakeCostQuerySchema,
} from '../contracts/snowflake-cost.ts'
import {
  SnowflakeQueryDetailsSchema,
  SnowflakeQueryMetadataQuerySchema,
  SnowflakeQueryMetadataSchema,
  SnowflakeQueryParamsSchema,
  SnowflakeQuerySearchBodySchema,
  SnowflakeQuerySearchResponseSchema,
  SnowflakeWarehouseDetailsSchema,
  SnowflakeWarehouseListSchema,
  SnowflakeWarehouseParamsSchema,
  SnowflakeWindowQuerySchema,
} from '../contracts/snowflake.ts'
import { defineEndpoint, defineEndpoints } from './endpoint.ts'

/*
 * The Snowflake calls (03 §2, §7; E158-E162 and the cost pages). The spec shows neither their paths
 * nor their verbs, so costlens chose them under /api/v1/snowflake (G01); the list takes a filters
 * body, so it is a POST (G02). Snowflake data is for users of a Snowflake install only (01 §1).
 */
const snowflake = { platforms: ['SNOWFLAKE'] } as const
const tags = ['snowflake'] as const

const COST_WINDOW =
  'Queries that started in [startTime, endTime] (ISO; default the last 30 days: 29 whole UTC days before ' +
  'today, and today to now; at most 366 days, else 400), summed in SQL, so totals match the query list for the ' +
  "same window. Cost USD and credits to 4 decimals; series points [epoch ms, value] at the span's point interval."

const costBreakdown = (path: string, dim: string, specId: string, rows: string) =>
  defineEndpoint({
    method: 'GET',
    path,
    specIds: [specId],
    pathIsOurs: true,
    tags,
    access: snowflake,
    summary: `Snowflake cost by ${dim}: totals, rows most cost first, the trend and the 5 costliest's series`,
    description:
      `${COST_WINDOW} Rows: the ${rows} with queries in the window, most cost first (ties by name), ` +
      "at most limit (default 100); share is the percent of the window's cost. series: the 5 costliest.",
    querystring: SnowflakeCostQuerySchema,
    response: SnowflakeCostBreakdownSchema,
  })

export const snowflakeEndpoints = defineEndpoints({
  querySearch: {
    method: 'POST',
    path: '/api/v1/snowflake/queries/search',
    specIds: ['E158'],
    pathIsOurs: true,
    tags,
    access: snowflake,
    summary: 'Snowflake queries: a page of the queries that match the filters (or the one with the id)',
    description:
      'Queries that started in [startTime, endTime] (ISO; default the start of today (UTC) to now). `id` alone ' +
      'overrides every other filter. page (1-based) × pageSize (default 15) at most 10,000; sort key-direction, ' +
      'default cost-desc. Insights filter: queries carrying any of the keys (or titles).',
    body: SnowflakeQuerySearchBodySchema,
    response: SnowflakeQuerySearchResponseSchema,
  },
  queryMetadata: {
    method: 'GET',
    path: '/api/v1/snowflake/queries/metadata',
    specIds: ['E159'],
    pathIsOurs: true,
    tags,
    access: snowflake,
    summary:
      "Snowflake queries' filter options with their counts in the window, and the cost and duration ranges",
    querystring: SnowflakeQueryMetadataQuerySchema,
    response: SnowflakeQueryMetadataSchema,
  },
  queryDetails: {
    method: 'GET',
    path: '/api/v1/snowflake/queries/{queryUid}',
    specIds: ['E160'],
    pathIsOurs: true,
    tags,
    access: snowflake,
    summary: 'One Snowflake query with the data of its details tabs',
    params: SnowflakeQueryParamsSchema,
    response: SnowflakeQueryDetailsSchema,
    errors: [404],
  },
  warehouses: {
    method: 'GET',
    path: '/api/v1/snowflake/warehouses',
    specIds: ['E161'],
    pathIsOurs: true,
    tags,
    access: snowflake,
    summary: 'Snowflake warehouses with their state now and their usage in the window, most cost first',
    description:
      'Usage from the queries that started in [startTime, endTime] (default the start of today (UTC) to now).',
    querystring: SnowflakeWindowQuerySchema,
    response: SnowflakeWarehouseListSchema,
  },
  warehouseDetails: {
    method: 'GET',
    path: '/api/v1/snowflake/warehouses/{warehouseUid}',
    specIds: ['E162'],
    pathIsOurs: true,
    tags,
    access: snowflake,
    summary: "One Snowflake warehouse's usage in the window, with its series at the span's point interval",
    params: SnowflakeWarehouseParamsSchema,
    querystring: SnowflakeWindowQuerySchema,
    response: SnowflakeWarehouseDetailsSchema,
    errors: [404],
  },
  // The cost pages' calls (03 §2 /cost/…): the catalogue has no endpoint for them, so each cites the
  // screen it serves.
  costOverview: {
    method: 'GET',
    path: '/api/v1/snowflake/cost/overview',
    specIds: ['R122'],
    pathIsOurs: true,
    tags,
    access: snowflake,
    summary:
      "Snowflake cost overview: the window's cost against the period before, trends, top warehouses and users",
    description:
      `${COST_WINDOW} previous: the same length just before the window; changePercent is null when the previous ` +
      'cost is 0. topWarehouses and topUsers: the 5 costliest (limit is not used).',
    querystring: SnowflakeCostQuerySchema,
    response: SnowflakeCostOverviewSchema,
  },
  costUsers: costBreakdown('/api/v1/snowflake/cost/users', 'user', 'R123', 'users (id and name: userName)'),
  costWarehouses: costBreakdown(
    '/api/v1/snowflake/cost/warehouses',
    'warehouse',
    'R124',
    'warehouses (id: warehouseUid, name: the warehouse name)',
  ),
  costTags: costBreakdown(
    '/api/v1/snowflake/cost/tags',
    'tag',
    'R126',
    "query tags (id: queryTag; '' with name '(no tag)' for queries without one)",
  ),
  costQueries: {
    method: 'GET',
    path: '/api/v1/snowflake/cost/queries',
    specIds: ['R125'],
    pathIsOurs: true,
    tags,
    access: snowflake,
    summary: 'Snowflake cost by query signature, most cost first, each with a sample query',
    description:
      `${COST_WINDOW} Rows: the signatures (query_parameterized_hash) with queries in the window, most cost ` +
      'first, at most limit (default 100); the sample is the latest query of the signature in the window; ' +
      'avgDuration in ms over its queries.',
    querystring: SnowflakeCostQuerySchema,
    response: SnowflakeCostQueriesSchema,
  },
})
