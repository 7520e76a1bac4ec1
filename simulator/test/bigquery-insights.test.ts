import type { FastifyInstance } from 'fastify'
import {
  BIGQUERY_INSIGHT_KEYS,
  bigqueryEndpoints,
  type BigQueryCostOverview,
  type BigQueryInsightsOverview,
} from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appsTimeShift } from '../src/db/repositories/applications.ts'
import { jobSavings } from '../src/db/repositories/bigquery-savings.ts'
import { FIXTURE_TIME, insertBigQueryFixture } from './bigquery-fixture.ts'
import { frozenTestApp, type FrozenTestApp } from './helper.ts'

const { HOUR, DAY } = FIXTURE_TIME
const iso = (ms: number) => new Date(ms).toISOString()
const round4 = (n: number) => Math.round(n * 10_000) / 10_000

describe('bigquery API: insights overview (R163 /osd_insights)', () => {
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

  const path = bigqueryEndpoints.insightsOverview.path
  const get = (url: string, user: string | null = 'bigquery') =>
    app.inject({ method: 'GET', url, headers: user ? as(user) : {} })
  const got = async <T>(url: string, user = 'bigquery') => {
    const res = await get(url, user)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<T>()
  }
  const qs = (w: { startTime: string; endTime: string }) => new URLSearchParams(w).toString()
  const overview = (w: { startTime: string; endTime: string }) =>
    got<BigQueryInsightsOverview>(`${path}?${qs(w)}`)

  /**
   * The reference: every job created in the shown window [start, end], with each job's savings from
   * the job details' own function (jobSavings), added up.
   */
  function reference(w: { startTime: string; endTime: string }) {
    const shift = appsTimeShift(app.db)
    const rows = app.db
      .prepare(
        `SELECT insight_mask AS mask, cost_e4 AS costE4, bytes_processed AS processed, bytes_billed AS billed
           FROM bq_jobs WHERE create_time >= ? AND create_time <= ?`,
      )
      .all(Date.parse(w.startTime) - shift, Date.parse(w.endTime) - shift) as {
      mask: number
      costE4: number
      processed: number
      billed: number
    }[]
    const per = new Map(BIGQUERY_INSIGHT_KEYS.map((k) => [k, { jobs: 0, cost: 0, saving: 0 }]))
    let saving = 0
    let withInsights = 0
    for (const r of rows.filter((r) => r.mask !== 0)) {
      const job = jobSavings(r.mask, r.costE4 / 10_000, {
        bytesProcessed: r.processed,
        bytesBilled: r.billed,
      })
      withInsights++
      saving += job.total
      for (const i of job.insights) {
        const p = per.get(i.key)!
        p.jobs++
        p.cost += r.costE4 / 10_000
        p.saving += i.estimatedSavingCents
      }
    }
    return { jobs: rows.length, withInsights, saving: round4(saving), per }
  }

  const windows = () => ({
    'the 7 days to now': { startTime: iso(now - 7 * DAY + 1), endTime: iso(now) },
    'a window within one day (edges only)': { startTime: iso(now - 20 * HOUR), endTime: iso(now - 3 * HOUR) },
    '30 days ending at a ragged hour': {
      startTime: iso(now - 30 * DAY - 5 * HOUR),
      endTime: iso(now - 7 * HOUR - 1234),
    },
  })

  it('200 to the BigQuery admin and to a BigQuery user (no role gate), 403 to a Snowflake user, 401 without a token', async () => {
    expect((await get(path)).statusCode).toBe(200)
    expect((await get(path, 'bqviewer')).statusCode).toBe(200)
    expect((await get(path, 'snowflake')).statusCode).toBe(403)
    expect((await get(path, null)).statusCode).toBe(401)
  })

  it.each(['the 7 days to now', 'a window within one day (edges only)', '30 days ending at a ragged hour'])(
    '%s: each insight’s jobs, cost and saving are the sum of the job details’ figures',
    async (name) => {
      const w = windows()[name as keyof ReturnType<typeof windows>]
      const body = await overview(w)
      const ref = reference(w)
      expect(body.jobCount).toBe(ref.jobs)
      expect(body.jobsWithInsights).toBe(ref.withInsights)
      expect(body.jobsWithInsights).toBeGreaterThan(0)
      expect(body.estimatedSaving).toBeCloseTo(ref.saving, 4)
      for (const insight of body.insights) {
        const r = ref.per.get(insight.key)!
        expect([insight.key, insight.jobCount]).toEqual([insight.key, r.jobs])
        expect(insight.cost).toBeCloseTo(r.cost, 4)
        expect(insight.estimatedSaving).toBeCloseTo(r.saving, 4)
        // A saving never exceeds the cost it saves.
        expect(insight.estimatedSaving).toBeLessThanOrEqual(insight.cost)
      }
      expect(body.estimatedSaving).toBeLessThanOrEqual(body.costWithInsights)
      expect(body.costWithInsights).toBeLessThanOrEqual(body.cost)
    },
  )

  it('counts every job and its cost as Cost 360 does for the same window', async () => {
    const w = windows()['the 7 days to now']
    const body = await overview(w)
    const cost360 = await got<BigQueryCostOverview>(`${bigqueryEndpoints.costOverview.path}?${qs(w)}`)
    expect(body.jobCount).toBe(cost360.total.jobCount)
    expect(body.cost).toBeCloseTo(cost360.total.cost, 4)
    expect([body.startTime, body.endTime]).toEqual([cost360.startTime, cost360.endTime])
  })

  it('lists every insight once, the greatest saving first, with its words and category', async () => {
    const body = await overview(windows()['the 7 days to now'])
    expect(body.insights.map((i) => i.key).sort()).toEqual([...BIGQUERY_INSIGHT_KEYS].sort())
    const savings = body.insights.map((i) => i.estimatedSaving)
    expect(savings).toEqual([...savings].sort((a, b) => b - a))
    for (const i of body.insights) {
      expect(i.name.length).toBeGreaterThan(5)
      expect(i.recommendation.length).toBeGreaterThan(10)
      expect(['RE', 'EF', 'AF', 'SE', 'NA']).toContain(i.category)
    }
    // Several insights of one job save less together than apart: the total is below their sum.
    const apart = body.insights.reduce((s, i) => s + i.estimatedSaving, 0)
    expect(body.estimatedSaving).toBeLessThanOrEqual(apart + 1e-4)
  })

  it('answers the same on a second call (whole days are kept once per process)', async () => {
    const w = windows()['30 days ending at a ragged hour']
    expect(await overview(w)).toEqual(await overview(w))
  })

  it.each([
    ['a reversed window', '?startTime=2026-11-20T00:00:00Z&endTime=2026-11-10T00:00:00Z', /startTime/],
    ['a window over 366 days', '?startTime=2025-06-01T00:00:00Z&endTime=2026-11-10T00:00:00Z', /366 days/],
    ['a date that is none', '?startTime=yesterday', /startTime/],
  ])('400 with the error shape for %s', async (_name, query, message) => {
    const res = await get(`${path}${query}`)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringMatching(message),
    })
  })
})
