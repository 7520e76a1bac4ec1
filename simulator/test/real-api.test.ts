import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, signIn, testApp, TEST_NOW_MS } from './helper.ts'

/**
 * Issue 21: the real product's documented public requests (its REST reference 4.6 and REAL-API-NOTES),
 * sent as a script written against that reference sends them, get the documented fields.
 */
let app: FastifyInstance
let headers: Record<string, string>
beforeAll(async () => {
  app = await testApp()
  headers = auth(await signIn(app, 'admin'))
})
afterAll(() => app.close())

const DAY = 86_400_000
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)

describe('POST /api/v1/signIn (documented: a form username and password)', () => {
  it('answers the token and the documented fields; the token opens the API', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/signIn',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=admin&password=admin',
    })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      message: 'ok',
      role: 'admin',
      readOnly: false,
      tags: '',
      id: 'admin',
      username: 'admin',
    })
    const valid = await app.inject({
      url: '/api/v1/isValidToken',
      headers: { authorization: `JWT ${body.token}` },
    })
    expect(valid.statusCode).toBe(200)
  })

  it('takes JSON too, and refuses a wrong password with 400 as webSignIn does', async () => {
    const ok = await app.inject({
      method: 'POST',
      url: '/api/v1/signIn',
      payload: { username: 'emr', password: 'emr' },
    })
    expect(ok.json()).toMatchObject({ username: 'emr', role: 'admin' })
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/v1/signIn',
      payload: { username: 'emr', password: 'x' },
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ statusCode: 400, message: 'Invalid username or password.' })
  })
})

describe('GET /api/v1/apps/events/inefficient_apps/ (documented: trailing slash, entity_type)', () => {
  const window = `start_time=${day(TEST_NOW_MS - 5 * DAY)}&end_time=${day(TEST_NOW_MS)}`

  it('answers {entity_type, event_name, count} rows, by count, for every type', async () => {
    const res = await app.inject({ url: `/api/v1/apps/events/inefficient_apps/?${window}`, headers })
    expect(res.statusCode, res.body).toBe(200)
    const rows = res.json<{ entity_type: number; event_name: string; count: number }[]>()
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['count', 'entity_type', 'event_name'])
    expect(rows.map((r) => r.count)).toEqual(rows.map((r) => r.count).sort((a, b) => b - a))
    expect(new Set(rows.map((r) => r.entity_type)).size).toBeGreaterThan(1)
  })

  it.each([
    [0, 'mr'],
    [2, 'spark'],
  ])('entity_type=%i counts what the console call (E024) counts for %s', async (code, kind) => {
    const documented = await app.inject({
      url: `/api/v1/apps/events/inefficient_apps/?${window}&entity_type=${code}`,
      headers,
    })
    const console = await app.inject({
      url: `/api/v1/apps/events/inefficient_apps?${window}&entity=${kind}`,
      headers,
    })
    const rows = documented.json<{ entity_type: number; event_name: string; count: number }[]>()
    expect(rows.every((r) => r.entity_type === code)).toBe(true)
    expect(Object.fromEntries(rows.map((r) => [r.event_name, r.count]))).toEqual(
      Object.fromEntries(
        console.json<{ key: string; doc_count: number }[]>().map((e) => [e.key, e.doc_count]),
      ),
    )
  })

  it('an entity type that is none is a 400 naming the field', async () => {
    const res = await app.inject({ url: `/api/v1/apps/events/inefficient_apps/?entity_type=42`, headers })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain('entity_type')
  })
})

describe('GET /api/v1/clusters/{cluster}/nodes (documented NodeStateResponse fields)', () => {
  it('has total, active, unhealthy, lost, rebooted and decommissioned; total adds up the states', async () => {
    const res = await app.inject({
      url: `/api/v1/clusters/*/nodes?start_time=${TEST_NOW_MS - DAY}&end_time=${TEST_NOW_MS}&interval=1h`,
      headers,
    })
    expect(res.statusCode, res.body).toBe(200)
    const body =
      res.json<
        Record<'total' | 'active' | 'unhealthy' | 'lost' | 'decommissioned' | 'rebooted', [number, number][]>
      >()
    for (const field of ['total', 'active', 'unhealthy', 'lost', 'decommissioned', 'rebooted'] as const)
      expect(body[field], field).toHaveLength(body.active.length)
    body.total.forEach(([t, total], i) => {
      expect(t).toBe(body.active[i]![0])
      const parts = body.active[i]![1] + body.unhealthy[i]![1] + body.lost[i]![1] + body.decommissioned[i]![1]
      expect(total).toBeCloseTo(parts, 2)
    })
    expect(body.rebooted.every(([, n]) => n === 0)).toBe(true)
  })
})

