import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppRecord, UnifiedSearchResponse } from '@costlens/shared'
import { auth, signIn, testApp, TEST_NOW_MS } from './helper.ts'

const DAY = 86_400_000
let app: FastifyInstance
let headers: Record<string, string>

beforeAll(async () => {
  app = await testApp()
  headers = auth(await signIn(app, 'admin'))
})
afterAll(() => app.close())

async function search(body: object) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/apps/unifiedsearch', headers, payload: body })
  return { status: res.statusCode, json: res.json<UnifiedSearchResponse & { message?: string }>() }
}

/** The same count straight from SQL, to check the endpoint's total is computed, not guessed. */
/** Over the signed-in admin's clusters (CDH): every list is scoped to the user's platform. */
const count = (where: string, params: object = {}) =>
  (
    app.db
      .prepare(`SELECT count(*) AS n FROM applications WHERE cluster_type = 'CDH' AND (${where})`)
      .get(params) as { n: number }
  ).n

const week = { start_time: TEST_NOW_MS - 7 * DAY, end_time: TEST_NOW_MS }

describe('POST /api/v1/apps/unifiedsearch (E014)', () => {
  it('needs a token', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/apps/unifiedsearch', payload: {} })
    expect(res.statusCode).toBe(401)
  })

  it('returns one page of full application records with the total of the window', async () => {
    const { status, json } = await search({ ...week, size: 5 })
    expect(status).toBe(200)
    expect(json.results).toHaveLength(5)
    expect(json.metadata.totalRecords).toBe(
      count('start_time BETWEEN @a AND @b', { a: week.start_time, b: week.end_time }),
    )
    const record = json.results[0]!
    for (const field of [
      'id',
      'kind',
      'status',
      'user',
      'queue',
      'clusterId',
      'clusterUid',
      'startTime',
      'duration',
      'cents',
      'totalDfsBytesRead',
      'numEvents',
      'sm',
      'sr',
      'numStages',
      'trackingUrl',
    ])
      expect(record).toHaveProperty(field)
  })

  it('B180 sorts by start time descending by default, and by any allowed field either way', async () => {
    const byDefault = (await search({ ...week, size: 20 })).json.results.map((r) => r.startTime)
    expect(byDefault).toEqual([...byDefault].sort((a, b) => b - a))
    const byCost = (
      await search({ ...week, size: 20, sort: [{ cents: { order: 'asc' } }] })
    ).json.results.map((r) => r.cents)
    expect(byCost).toEqual([...byCost].sort((a, b) => a - b))
  })

  it('B099 pages do not overlap and together cover the total', async () => {
    const first = (await search({ ...week, size: 10, from: 0 })).json.results.map((r) => r.id)
    const second = (await search({ ...week, size: 10, from: 10 })).json.results.map((r) => r.id)
    expect(new Set([...first, ...second]).size).toBe(20)
  })

  it('B173 the running list ignores the window and returns only running apps, with their duration so far', async () => {
    const { json } = await search({ appStatus: ['R'], size: 50 })
    expect(json.metadata.totalRecords).toBe(count("status = 'R'"))
    for (const r of json.results) {
      expect(r.status).toBe('R')
      expect(r.finishedTime).toBeNull()
      expect(r.duration).toBeGreaterThanOrEqual(TEST_NOW_MS - r.startTime - 60_000)
    }
  })

  it('B173 the finished list filters on the finish time', async () => {
    const { json } = await search({
      ...week,
      appStatus: ['S', 'F', 'K'],
      queryOnFinishedTime: true,
      size: 50,
    })
    expect(json.metadata.totalRecords).toBe(
      count("status IN ('S','F','K') AND finished_time BETWEEN @a AND @b", {
        a: week.start_time,
        b: week.end_time,
      }),
    )
    for (const r of json.results) expect(r.finishedTime).toBeGreaterThanOrEqual(week.start_time)
  })

  it.each([
    ['users', { users: ['etl_svc'] }, (r: AppRecord) => r.user === 'etl_svc', "user = 'etl_svc'"],
    [
      'queues',
      { queues: ['root.adhoc', 'root.ml'] },
      (r: AppRecord) => ['root.adhoc', 'root.ml'].includes(r.queue),
      "queue IN ('root.adhoc','root.ml')",
    ],
    ['appTypes', { appTypes: ['spark'] }, (r: AppRecord) => r.kind === 'spark', "kind = 'spark'"],
    ['appTypes presto', { appTypes: ['presto'] }, (r: AppRecord) => r.kind === 'presto', "kind = 'presto'"],
    [
      'clusters',
      { clusters: ['cdh-prod-01'] },
      (r: AppRecord) => r.clusterUid === 'cdh-prod-01',
      "cluster_uid = 'cdh-prod-01'",
    ],
    [
      'clusterTypes',
      // The admin's own platform: another platform's apps are never in its lists (scoped).
      { clusterTypes: ['CDH'] },
      (r: AppRecord) => r.clusterType === 'CDH',
      "cluster_type = 'CDH'",
    ],
    ['appStatus', { appStatus: ['F'] }, (r: AppRecord) => r.status === 'F', "status = 'F'"],
    [
      'durations',
      { durations: { min: 60_000, max: 600_000 } },
      (r: AppRecord) => r.duration >= 60_000 && r.duration <= 600_000,
      'duration BETWEEN 60000 AND 600000',
    ],
    [
      'cost in USD',
      { cost: { min: 0.5, max: 5 } },
      (r: AppRecord) => r.cents >= 50 && r.cents <= 500,
      'cents BETWEEN 50 AND 500',
    ],
  ])('filters by %s, with a total that matches SQL', async (_name, filter, holds, where) => {
    const { json } = await search({ ...week, ...filter, size: 100 })
    expect(json.results.length).toBeGreaterThan(0)
    expect(json.results.every(holds)).toBe(true)
    expect(json.metadata.totalRecords).toBe(
      count(`${where} AND start_time BETWEEN @a AND @b`, { a: week.start_time, b: week.end_time }),
    )
  })

  it('B178 B182 the inefficient list keeps apps with events of type 2 or 6, and filters by insight', async () => {
    const { json } = await search({ ...week, eventTypes: [2, 6], size: 100 })
    expect(json.metadata.totalRecords).toBeGreaterThan(0)
    for (const r of json.results) expect(r.insights.length).toBeGreaterThan(0)
    const skew = await search({ ...week, insights: ['Data Skew'], size: 100 })
    for (const r of skew.json.results) expect(r.insights).toContain('Data Skew')
  })

  it('filters by tags: every value of a key matches, keys combine', async () => {
    const { json } = await search({ ...week, appTags: { team: ['ml'], env: ['prod'] }, size: 100 })
    const ids = json.results.map((r) => r.id)
    for (const id of ids) {
      const tags = app.db.prepare('SELECT key, value FROM app_tags WHERE app_id = ?').all(id) as {
        key: string
        value: string
      }[]
      expect(tags).toContainEqual({ key: 'team', value: 'ml' })
      expect(tags).toContainEqual({ key: 'env', value: 'prod' })
    }
  })

  it('B129 metadata gives the duration and cost ranges of the whole filtered set, and events and clusters counted', async () => {
    const { json } = await search({ ...week, size: 1 })
    const range = app.db
      .prepare(
        "SELECT min(duration) dmin, max(duration) dmax, min(cents) cmin, max(cents) cmax FROM applications WHERE cluster_type = 'CDH' AND start_time BETWEEN @a AND @b",
      )
      .get({ a: week.start_time, b: week.end_time }) as {
      dmin: number
      dmax: number
      cmin: number
      cmax: number
    }
    expect(json.metadata.duration).toEqual({ min: range.dmin, max: range.dmax })
    expect(json.metadata.cost).toEqual({ min: range.cmin / 100, max: range.cmax / 100 })
    expect(Object.values(json.metadata.clusters).reduce((a, b) => a + b, 0)).toBe(json.metadata.totalRecords)
    expect(json.metadata.appEvents[0]).toEqual({ name: expect.any(String), count: expect.any(Number) })
  })

  it('accepts ISO dates and a size sent as a string, as the real product’s scripts do', async () => {
    const { status, json } = await search({
      start_time: '2026-11-15T12:00:00.000Z',
      end_time: '2026-11-22T12:00:00Z',
      size: '3',
    })
    expect(status).toBe(200)
    expect(json.results).toHaveLength(3)
  })

  it.each([
    [{ from: 9_995, size: 10 }, 'Results are limited to 10000 records: from + size must be at most 10000'],
    [{ size: -1 }, 'body/size must be >= 0'],
    [{ sort: [{ password: { order: 'asc' } }] }, 'body/sort: "password" is not a sort field'],
    [{ start_time: 'last week' }, 'body/start_time must be epoch milliseconds or an ISO-8601 date'],
    [
      { start_time: TEST_NOW_MS, end_time: TEST_NOW_MS - DAY },
      'body/start_time must not be after body/end_time',
    ],
    [{ durations: { min: 10, max: 5 } }, 'body/durations/min must not be above body/durations/max'],
    [{ appStatus: ['X'] }, 'body/appStatus/0'],
    [{ colour: 'red' }, 'must NOT have additional properties'],
  ])('%j is a 400 saying why', async (body, message) => {
    const { status, json } = await search(body)
    expect(status).toBe(400)
    expect(json.message).toContain(message)
  })
})

