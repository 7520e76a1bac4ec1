import type { FastifyInstance } from 'fastify'
import type { RecentViolationsResponse } from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { appsTimeShift } from '../src/db/repositories/applications.ts'
import { SEEDED_POLICIES } from '../src/db/repositories/autoactions.ts'
import { TEST_NOW_MS, auth, signIn, testApp } from './helper.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

describe('GET /api/v1/autoactions/recent_violations (REAL-API-NOTES §7)', () => {
  let app: FastifyInstance
  let db: AppInstance['db']
  let token: string
  beforeAll(async () => {
    app = await testApp()
    db = (app as AppInstance).db
    token = await signIn(app, 'admin')
  })
  afterAll(() => app.close())

  const get = (query: string) =>
    app.inject({ method: 'GET', url: `/api/v1/autoactions/recent_violations?${query}`, headers: auth(token) })
  const week = `start_time=${TEST_NOW_MS - 7 * DAY}&end_time=${TEST_NOW_MS}`

  /** The CDH Yarn apps over each enabled policy's threshold whose crossing falls in the window. */
  function expectedCount(from: number, to: number, clusterUid?: string): number {
    const shift = appsTimeShift(db)
    const scope = clusterUid
      ? 'a.cluster_uid = @clusterUid'
      : "a.cluster_uid IN (SELECT unravel_id FROM clusters WHERE platform = 'CDH')"
    const params = {
      from: from - shift,
      to: to - shift,
      now: TEST_NOW_MS - shift,
      clusterUid: clusterUid ?? '',
    }
    const yarn = "a.kind IN ('mr', 'hive', 'spark', 'tez')"
    const long = db
      .prepare(
        `SELECT count(*) FROM applications a WHERE ${yarn} AND ${scope}
           AND a.start_time + ${4 * HOUR} >= @from AND a.start_time + ${4 * HOUR} < @to
           AND a.start_time + ${4 * HOUR} <= @now AND (a.duration > ${4 * HOUR} OR a.finished_time IS NULL)`,
      )
      .pluck()
      .get(params) as number
    const memory = db
      .prepare(
        `SELECT count(*) FROM applications a WHERE ${yarn} AND ${scope}
           AND a.finished_time >= @from AND a.finished_time < @to AND a.memory_seconds > ${1024 * 1024 * 3600}`,
      )
      .pluck()
      .get(params) as number
    return long + memory
  }

  it('lists the violations of the enabled policies in the window, newest first, as Elasticsearch hits', async () => {
    const response = await get(`${week}&limit=1000`)
    expect(response.statusCode).toBe(200)
    const hits = response.json<RecentViolationsResponse>()
    expect(hits.length).toBe(expectedCount(TEST_NOW_MS - 7 * DAY, TEST_NOW_MS))
    expect(hits.length).toBeGreaterThan(0)
    const times = hits.map((h) => h._source.eventTime)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    for (const hit of hits) {
      expect(hit.sort).toEqual([hit._source.eventTime])
      expect(hit._source.eventTime).toBeGreaterThanOrEqual(TEST_NOW_MS - 7 * DAY)
      expect(hit._source.eventTime).toBeLessThanOrEqual(TEST_NOW_MS)
      expect(hit._source).toMatchObject({ eventType: 'AUTO_ACTION_VIOLATION', entityType: 'APP' })
    }
    // Both enabled policies fire; the disabled one never does.
    const fired = new Set(hits.map((h) => h._source.policyId))
    expect([...fired].sort()).toEqual(
      SEEDED_POLICIES.filter((p) => p.enabled)
        .map((p) => p.id)
        .sort(),
    )
  })

  it('a long-running violation is its app crossing 4 hours: the app the application list shows', async () => {
    const hits = (await get(`${week}&limit=1000`)).json<RecentViolationsResponse>()
    const long = hits.find((h) => h._source.policyId === 'aa-long-running')!
    const shift = appsTimeShift(db)
    const app = db
      .prepare('SELECT start_time, duration, finished_time, cluster_uid, user FROM applications WHERE id = ?')
      .get(long._source.entityId) as { start_time: number; duration: number; finished_time: number | null }
    expect(long._source.eventTime).toBe(app.start_time + shift + 4 * HOUR)
    expect(app.finished_time === null || app.duration > 4 * HOUR).toBe(true)
  })

  it('limit keeps the newest; clusterUid narrows to one cluster', async () => {
    const all = (await get(`${week}&limit=1000`)).json<RecentViolationsResponse>()
    const five = (await get(`${week}&limit=5`)).json<RecentViolationsResponse>()
    expect(five).toEqual(all.slice(0, 5))
    expect((await get(week)).json<RecentViolationsResponse>()).toHaveLength(Math.min(50, all.length))
    const cluster = all[0]!._source.clusterUid
    const one = (await get(`${week}&limit=1000&clusterUid=${cluster}`)).json<RecentViolationsResponse>()
    expect(one.length).toBe(expectedCount(TEST_NOW_MS - 7 * DAY, TEST_NOW_MS, cluster))
    expect(one.every((h) => h._source.clusterUid === cluster)).toBe(true)
  })

  it('takes dates as the real call does: a date end_time is the end of that day', async () => {
    const day = new Date(TEST_NOW_MS - 2 * DAY).toISOString().slice(0, 10)
    const from = Date.parse(day)
    const hits = (await get(`start_time=${day}&end_time=${day}&limit=1000`)).json<RecentViolationsResponse>()
    expect(hits.length).toBe(expectedCount(from, from + DAY))
  })

  it.each([
    ['start_time=yesterday', /start_time must be epoch milliseconds or an ISO-8601 date/],
    [`start_time=${TEST_NOW_MS}&end_time=${TEST_NOW_MS - DAY}`, /must not be after/],
    ['limit=0', /limit/],
    ['limit=1001', /limit/],
  ])('400 for %s', async (query, message) => {
    const response = await get(query)
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toMatch(message)
  })

  it('401 without a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/autoactions/recent_violations' })
    expect(response.statusCode).toBe(401)
  })
})
