import {
  DatabricksSqlOverviewSchema,
  DatabricksSqlQueriesQuerySchema,
  DatabricksSqlQueriesSchema,
  DatabricksSqlUsersQuerySchema,
  DatabricksSqlUsersSchema,
  DatabricksSqlWarehousesQuerySchema,
  DatabricksSqlWarehousesSchema,
  DatabricksSqlWindowQuerySchema,
} from '../contracts/databricks-sql.ts'
import { defineEndpoints } from './endpoint.ts'

/*
 * The Databricks SQL pages (issue 20; /sql/osd_sql_*, R191-R194, preview): the spec names the pages
 * but no calls, so the paths are ours, in the product's ds/api/v1/databricks style. E141 (sql/status,
 * databricks-manage.ts) stays as it is.
 */
const databricks = { platforms: ['DB'] } as const
const tags = ['databricks'] as const
const SQL = '/api/v1/ds/api/v1/databricks/sql'
const WINDOW =
  'Window [start_time, end_time) (epoch ms or ISO; default the 7 days to now; at most 90 days; the free plan 7). ' +
  'Spend: warehouse sessions started in the window, billed for their whole uptime (USD: DBUs at the SQL SKU ' +
  'list price plus the VMs of Classic and Pro; DBU). Queries: those started in the window.'
const PAGED = ' Sorted and paged in SQL (offset, limit ≤ 100, order asc or desc).'

export const databricksSqlEndpoints = defineEndpoints({
  sqlOverview: {
    method: 'GET',
    path: `${SQL}/overview`,
    specIds: ['R191'],
    pathIsOurs: true,
    access: databricks,
    tags,
    summary: 'SQL warehouses at a glance: spend per day by warehouse, queries, p50/p95, busy and idle time',
    description: WINDOW,
    querystring: DatabricksSqlWindowQuerySchema,
    response: DatabricksSqlOverviewSchema,
  },
  sqlUsers: {
    method: 'GET',
    path: `${SQL}/users`,
    specIds: ['R192'],
    pathIsOurs: true,
    access: databricks,
    tags,
    summary: 'SQL users: queries, failures, run time, bytes, rows and attributed cost; idle cost apart',
    description:
      WINDOW +
      ' A user’s cost: each session’s busy cost split by the user’s share of its query run time; idle time ' +
      'and sessions no query ran in stay unattributed (idle), so the users plus idle equal the warehouses.' +
      PAGED,
    querystring: DatabricksSqlUsersQuerySchema,
    response: DatabricksSqlUsersSchema,
  },
  sqlWarehouses: {
    method: 'GET',
    path: `${SQL}/warehouses`,
    specIds: ['R193'],
    pathIsOurs: true,
    access: databricks,
    tags,
    summary: 'SQL warehouses: configuration, uptime, busy and idle hours, idle cost, DBUs, cost, queries',
    description: WINDOW + ' Filters: workspace, type, warehouseSize, search (name or id).' + PAGED,
    querystring: DatabricksSqlWarehousesQuerySchema,
    response: DatabricksSqlWarehousesSchema,
  },
  sqlQueries: {
    method: 'GET',
    path: `${SQL}/queries`,
    specIds: ['R194'],
    pathIsOurs: true,
    access: databricks,
    tags,
    summary: 'SQL queries: status, statement type, user, warehouse, duration, rows, bytes, start and text',
    description:
      WINDOW +
      ' Filters: status, user, warehouse (ids), statementType, minDuration/maxDuration (ms), search (query ' +
      'text or id, at most 200 characters).' +
      PAGED,
    querystring: DatabricksSqlQueriesQuerySchema,
    response: DatabricksSqlQueriesSchema,
  },
})
