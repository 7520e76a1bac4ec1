import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { ENDPOINT_TABLES } from '@costlens/shared'
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
    // Exactly the endpoint tables' entries, each once: the document is generated from them.
    const entries = Object.values(ENDPOINT_TABLES).flatMap((table) =>
      Object.values(table).map((entry) => `${entry.method} ${entry.path}`),
    )
    expect(ops.map((o) => o.key).sort()).toEqual([...new Set(entries)].sort())
    expect(ops.length).toBeGreaterThanOrEqual(118)
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
    // Seeded for real: a copy of the run's cached seed would agree by construction.
    const twin = await testApp({ cachedSeed: false })
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
