import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { createSchema } from '../src/db/schema.ts'
import { seedDatabase } from '../src/db/seed/index.ts'
import {
  buildSnowflakeRollups,
  SF_DAY,
  SnowflakeRollupBuilder,
  type SnowflakeRollupInput,
} from '../src/db/seed/snowflake-rollups.ts'

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

  it('hold the same when written day by day as the days are complete (as the large scale does)', () => {
    const db = new Database(':memory:')
    createSchema(db)
    seedDatabase(db, { scale: 'small', seed: 12, now: Date.parse('2026-11-22T12:00:00Z') })
    db.exec("ATTACH ':memory:' AS reference")
    buildSnowflakeRollups(db)
    for (const table of ['snowflake_query_rollups', 'snowflake_cost_rollups'])
      db.exec(`CREATE TABLE reference.${table} AS SELECT * FROM main.${table}`)
    // The queries in the order the seed generates them (day after day), flushed at every day's end.
    const queries = db
      .prepare(
        `SELECT start_time, status, warehouse_code, user_code, connector_code, insight_mask, cost_e4, duration,
                credits_e4, execution_time, queued_overload_time, query_tag, signature
           FROM snowflake_queries_named ORDER BY rid`,
      )
      .all() as SnowflakeRollupInput[]
    const builder = new SnowflakeRollupBuilder()
    let day = Math.floor(queries[0]!.start_time / SF_DAY) * SF_DAY
    let flushes = 0
    for (const q of queries) {
      if (q.start_time >= day + SF_DAY) {
        day = Math.floor(q.start_time / SF_DAY) * SF_DAY
        builder.flush(db, day)
        flushes++
      }
      builder.add(q)
    }
    builder.write(db)
    expect(flushes).toBeGreaterThan(90)
    for (const table of ['snowflake_query_rollups', 'snowflake_cost_rollups'])
      expect(difference(db, table), table).toEqual([0, 0])
    db.close()
  })
})
