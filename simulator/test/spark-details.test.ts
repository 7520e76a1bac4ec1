import { gunzipSync } from 'node:zlib'
import type {
  SparkAnnotation,
  SparkBatches,
  SparkStreamingQuery,
  SparkAppMeta,
  SparkExecutor,
  SparkExecutorLog,
  SparkJob,
  SparkJobDag,
  SparkSqlExecution,
  SparkStage,
  SparkStageDetail,
  SparkStream,
} from '@costlens/shared'
import type { AppError } from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { readableApp } from '../src/db/repositories/app-access.ts'
import { scopeOfPlatform } from '../src/db/repositories/scope.ts'
import { deriveFailure } from '../src/details/diagnostics.ts'
import { TEST_NOW_MS, frozenTestApp } from './helper.ts'

/**
 * The Spark details calls (02 §7; E035, E099-E112) through buildApp(): each answers from the app's
 * derivation and agrees with its record, refuses bad input (400), another platform's app (403), an
 * unknown app (404), a non-Spark app (400) and a call without a token (401).
 */

interface AppRef {
  id: string
  cluster_uid: string
  status: string
  num_jobs: number
  num_stages: number
  num_completed_stages: number
  num_skipped_stages: number
  task_count: number
  memory_seconds: number
  vcore_seconds: number
  app_attempts: number
}

let app: AppInstance
let as: (user: string) => { authorization: string }
const pick = (where: string, order = 'id') =>
  app.db
    .prepare(
      `SELECT a.* FROM applications a JOIN clusters c ON c.unravel_id = a.cluster_uid
       WHERE c.platform = 'CDH' AND ${where} ORDER BY ${order} LIMIT 1`,
    )
    .get() as AppRef

let ok: AppRef
let streaming: AppRef
let failed: AppRef
let big: AppRef
let hive: AppRef
let otherPlatform: AppRef

beforeAll(async () => {
  ;({ app, as } = await frozenTestApp({ users: ['admin'] }))
  ok = pick(
    "a.kind = 'spark' AND a.status = 'S' AND a.num_jobs > 1 AND a.num_skipped_stages > 0 AND a.name NOT LIKE '%stream%'",
  )
  streaming = pick("a.kind = 'spark' AND a.status = 'S' AND a.name LIKE '%stream%'", 'a.duration DESC')
  failed = pick("a.kind = 'spark' AND a.status = 'F'")
  big = pick("a.kind = 'spark'", 'a.task_count DESC')
  hive = pick("a.kind = 'hive'")
  otherPlatform = app.db
    .prepare(
      `SELECT a.* FROM applications a JOIN clusters c ON c.unravel_id = a.cluster_uid
       WHERE c.platform = 'HDP' AND a.kind = 'spark' LIMIT 1`,
    )
    .get() as AppRef
})
afterAll(() => app.close())

/** The errors of an app as the errors calls derive them (the log must hold their excerpts). */
const errorsOf = (id: string) => ({
  errors:
    deriveFailure(readableApp(app.db, scopeOfPlatform(app.db, 'CDH'), id), app.clock.now())?.errors ?? [],
})
const get = (url: string, headers = as('admin')) => app.inject({ method: 'GET', url, headers })
const json = async <T>(url: string): Promise<T> => {
  const res = await get(url)
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
  return res.json<T>()
}

/** Every call, by catalogue id, as a URL of an app (cluster and id). */
const CALLS: [string, (cluster: string, id: string) => string][] = [
  ['E035 annotation', (_, id) => `/api/v1/spark/${id}/annotation/`],
  ['E099 jobs', (c, id) => `/api/v1/spark/${c}/${id}/jobs`],
  ['E100 job stages', (c, id) => `/api/v1/spark/${c}/${id}/jobs/job-0/stages`],
  ['E101 all stages', (c, id) => `/api/v1/spark/${c}/${id}/stage/allstages`],
  ['E102 job DAG', (c, id) => `/api/v1/spark/${c}/${id}/jobs/job-0/dag`],
  ['E103 executor log', (_, id) => `/api/v1/spark/${id}/executor/driver/log`],
  ['E104 executor log (common)', (_, id) => `/api/v1/common/app/${id}/executors/1/log`],
  ['E105 section: executors', (c, id) => `/api/v1/spark/${c}/${id}/executors`],
  ['E106 executions', (c, id) => `/api/v1/spark/${c}/${id}/executions`],
  ['E107 all stages', (c, id) => `/api/v1/spark/${c}/${id}/allstages`],
  ['E108 appmeta', (_, id) => `/api/v1/spark/spark/${id}/appmeta`],
  ['E109 spark_stream', (_, id) => `/api/v1/spark/${id}/spark_stream`],
  ['E110 streaming queries', (c, id) => `/api/v1/spark/streaming/${c}/${id}/1/streaming_queries`],
  ['E112 stage detail', (c, id) => `/api/v1/spark/${c}/${id}/stage/0/0`],
]

