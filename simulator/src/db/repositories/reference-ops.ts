import type {
  JobBucketsQuery,
  ReferenceClusterNames,
  ReferenceClustersQuery,
  ReferenceFinishedApps,
  ReferenceMissingSla,
  ReferenceRunningApps,
  ReferenceWorkflows,
  ReferenceWorkflowsQuery,
  WorkflowRun,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { eventMask, PIPELINE_NAMES } from '../seed/applications.ts'
import { cachedStatement } from '../statement-cache.ts'
import { readableApp } from './app-access.ts'
import { clusterCodesIn, rollupNames } from './app-rollup-names.ts'
import { appsTimeShift } from './applications.ts'
import { searchClusters } from './clusters.ts'
import { jobBuckets, jobBucketsWindow } from './jobs.ts'
import { referenceInstant, referenceWindow } from './reference-dates.ts'
import { PIPELINE_APPS_SQL } from './pipeline-apps.ts'
import { scopedClusters, type ClusterScope } from './scope.ts'
import { pipelineRuns, workflowId } from './workflows.ts'

/*
 * The real product's documented operations served beside the console's calls (issue 21,
 * endpoints/reference-ops.ts). Nothing here computes a figure of its own: each answer is another
 * repository's (cluster_search, jobs/bystatus, the pipeline runs) in the reference's shape.
 */

const DAY = 86_400_000
/** The longest window these operations read (the product's windows: at most 31 days). */
const MAX_WINDOW = 31 * DAY

const tooLong = (start: string, end: string) =>
  new HttpError(400, `querystring: the window is at most 31 days (${start} to ${end})`)

/** GET /clusters's lifetime window in epoch ms, either end open (a date-only end_time is the day's end). */
export function clusterNamesWindow(q: ReferenceClustersQuery): { from?: number; to?: number } {
  const from = referenceInstant(q.start_time, 'start_time', 'epoch-s-or-iso', 'start')
  const to = referenceInstant(q.end_time, 'end_time', 'epoch-s-or-iso', 'end')
  if (from !== undefined && to !== undefined && Number(from) > Number(to))
    throw new HttpError(400, 'querystring/start_time must not be after querystring/end_time')
  return {
    ...(from !== undefined && { from: Number(from) }),
    ...(to !== undefined && { to: Number(to) }),
  }
}

/** GET /clusters: cluster_search's clusters of the window, by name (their existence only, no usage). */
export function clusterNames(db: Db, scope: ClusterScope, q: ReferenceClustersQuery): ReferenceClusterNames {
  const { from, to } = clusterNamesWindow(q)
  const clusters = searchClusters(db, scope.platform, {
    size: 10_000,
    ...(from !== undefined && { dateFrom: from }),
    ...(to !== undefined && { dateTo: to }),
  })
  return clusters.filter((c) => scope.clusterUids.includes(c.unravelId)).map((c) => c.clusterName)
}

/** GET /apps/status/running/: /jobs/bystatus's running and pending buckets. */
export function runningApps(
  db: Db,
  q: JobBucketsQuery,
  now: number,
  scope: ClusterScope,
): ReferenceRunningApps {
  const buckets = jobBuckets(db, 'running', 'status', q, now, scope)
  const count = (key: string) => buckets.find((b) => b.key === key)?.count ?? 0
  return { date: buckets[0]!.ts, appsRunning: count('running'), appsPending: count('pending') }
}

const FINISHED_KEYS = { success: 'SUCCEEDED', failed: 'FAILED', killed: 'KILLED' } as const

/**
 * GET /apps/status/finished/: /jobs/finished/bystatus over each day of the window from its start
 * (the last piece may be shorter), a zero count left out: the points add up to the window's counts.
 */
export function finishedApps(
  db: Db,
  q: JobBucketsQuery,
  now: number,
  scope: ClusterScope,
): ReferenceFinishedApps {
  const { start, end } = jobBucketsWindow(q, now)
  if (end - start > MAX_WINDOW) throw tooLong('start_time', 'end_time')
  const { kind, clusterUid } = q
  const points: ReferenceFinishedApps = []
  for (let from = start; from < end || points.length === 0; from += DAY) {
    const to = Math.min(end, from + DAY)
    const day = { start_time: String(from), end_time: String(to), kind, clusterUid }
    const buckets = jobBuckets(db, 'finished', 'status', day, now, scope)
    const point: ReferenceFinishedApps[number] = { date: to }
    for (const b of buckets) {
      const key = FINISHED_KEYS[b.key as keyof typeof FINISHED_KEYS]
      if (key && b.count > 0) point[key] = b.count
    }
    points.push(point)
  }
  return points
}

/**
 * The Yarn query form's checks before the path form's write: the app must exist (404) and be the
 * user's (403), as the path form decides; then clusterid must name its cluster, by id or name (404:
 * that cluster's ResourceManager does not have the app).
 */
export function checkAppCluster(db: Db, scope: ClusterScope, appid: string, clusterid: string): void {
  const app = readableApp(db, scope, appid)
  const names = cachedStatement(
    db,
    'SELECT unravel_id, cluster_name, display_name FROM clusters WHERE unravel_id = ?',
  )
    .raw()
    .get(app.cluster_uid) as string[] | undefined
  if (!names?.includes(clusterid))
    throw new HttpError(404, `Application ${appid} is not on cluster ${clusterid}.`)
}

/** The window of the workflow operations (from/to or start_time/end_time): default the last 7 days, at most 31. */
export function workflowsWindow(q: ReferenceWorkflowsQuery, now: number): { start: number; end: number } {
  const window = referenceWindow(q, now, 7 * DAY)
  if (window.end - window.start > MAX_WINDOW)
    throw tooLong(
      q.start_time === undefined && q.from !== undefined ? 'from' : 'start_time',
      q.end_time === undefined && q.to !== undefined ? 'to' : 'end_time',
    )
  return window
}

/** Each pipeline's runs of the window, as the pipeline runs list (whole UTC days) has them. */
function workflowRuns(db: Db, scope: ClusterScope, q: ReferenceWorkflowsQuery, now: number) {
  const { start, end } = workflowsWindow(q, now)
  // The runs list's own window (whole UTC days, its end inclusive): the same runs its page shows.
  // The window here ends before `end` (a date-only end_time is the next midnight): not a day more.
  const window = { start_time: String(start), end_time: String(Math.max(start, end - 1)) }
  return PIPELINE_NAMES.map((name) => ({ name, runs: pipelineRuns(db, scope, name, window, now).runs }))
}

const sumOf = (runs: readonly WorkflowRun[]) => runs.reduce((n, r) => n + r.duration, 0)

/** GET /workflows: each pipeline that ran in the window, with its runs' count and duration stats. */
export function workflows(
  db: Db,
  scope: ClusterScope,
  q: ReferenceWorkflowsQuery,
  now: number,
): ReferenceWorkflows {
  const answer: ReferenceWorkflows = {}
  for (const { name, runs } of workflowRuns(db, scope, q, now)) {
    if (runs.length === 0) continue
    const durations = runs.map((r) => r.duration)
    const sum = sumOf(runs)
    answer[name] = {
      key: name,
      doc_count: runs.length,
      duration_stats: {
        count: runs.length,
        min: Math.min(...durations),
        max: Math.max(...durations),
        avg: sum / runs.length,
        sum,
      },
    }
  }
  return answer
}

const SLA_MISSED = eventMask(['SLA Missed'])

/** The runs (workflow ids) among `runs` with a top-level app that carries the SLA Missed event. */
function runsMissingSla(db: Db, scope: ClusterScope, runs: readonly WorkflowRun[]): Set<string> {
  if (runs.length === 0) return new Set()
  const shift = appsTimeShift(db)
  const starts = runs.map((r) => r.startTime)
  // The apps of these runs' days (the stored frame), grouped by run as the runs list groups them;
  // the cluster as its code, which the index holds (named below).
  const rows = cachedStatement(
    db,
    `SELECT DISTINCT a.name AS pipeline, a.cluster_code AS cluster,
            (CAST(a.start_time + @shift AS INTEGER) / ${DAY}) * ${DAY} AS day
       FROM applications a INDEXED BY applications_pipeline_runs
      WHERE ${PIPELINE_APPS_SQL} AND a.start_time >= @from AND a.start_time < @to
        AND a.cluster_code IN ${clusterCodesIn('SELECT value FROM json_each(@clusters)')}
        AND (a.event_mask & @bit) != 0`,
  ).all({
    shift,
    from: Math.floor(Math.min(...starts) / DAY) * DAY - shift,
    to: Math.floor(Math.max(...starts) / DAY) * DAY + DAY - shift,
    clusters: JSON.stringify(scopedClusters(scope)),
    bit: SLA_MISSED,
  }) as { pipeline: string; cluster: number; day: number }[]
  const names = rollupNames(db)
  return new Set(
    rows.map(({ pipeline, cluster, day }) =>
      workflowId({ pipeline, clusterUid: names.name('cluster', cluster), day }),
    ),
  )
}

/** GET /workflows/missing_sla: the window's runs that missed their SLA, latest first. */
export function missingSla(
  db: Db,
  scope: ClusterScope,
  q: ReferenceWorkflowsQuery,
  now: number,
): ReferenceMissingSla {
  const all = workflowRuns(db, scope, q, now)
  const missed = runsMissingSla(
    db,
    scope,
    all.flatMap((w) => w.runs),
  )
  return all
    .flatMap(({ runs }) => {
      const avgDuration = Math.round(sumOf(runs) / Math.max(1, runs.length))
      return runs
        .filter((r) => missed.has(r.id))
        .map((r) => ({
          run: r,
          row: { duration: r.duration, avgDuration, user: r.user, name: r.pipeline, id: r.id },
        }))
    })
    .sort((x, y) => y.run.startTime - x.run.startTime || (x.run.id < y.run.id ? -1 : 1))
    .map((x) => x.row)
}
