import type {
  Session,
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
import { readableApp } from './app-access.ts'
import { rollupNames } from './app-rollup-names.ts'
import { appsTimeShift, inList, instant, type Where } from './applications.ts'

/**
 * The filters of a pipeline's apps, and the index they are read through: applications_pipeline_runs
 * for a seeded pipeline's name (no totals index), the planner's pick for any other name (that index
 * does not hold it, and nothing seeds a run of one).
 */
type PipelineWhere = Pick<Where, 'clauses' | 'params'> & { indexed: string }
import { isPipelineName, PIPELINE_APPS_SQL } from './pipeline-apps.ts'
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
  first_user: number
  users: number
  succeeded: number
  failed: number
  killed: number
  running: number
  dfs_read: number
  dfs_written: number
}

/**
 * The runs (pipeline × cluster × UTC day) among the top-level apps of `where` (stored times: the
 * statement adds the apps' shift), one row each, latest first. The one grouping both the runs table
 * and a workflow page read, so the two always agree.
 */
function groupRuns(db: Db, where: PipelineWhere, shift: number, now: number): WorkflowRun[] {
  // applications_pipeline_runs holds the cluster as its code, no finish time and no app id
  // (schema.sql): the runs are grouped by the code and named after grouping; an app's end is its
  // start plus its duration, and it is running while its status is R (app-figures.ts
  // finishedBound); the first app of a run is the first by start, then by rowid.
  const rows = db
    .prepare(
      `SELECT r.*, n.name AS cluster_uid, c.display_name, c.platform
         FROM (SELECT a.name AS pipeline, a.cluster_code,
                      -- better-sqlite3 binds a JS number as REAL: the cast keeps the division whole.
                      (CAST(a.start_time + @shift AS INTEGER) / ${DAY}) * ${DAY} AS day,
                      count(*) AS children,
                      min(a.start_time) + @shift AS start,
                      max(a.start_time + a.duration) + @shift AS end,
                      sum(a.cents) AS cents,
                      -- The user as its code (applications_pipeline_runs carries user_code, not the
                      -- text: one code per name, so the distinct count is the same), named below.
                      json_group_array(a.user_code ORDER BY a.start_time, a.rowid) ->> 0 AS first_user,
                      count(DISTINCT a.user_code) AS users,
                      sum(a.status = 'S') AS succeeded, sum(a.status = 'F') AS failed,
                      sum(a.status = 'K') AS killed,
                      -- Still going: no finish yet (a seeded waiting app has finished; its status
                      -- word stays its own).
                      sum(a.status = 'R') AS running,
                      sum(a.dfs_read) AS dfs_read, sum(a.dfs_written) AS dfs_written
                 FROM applications a ${where.indexed}
                WHERE ${where.clauses.join(' AND ')}
                GROUP BY a.name, a.cluster_code, day) r
         JOIN app_rollup_names n ON n.field = 'cluster' AND n.code = r.cluster_code
         JOIN clusters c ON c.unravel_id = n.name
        ORDER BY r.day DESC, r.start DESC, n.name`,
    )
    .all({ ...where.params, shift }) as RunRow[]
  const names = rollupNames(db)
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
      user: names.name('user', r.first_user),
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

/** How the top-level apps of a name are read: the clause that picks them, and the index it allows. */
function pipelineSource(pipeline: string): { topLevel: string; indexed: string } {
  return isPipelineName(pipeline)
    ? { topLevel: PIPELINE_APPS_SQL, indexed: 'INDEXED BY applications_pipeline_runs' }
    : { topLevel: 'a.parent_id IS NULL', indexed: '' }
}

/**
 * The top-level apps of one pipeline on some clusters whose start (read frame) is in [from, to).
 * The clusters as their codes, which applications_pipeline_runs holds (an unknown one matches none).
 */
function pipelineApps(
  db: Db,
  pipeline: string,
  clusters: readonly string[],
  from: number,
  to: number,
  shift: number,
) {
  const source = pipelineSource(pipeline)
  const where: Pick<Where, 'clauses' | 'params'> = {
    clauses: ['a.start_time >= @from', 'a.start_time < @to', source.topLevel, 'a.name = @pipeline'],
    params: { from: from - shift, to: to - shift, pipeline },
  }
  const names = rollupNames(db)
  // inList writes only the clauses and parameters.
  inList(
    where as Where,
    'a.cluster_code',
    'cl',
    clusters.map((c) => names.code('cluster', c)),
  )
  return { ...where, indexed: source.indexed }
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
  const where = pipelineApps(db, key.pipeline, [key.clusterUid], key.day, key.day + DAY, shift)
  const [run] = groupRuns(db, where, shift, now)
  if (!run) throw workflowNotAvailable(id)
  const onNamedCluster = !clusterUid || clusterUid === '*' || clusterUid === key.clusterUid
  if (!onNamedCluster || !scope.clusterUids.includes(key.clusterUid)) throw workflowForbidden(id)
  return { run, key, shift }
}

/** A stored app row as a child of a workflow or session, in the lists' time frame. */
function asChild(r: ChildRow, shift: number, now: number): WorkflowChild {
  const startTime = r.start_time + shift
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    status: r.status,
    user: r.user,
    queue: r.queue,
    clusterUid: r.cluster_uid,
    startTime,
    endTime: r.finished_time === null ? null : r.finished_time + shift,
    // As the lists: a running app has run until now.
    duration: r.status === 'R' ? Math.max(0, now - startTime) : r.duration,
    cents: r.cents,
    totalDfsBytesRead: r.dfs_read,
    totalDfsBytesWritten: r.dfs_written,
  }
}

