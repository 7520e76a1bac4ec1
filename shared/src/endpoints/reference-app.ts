import {
  AppAnalysisSchema,
  AppAttemptStatusSchema,
  AppDetailsSummarySchema,
  AppErrorViewSchema,
  AppSummaryAnnotationSchema,
} from '../contracts/app-details-common.ts'
import {
  REFERENCE_DETAILS_MAX_DAYS,
  REFERENCE_DETAILS_PAGE_SIZE,
  ReferenceAppDetailsQuerySchema,
  ReferenceAppDetailsSchema,
  ReferenceAppErrorsQuerySchema,
  ReferenceAppExtendedSummarySchema,
  ReferenceAppLogsSchema,
  ReferenceAppParamsSchema,
} from '../contracts/reference-app.ts'
import type { TSchema } from 'typebox'
import { defineEndpoint, defineEndpoints } from './endpoint.ts'

/*
 * The real product's documented application operations (issue 21): its public REST reference (4.6)
 * lists GET /common/app/{app_id}/… and /common/app/details under Applications, and documents their
 * answers only as ["string"]. Each is served beside the console's calls and answers what its twin
 * answers, from the same repository functions, so a script and the console read the same numbers.
 */
const tags = ['app-details'] as const
const NOT_IN_SPEC = "Not in the spec: the real product's public REST reference (4.6) documents"
const REFUSALS =
  "404 'Information for this application {id} is not available.' for an unknown id; 403 '… is forbidden.' " +
  "for another platform's app."
const LAST_ATTEMPT = "the app's last attempt (the path names none)"

/** GET /common/app/{app_id}/{resource}: the reference documents the path and ["string"]. */
const ofApp = <R extends TSchema>(
  resource: string,
  twin: { specIds: readonly string[]; call: string },
  summary: string,
  answer: string,
  response: R,
) =>
  defineEndpoint({
    method: 'GET',
    path: `/api/v1/common/app/{app_id}/${resource}`,
    specIds: twin.specIds,
    tags,
    summary,
    description:
      `${NOT_IN_SPEC} GET /common/app/{app_id}/${resource} with its answer as ["string"]: this answers ${answer}, ` +
      `what ${twin.call} answers. ${REFUSALS}`,
    params: ReferenceAppParamsSchema,
    response,
    errors: [404],
  })

export const referenceAppEndpoints = defineEndpoints({
  recommendation: ofApp(
    'recommendation',
    { specIds: ['E145'], call: 'GET /{type}/{id}/{attempt}/analysis (E145)' },
    "The real product's documented app recommendation: the insights by category and the recommendation",
    `the insights of ${LAST_ATTEMPT} by category with the recommendation to show`,
    AppAnalysisSchema,
  ),
  appSummary: ofApp(
    'appsummary',
    { specIds: ['E146'], call: 'GET /{type}/{id}/{attempt}/appsummary (E146)' },
    "The real product's documented app summary: {annotation: {cents, dbuCost, runInfo}}",
    `{annotation: {cents, dbuCost, runInfo (a JSON string)}} of ${LAST_ATTEMPT}, REAL-API-NOTES §4's form`,
    AppSummaryAnnotationSchema,
  ),
  extendedSummary: ofApp(
    'extendedsummary',
    { specIds: ['E081', 'E145'], call: 'POST /apps/{id}/summary/ (E081) and …/analysis (E145) answer' },
    "The real product's documented summary and recommendation of an app, side by side",
    '{summary, analysis}: the details header (times epoch ms, duration ms, cents, memorySeconds MB·s, I/O ' +
      `bytes) and the insights with the recommendation of ${LAST_ATTEMPT}`,
    ReferenceAppExtendedSummarySchema,
  ),
  status: ofApp(
    'status',
    { specIds: ['E144'], call: 'GET /{type}/{id}/{attempt}/status (E144)' },
    "The real product's documented app status: the status code and word, times and diagnostics",
    `the status of ${LAST_ATTEMPT} (code S, F, K, P, R, U, W and its word; times epoch ms, duration ms)`,
    AppAttemptStatusSchema,
  ),
  errors: defineEndpoint({
    ...ofApp(
      'errors',
      { specIds: ['E147'], call: 'GET /{type}/{id}/{attempt}/errors (E147)' },
      "The real product's documented app errors (?apiMode=1): the failure and the errors that show it",
      `the error view of ${LAST_ATTEMPT}: failure null unless it failed or was killed. The reference writes the ` +
        'path errors?apiMode=1; apiMode is read as a query parameter and 1 is the only value taken',
      AppErrorViewSchema,
    ),
    querystring: ReferenceAppErrorsQuerySchema,
  }),
  logs: ofApp(
    'logs',
    { specIds: ['E126'], call: 'GET /apps/loadApplicationsLogStatus (E126)' },
    "The real product's documented app logs: whether they are loaded and the loads asked for",
    '{id, kind, logsLoaded, tasks}: whether the executor logs are loaded (the sensor, or a load that ' +
      'succeeded, as GET /celery/load_logs decides) and the load tasks newest first, each {task_id, task_status, ' +
      'failure_message}; it starts no load',
    ReferenceAppLogsSchema,
  ),
  summary: defineEndpoint({
    method: 'GET',
    path: '/api/v1/common/app/{app_id}/summary',
    specIds: ['E081'],
    tags,
    summary:
      "The real product's documented app summary (REAL-API-NOTES §4): POST /apps/{id}/summary/'s answer",
    description:
      `${NOT_IN_SPEC} (its documentation page, REAL-API-NOTES §4) GET /common/app/{id}/summary with startTime ` +
      '(epoch ms), duration (ms), cents, vcoreSeconds, memorySeconds (MB·s), status, kind, mrJobIds and ' +
      `totalDfsBytesRead/Written (bytes): POST /apps/{id}/summary/ (E081)'s answer, which has them all. ${REFUSALS}`,
    params: ReferenceAppParamsSchema,
    response: AppDetailsSummarySchema,
    errors: [404],
  }),
  details: defineEndpoint({
    method: 'GET',
    path: '/api/v1/common/app/details',
    // No row of its own: E014's search, one page at a time.
    specIds: ['E014'],
    tags: ['apps'],
    summary: "The real product's documented apps with consolidated data: a page of the unified search",
    description:
      `${NOT_IN_SPEC} GET /common/app/details?from=&to=&appTypes=&appStatus=&page= with its answer as ["string"]: ` +
      `page (1-based) of ${REFERENCE_DETAILS_PAGE_SIZE} apps of the window, what POST /apps/search answers for the ` +
      `same window and filters with from (page - 1) × ${REFERENCE_DETAILS_PAGE_SIZE}, size ` +
      `${REFERENCE_DETAILS_PAGE_SIZE}: the documented result fields and the metadata (totalRecords…). from/to are ` +
      `days YYYY-MM-DD (UTC), to included whole (an ISO time or epoch seconds is that instant); default the last 7 ` +
      `days, at most ${REFERENCE_DETAILS_MAX_DAYS}. appTypes and appStatus take the reference's values, comma-` +
      'separated (cascading and pig apps are never seeded). Running-only searches (appStatus R) ignore the window, ' +
      'as unifiedsearch.',
    querystring: ReferenceAppDetailsQuerySchema,
    response: ReferenceAppDetailsSchema,
  }),
})
