import {
  AppAnalysisSchema,
  AppAnnotationSchema,
  AppAttemptParamsSchema,
  SparkAttemptParamsSchema,
  AppAttemptStatusSchema,
  AppClusterIdParamsSchema,
  AppDetailsSummarySchema,
  AppErrorViewSchema,
  AppDetailsEventsQuerySchema,
  AppDetailsEventsSchema,
  AppIdParamsSchema,
  AppResourceMetricsSchema,
  AppResourceUsageSchema,
  AppSummaryAnnotationSchema,
  AppTagsSchema,
  CanAccessBodySchema,
  CanAccessResponseSchema,
  ResourceMetricsQuerySchema,
  ResourceUsageQuerySchema,
} from '../contracts/app-details-common.ts'
import type { TSchema } from 'typebox'
import { defineEndpoint, defineEndpoints } from './endpoint.ts'

/*
 * The application-details calls every application type shares (02 §7 Application details, issue 17;
 * catalogue area app-details). Each answers from the app's record (its row, its app_events and
 * app_tags) and the derivations of simulator/src/details, so the same app always shows the same
 * details. Every call but can_access first checks the app: 404 'Information for this application
 * {id} is not available.' when no app has the id, 403 '… is forbidden.' when it is on a cluster of
 * another platform (or not on the cluster the path names).
 */
const tags = ['app-details'] as const
const REFUSALS =
  "404 'Information for this application {id} is not available.' for an unknown id; 403 '… is forbidden.' " +
  "for another platform's app."

const errorview = (path: string, specId: string, types: string) =>
  defineEndpoint({
    method: 'GET',
    path,
    specIds: [specId],
    tags,
    summary: `The error view of ${types}: why it failed and the errors that show it`,
    description:
      "failure is the app's derived diagnosis (category memory, shuffle, user-code or killed; its kind; YARN's " +
      'diagnostics; the errors, root cause first, each naming its stage, task, executor or container with log ' +
      `lines around it), null when the app did not fail or get killed. An app of another type answers 404. ${REFUSALS}`,
    params: AppIdParamsSchema,
    response: AppErrorViewSchema,
    errors: [404],
  })

const generic = <R extends TSchema>(resource: string, specId: string, summary: string, response: R) =>
  defineEndpoint({
    method: 'GET',
    path: `/api/v1/{type}/{id}/{attempt}/${resource}`,
    specIds: [specId],
    tags,
    summary,
    description:
      `${summary}. type is the details page's (spark, mr, jobs, hive, hive_queries, tez, impala, presto, bigquery, ` +
      'workflow) and must be the app’s own (workflow takes any run of a pipeline); attempt is the 1-based attempt ' +
      '(at most the app’s appAttempts). The same path also serves the /{type}/{clusterUid}/{appId}/' +
      `${resource} form (REAL-API-NOTES §4): when the second segment is no app id and the third is, the ` +
      'second names the cluster and the last attempt is read. Paths of a type the typed routes serve with the ' +
      `same shape (/spark/{cluster}/{appId}/jobs …) are theirs; these five resources are only served here. ${REFUSALS}`,
    params: AppAttemptParamsSchema,
    response,
    errors: [404],
  })

/*
 * The Spark form of the generic calls. The Spark details register /spark/{platform}/{id}/{section}
 * (02 §7), whose last parameter would take /spark/{id}/{attempt}/analysis away from the generic
 * /{type}/… route (the router prefers the static 'spark' branch and does not come back). These
 * entries give the same five resources static last segments under /spark, which win over
 * {section}; they serve exactly what the generic route serves with type spark.
 */
const sparkForm = <R extends TSchema>(resource: string, specId: string, summary: string, response: R) =>
  defineEndpoint({
    method: 'GET',
    path: `/api/v1/spark/{id}/{attempt}/${resource}`,
    specIds: [specId],
    tags,
    summary: `${summary} (Spark)`,
    description:
      `/api/v1/{type}/{id}/{attempt}/${resource} with type spark, registered with a static 'spark' so it wins over ` +
      `/spark/{platform}/{id}/{section}. Also the /spark/{clusterUid}/{appId}/${resource} form. ${REFUSALS}`,
    params: SparkAttemptParamsSchema,
    response,
    errors: [404],
  })

