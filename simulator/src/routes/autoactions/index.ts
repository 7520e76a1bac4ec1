import { autoactionsEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { recentViolations, violationsWindow } from '../../db/repositories/autoactions.ts'
import { scopeOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/** The auto-action violations (REAL-API-NOTES §7), from `autoactionsEndpoints`. */
export default async function autoactionRoutes(app: AppInstance) {
  route(
    app,
    calls.recentViolations,
    (request) => recentViolations(app.db, request.query, app.clock.now(), scopeOf(request)),
    { plan: (request, now) => ({ range: violationsWindow(request.query, now) }) },
  )
}
