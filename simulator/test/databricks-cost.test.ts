import type { FastifyInstance } from 'fastify'
import type { DATABRICKS_USAGE_SOURCES } from '@costlens/shared'
import {
  chargebackEndpoints,
  databricksCostEndpoints,
  type DatabricksCostTrends,
  type DatabricksUsageTrending,
  type DcbResourceStat,
  type DcbResponse,
} from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appsTimeShift } from '../src/db/repositories/applications.ts'
import { insertDatabricksFixture } from './databricks-fixture.ts'
import { frozenTestApp, type FrozenTestApp } from './helper.ts'

/*
 * The Databricks cost explorer's calls (issue 20): the cost trends (E051) and the dcb chargeback
 * (E047, E048, E050), on the fixture. Every expectation is summed here from the fixture's stored
 * rows (not from the rollup the calls read): each usage once, on its start, a run's figures from
 * its cost_final_at on (billing lag).
 */

const HOUR = 3_600_000
const DAY = 24 * HOUR
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** One usage the oracle sums: what it is, when it started (real time), whose, and its figures. */
interface Usage {
  source: (typeof DATABRICKS_USAGE_SOURCES)[number]
  start: number
  workspace: string
  principal: string
  tags: string[]
  clusterLabel: string
  dbusE4: number
  costE4: number
}

