import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  DatabricksSqlOverview,
  DatabricksSqlQueries,
  DatabricksSqlUsers,
  DatabricksSqlWarehouses,
} from '@costlens/shared'
import { insertDatabricksFixture } from './databricks-fixture.ts'
import { frozenTestApp, type FrozenTestApp } from './helper.ts'

/*
 * The /sql pages' calls over the Databricks fixture: one SQL Pro warehouse (Small, 12 DBU/h a
 * cluster at $0.55, VMs 4 × $0.312 a cluster-hour), 2 sessions and 4 queries:
 * - session 1: started 30 h ago, up 9 h, busy 7 h, 1.5 clusters: 162 DBU, $89.10 + $16.848 = $105.948;
 * - session 2: started 2 h ago, up now (2 h), busy 1 h, 1 cluster: 24 DBU, $13.20 + $2.496 = $15.696;
 * - queries: alice's MERGE 26 h ago (65 s, session 1); carol's SELECT 90 min ago (4.2 s) and failed
 *   SELECT 80 min ago (0.9 s), bob's running SELECT 5 min ago (5 min so far), all in session 2.
 * Attribution: session 1's busy cost (7/9 of $105.948 = $82.404) is alice's; session 2's (1/2 of
 * $15.696 = $7.848) is split by run time: carol 5,100 ms, bob 300,000 ms of 305,100. Idle:
 * $23.544 + $7.848 = $31.392. Users + idle = $121.644, the warehouses' cost.
 */
const BASE = '/api/v1/ds/api/v1/databricks/sql'
const HOUR = 3_600_000
const DAY = 24 * HOUR

const S1 = 105.948
const S2 = 15.696
const BOB = (7.848 * 300_000) / 305_100
const CAROL = (7.848 * 5_100) / 305_100

