import { noteWrite } from '../time-columns.ts'
import type {
  AppComment,
  AppViolation,
  LoadLogsResponse,
  LogTaskStatus,
  YarnActionResult,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import type { AppRow } from '../seed/applications.ts'
import { noteQueueChange } from './app-search-index.ts'
import { cachedStatement } from '../statement-cache.ts'
import { readableApp } from './app-access.ts'
import { rowAsShown } from './app-row-as-shown.ts'
import { SEEDED_POLICIES } from './autoactions.ts'
import { addToChargebackRollups, refreshAppRollups } from './app-writes-rollups.ts'
import { appsChanged } from './app-read-cache.ts'
import { rollupCodeAdding } from './app-rollup-names.ts'
import { appsTimeShift } from './applications.ts'
import type { ClusterScope } from './scope.ts'

/**
 * The writes of application details (issue 17; 02 §4 Yarn kill, Yarn move, log loading; 02 §7
 * send_comment): each checks the app with readableApp first, is stored in SQLite (so it survives
 * a restart; a /__sim/reset seeds everything again) and keeps the rollups the lists and counts
 * read exact (app-writes-rollups.ts).
 */

/** Who acts: kill and move are the app owner's or an admin's (readonlyAdmin is refused by the route). */
export interface Actor {
  username: string
  role: string
}

// With its diagnostics as shown, so a rewrite stores the seeded sentence whole (app-row-as-shown.ts).
const storedRow = (db: Db, id: string): AppRow =>
  rowAsShown(
    cachedStatement(db, 'SELECT rowid AS rid, * FROM applications WHERE id = ?').get(id) as AppRow & {
      rid: number
    },
  )

/** The app a Yarn action may act on: readable, on a cluster, the actor's own (or an admin's), running. */
function actionableApp(db: Db, scope: ClusterScope, id: string, actor: Actor, action: string) {
  const app = readableApp(db, scope, id)
  if (app.cluster_uid === '-' || app.cluster_uid === '')
    throw new HttpError(400, `Application ${id} has no cluster ('-'): YARN cannot ${action} it.`)
  if (actor.role !== 'admin' && app.user !== actor.username)
    throw new HttpError(
      403,
      `Application ${id} belongs to ${app.user}: only its owner or an admin may ${action} it.`,
    )
  if (app.status !== 'R')
    throw new HttpError(
      409,
      `Application ${id} is not running: only a running application can be ${action}ed.`,
    )
  return app
}

/** Rewrites a stored app and keeps app_rollups and cb_rollups exact, in one transaction. */
function rewriteApp(db: Db, id: string, change: (row: AppRow) => Partial<AppRow>): AppRow {
  return db.transaction(() => {
    const before = storedRow(db, id)
    const after = { ...before, ...change(before) }
    // The queue's code too (schema.sql queue_code): a queue no app had before is given one.
    cachedStatement(
      db,
      `UPDATE applications SET status = @status, finished_time = @finished_time, duration = @duration,
              queue = @queue, queue_code = @queue_code, diagnostics = @diagnostics WHERE id = @id`,
    ).run({ ...after, queue_code: rollupCodeAdding(db, 'queue', after.queue) })
    refreshAppRollups(db, before, after)
    // The in-process indexes of the apps: the pipeline runs patched, the job counts built again.
    appsChanged(db, [after])
    if (before.queue !== after.queue) {
      noteQueueChange(db, id, after.queue)
      addToChargebackRollups(db, before, -1)
      addToChargebackRollups(db, after, 1)
    }
    return after
  })()
}

function actionResult(db: Db, row: AppRow, message: string): YarnActionResult {
  const shift = appsTimeShift(db)
  return {
    id: row.id,
    success: true,
    message,
    status: row.status,
    queue: row.queue,
    finishedTime: row.finished_time === null ? null : row.finished_time + shift,
  }
}

/**
 * E123 Yarn kill: status K, finished now (the simulated clock), duration now minus its start. Its
 * cost, memory and vcore seconds stay the record's: they are what it used until now. A Hive query's
 * running child MR and Tez jobs are killed with it (HiveServer2 kills the jobs of a query it
 * cancels), at the same time, in the same transaction; its finished children keep their state.
 */
export function killApp(
  db: Db,
  scope: ClusterScope,
  id: string,
  actor: Actor,
  now: number,
): YarnActionResult {
  actionableApp(db, scope, id, actor, 'kill')
  const seededNow = now - appsTimeShift(db)
  const kill = (appId: string, diagnostics: string) =>
    rewriteApp(db, appId, (r) => {
      const duration = Math.max(0, seededNow - r.start_time)
      // Finished at its start plus its duration (now, for an app started by then), as every
      // finished app: the indexes other than applications_finished read a finish so (finishedBound).
      return { status: 'K', finished_time: r.start_time + duration, duration, diagnostics }
    })
  const { row, children } = db.transaction(() => {
    // A kill finishes the app now: the data resumes from it on the next start (time-columns.ts).
    noteWrite(db, now)
    // YARN's own words for a kill through the ResourceManager (the errors view reads them).
    const row = kill(id, `Application ${id} was killed by user ${actor.username}.`)
    const children =
      row.kind === 'hive'
        ? (cachedStatement(db, "SELECT id FROM applications WHERE parent_id = ? AND status = 'R' ORDER BY id")
            .pluck()
            .all(id) as string[])
        : []
    for (const child of children)
      kill(child, `Application ${child} was killed by user ${actor.username} with its Hive query ${id}.`)
    return { row, children }
  })()
  const also = children.length
    ? ` Its running ${children.length === 1 ? 'job' : 'jobs'} ${children.join(', ')} ${children.length === 1 ? 'was' : 'were'} killed with it.`
    : ''
  return actionResult(db, row, `Application ${id} killed.${also}`)
}

/** E124 Yarn move: the queue (trimmed, non-empty) changes everywhere the app shows. */
export function moveApp(
  db: Db,
  scope: ClusterScope,
  id: string,
  queue: string,
  actor: Actor,
): YarnActionResult {
  const target = queue.trim()
  if (!target) throw new HttpError(400, "Queue can't be empty")
  const app = actionableApp(db, scope, id, actor, 'move')
  // YARN moves only into a queue its scheduler has (the cluster's capacity-scheduler queues).
  const queues = cachedStatement(db, 'SELECT queue FROM yarn_queues WHERE cluster_uid = ?')
    .pluck()
    .all(app.cluster_uid) as string[]
  if (queues.length > 0 && !queues.includes(target))
    throw new HttpError(400, `Queue ${target} does not exist on cluster ${app.cluster_uid}.`)
  const row = rewriteApp(db, id, () => ({ queue: target }))
  return actionResult(db, row, `Application ${id} moved to queue ${target}.`)
}

/** E080: a comment on the app, stored with its author and time. */
export function addComment(
  db: Db,
  scope: ClusterScope,
  id: string,
  author: string,
  comment: string,
  now: number,
): AppComment {
  readableApp(db, scope, id)
  const text = comment.trim()
  if (!text) throw new HttpError(400, 'body/comment must not be blank')
  const { lastInsertRowid } = cachedStatement(
    db,
    'INSERT INTO app_comments (app_id, author, comment, created_at) VALUES (?, ?, ?, ?)',
  ).run(id, author, text, now)
  noteWrite(db, now)
  return { id: Number(lastInsertRowid), appId: id, author, comment: text, createdAt: now }
}

/** The app's comments, oldest first. */
export function appComments(db: Db, scope: ClusterScope, id: string): AppComment[] {
  readableApp(db, scope, id)
  return cachedStatement(
    db,
    `SELECT id, app_id AS appId, author, comment, created_at AS createdAt
       FROM app_comments WHERE app_id = ? ORDER BY id`,
  ).all(id) as AppComment[]
}

/**
 * E122: the policies the app violated, newest first, at most `limit` (10 by default): the seeded
 * policies' own rules (autoactions.ts) applied to this app's record, so they agree with
 * recent_violations.
 */
export function violationsOfApp(
  db: Db,
  scope: ClusterScope,
  id: string,
  clusterUid: string | undefined,
  limit: number,
  now: number,
): AppViolation[] {
  const app = readableApp(db, scope, id, clusterUid)
  if (!['mr', 'hive', 'spark', 'tez'].includes(app.kind)) return []
  const fired = SEEDED_POLICIES.flatMap((policy): AppViolation[] => {
    if (!policy.enabled) return []
    if (policy.rule === 'durationOver') {
      const at = app.start_time + policy.threshold
      const crossed = at <= now && (app.finished_time === null || app.duration > policy.threshold)
      return crossed ? [{ eventTime: at, eventName: policy.name, policyId: policy.id }] : []
    }
    return app.finished_time !== null && app.memory_seconds > policy.threshold
      ? [{ eventTime: app.finished_time, eventName: policy.name, policyId: policy.id }]
      : []
  })
  return fired.sort((a, b) => b.eventTime - a.eventTime).slice(0, limit)
}

// ---- Log loading (02 §4): a task per load, STARTED until its app's own delay has passed. ----

/** A stable 32-bit hash of an app id (FNV-1a): the app's delay and outcome follow from it. */
function idHash(id: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0
  return h
}

/** How long the app's load takes: 3 to 12 simulated seconds, by app. */
export const logLoadDelayMs = (id: string) => 3_000 + (idHash(id) % 10) * 1_000
/** One app in seven fails to load its logs, with this message (by app, so always the same ones). */
export const logLoadFailure = (id: string): string | null =>
  idHash(id) % 7 === 0
    ? `Executor logs of ${id} are no longer on HDFS (log aggregation retention passed).`
    : null

interface LogTaskRow {
  task_id: string
  ready_at: number
  outcome: 'SUCCESS' | 'FAILURE'
  failure_message: string | null
}

const taskStatus = (row: LogTaskRow, now: number): LogTaskStatus =>
  now < row.ready_at
    ? { task_id: row.task_id, task_status: 'STARTED', failure_message: null }
    : { task_id: row.task_id, task_status: row.outcome, failure_message: row.failure_message }

function loadedTask(db: Db, id: string, now: number): LogTaskRow | undefined {
  return cachedStatement(
    db,
    `SELECT task_id, ready_at, outcome, failure_message FROM app_log_tasks
      WHERE app_id = ? AND outcome = 'SUCCESS' AND ready_at <= ? ORDER BY created_at DESC LIMIT 1`,
  ).get(id, now) as LogTaskRow | undefined
}

/** Whether the app's executor logs are loaded: the seed's sensor, or a load that succeeded. */
export function logsLoaded(db: Db, app: Pick<AppRow, 'id' | 'sensor_enabled'>, now: number): boolean {
  return app.sensor_enabled === 1 || loadedTask(db, app.id, now) !== undefined
}

/** E125: starts a load (a stored task), or names the load that already did it. */
export function loadLogs(db: Db, scope: ClusterScope, id: string, now: number): LoadLogsResponse {
  const app = readableApp(db, scope, id)
  if (app.kind !== 'spark') throw new HttpError(404, `Application ${id} is not a Spark application.`)
  const done = loadedTask(db, id, now)
  if (done) return { task_id: done.task_id, alreadyLoaded: true }
  // Loaded by the seed's sensor: no task did it, so none is named.
  if (app.sensor_enabled === 1) return { task_id: '', alreadyLoaded: true }
  const count = cachedStatement(db, 'SELECT count(*) FROM app_log_tasks').pluck().get() as number
  const taskId = `lt-${(idHash(`${id}/${now}/${count}`) >>> 0).toString(16)}${count.toString(16)}`
  const failure = logLoadFailure(id)
  cachedStatement(
    db,
    `INSERT INTO app_log_tasks (task_id, app_id, created_at, ready_at, outcome, failure_message)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(taskId, id, now, now + logLoadDelayMs(id), failure ? 'FAILURE' : 'SUCCESS', failure)
  noteWrite(db, now)
  return { task_id: taskId, alreadyLoaded: false }
}

/** E126: the app's load tasks (newest first), or the one named; an unknown task id answers 404. */
export function logLoadStatus(
  db: Db,
  scope: ClusterScope,
  id: string,
  taskId: string | undefined,
  now: number,
): LogTaskStatus[] {
  readableApp(db, scope, id)
  const rows = cachedStatement(
    db,
    `SELECT task_id, ready_at, outcome, failure_message FROM app_log_tasks
      WHERE app_id = @id AND (@task IS NULL OR task_id = @task) ORDER BY created_at DESC, rowid DESC`,
  ).all({ id, task: taskId ?? null }) as LogTaskRow[]
  if (taskId && rows.length === 0)
    throw new HttpError(404, `No log-load task ${taskId} for application ${id}.`)
  return rows.map((row) => taskStatus(row, now))
}
