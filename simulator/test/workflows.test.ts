import type { PipelineRuns, Session, WorkflowAnnotation, WorkflowChildren } from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { appsTimeShift } from '../src/db/repositories/applications.ts'
import { parseWorkflowId, workflowId } from '../src/db/repositories/workflows.ts'
import { frozenTestApp } from './helper.ts'

/**
 * The workflow calls (E096-E098) and a pipeline's runs through buildApp(): a workflow is one pipeline
 * run (the top-level apps of one pipeline name on one cluster started on one UTC day) and agrees with
 * its children's records; bad input answers 400, another platform's run 403, an unknown run 404 and
 * no token 401.
 */

const DAY = 86_400_000
let app: AppInstance
let as: (user: string) => { authorization: string }
let now: number

interface ChildRecord {
  id: string
  status: string
  cents: number
  user: string
  start_time: number
  finished_time: number | null
  duration: number
}

/** The runs straight from the table: pipeline × cluster × UTC day (of the lists' frame), largest first. */
function runsOn(platform: string) {
  const shift = appsTimeShift(app.db)
  return app.db
    .prepare(
      `SELECT a.name AS pipeline, a.cluster_uid, (CAST(a.start_time + @shift AS INTEGER) / ${DAY}) * ${DAY} AS day, count(*) AS n
         FROM applications a JOIN clusters c ON c.unravel_id = a.cluster_uid
        WHERE c.platform = @platform AND a.parent_id IS NULL
          AND a.name IN ('daily_sales_rollup','customer_360_refresh','clickstream_sessionize','inventory_snapshot',
                         'fraud_features','marketing_attribution','finance_ledger_close','recommendations_train')
        GROUP BY 1, 2, 3 ORDER BY n DESC, day DESC, 1, 2`,
    )
    .all({ shift, platform }) as { pipeline: string; cluster_uid: string; day: number; n: number }[]
}

/** A run's children records, in start order. */
function childrenOf(run: { pipeline: string; cluster_uid: string; day: number }) {
  const shift = appsTimeShift(app.db)
  return app.db
    .prepare(
      `SELECT id, status, cents, user, start_time + @shift AS start_time, finished_time, duration FROM applications
        WHERE parent_id IS NULL AND name = @pipeline AND cluster_uid = @cluster
          AND start_time + @shift >= @day AND start_time + @shift < @day + ${DAY}
        ORDER BY start_time, id`,
    )
    .all({ shift, pipeline: run.pipeline, cluster: run.cluster_uid, day: run.day }) as ChildRecord[]
}

const idOf = (run: { pipeline: string; cluster_uid: string; day: number }) =>
  workflowId({ pipeline: run.pipeline, clusterUid: run.cluster_uid, day: run.day })

let cdhRuns: ReturnType<typeof runsOn>
let hdpRun: ReturnType<typeof runsOn>[number]

beforeAll(async () => {
  ;({ app, as, now } = await frozenTestApp({ users: ['admin'] }))
  cdhRuns = runsOn('CDH')
  hdpRun = runsOn('HDP')[0]!
})
afterAll(() => app.close())

const get = (url: string, headers: Record<string, string> = as('admin')) =>
  app.inject({ method: 'GET', url, headers })
async function json<T>(url: string): Promise<T> {
  const res = await get(url)
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
  return res.json<T>()
}

/** Every workflow call for a workflow id (E098 on the id's own cluster). */
const CALLS: [string, (id: string) => string][] = [
  ['E096 annotation_by_wfid', (id) => `/api/v1/workflows/${encodeURIComponent(id)}/annotation_by_wfid`],
  ['E097 oozie children', (id) => `/api/v1/workflows/oozie/${encodeURIComponent(id)}/children`],
  [
    'E098 annotation on its cluster',
    (id) =>
      `/api/v1/ds/api/v1/workflows/${parseWorkflowId(id)?.clusterUid ?? 'cdh-prod-01'}/${encodeURIComponent(id)}/annotation`,
  ],
]

