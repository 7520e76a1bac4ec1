import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  GlobalSearchResponse,
  AppComment,
  AppErrorView,
  AppViolation,
  JobBucket,
  LoadLogsResponse,
  LogTaskStatus,
  SparkAppMeta,
  TaggedAppsResponse,
  UnifiedSearchBody,
  UnifiedSearchResponse,
  YarnActionResult,
} from '@costlens/shared'
import { rollupNames } from '../src/db/repositories/app-rollup-names.ts'
import { appsTimeShift } from '../src/db/repositories/applications.ts'
import { logLoadDelayMs, logLoadFailure } from '../src/db/repositories/app-writes.ts'
import { addToChargebackRollups, refreshAppRollups } from '../src/db/repositories/app-writes-rollups.ts'
import { AppRollupBuilder, ROLLUP_SERIES, ROLLUP_SLICES } from '../src/db/seed/app-rollups.ts'
import { ChargebackRollupBuilder } from '../src/db/seed/chargeback-rollups.ts'
import { appNameDomain, type AppRow } from '../src/db/seed/applications.ts'
import { auth, frozenTestApp, signIn } from './helper.ts'

/**
 * The writes of application details (issue 17, E080, E122–E126): comments, Yarn kill and move, log
 * loading, violations by app. Each is stored, shows in every list and count, survives a rebuild on
 * the same file and goes with a reset.
 */
const HOUR = 3_600_000
const DAY = 24 * HOUR

let app: FastifyInstance
let as: (user: string) => { authorization: string }
let now: number

beforeAll(async () => ({ app, as, now } = await frozenTestApp({ users: ['admin', 'emr'] })))
afterAll(() => app.close())

const call = (method: 'GET' | 'POST', url: string, headers: object = as('admin'), payload?: object) =>
  app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) })
const ok = async <T>(method: 'GET' | 'POST', url: string, headers?: object, payload?: object) => {
  const res = await call(method, url, headers, payload)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<T>()
}

const cdh = "cluster_uid IN (SELECT unravel_id FROM clusters WHERE platform = 'CDH')"
const row = (where: string) =>
  app.db.prepare(`SELECT * FROM applications WHERE ${where} ORDER BY id LIMIT 1`).get() as AppRow
const stored = (id: string) => app.db.prepare('SELECT * FROM applications WHERE id = ?').get(id) as AppRow
/** A queue of the app's cluster other than its own (YARN moves only into the scheduler's queues). */
const otherQueue = (a: Pick<AppRow, 'cluster_uid' | 'queue'>) =>
  app.db
    .prepare('SELECT queue FROM yarn_queues WHERE cluster_uid = ? AND queue <> ? ORDER BY queue LIMIT 1')
    .pluck()
    .get(a.cluster_uid, a.queue) as string
const emrApp = () => row("cluster_uid IN (SELECT unravel_id FROM clusters WHERE platform = 'EMR')")

/** A user of the app's own name (the admin persona's twin with role `role`), signed in. */
async function signInAs(username: string, role: 'user' | 'readonlyAdmin') {
  app.db
    .prepare(
      `INSERT OR IGNORE INTO users (username, password_hash, email, org, role, cluster_type, created_at,
                          frozen_start, frozen_end, frozen_yarn_cluster, frozen_impala_cluster, profile_json)
       SELECT @username, password_hash, @email, org, @role, cluster_type, created_at, frozen_start, frozen_end,
              frozen_yarn_cluster, frozen_impala_cluster, profile_json FROM users WHERE username = 'admin'`,
    )
    .run({ username, email: `${username}@acme.example`, role })
  return auth(await signIn(app, username, 'admin'))
}

/**
 * Every rollup row, as text, sorted: to compare the kept rollups with ones built afresh. app_rollups
 * rows with their names for codes (app_rollup_names): a move to a queue no app had appends a code
 * that a fresh build gives in name order.
 */
function rollupRows(table: 'app_rollups' | 'cb_rollups'): string[] {
  const rows = app.db.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[]
  if (table === 'app_rollups') {
    const names = new Map(
      (
        app.db.prepare('SELECT field, code, name FROM app_rollup_names').all() as Record<string, unknown>[]
      ).map((n) => [`${n.field}|${n.code}`, n.name]),
    )
    const name = (field: string, code: unknown) => (code === 0 ? '' : names.get(`${field}|${code}`))
    for (const row of rows) {
      const { slice } = ROLLUP_SERIES[row.series as number]!
      const base = ROLLUP_SLICES[slice]!.base
      row.kind = name('kind', row.kind)
      row.cluster = name('cluster', row.cluster)
      if (base === 'kind' || base === 'user' || base === 'queue') row.part = name(base, row.part)
    }
  }
  return rows.map((r) => Object.values(r).join('|')).sort()
}