describe('Spark details: every call refuses what it must', () => {
  it.each(CALLS)('%s: 200 for a Spark app of the user', async (_, url) => {
    expect((await get(url(ok.cluster_uid, ok.id))).statusCode).toBe(200)
  })
  it.each(CALLS)('%s: 401 without a token', async (_, url) => {
    expect((await app.inject({ method: 'GET', url: url(ok.cluster_uid, ok.id) })).statusCode).toBe(401)
  })
  it.each(CALLS)('%s: 403 forbidden for another platform’s app', async (_, url) => {
    const res = await get(url(otherPlatform.cluster_uid, otherPlatform.id))
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(`Information for this application ${otherPlatform.id} is forbidden.`)
  })
  it.each(CALLS)('%s: 404 not available for an unknown app', async (_, url) => {
    const res = await get(url(ok.cluster_uid, 'application_0_000000'))
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Information for this application application_0_000000 is not available.')
  })
  it.each(CALLS)('%s: 400 for a Hive app, naming its type', async (_, url) => {
    const res = await get(url(hive.cluster_uid, hive.id))
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(`Application ${hive.id} is a hive application, not a Spark application.`)
  })
  it.each(CALLS)('%s: 400 for a malformed app id', async (_, url) => {
    const res = await get(url(ok.cluster_uid, 'app%20id%3B'))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
  })

  it('E111 batches: refuses the same, and a query the app does not have is 404', async () => {
    const batches = (c: string, id: string) => `/api/v1/spark/streaming/${c}/${id}/1/q1/batches`
    expect((await get(batches(otherPlatform.cluster_uid, otherPlatform.id))).statusCode).toBe(403)
    expect((await get(batches(hive.cluster_uid, hive.id))).statusCode).toBe(400)
    expect((await app.inject({ method: 'GET', url: batches(ok.cluster_uid, ok.id) })).statusCode).toBe(401)
    const res = await get(batches(ok.cluster_uid, ok.id))
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe(`Application ${ok.id} has no streaming query q1.`)
  })

  it.each([
    ['another cluster named in the path: forbidden', () => `/api/v1/spark/cdh-other/${ok.id}/jobs`, 403],
    [
      'another cluster named to the annotation',
      () => `/api/v1/spark/${ok.id}/annotation/?clusterUid=cdh-other`,
      403,
    ],
    ['a job the app does not have', () => `/api/v1/spark/*/${ok.id}/jobs/job-${ok.num_jobs}/stages`, 404],
    [
      'the DAG of a job the app does not have',
      () => `/api/v1/spark/*/${ok.id}/jobs/job-${ok.num_jobs}/dag`,
      404,
    ],
    ['a job number that is not a number', () => `/api/v1/spark/*/${ok.id}/jobs/job-x/dag`, 400],
    ['a stage the app does not have', () => `/api/v1/spark/*/${ok.id}/stage/${ok.num_stages}/0`, 404],
    ['a task page over 500 rows', () => `/api/v1/spark/*/${ok.id}/stage/0/0?limit=501`, 400],
    ['an executor the app does not have', () => `/api/v1/spark/${ok.id}/executor/9999/log`, 404],
    ['an executor id that is not one', () => `/api/v1/spark/${ok.id}/executor/x1/log`, 400],
    ['an appmeta type other than spark', () => `/api/v1/spark/hive/${ok.id}/appmeta`, 400],
    ['a section the call does not serve', () => `/api/v1/spark/*/${ok.id}/environment`, 400],
    ['an execution the app does not have', () => `/api/v1/spark/*/${ok.id}/executions?id=999`, 404],
    [
      'a stream window whose start is after its end',
      () => `/api/v1/spark/${ok.id}/spark_stream?gte=${TEST_NOW_MS}&lte=${TEST_NOW_MS - 1}`,
      400,
    ],
    ['an attempt the app does not have', () => `/api/v1/spark/streaming/*/${ok.id}/9/streaming_queries`, 404],
  ])('%s answers %i', async (_, url, status) => {
    const res = await get(url())
    expect(res.statusCode, res.body).toBe(status)
    expect(res.json().message).toEqual(expect.any(String))
  })
})

