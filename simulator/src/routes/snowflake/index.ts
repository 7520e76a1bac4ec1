import {
  ErrorSchema,
  SNOWFLAKE_PATHS,
  SnowflakeCostBreakdownSchema,
  SnowflakeCostOverviewSchema,
  SnowflakeCostQueriesSchema,
  SnowflakeCostQuerySchema,
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
  type SnowflakeCostQuery,
  type SnowflakeWindowQuery,
  type SnowflakeQueryMetadataQuery,
  type SnowflakeQuerySearchBody,
} from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { costBreakdown, costOverview, costQueries } from '../../db/repositories/snowflake-cost.ts'
import { queryDetails, queryMetadata, searchQueries } from '../../db/repositories/snowflake-queries.ts'
import { listWarehouses, warehouseDetails } from '../../db/repositories/snowflake-warehouses.ts'
import { declareAccess } from '../../plugins/auth.ts'

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema }

/** `{x}` path parameters as Fastify writes them (`:x`). */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1')

export async function snowflakeRoutes(app: AppInstance) {
  // Snowflake data is for users of a Snowflake install only (the cluster type chooses the product,
  // 01 §1). Registered as its own plugin, so this declares every route below and no route elsewhere.
  declareAccess(app, { platforms: ['SNOWFLAKE'] })
  app.post(
    SNOWFLAKE_PATHS.querySearch,
    {
      schema: {
        tags: ['snowflake'],
        summary: 'Snowflake queries: a page of the queries that match the filters (or the one with the id)',
        description:
          'Queries that started in [startTime, endTime] (ISO; default the start of today (UTC) to now). `id` alone ' +
          'overrides every other filter. page (1-based) × pageSize (default 15) at most 10,000; sort key-direction, ' +
          'default cost-desc. Insights filter: queries carrying any of the keys (or titles).',
        body: SnowflakeQuerySearchBodySchema,
        response: { 200: SnowflakeQuerySearchResponseSchema, ...errors },
        'x-spec-ids': ['E158'],
      },
    },
    async (request) => searchQueries(app.db, request.body as SnowflakeQuerySearchBody, app.clock.now()),
  )
  app.get(
    SNOWFLAKE_PATHS.queryMetadata,
    {
      schema: {
        tags: ['snowflake'],
        summary:
          "Snowflake queries' filter options with their counts in the window, and the cost and duration ranges",
        querystring: SnowflakeQueryMetadataQuerySchema,
        response: { 200: SnowflakeQueryMetadataSchema, ...errors },
        'x-spec-ids': ['E159'],
      },
    },
    async (request) => queryMetadata(app.db, request.query as SnowflakeQueryMetadataQuery, app.clock.now()),
  )
  app.get(
    fastifyPath(SNOWFLAKE_PATHS.queryDetails),
    {
      schema: {
        tags: ['snowflake'],
        summary: 'One Snowflake query with the data of its details tabs',
        params: SnowflakeQueryParamsSchema,
        response: { 200: SnowflakeQueryDetailsSchema, 404: ErrorSchema, ...errors },
        'x-spec-ids': ['E160'],
      },
    },
    async (request) =>
      queryDetails(app.db, (request.params as { queryUid: string }).queryUid, app.clock.now()),
  )
  app.get(
    SNOWFLAKE_PATHS.warehouses,
    {
      schema: {
        tags: ['snowflake'],
        summary: 'Snowflake warehouses with their state now and their usage in the window, most cost first',
        description:
          'Usage from the queries that started in [startTime, endTime] (default the start of today (UTC) to now).',
        querystring: SnowflakeWindowQuerySchema,
        response: { 200: SnowflakeWarehouseListSchema, ...errors },
        'x-spec-ids': ['E161'],
      },
    },
    async (request) => listWarehouses(app.db, request.query as SnowflakeWindowQuery, app.clock.now()),
  )
  app.get(
    fastifyPath(SNOWFLAKE_PATHS.warehouseDetails),
    {
      schema: {
        tags: ['snowflake'],
        summary:
          "One Snowflake warehouse's usage in the window, with its series at the span's point interval",
        params: SnowflakeWarehouseParamsSchema,
        querystring: SnowflakeWindowQuerySchema,
        response: { 200: SnowflakeWarehouseDetailsSchema, 404: ErrorSchema, ...errors },
        'x-spec-ids': ['E162'],
      },
    },
    async (request) =>
      warehouseDetails(
        app.db,
        (request.params as { warehouseUid: string }).warehouseUid,
        request.query as SnowflakeWindowQuery,
        app.clock.now(),
      ),
  )

  // The cost pages' calls (03 §2 /cost/…): the catalogue has no endpoint for them, so each cites the
  // screen it serves.
  const costWindow =
    'Queries that started in [startTime, endTime] (ISO; default the last 30 days: 29 whole UTC days before ' +
    'today, and today to now; at most 366 days, else 400), summed in SQL, so totals match the query list for the ' +
    "same window. Cost USD and credits to 4 decimals; series points [epoch ms, value] at the span's point interval."
  const breakdowns = [
    ['costUsers', 'user', 'R123', 'users (id and name: userName)'],
    ['costWarehouses', 'warehouse', 'R124', 'warehouses (id: warehouseUid, name: the warehouse name)'],
    ['costTags', 'tag', 'R126', "query tags (id: queryTag; '' with name '(no tag)' for queries without one)"],
  ] as const
  app.get(
    SNOWFLAKE_PATHS.costOverview,
    {
      schema: {
        tags: ['snowflake'],
        summary:
          "Snowflake cost overview: the window's cost against the period before, trends, top warehouses and users",
        description:
          `${costWindow} previous: the same length just before the window; changePercent is null when the previous ` +
          'cost is 0. topWarehouses and topUsers: the 5 costliest (limit is not used).',
        querystring: SnowflakeCostQuerySchema,
        response: { 200: SnowflakeCostOverviewSchema, ...errors },
        'x-spec-ids': ['R122'],
      },
    },
    async (request) => costOverview(app.db, request.query as SnowflakeCostQuery, app.clock.now()),
  )
  for (const [call, dim, specId, rows] of breakdowns)
    app.get(
      SNOWFLAKE_PATHS[call],
      {
        schema: {
          tags: ['snowflake'],
          summary: `Snowflake cost by ${dim}: totals, rows most cost first, the trend and the 5 costliest's series`,
          description:
            `${costWindow} Rows: the ${rows} with queries in the window, most cost first (ties by name), ` +
            "at most limit (default 100); share is the percent of the window's cost. series: the 5 costliest.",
          querystring: SnowflakeCostQuerySchema,
          response: { 200: SnowflakeCostBreakdownSchema, ...errors },
          'x-spec-ids': [specId],
        },
      },
      async (request) => costBreakdown(app.db, dim, request.query as SnowflakeCostQuery, app.clock.now()),
    )
  app.get(
    SNOWFLAKE_PATHS.costQueries,
    {
      schema: {
        tags: ['snowflake'],
        summary: 'Snowflake cost by query signature, most cost first, each with a sample query',
        description:
          `${costWindow} Rows: the signatures (query_parameterized_hash) with queries in the window, most cost ` +
          'first, at most limit (default 100); the sample is the latest query of the signature in the window; ' +
          'avgDuration in ms over its queries.',
        querystring: SnowflakeCostQuerySchema,
        response: { 200: SnowflakeCostQueriesSchema, ...errors },
        'x-spec-ids': ['R125'],
      },
    },
    async (request) => costQueries(app.db, request.query as SnowflakeCostQuery, app.clock.now()),
  )
}
