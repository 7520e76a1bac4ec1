import { ResourceSeriesQuerySchema, DocumentedResourceMapSchema } from '../contracts/clusters.ts'
import { JobBucketsQuerySchema } from '../contracts/jobs.ts'
import { YarnActionResultSchema } from '../contracts/app-writes.ts'
import {
  ReferenceClusterNamesSchema,
  ReferenceClustersQuerySchema,
  ReferenceFinishedAppsSchema,
  ReferenceKillQuerySchema,
  ReferenceMissingSlaSchema,
  ReferenceMoveQuerySchema,
  ReferenceRunningAppsSchema,
  ReferenceWorkflowsQuerySchema,
  ReferenceWorkflowsSchema,
} from '../contracts/reference-ops.ts'
import type { ResourceMetric } from '../contracts/clusters.ts'
import { defineEndpoint, defineEndpoints } from './endpoint.ts'

const NOT_IN_SPEC = "Not in the spec: the real product's public REST reference (4.6) documents"

/** The Yarn writes' refusals, as their path form (app-details.ts killApp / moveApp) answers them. */
const YARN_REFUSALS =
  "404 for an unknown appid, or when clusterid (the cluster's id or name) is not the app's cluster (that " +
  "ResourceManager does not have it); 403 for another platform's app, a read-only admin or another user's app; " +
  '409 when the app is not running.'

/** /apps/resources/{metric}/allocated: the all-cluster allocation, the nearest figure there is. */
const appsAllocated = (metric: ResourceMetric, specId: string) =>
  defineEndpoint({
    method: 'GET',
    path: `/api/v1/apps/resources/${metric}/allocated`,
    // No row of its own: the allocation of E055 / E057 over every cluster.
    specIds: [specId],
    tags: ['apps'],
    summary: `${metric === 'cpu' ? 'Vcores' : 'Memory (MB)'} allocated to the apps over time, as the real product's reference documents it`,
    description:
      `${NOT_IN_SPEC} this path ("allocated ${metric} by app type", a ResourceResponse). What Yarn allocates ` +
      'is what its apps hold, so this answers /clusters/resources/' +
      `${metric}/allocated's numbers (the averages of /clusters/*/resources/${metric}/allocated), in its flat ` +
      `map {"<epoch ms>": value}, ${metric === 'cpu' ? 'vcores as strings' : 'MB as numbers'}. from/to as ` +
      'YYYY-MM-DD or epoch seconds (default the last hour), interval as there.',
    querystring: ResourceSeriesQuerySchema,
    response: DocumentedResourceMapSchema,
  })

