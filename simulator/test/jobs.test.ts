import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  WEEKDAY_KEYS,
  calendarMinutes,
  type JobBucket,
  type JobCountResponse,
  type JobSchedulesResponse,
} from '@costlens/shared'
import { auth, signIn, testApp, TEST_NOW_MS } from './helper.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
let app: FastifyInstance
let headers: Record<string, string>

beforeAll(async () => {
  app = await testApp()
  headers = auth(await signIn(app, 'admin'))
})
afterAll(() => app.close())

async function get<T>(url: string) {
  const res = await app.inject({ url, headers })
  return { status: res.statusCode, body: res.json<T & { message?: string }>() }
}

/**
 * A count straight from SQL, to check the endpoints count rather than guess: over the signed-in
 * admin's clusters (CDH), since every list is scoped to the user's platform.
 */
const count = (where: string, params: object = {}) =>
  (
    app.db
      .prepare(`SELECT count(*) AS n FROM applications WHERE cluster_type = 'CDH' AND (${where})`)
      .get(params) as { n: number }
  ).n

// A window on whole hours, so the buckets start where the window does.
const end = Math.floor(TEST_NOW_MS / HOUR) * HOUR
const start = end - 12 * HOUR

describe('GET /api/v1/jobs/count (E027)', () => {
  it('E027 counts the apps running in each bucket per group value, as SQL does', async () => {
    const { status, body } = await get<JobCountResponse>(
      `/api/v1/jobs/count?start_time=${start}&end_time=${end}&interval=1h&groupBy=user`,
    )
    expect(status).toBe(200)
    expect(body.date).toEqual(Array.from({ length: 13 }, (_, i) => start + i * HOUR))
    const etl = body.etl_svc as Record<string, number>
    expect(Object.keys(etl)).toEqual(body.date.map(String))
    for (const b of body.date)
      expect(etl[String(b)]).toBe(
        count(
          `user = 'etl_svc' AND start_time <= @end AND coalesce(finished_time, @now) >= @start
           AND start_time < @b + ${HOUR} AND coalesce(finished_time, @now) >= @b`,
          { start, end, now: TEST_NOW_MS, b },
        ),
      )
    const total = body.date.reduce((n, b) => n + (etl[String(b)] ?? 0), 0)
    expect(total).toBeGreaterThan(0)
  })

  it('E027 filters by cluster name and a filterBy/key pair; state and applicationType keys as YARN names them', async () => {
    const { body } = await get<JobCountResponse>(
      `/api/v1/jobs/count?start_time=${start}&end_time=${end}&interval=1d&clusterName=prod-cdh-01&filterBy=queue&key=root.etl`,
    )
    const groups = Object.keys(body).filter((k) => k !== 'date')
    expect(groups.length).toBeGreaterThan(0)
    for (const g of groups)
      expect(['SUCCESS', 'FAILED', 'KILLED', 'RUNNING', 'PENDING', 'UNKNOWN', 'WAITING']).toContain(g)
    const first = body.date[0]!
    const sum = groups.reduce((n, g) => n + ((body[g] as Record<string, number>)[String(first)] ?? 0), 0)
    expect(sum).toBe(
      count(
        `cluster_uid = 'cdh-prod-01' AND queue = 'root.etl' AND start_time <= @end
         AND coalesce(finished_time, @now) >= @start AND start_time < @b + ${DAY} AND coalesce(finished_time, @now) >= @b`,
        { start, end, now: TEST_NOW_MS, b: first },
      ),
    )
    const types = await get<JobCountResponse>(
      `/api/v1/jobs/count?start_time=${start}&end_time=${end}&interval=30m&groupBy=applicationType`,
    )
    expect(Object.keys(types.body)).toEqual(expect.arrayContaining(['date', 'MAPREDUCE', 'SPARK', 'TEZ']))
  })

  it('E027 takes the documented from/to in epoch seconds as well', async () => {
    const ms = await get<JobCountResponse>(`/api/v1/jobs/count?start_time=${start}&end_time=${end}`)
    const seconds = await get<JobCountResponse>(`/api/v1/jobs/count?from=${start / 1000}&to=${end / 1000}`)
    expect(seconds.body).toEqual(ms.body)
  })

  it.each([
    ['interval=2h', 'querystring/interval must be equal to one of the allowed values'],
    ['groupBy=colour', 'querystring/groupBy must be equal to one of the allowed values'],
    [`start_time=${end}&end_time=${start}`, 'querystring/start_time must not be after querystring/end_time'],
    ['start_time=yesterday', 'querystring/start_time must be epoch milliseconds or an ISO-8601 date'],
    [`start_time=${end - 3 * 86_400_000}&interval=1m`, 'points of 1m in the window; at most 2000'],
    ['filterBy=user', 'querystring/filterBy and querystring/key must be sent together'],
  ])('E027 %s is a 400 saying why', async (query, message) => {
    const { status, body } = await get(`/api/v1/jobs/count?${query}`)
    expect(status).toBe(400)
    expect(body.message).toContain(message)
  })
})

