import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { frozenTestApp, TEST_NOW_MS } from './helper.ts'

/**
 * Issue 21: the real product's documented application operations (REST reference 4.6, Applications
 * tag: GET /common/app/…, and GET /apps/{app_id}/resource_usage), sent as a script written against
 * that reference sends them, answer the documented fields: their console twins' answers.
 */
let app: FastifyInstance
let headers: Record<string, string>
let emr: Record<string, string>
// A still clock: a running app's duration is the same in the documented answer and its twin's.
beforeAll(async () => {
  const frozen = await frozenTestApp({ users: ['admin', 'emr'] })
  app = frozen.app
  headers = frozen.as('admin')
  emr = frozen.as('emr')
})
afterAll(() => app.close())

const DAY = 86_400_000
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const get = (url: string) => app.inject({ url, headers })

interface Row {
  numEvents: number
  id: string
  kind: string
  status: string
  appAttempts: number
}

/** Apps of the last week as the unified search lists them. */
async function apps(filter: Record<string, unknown>): Promise<Row[]> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/apps/unifiedsearch',
    headers,
    payload: { start_time: TEST_NOW_MS - 7 * DAY, end_time: TEST_NOW_MS, size: 20, ...filter },
  })
  return res.json<{ results: Row[] }>().results
}

describe('GET /api/v1/common/app/{app_id}/… (documented as ["string"]: the twins’ answers)', () => {
  it.each(['spark', 'mr', 'hive', 'tez', 'impala'])(
    'a %s app: recommendation, appsummary, status, errors?apiMode=1 are its last attempt’s',
    async (kind) => {
      const [row] = await apps({ appTypes: [kind], appStatus: ['F', 'K'] })
      expect(row, `a failed ${kind} app`).toBeDefined()
      const attempt = Math.max(1, row!.appAttempts)
      const twin = (resource: string) => get(`/api/v1/${kind}/${row!.id}/${attempt}/${resource}`)
      for (const [documented, resource] of [
        ['recommendation', 'analysis'],
        ['appsummary', 'appsummary'],
        ['status', 'status'],
        ['errors?apiMode=1', 'errors'],
      ]) {
        const res = await get(`/api/v1/common/app/${row!.id}/${documented}`)
        expect(res.statusCode, `${documented}: ${res.body}`).toBe(200)
        expect(res.json(), documented).toEqual((await twin(resource!)).json())
      }
      const status = (await get(`/api/v1/common/app/${row!.id}/status`)).json()
      expect(status).toMatchObject({ id: row!.id, attempt, status: row!.status })
      expect(status.statusLong).toMatch(/^(failed|killed)$/)
      const errors = (await get(`/api/v1/common/app/${row!.id}/errors?apiMode=1`)).json()
      expect(errors.failure).not.toBeNull()
      const summary = (await get(`/api/v1/common/app/${row!.id}/appsummary`)).json()
      expect(JSON.parse(summary.annotation.runInfo)).toMatchObject({ id: row!.id, kind, attempt })
    },
  )

  it('recommendation names the insights by category and the recommendation, as the details page shows', async () => {
    const [row] = await apps({ appTypes: ['spark'], appStatus: ['S'] })
    const body = (await get(`/api/v1/common/app/${row!.id}/recommendation`)).json()
    expect(Object.keys(body).sort()).toEqual(['defaultCategory', 'insightsV2', 'recommendation'])
  })

  it('extendedsummary is the summary (E081) beside the analysis (E145)', async () => {
    const [row] = await apps({ appTypes: ['spark'] })
    const res = await get(`/api/v1/common/app/${row!.id}/extendedsummary`)
    expect(res.statusCode, res.body).toBe(200)
    const summary = await app.inject({ method: 'POST', url: `/api/v1/apps/${row!.id}/summary/`, headers })
    const analysis = await get(`/api/v1/spark/${row!.id}/${Math.max(1, row!.appAttempts)}/analysis`)
    expect(res.json()).toEqual({ summary: summary.json(), analysis: analysis.json() })
  })

  it('summary (REAL-API-NOTES §4) has the documented fields: POST /apps/{id}/summary/’s answer', async () => {
    const [row] = await apps({ appTypes: ['hive'] })
    const res = await get(`/api/v1/common/app/${row!.id}/summary`)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    for (const field of ['startTime', 'duration', 'cents', 'vcoreSeconds', 'memorySeconds'])
      expect(typeof body[field], field).toBe('number')
    expect(body).toMatchObject({ status: row!.status, kind: 'hive' })
    expect(Array.isArray(body.mrJobIds)).toBe(true)
    expect(typeof body.totalDfsBytesRead).toBe('number')
    expect(typeof body.totalDfsBytesWritten).toBe('number')
    const twin = await app.inject({ method: 'POST', url: `/api/v1/apps/${row!.id}/summary/`, headers })
    expect(body).toEqual(twin.json())
  })

  it('logs: loaded or not, and a load asked for shows as its task (the read starts none)', async () => {
    const rows = await apps({ appTypes: ['spark'], size: 100 })
    const logs = async (id: string) => (await get(`/api/v1/common/app/${id}/logs`)).json()
    const unloaded = []
    for (const row of rows) if (!(await logs(row.id)).logsLoaded) unloaded.push(row)
    expect(unloaded.length, 'a Spark app without loaded logs').toBeGreaterThan(0)
    const { id } = unloaded[0]!
    expect(await logs(id)).toEqual({ id, kind: 'spark', logsLoaded: false, tasks: [] })
    const load = await get(`/api/v1/celery/load_logs?app_type=spark&app_id=${id}`)
    expect(load.statusCode, load.body).toBe(200)
    const after = await logs(id)
    const status = await get(`/api/v1/apps/loadApplicationsLogStatus?app_id=${id}`)
    expect(after.tasks).toEqual(status.json())
    expect(after.tasks).toHaveLength(1)
    expect(after.tasks[0].task_id).toBe(load.json().task_id)
    // A load takes 3 to 12 simulated seconds: then the logs are loaded unless it failed.
    app.clock.set(TEST_NOW_MS + 13_000)
    const done = await logs(id)
    expect(done.logsLoaded).toBe(done.tasks[0].task_status === 'SUCCESS')
    expect(done.tasks[0].task_status).not.toBe('STARTED')
  })

  it.each([
    'recommendation',
    'appsummary',
    'extendedsummary',
    'status',
    'errors?apiMode=1',
    'logs',
    'summary',
  ])('%s of an unknown app answers 404 like the twins', async (resource) => {
    const res = await get(`/api/v1/common/app/application_0_0000/${resource}`)
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Information for this application application_0_0000 is not available.')
  })

  it('errors takes apiMode 1 only', async () => {
    const [row] = await apps({})
    expect((await get(`/api/v1/common/app/${row!.id}/errors`)).statusCode).toBe(200)
    expect((await get(`/api/v1/common/app/${row!.id}/errors?apiMode=2`)).statusCode).toBe(400)
  })

  it("another platform's app is forbidden", async () => {
    const [row] = await apps({})
    const res = await app.inject({ url: `/api/v1/common/app/${row!.id}/status`, headers: emr })
    expect(res.statusCode).toBe(403)
  })
})