describe('application times follow the clock without rewriting a million rows', () => {
  it('moving the clock a day ahead moves every application a day ahead', async () => {
    const sim = await testApp()
    try {
      const h = auth(await signIn(sim, 'admin'))
      const latest = async () => {
        const res = await sim.inject({
          method: 'POST',
          url: '/api/v1/apps/unifiedsearch',
          headers: h,
          payload: { size: 1, start_time: TEST_NOW_MS - 60 * DAY },
        })
        return res.json<UnifiedSearchResponse>().results[0]!
      }
      const before = await latest()
      const stored = (
        sim.db.prepare('SELECT start_time FROM applications WHERE id = ?').get(before.id) as {
          start_time: number
        }
      ).start_time
      await sim.inject({
        method: 'PUT',
        url: '/__sim/clock',
        headers: h,
        payload: { now: TEST_NOW_MS + DAY },
      })
      const h2 = auth(await signIn(sim, 'admin'))
      const res = await sim.inject({
        method: 'POST',
        url: '/api/v1/apps/unifiedsearch',
        headers: h2,
        payload: { jobIds: [before.id], start_time: TEST_NOW_MS - 60 * DAY },
      })
      const after = res.json<UnifiedSearchResponse>().results[0]!
      expect(after.startTime - before.startTime).toBeGreaterThan(DAY - 120_000)
      expect(after.startTime - before.startTime).toBeLessThan(DAY + 120_000)
      // The stored row did not move; the shift is applied as it is read.
      expect(
        (
          sim.db.prepare('SELECT start_time FROM applications WHERE id = ?').get(before.id) as {
            start_time: number
          }
        ).start_time,
      ).toBe(stored)
    } finally {
      await sim.close()
    }
  })
})

