import type { FastifyInstance } from 'fastify'
import { databricksReadClock } from '../src/db/repositories/databricks-figures.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databricksJobClusterId,
  databricksRunKey,
  type DatabricksClusterSearchResponse,
  type DatabricksClusterSessions,
  type DatabricksClusterSummary,
} from '@costlens/shared'
import { DB_FIXTURE_RUNS, dbFixtureRunCost, insertDatabricksFixture } from './databricks-fixture.ts'
import { frozenTestApp, type FrozenTestApp } from './helper.ts'

/*
 * /compute/dbclusters and /compute/cluster_summary over the Databricks fixture: 2 all-purpose
 * clusters with 3 sessions (one running) and the job clusters of the runs on JOB compute (jobs 1, 3,
 * 4). In the default window (7 days): the 3 sessions and 8 job clusters (9015, 9012, 9013, 9011,
 * 9010, 9008, 9007, 9006; 9003 was skipped and got none); 9015 and 9013 are not final yet (cost 0).
 */
const SEARCH = '/api/v1/apps/unifiedsearch'
const INEFFICIENT = '/api/v1/ds/api/v1/databricks/clusters/inefficient'
const SUMMARY = '/api/v1/ds/api/v1/databricks/compute/cluster_summary'
const DAY = 86_400_000
const IN_WINDOW = [9015, 9012, 9013, 9011, 9010, 9008, 9007, 9006]
const NOT_FINAL = [9015, 9013]

