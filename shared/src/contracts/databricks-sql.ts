import { Type, type Static } from 'typebox'
import { QueryInstantSchema } from './dates.ts'

/*
 * The Databricks SQL pages (issue 20; 01 §2.3 /sql, preview): warehouse spend, users and queries of
 * the SQL warehouses. Paths are ours (the spec gives none). Money is USD (a session's DBUs at the
 * list price of its warehouse type's SQL SKU plus the cloud VMs of Classic and Pro), DBUs are
 * Databricks Units, times epoch ms, durations ms, hours h.
 *
 * What counts where (defined once, repositories/databricks-sql-figures.ts):
 * - spend: the warehouse sessions started in the window (the day rule of db_usage_days and the cost
 *   trends), each billed for its whole uptime (to the auto-stop);
 * - busy time: a session's busy_ms (at most its uptime); idle time: the rest of its uptime; idle
 *   cost: the session's cost × its idle share;
 * - a user's attributed cost: each session's busy cost split by the share of query run time each
 *   user had in that session (a query belongs to the latest session of its warehouse that started
 *   at or before it). Idle cost, and the cost of a session no query ran in, stays unattributed: the
 *   "Idle" row. So the users' costs plus Idle equal the warehouses' cost, never more;
 * - query counts, failures and durations: the queries started in the window.
 */

/** Issue 20: the SQL pages' window is 1 to 90 days (presets 1, 7, 30), default the last 7. */
export const DATABRICKS_SQL_MAX_DAYS = 90
export const DATABRICKS_SQL_DEFAULT_DAYS = 7
/** Query status codes (db_sql_queries.status): succeeded, failed, canceled, running. */
export const DATABRICKS_SQL_QUERY_STATUSES = ['S', 'F', 'K', 'R'] as const
export type DatabricksSqlQueryStatus = (typeof DATABRICKS_SQL_QUERY_STATUSES)[number]
export const DATABRICKS_SQL_STATEMENT_TYPES = [
  'SELECT',
  'INSERT',
  'MERGE',
  'CREATE',
  'UPDATE',
  'DELETE',
  'OPTIMIZE',
  'SHOW',
] as const
export const DATABRICKS_SQL_WAREHOUSE_SORTS = [
  'name',
  'workspace',
  'type',
  'size',
  'uptimeHours',
  'busyHours',
  'idleHours',
  'idleCost',
  'dbus',
  'cost',
  'queries',
  'failed',
] as const
export const DATABRICKS_SQL_USER_SORTS = [
  'user',
  'queries',
  'failed',
  'durationMs',
  'readBytes',
  'rows',
  'cost',
] as const
export const DATABRICKS_SQL_QUERY_SORTS = [
  'startTime',
  'duration',
  'rows',
  'readBytes',
  'user',
  'warehouse',
  'status',
  'statementType',
] as const
export const DATABRICKS_SQL_PAGE_MAX = 100

const window = {
  start_time: Type.Optional(QueryInstantSchema),
  end_time: Type.Optional(QueryInstantSchema),
}
const List = (description: string) =>
  Type.Optional(Type.String({ maxLength: 1000, description: `${description}, comma-separated` }))
const paging = {
  order: Type.Optional(Type.Enum(['asc', 'desc'], { description: 'default desc' })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, description: 'rows to skip' })),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: DATABRICKS_SQL_PAGE_MAX, description: 'rows, default 15' }),
  ),
}
const Search = (description: string) =>
  Type.Optional(Type.String({ maxLength: 200, description: `${description} (case-insensitive)` }))

export const DatabricksSqlWindowQuerySchema = Type.Object(window, {
  additionalProperties: false,
  title: 'DatabricksSqlWindowQuery',
})
export type DatabricksSqlWindowQuery = Static<typeof DatabricksSqlWindowQuerySchema>

const Usd = (description = 'USD') => Type.Number({ minimum: 0, description })
const Count = (description: string) => Type.Integer({ minimum: 0, description })
const Hours = (description: string) => Type.Number({ minimum: 0, description: `${description}, h` })

const WarehouseIdentity = {
  warehouseId: Type.String({ description: '16 hex digits' }),
  name: Type.String(),
  workspace: Type.String({ description: 'workspace name' }),
}

