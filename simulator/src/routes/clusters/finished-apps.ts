import {
  ErrorSchema,
  FINISHED_APP_LISTS,
  FinishedAppsQuerySchema,
  FinishedAppsResponseSchemas,
  sortFieldOf,
  type FinishedAppsQuery,
} from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { finishedApps, finishedAppsWindow } from '../../db/repositories/cluster-resources.ts'
import { findUserRow } from '../../db/repositories/users.ts'
import { sessionOf } from '../../plugins/auth.ts'

const LISTS = {
  fapps: { id: 'E019', what: 'Yarn jobs (the cluster page table)' },
  fiapps: { id: 'E020', what: 'Impala queries' },
  fpapps: { id: 'E021', what: 'Presto queries' },
  fbqapps: { id: 'E022', what: 'BigQuery jobs' },
} as const

/** GET search/ops/{fapps|fiapps|fpapps|fbqapps} (E019-E022): finished apps of one engine, paged. */
export async function finishedAppsRoutes(app: AppInstance) {
  for (const list of FINISHED_APP_LISTS)
    app.get(
      `/api/v1/search/ops/${list}`,
      {
        config: {
          access: {
            plan: (request, now) => {
              const q = request.query as FinishedAppsQuery
              return { sortKey: sortFieldOf(q.sort), range: finishedAppsWindow(q, now) }
            },
          },
        },
        schema: {
          tags: ['clusters'],
          summary: `Finished ${LISTS[list].what} of the window, one page and the total`,
          description:
            'sort is a column, a leading minus for descending; from (or page: from = (page - 1) x size) and ' +
            'size, from + size at most 10,000 (B097, B100). The window is on the finish time, default the last day.',
          querystring: FinishedAppsQuerySchema,
          response: {
            200: FinishedAppsResponseSchemas[list],
            400: ErrorSchema,
            401: ErrorSchema,
            403: ErrorSchema,
          },
          'x-spec-ids': [LISTS[list].id],
        },
      },
      async (request) =>
        finishedApps(
          app.db,
          findUserRow(app.db, sessionOf(request).username)!.cluster_type,
          list,
          request.query as FinishedAppsQuery,
          app.clock.now(),
        ),
    )
}