/** The rollups as kept, and as the seed builds them from the apps stored now (which then replace them). */
function keptAndRebuiltRollups() {
  const kept = { app: rollupRows('app_rollups'), cb: rollupRows('cb_rollups') }
  const clusters = app.db
    .prepare('SELECT unravel_id AS unravelId, platform, kind, terminated_at AS terminatedAt FROM clusters')
    .all() as Parameters<typeof appNameDomain>[0] & ConstructorParameters<typeof ChargebackRollupBuilder>[0]
  // The tests' small scale keeps every grain (seed/index.ts); the names coded as the seed codes
  // them, which the apps' code columns hold.
  const appBuilder = new AppRollupBuilder('every', appNameDomain(clusters))
  const cbBuilder = new ChargebackRollupBuilder(clusters)
  for (const a of app.db.prepare('SELECT * FROM applications').iterate() as Iterable<AppRow>) {
    appBuilder.add(a)
    cbBuilder.add(a)
  }
  appBuilder.write(app.db)
  cbBuilder.write(app.db)
  return { kept, rebuilt: { app: rollupRows('app_rollups'), cb: rollupRows('cb_rollups') } }
}

async function search(body: UnifiedSearchBody): Promise<number> {
  const res = await call('POST', '/api/v1/apps/unifiedsearch', as('admin'), { from: 0, size: 1, ...body })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<UnifiedSearchResponse>().metadata.totalRecords
}
const bucket = (buckets: JobBucket[], key: string) => buckets.find((b) => b.key === key)?.count ?? 0

/** Every figure a kill or a move changes, on the app's cluster. */
async function figures(a: AppRow) {
  const uid = a.cluster_uid
  const shift = appsTimeShift(app.db)
  const started = a.start_time + shift
  const week = `start_time=${now - 7 * DAY}&end_time=${now}&clusterUid=${uid}`
  return {
    runningKpi: bucket(await ok<JobBucket[]>('GET', `/api/v1/jobs/bystatus?${week}`), 'running'),
    runningList: await search({ appStatus: ['R'], clusters: [uid] }),
    runningResources: (
      await ok<TaggedAppsResponse>('GET', `/api/v1/clusters/${uid}/resources/tagged/apps?running=true&size=1`)
    ).total,
    killedKpi: bucket(await ok<JobBucket[]>('GET', `/api/v1/jobs/finished/bystatus?${week}`), 'killed'),
    killedFinishedList: await search({
      start_time: now - 7 * DAY,
      end_time: now,
      clusters: [uid],
      appStatus: ['K'],
      queryOnFinishedTime: true,
    }),
    // Started over the last 30 days: whole days of the window come from the rollups.
    killedStartedList: await search({
      start_time: Math.min(started, now - 30 * DAY),
      end_time: now,
      clusters: [uid],
      appStatus: ['K'],
    }),
    inQueue: async (queue: string) =>
      search({
        start_time: now - 30 * DAY,
        end_time: now,
        clusters: [uid],
        queues: [queue],
      }),
  }
}

