import { clustersEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { searchClusters } from '../../db/repositories/clusters.ts'
import { findUserRow } from '../../db/repositories/users.ts'
import { HttpError } from '../../errors.ts'
import { sessionOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'
import { finishedAppsRoutes } from './finished-apps.ts'
import { clusterResourceRoutes } from './resources.ts'

/** The cluster picker, cluster resources and finished apps, from `clustersEndpoints`. */
export default async function clusterRoutes(app: AppInstance) {
  route(app, calls.clusterSearch, (request) => {
    const query = request.query
    // A reversed lifetime window compares two fields, which a schema cannot.
    if (query.dateFrom !== undefined && query.dateTo !== undefined && query.dateFrom > query.dateTo)
      throw new HttpError(400, 'dateFrom must not be after dateTo')
    const row = findUserRow(app.db, sessionOf(request).username)!
    return searchClusters(app.db, row.cluster_type, query)
  })

  await clusterResourceRoutes(app)
  await finishedAppsRoutes(app)
}
