import { databricksSqlEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import {
  databricksSqlOverview,
  databricksSqlQueries,
  databricksSqlUsers,
  databricksSqlWarehouses,
} from '../../db/repositories/databricks-sql.ts'
import { sqlWindow } from '../../db/repositories/databricks-sql-figures.ts'
import { route } from '../route.ts'

/**
 * The Databricks SQL pages' calls (R191-R194, ours): overview, users, warehouses, queries. The free
 * plan's 7 days are checked by the one plan hook (plugins/auth.ts) on the window each call reads.
 */
export async function databricksSqlRoutes(app: AppInstance) {
  const { db, clock } = app
  const plan = (request: { query: { start_time?: string; end_time?: string } }, now: number) => {
    const { start, end } = sqlWindow(db, request.query, now)
    return { range: { start, end } }
  }
  route(app, calls.sqlOverview, (request) => databricksSqlOverview(db, request.query, clock.now()), { plan })
  route(app, calls.sqlUsers, (request) => databricksSqlUsers(db, request.query, clock.now()), { plan })
  route(app, calls.sqlWarehouses, (request) => databricksSqlWarehouses(db, request.query, clock.now()), {
    plan,
  })
  route(app, calls.sqlQueries, (request) => databricksSqlQueries(db, request.query, clock.now()), { plan })
}
