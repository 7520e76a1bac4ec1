import { hiveEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { hiveVizJson } from '../../db/repositories/engine-details.ts'
import { hiveTableApps } from '../../db/repositories/hive-tables.ts'
import { scopeOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/** The Hive query visualisation (02 §7, E113) and a table's apps (E073), from `hiveEndpoints`. */
export default async function hiveRoutes(app: AppInstance) {
  const { db, clock } = app
  route(app, calls.vizJson, (request) => hiveVizJson(db, scopeOf(request), request.params.id))
  route(app, calls.tableApps, (request) =>
    hiveTableApps(db, scopeOf(request), request.params.table, request.query, clock.now()),
  )
}
