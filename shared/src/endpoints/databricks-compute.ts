import { UnifiedSearchBodySchema } from '../contracts/apps.ts'
import {
  DatabricksClusterParamsSchema,
  DatabricksClusterSearchResponseSchema,
  DatabricksClusterSessionsSchema,
  DatabricksClusterSummarySchema,
  DatabricksWindowQuerySchema,
} from '../contracts/databricks-compute.ts'
import { defineEndpoints } from './endpoint.ts'

/*
 * The Databricks compute calls of ours (issue 20: /compute/dbclusters, /compute/cluster_summary).
 * The clusters list's finished, running and all tabs are the spec's unified search (E014, appTypes
 * ['spark'] for a Databricks user, served in routes/apps); the inefficient tab "uses an events-based
 * search instead" (02 §4). The spec's events call, apps/events/inefficient_apps_newux/, answers
 * Yarn application records found by stored events; a Databricks cluster's waste patterns are derived
 * from its configuration and sessions (no events are stored), so the tab has a call of its own that
 * takes the same body as the other tabs and answers the same rows, only those with an insight.
 */
const databricks = { platforms: ['DB'] } as const
const tags = ['databricks'] as const
const WINDOW =
  'Clusters that ran in [start_time, end_time] (epoch ms or ISO; default the last 7 days; at most 366 days).'

export const databricksComputeEndpoints = defineEndpoints({
  inefficientClusters: {
    method: 'POST',
    path: '/api/v1/ds/api/v1/databricks/clusters/inefficient',
    specIds: ['R184'],
    pathIsOurs: true,
    access: databricks,
    tags,
    summary: 'The clusters list’s inefficient tab: clusters with a waste pattern (not for the free plan)',
    description:
      'The unified-search body (insights narrows to insight keys); the rows, metadata and sort of the ' +
      'clusters list, only clusters with at least one insight. ' +
      WINDOW,
    body: UnifiedSearchBodySchema,
    response: DatabricksClusterSearchResponseSchema,
  },
  clusterSessions: {
    method: 'GET',
    path: '/api/v1/ds/api/v1/databricks/clusters/{clusterId}/sessions',
    specIds: ['R184'],
    pathIsOurs: true,
    access: databricks,
    tags,
    summary: 'An all-purpose cluster’s configuration and its sessions in a window',
    description: WINDOW,
    params: DatabricksClusterParamsSchema,
    querystring: DatabricksWindowQuerySchema,
    response: DatabricksClusterSessionsSchema,
    errors: [404],
  },
  clusterSummary: {
    method: 'GET',
    path: '/api/v1/ds/api/v1/databricks/compute/cluster_summary',
    specIds: ['R185'],
    pathIsOurs: true,
    access: databricks,
    tags,
    summary: 'Compute at a glance: running now, DBUs and cost by type, idle time and its cost, shares',
    description: WINDOW,
    querystring: DatabricksWindowQuerySchema,
    response: DatabricksClusterSummarySchema,
  },
})
