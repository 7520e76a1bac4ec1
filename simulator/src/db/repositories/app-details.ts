import { isStreamingApp } from '../../details/spark-streaming.ts'
import {
  APP_STATUS_LABELS,
  type AppAnnotation,
  type AppAttemptStatus,
  type AppDetailsEvents,
  type AppDetailsSummary,
  type AppErrorView,
  type AppResourceSeries,
  type AppResourceUsage,
  type AppStatusCode,
  type AppSummaryAnnotation,
  type AppTags,
  type DetailsPathType,
  type ResourceMetricsQuery,
  type ResourceUsageMetric,
  type ResourceUsageQuery,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import { deriveFailure, deriveMr, deriveResources, type DetailsRecord } from '../../details/index.ts'
import type { Db } from '../open-database.ts'
import type { AppRow } from '../seed/applications.ts'
import { cachedStatement } from '../statement-cache.ts'
import { appAccess, appNotAvailable, readableApp } from './app-access.ts'
import { appAnalysis, appInsightEvents, type StoredEvent } from './app-insights.ts'
import { instant } from './applications.ts'
import { isDocumentedMetric, jvmSeries } from './reference-app-jvm.ts'
import type { ClusterScope } from './scope.ts'

/**
 * The application-details calls every type shares (02 §7, issue 17): each reads the app through
 * readableApp (404 not available, 403 forbidden, before anything is derived) and answers from its
 * record, its stored events and tags, and the derivations of src/details.
 */

export type ReadableApp = AppRow & DetailsRecord

const statusLong = (code: string) => APP_STATUS_LABELS[code as AppStatusCode] ?? 'unknown'

/** The end of the app's life as the lists show it: its finish time, or null while it runs. */
const endTime = (app: ReadableApp) =>
  app.status === 'R' ? null : (app.finished_time ?? app.start_time + app.duration)
const durationSoFar = (app: ReadableApp, now: number) =>
  app.status === 'R' ? Math.max(0, now - app.start_time) : Math.max(0, app.duration)

function childIds(db: Db, app: ReadableApp): { mr: string[]; tez: string[] } {
  const rows = cachedStatement(
    db,
    'SELECT id, kind FROM applications WHERE parent_id = ? ORDER BY start_time, id',
  ).all(app.id) as { id: string; kind: string }[]
  return {
    mr: rows.filter((r) => r.kind === 'mr').map((r) => r.id),
    tez: rows.filter((r) => r.kind === 'tez').map((r) => r.id),
  }
}

/** POST /apps/{id}/summary/ (E081). */
export function appDetailsSummary(db: Db, scope: ClusterScope, id: string, now: number): AppDetailsSummary {
  const app = readableApp(db, scope, id)
  const children = childIds(db, app)
  return {
    id: app.id,
    name: app.name,
    kind: app.kind,
    status: app.status,
    statusLong: statusLong(app.status),
    user: app.user,
    queue: app.queue,
    clusterUid: app.cluster_uid,
    clusterType: app.cluster_type,
    parentId: app.parent_id,
    startTime: app.start_time,
    endTime: endTime(app),
    duration: durationSoFar(app, now),
    cents: app.cents,
    vcoreSeconds: app.vcore_seconds,
    memorySeconds: app.memory_seconds,
    totalDfsBytesRead: app.dfs_read,
    totalDfsBytesWritten: app.dfs_written,
    numEvents: app.num_events,
    appAttempts: app.app_attempts,
    mrJobIds: app.kind === 'mr' ? [app.id] : children.mr,
    tezJobIds: app.kind === 'tez' ? [app.id] : children.tez,
    streaming: isStreamingApp(app),
  }
}

/** The window [start_time, end_time] cut to the app's life; 400 when it is upside down. */
function window(query: { start_time?: string; end_time?: string }) {
  const from = instant(query.start_time, 'start_time', 'querystring')
  const to = instant(query.end_time, 'end_time', 'querystring')
  if (from !== undefined && to !== undefined && from > to)
    throw new HttpError(
      400,
      `querystring/start_time (${query.start_time}) must not be after end_time (${query.end_time})`,
    )
  return { from: from ?? -Infinity, to: to ?? Infinity }
}

/** Whether a bucket of stepMs starting at t overlaps [from, to]. */
const overlaps =
  (stepMs: number, from: number, to: number) =>
  ([t]: [number, number]) =>
    t + stepMs > from && t <= to

/** The buckets of a series that overlap [from, to]. */
function cut(series: AppResourceSeries, from: number, to: number): AppResourceSeries {
  const keep = overlaps(series.stepMs, from, to)
  return {
    ...series,
    allocatedMB: series.allocatedMB.filter(keep),
    allocatedVCores: series.allocatedVCores.filter(keep),
  }
}

/** GET /apps/{id}/resource_metrics (E082). */
export function appResourceMetrics(
  db: Db,
  scope: ClusterScope,
  id: string,
  query: ResourceMetricsQuery,
  now: number,
): AppResourceSeries {
  const app = readableApp(db, scope, id)
  const { from, to } = window(query)
  return cut(deriveResources(app, now), from, to)
}

/** GET /apps/{id}/resource_usage (E083). */
export function appResourceUsage(
  db: Db,
  scope: ClusterScope,
  id: string,
  query: ResourceUsageQuery,
  now: number,
): AppResourceUsage {
  const app = readableApp(db, scope, id)
  const attempts = Math.max(1, app.app_attempts)
  const attempt = query.attempt_id ?? attempts
  if (attempt > attempts)
    throw new HttpError(
      400,
      `querystring/attempt_id ${attempt}: application ${app.id} has ${attempts} attempt(s)`,
    )
  const { from, to } = window(query)
  const metric = query.metric_id
  // The real product's documented codes (115 gcLoad, 125 maxHeap: Spark's JVM figures; the others 400).
  if (isDocumentedMetric(metric)) {
    const jvm = jvmSeries(app, metric, now)
    return {
      metricId: metric as ResourceUsageMetric,
      attempt,
      ...jvm,
      data: jvm.data.filter(overlaps(jvm.stepMs, from, to)),
    }
  }
  const series = cut(deriveResources(app, now), from, to)
  return {
    metricId: metric,
    unit: metric === 'allocatedMB' ? 'MB' : 'vcores',
    attempt,
    startTime: series.startTime,
    endTime: series.endTime,
    stepMs: series.stepMs,
    data: metric === 'allocatedMB' ? series.allocatedMB : series.allocatedVCores,
  }
}

/** POST /apps/{id}/can_access (E084): never refuses. */
export const appCanAccess = appAccess

/** The kinds each errorview path and details type serves; workflow takes any run of a pipeline. */
const KINDS_OF: Record<DetailsPathType, readonly string[] | null> = {
  spark: ['spark'],
  mr: ['mr'],
  jobs: ['mr', 'tez'],
  hive: ['hive'],
  hive_queries: ['hive'],
  tez: ['tez'],
  impala: ['impala'],
  presto: ['presto'],
  // A BigQuery job is not an application (issue 19): its details are E167's, so this path finds none.
  bigquery: [],
  workflow: null,
}

/** The app when it is of the path's type; else 404 (an id of another type is not on that page). */
function ofType(app: ReadableApp, type: DetailsPathType): ReadableApp {
  const kinds = KINDS_OF[type]
  if (kinds && !kinds.includes(app.kind)) throw appNotAvailable(app.id)
  return app
}

function errorView(app: ReadableApp, now: number): AppErrorView {
  const failure = app.status === 'F' || app.status === 'K' ? deriveFailure(app, now) : null
  return { id: app.id, kind: app.kind, status: app.status, failure }
}

/** GET /{jobs|hive_queries|spark|impala|workflow}/{id}/errorview (E085–E089). */
export function appErrorView(
  db: Db,
  scope: ClusterScope,
  type: DetailsPathType,
  id: string,
  now: number,
): AppErrorView {
  return errorView(ofType(readableApp(db, scope, id), type), now)
}

function storedEvents(db: Db, id: string): StoredEvent[] {
  return cachedStatement(
    db,
    `SELECT n.event_type, n.event_name, n.vt
       FROM app_event_links l JOIN app_event_names n ON n.code = l.event
      WHERE l.app = (SELECT rowid FROM applications WHERE id = ?) ORDER BY l.seq`,
  ).all(id) as StoredEvent[]
}

/** GET /apps/events/events?app_id (E090) and /jobs/{id}/events (E091). */
export function appDetailsEvents(db: Db, scope: ClusterScope, id: string, now: number): AppDetailsEvents {
  const app = readableApp(db, scope, id)
  return { appId: app.id, events: appInsightEvents(app, storedEvents(db, app.id), now) }
}

/** GET /apps/{id}/tags (E093) and /apps/{cluster}/{id}/tags (E094): key → values, RealUser left out. */
export function appTags(db: Db, scope: ClusterScope, id: string, cluster?: string): AppTags {
  const app = readableApp(db, scope, id, cluster)
  const rows = cachedStatement(
    db,
    "SELECT key, value FROM app_tags WHERE app_id = ? AND key <> 'RealUser' ORDER BY key, value",
  ).all(app.id) as { key: string; value: string }[]
  const tags: AppTags = {}
  for (const { key, value } of rows) (tags[key] ??= []).push(value)
  return tags
}

function annotation(db: Db, app: ReadableApp, attempt: number, now: number): AppAnnotation {
  return {
    clusterType: app.cluster_type,
    clusterUid: app.cluster_uid,
    jobId: app.id,
    appName: app.name,
    name: app.name,
    type: app.kind,
    status: app.status,
    user: app.user,
    queue: app.queue,
    appAttempts: app.app_attempts,
    attempt,
    sparkJobIds: app.kind === 'spark' ? Array.from({ length: Math.max(0, app.num_jobs) }, (_, i) => i) : [],
    mrJobIds: app.kind === 'mr' ? [app.id] : childIds(db, app).mr,
    startTime: app.start_time,
    endTime: endTime(app),
    mr: app.kind === 'mr' ? deriveMr(app, now) : null,
  }
}

/** GET /mr/{id}/annotation (E095). */
export function mrAnnotation(db: Db, scope: ClusterScope, id: string, now: number): AppAnnotation {
  const app = ofType(readableApp(db, scope, id), 'mr')
  return annotation(db, app, Math.max(1, app.app_attempts), now)
}

export type AttemptResource = 'annotation' | 'status' | 'analysis' | 'appsummary' | 'errors'

const isAttemptNumber = (text: string) => /^\d{1,3}$/.test(text)

/**
 * The app and attempt a generic /{type}/{id}/{attempt}/… path names. The same path shape is also
 * /{type}/{clusterUid}/{appId}/… (REAL-API-NOTES §4): when the last segment is no attempt number it
 * is the app id, the middle one its cluster, and the last attempt is read.
 */
export function attemptOf(
  db: Db,
  scope: ClusterScope,
  params: { type: DetailsPathType; id: string; attempt: string },
): { app: ReadableApp; attempt: number } {
  if (!isAttemptNumber(params.attempt)) {
    if (appAccess(db, scope, params.id).appExist && !appAccess(db, scope, params.attempt).appExist)
      throw new HttpError(400, `params/attempt must be an attempt number (1-based), got "${params.attempt}"`)
    const app = ofType(readableApp(db, scope, params.attempt, params.id), params.type)
    return { app, attempt: Math.max(1, app.app_attempts) }
  }
  const app = ofType(readableApp(db, scope, params.id), params.type)
  const attempt = Number(params.attempt)
  const attempts = Math.max(1, app.app_attempts)
  if (attempt < 1 || attempt > attempts)
    throw new HttpError(
      400,
      `params/attempt ${params.attempt}: application ${app.id} has ${attempts} attempt(s)`,
    )
  return { app, attempt }
}

export function attemptAnnotation(
  db: Db,
  scope: ClusterScope,
  params: Parameters<typeof attemptOf>[2],
  now: number,
) {
  const { app, attempt } = attemptOf(db, scope, params)
  return annotation(db, app, attempt, now)
}

export function attemptStatus(
  db: Db,
  scope: ClusterScope,
  params: Parameters<typeof attemptOf>[2],
  now: number,
): AppAttemptStatus {
  const { app, attempt } = attemptOf(db, scope, params)
  const last = attempt === Math.max(1, app.app_attempts)
  // Every attempt before the last failed: YARN only starts another when one fails.
  const status = last ? app.status : 'F'
  return {
    id: app.id,
    attempt,
    status,
    statusLong: statusLong(status),
    running: status === 'R',
    startTime: app.start_time,
    endTime: endTime(app),
    duration: durationSoFar(app, now),
    diagnostics: last
      ? app.diagnostics
      : `Attempt ${attempt} of ${app.id} failed; the application was retried.`,
  }
}

export function attemptAnalysis(
  db: Db,
  scope: ClusterScope,
  params: Parameters<typeof attemptOf>[2],
  now: number,
) {
  const { app, attempt } = attemptOf(db, scope, params)
  return appAnalysis(app, appInsightEvents(app, storedEvents(db, app.id), now), attempt)
}

/** REAL-API-NOTES §4: {annotation: {cents, dbuCost, runInfo: "<JSON string>"}}. */
export function attemptAppSummary(
  db: Db,
  scope: ClusterScope,
  params: Parameters<typeof attemptOf>[2],
  now: number,
): AppSummaryAnnotation {
  const { app, attempt } = attemptOf(db, scope, params)
  const runInfo = {
    id: app.id,
    name: app.name,
    kind: app.kind,
    status: app.status,
    user: app.user,
    queue: app.queue,
    clusterUid: app.cluster_uid,
    attempt,
    startTime: app.start_time,
    endTime: endTime(app),
    duration: durationSoFar(app, now),
    vcoreSeconds: app.vcore_seconds,
    memorySeconds: app.memory_seconds,
    totalDfsBytesRead: app.dfs_read,
    totalDfsBytesWritten: app.dfs_written,
  }
  return { annotation: { cents: app.cents, dbuCost: 0, runInfo: JSON.stringify(runInfo) } }
}

export function attemptErrors(
  db: Db,
  scope: ClusterScope,
  params: Parameters<typeof attemptOf>[2],
  now: number,
) {
  return errorView(attemptOf(db, scope, params).app, now)
}
