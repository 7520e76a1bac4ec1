import type { Db } from '../open-database.ts'

/** Rows per INSERT statement: each call into SQLite then binds and steps 64 rows, not one. */
const ROWS_PER_STATEMENT = 64

/**
 * Rows pushed one value at a time (in `columns` order) and written with multi-row INSERT statements
 * of ROWS_PER_STATEMENT rows, positional parameters from one flat array: no row object, no named
 * binding. `flush` writes what is left; both run inside the caller's transaction. Table and column
 * names are the caller's constants, never input.
 */
export class RowInserter {
  private readonly width: number
  private readonly full: ReturnType<Db['prepare']>
  private values: unknown[] = []

  constructor(
    private readonly db: Db,
    private readonly table: string,
    private readonly columns: readonly string[],
  ) {
    this.width = columns.length
    this.full = this.statement(ROWS_PER_STATEMENT)
  }

  private statement(count: number) {
    const row = `(${this.columns.map(() => '?').join(', ')})`
    return this.db.prepare(
      `INSERT INTO ${this.table} (${this.columns.join(', ')}) VALUES ${Array.from({ length: count }, () => row).join(', ')}`,
    )
  }

  /** Adds one row's values, in column order. */
  push(...row: unknown[]): void {
    this.pushRow(row)
  }

  /** Adds one row given as an array of its values, in column order. */
  pushRow(row: readonly unknown[]): void {
    for (const value of row) this.values.push(value)
    if (this.values.length === this.width * ROWS_PER_STATEMENT) {
      this.full.run(this.values)
      this.values = []
    }
  }

  /** Writes the rows not yet written (fewer than a full statement). */
  flush(): void {
    if (!this.values.length) return
    this.statement(this.values.length / this.width).run(this.values)
    this.values = []
  }
}

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
  const inserter = new RowInserter(db, table, columns)
  for (const row of rows) inserter.pushRow(row)
  inserter.flush()
}