describe('GET /api/v1/search/cb/appt[/queue] (documented: from/to or gte/lte)', () => {
  it('gte/lte as dates give the window from/to give, in the documented nesting', async () => {
    const dates = day(TEST_NOW_MS - 6 * DAY)
    const end = day(TEST_NOW_MS - DAY)
    const viaFromTo = await app.inject({
      url: `/api/v1/search/cb/appt/queue?from=${dates}&to=${end}`,
      headers,
    })
    const viaGteLte = await app.inject({
      url: `/api/v1/search/cb/appt/queue?gte=${dates}&lte=${end}`,
      headers,
    })
    expect(viaGteLte.statusCode, viaGteLte.body).toBe(200)
    expect(viaGteLte.headers['x-costlens-ignored-params']).toBeUndefined()
    expect(viaGteLte.json()).toEqual(viaFromTo.json())
    const body = viaGteLte.json<{
      cb: { v1: string; count: number; ms: number; vs: number; cb: { v2: string }[] }[]
    }>()
    expect(body.cb.length).toBeGreaterThan(0)
    expect(body.cb[0]).toMatchObject({
      v1: expect.any(String),
      count: expect.any(Number),
      ms: expect.any(Number),
      vs: expect.any(Number),
    })
    expect(body.cb[0]!.cb[0]).toMatchObject({ v2: expect.any(String) })
  })

  it('takes the documented epoch seconds; a reversed gte/lte is a 400 naming them', async () => {
    const seconds = (ms: number) => Math.floor(ms / 1000)
    const res = await app.inject({
      url: `/api/v1/search/cb/appt?from=${seconds(TEST_NOW_MS - 3 * DAY)}&to=${seconds(TEST_NOW_MS)}`,
      headers,
    })
    expect(res.statusCode, res.body).toBe(200)
    const reversed = await app.inject({
      url: `/api/v1/search/cb/appt?gte=${day(TEST_NOW_MS)}&lte=${day(TEST_NOW_MS - 3 * DAY)}`,
      headers,
    })
    expect(reversed.statusCode).toBe(400)
    expect(reversed.json().message).toBe('querystring/gte must not be after querystring/lte')
  })
})

describe('every cluster: /clusters/nodes and /clusters/resources/* (documented paths)', () => {
  const window = `from=${Math.floor((TEST_NOW_MS - DAY) / 1000)}&to=${Math.floor(TEST_NOW_MS / 1000)}&interval=hourly`

  it('/clusters/nodes answers what /clusters/*/nodes answers', async () => {
    const documented = await app.inject({ url: `/api/v1/clusters/nodes?${window}`, headers })
    const star = await app.inject({ url: `/api/v1/clusters/*/nodes?${window}`, headers })
    expect(documented.statusCode, documented.body).toBe(200)
    expect(documented.json()).toEqual(star.json())
    expect(documented.json()).toHaveProperty('rebooted')
  })

  it.each([
    ['cpu', 'allocated'],
    ['cpu', 'total'],
    ['memory', 'allocated'],
    ['memory', 'total'],
  ])('/clusters/resources/%s/%s: {"<ms>": value}, the averages of every cluster', async (metric, measure) => {
    const documented = await app.inject({
      url: `/api/v1/clusters/resources/${metric}/${measure}?${window}`,
      headers,
    })
    expect(documented.statusCode, documented.body).toBe(200)
    const map = documented.json<Record<string, string | number>>()
    const star = await app.inject({
      url: `/api/v1/clusters/*/resources/${metric}/${measure}?${window}`,
      headers,
    })
    const avg = star.json<{ avg: [number, number][] }>().avg
    expect(Object.keys(map)).toEqual(avg.map(([t]) => String(t)))
    // As documented: cpu values are strings ("2.875"), memory values numbers.
    for (const [t, v] of avg) expect(map[String(t)]).toEqual(metric === 'cpu' ? String(v) : v)
  })
})

