import {
  ALL_CLUSTERS,
  DOCUMENTED_RESOURCE_CALLS,
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
  return clustersOf(app, request, request.params.cluster, clusterName)
}

/** The clusters named (a cluster, or '*' every one) among the signed-in user's platform. */
function clustersOf(app: AppInstance, request: FastifyRequest, cluster: string, clusterName?: string) {
  const platform = findUserRow(app.db, sessionOf(request).username)!.cluster_type
  return resolveYarnTarget(app.db, platform, cluster, clusterName)
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

  // The real product's documented all-cluster forms (issue 21): the '*' target of the calls above.
  const everyCluster = (request: FastifyRequest) => clustersOf(app, request, ALL_CLUSTERS)
  route(
    app,
    calls.documentedNodes,
    (request) => nodeSeries(db, everyCluster(request), request.query, clock.now()),
    resourceAccess,
  )
  for (const [metric, measures] of Object.entries(DOCUMENTED_RESOURCE_CALLS) as [
    ResourceMetric,
    (typeof DOCUMENTED_RESOURCE_CALLS)[ResourceMetric],
  ][])
    for (const [measure, entry] of Object.entries(measures) as [ResourceMeasure, typeof measures.total][])
      route(
        app,
        entry,
        (request) => {
          const series = resourceSeries(
            db,
            everyCluster(request),
            metric,
            measure,
            request.query,
            clock.now(),
          )
          // As documented: cpu values are strings, memory values numbers.
          return Object.fromEntries(series.avg.map(([t, v]) => [String(t), metric === 'cpu' ? String(v) : v]))
        },
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