describe('E123 Yarn kill and E124 Yarn move: refusals', () => {
  const running = () => row(`status = 'R' AND kind = 'spark' AND ${cdh}`)
  const finished = () => row(`status = 'S' AND ${cdh}`)
  const cases: [string, () => string, number, RegExp][] = [
    ['404 an unknown app', () => 'application_0_0', 404, /is not available/],
    ["403 another platform's app", () => emrApp().id, 403, /is forbidden/],
    ['409 an app that is not running', () => finished().id, 409, /not running/],
  ]
  it.each(cases)('kill_app: %s', async (_name, id, status, message) => {
    const res = await call('GET', `/api/v1/yarn_rm/kill_app/${id()}`)
    expect(res.statusCode, res.body).toBe(status)
    expect(res.json().message).toMatch(message)
  })
  it.each(cases)('move_app: %s', async (_name, id, status, message) => {
    const res = await call('GET', `/api/v1/yarn_rm/move_app/${id()}?queue=etl`)
    expect(res.statusCode, res.body).toBe(status)
    expect(res.json().message).toMatch(message)
  })
  it.each([
    ['kill', (id: string) => `/api/v1/yarn_rm/kill_app/${id}`],
    ['move', (id: string) => `/api/v1/yarn_rm/move_app/${id}?queue=etl`],
  ])('%s: 401 without a token, 400 a malformed id', async (_name, url) => {
    expect((await call('GET', url(running().id), {})).statusCode).toBe(401)
    expect((await call('GET', url('bad id!'))).statusCode).toBe(400)
  })
  it("move_app: a blank queue answers 400 'Queue can't be empty'; a bad or missing queue 400", async () => {
    const { id } = running()
    const blank = await call('GET', `/api/v1/yarn_rm/move_app/${id}?queue=%20%20`)
    expect(blank.statusCode).toBe(400)
    expect(blank.json().message).toBe("Queue can't be empty")
    expect((await call('GET', `/api/v1/yarn_rm/move_app/${id}?queue=a;drop`)).statusCode).toBe(400)
    expect((await call('GET', `/api/v1/yarn_rm/move_app/${id}?queue=${'q'.repeat(101)}`)).statusCode).toBe(
      400,
    )
    expect((await call('GET', `/api/v1/yarn_rm/move_app/${id}`)).statusCode).toBe(400)
    expect(stored(id).status).toBe('R')
  })
  it("403 a read-only admin, and a user acting on another user's app; the owner may", async () => {
    const a = running()
    const readonly = await signInAs('ro-admin', 'readonlyAdmin')
    expect((await call('GET', `/api/v1/yarn_rm/kill_app/${a.id}`, readonly)).statusCode).toBe(403)
    expect((await call('GET', `/api/v1/yarn_rm/move_app/${a.id}?queue=etl`, readonly)).statusCode).toBe(403)
    const other = await signInAs(`not-${a.user}`, 'user')
    const refused = await call('GET', `/api/v1/yarn_rm/move_app/${a.id}?queue=etl`, other)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toMatch(/only its owner or an admin/)
    expect(stored(a.id).queue).toBe(a.queue)
    const owner = await signInAs(a.user, 'user')
    const moved = await ok<YarnActionResult>(
      'GET',
      `/api/v1/yarn_rm/move_app/${a.id}?queue=${otherQueue(a)}`,
      owner,
    )
    expect(moved.queue).toBe(otherQueue(a))
    const unknown = await call('GET', `/api/v1/yarn_rm/move_app/${a.id}?queue=root.nowhere`, owner)
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toBe(`Queue root.nowhere does not exist on cluster ${a.cluster_uid}.`)
  })
})