describe('GET /api/v1/autoactions/recent_violations (documented filters)', () => {
  const window = `start_time=${day(TEST_NOW_MS - 6 * DAY)}&end_time=${day(TEST_NOW_MS)}&limit=200`
  type Hit = { _source: { entityId: string; user: string; eventType: string } }
  const hits = async (extra = '') => {
    const res = await app.inject({ url: `/api/v1/autoactions/recent_violations?${window}${extra}`, headers })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['x-costlens-ignored-params']).toBeUndefined()
    return res.json<Hit[]>()
  }
  const kindOf = (id: string) => app.db.prepare('SELECT kind FROM applications WHERE id = ?').pluck().get(id)

  it('user, appId and appType narrow the violations to theirs', async () => {
    const all = await hits()
    expect(all.length).toBeGreaterThan(2)
    const { user, entityId } = all[0]!._source
    const byUser = await hits(`&user=${encodeURIComponent(user)}`)
    expect(byUser.map((h) => h._source.entityId)).toEqual(
      all.filter((h) => h._source.user === user).map((h) => h._source.entityId),
    )
    expect((await hits(`&appId=${encodeURIComponent(entityId)}`)).map((h) => h._source.entityId)).toEqual(
      all.filter((h) => h._source.entityId === entityId).map((h) => h._source.entityId),
    )
    const kind = kindOf(entityId) as string
    const byType = await hits(`&appType=${kind === 'mr' ? 'MR' : kind.toUpperCase()}`)
    expect(byType.length).toBeGreaterThan(0)
    expect(byType.every((h) => kindOf(h._source.entityId) === kind)).toBe(true)
  })

  it('from/to are the window as start_time/end_time; another eventType has none; a bad appType is a 400', async () => {
    const viaFromTo = await app.inject({
      url: `/api/v1/autoactions/recent_violations?from=${day(TEST_NOW_MS - 6 * DAY)}&to=${day(TEST_NOW_MS)}&limit=200`,
      headers,
    })
    expect(viaFromTo.json()).toEqual(await hits())
    expect(await hits('&eventType=AUTO_ACTION_VIOLATION')).toEqual(await hits())
    expect(await hits('&eventType=APP_FAILED')).toEqual([])
    const bad = await app.inject({ url: `/api/v1/autoactions/recent_violations?appType=COBOL`, headers })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain('querystring/appType')
  })
})

describe('GET /api/v1/chargeback/cb/appt[/queue|/user] (documented flat lists)', () => {
  const window = `gte=${day(TEST_NOW_MS - 6 * DAY)}&lte=${day(TEST_NOW_MS - DAY)}`
  type Row = {
    type: string
    appCount: number
    cpuHours: string
    memoryHours: string
    queue?: string
    user?: string
  }

  it.each([
    ['appt', undefined],
    ['appt/queue', 'queue'],
    ['appt/user', 'user'],
  ] as const)('%s: the documented fields, the usage of search/cb/%s', async (path, second) => {
    const res = await app.inject({ url: `/api/v1/chargeback/cb/${path}?${window}`, headers })
    expect(res.statusCode, res.body).toBe(200)
    const rows = res.json<Row[]>()
    expect(rows.length).toBeGreaterThan(0)
    const search = await app.inject({ url: `/api/v1/search/cb/${path}?${window}`, headers })
    const cb = search.json<{
      cb: { v1: string; count: number; vs: number; cb?: { v2: string; count: number; vs: number }[] }[]
    }>().cb
    const expected = cb.flatMap((level) =>
      second
        ? level.cb!.map((inner) => ({
            type: level.v1,
            [second]: inner.v2,
            appCount: inner.count,
            cpuHours: (inner.vs / 3600).toFixed(2),
          }))
        : [{ type: level.v1, appCount: level.count, cpuHours: (level.vs / 3600).toFixed(2) }],
    )
    expect(rows.map(({ memoryHours: _, ...rest }) => rest)).toEqual(expected)
    for (const row of rows) expect(row.memoryHours).toMatch(/^(\d+[YMDhms] ?)+$/)
  })
})

describe("POST /api/v1/apps/search (documented: unifiedsearch's predecessor)", () => {
  it('the documented body answers the documented result fields, the apps unifiedsearch finds', async () => {
    const body = {
      from: 0,
      size: 5,
      appTypes: ['hive', 'tez'],
      appStatus: ['S', 'F', 'K'],
      start_time: new Date(TEST_NOW_MS - 3 * DAY).toISOString(),
      end_time: new Date(TEST_NOW_MS).toISOString(),
    }
    const res = await app.inject({ method: 'POST', url: '/api/v1/apps/search', headers, payload: body })
    expect(res.statusCode, res.body).toBe(200)
    const answer = res.json<{ metadata: { totalRecords: number }; results: Record<string, unknown>[] }>()
    const unified = await app.inject({
      method: 'POST',
      url: '/api/v1/apps/unifiedsearch',
      headers,
      payload: body,
    })
    expect(answer.metadata).toEqual(unified.json().metadata)
    expect(answer.results.map((r) => r.id)).toEqual(
      unified.json<{ results: { id: string }[] }>().results.map((r) => r.id),
    )
    expect(answer.results.length).toBeGreaterThan(0)
    for (const r of answer.results) {
      expect(['hive', 'tez']).toContain(r.kind)
      expect(r.status_long).toMatch(/^(success|failed|killed)$/)
      expect(r.start_time).toMatch(/^\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/)
      expect(Date.parse(r.start_time_long as string)).toBe(r.startTime)
      expect(r).toMatchObject({
        duration_long: r.duration,
        read_long: r.totalDfsBytesRead,
        write_long: r.totalDfsBytesWritten,
      })
    }
  })
})

