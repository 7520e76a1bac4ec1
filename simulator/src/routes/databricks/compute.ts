import { databricksComputeEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import {
  databricksClusterSessions,
  searchInefficientDatabricksClusters,
} from '../../db/repositories/databricks-clusters.ts'
import { databricksClusterSummary } from '../../db/repositories/databricks-clusters-summary.ts'
import { clusterWindow } from '../../db/repositories/databricks-clusters-rows.ts'
import { route } from '../route.ts'

/**
 * The Databricks compute calls of ours (/compute/dbclusters' inefficient tab and drawer,
 * /compute/cluster_summary), from `databricksComputeEndpoints`; the other tabs are unified search
 * (routes/apps). Registered by index.ts (autoload reads a folder's index only).
 */
export async function databricksComputeRoutes(app: AppInstance) {
  const { db, clock } = app
  route(
    app,
    calls.inefficientClusters,
    (request) => searchInefficientDatabricksClusters(db, request.body, clock.now()),
    {
      // The free plan has no inefficient tab (B191, 02 §4): refused, whatever else the body asks.
      plan: (request, now) => {
        const { start_time, end_time } = request.body
        const sortKey = request.body.sort?.[0] ? Object.keys(request.body.sort[0])[0] : undefined
        return { inefficient: true, sortKey, range: clusterWindow(start_time, end_time, 'body', now) }
      },
    },
  )
  route(
    app,
    calls.clusterSessions,
    (request) => databricksClusterSessions(db, request.params.clusterId, request.query, clock.now()),
    {
      plan: (request, now) => ({
        range: clusterWindow(request.query.start_time, request.query.end_time, 'querystring', now),
      }),
    },
  )
  route(app, calls.clusterSummary, (request) => databricksClusterSummary(db, request.query, clock.now()), {
    plan: (request, now) => ({
      range: clusterWindow(request.query.start_time, request.query.end_time, 'querystring', now),
    }),
  })
}
