import Database from 'better-sqlite3'
import { createSchema } from '../simulator/src/db/schema.ts'
import { createPrng } from '../simulator/src/db/seed/prng.ts'
import { SCALE_SIZES, type Scale } from '../simulator/src/db/seed/scale.ts'
import { seedSnowflake } from '../simulator/src/db/seed/snowflake.ts'
import { SnowflakeRollupBuilder, buildSnowflakeRollups } from '../simulator/src/db/seed/snowflake-rollups.ts'

/**
 * The Snowflake part of a seed alone, its rollups built both ways over the same queries (SQL after
 * the rows, or accumulated while generating), alternated three times: npx tsx
 * scripts/snowflake-seed-timing.ts [small|demo|large]. Prints the CPU ms (user + system) of this
 * process per run and the medians: on a shared, busy machine the wall time says more about the
 * neighbours than about the seed.
 */
const cpu = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}
const scale = (process.argv[2] ?? 'demo') as Scale
const now = Date.parse('2026-11-25T00:00:00Z')
const runs: Record<string, number[]> = { sql: [], accumulated: [] }
for (let round = 0; round < 3; round++)
  for (const way of ['sql', 'accumulated'] as const) {
    const db = new Database(':memory:')
    createSchema(db)
    // The clusters the accounts belong to are not seeded here: no foreign keys.
    db.pragma('foreign_keys = OFF')
    const builder = way === 'accumulated' ? new SnowflakeRollupBuilder() : undefined
    const started = cpu()
    seedSnowflake(db, createPrng(49), now, SCALE_SIZES[scale].snowflake, 3, undefined, builder)
    const rows = cpu()
    if (builder) builder.write(db)
    else buildSnowflakeRollups(db)
    const done = cpu()
    runs[way]!.push(Math.round(done - started))
    console.log(
      `${way}: rows ${Math.round(rows - started)} ms CPU (with the accumulation, if any), rollups ${Math.round(done - rows)} ms, total ${Math.round(done - started)} ms`,
    )
    db.close()
  }
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]
console.log(
  `rows and rollups, CPU median: sql ${median(runs.sql!)} ms, accumulated ${median(runs.accumulated!)} ms`,
)
