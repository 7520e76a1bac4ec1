import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { resetDatabase } from '../src/db/open-database.ts'
import { readSetting } from '../src/db/repositories/settings.ts'
import { TEST_NOW_MS } from './helper.ts'
import { cachedOpenDatabase, cachedSeedFile } from './seed-cache.ts'

const SEED = { scale: 'small', seed: 7 } as const

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'costlens-open-'))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

const count = (db: Database.Database, table: string) =>
  db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number

/** Opens the file as the server does, collecting what it announces. */
async function start(dbPath: string) {
  const lines: string[] = []
  const app = await buildApp({ dbPath, seed: SEED, now: TEST_NOW_MS, announce: (line) => lines.push(line) })
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/v1/webSignIn',
    payload: { username: 'admin', password: 'admin' },
  })
  return { app, lines, signedIn: signIn.statusCode === 200 }
}

// Three of these seed the small scale: up to 30 s each on CI's two busy cores.
describe('opening a database file after an interrupted seed', { timeout: 90_000 }, () => {
  it('seeds a file again, with one line, when its seed stopped before the end (no seeded_at)', async () => {
    const dbPath = path.join(dir, 'costlens.db')
    // What a seed killed half way leaves: rows in some tables, not the settings it writes last
    // (made from a copy of the run's seed: what this tests is the seed after it).
    cachedSeedFile(dbPath, { ...SEED, now: TEST_NOW_MS })
    const half = new Database(dbPath)
    half.prepare('DELETE FROM settings').run()
    half.prepare('DELETE FROM snowflake_queries').run()
    half.close()

    const { app, lines, signedIn } = await start(dbPath)
    try {
      expect(signedIn).toBe(true)
      expect(lines).toEqual([
        `An earlier seed of ${dbPath} was interrupted: seeding it again (scale small, seed 7)…`,
      ])
      expect(count(app.db, 'snowflake_queries')).toBe(4000)
      expect(count(app.db, 'clusters')).toBe(35)
    } finally {
      await app.close()
    }
  })

  it('removes the temporary file a killed seed left and seeds again', async () => {
    const dbPath = path.join(dir, 'costlens.db')
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!
    const leftover = `${dbPath}.seeding-${dead}`
    fs.writeFileSync(leftover, 'half a seed')
    fs.writeFileSync(`${leftover}-journal`, '')

    const { app, lines, signedIn } = await start(dbPath)
    try {
      expect(signedIn).toBe(true)
      expect(lines).toEqual([
        `An earlier seed of ${dbPath} was interrupted: seeding it again (scale small, seed 7)…`,
      ])
      expect(fs.readdirSync(dir).filter((name) => name.includes('.seeding'))).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('announces a first seed and reuses the file silently afterwards', async () => {
    const dbPath = path.join(dir, 'first.db')
    const first = await start(dbPath)
    await first.app.close()
    expect(first.lines).toEqual([`Seeding ${dbPath} (scale small, seed 7)…`])
    const again = await start(dbPath)
    await again.app.close()
    expect(again.lines).toEqual([])
    expect(again.signedIn).toBe(true)
  })

  it('says in one line what to fix when the file cannot be written where DB_PATH points', async () => {
    const notAFolder = path.join(dir, 'plain-file')
    fs.writeFileSync(notAFolder, '')
    const dbPath = path.join(notAFolder, 'costlens.db')
    await expect(buildApp({ dbPath, seed: SEED, logger: false })).rejects.toThrow(
      new RegExp(`^Cannot seed the database at ${dbPath}: .*Fix DB_PATH`),
    )
  })

  it('refuses a SQLite file of something else instead of seeding into or over it', async () => {
    const dbPath = path.join(dir, 'other.db')
    const other = new Database(dbPath)
    other.exec('CREATE TABLE invoices (id INTEGER PRIMARY KEY); INSERT INTO invoices VALUES (1)')
    other.close()
    await expect(buildApp({ dbPath, seed: SEED, logger: false })).rejects.toThrow(
      `${dbPath} is not a costlens database`,
    )
    const kept = new Database(dbPath, { readonly: true })
    expect(count(kept, 'invoices')).toBe(1)
    kept.close()
  })
})

describe('reset', { timeout: 90_000 }, () => {
  it('is one transaction: a reset that fails half way leaves the old data whole, secret and writes', () => {
    // The data before the reset: a copy of the run's seed (the resets here are what is tested).
    const db = cachedOpenDatabase(':memory:', { ...SEED, now: TEST_NOW_MS })
    try {
      db.prepare("INSERT INTO upgrade_requests (username, requested_at) VALUES ('freemium', 1)").run()
      const before = {
        secret: readSetting(db, 'jwt_secret'),
        apps: count(db, 'applications'),
        rollups: count(db, 'app_rollups'),
      }
      // A failure half way: every table emptied, the applications (with their events and tags)
      // written again, not yet the rest (their rollups come next; Snowflake's queries much later).
      db.exec(
        "CREATE TEMP TRIGGER fail_late BEFORE INSERT ON app_rollups BEGIN SELECT RAISE(ABORT, 'disk full'); END",
      )
      expect(() => resetDatabase(db, { ...SEED, now: TEST_NOW_MS + 60_000 })).toThrow('disk full')
      expect(readSetting(db, 'jwt_secret')).toBe(before.secret)
      expect(readSetting(db, 'seeded_at')).toBe(String(TEST_NOW_MS))
      expect(count(db, 'applications')).toBe(before.apps)
      expect(count(db, 'snowflake_queries')).toBe(4000)
      expect(count(db, 'app_rollups')).toBe(before.rollups)
      expect(count(db, 'upgrade_requests')).toBe(1)
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1)

      db.exec('DROP TRIGGER fail_late')
      resetDatabase(db, { ...SEED, now: TEST_NOW_MS + 60_000 })
      expect(readSetting(db, 'jwt_secret')).toBe(before.secret)
      expect(count(db, 'upgrade_requests')).toBe(0)
    } finally {
      db.close()
    }
  })
})
