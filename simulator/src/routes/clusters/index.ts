import {
  ClusterSearchQuerySchema,
  ClusterSearchResponseSchema,
  ErrorSchema,
  type ClusterSearchQuery,
} from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { searchClusters } from '../../db/repositories/clusters.ts'
import { findUserRow } from '../../db/repositories/users.ts'
import { HttpError } from '../../errors.ts'
import { sessionOf } from '../../plugins/auth.ts'
import { finishedAppsRoutes } from './finished-apps.ts'
import { clusterResourceRoutes } from './resources.ts'

export default async function clusterRoutes(app: AppInstance) {
  app.get(
    '/api/v1/cluster_search',
    {
      schema: {
        tags: ['clusters'],
        summary: "Search the user's clusters by name or id, kind and lifetime",
        querystring: ClusterSearchQuerySchema,
        response: { 200: ClusterSearchResponseSchema, 400: ErrorSchema, 401: ErrorSchema },
        'x-spec-ids': ['E007'],
      },
    },
    async (request) => {
      const query = request.query as ClusterSearchQuery
      if (query.dateFrom !== undefined && query.dateTo !== undefined && query.dateFrom > query.dateTo)
        throw new HttpError(400, 'dateFrom must not be after dateTo')
      const row = findUserRow(app.db, sessionOf(request).username)!
      return searchClusters(app.db, row.cluster_type, query)
    },
  )

  await clusterResourceRoutes(app)
  await finishedAppsRoutes(app)
}
