import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSchema } from '../src/db/schema.ts'
import { seedDatabase } from '../src/db/seed/index.ts'
import {
  catalogueNames,
  queryIdBytes,
  queryIdText,
  SNOWFLAKE_CODED,
  SnowflakeCodec,
  snowflakeCodec,
  type SnowflakeCodedDim,
} from '../src/db/seed/snowflake-codes.ts'

/*
 * The text a Snowflake query repeats is stored as integer codes (seed/snowflake-codes.ts). A user
 * notices none of it: every name still reads and filters as before, and sorting by a name sorts by
 * its code. These check what makes that hold.
 */
describe('Snowflake name codes', () => {
  let db: Database.Database
  beforeAll(() => {
    db = new Database(':memory:')
    createSchema(db)
    seedDatabase(db, { scale: 'small', seed: 5, now: Date.parse('2026-11-22T12:00:00Z') })
  })
  afterAll(() => db.close())

  const DIMS = Object.keys(SNOWFLAKE_CODED) as SnowflakeCodedDim[]

  it.each(DIMS)('SF-CODE-1 %s: codes run from 1 in the binary order of the names', (dim) => {
    const names = catalogueNames().filter((n) => n.dim === dim)
    expect(names.map((n) => n.code)).toEqual(names.map((_, i) => i + 1))
    // SQLite's BINARY collation is the order sorting by the code must reproduce.
    const ordered = db
      .prepare('SELECT value FROM json_each(?) ORDER BY value COLLATE BINARY')
      .pluck()
      .all(JSON.stringify(names.map((n) => n.name)))
    expect(names.map((n) => n.name)).toEqual(ordered)
  })

  it.each(DIMS)('SF-CODE-2 %s: the seeded file names every code its queries hold', (dim) => {
    const codec = snowflakeCodec(db)
    const stored = db
      .prepare(`SELECT DISTINCT ${SNOWFLAKE_CODED[dim]} FROM snowflake_queries`)
      .pluck()
      .all() as number[]
    expect(stored.length).toBeGreaterThan(0)
    for (const code of stored) expect(codec.code(dim, codec.name(dim, code))).toBe(code)
  })

  it('SF-CODE-3: every query reads with its names (the view drops none)', () => {
    const count = (from: string) => db.prepare(`SELECT count(*) FROM ${from}`).pluck().get()
    expect(count('snowflake_queries_named')).toBe(count('snowflake_queries'))
  })

  it.each([
    ['a known name', ['LOOKER_SVC'], 1],
    ['an unknown name, which matches no query', ['NOBODY'], 0],
    ['known and unknown names', ['LOOKER_SVC', 'NOBODY', 'DBT_SVC'], 2],
  ])('SF-CODE-4: the codes of %s', (_what, names, expected) => {
    expect(snowflakeCodec(db).codesOf('user', names)).toHaveLength(expected)
  })

  it('SF-CODE-5: a code without a name is an error, not a blank', () => {
    expect(() => new SnowflakeCodec(catalogueNames()).name('tag', 999)).toThrow(
      /No Snowflake tag has the code 999/,
    )
  })

  it.each([
    ['an anchor id', '01bf7a2c-0604-4c3a-0000-a1f000000001', true],
    ['a seeded id', '0114f216-5176-504e-0000-000000000000', true],
    ['upper-case digits, which no query id has', '01BF7A2C-0604-4C3A-0000-A1F000000001', false],
    ['no dashes', '01bf7a2c06044c3a0000a1f000000001', false],
    ['a digit short', '01bf7a2c-0604-4c3a-0000-a1f00000000', false],
    ['not hex', '01bf7a2c-0604-4c3a-0000-a1f00000000z', false],
    ['an empty string', '', false],
  ])('SF-ID-1: %s is a storable query id: %s', (_what, id, storable) => {
    const bytes = queryIdBytes(id)
    expect(bytes !== undefined).toBe(storable)
    if (bytes) {
      expect(bytes).toHaveLength(16)
      expect(queryIdText(bytes)).toBe(id)
    }
  })

  it('SF-ID-2: the view gives every stored id back as the text the seed made', () => {
    const rows = db.prepare('SELECT id, id_bytes FROM snowflake_queries_named').all() as {
      id: string
      id_bytes: Buffer
    }[]
    expect(rows.length).toBeGreaterThan(1000)
    for (const r of rows) expect(r.id).toBe(queryIdText(r.id_bytes))
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length)
  })
})
