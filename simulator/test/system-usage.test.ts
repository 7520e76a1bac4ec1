import type { FastifyInstance } from 'fastify'
import { systemUsageEndpoints, type SystemUsage } from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { frozenTestApp, type FrozenTestApp } from './helper.ts'

describe('system usage (R132 Snowflake, R166 BigQuery: /manage/system_usage)', () => {
  let app: FastifyInstance
  let as: FrozenTestApp['as']
  beforeAll(async () => {
    ;({ app, as } = await frozenTestApp({
      users: ['snowflake', 'sfuser', 'bigquery', 'bqviewer', 'emr'],
      peers: { bqviewer: { of: 'bigquery', role: 'user' } },
    }))
  })
  afterAll(() => app.close())

  const path = systemUsageEndpoints.usage.path
  const get = (user: string | null) => app.inject({ method: 'GET', url: path, headers: user ? as(user) : {} })

  it('200 to a Snowflake admin and to BigQuery admins and users; 403 to a Snowflake user (its manage pages are admin only), to other platforms; 401 without a token', async () => {
    expect((await get('snowflake')).statusCode).toBe(200)
    expect((await get('bigquery')).statusCode).toBe(200)
    expect((await get('bqviewer')).statusCode).toBe(200)
    const sfUser = await get('sfuser')
    expect(sfUser.statusCode).toBe(403)
    expect(sfUser.json()).toMatchObject({
      statusCode: 403,
      message: expect.stringMatching(/Admin role on Snowflake/i),
    })
    expect((await get('emr')).statusCode).toBe(403)
    expect((await get(null)).statusCode).toBe(401)
  })

  it("measures this process, its host and its database: every table and index with the bytes its pages take, largest first, and a table's rows as ANALYZE counted them", async () => {
    const body = (await get('snowflake')).json<SystemUsage>()
    expect(body.process.rssBytes).toBeGreaterThan(10 * 2 ** 20)
    expect(body.process.heapUsedBytes).toBeLessThanOrEqual(body.process.heapTotalBytes)
    expect(body.process.nodeVersion).toBe(process.version)
    expect(body.host.cpuCount).toBeGreaterThanOrEqual(1)
    expect(body.host.loadAverage).toHaveLength(3)
    const db = body.database
    expect(db.pageCount * db.pageSize).toBe(db.fileBytes)
    expect(db.objectsMeasuredAt).not.toBeNull()
    const bytes = db.objects.map((o) => o.bytes)
    expect(bytes).toEqual([...bytes].sort((a, b) => b - a))
    // Every page is some object's (or free): the objects add up to the file.
    expect(bytes.reduce((a, b) => a + b, 0) + db.freePages * db.pageSize).toBeLessThanOrEqual(db.fileBytes)
    const apps = db.objects.find((o) => o.name === 'applications')!
    expect(apps).toMatchObject({ kind: 'table', table: 'applications' })
    expect(apps.rows).toBe(app.db.prepare('SELECT count(*) FROM applications').pluck().get())
    const index = db.objects.find((o) => o.name === 'applications_start')!
    expect(index).toMatchObject({ kind: 'index', table: 'applications', rows: null })
    expect(index.bytes).toBeGreaterThan(0)
    // SQLite's own objects by what they are (no engine's words in an answer).
    expect(db.objects.find((o) => o.name === 'applications (unique key 1)')).toMatchObject({
      kind: 'index',
      table: 'applications',
    })
    expect(JSON.stringify(body)).not.toMatch(/sqlite/i)
  })
})
