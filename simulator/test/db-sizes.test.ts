import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { databaseObjects } from '../src/system/db-sizes.ts'

describe('database object sizes (system usage)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-sizes-'))
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('measures a file database in a worker thread: nothing at first, then every table and index with its bytes and rows', async () => {
    const db = new Database(path.join(dir, 'sizes.db'))
    db.exec(`CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
             CREATE INDEX items_name ON items (name);`)
    const insert = db.prepare('INSERT INTO items (name) VALUES (?)')
    db.transaction(() => {
      for (let i = 0; i < 5000; i++) insert.run(`item number ${i} with some text to fill pages`)
    })()
    db.exec('ANALYZE')
    const first = databaseObjects(db, 1_000)
    expect(first).toEqual({ measuredAt: null, objects: [] })
    let answer = first
    for (let i = 0; i < 100 && answer.measuredAt === null; i++) {
      await new Promise((r) => setTimeout(r, 50))
      answer = databaseObjects(db, 2_000)
    }
    expect(answer.measuredAt).toBe(1_000)
    const items = answer.objects.find((o) => o.name === 'items')!
    expect(items).toMatchObject({ kind: 'table', table: 'items', rows: 5000 })
    expect(items.bytes).toBeGreaterThan(100_000)
    expect(answer.objects.find((o) => o.name === 'items_name')).toMatchObject({
      kind: 'index',
      table: 'items',
    })
    // Within ten minutes the measurement is kept, not taken again.
    expect(databaseObjects(db, 1_000 + 9 * 60_000).measuredAt).toBe(1_000)
    db.close()
  })
})