describe('the free plan on POST /api/v1/apps/unifiedsearch (B054, B058, B059, C20)', () => {
  const asTrial = async (payload: object) => {
    const trial = auth(await signIn(app, 'trial'))
    return app.inject({ method: 'POST', url: '/api/v1/apps/unifiedsearch', headers: trial, payload })
  }

  it.each([
    ['a cost sort', { ...week, sort: [{ cents: { order: 'desc' } }] }, /Sorting by cost/],
    ['tag filters', { ...week, appTags: { env: ['prod'] } }, /Tag filters/],
    ['the inefficient list', { ...week, eventTypes: [2, 6] }, /inefficient applications/],
    ['30 days', { start_time: TEST_NOW_MS - 30 * DAY, end_time: TEST_NOW_MS }, /at most 7 days/],
  ])('refuses %s with 403 in the error shape', async (_name, payload, message) => {
    const res = await asTrial(payload)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({
      statusCode: 403,
      error: 'Forbidden',
      message: expect.stringMatching(message),
    })
  })

  it('answers a 7-day list and the running list as for anyone', async () => {
    expect((await asTrial({ ...week, size: 5 })).statusCode).toBe(200)
    expect((await asTrial({ appStatus: ['R'], sort: [{ duration: { order: 'desc' } }] })).statusCode).toBe(
      200,
    )
  })

  it('leaves a paid plan free to sort by cost over 30 days', async () => {
    const { status } = await search({
      start_time: TEST_NOW_MS - 30 * DAY,
      sort: [{ cents: { order: 'desc' } }],
    })
    expect(status).toBe(200)
  })
})

describe('the events slider on POST /api/v1/apps/unifiedsearch (02 §2 filter groups)', () => {
  it('filters by the number of events and gives its range in the metadata', async () => {
    const all = await search({ ...week, size: 1 })
    expect(all.json.metadata.events.min).toBe(0)
    expect(all.json.metadata.events.max).toBeGreaterThanOrEqual(2)
    const { json } = await search({ ...week, numEvents: { min: 2, max: 9 }, size: 100 })
    expect(json.metadata.totalRecords).toBe(
      count('start_time BETWEEN @a AND @b AND num_events >= 2', { a: week.start_time, b: week.end_time }),
    )
    expect(json.results.every((r) => r.numEvents >= 2)).toBe(true)
    expect(json.metadata.events.min).toBe(2)
  })

  it('refuses a reversed events range with 400', async () => {
    const { status, json } = await search({ ...week, numEvents: { min: 3, max: 1 } })
    expect(status).toBe(400)
    expect(json.message).toBe('body/numEvents/min must not be above body/numEvents/max')
  })
})
