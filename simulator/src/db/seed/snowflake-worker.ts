import { isMainThread } from 'node:worker_threads'
import type { Db } from '../open-database.ts'
import { createPrng } from './prng.ts'
import type { SeedProgress } from './progress.ts'
import { runSideSeedWorker } from './side-seed-worker.ts'
import { seedSnowflake, type SnowflakeSizes } from './snowflake.ts'
import { SnowflakeRollupBuilder } from './snowflake-rollups.ts'

/** What seedDatabase hands the Snowflake worker (structured-cloned). */
export interface SnowflakeSideInput {
  seed: number
  now: number
  sizes: SnowflakeSizes
  usdPerCredit: number
}

/** Seeds Snowflake as seedDatabase does in-thread: same PRNG (seed + 7), same rows, same rollups. */
export function seedSnowflakeSide(
  db: Db,
  input: SnowflakeSideInput,
  progress: SeedProgress,
): Record<string, number> {
  // The rows go in without secondary indexes; each is then built once, sorted, in this thread: the
  // copy into the target (side-seed.ts) carries them in whole, so the main thread sorts none of them.
  const indexes = db
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name = 'snowflake_queries'`,
    )
    .all() as { name: string; sql: string }[]
  for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`)
  const rollups = new SnowflakeRollupBuilder()
  let started = performance.now()
  seedSnowflake(db, createPrng(input.seed + 7), input.now, input.sizes, input.usdPerCredit, progress, rollups)
  const snowflake = Math.round(performance.now() - started)
  started = performance.now()
  rollups.write(db)
  const written = Math.round(performance.now() - started)
  started = performance.now()
  for (const { sql } of indexes) db.exec(sql)
  return {
    snowflake,
    'snowflake.rollups': written,
    'snowflake.indexes': Math.round(performance.now() - started),
  }
}

// Run as a worker's entry only; imported on the main thread it does nothing.
if (!isMainThread)
  runSideSeedWorker((db, input, progress) => seedSnowflakeSide(db, input as SnowflakeSideInput, progress))
