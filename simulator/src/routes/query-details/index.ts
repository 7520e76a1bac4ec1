import { queryDetailsEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { queryDetails } from '../../db/repositories/query-details.ts'
import { scopeOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/** The query of an Impala, Presto or BigQuery app (the details pages' Query tab), from `queryDetailsEndpoints`. */
export default async function queryDetailsRoutes(app: AppInstance) {
  const { db, clock } = app
  route(app, calls.query, (request) => queryDetails(db, scopeOf(request), request.params.id, clock.now()))
}
