import { databricksSqlEndpoints as calls } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/** The Databricks SQL pages' calls (R191-R194, ours): one query each, straight from the endpoint table. */
export const databricksSqlApi = api.injectEndpoints({
  endpoints: (build) => ({
    databricksSqlOverview: endpointQuery(build, calls.sqlOverview),
    databricksSqlUsers: endpointQuery(build, calls.sqlUsers),
    databricksSqlWarehouses: endpointQuery(build, calls.sqlWarehouses),
    databricksSqlQueries: endpointQuery(build, calls.sqlQueries),
  }),
})

export const {
  useDatabricksSqlOverviewQuery,
  useDatabricksSqlUsersQuery,
  useDatabricksSqlWarehousesQuery,
  useDatabricksSqlQueriesQuery,
} = databricksSqlApi
