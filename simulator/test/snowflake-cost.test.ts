import type { FastifyInstance } from 'fastify'
import {
  POINT_INTERVAL_MS,
  snowflakeEndpoints,
  chartPointInterval,
  type SnowflakeCostBreakdown,
  type SnowflakeCostOverview,
  type SnowflakeCostQueries,
  type SnowflakeCostRow,
  type SnowflakePoint,
  type SnowflakeQueryDetails,
  type SnowflakeQuerySearchResponse,
} from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { appsTimeShift } from '../src/db/repositories/applications.ts'
import { TEST_NOW_MS, frozenTestApp, type FrozenTestApp } from './helper.ts'

const DAY = 86_400_000
const HOUR = 3_600_000
const iso = (ms: number) => new Date(ms).toISOString()
/** Windows that cut weeks, days and hours mid-way, so sums add rollup buckets and edge queries. */
const LONG = { from: TEST_NOW_MS - 41 * DAY - 5 * HOUR - 1234, to: TEST_NOW_MS - 2 * HOUR + 777 }
const SHORT = { from: TEST_NOW_MS - 9 * DAY - 7 * HOUR - 4321, to: TEST_NOW_MS - 3 * DAY + 11 * HOUR + 99 }
const paramsOf = (w: { from: number; to: number }) => ({ startTime: iso(w.from), endTime: iso(w.to) })

type Breakdown = 'costUsers' | 'costWarehouses' | 'costTags'
/** Each breakdown's grouping column, and how its row is named. */
const DIMENSIONS: Record<Breakdown, { column: string; name: string }> = {
  costUsers: { column: 'q.user_name', name: 'q.user_name' },
  costWarehouses: { column: 'q.warehouse_uid', name: 'w.name' },
  costTags: { column: 'q.query_tag', name: "CASE q.query_tag WHEN '' THEN '(no tag)' ELSE q.query_tag END" },
}
const BREAKDOWNS = Object.keys(DIMENSIONS) as Breakdown[]
const ALL_CALLS = ['costOverview', ...BREAKDOWNS, 'costQueries'] as const

interface Sums {
  n: number
  cost: number
  credits: number
}