describe('GET /api/v1/jobs/bystatus, /jobs/bytype (documented: from/to as YYYY-MM-DD)', () => {
  it('from/to dates give the window start_time/end_time give, the end date included whole', async () => {
    const to = TEST_NOW_MS - (TEST_NOW_MS % DAY) - DAY
    const from = to - 2 * DAY
    for (const path of ['/api/v1/jobs/finished/bystatus', '/api/v1/jobs/finished/bytype']) {
      const documented = await app.inject({ url: `${path}?from=${day(from)}&to=${day(to)}`, headers })
      const ours = await app.inject({ url: `${path}?start_time=${from}&end_time=${to + DAY}`, headers })
      expect(documented.statusCode, documented.body).toBe(200)
      expect(documented.json()).toEqual(ours.json())
      expect((documented.json() as { count: number }[]).some((b) => b.count > 0)).toBe(true)
    }
    const reversed = await app.inject({
      url: `/api/v1/jobs/finished/bystatus?from=${day(to)}&to=${day(from - DAY)}`,
      headers,
    })
    expect(reversed.statusCode).toBe(400)
    expect(reversed.json().message).toMatch(/from/)
  })
})

describe('GET /api/v1/jobs (documented: the total job count at 1 hour, start_time/end_time as YYYY-MM-DD)', () => {
  const to = TEST_NOW_MS - (TEST_NOW_MS % DAY) - DAY
  const from = to - 2 * DAY
  type Total = { date: number[]; total: Record<string, number> }

  it("answers each hour's apps running, jobs/count at 1h with its groups summed, the end date whole", async () => {
    const res = await app.inject({ url: `/api/v1/jobs?start_time=${day(from)}&end_time=${day(to)}`, headers })
    expect(res.statusCode, res.body).toBe(200)
    const jobs = res.json<Total>()
    expect(jobs.date).toHaveLength(72)
    expect(jobs.date[0]).toBe(from)
    expect(jobs.date.at(-1)).toBe(to + DAY - 3_600_000)
    expect(Object.keys(jobs.total)).toEqual(jobs.date.map(String))
    const counts = await app.inject({
      url: `/api/v1/jobs/count?start_time=${from}&end_time=${to + DAY - 1}&interval=1h`,
      headers,
    })
    const { date, ...groups } = counts.json<{ date: number[] } & Record<string, Record<string, number>>>()
    expect(date).toEqual(jobs.date)
    for (const hour of date) {
      const sum = Object.values(groups).reduce((n, g) => n + (g[String(hour)] ?? 0), 0)
      expect(jobs.total[String(hour)], String(hour)).toBe(sum)
    }
    expect(Object.values(jobs.total).some((n) => n > 0)).toBe(true)
    // REAL-API-NOTES §6 names them from/to: the same answer.
    const notes = await app.inject({ url: `/api/v1/jobs?from=${day(from)}&to=${day(to)}`, headers })
    expect(notes.json()).toEqual(jobs)
  })

  it('narrows to one cluster, defaults to the last day and refuses bad input', async () => {
    const all = (await app.inject({ url: '/api/v1/jobs', headers })).json<Total>()
    expect(all.date.length).toBeGreaterThanOrEqual(24)
    const one = (await app.inject({ url: '/api/v1/jobs?clusterName=cdh-prod-01', headers })).json<Total>()
    expect(one.date).toEqual(all.date)
    for (const hour of all.date.map(String)) expect(one.total[hour]!).toBeLessThanOrEqual(all.total[hour]!)

    const bad = async (query: string, status: number, message: RegExp) => {
      const res = await app.inject({ url: `/api/v1/jobs?${query}`, headers })
      expect(res.statusCode, query).toBe(status)
      expect(res.json().message, query).toMatch(message)
    }
    await bad(`start_time=${day(to)}&end_time=${day(from - DAY)}`, 400, /start_time/)
    await bad('start_time=2026-13-45', 400, /start_time/)
    await bad(`from=${day(to - 90 * DAY)}&to=${day(to)}`, 400, /points|interval/)
    await bad('clusterName=no-such-cluster', 403, /no-such-cluster/)
    expect((await app.inject({ url: '/api/v1/jobs' })).statusCode).toBe(401)
  })
})