describe('E123 Yarn kill: status K, finished now, in every list and count', () => {
  it('the running count drops by one and the killed count rises by one on every endpoint', async () => {
    const a = row(`status = 'R' AND kind IN ('spark', 'mr') AND ${cdh}`)
    const before = await figures(a)
    const killed = await ok<YarnActionResult>('GET', `/api/v1/yarn_rm/kill_app/${a.id}`)
    expect(killed).toMatchObject({ id: a.id, status: 'K', finishedTime: now, success: true })
    const after = await figures(a)
    expect({
      runningKpi: after.runningKpi - before.runningKpi,
      runningList: after.runningList - before.runningList,
      runningResources: after.runningResources - before.runningResources,
      killedKpi: after.killedKpi - before.killedKpi,
      killedFinishedList: after.killedFinishedList - before.killedFinishedList,
      killedStartedList: after.killedStartedList - before.killedStartedList,
    }).toEqual({
      runningKpi: -1,
      runningList: -1,
      runningResources: -1,
      killedKpi: 1,
      killedFinishedList: 1,
      killedStartedList: 1,
    })
    const s = stored(a.id)
    expect(s.duration).toBe(now - appsTimeShift(app.db) - a.start_time)
    expect(s.diagnostics).toBe(`Application ${a.id} was killed by user admin.`)
    const errors = await ok<AppErrorView>(
      'GET',
      `/api/v1/${a.kind === 'spark' ? 'spark' : 'jobs'}/${a.id}/errorview`,
    )
    expect(errors.failure).toMatchObject({
      category: 'killed',
      kind: 'killed-by-user',
      diagnostics: s.diagnostics,
    })
    // The details answer the new state too, and a second kill is refused.
    const summary = await ok<{ status: string }>('POST', `/api/v1/apps/${a.id}/summary/`)
    expect(summary.status).toBe('K')
    expect((await call('GET', `/api/v1/yarn_rm/kill_app/${a.id}`)).statusCode).toBe(409)
  })

  it('E124 a move changes the queue in the lists: one app more in the new queue, one fewer in the old', async () => {
    const a = row(`status = 'R' AND kind = 'spark' AND ${cdh}`)
    const f = await figures(a)
    const target = otherQueue(a)
    const [oldBefore, newBefore] = [await f.inQueue(a.queue), await f.inQueue(target)]
    const moved = await ok<YarnActionResult>('GET', `/api/v1/yarn_rm/move_app/${a.id}?queue=%20${target}%20`)
    expect(moved).toMatchObject({ id: a.id, status: 'R', queue: target, finishedTime: null })
    // The queue's code moves with it (the covering indexes hold the code, schema.sql queue_code).
    expect((stored(a.id) as AppRow & { queue_code: number }).queue_code).toBe(
      rollupNames(app.db).code('queue', target),
    )
    expect(await f.inQueue(a.queue)).toBe(oldBefore - 1)
    expect(await f.inQueue(target)).toBe(newBefore + 1)
  })

  it('a Hive query killed: its running child MR and Tez jobs are killed with it, at its finish time', async () => {
    // The seed gives child jobs to finished queries only and runs few Hive queries: a running app
    // becomes a running query and two finished jobs of its cluster its running jobs (rollups kept).
    const rewrite = (id: string, change: Partial<AppRow>) => {
      const before = stored(id)
      const after = { ...before, ...change }
      const sets = Object.keys(change).map((k) => `${k} = @${k}`)
      app.db.prepare(`UPDATE applications SET ${sets.join(', ')} WHERE id = @id`).run(after)
      refreshAppRollups(app.db, before, after)
      addToChargebackRollups(app.db, before, -1)
      addToChargebackRollups(app.db, after, 1)
    }
    const query = app.db
      .prepare(`SELECT id FROM applications WHERE status = 'R' AND ${cdh} ORDER BY id DESC LIMIT 1`)
      .pluck()
      .get() as string
    const cluster = stored(query).cluster_uid
    const [finished, ...running] = app.db
      .prepare(
        `SELECT id FROM applications WHERE status = 'S' AND kind IN ('mr', 'tez') AND parent_id IS NULL
            AND cluster_uid = ? ORDER BY start_time DESC LIMIT 3`,
      )
      .pluck()
      .all(cluster) as string[]
    expect(running).toHaveLength(2)
    rewrite(query, { kind: 'hive' })
    for (const [k, id] of running.entries())
      rewrite(id, { kind: k ? 'tez' : 'mr', parent_id: query, status: 'R', finished_time: null })
    rewrite(finished!, { parent_id: query })
    const hive = stored(query)
    const before = await figures(hive)

    const killed = await ok<YarnActionResult>('GET', `/api/v1/yarn_rm/kill_app/${hive.id}`)
    expect(killed.message).toBe(
      `Application ${hive.id} killed. Its running jobs ${[...running].sort().join(', ')} were killed with it.`,
    )
    const killedQuery = stored(hive.id)
    expect(killedQuery.status).toBe('K')
    for (const id of running) {
      const child = stored(id)
      expect(child, id).toMatchObject({
        status: 'K',
        finished_time: killedQuery.finished_time,
        duration: killedQuery.finished_time! - child.start_time,
        diagnostics: `Application ${id} was killed by user admin with its Hive query ${hive.id}.`,
      })
      const view = await ok<AppErrorView>('GET', `/api/v1/jobs/${id}/errorview`)
      expect(view.failure).toMatchObject({ category: 'killed', kind: 'killed-by-user' })
    }
    expect(stored(finished!).status).toBe('S')
    const after = await figures(hive)
    expect(after.runningList - before.runningList).toBe(-3)
    expect(after.killedFinishedList - before.killedFinishedList).toBe(3)
    expect(after.runningResources - before.runningResources).toBe(-3)
    // Every rollup the four rewrites touched is exact.
    const { kept, rebuilt } = keptAndRebuiltRollups()
    expect(kept.app).toEqual(rebuilt.app)
    expect(kept.cb).toEqual(rebuilt.cb)
  })

  it('after these kills and moves every finished app ends at its start plus its duration, and only running apps have no end', () => {
    // The indexes other than applications_finished hold no finish time and read it so (schema.sql,
    // app-figures.ts finishedBound): a kill must keep it, its own app's and its child jobs'.
    const killedHere = app.db
      .prepare(
        "SELECT count(*) FROM applications WHERE status = 'K' AND diagnostics LIKE '% killed by user admin%'",
      )
      .pluck()
      .get()
    expect(killedHere).toBe(4)
    const broken = app.db
      .prepare(
        `SELECT id, status, start_time, duration, finished_time FROM applications
          WHERE (finished_time IS NULL) <> (status = 'R') OR finished_time <> start_time + duration`,
      )
      .all()
    expect(broken).toEqual([])
  })

  it('after kills and moves the kept rollups equal the ones the seed builds from the apps', () => {
    // Running apps carry no inefficiency events yet; the upkeep itself also serves inefficient apps
    // (the insight and event slices, under parts of their event bits): rewrite one the same way.
    const before = row(`inefficient = 1 AND finished_time IS NOT NULL AND kind IN ('spark', 'mr') AND ${cdh}`)
    const after: AppRow = {
      ...before,
      status: 'K',
      queue: otherQueue(before),
      finished_time: before.finished_time! + HOUR,
    }
    app.db
      .prepare(
        'UPDATE applications SET status = @status, queue = @queue, finished_time = @finished_time WHERE id = @id',
      )
      .run(after)
    refreshAppRollups(app.db, before, after)
    addToChargebackRollups(app.db, before, -1)
    addToChargebackRollups(app.db, after, 1)
    const { kept, rebuilt } = keptAndRebuiltRollups()
    expect(kept.app.length).toBe(rebuilt.app.length)
    expect(kept.app).toEqual(rebuilt.app)
    expect(kept.cb).toEqual(rebuilt.cb)
  })
})

