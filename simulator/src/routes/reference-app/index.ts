import { referenceAppEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import {
  referenceAppDetails,
  referenceAppSummary,
  referenceDetailsWindow,
  referenceErrors,
  referenceExtendedSummary,
  referenceLogs,
  referenceRecommendation,
  referenceStatus,
} from '../../db/repositories/reference-app.ts'
import { appDetailsSummary } from '../../db/repositories/app-details.ts'
import { scopeOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/**
 * The real product's documented application operations (issue 21), from `referenceAppEndpoints`:
 * served beside the console's calls, each answering what its twin answers.
 */
export default async function referenceAppRoutes(app: AppInstance) {
  const { db, clock } = app
  for (const [entry, answer] of [
    [calls.recommendation, referenceRecommendation],
    [calls.appSummary, referenceAppSummary],
    [calls.extendedSummary, referenceExtendedSummary],
    [calls.status, referenceStatus],
    [calls.logs, referenceLogs],
    [calls.summary, appDetailsSummary],
  ] as const)
    route(app, entry, (request) => answer(db, scopeOf(request), request.params.app_id, clock.now()))
  route(app, calls.errors, (request) =>
    referenceErrors(db, scopeOf(request), request.params.app_id, clock.now()),
  )
  // The free plan limits this window as it limits the unified search's.
  route(
    app,
    calls.details,
    (request) => referenceAppDetails(db, scopeOf(request), request.query, clock.now()),
    {
      plan: (request, now) => ({ range: referenceDetailsWindow(request.query, now) }),
    },
  )
}
