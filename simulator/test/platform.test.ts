import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.ts'
import { openDatabase } from '../src/db/open-database.ts'
import { testApp, TEST_NOW_MS } from './helper.ts'

let app: FastifyInstance
beforeAll(async () => (app = await testApp()))
afterAll(() => app.close())

describe('unknown routes and wrong verbs', () => {
  it('answers an unknown path with 404 in the error shape', async () => {
    // No route matched: nothing private to guard, so the answer is the same with or without a token.
    const res = await app.inject('/api/v1/no-such-thing')
    expect(res.statusCode).toBe(404)
    const open = await app.inject('/no-such-thing')
    expect(open.statusCode).toBe(404)
    expect(open.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /no-such-thing not found',
    })
  })

  it('answers a known path with another verb with 405 and Allow', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/signInMode' })
    expect(res.statusCode).toBe(405)
    expect(res.headers.allow).toBe('GET')
    expect(res.json().message).toBe('Method DELETE is not allowed on /signInMode')
  })
})

describe('OpenAPI document', () => {
  it('lists every route with its schemas and spec ids', async () => {
    const doc = (await app.inject('/openapi.json')).json()
    const ops = Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap(
      ([p, methods]) => Object.entries(methods).map(([m, op]) => ({ key: `${m.toUpperCase()} ${p}`, op })),
    )
    expect(ops.map((o) => o.key).sort()).toEqual(
      [
        'GET /aad/check',
        'GET /aad/session',
        'GET /api/v1/cluster_search',
        'GET /api/v1/isValidToken',
        'GET /api/v1/search/awstags',
        'GET /api/v1/search/tags',
        'GET /saml/check',
        'GET /signInMode',
        'POST /api/v1/webSignIn',
        'PUT /api/{ui}/ui/upgrade-plan',
        'POST /api/v1/apps/unifiedsearch',
        'GET /api/v1/apps/events/app_events',
        'GET /api/v1/apps/events/inefficient_apps',
        'GET /api/v1/apps/events/inefficient_apps_newux/',
        'GET /api/v1/apps/globalsearch',
        'GET /api/v1/apps/search',
        'GET /api/v1/jobs/byinefficiency',
        'GET /api/v1/jobs/bystatus',
        'GET /api/v1/jobs/bytype',
        'GET /api/v1/jobs/count',
        'GET /api/v1/jobs/finished/byinefficiency',
        'GET /api/v1/jobs/finished/bystatus',
        'GET /api/v1/jobs/finished/bytype',
        'GET /api/v1/jobs/lastChecked',
        'GET /api/v1/jobs/schedules',
        'GET /api/v1/reports/data/get_all_users_queues',
        'GET /api/v1/search/stats_tags',
        'POST /api/v1/apps/events/no_of_events',
        'POST /api/v1/ds/api/v1/workflows/list',
        'GET /api/v1/clusters/{cluster}/nodes',
        'GET /api/v1/clusters/{cluster}/resources/cpu/allocated',
        'GET /api/v1/clusters/{cluster}/resources/cpu/total',
        'GET /api/v1/clusters/{cluster}/resources/memory/allocated',
        'GET /api/v1/clusters/{cluster}/resources/memory/total',
        'GET /api/v1/clusters/{cluster}/resources/tagged/apps',
        'GET /api/v1/clusters/{cluster}/resources/tagged/cpu',
        'GET /api/v1/clusters/{cluster}/resources/tagged/memory',
        'GET /api/v1/clusters/{cluster}/resources/tagged/stats',
        'GET /api/v1/search/ops/fapps',
        'GET /api/v1/search/ops/fiapps',
        'GET /api/v1/search/ops/fpapps',
        'GET /api/v1/search/ops/fbqapps',
        'GET /api/v1/search/cb/tags',
        'GET /api/v1/search/cb/{group1}',
        'GET /api/v1/search/cb/{group1}/{group2}',
        'GET /api/v1/search/icb/{group1}',
        'GET /api/v1/search/icb/{group1}/{group2}',
        'GET /api/v1/search/pcb/{group1}',
        'GET /api/v1/search/pcb/{group1}/{group2}',
        'GET /api/v1/search/bqcb/{group1}',
        'GET /api/v1/search/bqcb/{group1}/{group2}',
        'GET /api/v1/autoactions/recent_violations',
        'POST /api/v1/snowflake/queries/search',
        'GET /api/v1/snowflake/queries/metadata',
        'GET /api/v1/snowflake/queries/{queryUid}',
        'GET /api/v1/snowflake/warehouses',
        'GET /api/v1/snowflake/warehouses/{warehouseUid}',
        'GET /api/v1/snowflake/cost/overview',
        'GET /api/v1/snowflake/cost/users',
        'GET /api/v1/snowflake/cost/warehouses',
        'GET /api/v1/snowflake/cost/queries',
        'GET /api/v1/snowflake/cost/tags',
        'POST /api/v1/emr/clusters/search',
        'GET /api/v1/emr/clusters/{clusterId}',
        'GET /api/v1/search/awsinfo',
        'GET /api/v1/search/awscb/{group1}',
        'GET /api/v1/search/awscb/{group1}/{group2}',
        'POST /api/v1/dsinsights/api/v1/insights/listAnalysis',
        'GET /api/v1/emr/insights',
        'GET /api/v1/emr/cost/trends',
        'GET /api/v1/budgets',
        'POST /api/v1/budgets',
        'GET /api/v1/budgets/{id}',
        'PUT /api/v1/budgets/{id}',
        'DELETE /api/v1/budgets/{id}',
        'GET /api/v1/manage/awsaccounts',
        'POST /api/v1/manage/awsaccounts',
        'PUT /api/v1/manage/awsaccounts/{id}',
        'DELETE /api/v1/manage/awsaccounts/{id}',
      ].sort(),
    )
    for (const { key, op } of ops) {
      // An endpoint the catalogue has no row for (its path is ours) cites the screen it serves.
      expect(op['x-spec-ids'], key).toEqual(expect.arrayContaining([expect.stringMatching(/^[ER]\d{3}$/)]))
      expect(op.responses, key).toHaveProperty('200')
    }
    expect((await app.inject('/docs/')).statusCode).toBe(200)
  })
})

