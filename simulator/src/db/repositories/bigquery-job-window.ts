import type { Db } from '../open-database.ts'
import { rowidRangeOf } from '../time-ordered-rows.ts'
import type { SqlParts } from './snowflake-common.ts'

/*
 * A window of the jobs' creation time, read from bq_jobs itself. The seed writes the jobs in creation
 * order and nothing moves them (time-ordered-rows.ts), so the jobs created in a stored [from, to) are
 * a rowid range of the table: every window reader scans that range rather than a covering index on
 * create_time (53 MB at the large scale, a second copy of most of the table: issue 18's file budget).
 */

/** The jobs created in a stored range, as the parts of a query over bq_jobs. */
export interface JobsWindow {
  /**
   * The FROM item: bq_jobs under its alias, NOT INDEXED so that SQLite reads the rowid range rather
   * than an index that only looks cheaper (bq_jobs_statement by a skip-scan).
   */
  table: string
  /** The rowid range (what is read) and the creation times (the window's exact ends, as before). */
  where: string
  params: { rowidFirst: number; rowidEnd: number; createdFrom: number; createdTo: number }
}

/** The jobs created in [from, to) of stored time, over bq_jobs aliased `alias` (none: unqualified). */
export function jobsCreatedIn(db: Db, range: { from: number; to: number }, alias = ''): JobsWindow {
  const { first, end } = rowidRangeOf(db, 'bq_jobs', range.from, range.to)
  const a = alias ? `${alias}.` : ''
  return {
    table: `bq_jobs ${alias} NOT INDEXED`,
    where: `${a}rowid >= @rowidFirst AND ${a}rowid < @rowidEnd AND ${a}create_time >= @createdFrom AND ${a}create_time < @createdTo`,
    params: { rowidFirst: first, rowidEnd: end, createdFrom: range.from, createdTo: range.to },
  }
}

/** Adds the window's clauses and parameters to a query over unaliased bq_jobs. */
export function addJobsCreatedIn(sql: SqlParts, db: Db, range: { from: number; to: number }): void {
  const window = jobsCreatedIn(db, range)
  sql.clauses.push(window.where)
  Object.assign(sql.params, window.params)
}