describe('databricks cost explorer: cost trends (E051) and dcb chargeback (E047, E048, E050)', () => {
  let app: FastifyInstance
  let as: FrozenTestApp['as']
  let now: number
  let usages: Usage[]
  beforeAll(async () => {
    ;({ app, as, now } = await frozenTestApp({ users: ['databricks', 'freemium', 'snowflake'] }))
    insertDatabricksFixture(app.db, now)
    usages = readUsages(app, now)
  })
  afterAll(() => app.close())

  const get = (url: string, user: string | null = 'databricks') =>
    app.inject({ method: 'GET', url, headers: user ? as(user) : {} })
  const got = async <T>(url: string, user = 'databricks') => {
    const res = await get(url, user)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<T>()
  }
  const qs = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)] as [string, string])).toString()
  const trends = (params: Record<string, string | number>) =>
    got<DatabricksCostTrends>(`${databricksCostEndpoints.costTrends.path}?${qs(params)}`)
  const dcb = (groups: string, params: Record<string, string | number> = {}) =>
    got<DcbResponse>(`/api/v1/search/dcb/${groups}?${qs(params)}`)
  const sum = (xs: readonly Usage[], f: (u: Usage) => number) => xs.reduce((s, u) => s + f(u), 0)
  const usd = (u: Usage) => u.costE4 / 1e6
  const dbu = (u: Usage) => u.dbusE4 / 1e4
  const inRange = (from: number, to: number) => usages.filter((u) => u.start >= from && u.start < to)
  const today = () => Math.floor(now / DAY) * DAY

  describe('E051 cost trends', () => {
    it('E051 workspaces, USD, daily: one point a UTC day; each workspace = its runs, sessions, updates and warehouses', async () => {
      const from = today() - 6 * DAY
      const res = await trends({ gte: day(from), lte: day(now), type: 'workspaces', unit: 'USD' })
      expect(res).toMatchObject({ unit: 'USD', granularity: 'daily', type: 'workspaces', from, to: now })
      expect(res.buckets).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => from + i * DAY))
      const window = inRange(from, now)
      expect(res.total).toBeCloseTo(sum(window, usd), 6)
      expect(res.series.map((s) => s.key).sort()).toEqual([
        'acme-analytics-azure',
        'acme-ml-enterprise',
        'acme-prod-aws',
      ])
      for (const s of res.series) {
        const mine = window.filter((u) => u.workspace === s.key)
        expect(s.total, s.key).toBeCloseTo(sum(mine, usd), 6)
        s.points.forEach(([t, v]) =>
          expect(v, `${s.key} ${day(t)}`).toBeCloseTo(
            sum(
              mine.filter((u) => u.start >= t && u.start < t + DAY),
              usd,
            ),
            6,
          ),
        )
      }
      // Largest first.
      expect(res.series.map((s) => s.total)).toEqual(
        [...res.series.map((s) => s.total)].sort((a, b) => b - a),
      )
    })

    it('E051 a run whose cost is not final yet counts 0 (billing lag): today holds only the final runs', async () => {
      const res = await trends({ gte: day(now), lte: day(now), unit: 'DBU' })
      const todays = inRange(today(), now)
      expect(todays.some((u) => u.source === 'JOB_RUN' && u.dbusE4 === 0)).toBe(true) // 9016, 9015, 9013
      expect(res.total).toBeCloseTo(sum(todays, dbu), 6)
    })

    it('E051 two workspaces in DBU, weekly (issue 20 Done-when): 7-day buckets from gte, only those two series', async () => {
      const from = today() - 13 * DAY
      const res = await trends({
        gte: day(from),
        lte: day(now),
        unit: 'DBU',
        granularity: 'weekly',
        filters: 'acme-prod-aws,acme-analytics-azure',
      })
      expect(res.buckets).toEqual([from, from + 7 * DAY])
      expect(res.series.map((s) => s.key).sort()).toEqual(['acme-analytics-azure', 'acme-prod-aws'])
      for (const s of res.series)
        s.points.forEach(([t, v]) =>
          expect(v, `${s.key} week of ${day(t)}`).toBeCloseTo(
            sum(
              inRange(t, Math.min(t + 7 * DAY, now)).filter((u) => u.workspace === s.key),
              dbu,
            ),
            6,
          ),
        )
      // The total is every workspace's, the filters only choose the lines.
      expect(res.total).toBeCloseTo(sum(inRange(from, now), dbu), 6)
      expect(res.values).toContain('acme-ml-enterprise')
    })

    it('E051 users (sent as userName): a series per user or service principal, adding up to the total', async () => {
      const from = today() - 29 * DAY
      const res = await trends({ gte: day(from), lte: day(now), type: 'userName' })
      const window = inRange(from, now)
      const users = [...new Set(window.map((u) => u.principal))]
      expect(res.series.map((s) => s.key).sort()).toEqual(users.sort())
      for (const s of res.series)
        expect(s.total).toBeCloseTo(
          sum(
            window.filter((u) => u.principal === s.key),
            usd,
          ),
          6,
        )
      expect(sum(res.series as never, (s) => (s as unknown as { total: number }).total)).toBeCloseTo(
        res.total,
        6,
      )
    })

    it('E051 tags: a series per key:value (a usage counts in each of its tags), untagged as its own', async () => {
      const from = today() - 29 * DAY
      const res = await trends({
        gte: day(from),
        lte: day(now),
        type: 'tags',
        filters: 'team:data-eng,env:prod',
      })
      const window = inRange(from, now)
      const byTag = (tag: string) =>
        sum(
          window.filter((u) => u.tags.includes(tag)),
          usd,
        )
      expect(res.series.find((s) => s.key === 'team:data-eng')!.total).toBeCloseTo(byTag('team:data-eng'), 6)
      expect(res.series.find((s) => s.key === 'env:prod')!.total).toBeCloseTo(byTag('env:prod'), 6)
      // The total counts each usage once, however many tags it has.
      expect(res.total).toBeCloseTo(sum(window, usd), 6)
      const all = await trends({ gte: day(from), lte: day(now), type: 'tags' })
      expect(all.values).toEqual(
        expect.arrayContaining(['team:data-eng', 'team:analytics', 'env:prod', 'env:dev']),
      )
      expect(all.series.length).toBeLessThanOrEqual(5)
    })

    it.each([
      ['gte after lte', { gte: '2026-11-20', lte: '2026-11-19' }, 'must not be after'],
      ['91 days', { gte: '2026-08-23', lte: '2026-11-21' }, '1 to 90 days'],
      ['a day that does not exist', { gte: '2026-02-30', lte: '2026-03-02' }, 'is not a day'],
      ['not YYYY-MM-DD', { gte: '2026-11-2', lte: '2026-11-20' }, 'gte'],
      ['6 filter values', { gte: '2026-11-20', lte: '2026-11-21', filters: 'a,b,c,d,e,f' }, 'at most 5'],
      ['an unknown breakdown', { gte: '2026-11-20', lte: '2026-11-21', type: 'queue' }, 'type'],
      ['an unknown unit', { gte: '2026-11-20', lte: '2026-11-21', unit: 'EUR' }, 'unit'],
      [
        'a tag filter without a value',
        { gte: '2026-11-20', lte: '2026-11-21', type: 'tags', filters: 'team' },
        'key:value',
      ],
      ['no gte', { lte: '2026-11-21' }, 'gte'],
    ])('E051 bad input: %s → 400', async (_name, params, message) => {
      const res = await get(`${databricksCostEndpoints.costTrends.path}?${qs(params)}`)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
      expect(res.json().message).toContain(message)
    })

    it('E051 90 days is allowed (1–90)', async () => {
      const res = await trends({ gte: day(today() - 89 * DAY), lte: day(now) })
      expect(res.buckets).toHaveLength(90)
    })
  })

  describe('E052 usage trending, one tag', () => {
    const usage = (params: Record<string, string | number>) =>
      got<DatabricksUsageTrending>(`${databricksCostEndpoints.usageTrending.path}?${qs(params)}`)

    it("E052 by default the last 7 UTC days a day each: the tag's usage, as the trends' tag series", async () => {
      const res = await usage({ tag: 'team:data-eng' })
      const from = today() - 6 * DAY
      expect(res).toMatchObject({ tag: 'team:data-eng', unit: 'USD', granularity: 'daily', from, to: now })
      expect(res.points.map(([t]) => t)).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => from + i * DAY))
      const tagged = inRange(from, now).filter((u) => u.tags.includes('team:data-eng'))
      expect(res.total).toBeCloseTo(sum(tagged, usd), 6)
      const series = (await trends({ gte: day(from), lte: day(now), type: 'tags', filters: 'team:data-eng' }))
        .series
      expect(res.points).toEqual(series.find((s) => s.key === 'team:data-eng')!.points)
    })

    it('E052 DBUs over 30 days, weekly; a tag nothing carries is all zeros', async () => {
      const from = today() - 29 * DAY
      const range = { gte: day(from), lte: day(now), unit: 'DBU', granularity: 'weekly' }
      const res = await usage({ ...range, tag: 'env:prod' })
      expect(res.points).toHaveLength(5)
      expect(res.total).toBeCloseTo(
        sum(
          inRange(from, now).filter((u) => u.tags.includes('env:prod')),
          dbu,
        ),
        6,
      )
      const none = await usage({ ...range, tag: 'team:nobody' })
      expect(none.total).toBe(0)
      expect(none.points.map(([, v]) => v)).toEqual([0, 0, 0, 0, 0])
    })

    it.each([
      ['no tag', '', 'querystring'],
      ['a tag without a value', 'tag=team', 'querystring/tag'],
      ['91 days', 'tag=team:data-eng&gte=2026-08-01&lte=2026-10-30', 'querystring'],
    ])('E052 %s is a 400', async (_label, query, message) => {
      const res = await get(`${databricksCostEndpoints.usageTrending.path}?${query}`)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().message).toContain(message)
    })

    it('E052 is a tag breakdown: the free plan is refused (403), another platform too, no token 401', async () => {
      const url = `${databricksCostEndpoints.usageTrending.path}?tag=team:data-eng`
      expect((await get(url, 'freemium')).statusCode).toBe(403)
      expect((await get(url, 'snowflake')).statusCode).toBe(403)
      expect((await get(url, null)).statusCode).toBe(401)
    })
  })

  describe('E047, E048 dcb chargeback', () => {
    const week = () => ({ from: day(today() - 6 * DAY), to: day(now) })
    const runs = (from: number, to: number) => inRange(from, to).filter((u) => u.source === 'JOB_RUN')

    it('E047 kind db, by workspace: ms = DBUs × 100, vs = total cost × 100 of the runs (final cost only)', async () => {
      const res = await dcb('queue', { kind: 'db', ...week() })
      const window = runs(today() - 6 * DAY, today() + DAY)
      expect(res.cbInfo).toMatchObject({ kind: 'db', cbType: 'DBX_JOB_RUN', groupBy: ['queue'] })
      expect(res.cbInfo.total.count).toBe(window.length)
      for (const row of res.cb) {
        const mine = window.filter((u) => u.workspace === row.v1)
        expect(row.v1Label).toBe(row.v1)
        expect(row.count).toBe(mine.length)
        expect(row.ms / 100, row.v1).toBeCloseTo(sum(mine, dbu), 6)
        expect(row.vs / 100, row.v1).toBeCloseTo(sum(mine, usd), 6)
      }
      expect(res.cb.map((r) => r.vs)).toEqual([...res.cb.map((r) => r.vs)].sort((a, b) => b - a))
    })

    it('E047 two levels (workspace / user): the nested rows add up to their row', async () => {
      const res = await dcb('queue/realuser', { kind: 'db', from: day(today() - 29 * DAY), to: day(now) })
      expect(res.cb.length).toBeGreaterThan(1)
      for (const row of res.cb) {
        expect(row.cb!.length).toBeGreaterThan(0)
        expect(sum(row.cb as never, (r) => (r as unknown as { vs: number }).vs)).toBeCloseTo(row.vs, 6)
        expect(sum(row.cb as never, (r) => (r as unknown as { count: number }).count)).toBe(row.count)
        for (const inner of row.cb!) {
          const mine = runs(today() - 29 * DAY, today() + DAY).filter(
            (u) => u.workspace === row.v1 && u.principal === inner.v2,
          )
          expect(inner.ms / 100).toBeCloseTo(sum(mine, dbu), 6)
        }
      }
    })

    it("E047 cluster grouping is labelled 'name[uid]': an all-purpose cluster, a job's job clusters", async () => {
      const db = await dcb('clusterUid', { kind: 'db', from: day(today() - 29 * DAY), to: day(now) })
      const labels = db.cb.map((r) => r.v1Label)
      expect(labels).toContain('shared-analytics[0412-083152-abc123]') // job 102 runs on it
      expect(labels).toContain('daily_ingest[job-4051729395532381-101]')
      const spark = await dcb('clusterUid', { kind: 'spark', ...week() })
      expect(spark.cbInfo.cbType).toBe('DBX_CLUSTER')
      expect(spark.cb.map((r) => r.v1Label).sort()).toEqual([
        'data-science-azure[0519-101010-dsx77]',
        'shared-analytics[0412-083152-abc123]',
      ])
      const sessions = inRange(today() - 6 * DAY, now).filter((u) => u.source === 'CLUSTER')
      expect(spark.cbInfo.total.count).toBe(sessions.length)
      expect(spark.cbInfo.total.vs / 100).toBeCloseTo(sum(sessions, usd), 6)
    })

    it('E047 cluster type and tag key group-bys', async () => {
      const types = await dcb('clusterType', { kind: 'db', from: day(today() - 29 * DAY), to: day(now) })
      expect(types.cb.map((r) => r.v1Label).sort()).toEqual(['All-purpose compute', 'Job compute'])
      const byTeam = await dcb('tag:team', { kind: 'db', from: day(today() - 29 * DAY), to: day(now) })
      const window = runs(today() - 29 * DAY, today() + DAY)
      for (const row of byTeam.cb)
        expect(row.vs / 100).toBeCloseTo(
          sum(
            window.filter((u) => u.tags.includes(`team:${row.v1}`)),
            usd,
          ),
          6,
        )
      expect(byTeam.cbInfo.total.vs / 100).toBeCloseTo(sum(window, usd), 6)
    })

    it('E048 userName, kind spark and db: users of each, which the console merges and de-duplicates', async () => {
      const spark = await got<DcbResponse>(`/api/v1/search/dcb/userName?${qs({ kind: 'spark', ...week() })}`)
      const db = await got<DcbResponse>(`/api/v1/search/dcb/userName?${qs({ kind: 'db', ...week() })}`)
      const window = inRange(today() - 6 * DAY, today() + DAY)
      const usersOf = (source: Usage['source']) =>
        [...new Set(window.filter((u) => u.source === source).map((u) => u.principal))].sort()
      expect(spark.cb.map((r) => r.v1).sort()).toEqual(usersOf('CLUSTER'))
      expect(db.cb.map((r) => r.v1).sort()).toEqual(usersOf('JOB_RUN'))
      expect(spark.cbInfo.groupBy).toEqual(['userName'])
    })

    it('E047 filters: workspace, user and tag narrow the runs', async () => {
      const res = await dcb('realuser', {
        kind: 'db',
        from: day(today() - 29 * DAY),
        to: day(now),
        queue: 'acme-prod-aws',
        tags: 'env:prod',
      })
      const mine = runs(today() - 29 * DAY, today() + DAY).filter(
        (u) => u.workspace === 'acme-prod-aws' && u.tags.includes('env:prod'),
      )
      expect(res.cbInfo.total.count).toBe(mine.length)
      expect(res.cbInfo.total.vs / 100).toBeCloseTo(sum(mine, usd), 6)
    })

    it.each([
      ['the same group twice', 'queue/workspace', {}, 'must differ'],
      ['an unknown group-by', 'appt', {}, 'group1'],
      ['an unknown kind', 'queue', { kind: 'hive' }, 'kind'],
      ['6 workspaces', 'queue', { queue: 'a,b,c,d,e,f' }, 'at most 5'],
      ['a tag filter without a value', 'queue', { tags: 'team' }, 'key:value'],
      ['from after to', 'queue', { from: '2026-11-20', to: '2026-11-10' }, 'must not be after'],
    ])('E047 bad input: %s → 400', async (_name, groups, params, message) => {
      const res = await get(`/api/v1/search/dcb/${groups}?${qs(params)}`)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().message).toContain(message)
    })
  })

  describe('chargeback totals = the runs list total (same window rule: runs started in it, final cost only)', () => {
    /** The runs list's total, straight from db_runs: final cost only, runs started in [from, to). */
    const runsListTotal = (from: number, to: number) => {
      const shift = appsTimeShift(app.db)
      return app.db
        .prepare(
          `SELECT count(*) AS count,
                  coalesce(sum(CASE WHEN cost_final_at <= @storedNow THEN dbu_cost_e4 + vm_cost_e4 ELSE 0 END), 0) AS costE4,
                  coalesce(sum(CASE WHEN cost_final_at <= @storedNow THEN dbus_e4 ELSE 0 END), 0) AS dbusE4
             FROM db_runs WHERE start_time >= @from AND start_time < @to`,
        )
        .get({ from: from - shift, to: to - shift, storedNow: now - shift }) as {
        count: number
        costE4: number
        dbusE4: number
      }
    }
    it.each([
      ['whole days (30 days to today)', 29 * DAY, 0, 'days'],
      ['whole days (7 days)', 6 * DAY, 0, 'days'],
      ['a window cut inside days (epoch seconds)', 9 * DAY + 7 * HOUR, 5 * HOUR + 1_800_000, 'seconds'],
      ['a window ending before the unfinal runs', 30 * DAY + 3 * HOUR, 9 * HOUR, 'seconds'],
    ] as const)('%s: to the cent', async (_name, back, before, form) => {
      const from = form === 'days' ? today() - back : now - back
      const to = form === 'days' ? today() + DAY : now - before
      const params =
        form === 'days' ? { from: day(from), to: day(to - DAY) } : { from: from / 1000, to: to / 1000 }
      const res = await dcb('queue/realuser', { kind: 'db', ...params })
      const expected = runsListTotal(from, to)
      expect(res.cbInfo).toMatchObject({ from, to })
      expect(res.cbInfo.total.count).toBe(expected.count)
      expect(res.cbInfo.total.vs).toBeCloseTo(expected.costE4 / 10_000, 6) // cents
      expect(res.cbInfo.total.ms).toBeCloseTo(expected.dbusE4 / 100, 6)
      expect(sum(res.cb as never, (r) => (r as unknown as { vs: number }).vs)).toBeCloseTo(
        expected.costE4 / 10_000,
        6,
      )
    })
  })

  describe('E050 resource stat', () => {
    it('DBX_JOB_RUN: the runs of the window; DBX_CLUSTER: the sessions, each with DBUs and USD', async () => {
      const from = today() - 29 * DAY
      const stat = (cbType: string) =>
        got<DcbResourceStat>(
          `${chargebackEndpoints.dcbResourceStat.path}?${qs({ cbType, from: day(from), to: day(now) })}`,
        )
      const jobs = await stat('DBX_JOB_RUN')
      const window = inRange(from, today() + DAY)
      const runs = window.filter((u) => u.source === 'JOB_RUN')
      expect(jobs).toMatchObject({ cbType: 'DBX_JOB_RUN', count: runs.length, resources: 4 })
      expect(jobs.cost).toBeCloseTo(sum(runs, usd), 6)
      expect(jobs.cost).toBeCloseTo(jobs.dbuCost + jobs.vmCost, 9)
      const clusters = await stat('DBX_CLUSTER')
      const sessions = window.filter((u) => u.source === 'CLUSTER')
      expect(clusters).toMatchObject({ count: sessions.length, resources: 2 })
      expect(clusters.dbus).toBeCloseTo(sum(sessions, dbu), 6)
      expect((await get(`${chargebackEndpoints.dcbResourceStat.path}?cbType=YARN`)).statusCode).toBe(400)
    })
  })

  describe('access and the free plan', () => {
    const CALLS = [
      ['E051 trends', `${databricksCostEndpoints.costTrends.path}?gte=2026-11-20&lte=2026-11-21`],
      ['E047 dcb', '/api/v1/search/dcb/queue/realuser?kind=db'],
      ['E048 dcb userName', '/api/v1/search/dcb/userName?kind=spark'],
      ['E050 resource stat', `${chargebackEndpoints.dcbResourceStat.path}?cbType=DBX_CLUSTER`],
    ] as const
    it.each(CALLS)(
      '%s: 200 to Databricks users, 403 to another platform, 401 without a token',
      async (_n, url) => {
        expect((await get(url)).statusCode).toBe(200)
        expect((await get(url, 'freemium')).statusCode).toBe(200)
        const other = await get(url, 'snowflake')
        expect(other.statusCode).toBe(403)
        expect(other.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' })
        expect((await get(url, null)).statusCode).toBe(401)
      },
    )

    it.each([
      [
        'E051 8 days',
        `${databricksCostEndpoints.costTrends.path}?gte=2026-11-14&lte=2026-11-21`,
        'at most 7 days',
      ],
      [
        'E051 by tags',
        `${databricksCostEndpoints.costTrends.path}?gte=2026-11-20&lte=2026-11-21&type=tags`,
        'Tag grouping',
      ],
      ['E047 8 days', '/api/v1/search/dcb/queue?from=2026-11-14&to=2026-11-21', 'at most 7 days'],
      ['E047 by a tag', '/api/v1/search/dcb/tag:team', 'Tag grouping'],
      ['E047 a tag filter', '/api/v1/search/dcb/queue?tags=team:data-eng', 'Tag filters'],
    ])('free plan: %s is refused with the upgrade message', async (_n, url, message) => {
      const res = await get(url, 'freemium')
      expect(res.statusCode).toBe(403)
      expect(res.json().message).toContain(message)
      expect((await get(url)).statusCode).toBe(200)
    })

    it.each([
      ['E051 gte after lte', `${databricksCostEndpoints.costTrends.path}?gte=2026-11-21&lte=2026-11-14`],
      ['E047 from after to', '/api/v1/search/dcb/queue?from=2026-11-21&to=2026-11-14'],
    ])('free plan: %s is still a 400 (the plan check reads the window first)', async (_n, url) => {
      const res = await get(url, 'freemium')
      expect(res.statusCode, res.body).toBe(400)
    })

    it('free plan: 7 days is allowed', async () => {
      const res = await get(
        `${databricksCostEndpoints.costTrends.path}?gte=2026-11-15&lte=2026-11-21`,
        'freemium',
      )
      expect(res.statusCode, res.body).toBe(200)
    })
  })
})