describe('E080 send_comment and GET /apps/{id}/comments', () => {
  it('stores the comment with its author and time; the list returns them oldest first', async () => {
    const { id } = row(`${cdh}`)
    const first = await ok<AppComment>('POST', `/api/v1/apps/${id}/send_comment`, as('admin'), {
      comment: '  Skewed join on orders  ',
    })
    expect(first).toMatchObject({
      appId: id,
      author: 'admin',
      comment: 'Skewed join on orders',
      createdAt: now,
    })
    await ok('POST', `/api/v1/apps/${id}/send_comment`, as('admin'), { comment: 'Fixed in v2' })
    const list = await ok<AppComment[]>('GET', `/api/v1/apps/${id}/comments`)
    expect(list.map((c) => c.comment)).toEqual(['Skewed join on orders', 'Fixed in v2'])
  })
  it.each<[string, () => object, () => string, number]>([
    ['400 a blank comment', () => ({ comment: '   ' }), () => row(cdh).id, 400],
    ['400 a comment over 2,000 characters', () => ({ comment: 'x'.repeat(2001) }), () => row(cdh).id, 400],
    ['400 no comment', () => ({}), () => row(cdh).id, 400],
    ['404 an unknown app', () => ({ comment: 'hi' }), () => 'application_0_0', 404],
    ["403 another platform's app", () => ({ comment: 'hi' }), () => emrApp().id, 403],
  ])('%s', async (_name, body, id, status) => {
    const res = await call('POST', `/api/v1/apps/${id()}/send_comment`, as('admin'), body())
    expect(res.statusCode, res.body).toBe(status)
  })
  it('401 without a token; comments of an unknown app 404', async () => {
    const { id } = row(cdh)
    expect((await call('POST', `/api/v1/apps/${id}/send_comment`, {}, { comment: 'x' })).statusCode).toBe(401)
    expect((await call('GET', '/api/v1/apps/application_0_0/comments')).statusCode).toBe(404)
  })
})