export const DatabricksSqlOverviewSchema = Type.Object(
  {
    start: Type.Integer({ description: 'window start, epoch ms' }),
    end: Type.Integer({ description: 'window end (exclusive), epoch ms' }),
    totals: Type.Object(
      {
        cost: Usd('spend, USD'),
        dbus: Type.Number({ minimum: 0, description: 'DBU' }),
        sessions: Count('warehouse sessions started in the window'),
        queries: Count('queries started in the window'),
        failedQueries: Count('of them failed'),
        p50Ms: Count('median query duration, ms'),
        p95Ms: Count('95th percentile query duration, ms'),
        busyHours: Hours('uptime with a query running'),
        idleHours: Hours('uptime with none, to the auto-stop'),
        idleCost: Usd('the cost of the idle hours, USD'),
      },
      { additionalProperties: false },
    ),
    /** UTC days of the window (start of day, epoch ms), the chart's categories. */
    days: Type.Array(Type.Integer(), { maxItems: 92 }),
    /** Spend per day by warehouse, one point per day (0 when none). */
    series: Type.Array(
      Type.Object(
        {
          ...WarehouseIdentity,
          cost: Type.Array(Type.Number({ minimum: 0 }), { maxItems: 92, description: 'USD per day' }),
          dbus: Type.Array(Type.Number({ minimum: 0 }), { maxItems: 92, description: 'DBU per day' }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 500 },
    ),
    topWarehouses: Type.Array(
      Type.Object(
        {
          ...WarehouseIdentity,
          cost: Usd(),
          dbus: Type.Number({ minimum: 0 }),
          idleCost: Usd(),
          queries: Count('queries'),
        },
        { additionalProperties: false },
      ),
      { maxItems: 5 },
    ),
    topUsers: Type.Array(
      Type.Object(
        { user: Type.String(), queries: Count('queries'), cost: Usd('attributed cost, USD') },
        { additionalProperties: false },
      ),
      { maxItems: 5 },
    ),
  },
  { additionalProperties: false, title: 'DatabricksSqlOverview' },
)
export type DatabricksSqlOverview = Static<typeof DatabricksSqlOverviewSchema>

export const DatabricksSqlWarehousesQuerySchema = Type.Object(
  {
    ...window,
    workspace: List('workspace names'),
    type: List('warehouse types: CLASSIC, PRO, SERVERLESS'),
    warehouseSize: List('sizes: 2X-Small … 4X-Large'),
    search: Search('part of the name or id'),
    sort: Type.Optional(Type.Enum(DATABRICKS_SQL_WAREHOUSE_SORTS, { description: 'default cost' })),
    ...paging,
  },
  { additionalProperties: false, title: 'DatabricksSqlWarehousesQuery' },
)
export type DatabricksSqlWarehousesQuery = Static<typeof DatabricksSqlWarehousesQuerySchema>

export const DatabricksSqlWarehouseRowSchema = Type.Object(
  {
    ...WarehouseIdentity,
    type: Type.String({ description: 'CLASSIC, PRO or SERVERLESS' }),
    size: Type.String({ description: '2X-Small … 4X-Large' }),
    dbuPerHour: Type.Number({ minimum: 0, description: 'per cluster, DBU/h' }),
    minClusters: Type.Integer({ minimum: 0 }),
    maxClusters: Type.Integer({ minimum: 0 }),
    autoStopMinutes: Type.Integer({ minimum: 0 }),
    sessions: Count('sessions started in the window'),
    uptimeHours: Hours('wall-clock uptime'),
    busyHours: Hours('busy'),
    idleHours: Hours('idle'),
    idleCost: Usd(),
    dbus: Type.Number({ minimum: 0, description: 'DBU' }),
    cost: Usd(),
    queries: Count('queries started in the window'),
    failed: Count('failed queries'),
  },
  { additionalProperties: false, title: 'DatabricksSqlWarehouseRow' },
)
export type DatabricksSqlWarehouseRow = Static<typeof DatabricksSqlWarehouseRowSchema>

const Facet = Type.Array(
  Type.Object({ value: Type.String(), count: Count('warehouses') }, { additionalProperties: false }),
  { maxItems: 500 },
)

export const DatabricksSqlWarehousesSchema = Type.Object(
  {
    start: Type.Integer(),
    end: Type.Integer(),
    total: Count('warehouses matching the filters'),
    rows: Type.Array(DatabricksSqlWarehouseRowSchema, { maxItems: DATABRICKS_SQL_PAGE_MAX }),
    /** Over every matching warehouse, not only the page. */
    totals: Type.Object(
      { cost: Usd(), dbus: Type.Number({ minimum: 0 }), idleCost: Usd(), queries: Count('queries') },
      { additionalProperties: false },
    ),
    /** The filters' values over every warehouse (not narrowed by the filters). */
    facets: Type.Object({ workspaces: Facet, types: Facet, sizes: Facet }, { additionalProperties: false }),
  },
  { additionalProperties: false, title: 'DatabricksSqlWarehouses' },
)
export type DatabricksSqlWarehouses = Static<typeof DatabricksSqlWarehousesSchema>

export const DatabricksSqlUsersQuerySchema = Type.Object(
  {
    ...window,
    search: Search('part of the user name'),
    sort: Type.Optional(Type.Enum(DATABRICKS_SQL_USER_SORTS, { description: 'default cost' })),
    ...paging,
  },
  { additionalProperties: false, title: 'DatabricksSqlUsersQuery' },
)
export type DatabricksSqlUsersQuery = Static<typeof DatabricksSqlUsersQuerySchema>

export const DatabricksSqlUserRowSchema = Type.Object(
  {
    user: Type.String(),
    queries: Count('queries started in the window'),
    failed: Count('failed queries'),
    durationMs: Count('total query run time, ms'),
    readBytes: Count('bytes read'),
    rows: Count('rows produced'),
    cost: Usd('attributed cost: the busy cost of the sessions, by share of query run time, USD'),
  },
  { additionalProperties: false, title: 'DatabricksSqlUserRow' },
)
export type DatabricksSqlUserRow = Static<typeof DatabricksSqlUserRowSchema>

export const DatabricksSqlUsersSchema = Type.Object(
  {
    start: Type.Integer(),
    end: Type.Integer(),
    total: Count('users matching the search'),
    rows: Type.Array(DatabricksSqlUserRowSchema, { maxItems: DATABRICKS_SQL_PAGE_MAX }),
    /** Uptime with no query running and sessions no query ran in: unattributed (its own row). */
    idle: Type.Object(
      { cost: Usd('unattributed cost, USD'), hours: Hours('idle') },
      { additionalProperties: false },
    ),
    /** Every user's attributed cost + idle.cost = warehouseCost. */
    warehouseCost: Usd('the warehouses’ cost in the window, USD'),
    attributedCost: Usd('every user’s attributed cost (not only the page), USD'),
  },
  { additionalProperties: false, title: 'DatabricksSqlUsers' },
)
export type DatabricksSqlUsers = Static<typeof DatabricksSqlUsersSchema>

export const DatabricksSqlQueriesQuerySchema = Type.Object(
  {
    ...window,
    status: List('statuses: S succeeded, F failed, K canceled, R running'),
    user: List('user names'),
    warehouse: List('warehouse ids'),
    statementType: List('statement types: SELECT, INSERT, …'),
    minDuration: Type.Optional(Type.Integer({ minimum: 0, maximum: 31_536_000_000, description: 'ms' })),
    maxDuration: Type.Optional(Type.Integer({ minimum: 0, maximum: 31_536_000_000, description: 'ms' })),
    search: Search('part of the query text or the query id'),
    sort: Type.Optional(Type.Enum(DATABRICKS_SQL_QUERY_SORTS, { description: 'default startTime' })),
    ...paging,
  },
  { additionalProperties: false, title: 'DatabricksSqlQueriesQuery' },
)
export type DatabricksSqlQueriesQuery = Static<typeof DatabricksSqlQueriesQuerySchema>

export const DatabricksSqlQueryRowSchema = Type.Object(
  {
    queryId: Type.String({ description: 'a UUID' }),
    status: Type.Enum(DATABRICKS_SQL_QUERY_STATUSES),
    statementType: Type.String(),
    user: Type.String(),
    warehouseId: Type.String(),
    warehouse: Type.String({ description: 'warehouse name' }),
    workspace: Type.String(),
    startTime: Type.Integer({ description: 'epoch ms' }),
    endTime: Type.Union([Type.Integer(), Type.Null()], { description: 'epoch ms; null while running' }),
    duration: Count('ms (so far, while running)'),
    rows: Count('rows produced'),
    readBytes: Count('bytes read'),
    queryText: Type.String({ description: 'the statement, whole (a few hundred characters)' }),
    errorMessage: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false, title: 'DatabricksSqlQueryRow' },
)
export type DatabricksSqlQueryRow = Static<typeof DatabricksSqlQueryRowSchema>

export const DatabricksSqlQueriesSchema = Type.Object(
  {
    start: Type.Integer(),
    end: Type.Integer(),
    total: Count('queries matching the filters'),
    rows: Type.Array(DatabricksSqlQueryRowSchema, { maxItems: DATABRICKS_SQL_PAGE_MAX }),
    /** The filters' values in the window (users and warehouses with queries), for the pickers. */
    users: Type.Array(Type.String(), { maxItems: 1000 }),
    warehouses: Type.Array(
      Type.Object({ warehouseId: Type.String(), name: Type.String() }, { additionalProperties: false }),
      { maxItems: 500 },
    ),
  },
  { additionalProperties: false, title: 'DatabricksSqlQueries' },
)
export type DatabricksSqlQueries = Static<typeof DatabricksSqlQueriesSchema>