/** The reference's documented operations of the console's areas that the tables above lack (issue 21). */
export const referenceOpsEndpoints = defineEndpoints({
  clusterNames: {
    method: 'GET',
    path: '/api/v1/clusters',
    // No row of its own: the cluster picker's clusters (E007), by name.
    specIds: ['E007'],
    tags: ['clusters'],
    summary: "The names of the user's clusters, as the real product's reference documents it",
    description:
      `${NOT_IN_SPEC} GET /clusters: ["<cluster name>"]. The clusters of the user's platform (every kind) ` +
      'whose lifetime meets start_time-end_time (YYYY-MM-DD, epoch seconds or ISO; a date-only end_time ' +
      "is the end of that day; either may be left out), cluster_search's clusters by name.",
    querystring: ReferenceClustersQuerySchema,
    response: ReferenceClusterNamesSchema,
  },
  runningApps: {
    method: 'GET',
    path: '/api/v1/apps/status/running/',
    // No row of its own: E028's running and pending buckets.
    specIds: ['E028'],
    tags: ['apps'],
    summary: "Apps running and pending now, as the real product's reference documents it",
    description:
      `${NOT_IN_SPEC} this path, with the trailing slash and no parameters: {date, appsRunning, appsPending} ` +
      "(REAL-API-NOTES §7's example; the Swagger file's arrays are not what the examples show). The " +
      "counts of /jobs/bystatus's running and pending buckets, which also takes its window " +
      '(start_time/end_time or from/to: the apps running at its end), kind and clusterUid.',
    querystring: JobBucketsQuerySchema,
    response: ReferenceRunningAppsSchema,
  },
  finishedApps: {
    method: 'GET',
    path: '/api/v1/apps/status/finished/',
    // No row of its own: E031's finished buckets.
    specIds: ['E031'],
    tags: ['apps'],
    summary: "Apps finished per day, by final status, as the real product's reference documents it",
    description:
      `${NOT_IN_SPEC} this path, with the trailing slash and no parameters: [{date, SUCCEEDED, FAILED, KILLED}], ` +
      'a key left out when its count is 0. One point per day of the window from its start (date: the ' +
      "point's end, epoch ms), each /jobs/finished/bystatus's success, failed and killed counts over that day, " +
      'so the points add up to its counts over the window. Takes its window (default the last day, at most ' +
      '31 days), kind and clusterUid.',
    querystring: JobBucketsQuerySchema,
    response: ReferenceFinishedAppsSchema,
  },
  appsCpuAllocated: appsAllocated('cpu', 'E055'),
  appsMemoryAllocated: appsAllocated('memory', 'E057'),
  killApp: {
    method: 'GET',
    path: '/api/v1/yarn_rm/kill_app',
    // No row of its own: E123 in the reference's query form.
    specIds: ['E123'],
    tags: ['apps'],
    summary: "Yarn kill by clusterid and appid, as the real product's reference documents it",
    description:
      `${NOT_IN_SPEC} GET /yarn_rm/kill_app?clusterid=&appid= ("returns the status code only"): the kill of ` +
      `/yarn_rm/kill_app/{id}, with its answer and effect. ${YARN_REFUSALS}`,
    access: { roles: ['admin', 'user'] },
    querystring: ReferenceKillQuerySchema,
    response: YarnActionResultSchema,
    errors: [404, 409],
    changesState: true,
  },
  moveApp: {
    method: 'GET',
    path: '/api/v1/yarn_rm/move_app',
    // No row of its own: E124 in the reference's query form.
    specIds: ['E124'],
    tags: ['apps'],
    summary: "Yarn move by clusterid, appid and queue, as the real product's reference documents it",
    description:
      `${NOT_IN_SPEC} GET /yarn_rm/move_app?clusterid=&appid=&queue= ("returns the status code only"): the move ` +
      `of /yarn_rm/move_app/{id}, with its answer, effect and queue rules (400 empty or unknown queue). ${YARN_REFUSALS}`,
    access: { roles: ['admin', 'user'] },
    querystring: ReferenceMoveQuerySchema,
    response: YarnActionResultSchema,
    errors: [404, 409],
    changesState: true,
  },
  workflows: {
    method: 'GET',
    path: '/api/v1/workflows',
    // No catalogue row: the pipeline runs (R111's list, /workflows/pipelines/{pipeline}/runs) per name.
    specIds: ['R111'],
    tags: ['workflows'],
    summary:
      "Workflows with their run count and duration stats, as the real product's reference documents it",
    description:
      `${NOT_IN_SPEC} GET /workflows: {"<name>": {key, doc_count, duration_stats: {count, min, max, avg, sum}}} ` +
      '(REAL-API-NOTES §7). A workflow is a recurring pipeline; its runs are those /workflows/pipelines/{name}/runs ' +
      'lists (pipeline × cluster × UTC day), durations in ms. from/to (or start_time/end_time) as YYYY-MM-DD or ' +
      'epoch seconds; default the last 7 days, at most 31; whole UTC days, as the runs list.',
    querystring: ReferenceWorkflowsQuerySchema,
    response: ReferenceWorkflowsSchema,
  },
  missingSla: {
    method: 'GET',
    path: '/api/v1/workflows/missing_sla',
    // No catalogue row: the runs of R111's list whose apps carry the SLA Missed event.
    specIds: ['R111'],
    tags: ['workflows'],
    summary: "Workflow runs that missed their SLA, as the real product's reference documents it",
    description:
      `${NOT_IN_SPEC} GET /workflows/missing_sla?from=&to= (MissingSlaResponse: duration, avgDuration, user, name). ` +
      "A run missed its SLA when one of its apps carries the seeded 'SLA Missed' event (the one the app's " +
      "events and insights show); duration is the run's (ms), avgDuration its workflow's average over the " +
      "window's runs, user and name the run's; id names the run. Latest first; the window as /workflows.",
    querystring: ReferenceWorkflowsQuerySchema,
    response: ReferenceMissingSlaSchema,
  },
})
