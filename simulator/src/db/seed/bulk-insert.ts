import type { Db } from '../open-database.ts'

/** Rows per INSERT statement: each call into SQLite then binds and steps 64 rows, not one. */
const ROWS_PER_STATEMENT = 64

/**
 * Inserts rows (values in `columns` order) with multi-row INSERT statements, which takes a fraction
 * of the time of one statement call per row for the hundreds of thousands of rollup rows. Table and
 * column names are the caller's constants, never input. Runs inside the caller's transaction.
 */
export function insertRows(
  db: Db,
  table: string,
  columns: readonly string[],
  rows: Iterable<readonly unknown[]>,
) {
  const statement = (count: number) =>
    db.prepare(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array.from(
        { length: count },
        () => `(${columns.map(() => '?').join(', ')})`,
      ).join(', ')}`,
    )
  const full = statement(ROWS_PER_STATEMENT)
  let batch: unknown[] = []
  let count = 0
  for (const row of rows) {
    for (const value of row) batch.push(value)
    if (++count === ROWS_PER_STATEMENT) {
      full.run(batch)
      batch = []
      count = 0
    }
  }
  if (count) statement(count).run(batch)
}