describe('E125 load_logs and E126 loadApplicationsLogStatus over the simulated clock', () => {
  const sparkNotLoaded = (failing: boolean) => {
    const ids = app.db
      .prepare(
        `SELECT id FROM applications WHERE kind = 'spark' AND sensor_enabled = 0 AND ${cdh} ORDER BY id`,
      )
      .pluck()
      .all() as string[]
    return ids.find((id) => (logLoadFailure(id) !== null) === failing)!
  }
  const status = (id: string, task?: string) =>
    ok<LogTaskStatus[]>(
      'GET',
      `/api/v1/apps/loadApplicationsLogStatus?app_id=${id}${task ? `&task_id=${task}` : ''}`,
    )
  const meta = (id: string) => ok<SparkAppMeta>('GET', `/api/v1/spark/spark/${id}/appmeta`)

  it('STARTED until the app’s own delay has passed, then SUCCESS; appmeta then says logsLoaded', async () => {
    const id = sparkNotLoaded(false)
    const start = app.clock.now()
    try {
      expect((await meta(id)).logsLoaded).toBe(false)
      const task = await ok<LoadLogsResponse>('GET', `/api/v1/celery/load_logs?app_type=spark&app_id=${id}`)
      expect(task.alreadyLoaded).toBe(false)
      expect(await status(id, task.task_id)).toEqual([
        { task_id: task.task_id, task_status: 'STARTED', failure_message: null },
      ])
      app.clock.set(start + logLoadDelayMs(id) - 1)
      expect((await status(id))[0]!.task_status).toBe('STARTED')
      app.clock.set(start + logLoadDelayMs(id))
      expect(await status(id, task.task_id)).toEqual([
        { task_id: task.task_id, task_status: 'SUCCESS', failure_message: null },
      ])
      expect((await meta(id)).logsLoaded).toBe(true)
      // Loaded: a second load names the task that did it.
      expect(await ok('GET', `/api/v1/celery/load_logs?app_type=spark&app_id=${id}`)).toEqual({
        task_id: task.task_id,
        alreadyLoaded: true,
      })
    } finally {
      app.clock.set(start)
    }
  })

  it('FAILURE with the message for the apps whose logs cannot load (the same apps every time)', async () => {
    const id = sparkNotLoaded(true)
    const start = app.clock.now()
    try {
      const task = await ok<LoadLogsResponse>('GET', `/api/v1/celery/load_logs?app_type=spark&app_id=${id}`)
      app.clock.set(start + 20_000)
      const [entry] = await status(id, task.task_id)
      expect(entry).toEqual({
        task_id: task.task_id,
        task_status: 'FAILURE',
        failure_message: logLoadFailure(id),
      })
      expect(entry!.failure_message).toMatch(/no longer on HDFS/)
      expect((await meta(id)).logsLoaded).toBe(false)
    } finally {
      app.clock.set(start)
    }
  })

  it('refusals: 400 bad input, 404 unknown app, unknown task or a non-Spark app, 403, 401', async () => {
    const spark = sparkNotLoaded(false)
    const mr = row(`kind = 'mr' AND ${cdh}`).id
    const cases: [string, object | undefined, number][] = [
      [`/api/v1/celery/load_logs?app_type=hive&app_id=${spark}`, undefined, 400],
      ['/api/v1/celery/load_logs?app_type=spark', undefined, 400],
      ['/api/v1/celery/load_logs?app_type=spark&app_id=application_0_0', undefined, 404],
      [`/api/v1/celery/load_logs?app_type=spark&app_id=${mr}`, undefined, 404],
      [`/api/v1/celery/load_logs?app_type=spark&app_id=${emrApp().id}`, undefined, 403],
      [`/api/v1/celery/load_logs?app_type=spark&app_id=${spark}`, {}, 401],
      [`/api/v1/apps/loadApplicationsLogStatus?app_id=${spark}&task_id=nope`, undefined, 400],
      [`/api/v1/apps/loadApplicationsLogStatus?app_id=${spark}&task_id=lt-0`, undefined, 404],
      ['/api/v1/apps/loadApplicationsLogStatus?app_id=application_0_0', undefined, 404],
      [`/api/v1/apps/loadApplicationsLogStatus?app_id=${emrApp().id}`, undefined, 403],
      [`/api/v1/apps/loadApplicationsLogStatus?app_id=${spark}`, {}, 401],
    ]
    for (const [url, headers, code] of cases)
      expect((await call('GET', url, headers ?? as('admin'))).statusCode, url).toBe(code)
  })
})

describe('E122 recent_violations_by_app', () => {
  it('the long-running policy fires at start + 4 h for a Yarn app running longer, newest first, limit 10', async () => {
    const shift = appsTimeShift(app.db)
    const a = row(
      `kind IN ('spark', 'mr') AND ${cdh} AND (duration > ${4 * HOUR} OR status = 'R') AND start_time + ${shift} < ${now - 5 * HOUR}`,
    )
    const hits = await ok<AppViolation[]>(
      'GET',
      `/api/v1/autoactions/recent_violations_by_app?app_id=${a.id}`,
    )
    expect(hits.length).toBeGreaterThan(0)
    expect(hits.length).toBeLessThanOrEqual(10)
    expect(hits).toContainEqual({
      eventTime: a.start_time + shift + 4 * HOUR,
      eventName: 'Long-running app over 4 hours',
      policyId: 'aa-long-running',
    })
    expect(hits.map((h) => h.eventTime)).toEqual([...hits.map((h) => h.eventTime)].sort((x, y) => y - x))
  })
  it('a short app violates nothing; refusals 400/401/403/404', async () => {
    const short = row(
      `kind = 'spark' AND status = 'S' AND duration < ${HOUR} AND memory_seconds < 1000000000 AND ${cdh}`,
    )
    expect(await ok('GET', `/api/v1/autoactions/recent_violations_by_app?app_id=${short.id}`)).toEqual([])
    const url = (q: string) => `/api/v1/autoactions/recent_violations_by_app?${q}`
    expect((await call('GET', url(`app_id=${short.id}&limit=0`))).statusCode).toBe(400)
    expect((await call('GET', url(''))).statusCode).toBe(400)
    expect((await call('GET', url(`app_id=${short.id}`), {})).statusCode).toBe(401)
    expect((await call('GET', url(`app_id=${emrApp().id}`))).statusCode).toBe(403)
    expect((await call('GET', url(`app_id=${short.id}&clusterUid=cdh-not-this-one`))).statusCode).toBe(403)
    expect((await call('GET', url('app_id=application_0_0'))).statusCode).toBe(404)
  })
})

