import type {
  PipelineRuns,
  PipelineRunsQuery,
  WorkflowAnnotation,
  WorkflowChild,
  WorkflowChildren,
  WorkflowRun,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { appsTimeShift, inList, instant, type Where } from './applications.ts'
import { scopedClusters, type ClusterScope } from './scope.ts'

/*
 * Workflows (02 §7 Application details: workflows; issue 17, E096-E098): ONE RUN of a pipeline, as
 * an Airflow DAG run. The seed gives a third of the apps a recurring pipeline name (their `name`, the
 * pipelines list's key, E026); a run is the top-level apps of one such name on one cluster that
 * started on one UTC day of the lists' time frame. Airflow schedules a pipeline daily and names the
 * run by its logical date, so the day is the natural run key, and the cluster because a run executes
 * on one. Nothing is stored: every call groups the applications in SQL, so a kill or a move shows at
 * once and the figures are those of the lists (cost = the children's cents summed).
 */

const DAY = 86_400_000
/** A window of runs the pipeline page asks by default: the last 7 days. */
const DEFAULT_RUNS_WINDOW = 7 * DAY
/** The longest window of runs one call groups (a year): bounds the scan. */
const MAX_RUNS_WINDOW = 366 * DAY

/** `{pipeline}__{cluster}__{yyyy-mm-dd}T00:00:00`; cluster uids hold no underscore, so the split is unique. */
const WORKFLOW_ID = /^(.+)__([^_]+)__(\d{4}-\d{2}-\d{2})T00:00:00$/

export interface WorkflowKey {
  pipeline: string
  clusterUid: string
  /** The UTC midnight of the run's day, epoch ms in the lists' frame. */
  day: number
}

const isoDay = (day: number) => new Date(day).toISOString().slice(0, 10)

export const workflowId = (key: WorkflowKey) =>
  `${key.pipeline}__${key.clusterUid}__${isoDay(key.day)}T00:00:00`

/** The run a workflow id names, or undefined when it names no real day. */
export function parseWorkflowId(id: string): WorkflowKey | undefined {
  const match = WORKFLOW_ID.exec(id)
  if (!match) return undefined
  const day = Date.parse(`${match[3]}T00:00:00Z`)
  if (Number.isNaN(day) || isoDay(day) !== match[3]) return undefined
  return { pipeline: match[1]!, clusterUid: match[2]!, day }
}

export const workflowForbidden = (id: string) =>
  new HttpError(403, `Information for this workflow ${id} is forbidden.`)
export const workflowNotAvailable = (id: string) =>
  new HttpError(404, `Information for this workflow ${id} is not available.`)

interface RunRow {
  pipeline: string
  cluster_uid: string
  display_name: string
  platform: string
  day: number
  children: number
  start: number
  end: number
  cents: number
  first_user: string
  users: number
  succeeded: number
  failed: number
  killed: number
  running: number
  dfs_read: number
  dfs_written: number
}

/** Children still going: running, waiting to start or pending. */
const IN_PROGRESS = "('R', 'W', 'P')"

/**
 * The runs (pipeline × cluster × UTC day) among the top-level apps of `where` (stored times: the
 * statement adds the apps' shift), one row each, latest first. The one grouping both the runs table
 * and a workflow page read, so the two always agree.
 */
function groupRuns(db: Db, where: Where, shift: number, now: number): WorkflowRun[] {
  const rows = db
    .prepare(
      `SELECT a.name AS pipeline, a.cluster_uid, c.display_name, c.platform,
              -- better-sqlite3 binds a JS number as REAL: the cast keeps the division whole.
              (CAST(a.start_time + @shift AS INTEGER) / ${DAY}) * ${DAY} AS day,
              count(*) AS children,
              min(a.start_time) + @shift AS start,
              max(coalesce(a.finished_time, a.start_time + a.duration)) + @shift AS end,
              sum(a.cents) AS cents,
              json_group_array(a.user ORDER BY a.start_time, a.id) ->> 0 AS first_user,
              count(DISTINCT a.user) AS users,
              sum(a.status = 'S') AS succeeded, sum(a.status = 'F') AS failed, sum(a.status = 'K') AS killed,
              sum(a.status IN ${IN_PROGRESS}) AS running,
              sum(a.dfs_read) AS dfs_read, sum(a.dfs_written) AS dfs_written
         FROM applications a INDEXED BY applications_start
         JOIN clusters c ON c.unravel_id = a.cluster_uid
        WHERE ${where.clauses.join(' AND ')}
        GROUP BY a.name, a.cluster_uid, day
        ORDER BY day DESC, start DESC, a.cluster_uid`,
    )
    .all({ ...where.params, shift }) as RunRow[]
  return rows.map((r): WorkflowRun => {
    const endTime = r.running > 0 ? null : r.end
    const status =
      r.running > 0 ? 'R' : r.failed > 0 ? 'F' : r.killed > 0 ? 'K' : r.succeeded === r.children ? 'S' : 'U'
    return {
      id: workflowId({ pipeline: r.pipeline, clusterUid: r.cluster_uid, day: r.day }),
      pipeline: r.pipeline,
      runDate: isoDay(r.day),
      clusterUid: r.cluster_uid,
      clusterName: r.display_name,
      clusterType: r.platform,
      status,
      startTime: r.start,
      endTime,
      duration: Math.max(0, (endTime ?? now) - r.start),
      cents: r.cents,
      user: r.first_user,
      userCount: r.users,
      childCount: r.children,
      statusCounts: {
        succeeded: r.succeeded,
        failed: r.failed,
        killed: r.killed,
        running: r.running,
        other: r.children - r.succeeded - r.failed - r.killed - r.running,
      },
      totalDfsBytesRead: r.dfs_read,
      totalDfsBytesWritten: r.dfs_written,
    }
  })
}

/** The top-level apps of one pipeline on some clusters whose start (read frame) is in [from, to). */
function pipelineApps(
  pipeline: string,
  clusters: readonly string[],
  from: number,
  to: number,
  shift: number,
) {
  const where: Where = {
    clauses: ['a.start_time >= @from', 'a.start_time < @to', 'a.parent_id IS NULL', 'a.name = @pipeline'],
    params: { from: from - shift, to: to - shift, pipeline },
    index: 'applications_start',
  }
  inList(where, 'a.cluster_uid', 'cl', clusters)
  return where
}

interface ChildRow {
  id: string
  kind: string
  name: string
  status: string
  user: string
  queue: string
  cluster_uid: string
  start_time: number
  finished_time: number | null
  duration: number
  cents: number
  dfs_read: number
  dfs_written: number
}

/**
 * The run a workflow id names, when the user may read it: 404 when the id names no day or the
 * pipeline has no app on that cluster that day, 403 when the cluster is another platform's (or not
 * the one the caller names; '*' any). As with an application, existence is decided first.
 */
function readableRun(db: Db, scope: ClusterScope, id: string, now: number, clusterUid?: string) {
  const key = parseWorkflowId(id)
  if (!key) throw workflowNotAvailable(id)
  const shift = appsTimeShift(db)
  const where = pipelineApps(key.pipeline, [key.clusterUid], key.day, key.day + DAY, shift)
  const [run] = groupRuns(db, where, shift, now)
  if (!run) throw workflowNotAvailable(id)
  const onNamedCluster = !clusterUid || clusterUid === '*' || clusterUid === key.clusterUid
  if (!onNamedCluster || !scope.clusterUids.includes(key.clusterUid)) throw workflowForbidden(id)
  return { run, key, shift }
}

function children(db: Db, key: WorkflowKey, shift: number, now: number): WorkflowChild[] {
  const rows = cachedStatement(
    db,
    `SELECT a.id, a.kind, a.name, a.status, a.user, a.queue, a.cluster_uid, a.start_time, a.finished_time,
            a.duration, a.cents, a.dfs_read, a.dfs_written
       FROM applications a INDEXED BY applications_start
      WHERE a.start_time >= @from AND a.start_time < @to AND a.cluster_uid = @cluster
        AND a.parent_id IS NULL AND a.name = @pipeline
      ORDER BY a.start_time, a.id`,
  ).all({
    from: key.day - shift,
    to: key.day + DAY - shift,
    cluster: key.clusterUid,
    pipeline: key.pipeline,
  }) as ChildRow[]
  return rows.map((r) => {
    const startTime = r.start_time + shift
    const endTime = r.finished_time === null ? null : r.finished_time + shift
    return {
      id: r.id,
      kind: r.kind,
      name: r.name,
      status: r.status,
      user: r.user,
      queue: r.queue,
      clusterUid: r.cluster_uid,
      startTime,
      endTime,
      // As the lists: a running app has run until now.
      duration: r.status === 'R' ? Math.max(0, now - startTime) : r.duration,
      cents: r.cents,
      totalDfsBytesRead: r.dfs_read,
      totalDfsBytesWritten: r.dfs_written,
    }
  })
}

/** E096 / E098: the workflow and its children in start order. */
export function workflowAnnotation(
  db: Db,
  scope: ClusterScope,
  id: string,
  now: number,
  clusterUid?: string,
): WorkflowAnnotation {
  const { run, key, shift } = readableRun(db, scope, id, now, clusterUid)
  return { ...run, children: children(db, key, shift, now) }
}

/** E097: the workflow's children in start order. */
export function workflowChildren(db: Db, scope: ClusterScope, id: string, now: number): WorkflowChildren {
  const { key, shift } = readableRun(db, scope, id, now)
  const list = children(db, key, shift, now)
  return { workflowId: id, total: list.length, children: list }
}

/**
 * A pipeline's runs over the whole UTC days that cover [start_time, end_time] (default the last 7
 * days, at most 366 days): every run complete, so each row agrees with its workflow page.
 */
export function pipelineRuns(
  db: Db,
  scope: ClusterScope,
  pipeline: string,
  query: PipelineRunsQuery,
  now: number,
): PipelineRuns {
  const end = instant(query.end_time, 'end_time', 'querystring') ?? now
  const start = instant(query.start_time, 'start_time', 'querystring') ?? end - DEFAULT_RUNS_WINDOW
  if (start > end) throw new HttpError(400, 'querystring/start_time must not be after querystring/end_time')
  if (end - start > MAX_RUNS_WINDOW)
    throw new HttpError(400, 'querystring: the window of runs is at most 366 days (start_time to end_time)')
  const from = Math.floor(start / DAY) * DAY
  const to = Math.floor(end / DAY) * DAY + DAY
  const clusters = scopedClusters(scope, query.clusterUid ? [query.clusterUid] : undefined)
  const shift = appsTimeShift(db)
  const runs = groupRuns(db, pipelineApps(pipeline, clusters, from, to, shift), shift, now)
  return { pipeline, start: from, end: to, total: runs.length, runs }
}