describe('workflow ids', () => {
  it('name the pipeline, the cluster and the UTC day, and read back', () => {
    const id = workflowId({
      pipeline: 'daily_sales_rollup',
      clusterUid: 'cdh-prod-01',
      day: Date.UTC(2026, 10, 2),
    })
    expect(id).toBe('daily_sales_rollup__cdh-prod-01__2026-11-02T00:00:00')
    expect(parseWorkflowId(id)).toEqual({
      pipeline: 'daily_sales_rollup',
      clusterUid: 'cdh-prod-01',
      day: Date.UTC(2026, 10, 2),
    })
    expect(parseWorkflowId('daily_sales_rollup__cdh-prod-01__2026-02-30T00:00:00')).toBeUndefined()
  })
})

describe('E096/E098 a workflow is one pipeline run', () => {
  it('agrees with its children records on ten runs: count, start order, cost, status, times', async () => {
    const sample = [...cdhRuns.slice(0, 5), ...cdhRuns.slice(-5)]
    for (const run of sample) {
      const records = childrenOf(run)
      const wf = await json<WorkflowAnnotation>(CALLS[0]![1](idOf(run)))
      expect(wf.id).toBe(idOf(run))
      expect(wf.pipeline).toBe(run.pipeline)
      expect(wf.clusterUid).toBe(run.cluster_uid)
      expect(wf.childCount).toBe(records.length)
      expect(wf.children.map((c) => c.id)).toEqual(records.map((r) => r.id))
      expect(wf.cents).toBe(records.reduce((sum, r) => sum + r.cents, 0))
      expect(wf.user).toBe(records[0]!.user)
      expect(wf.startTime).toBe(records[0]!.start_time)
      const statuses = records.map((r) => r.status)
      const expected = records.some((r) => r.finished_time === null)
        ? 'R'
        : statuses.includes('F')
          ? 'F'
          : statuses.includes('K')
            ? 'K'
            : statuses.every((s) => s === 'S')
              ? 'S'
              : 'U'
      expect(wf.status).toBe(expected)
      if (wf.endTime === null) expect(wf.duration).toBe(now - wf.startTime)
      else {
        expect(wf.duration).toBe(wf.endTime - wf.startTime)
        for (const c of wf.children) expect(c.endTime).not.toBeNull()
        expect(Math.max(...wf.children.map((c) => c.endTime!))).toBe(wf.endTime)
      }
      for (const c of wf.children) {
        expect(c.startTime).toBeGreaterThanOrEqual(run.day)
        expect(c.startTime).toBeLessThan(run.day + DAY)
      }
    }
  })

  it('E098 answers what E096 answers on the run cluster or *, and E097 the same children', async () => {
    const id = idOf(cdhRuns[0]!)
    const byId = await json<WorkflowAnnotation>(CALLS[0]![1](id))
    expect(await json<WorkflowAnnotation>(CALLS[2]![1](id))).toEqual(byId)
    expect(
      await json<WorkflowAnnotation>(`/api/v1/ds/api/v1/workflows/*/${encodeURIComponent(id)}/annotation`),
    ).toEqual(byId)
    const children = await json<WorkflowChildren>(CALLS[1]![1](id))
    expect(children).toEqual({ workflowId: id, total: byId.childCount, children: byId.children })
  })

  it('a run that failed: a failed child makes the workflow F', async () => {
    const failed = cdhRuns.find(
      (run) =>
        childrenOf(run).some((c) => c.status === 'F') &&
        !childrenOf(run).some((c) => c.finished_time === null),
    )
    expect(failed).toBeDefined()
    expect((await json<WorkflowAnnotation>(CALLS[0]![1](idOf(failed!)))).status).toBe('F')
  })

  it('E098 on another cluster than the run answers 403', async () => {
    const run = cdhRuns[0]!
    const otherCluster = cdhRuns.find((r) => r.cluster_uid !== run.cluster_uid)!.cluster_uid
    const res = await get(
      `/api/v1/ds/api/v1/workflows/${otherCluster}/${encodeURIComponent(idOf(run))}/annotation`,
    )
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(`Information for this workflow ${idOf(run)} is forbidden.`)
  })
})

