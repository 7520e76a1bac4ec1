import type { Db } from '../open-database.ts'
import { rowidRangeOf } from '../time-ordered-rows.ts'

/*
 * The runs started in a window, as a rowid range of db_runs itself: the seed stores the runs in
 * start order with ids growing with it (time-ordered-rows.ts), so a start window is a contiguous
 * rowid range, found by binary search. Every reader of a start window binds it beside its start_time
 * test (kept: the range is the test's, not a replacement of it); SQLite then reads that range of the
 * table rather than db_runs_window, the 55 MB covering index on start_time dropped for issue 18's file
 * budget.
 */

/** db_runs `r` read by its rowid range alone: NOT INDEXED keeps SQLite off an index on another column. */
export const RUNS_BY_ROWID = 'db_runs r NOT INDEXED'

/** The rowid test of the runs `r` whose range is bound as @<prefix>runFirst and @<prefix>runEnd. */
export function runRowidsSql(prefix = ''): string {
  return `r.rowid >= @${prefix}runFirst AND r.rowid < @${prefix}runEnd`
}

/** The bindings of runRowidsSql(prefix) for the runs started in the stored range [from, to). */
export function runRowidParams(db: Db, from: number, to: number, prefix = ''): Record<string, number> {
  const { first, end } = rowidRangeOf(db, 'db_runs', from, to)
  return { [`${prefix}runFirst`]: first, [`${prefix}runEnd`]: end }
}
