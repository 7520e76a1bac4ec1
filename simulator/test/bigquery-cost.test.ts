import type { FastifyInstance } from 'fastify'
import {
  bigqueryEndpoints,
  type BigQueryCostOverview,
  type BigQueryCostTags,
  type BigQueryJobSearchResponse,
  type BigQueryTopK,
  type ChargebackResponse,
} from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE_JOBS, FIXTURE_TIME } from './bigquery-fixture.ts'
import { insertBigQueryFixture } from './bigquery-fixture.ts'
import { frozenTestApp, type FrozenTestApp } from './helper.ts'

const { HOUR, DAY } = FIXTURE_TIME
const iso = (ms: number) => new Date(ms).toISOString()
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0)

describe('bigquery API: cost pages (R152 Cost 360, R153 Top K, R154 tags)', () => {
  let app: FastifyInstance
  let as: FrozenTestApp['as']
  let now: number
  beforeAll(async () => {
    ;({ app, as, now } = await frozenTestApp({
      users: ['bigquery', 'snowflake', 'bqviewer'],
      peers: { bqviewer: { of: 'bigquery', role: 'user' } },
    }))
    insertBigQueryFixture(app.db, now)
  })
  afterAll(() => app.close())

  const get = (url: string, user: string | null = 'bigquery') =>
    app.inject({ method: 'GET', url, headers: user ? as(user) : {} })
  const got = async <T>(url: string) => {
    const res = await get(url)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<T>()
  }
  const qs = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)] as [string, string])).toString()
  /** The 7 days to now, as the cost picker's default: [now − 7 days + 1 ms, now]. */
  const week = () => ({ startTime: iso(now - 7 * DAY + 1), endTime: iso(now) })
  const overview = (params: Record<string, string | number> = week()) =>
    got<BigQueryCostOverview>(`${bigqueryEndpoints.costOverview.path}?${qs(params)}`)

  describe('access: admin only (01 §6), BigQuery only', () => {
    const CALLS = [
      ['R152 Cost 360', bigqueryEndpoints.costOverview.path],
      ['R153 Top K', bigqueryEndpoints.costTopK.path],
      ['R154 tags', bigqueryEndpoints.costTags.path],
    ] as const
    it.each(CALLS)(
      '%s: 200 to the BigQuery admin, 403 to a BigQuery user who is no admin and to a Snowflake user, 401 without a token',
      async (_name, path) => {
        expect((await get(path)).statusCode).toBe(200)
        const user = await get(path, 'bqviewer')
        expect(user.statusCode).toBe(403)
        expect(user.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' })
        expect((await get(path, 'snowflake')).statusCode).toBe(403)
        expect((await get(path, null)).statusCode).toBe(401)
      },
    )
  })

  describe('R152 Cost 360', () => {
    it('the 7 days: every job (costlens’ own too) by project, user, reservation and job type, exact to 1/10,000 cent', async () => {
      const body = await overview()
      // 6,250,000 + 60 + 60 + 12,500,000 (on demand) + 100,000 + 480,000 + 2,000,000 + 960,000 (slots) e4.
      expect(body.total).toEqual({
        cost: 2229.012,
        jobCount: 13,
        billedBytes: sum(FIXTURE_JOBS.filter((j) => j.ago < 7 * DAY).map((j) => j.bytesBilled)),
        slotMs: sum(FIXTURE_JOBS.filter((j) => j.ago < 7 * DAY).map((j) => j.slotMs)),
      })
      expect(body.pointInterval).toBe('day')
      expect(body.projects.map((r) => [r.id, r.cost, r.jobCount, r.share])).toEqual([
        ['acme-marketing-analytics', 1875.012, 5, 84.12],
        ['acme-data-prod', 354, 7, 15.88],
        ['acme-ml-sandbox', 0, 1, 0],
      ])
      expect(body.users.map((r) => [r.id, r.cost])).toEqual([
        ['alice@acme.example', 1885],
        ['etl@acme-data-prod.iam.gserviceaccount.com', 248],
        ['bob@acme.example', 96.006],
        ['costlens@acme-admin.iam.gserviceaccount.com', 0.006],
      ])
      expect(body.reservations.map((r) => [r.id, r.name, r.cost, r.jobCount])).toEqual([
        ['on-demand', 'On-demand', 1875.012, 5],
        ['acme-admin:US.etl', 'acme-admin:US.etl', 354, 7],
        ['acme-admin:EU.bi', 'acme-admin:EU.bi', 0, 1],
      ])
      expect(body.jobTypes.map((r) => [r.id, r.name, r.cost, r.jobCount])).toEqual([
        ['Q', 'Query', 2229.012, 11],
        ['E', 'Extract', 0, 1],
        ['L', 'Load', 0, 1],
      ])
      for (const rows of [body.projects, body.users, body.reservations, body.jobTypes])
        expect(sum(rows.map((r) => r.share))).toBeCloseTo(100, 1)
    })

    it('the period before: the 7 days just before, its cost per row and the change', async () => {
      const body = await overview()
      expect(body.previousStartTime).toBe(iso(now - 14 * DAY + 1))
      expect(body.previousEndTime).toBe(iso(now - 7 * DAY))
      // bqjob_s14: 5 slot-hours at $0.04, 10 days ago.
      expect(body.previous).toMatchObject({ cost: 20, jobCount: 1 })
      expect(body.changePercent).toBe(11045.06)
      expect(body.projects.find((r) => r.id === 'acme-ml-sandbox')).toMatchObject({
        previousCost: 20,
        changePercent: -100,
      })
      expect(body.projects.find((r) => r.id === 'acme-data-prod')).toMatchObject({
        previousCost: 0,
        changePercent: null,
      })
    })

    it('the trend: a point per seeded day by job type over 7 days, per hour over 12 hours; points add up to the total', async () => {
      const days = await overview()
      expect(days.trend.map((s) => s.id)).toEqual(['E', 'L', 'Q'])
      const query = days.trend.find((s) => s.id === 'Q')!
      expect(query.data.length).toBeGreaterThanOrEqual(7)
      expect(query.data.length).toBeLessThanOrEqual(8)
      expect(sum(query.data.map(([, v]) => v))).toBeCloseTo(2229.012, 4)
      const hours = await overview({ startTime: iso(now - 12 * HOUR), endTime: iso(now) })
      expect(hours.pointInterval).toBe('hour')
      const q = hours.trend.find((s) => s.id === 'Q')!
      expect(q.data.length).toBe(13)
      expect(q.data[1]![0] - q.data[0]![0]).toBe(HOUR)
      // s01 (625) + u08 + s02 (0.006 each) + s03 (48) + r09 (10): every job created in the 12 hours,
      // each in the hour it was created in (r09 at 11:30 in the 11:00 point).
      expect(sum(q.data.map(([, v]) => v))).toBeCloseTo(683.012, 4)
      expect(hours.total.cost).toBe(683.012)
      expect(q.data.find(([t]) => t === now - HOUR)).toEqual([now - HOUR, 635])
    })

    it('limit keeps the costliest rows; the totals still count every job', async () => {
      const body = await overview({ ...week(), limit: 1 })
      expect(body.projects.map((r) => r.id)).toEqual(['acme-marketing-analytics'])
      expect(body.total.cost).toBe(2229.012)
    })
  })

  describe('the agreement (issue 19 Done-when): Cost 360 = the job list = bqcb, for the same range', () => {
    const RANGES = [
      {
        name: 'whole UTC days',
        start: () => Math.floor(now / DAY) * DAY - 5 * DAY,
        end: () => Math.floor(now / DAY) * DAY - 1,
      },
      {
        name: 'a window cut inside days',
        start: () => now - 9 * DAY - 12_345_678,
        end: () => now - 3_456_789,
      },
      { name: '30 days', start: () => now - 30 * DAY + 1, end: () => now },
    ]
    it.each(RANGES)('$name: the same cost, to the cent, and the same job count', async ({ start, end }) => {
      const [from, to] = [start(), end()]
      const cost360 = await overview({ startTime: iso(from), endTime: iso(to) })
      const list = await app.inject({
        method: 'POST',
        url: bigqueryEndpoints.jobSearch.path,
        headers: as('bigquery'),
        payload: { startTime: iso(from), endTime: iso(to), showUnravelJobs: true, pageSize: 1 },
      })
      expect(list.statusCode, list.body).toBe(200)
      const jobs = list.json<BigQueryJobSearchResponse>()
      const bqcb = await got<ChargebackResponse>(`/api/v1/search/bqcb/appt?from=${from}&to=${to + 1}`)
      expect(cost360.total.cost).toBeGreaterThan(0)
      expect(cost360.total.cost).toBe(jobs.totals.cost)
      expect(cost360.total.jobCount).toBe(jobs.total)
      expect(cost360.total.billedBytes).toBe(jobs.totals.billedBytes)
      expect(Math.round(cost360.total.cost)).toBe(bqcb.cbInfo.total.cents)
      expect(cost360.total.jobCount).toBe(bqcb.cbInfo.total.count)
    })
  })

  describe('R153 Top K', () => {
    const topk = (params: Record<string, string | number>) =>
      got<BigQueryTopK>(`${bigqueryEndpoints.costTopK.path}?${qs({ ...week(), ...params })}`)

    it('K = 5: projects, users, statements (with their latest job) and signatures, most cost first', async () => {
      const body = await topk({ k: 5 })
      expect(body.k).toBe(5)
      expect(body.projects.map((r) => r.id)).toEqual([
        'acme-marketing-analytics',
        'acme-data-prod',
        'acme-ml-sandbox',
      ])
      expect(body.users[0]).toMatchObject({ id: 'alice@acme.example', cost: 1885, jobCount: 4 })
      expect(body.statements.map((r) => [r.id, r.cost, r.jobCount, r.signature])).toEqual([
        ['7', 1250, 1, 'sig-star'],
        ['1', 625, 4, 'sig-star'],
        ['2', 258, 3, 'sig-join'],
        ['3', 96.006, 2, 'sig-kpi'],
        ['6', 0.006, 1, 'sig-costlens'],
      ])
      // Statement 1's latest job in the window is the pending bqjob_w10 (2 minutes ago).
      expect(body.statements[1]).toMatchObject({ sampleJobId: 'bqjob_w10' })
      expect(body.statements[1]!.sqlShort).toMatch(/^SELECT \* FROM `acme-data-prod.sales.orders`/)
      expect(body.signatures.map((r) => [r.id, r.cost, r.jobCount])).toEqual([
        ['sig-star', 1875, 5],
        ['sig-join', 258, 3],
        ['sig-kpi', 96.006, 2],
        ['sig-costlens', 0.006, 1],
        ['sig-extract', 0, 1],
      ])
      expect(body.signatures[0]).toMatchObject({ sampleJobId: 'bqjob_s11', share: 84.12 })
    })

    it('K defaults to 10: every statement of the week (7 of them) is listed', async () => {
      const body = await got<BigQueryTopK>(`${bigqueryEndpoints.costTopK.path}?${qs(week())}`)
      expect(body.k).toBe(10)
      expect(body.statements).toHaveLength(7)
      expect(sum(body.statements.map((r) => r.cost))).toBeCloseTo(body.total.cost, 4)
    })
  })

  describe('R154 tags', () => {
    const tags = (params: Record<string, string | number> = {}) =>
      got<BigQueryCostTags>(`${bigqueryEndpoints.costTags.path}?${qs({ ...week(), ...params })}`)

    it('by key: each key with the jobs carrying it, the jobs without labels as the untagged row', async () => {
      const body = await tags()
      expect(body.keys.map((r) => [r.id, r.name, r.cost, r.jobCount])).toEqual([
        ['env', 'env', 2229.006, 11],
        ['team', 'team', 2229.006, 10],
        // bqjob_u08 (costlens' own read) and bqjob_e07 carry no label.
        ['', '(untagged)', 0.006, 2],
      ])
      // The costliest key (ties by name) is broken down by default.
      expect(body.key).toBe('env')
      expect(body.values.map((r) => [r.id, r.cost, r.jobCount])).toEqual([
        ['prod', 2229.006, 10],
        ['dev', 0, 1],
        ['', 0.006, 2],
      ])
    })

    it('by value of a chosen key: the jobs without it are the untagged row, and the shares add to 100', async () => {
      const body = await tags({ key: 'team' })
      expect(body.key).toBe('team')
      expect(body.values.map((r) => [r.name, r.cost, r.jobCount, r.share])).toEqual([
        ['marketing', 1875.006, 4, 84.12],
        ['data', 354, 6, 15.88],
        ['(untagged)', 0.006, 3, 0],
      ])
      expect(sum(body.values.map((r) => r.share))).toBeCloseTo(100, 1)
      expect(sum(body.values.map((r) => r.cost))).toBeCloseTo(body.total.cost, 4)
      const unknown = await tags({ key: 'nope' })
      expect(unknown.values.map((r) => [r.name, r.share])).toEqual([['(untagged)', 100]])
    })
  })

  describe('bad input: 400 with the error shape', () => {
    const BAD: [string, string, RegExp][] = [
      ['K under 5', `${bigqueryEndpoints.costTopK.path}?k=4`, /k/],
      ['K over 50', `${bigqueryEndpoints.costTopK.path}?k=51`, /k/],
      [
        'a reversed window',
        `${bigqueryEndpoints.costOverview.path}?startTime=2026-11-20T00:00:00Z&endTime=2026-11-10T00:00:00Z`,
        /startTime/,
      ],
      [
        'a window over 366 days',
        `${bigqueryEndpoints.costOverview.path}?startTime=2025-06-01T00:00:00Z&endTime=2026-11-10T00:00:00Z`,
        /366 days/,
      ],
      ['a date that is none', `${bigqueryEndpoints.costTags.path}?startTime=yesterday`, /startTime/],
      ['a label key over 63 characters', `${bigqueryEndpoints.costTags.path}?key=${'k'.repeat(64)}`, /key/],
      ['limit 0', `${bigqueryEndpoints.costOverview.path}?limit=0`, /limit/],
    ]
    it.each(BAD)('%s', async (_name, url, message) => {
      const res = await get(url)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.stringMatching(message),
      })
    })
  })
})