/** The fixture's usage as the oracle sums it, from the stored rows (times moved to real ones). */
function readUsages(app: FastifyInstance, now: number): Usage[] {
  const shift = appsTimeShift(app.db)
  const storedNow = now - shift
  const rows = (sql: string) => app.db.prepare(sql).all() as Record<string, number | string | null>[]
  const tagsOf = (set: number | string | null | undefined) =>
    set === null || set === undefined
      ? []
      : (rows(
          `SELECT t.key || ':' || t.value AS tag FROM db_tag_sets s JOIN db_tags t ON t.code = s.tag WHERE s.code = ${Number(set)}`,
        ).map((r) => r.tag) as string[])
  const usage = (
    source: Usage['source'],
    r: Record<string, number | string | null>,
    final = true,
  ): Usage => ({
    source,
    start: Number(r.start_time) + shift,
    workspace: String(r.workspace_name),
    principal: String(r.principal_name),
    tags: tagsOf(r.tag_set),
    clusterLabel: String(r.cluster_label ?? ''),
    dbusE4: final ? Number(r.dbus_e4) : 0,
    costE4: final ? Number(r.dbu_cost_e4) + Number(r.vm_cost_e4) : 0,
  })
  return [
    ...rows(
      `SELECT r.*, w.workspace_name, p.name AS principal_name FROM db_runs r
         JOIN db_workspaces w ON w.code = r.workspace JOIN db_principals p ON p.code = r.principal`,
    ).map((r) => usage('JOB_RUN', r, Number(r.cost_final_at) <= storedNow)),
    ...rows(
      `SELECT s.*, c.tag_set, w.workspace_name, p.name AS principal_name FROM db_cluster_sessions s
         JOIN db_clusters c ON c.code = s.cluster JOIN db_workspaces w ON w.code = c.workspace
         JOIN db_principals p ON p.code = s.principal`,
    ).map((r) => usage('CLUSTER', r)),
    ...rows(
      `SELECT u.*, pl.tag_set, w.workspace_name, p.name AS principal_name FROM db_pipeline_updates u
         JOIN db_pipelines pl ON pl.code = u.pipeline JOIN db_workspaces w ON w.code = pl.workspace
         JOIN db_principals p ON p.code = pl.owner WHERE u.job_run IS NULL`,
    ).map((r) => usage('PIPELINE', r)),
    ...rows(
      `SELECT s.*, wh.tag_set, w.workspace_name, p.name AS principal_name FROM db_warehouse_sessions s
         JOIN db_warehouses wh ON wh.code = s.warehouse JOIN db_workspaces w ON w.code = wh.workspace
         JOIN db_principals p ON p.code = wh.creator`,
    ).map((r) => usage('WAREHOUSE', r)),
  ]
}