describe('GET /api/v1/jobs/by… and /jobs/finished/by… (E028–E033)', () => {
  const window = `start_time=${TEST_NOW_MS - DAY}&end_time=${TEST_NOW_MS}`
  const finishedIn = `finished_time BETWEEN ${TEST_NOW_MS - DAY} AND ${TEST_NOW_MS} AND status IN ('S','F','K')`

  it('E028 B176 running by status: the running and pending buckets of the apps running now', async () => {
    const { status, body } = await get<JobBucket[]>(`/api/v1/jobs/bystatus?${window}`)
    expect(status).toBe(200)
    expect(body.map((b) => b.key)).toEqual(['running', 'pending'])
    expect(body[0]).toMatchObject({ count: count("status = 'R'"), doc_count: count("status = 'R'") })
    expect(body[1]!.count).toBe(count("status = 'P'"))
    expect(body[0]!.ts).toBeGreaterThanOrEqual(TEST_NOW_MS)
  })

  it('E029 E030 running by type and by inefficiency count the running apps', async () => {
    const types = (await get<JobBucket[]>('/api/v1/jobs/bytype')).body
    expect(types.reduce((n, b) => n + b.count, 0)).toBe(count("status IN ('R','P')"))
    const inefficient = (await get<JobBucket[]>('/api/v1/jobs/byinefficiency')).body
    for (const b of inefficient)
      expect(b.count).toBe(
        count(
          `status IN ('R','P') AND id IN (SELECT app_id FROM app_events WHERE event_name = @name AND event_type IN (2, 6))`,
          { name: b.key },
        ),
      )
  })

  it('the cluster the console adds: one cluster counted, * every one', async () => {
    const one = (await get<JobBucket[]>(`/api/v1/jobs/finished/bystatus?${window}&clusterUid=cdh-prod-01`))
      .body
    expect(one.find((b) => b.key === 'success')!.count).toBe(
      count(`${finishedIn} AND status = 'S' AND cluster_uid = 'cdh-prod-01'`),
    )
    const all = (await get<JobBucket[]>(`/api/v1/jobs/finished/bystatus?${window}&clusterUid=*`)).body
    expect(all.find((b) => b.key === 'success')!.count).toBe(count(`${finishedIn} AND status = 'S'`))
  })

  it('E031 B176 finished by status: success, failed and killed of the window', async () => {
    const { body } = await get<JobBucket[]>(`/api/v1/jobs/finished/bystatus?${window}`)
    expect(body.map((b) => b.key)).toEqual(['success', 'failed', 'killed'])
    for (const [b, code] of [
      [body[0]!, 'S'],
      [body[1]!, 'F'],
      [body[2]!, 'K'],
    ] as const)
      expect(b.count).toBe(count(`${finishedIn} AND status = '${code}'`))
    expect(body[0]!.count).toBeGreaterThan(0)
    expect(body[0]!.ts).toBe(TEST_NOW_MS)
  })

  it('E032 finished by type, most first, and filtered by a kind list', async () => {
    const { body } = await get<JobBucket[]>(`/api/v1/jobs/finished/bytype?${window}`)
    for (const b of body) expect(b.count).toBe(count(`${finishedIn} AND kind = @k`, { k: b.key }))
    expect(body.map((b) => b.count)).toEqual([...body.map((b) => b.count)].sort((a, b) => b - a))
    const some = (await get<JobBucket[]>(`/api/v1/jobs/finished/bytype?${window}&kind=spark,hive`)).body
    expect(some.map((b) => b.key).sort()).toEqual(['hive', 'spark'])
  })

  it('E033 B182 finished by inefficiency: apps per event of type 2 or 6', async () => {
    const { body } = await get<JobBucket[]>(`/api/v1/jobs/finished/byinefficiency?${window}&kind=spark`)
    expect(body.length).toBeGreaterThan(0)
    for (const b of body)
      expect(b.count).toBe(
        count(
          `${finishedIn} AND kind = 'spark' AND id IN (SELECT app_id FROM app_events WHERE event_name = @name AND event_type IN (2, 6))`,
          { name: b.key },
        ),
      )
  })

  it('B176 pig and cascading are never counted', async () => {
    expect(
      (await get<JobBucket[]>(`/api/v1/jobs/finished/bytype?${window}&kind=pig,cascading`)).body,
    ).toEqual([])
    const statuses = (await get<JobBucket[]>(`/api/v1/jobs/finished/bystatus?${window}&kind=pig`)).body
    expect(statuses.every((b) => b.count === 0)).toBe(true)
  })

  it.each([
    ['/api/v1/jobs/bystatus?start_time=soon', 'querystring/start_time must be epoch milliseconds'],
    [
      `/api/v1/jobs/finished/bytype?start_time=${TEST_NOW_MS}&end_time=${TEST_NOW_MS - DAY}`,
      'querystring/start_time must not be after querystring/end_time',
    ],
  ])('%s is a 400', async (url, message) => {
    const { status, body } = await get(url)
    expect(status).toBe(400)
    expect(body.message).toContain(message)
  })
})