describe('writes survive a rebuild on the same file; a reset returns to the seed', () => {
  it('comments, kills, moves and log tasks', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'costlens-writes-'))
    const dbPath = path.join(dir, 'costlens.db')
    const start = () => frozenTestApp({ dbPath, users: ['admin'] })
    try {
      const first = await start()
      type Picked = Pick<AppRow, 'id' | 'queue' | 'cluster_uid'>
      const pick = (where: string) =>
        first.app.db
          .prepare(`SELECT id, queue, cluster_uid FROM applications WHERE ${where} ORDER BY id LIMIT 2`)
          .all() as [Picked, Picked]
      const [kill, move] = pick(`status = 'R' AND kind IN ('spark', 'mr', 'hive', 'tez') AND ${cdh}`)
      const [logged] = pick(`kind = 'spark' AND sensor_enabled = 0 AND ${cdh}`)
      const h = first.as('admin')
      const inject = (
        a: FastifyInstance,
        method: 'GET' | 'POST',
        url: string,
        headers: object,
        payload?: object,
      ) =>
        a.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) })
      expect((await inject(first.app, 'GET', `/api/v1/yarn_rm/kill_app/${kill.id}`, h)).statusCode).toBe(200)
      expect(
        (await inject(first.app, 'GET', `/api/v1/yarn_rm/move_app/${move.id}?queue=${otherQueue(move)}`, h))
          .statusCode,
      ).toBe(200)
      expect(
        (await inject(first.app, 'POST', `/api/v1/apps/${kill.id}/send_comment`, h, { comment: 'kept' }))
          .statusCode,
      ).toBe(200)
      const task = (
        await inject(first.app, 'GET', `/api/v1/celery/load_logs?app_type=spark&app_id=${logged.id}`, h)
      ).json<LoadLogsResponse>()
      await first.app.close()

      const second = await start()
      const h2 = second.as('admin')
      const state = (id: string) =>
        second.app.db.prepare('SELECT status, queue FROM applications WHERE id = ?').get(id) as {
          status: string
          queue: string
        }
      expect(state(kill.id).status).toBe('K')
      expect(state(move.id).queue).toBe(otherQueue(move))
      const comments = (await inject(second.app, 'GET', `/api/v1/apps/${kill.id}/comments`, h2)).json<
        AppComment[]
      >()
      expect(comments.map((c) => c.comment)).toEqual(['kept'])
      const tasks = (
        await inject(second.app, 'GET', `/api/v1/apps/loadApplicationsLogStatus?app_id=${logged.id}`, h2)
      ).json<LogTaskStatus[]>()
      expect(tasks.map((t) => t.task_id)).toEqual([task.task_id])

      expect((await inject(second.app, 'POST', '/__sim/reset', h2)).statusCode).toBe(200)
      expect(state(kill.id).status).toBe('R')
      expect(state(move.id).queue).toBe(move.queue)
      expect((await inject(second.app, 'GET', `/api/v1/apps/${kill.id}/comments`, h2)).json()).toEqual([])
      await second.app.close()
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})

