import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, signIn, testApp } from './helper.ts'

/** GET /api/v1/hive/tables/{table}/apps (E073; G96, G97): the apps that read or wrote a table. */
let app: FastifyInstance
let headers: Record<string, string>
beforeAll(async () => {
  app = await testApp()
  headers = auth(await signIn(app, 'admin'))
})
afterAll(() => app.close())

type Hit = { id: string; kind: string; startTime: number; access: string; clusterUid: string }
const get = (url: string, as = headers) => app.inject({ url, headers: as })
const tableApps = async (table: string, query = '') => {
  const res = await get(`/api/v1/hive/tables/${table}/apps${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ hits: Hit[]; total: number }>()
}

/** The admin's (CDH) apps that touched a table, straight from SQL. */
const touching = (table: string) =>
  app.db
    .prepare(
      `SELECT a.id, a.input_tables = @t AS r, a.output_tables = @t AS w FROM applications a
         JOIN clusters c ON c.unravel_id = a.cluster_uid
        WHERE c.platform = 'CDH' AND (a.input_tables = @t OR a.output_tables = @t)`,
    )
    .all({ t: table }) as { id: string; r: number; w: number }[]

describe("E073 a table's apps", () => {
  it('the total is every app of the platform that read or wrote it; 10 newest first by default', async () => {
    const expected = touching('sales.orders')
    expect(expected.length).toBeGreaterThan(10)
    const { hits, total } = await tableApps('sales.orders')
    expect(total).toBe(expected.length)
    expect(hits).toHaveLength(10)
    expect(hits.map((h) => h.startTime)).toEqual([...hits.map((h) => h.startTime)].sort((a, b) => b - a))
    const byId = new Map(expected.map((e) => [e.id, e]))
    for (const hit of hits) {
      const row = byId.get(hit.id)!
      expect(hit.access, hit.id).toBe(row.r && row.w ? 'read-write' : row.w ? 'write' : 'read')
      expect(['hive', 'impala', 'presto']).toContain(hit.kind)
    }
  })

  it('pages with from and size, oldest first with sort=startTime, and every app once', async () => {
    const { total } = await tableApps('crm.customers')
    const pages = []
    for (let from = 0; from < total; from += 40)
      pages.push(...(await tableApps('crm.customers', `?from=${from}&size=40`)).hits)
    expect(new Set(pages.map((h) => h.id)).size).toBe(total)
    const oldest = await tableApps('crm.customers', '?sort=startTime&size=3')
    expect(oldest.hits.map((h) => h.id)).toEqual(
      pages
        .slice(-3)
        .reverse()
        .map((h) => h.id),
    )
  })

  it('a table no app touched answers an empty list; the EMR admin sees only EMR apps', async () => {
    expect(await tableApps('nosuch.table')).toEqual({ hits: [], total: 0 })
    const emr = auth(await signIn(app, 'emr'))
    const res = await get('/api/v1/hive/tables/sales.orders/apps?size=50', emr)
    expect(res.statusCode).toBe(200)
    const clusters = new Set(
      app.db.prepare("SELECT unravel_id FROM clusters WHERE platform = 'EMR'").pluck().all() as string[],
    )
    expect(res.json<{ hits: Hit[] }>().hits.every((h) => clusters.has(h.clusterUid))).toBe(true)
  })

  it.each([
    ['a table name with a quote', "/api/v1/hive/tables/x'y/apps"],
    ['size 0', '/api/v1/hive/tables/sales.orders/apps?size=0'],
    ['paging past 10,000', '/api/v1/hive/tables/sales.orders/apps?from=9995&size=10'],
    ['an unknown sort', '/api/v1/hive/tables/sales.orders/apps?sort=-duration'],
  ])('400 for %s, in the error shape', async (_name, url) => {
    const res = await get(url)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
  })

  it('401 without a token; 403 for a platform without Hive tables', async () => {
    expect((await get('/api/v1/hive/tables/sales.orders/apps', {})).statusCode).toBe(401)
    const snowflake = auth(await signIn(app, 'snowflake'))
    expect((await get('/api/v1/hive/tables/sales.orders/apps', snowflake)).statusCode).toBe(403)
  })
})
