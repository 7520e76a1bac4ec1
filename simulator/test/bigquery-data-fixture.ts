import type { Db } from '../src/db/open-database.ts'
import { buildBigQueryStatementDays } from '../src/db/seed/bigquery-storage.ts'
import { insertBigQueryFixture } from './bigquery-fixture.ts'

/*
 * The BigQuery fixture (bigquery-fixture.ts: 3 tables, 7 statements, 15 jobs) with what the /data page
 * reads beside it: each table's storage, with figures whose costs come out round, and the day rollup of
 * the fixture's jobs by statement (built from them as the seed builds it).
 */

const GIB = 2 ** 30
const DAY = 86_400_000

/** table code → billing model, active logical, physical, active physical bytes, partitions, days since modified. */
export const FIXTURE_STORAGE = {
  // 5 TiB logical (bigquery-fixture.ts), 1 TiB of it active: $20.48 + $40.96 = $61.44 a month.
  1: ['LOGICAL', 1_024 * GIB, 1_024 * GIB, 200 * GIB, 730, 0.5],
  // 40 GiB, all active: $0.80.
  2: ['LOGICAL', 40 * GIB, 10 * GIB, 10 * GIB, 0, 1],
  // 2 GiB logical, 0.5 GiB physical, all long-term on the physical model: $0.01.
  3: ['PHYSICAL', 0, GIB / 2, 0, 400, 120],
} as const

export function insertBigQueryDataFixture(db: Db, now: number): void {
  insertBigQueryFixture(db, now)
  db.transaction(() => {
    db.prepare('DELETE FROM bq_table_storage').run()
    db.prepare('DELETE FROM bq_statement_days').run()
    const insert = db.prepare('INSERT INTO bq_table_storage VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    for (const [
      code,
      [model, activeLogical, physical, activePhysical, partitions, modifiedDaysAgo],
    ] of Object.entries(FIXTURE_STORAGE))
      insert.run(
        Number(code),
        model,
        activeLogical,
        physical,
        activePhysical,
        partitions,
        now - 800 * DAY,
        now - modifiedDaysAgo * DAY,
      )
    buildBigQueryStatementDays(db)
  })()
}