describe('written times follow the data on a reopen', () => {
  it('after a two-hour session and three days closed, comments and log loads keep their age, none ahead of now', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'costlens-writes-'))
    const dbPath = path.join(dir, 'costlens.db')
    try {
      const first = await frozenTestApp({ dbPath, users: ['admin'] })
      const h = first.as('admin')
      const { id } = first.app.db
        .prepare(`SELECT id FROM applications WHERE kind = 'spark' AND sensor_enabled = 0 AND ${cdh} LIMIT 1`)
        .get() as { id: string }
      const send = (comment: string) =>
        first.app.inject({
          method: 'POST',
          url: `/api/v1/apps/${id}/send_comment`,
          headers: h,
          payload: { comment },
        })
      const opened = first.now
      expect((await send('at the open')).statusCode).toBe(200)
      first.app.clock.set(opened + 2 * HOUR - 5 * 60_000)
      expect((await send('five minutes before the load')).statusCode).toBe(200)
      first.app.clock.set(opened + 2 * HOUR)
      const load = await first.app.inject({
        method: 'GET',
        url: `/api/v1/celery/load_logs?app_type=spark&app_id=${id}`,
        headers: h,
      })
      expect(load.statusCode).toBe(200)
      await first.app.close()

      const reopened = opened + 3 * DAY + 2 * HOUR
      const second = await frozenTestApp({ dbPath, users: ['admin'], now: reopened })
      try {
        const get = async <T>(url: string) =>
          (await second.app.inject({ method: 'GET', url, headers: second.as('admin') })).json<T>()
        const comments = await get<AppComment[]>(`/api/v1/apps/${id}/comments`)
        expect(comments.map((c) => [c.comment, reopened - c.createdAt])).toEqual([
          ['at the open', 2 * HOUR],
          ['five minutes before the load', 5 * 60_000],
        ])
        // The load made just before the stop was made "now", and still runs its own delay.
        const [task] = await get<LogTaskStatus[]>(`/api/v1/apps/loadApplicationsLogStatus?app_id=${id}`)
        expect(task!.task_status).toBe('STARTED')
        const row = second.app.db
          .prepare('SELECT created_at, ready_at FROM app_log_tasks WHERE app_id = ?')
          .get(id) as { created_at: number; ready_at: number }
        expect(row).toEqual({ created_at: reopened, ready_at: reopened + logLoadDelayMs(id) })
      } finally {
        await second.app.close()
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)

  it('a kill two hours into a session, reopened three days later: the app finished now, not two hours ahead, and the seeded data kept its age to it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'costlens-writes-'))
    const dbPath = path.join(dir, 'costlens.db')
    try {
      const first = await frozenTestApp({ dbPath, users: ['admin'] })
      const { running, finished } = first.app.db
        .prepare(
          `SELECT (SELECT id FROM applications WHERE status = 'R' AND kind = 'spark' AND ${cdh} LIMIT 1) AS running,
                  (SELECT id FROM applications WHERE status = 'S' AND ${cdh} LIMIT 1) AS finished`,
        )
        .get() as { running: string; finished: string }
      const summary = async (t: typeof first, id: string) =>
        (
          await t.app.inject({ method: 'POST', url: `/api/v1/apps/${id}/summary/`, headers: t.as('admin') })
        ).json<{ startTime: number; endTime: number | null; status: string }>()
      const opened = first.now
      const killedAt = opened + 2 * HOUR
      first.app.clock.set(killedAt)
      const kill = await first.app.inject({
        method: 'GET',
        url: `/api/v1/yarn_rm/kill_app/${running}`,
        headers: first.as('admin'),
      })
      expect(kill.statusCode).toBe(200)
      const seededBefore = await summary(first, finished)
      await first.app.close()

      const reopened = opened + 3 * DAY + 2 * HOUR
      const second = await frozenTestApp({ dbPath, users: ['admin'], now: reopened })
      try {
        const killed = await summary(second, running)
        expect(killed.status).toBe('K')
        expect(killed.endTime).toBe(reopened)
        // Everything moved by the same amount: the seeded app is as old next to the kill as it was.
        const seededAfter = await summary(second, finished)
        expect(killedAt - seededBefore.startTime).toBe(reopened - seededAfter.startTime)
      } finally {
        await second.app.close()
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})

describe('E124 Yarn move and the global search (E010)', () => {
  it('E010 finds a moved app by its new queue, no longer by its old one', async () => {
    const a = row(`status = 'R' AND kind IN ('spark', 'mr') AND ${cdh}`)
    const to = otherQueue(a)
    const search = (s: string) =>
      ok<GlobalSearchResponse>(
        'GET',
        `/api/v1/apps/globalsearch?searchString=${encodeURIComponent(s)}&size=100`,
      )
    // Before and after (other tests of this file write some rows in SQL, which the index does not see).
    const [toBefore, fromBefore] = [(await search(to)).total, (await search(a.queue)).total]
    await ok('GET', `/api/v1/yarn_rm/move_app/${a.id}?queue=${to}`)
    expect((await search(a.id)).results.map((r) => r.queue)).toEqual([to])
    expect((await search(to)).total).toBe(toBefore + 1)
    expect((await search(a.queue)).total).toBe(fromBefore - 1)
  })
})