describe('Spark details: the answers agree with the record', () => {
  it.each([
    ['a succeeded app', () => ok],
    ['a failed app', () => failed],
    ['the app with the most tasks', () => big],
  ])('%s: jobs, stages and executors add up to its figures', async (_, which) => {
    const a = which()
    const jobs = await json<SparkJob[]>(`/api/v1/spark/${a.cluster_uid}/${a.id}/jobs`)
    const stages = await json<SparkStage[]>(`/api/v1/spark/${a.cluster_uid}/${a.id}/stage/allstages`)
    const executors = await json<SparkExecutor[]>(`/api/v1/spark/*/${a.id}/executors`)
    const latest = new Map(stages.map((s) => [s.stageId, s]))
    expect(jobs).toHaveLength(a.num_jobs)
    expect(latest.size).toBe(a.num_stages)
    expect([...latest.values()].filter((s) => s.status === 'COMPLETE')).toHaveLength(a.num_completed_stages)
    expect([...latest.values()].filter((s) => s.status === 'SKIPPED')).toHaveLength(a.num_skipped_stages)
    const sum = <T>(xs: T[], f: (x: T) => number) => xs.reduce((n, x) => n + f(x), 0)
    expect(
      sum(
        stages.filter((s) => s.attemptId === 0),
        (s) => s.numTasks,
      ),
    ).toBe(a.task_count)
    expect(sum(executors, (e) => e.memorySeconds)).toBe(a.memory_seconds)
    expect(sum(executors, (e) => e.vcoreSeconds)).toBe(a.vcore_seconds)
    expect(executors[0]!.id).toBe('driver')
    expect(await json<SparkStage[]>(`/api/v1/spark/*/${a.id}/allstages`)).toEqual(stages)
  })

  it('a job’s stages and DAG are the stages it names, its edges running forward to its result stage', async () => {
    const jobs = await json<SparkJob[]>(`/api/v1/spark/*/${ok.id}/jobs`)
    for (const job of jobs) {
      const stages = await json<SparkStage[]>(`/api/v1/spark/*/${ok.id}/jobs/job-${job.jobId}/stages`)
      expect(new Set(stages.map((s) => s.stageId))).toEqual(new Set(job.stageIds))
      const dag = await json<SparkJobDag>(`/api/v1/spark/*/${ok.id}/jobs/job-${job.jobId}/dag`)
      expect(dag.nodes.map((n) => n.stageId).sort((x, y) => x - y)).toEqual(
        [...job.stageIds].sort((x, y) => x - y),
      )
      expect(dag.edges.every((e) => e.from < e.to)).toBe(true)
      expect(dag.edges).toHaveLength(dag.nodes.length - 1)
      expect(dag.nodes.filter((n) => n.skipped)).toHaveLength(job.numSkippedStages)
    }
  })

  it('the annotation and appmeta name the app, its jobs and its life', async () => {
    const annotation = await json<SparkAnnotation>(
      `/api/v1/spark/${ok.id}/annotation/?clusterUid=${ok.cluster_uid}`,
    )
    expect(annotation).toMatchObject({
      sparkAppId: ok.id,
      clusterUid: ok.cluster_uid,
      status: 'S',
      type: 'spark',
    })
    expect(annotation.sparkJobIds).toEqual(Array.from({ length: ok.num_jobs }, (_, i) => i))
    expect(annotation.endTime! - annotation.startTime).toBe(annotation.duration)
    const meta = await json<SparkAppMeta>(`/api/v1/spark/spark/${ok.id}/appmeta`)
    expect(meta).toMatchObject({
      appId: ok.id,
      numJobs: ok.num_jobs,
      numStages: ok.num_stages,
      taskCount: ok.task_count,
    })
    const executors = await json<SparkExecutor[]>(`/api/v1/spark/*/${ok.id}/executors`)
    expect(meta.numExecutors).toBe(executors.length - 1)
  })

  it('a stage detail pages its tasks: the total is every task attempt, a page holds limit rows from offset', async () => {
    const stages = await json<SparkStage[]>(`/api/v1/spark/*/${big.id}/stage/allstages`)
    // The stage with the most task attempts (a running app's biggest stage may not have started any).
    const attempts = (s: SparkStage) =>
      s.numCompleteTasks + s.numFailedTasks + s.numKilledTasks + s.numActiveTasks
    const stage = stages.reduce((m, s) => (attempts(s) > attempts(m) ? s : m))
    const url = `/api/v1/spark/*/${big.id}/stage/${stage.stageId}/${stage.attemptId}`
    const first = await json<SparkStageDetail>(url)
    const total = attempts(stage)
    expect(total).toBeGreaterThan(3)
    expect(first.stage).toEqual(stage)
    expect(first.tasks.total).toBe(total)
    expect(first.tasks.tasks).toHaveLength(Math.min(100, total))
    const last = await json<SparkStageDetail>(`${url}?offset=${Math.max(0, total - 3)}&limit=10`)
    expect(last.tasks.tasks).toHaveLength(Math.min(3, total))
    expect(last.tasks.tasks.at(-1)!.taskId).toBe(first.tasks.tasks[0]!.taskId + total - 1)
  })

  it('executions list the SQL executions; ?id= gives that one', async () => {
    const all = await json<SparkSqlExecution[]>(`/api/v1/spark/*/${big.id}/executions`)
    for (const e of all.slice(0, 2))
      expect(await json<SparkSqlExecution[]>(`/api/v1/spark/*/${big.id}/executions?id=${e.id}`)).toEqual([e])
  })

  it('streaming: a batch app has no streaming queries and no points, over the last hour of its life', async () => {
    const stream = await json<SparkStream>(`/api/v1/spark/${ok.id}/spark_stream`)
    expect(stream.isStreaming).toBe(false)
    expect(stream.points).toEqual([])
    const annotation = await json<SparkAnnotation>(`/api/v1/spark/${ok.id}/annotation/`)
    expect(stream.lte).toBe(annotation.endTime)
    expect(stream.gte).toBe(Math.max(annotation.startTime, annotation.endTime! - 3_600_000))
    expect(await json(`/api/v1/spark/streaming/*/${ok.id}/0/streaming_queries`)).toEqual([])
  })
})

