import {
  ClusterPathParamsSchema,
  ErrorSchema,
  NodesResponseSchema,
  RESOURCE_MEASURES,
  RESOURCE_METRICS,
  ResourceSeriesQuerySchema,
  ResourceSeriesResponseSchema,
  TaggedAppsQuerySchema,
  TaggedAppsResponseSchema,
  TaggedResourceQuerySchema,
  TaggedResourceResponseSchema,
  TaggedStatsQuerySchema,
  TaggedStatsResponseSchema,
  type ClusterPathParams,
  type ResourceSeriesQuery,
  type TaggedAppsQuery,
  type TaggedResourceQuery,
  type TaggedStatsQuery,
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

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema }

/** Every resource call reads a window (resourceWindow), which the free plan limits to 7 days. */
const resourceAccess = {
  access: {
    plan: (request: FastifyRequest, now: number) => ({
      range: resourceWindow(request.query as ResourceSeriesQuery, now),
    }),
  },
}

/** E055-E058 in the catalogue's order: cpu allocated, cpu total, memory allocated, memory total. */
const SERIES_IDS = { cpu: { allocated: 'E055', total: 'E056' }, memory: { allocated: 'E057', total: 'E058' } }
const TAGGED_IDS = { cpu: 'E060', memory: 'E061' }

/** The clusters a request reads: the path's, among the signed-in user's platform (G26). */
function targetOf(app: AppInstance, request: FastifyRequest, clusterName?: string) {
  const platform = findUserRow(app.db, sessionOf(request).username)!.cluster_type
  return resolveYarnTarget(app.db, platform, (request.params as ClusterPathParams).cluster, clusterName)
}

/** Cluster resources (02 §7; issue 6): series, nodes, group-by series, stats and the resource table. */
export async function clusterResourceRoutes(app: AppInstance) {
  for (const metric of RESOURCE_METRICS)
    for (const measure of RESOURCE_MEASURES)
      app.get(
        `/api/v1/clusters/:cluster/resources/${metric}/${measure}`,
        {
          config: resourceAccess,
          schema: {
            tags: ['clusters'],
            summary: `${measure === 'allocated' ? 'Allocated' : 'Total'} ${metric === 'cpu' ? 'vcores' : 'memory (MB)'} of a Yarn cluster over time: average, range and capacity per point`,
            description:
              'Each point averages the 2-minute buckets it holds (range: their low and high; total: the capacity). ' +
              'interval defaults to the span rule (B091, cluster charts); at most 2,000 points.',
            params: ClusterPathParamsSchema,
            querystring: ResourceSeriesQuerySchema,
            response: { 200: ResourceSeriesResponseSchema, ...errors },
            'x-spec-ids': [SERIES_IDS[metric][measure]],
          },
        },
        async (request) => {
          const query = request.query as ResourceSeriesQuery
          return resourceSeries(
            app.db,
            targetOf(app, request, query.clusterName),
            metric,
            measure,
            query,
            app.clock.now(),
          )
        },
      )

  app.get(
    '/api/v1/clusters/:cluster/nodes',
    {
      config: resourceAccess,
      schema: {
        tags: ['clusters'],
        summary: 'Nodes of a Yarn cluster over time: in service, and unhealthy, lost or decommissioned',
        params: ClusterPathParamsSchema,
        querystring: ResourceSeriesQuerySchema,
        response: { 200: NodesResponseSchema, ...errors },
        'x-spec-ids': ['E059'],
      },
    },
    async (request) => {
      const query = request.query as ResourceSeriesQuery
      return nodeSeries(app.db, targetOf(app, request, query.clusterName), query, app.clock.now())
    },
  )

  for (const metric of RESOURCE_METRICS)
    app.get(
      `/api/v1/clusters/:cluster/resources/tagged/${metric}`,
      {
        config: resourceAccess,
        schema: {
          tags: ['clusters'],
          summary: `${metric === 'cpu' ? 'Vcores' : 'Memory (MB)'} allocated per application type, user or queue over time`,
          description:
            'One series per group value: the values asked (at most 10) or the 4 that used most in the window.',
          params: ClusterPathParamsSchema,
          querystring: TaggedResourceQuerySchema,
          response: { 200: TaggedResourceResponseSchema, ...errors },
          'x-spec-ids': [TAGGED_IDS[metric]],
        },
      },
      async (request) =>
        taggedSeries(
          app.db,
          targetOf(app, request),
          metric,
          request.query as TaggedResourceQuery,
          app.clock.now(),
        ),
    )

  app.get(
    '/api/v1/clusters/:cluster/resources/tagged/stats',
    {
      config: resourceAccess,
      schema: {
        tags: ['clusters'],
        summary:
          'Application types, users and queues of the apps running now, or finished in the window (final_status=true)',
        params: ClusterPathParamsSchema,
        querystring: TaggedStatsQuerySchema,
        response: { 200: TaggedStatsResponseSchema, ...errors },
        'x-spec-ids': ['E062'],
      },
    },
    async (request) =>
      taggedStats(app.db, targetOf(app, request), request.query as TaggedStatsQuery, app.clock.now()),
  )

  app.get(
    '/api/v1/clusters/:cluster/resources/tagged/apps',
    {
      config: resourceAccess,
      schema: {
        tags: ['clusters'],
        summary: 'The resource table: the latest YARN apps of the window (at most 100), or those running now',
        params: ClusterPathParamsSchema,
        querystring: TaggedAppsQuerySchema,
        response: { 200: TaggedAppsResponseSchema, ...errors },
        'x-spec-ids': ['E063'],
      },
    },
    async (request) =>
      taggedApps(app.db, targetOf(app, request), request.query as TaggedAppsQuery, app.clock.now()),
  )
}
