import type { Db } from './open-database.ts'
import { cachedStatement } from './statement-cache.ts'

/**
 * The tables whose rows are stored in time order: the seed inserts them sorted by this column and
 * nothing inserts or moves them afterwards, so the column never decreases along the rowid (a test
 * of each seeder holds it). A time window of such a table is a rowid range of the table itself,
 * which a reader scans instead of a covering index on the time: at the large scale each of those
 * indexes was a second copy of 35–55 MB of the table (issue 18's file budget).
 */
export const TIME_ORDERED_TABLES = {
  bq_jobs: 'create_time',
  db_runs: 'start_time',
  snowflake_queries: 'start_time',
} as const

export type TimeOrderedTable = keyof typeof TIME_ORDERED_TABLES

/** Rowids `first <= rowid < end`: bind them to `rowid >= ? AND rowid < ?`. */
export interface RowidRange {
  first: number
  end: number
}

/**
 * The rows of `table` whose time column is in [from, to), as a rowid range, found by binary search
 * on the rowid (about 40 primary-key probes, tens of microseconds at a million rows). Rowids need
 * not be dense: each probe reads the first row at or after a rowid.
 */
export function rowidRangeOf(db: Db, table: TimeOrderedTable, from: number, to: number): RowidRange {
  const column = TIME_ORDERED_TABLES[table]
  // Two subqueries: SQLite answers a lone min() or max() of the rowid from the b-tree's edge, but
  // scans the whole table for both in one SELECT.
  const bounds = cachedStatement(
    db,
    `SELECT (SELECT min(rowid) FROM ${table}) AS low, (SELECT max(rowid) FROM ${table}) AS high`,
  ).get() as {
    low: number | null
    high: number | null
  }
  if (bounds.low === null || bounds.high === null || !(from < to)) return { first: 0, end: 0 }
  const timeAtOrAfter = cachedStatement(
    db,
    `SELECT rowid AS id, ${column} AS time FROM ${table} WHERE rowid >= ? ORDER BY rowid LIMIT 1`,
  )
  /** The first rowid whose time is >= `time` (high + 1 when none is). */
  const firstAtOrAfter = (time: number): number => {
    let low = bounds.low as number
    let high = (bounds.high as number) + 1
    while (low < high) {
      const middle = Math.floor((low + high) / 2)
      const row = timeAtOrAfter.get(middle) as { id: number; time: number } | undefined
      if (row === undefined) high = middle
      else if (row.time >= time) high = middle
      else low = row.id + 1
    }
    return low
  }
  return { first: firstAtOrAfter(from), end: firstAtOrAfter(to) }
}

/** The rows are stored in time order: how many rows break it (0, or the seeder is wrong). */
export function timeOrderBreaks(db: Db, table: TimeOrderedTable): number {
  const column = TIME_ORDERED_TABLES[table]
  return (
    db
      .prepare(
        `SELECT count(*) AS n FROM (SELECT ${column} < lag(${column}) OVER (ORDER BY rowid) AS back FROM ${table})
         WHERE back`,
      )
      .get() as { n: number }
  ).n
}
