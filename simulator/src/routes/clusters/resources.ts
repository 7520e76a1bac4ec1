import {
  RESOURCE_SERIES_CALLS,
  TAGGED_SERIES_CALLS,
  clustersEndpoints as calls,
  type ResourceMeasure,
  type ResourceMetric,
  type ResourceSeriesQuery,
} from '@costlens/shared'
import type { FastifyRequest } from 'fastify'
import type { AppInstance } from '../../app.ts'
import {
  nodeSeries,
  resolveYarnTarget,
  resourceSeries,
  resourceWindow,
  taggedApps,
  taggedSeries,
  taggedStats,
} from '../../db/repositories/cluster-resources.ts'
import { findUserRow } from '../../db/repositories/users.ts'
import { sessionOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/** Every resource call reads a window (resourceWindow), which the free plan limits to 7 days. */
const resourceAccess = {
  plan: (
    request: { query: Pick<ResourceSeriesQuery, 'start_time' | 'end_time' | 'from' | 'to'> },
    now: number,
  ) => ({
    range: resourceWindow(request.query, now),
  }),
}

/** The clusters a request reads: the path's, among the signed-in user's platform (G26). */
function targetOf(
  app: AppInstance,
  request: FastifyRequest & { params: { cluster: string } },
  clusterName?: string,
) {
  const platform = findUserRow(app.db, sessionOf(request).username)!.cluster_type
  return resolveYarnTarget(app.db, platform, request.params.cluster, clusterName)
}

/** Cluster resources (02 §7; issue 6): series, nodes, group-by series, stats and the resource table. */
export async function clusterResourceRoutes(app: AppInstance) {
  const { db, clock } = app
  for (const [metric, measures] of Object.entries(RESOURCE_SERIES_CALLS) as [
    ResourceMetric,
    (typeof RESOURCE_SERIES_CALLS)[ResourceMetric],
  ][])
    for (const [measure, entry] of Object.entries(measures) as [ResourceMeasure, typeof measures.total][])
      route(
        app,
        entry,
        (request) =>
          resourceSeries(
            db,
            targetOf(app, request, request.query.clusterName),
            metric,
            measure,
            request.query,
            clock.now(),
          ),
        resourceAccess,
      )

  route(
    app,
    calls.nodes,
    (request) =>
      nodeSeries(db, targetOf(app, request, request.query.clusterName), request.query, clock.now()),
    resourceAccess,
  )

  for (const [metric, entry] of Object.entries(TAGGED_SERIES_CALLS) as [
    ResourceMetric,
    typeof TAGGED_SERIES_CALLS.cpu,
  ][])
    route(
      app,
      entry,
      (request) => taggedSeries(db, targetOf(app, request), metric, request.query, clock.now()),
      resourceAccess,
    )

  route(
    app,
    calls.taggedStats,
    (request) => taggedStats(db, targetOf(app, request), request.query, clock.now()),
    resourceAccess,
  )

  route(
    app,
    calls.taggedApps,
    (request) => taggedApps(db, targetOf(app, request), request.query, clock.now()),
    resourceAccess,
  )
}