describe('GET /api/v1/jobs/lastChecked (E034)', () => {
  it("E034 is the simulated clock's now", async () => {
    const { status, body } = await get<{ lastChecked: number }>('/api/v1/jobs/lastChecked')
    expect(status).toBe(200)
    expect(body.lastChecked).toBeGreaterThanOrEqual(TEST_NOW_MS)
    expect(body.lastChecked).toBeLessThan(TEST_NOW_MS + 10 * 60_000)
  })
})

describe('GET /api/v1/jobs/schedules (the weekly calendar of scheduled jobs)', () => {
  it('B266 B267 gives a series per recurring pipeline, keyed sunday to saturday, with HH:mm events', async () => {
    const { status, body } = await get<JobSchedulesResponse>('/api/v1/jobs/schedules')
    expect(status).toBe(200)
    expect(body.length).toBeGreaterThanOrEqual(6)
    for (const series of body) {
      expect(Object.keys(series.data)).toEqual([...WEEKDAY_KEYS])
      expect(series.color).toMatch(/^series-[0-6]$/)
      for (const events of Object.values(series.data))
        for (const e of events) {
          expect(e.label).toBe(series.name)
          expect(calendarMinutes(e.endTime)).toBeGreaterThan(calendarMinutes(e.startTime))
          expect(calendarMinutes(e.endTime)).toBeLessThanOrEqual(24 * 60)
          expect(calendarMinutes(e.endTime) % 30).toBe(0)
        }
    }
    // Jobs of one queue share a colour.
    const byQueue = new Map<string, Set<string>>()
    for (const s of body) byQueue.set(s.queue, (byQueue.get(s.queue) ?? new Set()).add(s.color))
    for (const colours of byQueue.values()) expect(colours.size).toBe(1)
  })

  it('places a job at the hour it most often started on that weekday', async () => {
    const { body } = await get<JobSchedulesResponse>(
      `/api/v1/jobs/schedules?start_time=${TEST_NOW_MS - 7 * DAY}&end_time=${TEST_NOW_MS}`,
    )
    const series = body[0]!
    const day = WEEKDAY_KEYS.findIndex((d) => series.data[d].length > 0)
    const hours = app.db
      .prepare(
        `SELECT CAST(strftime('%H', start_time / 1000, 'unixepoch') AS INTEGER) AS hr, count(*) AS n
           FROM applications WHERE name = @name AND parent_id IS NULL AND start_time BETWEEN @a AND @b
            AND cluster_type = 'CDH' AND CAST(strftime('%w', start_time / 1000, 'unixepoch') AS INTEGER) = @day
          GROUP BY hr ORDER BY n DESC, hr LIMIT 1`,
      )
      .get({ name: series.name, a: TEST_NOW_MS - 7 * DAY, b: TEST_NOW_MS, day }) as { hr: number }
    expect(calendarMinutes(series.data[WEEKDAY_KEYS[day]!][0]!.startTime)).toBe(hours.hr * 60)
  })

  it('narrows to one cluster by clusterName, as jobs/count does', async () => {
    const window = `start_time=${TEST_NOW_MS - 7 * DAY}&end_time=${TEST_NOW_MS}`
    const all = await get<JobSchedulesResponse>(`/api/v1/jobs/schedules?${window}&clusterName=*`)
    const one = await get<JobSchedulesResponse>(`/api/v1/jobs/schedules?${window}&clusterName=prod-cdh-01`)
    const none = await get<JobSchedulesResponse>(`/api/v1/jobs/schedules?${window}&clusterName=no-such`)
    const events = (body: JobSchedulesResponse) =>
      body.flatMap((s) => WEEKDAY_KEYS.flatMap((d) => s.data[d])).length
    expect(one.status).toBe(200)
    expect(events(one.body)).toBeGreaterThan(0)
    expect(events(one.body)).toBeLessThanOrEqual(events(all.body))
    // A cluster the user does not have (here: none by that name) is refused, not read as empty.
    expect(none.status).toBe(403)
  })

  it('refuses a window that ends before it starts', async () => {
    const { status } = await get(
      `/api/v1/jobs/schedules?start_time=${TEST_NOW_MS}&end_time=${TEST_NOW_MS - DAY}`,
    )
    expect(status).toBe(400)
  })
})

describe('every jobs route needs a token', () => {
  it.each([
    '/api/v1/jobs/count',
    '/api/v1/jobs/bystatus',
    '/api/v1/jobs/bytype',
    '/api/v1/jobs/byinefficiency',
    '/api/v1/jobs/finished/bystatus',
    '/api/v1/jobs/finished/bytype',
    '/api/v1/jobs/finished/byinefficiency',
    '/api/v1/jobs/lastChecked',
    '/api/v1/jobs/schedules',
  ])('%s without a token is a 401', async (url) => {
    expect((await app.inject({ url })).statusCode).toBe(401)
  })
})
