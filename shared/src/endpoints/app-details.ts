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
import {
  AppCommentBodySchema,
  AppCommentSchema,
  AppCommentsSchema,
  AppTagsBodySchema,
  AppViolationsSchema,
  LoadLogsQuerySchema,
  LoadLogsResponseSchema,
  LogStatusQuerySchema,
  LogTaskStatusesSchema,
  MoveQueueQuerySchema,
  ViolationsByAppQuerySchema,
  YarnActionResultSchema,
} from '../contracts/app-writes.ts'
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
      'One resource series of the app (metric_id allocatedMB, allocatedVCores; 115, 125), for the resource charts',
    description:
      'The same series as resource_metrics, one metric at a time, over [start_time, end_time] cut to the life. ' +
      'version=true is accepted as the console sends it. attempt_id above the app’s attempts answers 400. ' +
      "Also the metric_id codes of the real product's public REST reference (4.6), from a Spark app's seeded JVM " +
      "figures: 125 maxHeap (MB: the JVMs' heaps, each its container's memory less the tenth Spark adds) and 115 " +
      'gcLoad (percent: the stages’ GC time over their task time); another kind answers 400, and 138 vmRss, 137 ' +
      'availableMemory, 135 systemCpuLoad, 134 processCpuLoad and 126 usedHeap (not seeded) answer 400 naming the ' +
      `codes that answer. ${REFUSALS}`,
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

  // ---- The writes (issue 17 task d): stored in SQLite, they survive a restart; /__sim/reset seeds again. ----
  sendComment: {
    method: 'POST',
    path: '/api/v1/apps/{id}/send_comment',
    specIds: ['E080'],
    tags,
    summary: 'Adds a comment to the app, stored with its author (the signed-in user) and time',
    description:
      'comment: 1 to 2,000 characters, not blank after trimming (400). Answers the stored comment (the spec shows ' +
      `no answer and the console treats null as a failure); GET /apps/{id}/comments lists them. ${REFUSALS}`,
    params: AppIdParamsSchema,
    body: AppCommentBodySchema,
    response: AppCommentSchema,
    errors: [404],
    changesState: true,
  },
  comments: {
    method: 'GET',
    path: '/api/v1/apps/{id}/comments',
    // No catalogue row: the screen it serves (the details page's comments, R113 /app/application/{appType}).
    specIds: ['R113'],
    pathIsOurs: true,
    tags,
    summary: "The app's comments, oldest first, each with its author and time (epoch ms)",
    description: `Path of costlens: the spec shows how a comment is sent, not how the page reads them. ${REFUSALS}`,
    params: AppIdParamsSchema,
    response: AppCommentsSchema,
    errors: [404],
  },
  recentViolationsByApp: {
    method: 'GET',
    path: '/api/v1/autoactions/recent_violations_by_app',
    specIds: ['E122'],
    tags,
    summary: 'The auto-action policies the app violated, newest first: {eventTime, eventName}, 10 by default',
    description:
      "The enabled seeded policies' rules applied to the app's record (the same rules as " +
      '/autoactions/recent_violations, so both agree): a long-running policy fires at start + its threshold, a ' +
      'memory policy at the finish. Only Yarn apps (mr, hive, spark, tez) are watched. clusterUid, when named, must ' +
      `be the app's cluster (403 otherwise). ${REFUSALS}`,
    querystring: ViolationsByAppQuerySchema,
    response: AppViolationsSchema,
    errors: [404],
  },
  killApp: {
    method: 'GET',
    path: '/api/v1/yarn_rm/kill_app/{id}',
    specIds: ['E123'],
    tags,
    summary: 'Yarn kill: the running app gets status K and finishes now (the simulated clock)',
    description:
      "Its duration becomes now minus its start; its cost and resource use stay the record's. Every list and count " +
      '(applications, running list, job counts, cluster figures, search totals) shows the kill at once. 403 for a ' +
      "read-only admin, and for a user acting on another user's app (the app's user is not the signed-in username; " +
      "admins may act on any app). 409 when the app is not running; 400 when its cluster is '-'. " +
      REFUSALS,
    access: { roles: ['admin', 'user'] },
    params: AppIdParamsSchema,
    response: YarnActionResultSchema,
    errors: [404, 409],
    changesState: true,
  },
  moveApp: {
    method: 'GET',
    path: '/api/v1/yarn_rm/move_app/{id}',
    specIds: ['E124'],
    tags,
    summary: 'Yarn move: the running app goes to another queue, shown in every list and total',
    description:
      "queue is trimmed; empty answers 400 'Queue can't be empty' (02 §5); at most 100 characters of letters, digits " +
      "and . _ -; a queue the app's cluster does not have (its capacity-scheduler queues) answers 400. The same refusals as kill_app: 403 read-only admin or another user's app, 409 not running, 400 " +
      `cluster '-'. ${REFUSALS}`,
    access: { roles: ['admin', 'user'] },
    params: AppIdParamsSchema,
    querystring: MoveQueueQuerySchema,
    response: YarnActionResultSchema,
    errors: [404, 409],
    changesState: true,
  },
  loadLogs: {
    method: 'GET',
    path: '/api/v1/celery/load_logs',
    specIds: ['E125'],
    tags,
    summary: "Starts loading a Spark app's executor logs: answers the task to poll",
    description:
      'A stored task, STARTED for the app’s own 3 to 12 simulated seconds, then SUCCESS, or FAILURE with a message ' +
      'for one app in seven (both by app id, so always the same). An app whose logs are loaded answers ' +
      "alreadyLoaded true with the task that loaded them ('' when the seed's sensor did). Spark apps only (404 for " +
      `another type). ${REFUSALS}`,
    querystring: LoadLogsQuerySchema,
    response: LoadLogsResponseSchema,
    errors: [404],
    changesState: true,
  },
  logLoadStatus: {
    method: 'GET',
    path: '/api/v1/apps/loadApplicationsLogStatus',
    specIds: ['E126'],
    tags,
    summary:
      "The app's log-load tasks, newest first: {task_id, task_status STARTED | SUCCESS | FAILURE, failure_message}",
    description: `With task_id, that task only (404 when the app has no such task). ${REFUSALS}`,
    querystring: LogStatusQuerySchema,
    response: LogTaskStatusesSchema,
    errors: [404],
  },
  setTags: {
    method: 'PUT',
    path: '/api/v1/apps/{id}/tags',
    // No catalogue row: the spec reads an app's tags (E093) but shows no way to set them; the details
    // page's tag editor (R113 /app/application/{appType}) needs one.
    specIds: ['R113'],
    pathIsOurs: true,
    tags,
    summary: "Replaces the app's tags (key → value pairs); answers them as GET /apps/{id}/tags does",
    description:
      'Path of costlens. At most 50 pairs; a key 1–64 and a value 1–128 characters of letters, digits, . _ - : / @ ' +
      "and single inner spaces; the same pair twice is kept once. RealUser is the owner's identity, not a tag: it is " +
      "kept as seeded and sending it answers 400. Stored in app_tags, and each pair is seen on the app's cluster over its " +
      "life (the tag filters' options, GET /search/tags), so the lists' tag filters and chargeback by " +
      'tag see the change at once. 403 for a read-only admin. ' +
      REFUSALS,
    access: { roles: ['admin', 'user'] },
    params: AppIdParamsSchema,
    body: AppTagsBodySchema,
    response: AppTagsSchema,
    errors: [404],
    changesState: true,
  },
})
