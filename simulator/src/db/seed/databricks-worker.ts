import { isMainThread } from 'node:worker_threads'
import type { Db } from '../open-database.ts'
import type { DatabricksSizes } from './databricks-catalogue.ts'
import { DATABRICKS_PRNG_OFFSET } from './databricks-catalogue.ts'
import { seedDatabricks } from './databricks.ts'
import { createPrng } from './prng.ts'
import type { SeedProgress } from './progress.ts'
import { runSideSeedWorker } from './side-seed-worker.ts'

/** What seedDatabase hands the Databricks worker (structured-cloned). */
export interface DatabricksSideInput {
  seed: number
  now: number
  sizes: DatabricksSizes
}

/**
 * Seeds Databricks as seedDatabase does in-thread (same PRNG, same rows, same usage rollup). The
 * db_* tables have no secondary index of the seed's own (readers add theirs in schema.sql): any there
 * are dropped while the rows go in and built once after, sorted, here; the copy into the target
 * (side-seed.ts) carries them in whole.
 */
export function seedDatabricksSide(
  db: Db,
  input: DatabricksSideInput,
  progress: SeedProgress,
): Record<string, number> {
  const indexes = db
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name LIKE 'db\\_%' ESCAPE '\\'`,
    )
    .all() as { name: string; sql: string }[]
  for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`)
  let started = performance.now()
  seedDatabricks(db, createPrng(input.seed + DATABRICKS_PRNG_OFFSET), input.now, input.sizes, progress)
  const databricks = Math.round(performance.now() - started)
  started = performance.now()
  for (const { sql } of indexes) db.exec(sql)
  return { databricks, 'databricks.indexes': Math.round(performance.now() - started) }
}

// Run as a worker's entry only; imported on the main thread it does nothing.
if (!isMainThread)
  runSideSeedWorker((db, input, progress) => seedDatabricksSide(db, input as DatabricksSideInput, progress))