describe.each(CALLS)('%s refuses', (_name, url) => {
  it("another platform's run: 403 forbidden", async () => {
    const res = await get(url(idOf(hdpRun)))
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({
      statusCode: 403,
      message: `Information for this workflow ${idOf(hdpRun)} is forbidden.`,
    })
  })

  it('a run that does not exist: 404 not available', async () => {
    const id = 'daily_sales_rollup__cdh-prod-01__1999-01-01T00:00:00'
    const res = await get(url(id))
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe(`Information for this workflow ${id} is not available.`)
  })

  it('a malformed id: 400', async () => {
    const res = await get(url('daily_sales_rollup__cdh-prod-01__2026-11-02'))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
  })

  it('no token: 401', async () => {
    expect((await get(url(idOf(cdhRuns[0]!)), {})).statusCode).toBe(401)
  })
})

describe("a pipeline's runs", () => {
  const runsUrl = (pipeline: string, query = '') => `/api/v1/workflows/pipelines/${pipeline}/runs${query}`

  it('the last 7 days by default: each run as its workflow page shows it, latest first', async () => {
    const pipeline = cdhRuns[0]!.pipeline
    const answer = await json<PipelineRuns>(runsUrl(pipeline))
    const expected = cdhRuns.filter(
      (r) => r.pipeline === pipeline && r.day >= answer.start && r.day < answer.end,
    )
    expect(answer.end - answer.start).toBe(8 * DAY)
    expect(answer.total).toBe(expected.length)
    expect(answer.runs.map((r) => r.id).sort()).toEqual(expected.map(idOf).sort())
    const days = answer.runs.map((r) => r.runDate)
    expect(days).toEqual([...days].sort().reverse())
    for (const run of answer.runs.slice(0, 5)) {
      const { children, ...page } = await json<WorkflowAnnotation>(CALLS[0]![1](run.id))
      expect(page).toEqual(run)
      expect(children).toHaveLength(run.childCount)
    }
  })

  it('a cluster narrows the runs; a window of whole days covers start_time to end_time', async () => {
    const { pipeline, cluster_uid: cluster } = cdhRuns[0]!
    const start = now - 30 * DAY
    const answer = await json<PipelineRuns>(
      runsUrl(pipeline, `?clusterUid=${cluster}&start_time=${start}&end_time=${now}`),
    )
    expect(answer.start).toBe(Math.floor(start / DAY) * DAY)
    expect(answer.runs.every((r) => r.clusterUid === cluster)).toBe(true)
    expect(answer.total).toBe(
      cdhRuns.filter((r) => r.pipeline === pipeline && r.cluster_uid === cluster && r.day >= answer.start)
        .length,
    )
  })

  it.each([
    ['a bad pipeline name', runsUrl('bad%20name')],
    ['an unreadable time', runsUrl('daily_sales_rollup', '?start_time=yesterday')],
    [
      'start after end',
      runsUrl(
        'daily_sales_rollup',
        `?start_time=${Date.UTC(2026, 10, 20)}&end_time=${Date.UTC(2026, 10, 1)}`,
      ),
    ],
    [
      'a window over 366 days',
      runsUrl('daily_sales_rollup', `?start_time=${Date.UTC(2025, 0, 1)}&end_time=${Date.UTC(2026, 10, 1)}`),
    ],
  ])('%s: 400', async (_case, url) => {
    const res = await get(url)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().statusCode).toBe(400)
  })

  it("another platform's cluster: 403; no token: 401; an unknown pipeline: no runs", async () => {
    expect((await get(runsUrl('daily_sales_rollup', `?clusterUid=${hdpRun.cluster_uid}`))).statusCode).toBe(
      403,
    )
    expect((await get(runsUrl('daily_sales_rollup'), {})).statusCode).toBe(401)
    expect((await json<PipelineRuns>(runsUrl('no_such_pipeline'))).runs).toEqual([])
  })
})

