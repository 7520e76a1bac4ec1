import { FINISHED_APPS_CALLS, FINISHED_APP_LISTS, sortFieldOf } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { finishedApps, finishedAppsWindow } from '../../db/repositories/cluster-resources.ts'
import { findUserRow } from '../../db/repositories/users.ts'
import { sessionOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/** GET search/ops/{fapps|fiapps|fpapps|fbqapps} (E019-E022): finished apps of one engine, paged. */
export async function finishedAppsRoutes(app: AppInstance) {
  for (const list of FINISHED_APP_LISTS)
    route(
      app,
      FINISHED_APPS_CALLS[list],
      (request) =>
        finishedApps(
          app.db,
          findUserRow(app.db, sessionOf(request).username)!.cluster_type,
          list,
          request.query,
          app.clock.now(),
        ),
      {
        plan: (request, now) => ({
          sortKey: sortFieldOf(request.query.sort),
          range: finishedAppsWindow(request.query, now),
        }),
      },
    )
}