describe('Spark details: executor logs', () => {
  it('a failed app’s driver log carries the error that failed it, in Spark’s log format', async () => {
    const log = await json<SparkExecutorLog>(`/api/v1/spark/${failed.id}/executor/driver/log`)
    expect(log.stderr[0]).toMatch(/^\d\d\/\d\d\/\d\d \d\d:\d\d:\d\d INFO SparkContext: Running Spark version/)
    expect(log.stderr.some((l) => / (ERROR|WARN) /.test(l))).toBe(true)
    expect(log.stderr.length).toBeLessThanOrEqual(400)
  })

  it('every error of failed and killed apps is in the log it was written to, the lines in time order', async () => {
    const ended = app.db
      .prepare(
        `SELECT a.id FROM applications a JOIN clusters c ON c.unravel_id = a.cluster_uid
         WHERE c.platform = 'CDH' AND a.kind = 'spark' AND a.status IN ('F', 'K') ORDER BY a.id LIMIT 30`,
      )
      .pluck()
      .all() as string[]
    const stamp = (line: string) => /^(\d\d\/\d\d\/\d\d \d\d:\d\d:\d\d) /.exec(line)?.[1]
    for (const id of ended) {
      const errors: AppError[] = errorsOf(id).errors
      for (const e of errors.filter((x) => x.logFile === 'stderr (driver)' || x.logFile === 'stderr')) {
        const executor = e.logFile === 'stderr' ? e.executorId! : 'driver'
        const log = await json<SparkExecutorLog>(`/api/v1/spark/${id}/executor/${executor}/log`)
        for (const line of e.logExcerpt) expect(log.stderr, `${id} ${executor}`).toContain(line)
        const stamped = log.stderr.filter((line) => stamp(line) !== undefined)
        expect(stamped.map(stamp), `${id} ${executor}`).toEqual(stamped.map(stamp).sort())
        for (const line of e.logExcerpt.filter((l) => stamp(l) !== undefined))
          expect(
            stamped.filter((l) => l === line),
            `${id} ${executor}: ${line} written twice`,
          ).toHaveLength(1)
      }
    }
  })

  it('a succeeded app’s executor log has INFO lines only', async () => {
    const log = await json<SparkExecutorLog>(`/api/v1/spark/${ok.id}/executor/1/log`)
    expect(log.stderr.length).toBeGreaterThan(3)
    expect(log.stderr.every((l) => / INFO /.test(l))).toBe(true)
  })

  it('compress=true gzips the same answer and says so in Content-Encoding', async () => {
    const plain = await json<SparkExecutorLog>(`/api/v1/common/app/${failed.id}/executors/driver/log`)
    const res = await get(`/api/v1/common/app/${failed.id}/executors/driver/log?compress=true`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(plain)
    expect(await json(`/api/v1/spark/${failed.id}/executor/driver/log`)).toEqual(plain)
  })
})

describe('Spark details: big apps stay fast', () => {
  it('the app with the most tasks answers jobs, all stages and executors in a few ms each', async () => {
    const urls = [
      `/api/v1/spark/*/${big.id}/jobs`,
      `/api/v1/spark/*/${big.id}/stage/allstages`,
      `/api/v1/spark/*/${big.id}/executors`,
      `/api/v1/spark/*/${big.id}/stage/0/0?offset=100000&limit=500`,
    ]
    for (const url of urls) await get(url)
    const times: number[] = []
    for (let i = 0; i < 10; i++)
      for (const url of urls) {
        const t0 = performance.now()
        expect((await get(url)).statusCode).toBe(200)
        times.push(performance.now() - t0)
      }
    times.sort((x, y) => x - y)
    // Generous for a shared 2-core box: the median is a few ms.
    expect(times[Math.floor(times.length / 2)]!).toBeLessThan(25)
  })
})

describe('Spark details: a streaming app (its name says stream)', () => {
  it('has one query whose batches, page by page, are the series of its window', async () => {
    const annotation = await json<SparkAnnotation>(`/api/v1/spark/${streaming.id}/annotation/`)
    expect(annotation.type).toBe('structured-streaming')
    const [query, ...more] = await json<SparkStreamingQuery[]>(
      `/api/v1/spark/streaming/${streaming.cluster_uid}/${streaming.id}/1/streaming_queries`,
    )
    expect(more).toEqual([])
    expect(query).toMatchObject({ name: expect.stringMatching(/stream/), status: 'TERMINATED' })
    expect(query!.numBatches).toBeGreaterThan(0)
    const window = `gte=${annotation.startTime}&lte=${annotation.endTime}`
    const base = `/api/v1/spark/streaming/*/${streaming.id}/1/${query!.id}/batches?${window}`
    const page = await json<SparkBatches>(base)
    expect(page.total).toBe(query!.numBatches)
    expect(page.batches).toHaveLength(Math.min(100, page.total))
    for (const [i, b] of page.batches.entries()) {
      expect(b.batchId).toBe(i)
      expect(b.batchTime).toBeGreaterThanOrEqual(annotation.startTime)
      expect(b.batchTime).toBeLessThanOrEqual(annotation.endTime!)
    }
    const lastPage = await json<SparkBatches>(`${base}&from=${Math.max(0, page.total - 1)}`)
    expect(lastPage.batches.map((b) => b.batchId)).toEqual([page.total - 1])
    const stream = await json<SparkStream>(`/api/v1/spark/${streaming.id}/spark_stream?${window}`)
    expect(stream.isStreaming).toBe(true)
    const rows = (xs: { inputRows: number }[]) => xs.reduce((n, x) => n + x.inputRows, 0)
    expect(rows(stream.points)).toBe(query!.inputRows)
    expect(stream.points.length).toBeLessThanOrEqual(720)
    if (page.total <= 100) expect(rows(page.batches)).toBe(query!.inputRows)
  })

  it('defaults to the last hour of its life', async () => {
    const annotation = await json<SparkAnnotation>(`/api/v1/spark/${streaming.id}/annotation/`)
    const stream = await json<SparkStream>(`/api/v1/spark/${streaming.id}/spark_stream`)
    expect(stream.lte).toBe(annotation.endTime)
    expect(stream.gte).toBe(Math.max(annotation.startTime, annotation.endTime! - 3_600_000))
    for (const p of stream.points) expect(p.time).toBeGreaterThanOrEqual(stream.gte)
  })
})

describe('Spark details: the router', () => {
  it('lets the per-attempt calls (E143-E147) past the section route for a Spark app', async () => {
    // /spark/{id}/{attempt}/{resource} must reach the per-attempt calls, not /spark/{platform}/{id}/{section}.
    for (const resource of ['annotation', 'status', 'analysis', 'appsummary', 'errors']) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/spark/${ok.id}/1/${resource}`,
        headers: as('admin'),
      })
      expect(res.statusCode, `${resource}: ${res.body}`).toBe(200)
      const generic = await app.inject({
        method: 'GET',
        url: `/api/v1/spark/${ok.cluster_uid}/${ok.id}/${resource}`,
        headers: as('admin'),
      })
      expect(res.json(), resource).toEqual(generic.json())
    }
    // The section route itself still answers its own (here without a token: 401).
    expect((await app.inject({ method: 'GET', url: `/api/v1/spark/c/${ok.id}/executors` })).statusCode).toBe(
      401,
    )
  })
})