/** The status of a group of apps, as a workflow's: R while one has not finished (as Airflow), then F, K, S. */
function groupStatus(apps: readonly WorkflowChild[]): string {
  if (apps.some((a) => a.endTime === null)) return 'R'
  const statuses = apps.map((a) => a.status)
  if (statuses.includes('F')) return 'F'
  if (statuses.includes('K')) return 'K'
  return statuses.every((s) => s === 'S') ? 'S' : 'U'
}

function children(db: Db, key: WorkflowKey, shift: number, now: number): WorkflowChild[] {
  const source = pipelineSource(key.pipeline)
  const rows = cachedStatement(
    db,
    `SELECT a.id, a.kind, a.name, a.status, a.user, a.queue, a.cluster_uid, a.start_time, a.finished_time,
            a.duration, a.cents, a.dfs_read, a.dfs_written
       FROM applications a ${source.indexed}
      WHERE a.start_time >= @from AND a.start_time < @to AND a.cluster_code = @cluster
        AND ${source.topLevel} AND a.name = @pipeline
      ORDER BY a.start_time, a.id`,
  ).all({
    from: key.day - shift,
    to: key.day + DAY - shift,
    // The cluster as its code, which applications_pipeline_runs holds.
    cluster: rollupNames(db).code('cluster', key.clusterUid),
    pipeline: key.pipeline,
  }) as ChildRow[]
  return rows.map((r) => asChild(r, shift, now))
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
  const runs = groupRuns(db, pipelineApps(db, pipeline, clusters, from, to, shift), shift, now)
  return { pipeline, start: from, end: to, total: runs.length, runs }
}

/** The engines whose queries make interactive sessions. */
const SESSION_KINDS = ['hive', 'impala', 'presto'] as const
/** A pause longer than this between a query's start and the end of the ones before ends a session. */
const SESSION_GAP = 30 * 60_000
/** How far either side of the named query a session is looked for. */
const SESSION_REACH = DAY

/**
 * R110: the interactive session of a Hive, Impala or Presto query: the queries its user ran on its
 * cluster, cut into sessions where a query starts more than 30 minutes after the end of every query
 * before it (a running query has not ended), in SQL over the user index. The app is checked first
 * (readableApp: 404 / 403), another engine's app answers 400.
 */
export function userSession(db: Db, scope: ClusterScope, id: string, now: number): Session {
  const app = readableApp(db, scope, id)
  if (!(SESSION_KINDS as readonly string[]).includes(app.kind))
    throw new HttpError(
      400,
      `Application ${id} is a ${app.kind} app: sessions group Hive, Impala and Presto queries.`,
    )
  const shift = appsTimeShift(db)
  const stored = app.start_time - shift
  const rows = cachedStatement(
    db,
    `WITH q AS (
       SELECT a.id, a.kind, a.name, a.status, a.user, a.queue, a.cluster_uid, a.start_time, a.finished_time,
              a.duration, a.cents, a.dfs_read, a.dfs_written,
              coalesce(a.finished_time, @now) AS ended
         FROM applications a INDEXED BY applications_user
        WHERE a.user = @user AND a.start_time >= @from AND a.start_time <= @to
          AND a.cluster_uid = @cluster AND a.kind IN ('hive', 'impala', 'presto')
     ),
     marked AS (
       SELECT *, CASE WHEN start_time - max(ended) OVER (ORDER BY start_time, id
                                                        ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) <= @gap
                      THEN 0 ELSE 1 END AS opens
         FROM q
     ),
     numbered AS (SELECT *, sum(opens) OVER (ORDER BY start_time, id) AS session FROM marked)
     SELECT * FROM numbered WHERE session = (SELECT session FROM numbered WHERE id = @id)
      ORDER BY start_time, id`,
  ).all({
    user: app.user,
    cluster: app.cluster_uid,
    from: stored - SESSION_REACH,
    to: stored + SESSION_REACH,
    now: now - shift,
    gap: SESSION_GAP,
    id,
  }) as ChildRow[]
  const queries = rows.map((r) => asChild(r, shift, now))
  const status = groupStatus(queries)
  const startTime = queries[0]!.startTime
  const endTime =
    status === 'R' ? null : Math.max(...queries.map((q) => q.endTime ?? q.startTime + q.duration))
  const cluster = cachedStatement(db, 'SELECT display_name FROM clusters WHERE unravel_id = ?')
    .pluck()
    .get(app.cluster_uid) as string
  return {
    id: queries[0]!.id,
    user: app.user,
    clusterUid: app.cluster_uid,
    clusterName: cluster,
    gapMinutes: SESSION_GAP / 60_000,
    status,
    startTime,
    endTime,
    duration: Math.max(0, (endTime ?? now) - startTime),
    cents: queries.reduce((sum, q) => sum + q.cents, 0),
    queryCount: queries.length,
    kinds: [...new Set(queries.map((q) => q.kind))],
    queries,
  }
}
