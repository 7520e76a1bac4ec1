import type { AppErrorView, ImpalaFragment, ImpalaOperator, QueryDetails } from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { frozenTestApp } from './helper.ts'

/**
 * GET /api/v1/apps/{id}/query (the Query tab of the Impala and Presto details pages)
 * through buildApp(): the SQL and figures agree with the record and the Impala plan, on tens of
 * seeded queries per engine; bad input 400, another engine 400, another platform 403, unknown 404,
 * no token 401.
 */

interface Row {
  id: string
  kind: string
  cluster_uid: string
  queue: string
  vcore_seconds: number
  memory_seconds: number
  dfs_read: number
  dfs_written: number
  cents: number
  input_tables: string | null
}

let app: AppInstance
let as: (user: string) => { authorization: string }
/** Seeded apps of a platform and kind; `statuses` narrows them (a failed query's figures are its error's). */
const of = (platform: string, kind: string, limit: number, statuses = 'SFKRPUW') =>
  app.db
    .prepare(
      `SELECT a.* FROM applications a JOIN clusters c ON c.unravel_id = a.cluster_uid
       WHERE c.platform = ? AND a.kind = ? AND instr(?, a.status) > 0 ORDER BY a.id LIMIT ?`,
    )
    .all(platform, kind, statuses, limit) as Row[]

beforeAll(async () => {
  ;({ app, as } = await frozenTestApp({ users: ['admin', 'bigquery'] }))
})
afterAll(() => app.close())

const get = (url: string, headers: Record<string, string> = as('admin')) =>
  app.inject({ method: 'GET', url, headers })
async function json<T>(url: string, user = 'admin'): Promise<T> {
  const res = await get(url, as(user))
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
  return res.json<T>()
}
const queryOf = (id: string, user = 'admin') => json<QueryDetails>(`/api/v1/apps/${id}/query`, user)

describe('GET /api/v1/apps/{id}/query', () => {
  it("02 §2 Impala Query: the SQL scans the plan's tables; peak per host = the fragments' peaks, estimate = the operators', limit the pool's", async () => {
    const rows = of('CDH', 'impala', 40, 'SKR')
    expect(rows.length).toBeGreaterThan(10)
    for (const r of rows) {
      const q = await queryOf(r.id)
      const fragments = await json<ImpalaFragment[]>(`/api/v1/impala/${r.id}/fragments`)
      const operators = await json<ImpalaOperator[]>(`/api/v1/impala/${r.id}/operators`)
      expect(q).toMatchObject({
        id: r.id,
        engine: 'impala',
        queue: r.queue,
        cpuTime: null,
      })
      for (const scan of operators.filter((o) => o.type === 'SCAN HDFS'))
        expect(q.queryStringFull).toContain(scan.detail)
      const writer = operators.find((o) => o.type === 'HDFS WRITER')
      expect(q.queryStringFull.startsWith('INSERT INTO'), r.id).toBe(Boolean(writer))
      expect(q.perHostPeakMemUsage).toBe(fragments.reduce((n, f) => n + f.maxPeakMemory, 0))
      expect(q.perHostMemEst).toBe(operators.reduce((n, o) => n + o.estPeakMem, 0))
      expect(q.queryMemLimit! % 2 ** 30).toBe(0)
      expect(q.queryMemLimit).toBeGreaterThanOrEqual(Math.min(128 * 2 ** 30, q.perHostMemEst!))
    }
  })

  it('an Impala query that failed for memory: its limit and peak are those its error names (Limit=… Peak=…)', async () => {
    const failed = app.db
      .prepare(
        `SELECT a.id FROM applications a JOIN clusters c ON c.unravel_id = a.cluster_uid
         WHERE c.platform = 'CDH' AND a.kind = 'impala' AND a.status = 'F' ORDER BY a.id LIMIT 60`,
      )
      .all() as { id: string }[]
    let memory = 0
    for (const { id } of failed) {
      const q = await queryOf(id)
      const view = await json<AppErrorView>(`/api/v1/impala/${id}/errorview`)
      if (view.failure?.category !== 'memory') {
        expect(q.perHostPeakMemUsage!, id).toBeLessThanOrEqual(q.queryMemLimit!)
        continue
      }
      memory++
      const gb = `${(q.queryMemLimit! / 2 ** 30).toFixed(2)} GB`
      expect(view.failure.errors[0]!.message, id).toContain(`Limit=${gb}`)
      expect(view.failure.errors[0]!.message, id).toContain(
        `Peak=${(q.perHostPeakMemUsage! / 2 ** 30).toFixed(2)} GB`,
      )
      // The fragments' peaks on that host add up to the limit (to rounding), none above it.
      const fragments = await json<ImpalaFragment[]>(`/api/v1/impala/${id}/fragments`)
      const peaks = fragments.reduce((n, f) => n + f.maxPeakMemory, 0)
      expect(Math.abs(peaks - q.queryMemLimit!), id).toBeLessThan(16)
      for (const f of fragments) expect(f.maxPeakMemory, id).toBeLessThanOrEqual(q.queryMemLimit!)
    }
    expect(memory).toBeGreaterThan(0)
  })

  it("Presto (R108): the resource group as queue, the SQL on the record's table, CPU ms and memory as chargeback shows them", async () => {
    const rows = of('CDH', 'presto', 30)
    expect(rows.length).toBeGreaterThan(5)
    for (const r of rows) {
      const q = await queryOf(r.id)
      expect(q).toMatchObject({
        engine: 'presto',
        queue: r.queue,
        cpuTime: r.vcore_seconds * 1000,
        cumUserMem: r.memory_seconds * 1_048_576,
        queryMemLimit: null,
      })
      expect(q.queue).toMatch(/^global\./)
      expect(q.queryStringFull).toContain(`FROM hive.${r.input_tables}`)
    }
  })

  it('the same query answers the same every time (derived from the record, nothing stored)', async () => {
    const [r] = of('CDH', 'impala', 1)
    expect(await queryOf(r!.id)).toEqual(await queryOf(r!.id))
  })

  it.each([
    { what: 'an id the schema refuses', url: '/api/v1/apps/bad%20id!/query', status: 400 },
    { what: 'an id with a quote', url: "/api/v1/apps/app'1/query", status: 400 },
    { what: 'an unknown app', url: '/api/v1/apps/application_1_999999/query', status: 404 },
  ])('$what answers $status', async ({ url, status }) => {
    const res = await get(url)
    expect(res.statusCode).toBe(status)
    expect(res.json()).toMatchObject({
      statusCode: status,
      error: expect.any(String),
      message: expect.any(String),
    })
  })

  it('an app of another engine answers 400 naming its type', async () => {
    const [spark] = of('CDH', 'spark', 1)
    const res = await get(`/api/v1/apps/${spark!.id}/query`)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      `Application ${spark!.id} is a spark application, not an Impala or Presto query.`,
    )
  })

  it("another platform's query answers 403 M025, no token 401", async () => {
    // The BigQuery persona's platform (BIGQUERYV2) has no applications: a CDH query is another platform's.
    const [impala] = of('CDH', 'impala', 1)
    const res = await get(`/api/v1/apps/${impala!.id}/query`, as('bigquery'))
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(`Information for this application ${impala!.id} is forbidden.`)
    expect((await get(`/api/v1/apps/${impala!.id}/query`, {})).statusCode).toBe(401)
  })
})