describe('databricks compute: clusters list and cluster summary (issue 20)', () => {
  let app: FastifyInstance
  let as: FrozenTestApp['as']
  let now: number
  beforeAll(async () => {
    ;({ app, as, now } = await frozenTestApp({ users: ['databricks', 'freemium', 'bigquery'] }))
    insertDatabricksFixture(app.db, now)
  })
  afterAll(() => app.close())

  const post = (url: string, payload: object, user: string | null = 'databricks') =>
    app.inject({ method: 'POST', url, payload, headers: user ? as(user) : {} })
  const search = async (body: object = {}, url = SEARCH) => {
    const res = await post(url, { appTypes: ['spark'], ...body })
    expect(res.statusCode, res.body).toBe(200)
    return res.json<DatabricksClusterSearchResponse>()
  }
  const get = (url: string, user: string | null = 'databricks') =>
    app.inject({ method: 'GET', url, headers: user ? as(user) : {} })
  const sessionsCostE4 = () =>
    app.db.prepare('SELECT sum(dbu_cost_e4 + vm_cost_e4) FROM db_cluster_sessions').pluck().get() as number
  const runsCostE4 = (ids: number[]) =>
    ids
      .filter((id) => !NOT_FINAL.includes(id))
      .map((id) => dbFixtureRunCost(DB_FIXTURE_RUNS.find((r) => r.id === id)!))
      .reduce((sum, c) => sum + c.dbuCostE4 + c.vmCostE4, 0)

  it('all tab: the 3 sessions and the 8 job clusters of the window, newest first', async () => {
    const { results, metadata } = await search()
    expect(metadata.totalRecords).toBe(11)
    expect(results).toHaveLength(11)
    const starts = results.map((r) => r.startTime)
    expect(starts).toEqual([...starts].sort((a, b) => b - a))
    expect(metadata.clusterTypes).toEqual([
      { name: 'db_job_cluster', count: 8 },
      { name: 'db_all_purpose', count: 3 },
    ])
    const runs = results
      .filter((r) => r.clusterType === 'db_job_cluster')
      .map((r) => Number(r.id.split('_')[2]))
    expect(runs.sort()).toEqual([...IN_WINDOW].sort())
  })

  it('totals = the sessions + the job clusters’ final cost (billing lag: not-final runs count 0)', async () => {
    const { metadata, results } = await search()
    expect(metadata.totals.total_cost).toBeCloseTo((sessionsCostE4() + runsCostE4(IN_WINDOW)) / 1e6, 6)
    for (const id of NOT_FINAL) {
      const row = results.find((r) => r.id.endsWith(`_${id}`))!
      expect([row.dbus, row.cost, row.total_cost, row.cents]).toEqual([0, 0, 0, 0])
    }
    const sum = results.reduce((s, r) => s + r.total_cost, 0)
    expect(sum).toBeCloseTo(metadata.totals.total_cost, 6)
  })

  it('a job cluster row: the run key, its derived cluster id, the job and its workers; no idle time', async () => {
    const { results } = await search()
    const run = DB_FIXTURE_RUNS.find((r) => r.id === 9012)!
    const row = results.find((r) => r.runId === databricksRunKey('7394025718364020', 201, 9012))!
    expect(row).toMatchObject({
      clusterType: 'db_job_cluster',
      clusterId: databricksJobClusterId(9012, now - run.ago),
      name: 'job-201-run-9012',
      runName: 'customer_churn_model',
      queue: 'acme-analytics-azure',
      user: 'bob@acme.example',
      status: 'F',
      nodeType: 'Standard_DS4_v2',
      minWorkers: 6,
      maxWorkers: 6,
      autoscaling: false,
      availability: 'ON_DEMAND',
      setupDuration: run.setup,
      duration: run.duration,
      idleTime: 0,
      idleCost: 0,
      insights: ['onDemandWhereSpotFits', 'oversizedCluster'],
    })
    const cost = dbFixtureRunCost(run)
    expect(row.total_cost).toBeCloseTo((cost.dbuCostE4 + cost.vmCostE4) / 1e6, 6)
    expect(row.cents).toBeCloseTo(cost.vmCostE4 / 1e4, 6)
  })

  it('a session row: idle = up − busy, its cost never above the session’s; insights derived', async () => {
    const { results } = await search({ clusterTypes: ['db_all_purpose'] })
    expect(results).toHaveLength(3)
    const first = results.find((r) => r.sessionId === 1)!
    expect(first).toMatchObject({
      clusterId: '0412-083152-abc123',
      name: 'shared-analytics',
      status: 'S',
      duration: 10 * 3_600_000,
      busyTime: 6 * 3_600_000,
      idleTime: 4 * 3_600_000,
      autoscaling: true,
      autoTerminationMinutes: 120,
      insights: ['jobOnAllPurposeCompute', 'idleClusterToTimeout', 'oversizedCluster'],
    })
    for (const row of results) {
      expect(row.idleCost).toBeGreaterThan(0)
      expect(row.idleCost).toBeLessThanOrEqual(row.total_cost)
    }
    const running = results.find((r) => r.sessionId === 3)!
    expect(running).toMatchObject({ status: 'R', finishedTime: null, insights: ['onDemandWhereSpotFits'] })
  })

  it('running tab: clusters up now, whatever the window', async () => {
    const { results, metadata } = await search({ appStatus: ['R'], start_time: now - DAY, end_time: now })
    expect(metadata.totalRecords).toBe(1)
    expect(results[0]!.sessionId).toBe(3)
  })

  it('finished tab: clusters that finished in the window (queryOnFinishedTime)', async () => {
    const { metadata, results } = await search({ appStatus: ['K', 'F', 'S'], queryOnFinishedTime: true })
    expect(metadata.totalRecords).toBe(9)
    expect(results.every((r) => r.finishedTime !== null)).toBe(true)
  })

  it('finished tab: a job cluster counts when its run ended in the window, whenever it started (read on start + duration)', async () => {
    const { shift } = databricksReadClock(app.db, now)
    let counted = 0
    for (const [back, span] of [
      [0, 1],
      [0, 3],
      [2, 5],
      [0, 30],
      [10, 60],
    ] as const) {
      const end = now - back * DAY
      const start = end - span * DAY
      const { metadata } = await search({
        queryOnFinishedTime: true,
        start_time: start,
        end_time: end,
        size: 1,
      })
      const jobClusters = metadata.clusterTypes.find((t) => t.name === 'db_job_cluster')?.count ?? 0
      const ended = app.db
        .prepare(
          `SELECT count(*) FROM db_runs WHERE compute_kind = 0 AND status <> 'U' AND end_time >= ? AND end_time <= ?`,
        )
        .pluck()
        .get(start - shift, end - shift)
      expect(jobClusters, `${span} days ending ${back} days ago`).toBe(ended)
      counted += jobClusters
    }
    expect(counted).toBeGreaterThan(5)
  })

  it.each([
    ['workspace (queues)', { queues: ['acme-analytics-azure'] }, 4],
    ['user', { users: ['bob@acme.example'] }, 4],
    ['cluster type', { clusterTypes: ['db_job_cluster'] }, 8],
    ['duration ≥ 3 h', { durations: { min: 3 * 3_600_000 } }, 4],
    ['tag team=analytics (both clusters, job 3)', { appTags: { team: ['analytics'] } }, 6],
    ['named cluster', { clusters: ['0412-083152-abc123'] }, 2],
    ['status F', { appStatus: ['F'] }, 3],
    ['unknown user', { users: ['nobody@acme.example'] }, 0],
  ])('filter: %s', async (_, body, total) => {
    expect((await search(body)).metadata.totalRecords).toBe(total)
  })

  it('cost range filters on total_cost (USD)', async () => {
    const { results } = await search()
    const costs = results.map((r) => r.total_cost).sort((a, b) => a - b)
    const min = costs[5]!
    const filtered = await search({ cost: { min } })
    expect(filtered.results.every((r) => r.total_cost >= min - 1e-9)).toBe(true)
    expect(filtered.metadata.totalRecords).toBe(costs.filter((c) => c >= min - 1e-9).length)
  })

  it('sort by total_cost descending, paged without repeats', async () => {
    const sort = [{ total_cost: { order: 'desc' } }]
    const all = (await search({ sort, size: 20 })).results
    const costs = all.map((r) => r.total_cost)
    expect(costs).toEqual([...costs].sort((a, b) => b - a))
    const page1 = (await search({ sort, size: 4 })).results
    const page2 = (await search({ sort, size: 4, from: 4 })).results
    expect([...page1, ...page2].map((r) => r.id)).toEqual(all.slice(0, 8).map((r) => r.id))
  })

  it('inefficient tab: only clusters with a waste pattern; insights narrow it', async () => {
    const all = await search({}, INEFFICIENT)
    expect(all.metadata.totalRecords).toBe(5)
    expect(all.results.every((r) => r.insights.length > 0)).toBe(true)
    expect(all.metadata.appEvents).toContainEqual({ name: 'onDemandWhereSpotFits', count: 3 })
    const spot = await search({ insights: ['onDemandWhereSpotFits'] }, INEFFICIENT)
    expect(spot.metadata.totalRecords).toBe(3)
  })

  it('the sessions drawer: configuration and sessions of one all-purpose cluster', async () => {
    const res = await get('/api/v1/ds/api/v1/databricks/clusters/0412-083152-abc123/sessions')
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json<DatabricksClusterSessions>()
    expect(body).toMatchObject({ name: 'shared-analytics', jobsConfigured: 1, minWorkers: 2, maxWorkers: 8 })
    expect(body.sessions.map((s) => s.sessionId)).toEqual([2, 1])
    expect((await get('/api/v1/ds/api/v1/databricks/clusters/0000-000000-nope/sessions')).statusCode).toBe(
      404,
    )
  })

  it('cluster summary: the list’s totals by type, idle cost within cost, shares summing to 1', async () => {
    const res = await get(SUMMARY)
    expect(res.statusCode, res.body).toBe(200)
    const s = res.json<DatabricksClusterSummary>()
    const list = await search()
    expect(s.totals.clusters).toBe(list.metadata.totalRecords)
    expect(s.totals.cost).toBeCloseTo(list.metadata.totals.total_cost, 4)
    expect(s.runningNow).toEqual({ allPurpose: 1, jobClusters: 0, warehouses: 1 })
    const byType = Object.fromEntries(s.byType.map((t) => [t.type, t]))
    expect(byType.db_all_purpose!.count).toBe(3)
    expect(byType.db_job_cluster!.count).toBe(8)
    expect(byType.db_job_cluster!.idleHours).toBe(0)
    expect(byType.sql_warehouse!.count).toBe(2)
    for (const t of s.byType) expect(t.idleCost).toBeLessThanOrEqual(t.cost)
    expect(s.scaling.reduce((x, k) => x + k.share, 0)).toBeCloseTo(1, 3)
    expect(s.availability.reduce((x, k) => x + k.share, 0)).toBeCloseTo(1, 3)
    expect(s.topIdle[0]).toMatchObject({ clusterId: '0412-083152-abc123', sessions: 2 })
    expect(s.byWorkspace.reduce((x, w) => x + w.cost, 0)).toBeCloseTo(s.totals.cost, 4)
  })

  it.each([
    ['an unknown sort field', () => ({ sort: [{ bogus: { order: 'desc' } }] })],
    ['an unknown cluster type', () => ({ clusterTypes: ['emr'] })],
    ['an unknown insight', () => ({ insights: ['bogus'] })],
    ['start after end', () => ({ start_time: now, end_time: now - DAY })],
    ['a window over 366 days', () => ({ start_time: now - 400 * DAY, end_time: now })],
    ['a page past 10,000 records', () => ({ from: 9_990, size: 15 })],
  ])('bad input: %s is a 400 in the error shape', async (_, body: () => object) => {
    const res = await post(SEARCH, { appTypes: ['spark'], ...body() })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    expect(typeof res.json().message).toBe('string')
  })

  it('bad input on the summary and the drawer: 400', async () => {
    expect((await get(`${SUMMARY}?start_time=yesterday`)).statusCode).toBe(400)
    expect((await get('/api/v1/ds/api/v1/databricks/clusters/bad%20id/sessions')).statusCode).toBe(400)
  })

  it('freemium: no inefficient tab, no window over 7 days, no cost sort (refused by the server)', async () => {
    expect((await post(INEFFICIENT, {}, 'freemium')).statusCode).toBe(403)
    const wide = await post(
      SEARCH,
      { appTypes: ['spark'], start_time: now - 30 * DAY, end_time: now },
      'freemium',
    )
    expect(wide.statusCode).toBe(403)
    expect((await get(`${SUMMARY}?start_time=${now - 30 * DAY}`, 'freemium')).statusCode).toBe(403)
    const week = await post(
      SEARCH,
      { appTypes: ['spark'], start_time: now - 6 * DAY, end_time: now },
      'freemium',
    )
    expect(week.statusCode, week.body).toBe(200)
  })

  it('other platform: 403 on the Databricks calls; no token: 401', async () => {
    expect((await post(INEFFICIENT, {}, 'bigquery')).statusCode).toBe(403)
    expect((await get(SUMMARY, 'bigquery')).statusCode).toBe(403)
    expect((await post(INEFFICIENT, {}, null)).statusCode).toBe(401)
    expect((await get(SUMMARY, null)).statusCode).toBe(401)
    expect((await post(SEARCH, { appTypes: ['spark'] }, null)).statusCode).toBe(401)
  })
})
