import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { createSchema } from '../src/db/schema.ts'
import { seedDatabase } from '../src/db/seed/index.ts'
import { buildSnowflakeRollups } from '../src/db/seed/snowflake-rollups.ts'

/** Rows of one table that the other lacks, both ways. */
function difference(db: Database.Database, table: string) {
  const count = (a: string, b: string) =>
    db
      .prepare(`SELECT count(*) FROM (SELECT * FROM ${a}.${table} EXCEPT SELECT * FROM ${b}.${table})`)
      .pluck()
      .get()
  return [count('main', 'reference'), count('reference', 'main')]
}

describe('Snowflake rollups accumulated while seeding', () => {
  it('hold exactly what the SQL GROUP BY over the seeded queries gives, every slice, grain and cost day', () => {
    const db = new Database(':memory:')
    createSchema(db)
    seedDatabase(db, { scale: 'small', seed: 11, now: Date.parse('2026-11-22T12:00:00Z') })
    // The accumulated rows kept aside; the SQL build over the same queries replaces them in main.
    db.exec("ATTACH ':memory:' AS reference")
    for (const table of ['snowflake_query_rollups', 'snowflake_cost_rollups'])
      db.exec(`CREATE TABLE reference.${table} AS SELECT * FROM main.${table}`)
    buildSnowflakeRollups(db)
    for (const table of ['snowflake_query_rollups', 'snowflake_cost_rollups']) {
      expect(db.prepare(`SELECT count(*) FROM main.${table}`).pluck().get()).toBeGreaterThan(100)
      expect(difference(db, table), table).toEqual([0, 0])
    }
    db.close()
  })
})
