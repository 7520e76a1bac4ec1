import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PIPELINE_TYPES, type PipelineListResponse, type PipelineRow } from '@costlens/shared'
import { auth, signIn, testApp, TEST_NOW_MS } from './helper.ts'

const DAY = 86_400_000
let app: FastifyInstance
let headers: Record<string, string>

beforeAll(async () => {
  app = await testApp()
  headers = auth(await signIn(app, 'admin'))
})
afterAll(() => app.close())

const URL = '/api/v1/ds/api/v1/workflows/list'
const week = { start_time: TEST_NOW_MS - 7 * DAY, end_time: TEST_NOW_MS }

async function list(body: object, as = headers) {
  const res = await app.inject({ method: 'POST', url: URL, headers: as, payload: body })
  const json = res.json<PipelineListResponse & { message?: string }>()
  return { status: res.statusCode, json, rows: json.data?.data.results ?? [] }
}

/** The pipeline type of a top-level run, as the seed makes them (Hive queries with MR or Tez children). */
const TYPE_SQL = `CASE a.kind WHEN 'hive' THEN CASE WHEN EXISTS (SELECT 1 FROM applications c WHERE c.parent_id = a.id AND c.kind = 'tez')
  THEN 'hivetz' ELSE 'hivemr' END WHEN 'mr' THEN 'hivemr' WHEN 'tez' THEN 'hivetz' ELSE a.kind END`
const NAMES = `('daily_sales_rollup','customer_360_refresh','clickstream_sessionize','inventory_snapshot',
  'fraud_features','marketing_attribution','finance_ledger_close','recommendations_train')`

/** Runs per pipeline straight from SQL, on the signed-in admin's clusters (CDH): lists are scoped. */
function runsBySql(where = "cluster_type = 'CDH'", params: object = {}) {
  return app.db
    .prepare(
      `SELECT name, cluster_uid, ptype, count(*) AS n FROM (
         SELECT name, cluster_uid, ${TYPE_SQL} AS ptype FROM applications a
          WHERE parent_id IS NULL AND name IN ${NAMES} AND start_time BETWEEN @a AND @b AND ${where})
        WHERE ptype IN ('hivemr','hivetz','impala','spark') GROUP BY 1, 2, 3`,
    )
    .all({ a: week.start_time, b: week.end_time, ...params }) as {
    name: string
    cluster_uid: string
    ptype: string
    n: number
  }[]
}
const keyOf = (r: {
  name?: string
  key?: string
  cluster_uid?: string
  clusterUid?: string
  ptype?: string
  pipelineType?: string
}) => `${r.name ?? r.key}|${r.cluster_uid ?? r.clusterUid}|${r.ptype ?? r.pipelineType}`