describe('snowflake cost: overview, users, warehouses, tags, queries', () => {
  let app: FastifyInstance
  let db: AppInstance['db']
  let as: FrozenTestApp['as']
  beforeAll(async () => {
    ;({ app, as } = await frozenTestApp({ users: ['snowflake', 'sfuser', 'admin'] }))
    db = app.db
  })
  afterAll(() => app.close())

  const get = (
    call: keyof typeof snowflakeEndpoints,
    params: Record<string, string | number> = {},
    user = 'snowflake',
  ) =>
    app.inject({
      method: 'GET',
      url: `${snowflakeEndpoints[call].path}?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`,
      headers: user ? as(user) : {},
    })
  const ok = async <T>(
    call: keyof typeof snowflakeEndpoints,
    params: Record<string, string | number> = {},
  ) => {
    const res = await get(call, params)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<T>()
  }

  /** Straight from the queries: those that started in [from, to] (shown time), grouped by `group`. */
  const direct = (w: { from: number; to: number }, group = "''", name = group) => {
    const shift = appsTimeShift(db)
    return db
      .prepare(
        `SELECT ${group} AS id, ${name} AS name, count(*) AS n, sum(q.cost_e4) AS cost,
                sum(q.credits_e4) AS credits, sum(q.duration) AS duration
           FROM snowflake_queries_named q JOIN snowflake_warehouses w ON w.uid = q.warehouse_uid
          WHERE q.start_time BETWEEN @from AND @to GROUP BY 1, 2
          ORDER BY cost DESC, name`,
      )
      .all({ from: w.from - shift, to: w.to - shift }) as (Sums & {
      id: string
      name: string
      duration: number
    })[]
  }
  const totalOf = (w: { from: number; to: number }): Sums => direct(w)[0] ?? { n: 0, cost: 0, credits: 0 }
  const asTotals = (s: Sums) => ({ cost: s.cost / 10_000, credits: s.credits / 10_000, queryCount: s.n })
  const asRow = (s: Sums & { id: string; name: string }, whole: number): SnowflakeCostRow => ({
    id: s.id,
    name: s.name,
    ...asTotals(s),
    share: Math.round((10_000 * s.cost) / whole) / 100,
  })

  /** Cost or credits per point of the shown time, straight from the queries (integers in the SQL). */
  const directPoints = (
    w: { from: number; to: number },
    measure: 'cost_e4' | 'credits_e4',
    where = '1',
    params: Record<string, unknown> = {},
  ): SnowflakePoint[] => {
    const shift = appsTimeShift(db)
    const step = POINT_INTERVAL_MS[chartPointInterval(w.to - w.from)]
    const byTs = new Map(
      (
        db
          .prepare(
            `SELECT ((start_time + ${shift}) / ${step}) * ${step} AS ts, sum(${measure}) AS v FROM snowflake_queries_named q
              WHERE start_time BETWEEN @from AND @to AND (${where}) GROUP BY 1`,
          )
          .all({ from: w.from - shift, to: w.to - shift, ...params }) as { ts: number; v: number }[]
      ).map((r) => [r.ts, r.v]),
    )
    const points: SnowflakePoint[] = []
    for (let ts = Math.floor(w.from / step) * step; ts <= w.to; ts += step)
      points.push([ts, (byTs.get(ts) ?? 0) / 10_000])
    return points
  }

  const expectWindow = (
    body: { startTime: string; endTime: string; interval: string; pointInterval: number },
    w: { from: number; to: number },
  ) => {
    expect(body.startTime).toBe(iso(w.from))
    expect(body.endTime).toBe(iso(w.to))
    expect(body.interval).toBe(chartPointInterval(w.to - w.from))
    expect(body.pointInterval).toBe(POINT_INTERVAL_MS[chartPointInterval(w.to - w.from)])
  }
  const expectSeriesShape = (points: SnowflakePoint[], w: { from: number; to: number }, step: number) => {
    expect(points).toHaveLength(Math.floor(w.to / step) - Math.floor(w.from / step) + 1)
    expect(points[0]![0]).toBe(Math.floor(w.from / step) * step)
    expect(points.every(([ts], i) => i === 0 || ts - points[i - 1]![0] === step)).toBe(true)
  }

  describe('access', () => {
    it.each(ALL_CALLS)('%s needs a token (401)', async (call) => {
      const res = await get(call, {}, '')
      expect(res.statusCode).toBe(401)
    })
    it.each(ALL_CALLS)('%s refuses a CDH user (403)', async (call) => {
      const res = await get(call, {}, 'admin')
      expect(res.statusCode).toBe(403)
      expect(res.json().message).toBe('Snowflake is not available for CDH clusters.')
    })
    it.each(ALL_CALLS)('%s serves a Snowflake user of the user role', async (call) => {
      expect((await get(call, {}, 'sfuser')).statusCode).toBe(200)
    })
  })

  describe('overview', () => {
    it.each([
      ['a 41-day window', LONG],
      ['a 6-day window', SHORT],
    ])('sums %s and the period before it from the queries', async (_name, w) => {
      const body = await ok<SnowflakeCostOverview>('costOverview', paramsOf(w))
      expectWindow(body, w)
      const total = totalOf(w)
      const length = w.to - w.from + 1
      const previous = totalOf({ from: w.from - length, to: w.from - 1 })
      expect(total.n).toBeGreaterThan(0)
      expect(previous.n).toBeGreaterThan(0)
      expect(body.total).toEqual(asTotals(total))
      expect(body.previous).toEqual(asTotals(previous))
      expect(body.changePercent).toBe(
        Math.round((10_000 * (total.cost - previous.cost)) / previous.cost) / 100,
      )
      expect(body.trend).toEqual(directPoints(w, 'cost_e4'))
      expect(body.creditsTrend).toEqual(directPoints(w, 'credits_e4'))
      expectSeriesShape(body.trend, w, body.pointInterval)
      expect(body.trend.reduce((n, [, v]) => n + v, 0)).toBeCloseTo(body.total.cost, 4)
      const warehouses = direct(w, DIMENSIONS.costWarehouses.column, DIMENSIONS.costWarehouses.name)
      expect(body.topWarehouses).toEqual(warehouses.slice(0, 5).map((r) => asRow(r, total.cost)))
      const users = direct(w, DIMENSIONS.costUsers.column)
      expect(body.topUsers).toEqual(users.slice(0, 5).map((r) => asRow(r, total.cost)))
    })

    it('defaults to the last 30 days: 29 whole UTC days before today, and today to now', async () => {
      const body = await ok<SnowflakeCostOverview>('costOverview')
      // The default end is now: the still test clock's TEST_NOW.
      const to = Date.parse(body.endTime)
      expect(to).toBe(TEST_NOW_MS)
      const w = { from: Math.floor(TEST_NOW_MS / DAY) * DAY - 29 * DAY, to }
      expectWindow(body, w)
      expect(body.interval).toBe('daily')
      expect(body.trend).toHaveLength(30)
      expect(body.total).toEqual(asTotals(totalOf(w)))
    })

    it('gives no change percent when the previous period cost nothing', async () => {
      const first = db.prepare('SELECT min(start_time) FROM snowflake_queries_named').pluck().get() as number
      const shift = appsTimeShift(db)
      const fresh = await ok<SnowflakeCostOverview>(
        'costOverview',
        paramsOf({ from: first + shift, to: first + shift + 2 * DAY }),
      )
      expect(fresh.total.queryCount).toBeGreaterThan(0)
      expect(fresh.previous).toEqual({ cost: 0, credits: 0, queryCount: 0 })
      expect(fresh.changePercent).toBeNull()
      const empty = await ok<SnowflakeCostOverview>(
        'costOverview',
        paramsOf({ from: TEST_NOW_MS - 700 * DAY, to: TEST_NOW_MS - 693 * DAY }),
      )
      expect(empty.total).toEqual({ cost: 0, credits: 0, queryCount: 0 })
      expect(empty.changePercent).toBeNull()
      expect(empty.topUsers).toEqual([])
      expect(empty.trend.every(([, v]) => v === 0)).toBe(true)
    })
  })

  describe('breakdowns', () => {
    it.each(BREAKDOWNS)(
      '%s: every row summed from the queries, most cost first, shares of the window',
      async (call) => {
        const body = await ok<SnowflakeCostBreakdown>(call, { ...paramsOf(LONG), limit: 500 })
        expectWindow(body, LONG)
        const total = totalOf(LONG)
        expect(body.total).toEqual(asTotals(total))
        const { column, name } = DIMENSIONS[call]
        const expected = direct(LONG, column, name).map((r) => asRow(r, total.cost))
        expect(body.rows).toEqual(expected)
        expect(body.rows.length).toBeGreaterThan(5)
        expect(body.rows.reduce((n, r) => n + r.share, 0)).toBeCloseTo(100, 0)
        const costs = body.rows.map((r) => r.cost)
        expect(costs).toEqual([...costs].sort((a, b) => b - a))
        expect(body.trend).toEqual(directPoints(LONG, 'cost_e4'))
        expectSeriesShape(body.trend, LONG, body.pointInterval)
        // A series for each of the 5 costliest, point by point as the queries add up.
        expect(body.series.map((s) => [s.id, s.name])).toEqual(
          body.rows.slice(0, 5).map((r) => [r.id, r.name]),
        )
        for (const s of body.series) {
          expect(s.data).toEqual(directPoints(LONG, 'cost_e4', `${column} = @id`, { id: s.id }))
          expect(s.data.reduce((n, [, v]) => n + v, 0)).toBeCloseTo(
            body.rows.find((r) => r.id === s.id)!.cost,
            4,
          )
        }
      },
    )

    it('costTags groups the queries without a tag as "" named (no tag)', async () => {
      const body = await ok<SnowflakeCostBreakdown>('costTags', { ...paramsOf(LONG), limit: 500 })
      const untagged = body.rows.find((r) => r.id === '')
      expect(untagged).toMatchObject({ name: '(no tag)' })
      expect(untagged!.queryCount).toBe(
        db
          .prepare(
            "SELECT count(*) FROM snowflake_queries_named WHERE query_tag = '' AND start_time BETWEEN ? AND ?",
          )
          .pluck()
          .get(LONG.from - appsTimeShift(db), LONG.to - appsTimeShift(db)),
      )
    })

    it.each(BREAKDOWNS)('%s keeps `limit` rows, the costliest, and totals every row', async (call) => {
      const all = await ok<SnowflakeCostBreakdown>(call, { ...paramsOf(SHORT), limit: 500 })
      const three = await ok<SnowflakeCostBreakdown>(call, { ...paramsOf(SHORT), limit: 3 })
      expect(three.rows).toEqual(all.rows.slice(0, 3))
      expect(three.total).toEqual(all.total)
      expect(three.series).toEqual(all.series)
      const byDefault = await ok<SnowflakeCostBreakdown>(call, paramsOf(SHORT))
      expect(byDefault.rows).toEqual(all.rows.slice(0, 100))
    })

    it("agrees with the query list: users' cost is the cost of every query the search returns", async () => {
      const users = await ok<SnowflakeCostBreakdown>('costUsers', { ...paramsOf(SHORT), limit: 500 })
      let cost = 0
      let seen = 0
      for (let page = 1; ; page++) {
        const res = await app.inject({
          method: 'POST',
          url: snowflakeEndpoints.querySearch.path,
          headers: as('snowflake'),
          payload: { ...paramsOf(SHORT), page, pageSize: 100 },
        })
        const body = res.json<SnowflakeQuerySearchResponse>()
        expect(body.total).toBe(users.total.queryCount)
        for (const q of body.results) cost += Math.round(q.cost * 10_000)
        seen += body.results.length
        if (seen >= body.total || !body.results.length) break
      }
      expect(seen).toBe(users.total.queryCount)
      const byUsers = users.rows.reduce((n, r) => n + Math.round(r.cost * 10_000), 0)
      expect(byUsers).toBe(cost)
      expect(users.total.cost).toBe(cost / 10_000)
      // And one user's row is the list filtered to that user.
      const top = users.rows[0]!
      const one = await app.inject({
        method: 'POST',
        url: snowflakeEndpoints.querySearch.path,
        headers: as('snowflake'),
        payload: { ...paramsOf(SHORT), userName: [top.id] },
      })
      expect(one.json<SnowflakeQuerySearchResponse>().total).toBe(top.queryCount)
    })
  })

  describe('queries', () => {
    it('sums each signature from the queries, with its latest query of the window as the sample', async () => {
      const body = await ok<SnowflakeCostQueries>('costQueries', { ...paramsOf(LONG), limit: 500 })
      expectWindow(body, LONG)
      const total = totalOf(LONG)
      expect(body.total).toEqual(asTotals(total))
      const expected = direct(LONG, 'q.signature').sort((a, b) => b.cost - a.cost || a.id.localeCompare(b.id))
      expect(body.rows.map((r) => r.signature)).toEqual(expected.map((r) => r.id))
      const shift = appsTimeShift(db)
      for (const [i, row] of body.rows.entries()) {
        const e = expected[i]!
        expect(row).toMatchObject({
          ...asTotals(e),
          avgDuration: Math.round(e.duration / e.n),
          share: Math.round((10_000 * e.cost) / total.cost) / 100,
        })
        const latest = db
          .prepare(
            `SELECT id FROM snowflake_queries_named WHERE signature = ? AND start_time BETWEEN ? AND ?
              ORDER BY start_time DESC, rid DESC LIMIT 1`,
          )
          .pluck()
          .get(row.signature, LONG.from - shift, LONG.to - shift)
        expect(row.sampleQueryId).toBe(latest)
      }
      expect(body.rows.reduce((n, r) => n + r.share, 0)).toBeCloseTo(100, 0)
      expect(body.trend).toEqual(directPoints(LONG, 'cost_e4'))
      // The sample is what the details page shows.
      const top = body.rows[0]!
      const details = await app.inject({
        method: 'GET',
        url: snowflakeEndpoints.queryDetails.path.replace('{queryUid}', top.sampleQueryId),
        headers: as('snowflake'),
      })
      const { query } = details.json<SnowflakeQueryDetails>()
      expect(top).toMatchObject({
        sqlShort: query.sqlShort,
        queryType: query.queryType,
        userName: query.userName,
        warehouseName: query.warehouse.name,
        signature: query.signature,
      })
    })

    it('keeps `limit` signatures, the costliest', async () => {
      const all = await ok<SnowflakeCostQueries>('costQueries', { ...paramsOf(SHORT), limit: 500 })
      const two = await ok<SnowflakeCostQueries>('costQueries', { ...paramsOf(SHORT), limit: 2 })
      expect(two.rows).toEqual(all.rows.slice(0, 2))
      expect(two.total).toEqual(all.total)
    })
  })

  describe('a database seeded on another day', () => {
    // The queries' stored times trail the shown ones by a shift that is no whole hour, so a point
    // of the shown time cuts the rollups' hours and days.
    it.each(['costOverview', 'costUsers', 'costTags'] as const)(
      '%s still sums each point from the queries of its shown interval',
      async (call) => {
        const anchor = db.prepare("SELECT value FROM settings WHERE key = 'anchor'").pluck().get() as string
        const shift = 2 * DAY + 37 * 60_000 + 123
        db.prepare("UPDATE settings SET value = ? WHERE key = 'apps_anchor'").run(
          String(Number(anchor) - shift),
        )
        try {
          expect(appsTimeShift(db)).toBe(shift)
          for (const w of [LONG, SHORT]) {
            const body = await ok<SnowflakeCostOverview & SnowflakeCostBreakdown>(call, {
              ...paramsOf(w),
              limit: 500,
            })
            expect(body.total).toEqual(asTotals(totalOf(w)))
            expect(body.trend).toEqual(directPoints(w, 'cost_e4'))
            if (call === 'costOverview') {
              const length = w.to - w.from + 1
              expect(body.previous).toEqual(asTotals(totalOf({ from: w.from - length, to: w.from - 1 })))
              expect(body.creditsTrend).toEqual(directPoints(w, 'credits_e4'))
            } else {
              const { column, name } = DIMENSIONS[call]
              expect(body.rows).toEqual(direct(w, column, name).map((r) => asRow(r, totalOf(w).cost)))
              for (const s of body.series)
                expect(s.data).toEqual(directPoints(w, 'cost_e4', `${column} = @id`, { id: s.id }))
            }
          }
        } finally {
          db.prepare("UPDATE settings SET value = ? WHERE key = 'apps_anchor'").run(anchor)
        }
      },
    )
  })

  describe('bad input', () => {
    const cases: [string, Record<string, string | number>][] = [
      ['a malformed startTime', { startTime: 'not a date at all' }],
      ['a malformed endTime', { endTime: '2026-13-45T99:00:00Z' }],
      ['a too short startTime', { startTime: '2026' }],
      ['a reversed window', { startTime: iso(LONG.to), endTime: iso(LONG.from) }],
      ['a window over 366 days', { startTime: iso(TEST_NOW_MS - 367 * DAY), endTime: iso(TEST_NOW_MS) }],
      ['limit 0', { limit: 0 }],
      ['limit 501', { limit: 501 }],
      ['a fractional limit', { limit: 2.5 }],
      ['a limit that is no number', { limit: 'ten' }],
    ]
    it.each(ALL_CALLS.flatMap((call) => cases.map(([name, params]) => [call, name, params] as const)))(
      '%s answers %s with 400 in the error shape',
      async (call, _name, params) => {
        const res = await get(call, params)
        expect(res.statusCode).toBe(400)
        expect(res.json()).toMatchObject({
          statusCode: 400,
          error: 'Bad Request',
          message: expect.any(String),
        })
      },
    )

    it('takes a 366-day window and an empty one', async () => {
      const year = await ok<SnowflakeCostOverview>('costOverview', {
        startTime: iso(TEST_NOW_MS - 366 * DAY),
        endTime: iso(TEST_NOW_MS),
      })
      expect(year.interval).toBe('weekly')
      const instant = await ok<SnowflakeCostBreakdown>('costUsers', {
        startTime: iso(LONG.from),
        endTime: iso(LONG.from),
      })
      expect(instant.trend).toHaveLength(1)
    })
  })
})
