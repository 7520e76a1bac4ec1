import type { Db } from '../src/db/open-database.ts'
import { insertBigQueryFixture } from './bigquery-fixture.ts'

/**
 * The BigQuery fixture (bigquery-fixture.ts) with its day rollup: bq_job_days summed from the
 * fixture's jobs as the seed's BigQueryRollupBuilder sums them (a seeded UTC day × project ×
 * principal × label set (0: none) × job type × status × pricing), so the cost pages and bqcb read
 * whole days from the rollup and the edges from the jobs, as they do on a seed.
 */
export function insertBigQueryCostFixture(db: Db, now: number): void {
  insertBigQueryFixture(db, now)
  db.prepare(
    `INSERT INTO bq_job_days
     SELECT (create_time / 86400000) * 86400000 AS day, project, principal, coalesce(label_set, 0), job_type,
            status, pricing, count(*), sum(cost_e4), sum(bytes_billed), sum(slot_ms), sum(duration)
       FROM bq_jobs GROUP BY 1, 2, 3, 4, 5, 6, 7`,
  ).run()
}
