import { impalaDetailsEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { impalaFragments, impalaOperators } from '../../db/repositories/engine-details.ts'
import { scopeOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/**
 * The Impala query details (02 §7, E078, E079), from `impalaDetailsEndpoints`: static segments
 * beside /impala/{id}/errorview, so the router takes them all.
 */
export default async function impalaDetailsRoutes(app: AppInstance) {
  const { db, clock } = app
  route(app, calls.fragments, (request) =>
    impalaFragments(db, scopeOf(request), request.params.id, clock.now()),
  )
  route(app, calls.operators, (request) =>
    impalaOperators(db, scopeOf(request), request.params.id, clock.now()),
  )
}