describe('R110 the interactive session of a query', () => {
  const sessionUrl = (id: string) => `/api/v1/sessions/${encodeURIComponent(id)}`
  interface Query {
    id: string
    user: string
    cluster_uid: string
    start_time: number
    ended: number
    cents: number
  }
  /** A user's Hive/Impala/Presto queries on a cluster, in start order, with their end (now while running). */
  const queriesOf = (user: string, cluster: string) =>
    app.db
      .prepare(
        `SELECT id, user, cluster_uid, start_time, cents, coalesce(finished_time, @now) AS ended
           FROM applications WHERE user = @user AND cluster_uid = @cluster AND kind IN ('hive','impala','presto')
          ORDER BY start_time, id`,
      )
      .all({ user, cluster, now: now - appsTimeShift(app.db) }) as Query[]

  /** Sessions cut by hand: a query more than 30 minutes after the end of every query before opens one. */
  function sessionsOf(queries: Query[]): Query[][] {
    const sessions: Query[][] = []
    let lastEnd = -Infinity
    for (const q of queries) {
      if (q.start_time - lastEnd > 30 * 60_000) sessions.push([])
      sessions.at(-1)!.push(q)
      lastEnd = Math.max(lastEnd, q.ended)
    }
    return sessions
  }

  /** Every CDH user × cluster's sessions, cut by hand. */
  function cdhSessions(): Query[][] {
    const pairs = app.db
      .prepare(
        `SELECT DISTINCT a.user, a.cluster_uid FROM applications a JOIN clusters c ON c.unravel_id = a.cluster_uid
          WHERE c.platform = 'CDH' AND a.kind IN ('hive','impala','presto')`,
      )
      .all() as { user: string; cluster_uid: string }[]
    return pairs.flatMap((p) => sessionsOf(queriesOf(p.user, p.cluster_uid)))
  }

  it('groups the queries a user ran on a cluster with pauses of 30 minutes at most, named from any of them', async () => {
    const sessions = cdhSessions()
    const largest = [...sessions].sort((a, b) => b.length - a.length)[0]!
    expect(largest.length).toBeGreaterThan(1)
    const shift = appsTimeShift(app.db)
    for (const named of [largest[0]!, largest.at(-1)!]) {
      const session = await json<Session>(sessionUrl(named.id))
      expect(session.id).toBe(largest[0]!.id)
      expect(session.queries.map((q) => q.id)).toEqual(largest.map((q) => q.id))
      expect(session.queryCount).toBe(largest.length)
      expect(session.cents).toBe(largest.reduce((sum, q) => sum + q.cents, 0))
      expect(session.startTime).toBe(largest[0]!.start_time + shift)
      expect(session.user).toBe(largest[0]!.user)
      expect(session.gapMinutes).toBe(30)
    }
  })

  it('a query alone in its session is a session of one', async () => {
    const single = cdhSessions().find((s) => s.length === 1)!
    const session = await json<Session>(sessionUrl(single[0]!.id))
    expect(session.queries.map((q) => q.id)).toEqual([single[0]!.id])
  })

  it('refuses another engine (400), another platform (403), an unknown app (404), a bad id (400), no token (401)', async () => {
    const spark = app.db
      .prepare("SELECT id FROM applications WHERE kind = 'spark' AND cluster_type = 'CDH' LIMIT 1")
      .pluck()
      .get() as string
    const res = await get(sessionUrl(spark))
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      `Application ${spark} is a spark app: sessions group Hive, Impala and Presto queries.`,
    )
    const hdp = app.db
      .prepare("SELECT id FROM applications WHERE kind = 'hive' AND cluster_type = 'HDP' LIMIT 1")
      .pluck()
      .get() as string
    expect((await get(sessionUrl(hdp))).json()).toMatchObject({
      statusCode: 403,
      message: `Information for this application ${hdp} is forbidden.`,
    })
    expect((await get(sessionUrl('application_1_000001'))).statusCode).toBe(404)
    expect((await get(sessionUrl('bad id!'))).statusCode).toBe(400)
    expect((await get(sessionUrl(spark), {})).statusCode).toBe(401)
  })
})