describe('POST /api/v1/ds/api/v1/workflows/list (E026)', () => {
  it('E026 B187 groups the runs of each recurring name per cluster and pipeline type, as SQL does', async () => {
    const { status, json, rows } = await list(week)
    expect(status).toBe(200)
    const expected = runsBySql()
    expect(json.data.data.metadata.total).toBe(expected.length)
    expect(new Map(rows.map((r) => [keyOf(r), r.docCount]))).toEqual(
      new Map(expected.map((r) => [keyOf(r), r.n])),
    )
    expect(new Set(rows.map((r) => r.pipelineType))).toEqual(new Set(PIPELINE_TYPES))
    for (const r of rows) expect(r.runName).toBe(r.key)
  })

  it('E026 B180 gives the latest run of each pipeline, latest first by default', async () => {
    const { rows } = await list(week)
    const starts = rows.map((r) => r.latestInstance.startTime)
    expect(starts).toEqual([...starts].sort((a, b) => b - a))
    for (const r of rows.slice(0, 10)) {
      const latest = app.db
        .prepare(
          `SELECT a.id, a.kind, a.start_time, a.user, a.queue, a.cents, a.dfs_read, c.display_name FROM applications a
             JOIN clusters c ON c.unravel_id = a.cluster_uid
            WHERE a.name = @name AND a.cluster_uid = @uid AND a.parent_id IS NULL AND ${TYPE_SQL} = @type
              AND a.start_time BETWEEN @a AND @b ORDER BY a.start_time DESC LIMIT 1`,
        )
        .get({
          name: r.key,
          uid: r.clusterUid,
          type: r.pipelineType,
          a: week.start_time,
          b: week.end_time,
        }) as {
        id: string
        kind: string
        start_time: number
        user: string
        queue: string
        cents: number
        dfs_read: number
        display_name: string
      }
      expect(r.latestInstance).toMatchObject({
        jobId: latest.id,
        kind: latest.kind,
        startTime: latest.start_time,
        userName: latest.user,
        queue: latest.queue,
        costs: latest.cents / 100,
        totalDfsBytesRead: latest.dfs_read,
        clusterId: latest.display_name,
      })
    }
  })

  it('E026 trends: the last 30 runs at most, oldest first, ending with the latest run', async () => {
    const { rows } = await list({ start_time: TEST_NOW_MS - 30 * DAY, end_time: TEST_NOW_MS })
    const busiest = rows.reduce((a, b) => (b.docCount > a.docCount ? b : a))
    expect(busiest.docCount).toBeGreaterThan(0)
    for (const r of rows) {
      const { duration, read, write } = r.trends
      expect(duration).toHaveLength(Math.min(30, r.docCount))
      expect(read.map(([t]) => t)).toEqual(duration.map(([t]) => t))
      expect(write.map(([t]) => t)).toEqual(duration.map(([t]) => t))
      expect(duration.map(([t]) => t)).toEqual([...duration.map(([t]) => t)].sort((a, b) => a - b))
      expect(duration.at(-1)).toEqual([r.latestInstance.startTime, r.latestInstance.duration])
      expect(read.at(-1)![1]).toBe(r.latestInstance.totalDfsBytesRead)
    }
  })

  it('E026 filters by pipeline type, cluster and search text (case-insensitive)', async () => {
    const tez = (await list({ ...week, pipelineTypes: ['hivetz'] })).rows
    expect(tez.length).toBeGreaterThan(0)
    expect(tez.every((r) => r.pipelineType === 'hivetz')).toBe(true)
    const cluster = (await list({ ...week, clusters: ['cdh-prod-01'] })).rows
    expect(new Map(cluster.map((r) => [keyOf(r), r.docCount]))).toEqual(
      new Map(runsBySql("cluster_uid = 'cdh-prod-01'").map((r) => [keyOf(r), r.n])),
    )
    const everyCluster = (await list({ ...week, clusters: ['*'] })).rows
    expect(everyCluster).toHaveLength(runsBySql().length)
    const search = (await list({ ...week, search_text: 'SALES' })).rows
    expect(search.length).toBeGreaterThan(0)
    expect(new Set(search.map((r) => r.key))).toEqual(new Set(['daily_sales_rollup']))
    expect((await list({ ...week, pipelineTypes: [] })).rows).toEqual([])
  })

  it('E026 sorts by any listed key either way', async () => {
    const asc = (await list({ ...week, sort_key: 'docCount', sort_type: 'asc' })).rows.map((r) => r.docCount)
    expect(asc).toEqual([...asc].sort((a, b) => a - b))
    const byName = (await list({ ...week, sort_key: 'key', sort_type: 'desc' })).rows.map(
      (r: PipelineRow) => r.key,
    )
    expect(byName).toEqual([...byName].sort().reverse())
  })

  it('E026 defaults to the last 24 hours (02 §9)', async () => {
    const { rows } = await list({})
    for (const r of rows) expect(r.latestInstance.startTime).toBeGreaterThanOrEqual(TEST_NOW_MS - DAY)
    expect(rows.reduce((n, r) => n + r.docCount, 0)).toBeGreaterThan(0)
  })

  it.each([
    [{ sort_key: 'password' }, 'body/sort_key must be equal to one of the allowed values'],
    [{ sort_type: 'up' }, 'body/sort_type must be equal to one of the allowed values'],
    [{ pipelineTypes: ['pig'] }, 'body/pipelineTypes/0 must be equal to one of the allowed values'],
    [{ start_time: 'last week' }, 'body/start_time must be epoch milliseconds or an ISO-8601 date'],
    [
      { start_time: TEST_NOW_MS, end_time: TEST_NOW_MS - DAY },
      'body/start_time must not be after body/end_time',
    ],
    [{ colour: 'red' }, 'must NOT have additional properties'],
  ])('E026 %j is a 400 saying why', async (body, message) => {
    const { status, json } = await list(body)
    expect(status).toBe(400)
    expect(json.message).toContain(message)
  })

  it('E026 needs a token', async () => {
    expect((await app.inject({ method: 'POST', url: URL, payload: {} })).statusCode).toBe(401)
  })
})