describe('databricks sql: overview, warehouses, users, queries (issue 20, R191-R194)', () => {
  let app: FastifyInstance
  let as: FrozenTestApp['as']
  let now: number
  beforeAll(async () => {
    ;({ app, as, now } = await frozenTestApp({ users: ['databricks', 'freemium', 'bigquery'] }))
    insertDatabricksFixture(app.db, now)
  })
  afterAll(() => app.close())

  const get = (path: string, user: string | null = 'databricks') =>
    app.inject({ method: 'GET', url: `${BASE}${path}`, headers: user ? as(user) : {} })
  const ok = async <T>(path: string) => {
    const res = await get(path)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<T>()
  }

  it('overview: spend, DBUs, queries, p50/p95, busy and idle hours, idle cost, per day by warehouse', async () => {
    const o = await ok<DatabricksSqlOverview>('/overview')
    expect(o.end).toBe(now)
    expect(o.start).toBe(now - 7 * DAY)
    expect(o.totals.cost).toBeCloseTo(S1 + S2, 6)
    expect(o.totals.dbus).toBe(186)
    expect(o.totals.sessions).toBe(2)
    expect(o.totals.queries).toBe(4)
    expect(o.totals.failedQueries).toBe(1)
    // Finished queries' durations 900, 4,200, 65,000 (the running one has none yet): nearest rank.
    expect(o.totals.p50Ms).toBe(4_200)
    expect(o.totals.p95Ms).toBe(65_000)
    expect(o.totals.busyHours).toBe(8)
    expect(o.totals.idleHours).toBe(3)
    expect(o.totals.idleCost).toBeCloseTo(31.392, 6)
    expect(o.days).toHaveLength(8)
    expect(o.series).toHaveLength(1)
    const [series] = o.series
    expect(series!.name).toBe('bi-warehouse')
    expect(series!.cost.reduce((a, b) => a + b, 0)).toBeCloseTo(S1 + S2, 6)
    expect(series!.dbus.reduce((a, b) => a + b, 0)).toBeCloseTo(186, 6)
    expect(o.topWarehouses).toEqual([
      {
        warehouseId: '8a3f2c1d9e7b6a54',
        name: 'bi-warehouse',
        workspace: 'acme-prod-aws',
        cost: expect.closeTo(S1 + S2, 6),
        dbus: 186,
        idleCost: expect.closeTo(31.392, 6),
        queries: 4,
      },
    ])
    expect(o.topUsers.map((u) => u.user)).toEqual([
      'alice@acme.example',
      'bob@acme.example',
      'carol@acme.example',
    ])
    expect(o.topUsers[0]!.cost).toBeCloseTo(82.404, 6)
  })

  it('the last day: only session 2 and the 3 queries since', async () => {
    const o = await ok<DatabricksSqlOverview>(`/overview?start_time=${now - DAY}&end_time=${now}`)
    expect(o.totals.cost).toBeCloseTo(S2, 6)
    expect(o.totals.queries).toBe(3)
    expect(o.totals.sessions).toBe(1)
  })

  it('warehouses: configuration, uptime, busy, idle, idle cost, DBUs, cost, queries, failed', async () => {
    const w = await ok<DatabricksSqlWarehouses>('/warehouses')
    expect(w.total).toBe(1)
    expect(w.rows).toEqual([
      {
        warehouseId: '8a3f2c1d9e7b6a54',
        name: 'bi-warehouse',
        workspace: 'acme-prod-aws',
        type: 'PRO',
        size: 'Small',
        dbuPerHour: 12,
        minClusters: 1,
        maxClusters: 2,
        autoStopMinutes: 10,
        sessions: 2,
        uptimeHours: 11,
        busyHours: 8,
        idleHours: 3,
        idleCost: expect.closeTo(31.392, 6),
        dbus: 186,
        cost: expect.closeTo(S1 + S2, 6),
        queries: 4,
        failed: 1,
      },
    ])
    expect(w.totals.cost).toBeCloseTo(S1 + S2, 6)
    expect(w.facets.types).toEqual([{ value: 'PRO', count: 1 }])
    expect(w.facets.sizes).toEqual([{ value: 'Small', count: 1 }])
    expect(w.facets.workspaces).toEqual([{ value: 'acme-prod-aws', count: 1 }])
  })

  it('warehouses: the filters and the search narrow in SQL', async () => {
    const filtered = async (q: string) => (await ok<DatabricksSqlWarehouses>(`/warehouses?${q}`)).total
    expect(await filtered('type=PRO')).toBe(1)
    expect(await filtered('type=SERVERLESS,CLASSIC')).toBe(0)
    expect(await filtered('warehouseSize=Small')).toBe(1)
    expect(await filtered('warehouseSize=Large')).toBe(0)
    expect(await filtered('workspace=acme-analytics-azure')).toBe(0)
    expect(await filtered('search=BI-WARE')).toBe(1)
    expect(await filtered('search=8a3f2c')).toBe(1)
    expect(await filtered('search=%25')).toBe(0)
  })

  it('users: queries, failures, run time, bytes, rows and attributed cost, costliest first', async () => {
    const u = await ok<DatabricksSqlUsers>('/users')
    expect(u.total).toBe(3)
    expect(u.rows).toEqual([
      {
        user: 'alice@acme.example',
        queries: 1,
        failed: 0,
        durationMs: 65_000,
        readBytes: 48_000_000_000,
        rows: 120_000,
        cost: expect.closeTo(82.404, 6),
      },
      {
        user: 'bob@acme.example',
        queries: 1,
        failed: 0,
        durationMs: 300_000,
        readBytes: 1_000_000_000,
        rows: 0,
        cost: expect.closeTo(BOB, 5),
      },
      {
        user: 'carol@acme.example',
        queries: 2,
        failed: 1,
        durationMs: 5_100,
        readBytes: 3_400_000_000,
        rows: 1_250,
        cost: expect.closeTo(CAROL, 5),
      },
    ])
    expect(u.idle.cost).toBeCloseTo(31.392, 6)
    expect(u.idle.hours).toBe(3)
  })

  it('users + idle = the warehouses’ cost, never more, over several windows', async () => {
    for (const since of [DAY, 2 * DAY, 7 * DAY, 30 * DAY, 90 * DAY]) {
      const window = `start_time=${now - since}&end_time=${now}`
      const u = await ok<DatabricksSqlUsers>(`/users?${window}&limit=100`)
      const w = await ok<DatabricksSqlWarehouses>(`/warehouses?${window}`)
      const users = u.rows.reduce((sum, r) => sum + r.cost, 0)
      expect(users).toBeCloseTo(u.attributedCost, 5)
      expect(users + u.idle.cost).toBeCloseTo(w.totals.cost, 5)
      expect(u.warehouseCost).toBeCloseTo(w.totals.cost, 6)
      expect(users + u.idle.cost).toBeLessThanOrEqual(w.totals.cost + 1e-5)
    }
  })

  it('users: sorted, searched and paged on the server', async () => {
    const byQueries = await ok<DatabricksSqlUsers>('/users?sort=queries&order=desc&limit=1')
    expect(byQueries.total).toBe(3)
    expect(byQueries.rows.map((r) => r.user)).toEqual(['carol@acme.example'])
    const second = await ok<DatabricksSqlUsers>('/users?sort=user&order=asc&offset=1&limit=1')
    expect(second.rows.map((r) => r.user)).toEqual(['bob@acme.example'])
    const searched = await ok<DatabricksSqlUsers>('/users?search=CAR')
    expect(searched.total).toBe(1)
    expect(searched.rows[0]!.user).toBe('carol@acme.example')
  })

  it('queries: newest first with the text, the error and the pickers’ values', async () => {
    const q = await ok<DatabricksSqlQueries>('/queries')
    expect(q.total).toBe(4)
    expect(q.rows.map((r) => r.status)).toEqual(['R', 'F', 'S', 'S'])
    expect(q.rows[0]).toMatchObject({
      user: 'bob@acme.example',
      warehouse: 'bi-warehouse',
      warehouseId: '8a3f2c1d9e7b6a54',
      workspace: 'acme-prod-aws',
      statementType: 'SELECT',
      startTime: now - 5 * 60_000,
      endTime: null,
      duration: 300_000,
    })
    expect(q.rows[1]!.errorMessage).toContain('TABLE_OR_VIEW_NOT_FOUND')
    expect(q.rows[2]!.queryText).toContain('fixture query 1')
    expect(q.users).toEqual(['alice@acme.example', 'bob@acme.example', 'carol@acme.example'])
    expect(q.warehouses).toEqual([{ warehouseId: '8a3f2c1d9e7b6a54', name: 'bi-warehouse' }])
  })

  it('queries: every filter, the sort and the paging in SQL', async () => {
    const ids = async (query: string) =>
      (await ok<DatabricksSqlQueries>(`/queries?${query}`)).rows.map(
        (r) => r.queryText.match(/query (\d)/)![1],
      )
    expect(await ids('status=F')).toEqual(['2'])
    expect(await ids('status=S,K')).toEqual(['1', '3'])
    expect(await ids('user=carol@acme.example')).toEqual(['2', '1'])
    expect(await ids('statementType=MERGE')).toEqual(['3'])
    expect(await ids('warehouse=8a3f2c1d9e7b6a54&minDuration=1000&maxDuration=70000')).toEqual(['1', '3'])
    expect(await ids('search=FIXTURE%20QUERY%203')).toEqual(['3'])
    expect(await ids('sort=duration&order=asc')).toEqual(['2', '1', '3', '4'])
    expect(await ids('sort=duration&order=desc&offset=1&limit=2')).toEqual(['3', '1'])
    const page = await ok<DatabricksSqlQueries>('/queries?limit=1&offset=3')
    expect(page.total).toBe(4)
    expect(page.rows).toHaveLength(1)
  })

  it('bad input: 400 naming the field, never a 500', async () => {
    const bad = async (path: string, field: string) => {
      const res = await get(path)
      expect(res.statusCode, path).toBe(400)
      expect(res.json<{ message: string }>().message).toContain(field)
    }
    await bad(`/overview?start_time=${now - 91 * DAY}&end_time=${now}`, 'start_time')
    await bad(`/overview?start_time=${now}&end_time=${now - DAY}`, 'start_time')
    await bad('/overview?start_time=yesterday', 'start_time')
    await bad('/warehouses?type=GOLD', 'type')
    await bad('/warehouses?warehouseSize=Huge', 'warehouseSize')
    await bad('/warehouses?sort=price', 'sort')
    await bad('/users?limit=1000', 'limit')
    await bad('/queries?minDuration=-1', 'minDuration')
    await bad('/queries?minDuration=5000&maxDuration=10', 'minDuration')
    await bad(`/queries?search=${'x'.repeat(201)}`, 'search')
  })

  it('freemium: the last 7 days, no more (refused by the server)', async () => {
    for (const path of ['/overview', '/users', '/warehouses', '/queries']) {
      expect((await get(path, 'freemium')).statusCode, path).toBe(200)
      const wide = await get(`${path}?start_time=${now - 30 * DAY}&end_time=${now}`, 'freemium')
      expect(wide.statusCode, path).toBe(403)
      expect(wide.json<{ message: string }>().message).toContain('7 days')
    }
  })

  it('other platform: 403; no token: 401', async () => {
    for (const path of ['/overview', '/users', '/warehouses', '/queries']) {
      expect((await get(path, 'bigquery')).statusCode, path).toBe(403)
      expect((await get(path, null)).statusCode, path).toBe(401)
    }
  })
})