describe('GET /api/v1/common/app/details (documented: from, to, appTypes, appStatus, page)', () => {
  const to = TEST_NOW_MS - (TEST_NOW_MS % DAY) - DAY
  const from = to - 6 * DAY
  type Page = {
    page: number
    pageSize: number
    metadata: { totalRecords: number }
    results: { id: string; kind: string; status: string; status_long: string; start_time: string }[]
  }

  it.each([1, 2])(
    'page %i is the unified search’s page of 50 of the window, to included whole',
    async (page) => {
      const query = `from=${day(from)}&to=${day(to)}&page=${page}`
      const res = await get(`/api/v1/common/app/details?${query}`)
      expect(res.statusCode, res.body).toBe(200)
      const body = res.json<Page>()
      expect(body).toMatchObject({ page, pageSize: 50 })
      const search = await app.inject({
        method: 'POST',
        url: '/api/v1/apps/search',
        headers,
        payload: { start_time: from, end_time: to + DAY, from: (page - 1) * 50, size: 50 },
      })
      expect(body.metadata).toEqual(search.json().metadata)
      expect(body.results).toEqual(search.json().results)
      expect(body.metadata.totalRecords).toBeGreaterThan(100)
      expect(body.results).toHaveLength(50)
      for (const r of body.results) expect(r.start_time).toMatch(/^\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/)
    },
  )

  it('appTypes and appStatus filter as the search does, comma-separated', async () => {
    const res = await get(
      `/api/v1/common/app/details?from=${day(from)}&to=${day(to)}&appTypes=spark,hive&appStatus=F,K`,
    )
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json<Page>()
    expect(body.results.length).toBeGreaterThan(0)
    for (const r of body.results) {
      expect(['spark', 'hive']).toContain(r.kind)
      expect(r.status_long).toMatch(/^(failed|killed)$/)
    }
    const search = await app.inject({
      method: 'POST',
      url: '/api/v1/apps/search',
      headers,
      payload: {
        start_time: from,
        end_time: to + DAY,
        appTypes: ['spark', 'hive'],
        appStatus: ['F', 'K'],
        size: 50,
      },
    })
    expect(body.metadata.totalRecords).toBe(search.json().metadata.totalRecords)
    // The reference's cascading and pig are never seeded: nothing, not an error.
    const pig = await get(`/api/v1/common/app/details?appTypes=pig`)
    expect(pig.statusCode, pig.body).toBe(200)
    expect(pig.json<Page>().metadata.totalRecords).toBe(0)
  })

  it.each([
    ['a window over 31 days', `from=${day(to - 40 * DAY)}&to=${day(to)}`, /31 days/],
    ['to before from', `from=${day(to)}&to=${day(from)}`, /from/],
    ['an appTypes value the reference does not list', 'appTypes=spark,presto', /appTypes/],
    ['an appStatus value that is none', 'appStatus=X', /appStatus/],
    ['page 0', 'page=0', /page/],
    ['page 201 (past 10,000 records)', 'page=201', /page/],
  ])('%s answers 400', async (_, query, message) => {
    const res = await get(`/api/v1/common/app/details?${query}`)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().message).toMatch(message)
  })
})

