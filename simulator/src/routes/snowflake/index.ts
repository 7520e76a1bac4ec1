import { snowflakeEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { costBreakdown, costOverview, costQueries } from '../../db/repositories/snowflake-cost.ts'
import { queryDetails, queryMetadata, searchQueries } from '../../db/repositories/snowflake-queries.ts'
import { listWarehouses, warehouseDetails } from '../../db/repositories/snowflake-warehouses.ts'
import { route } from '../route.ts'

/** The Snowflake queries, warehouses and cost pages (03 §2, §7), from `snowflakeEndpoints`. */
export default async function snowflakeRoutes(app: AppInstance) {
  const { db, clock } = app
  route(app, calls.querySearch, (request) => searchQueries(db, request.body, clock.now()))
  route(app, calls.queryMetadata, (request) => queryMetadata(db, request.query, clock.now()))
  route(app, calls.queryDetails, (request) => queryDetails(db, request.params.queryUid, clock.now()))
  route(app, calls.warehouses, (request) => listWarehouses(db, request.query, clock.now()))
  route(app, calls.warehouseDetails, (request) =>
    warehouseDetails(db, request.params.warehouseUid, request.query, clock.now()),
  )
  route(app, calls.costOverview, (request) => costOverview(db, request.query, clock.now()))
  route(app, calls.costUsers, (request) => costBreakdown(db, 'user', request.query, clock.now()))
  route(app, calls.costWarehouses, (request) => costBreakdown(db, 'warehouse', request.query, clock.now()))
  route(app, calls.costTags, (request) => costBreakdown(db, 'tag', request.query, clock.now()))
  route(app, calls.costQueries, (request) => costQueries(db, request.query, clock.now()))
}