export const appDetailsEndpoints = defineEndpoints({
  summary: {
    method: 'POST',
    path: '/api/v1/apps/{id}/summary/',
    specIds: ['E081'],
    tags,
    summary: "The details header: the app's status, times, cost, user, queue, cluster and I/O",
    description:
      'Times epoch ms, duration ms (a running app up to now), cents US cents, memorySeconds MB·s, I/O bytes. ' +
      `mrJobIds and tezJobIds list the child jobs a Hive query ran. ${REFUSALS}`,
    params: AppIdParamsSchema,
    response: AppDetailsSummarySchema,
    errors: [404],
  },
  resourceMetrics: {
    method: 'GET',
    path: '/api/v1/apps/{id}/resource_metrics',
    specIds: ['E082'],
    tags,
    summary: 'The memory (MB) and vcores allocated to the app over its life, in buckets',
    description:
      "Over [start_time, end_time] (epoch ms or ISO) cut to the app's life, default all of it: points [bucket start, " +
      'mean allocation], stepMs apart (at most 500 points over the life). Σ value × bucket length over the whole life ' +
      'gives the record’s memory_seconds (MB·s) and vcore_seconds. allocatedMB is in MB: the client converts it to ' +
      `bytes (× 1,048,576, allocatedMbToBytes). start_time after end_time answers 400. ${REFUSALS}`,
    params: AppIdParamsSchema,
    querystring: ResourceMetricsQuerySchema,
    response: AppResourceMetricsSchema,
    errors: [404],
  },
  resourceUsage: {
    method: 'GET',
    path: '/api/v1/apps/{id}/resource_usage',
    specIds: ['E083'],
    tags,
    summary:
      'One resource series of the app (metric_id allocatedMB or allocatedVCores), for the resource charts',
    description:
      'The same series as resource_metrics, one metric at a time, over [start_time, end_time] cut to the life. ' +
      'version=true is accepted as the console sends it. attempt_id above the app’s attempts answers 400. ' +
      REFUSALS,
    params: AppIdParamsSchema,
    querystring: ResourceUsageQuerySchema,
    response: AppResourceUsageSchema,
    errors: [404],
  },
  canAccess: {
    method: 'POST',
    path: '/api/v1/apps/{id}/can_access',
    specIds: ['E084'],
    tags,
    summary: 'Whether the app exists and whether the user may read it (on cluster_uid, when named)',
    description:
      'Never refuses: an unknown id answers {canAccessApp: false, appExist: false}; an app of another platform or ' +
      "not on the named cluster {canAccessApp: false, appExist: true}. The details page shows 02 §8's forbidden or " +
      'not-available text from these before it fetches anything else. The body is optional.',
    params: AppIdParamsSchema,
    body: CanAccessBodySchema,
    response: CanAccessResponseSchema,
  },
  errorviewJobs: errorview('/api/v1/jobs/{id}/errorview', 'E085', 'a MapReduce or Tez job'),
  errorviewHive: errorview('/api/v1/hive_queries/{id}/errorview', 'E086', 'a Hive query'),
  errorviewSpark: errorview('/api/v1/spark/{id}/errorview', 'E087', 'a Spark app'),
  errorviewImpala: errorview('/api/v1/impala/{id}/errorview', 'E088', 'an Impala query'),
  errorviewWorkflow: errorview(
    '/api/v1/workflow/{id}/errorview',
    'E089',
    'a workflow run (any app of a pipeline)',
  ),
  events: {
    method: 'GET',
    path: '/api/v1/apps/events/events',
    specIds: ['E090'],
    tags,
    summary: "The app's insight events, each explained from its own figures, with its category",
    description:
      'One per event of the app (its numEvents), plus the failure diagnosis of a failed or killed app that carries ' +
      'no Application Failure event. category per 02 §4 (SU → RE, but NA for a failed app; IR, IA → EF; AF; SE). ' +
      `A Data Skew event names the skewed Spark stage. ${REFUSALS}`,
    querystring: AppDetailsEventsQuerySchema,
    response: AppDetailsEventsSchema,
    errors: [404],
  },
  jobEvents: {
    method: 'GET',
    path: '/api/v1/jobs/{id}/events',
    specIds: ['E091'],
    tags,
    summary: 'The insight events of a job (any application id): as /apps/events/events',
    params: AppIdParamsSchema,
    response: AppDetailsEventsSchema,
    errors: [404],
  },
  tags: {
    method: 'GET',
    path: '/api/v1/apps/{id}/tags',
    specIds: ['E093'],
    tags,
    summary: "The app's tags: each key with its values (RealUser left out)",
    description: REFUSALS,
    params: AppIdParamsSchema,
    response: AppTagsSchema,
    errors: [404],
  },
  clusterTags: {
    method: 'GET',
    path: '/api/v1/apps/{cluster}/{id}/tags',
    specIds: ['E094'],
    tags,
    summary: "The app's tags, the app looked up on the cluster named ('*' any)",
    description: `An app that is not on the cluster named answers 403. ${REFUSALS}`,
    params: AppClusterIdParamsSchema,
    response: AppTagsSchema,
    errors: [404],
  },
  mrAnnotation: {
    method: 'GET',
    path: '/api/v1/mr/{id}/annotation',
    specIds: ['E095'],
    tags,
    summary:
      "A MapReduce job's annotation: the 02 §2 fields with its JobHistory job, task summaries and counters",
    description:
      "mr.job's map and reduce counts are the record's sm/km/fm and sr/kr/fr. An app that is not MapReduce " +
      `answers 404. ${REFUSALS}`,
    params: AppIdParamsSchema,
    response: AppAnnotationSchema,
    errors: [404],
  },
  attemptAnnotation: generic(
    'annotation',
    'E143',
    'The annotation of an application attempt',
    AppAnnotationSchema,
  ),
  attemptStatus: generic('status', 'E144', 'The status of an application attempt', AppAttemptStatusSchema),
  attemptAnalysis: generic(
    'analysis',
    'E145',
    'The insights of an application attempt by category, and the recommendation to show',
    AppAnalysisSchema,
  ),
  attemptAppSummary: generic(
    'appsummary',
    'E146',
    'The appsummary of an application attempt: cents, dbuCost and runInfo (a JSON string)',
    AppSummaryAnnotationSchema,
  ),
  attemptErrors: generic('errors', 'E147', 'The errors of an application attempt', AppErrorViewSchema),
  sparkAttemptAnnotation: sparkForm(
    'annotation',
    'E143',
    'The annotation of an application attempt',
    AppAnnotationSchema,
  ),
  sparkAttemptStatus: sparkForm(
    'status',
    'E144',
    'The status of an application attempt',
    AppAttemptStatusSchema,
  ),
  sparkAttemptAnalysis: sparkForm(
    'analysis',
    'E145',
    'The insights of an application attempt',
    AppAnalysisSchema,
  ),
  sparkAttemptAppSummary: sparkForm(
    'appsummary',
    'E146',
    'The appsummary of an application attempt',
    AppSummaryAnnotationSchema,
  ),
  sparkAttemptErrors: sparkForm('errors', 'E147', 'The errors of an application attempt', AppErrorViewSchema),
})