describe('seed and clock', () => {
  it('is deterministic for a seed, scale and clock', async () => {
    const rows = (a: FastifyInstance) => a.db.prepare('SELECT * FROM clusters ORDER BY unravel_id').all()
    const twin = await testApp()
    try {
      expect(rows(twin)).toEqual(rows(app))
      expect(twin.db.prepare('SELECT * FROM tags ORDER BY 1, 2, 3, 4').all()).toEqual(
        app.db.prepare('SELECT * FROM tags ORDER BY 1, 2, 3, 4').all(),
      )
    } finally {
      await twin.close()
    }
  })

  it('reuses an existing database and shifts its times to a later clock', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'costlens-'))
    const dbPath = path.join(dir, 'sim.db')
    const first = openDatabase(dbPath, { scale: 'small', seed: 7, now: TEST_NOW_MS })
    const before = first
      .prepare("SELECT created_at FROM clusters WHERE unravel_id = 'cdh-prod-01'")
      .get() as { created_at: number }
    first.close()
    const later = await buildApp({ dbPath, now: TEST_NOW_MS + 3 * 86_400_000, logger: false })
    try {
      const after = later.db
        .prepare("SELECT created_at FROM clusters WHERE unravel_id = 'cdh-prod-01'")
        .get() as { created_at: number }
      expect(after.created_at - before.created_at).toBe(3 * 86_400_000)
      expect(later.db.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 27 })
    } finally {
      await later.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('names the file when the database is unreadable', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'costlens-'))
    const dbPath = path.join(dir, 'broken.db')
    fs.writeFileSync(dbPath, 'this is not a database')
    await expect(buildApp({ dbPath, logger: false })).rejects.toThrow(`Cannot open the database at ${dbPath}`)
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('refuses a file seeded by another schema version and says how to re-seed it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'costlens-'))
    const dbPath = path.join(dir, 'old.db')
    const old = openDatabase(dbPath, { scale: 'small', seed: 7, now: TEST_NOW_MS })
    old.prepare("UPDATE settings SET value = '1' WHERE key = 'schema_version'").run()
    old.close()
    await expect(buildApp({ dbPath, logger: false })).rejects.toThrow(
      /seeded by another costlens version \(schema 1, this one reads \d+\)\. Re-seed it with npm run seed -- --force/,
    )
  })
})