describe('GET /api/v1/apps/{app_id}/resource_usage?metric_id= (documented codes)', () => {
  type Usage = { metricId: string; unit: string; stepMs: number; endTime: number; data: [number, number][] }
  type Executor = {
    memoryMB: number
    addTime: number
    removeTime: number | null
    totalGCTime: number
    totalDuration: number
  }
  const usage = async (id: string, metric: string) => {
    const res = await get(`/api/v1/apps/${id}/resource_usage?metric_id=${metric}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<Usage>()
  }
  const finishedSpark = async (filter: Record<string, unknown> = {}) =>
    (await apps({ appTypes: ['spark'], appStatus: ['S'], size: 50, ...filter })) as (Row & {
      insights: string[]
    })[]

  it("125 maxHeap: the JVMs' heaps (the executors' container memory less its tenth), held over their lives", async () => {
    const [row] = await finishedSpark()
    const heap = await usage(row!.id, '125')
    expect(heap).toMatchObject({ metricId: '125', unit: 'MB' })
    const executors = (await get(`/api/v1/spark/*/${row!.id}/executors`)).json<Executor[]>()
    const expected = executors.reduce(
      (n, e) => n + ((e.memoryMB / 1.1) * ((e.removeTime ?? heap.endTime) - e.addTime)) / 1000,
      0,
    )
    const lengthOf = (t: number) => Math.min(heap.stepMs, heap.endTime - t)
    const held = heap.data.reduce((n, [t, mb]) => n + (mb * lengthOf(t)) / 1000, 0)
    expect(held / expected).toBeCloseTo(1, 2)
    // Never above what YARN allocated to the app at the same time.
    const allocated = await usage(row!.id, 'allocatedMB')
    heap.data.forEach(([, mb], i) => expect(mb).toBeLessThanOrEqual(allocated.data[i]![1] + 0.01))
  })

  it('115 gcLoad: GC time over task time in percent, around the executors’ total share', async () => {
    const rows = await finishedSpark()
    const heavy = rows.find((r) => r.insights.includes('Executor GC Overhead'))
    const light = rows.find((r) => r.numEvents === 0 && r.insights.length === 0)
    expect(heavy && light, 'a Spark app with and one without GC overhead').toBeTruthy()
    const shares: number[] = []
    for (const row of [heavy!, light!]) {
      const gc = await usage(row.id, '115')
      expect(gc).toMatchObject({ metricId: '115', unit: 'percent' })
      const executors = (await get(`/api/v1/spark/*/${row.id}/executors`)).json<Executor[]>()
      const share =
        (100 * executors.reduce((n, e) => n + e.totalGCTime, 0)) /
        executors.reduce((n, e) => n + e.totalDuration, 0)
      const loads = gc.data.map(([, v]) => v).filter((v) => v > 0)
      expect(loads.length).toBeGreaterThan(0)
      for (const v of loads) expect(v).toBeLessThanOrEqual(100)
      // The share over the life is a task-time-weighted mean of the buckets'.
      expect(Math.min(...loads)).toBeLessThanOrEqual(share + 0.01)
      expect(Math.max(...loads)).toBeGreaterThanOrEqual(share - 0.01)
      shares.push(share)
    }
    expect(shares[0]).toBeGreaterThan(10)
    expect(shares[1]).toBeLessThan(10)
  })

  it.each(['138', '137', '135', '134', '126'])(
    '%s is not seeded: 400 naming the codes that answer',
    async (code) => {
      const [row] = await finishedSpark()
      const res = await get(`/api/v1/apps/${row!.id}/resource_usage?metric_id=${code}`)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(
        new RegExp(`${code} .*not seeded.*allocatedMB, allocatedVCores, 115 \\(gcLoad.*125 \\(maxHeap`),
      )
    },
  )

  it('115 and 125 of an app of another kind answer 400 (Spark apps only); an unknown app 404', async () => {
    const [row] = await apps({ appTypes: ['hive'] })
    const res = await get(`/api/v1/apps/${row!.id}/resource_usage?metric_id=125`)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/Spark apps only/)
    expect((await get('/api/v1/apps/application_0_0000/resource_usage?metric_id=115')).statusCode).toBe(404)
  })
})
