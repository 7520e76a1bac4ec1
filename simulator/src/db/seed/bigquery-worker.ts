import { isMainThread } from 'node:worker_threads'
import type { Db } from '../open-database.ts'
import type { BigQuerySizes } from './bigquery-catalogue.ts'
import { BigQueryRollupBuilder } from './bigquery-rollups.ts'
import { BIGQUERY_PRNG_OFFSET, seedBigQuery } from './bigquery.ts'
import { createPrng } from './prng.ts'
import type { SeedProgress } from './progress.ts'
import { runSideSeedWorker } from './side-seed-worker.ts'

/** What seedDatabase hands the BigQuery worker (structured-cloned). */
export interface BigQuerySideInput {
  seed: number
  now: number
  sizes: BigQuerySizes
}

/**
 * Seeds BigQuery as seedDatabase does in-thread (same PRNG, same rows, same day rollup) with the
 * bq_jobs indexes dropped while the rows go in and built once after, sorted, in this thread: the
 * copy into the target (side-seed.ts) carries them in whole.
 */
export function seedBigQuerySide(
  db: Db,
  input: BigQuerySideInput,
  progress: SeedProgress,
): Record<string, number> {
  const indexes = db
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name = 'bq_jobs'`,
    )
    .all() as { name: string; sql: string }[]
  for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`)
  let started = performance.now()
  seedBigQuery(
    db,
    createPrng(input.seed + BIGQUERY_PRNG_OFFSET),
    input.now,
    input.sizes,
    progress,
    new BigQueryRollupBuilder(),
  )
  const bigquery = Math.round(performance.now() - started)
  started = performance.now()
  for (const { sql } of indexes) db.exec(sql)
  return { bigquery, 'bigquery.indexes': Math.round(performance.now() - started) }
}

// Run as a worker's entry only; imported on the main thread it does nothing.
if (!isMainThread)
  runSideSeedWorker((db, input, progress) => seedBigQuerySide(db, input as BigQuerySideInput, progress))
