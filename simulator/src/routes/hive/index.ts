import { hiveEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { hiveVizJson } from '../../db/repositories/engine-details.ts'
import { scopeOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/** The Hive query visualisation (02 §7, E113), from `hiveEndpoints`. */
export default async function hiveRoutes(app: AppInstance) {
  const { db } = app
  route(app, calls.vizJson, (request) => hiveVizJson(db, scopeOf(request), request.params.id))
}
