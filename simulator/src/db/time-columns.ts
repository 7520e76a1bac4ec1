import type { Db } from './open-database.ts'

/**
 * Every seeded time column. When the simulator starts on a later day than the one the database was
 * seeded on, these columns move forward by the difference, so history always ends "now" and the
 * apps that were running at seeding are running still. Tables added later register here.
 *
 * Applications are not here: a million rows cannot be rewritten at every start. Their times stay
 * as seeded and the repository adds the shift as it reads them (see appsTimeShift).
 */
export const TIME_COLUMNS: readonly { table: string; columns: readonly string[] }[] = [
  { table: 'users', columns: ['created_at', 'frozen_start', 'frozen_end'] },
  { table: 'clusters', columns: ['created_at', 'terminated_at'] },
  { table: 'tags', columns: ['first_seen', 'last_seen'] },
  // EMR clusters move in place like the `clusters` rows they extend (tens of thousands at most).
  { table: 'emr_clusters', columns: ['created_at', 'ready_at', 'ended_at'] },
  { table: 'emr_cluster_events', columns: ['event_time'] },
]

/**
 * Time columns that stay as seeded and move at read time by appsTimeShift, like the applications
 * they come from: the YARN resource series are derived from the applications' run times, so they
 * shift with them (a series shifted on its own would drift from the apps it sums), and rewriting
 * their million rows at each start is what the read-time shift avoids. Not shifted by
 * shiftToClock; listed so that every seeded time column is registered in one of the two lists.
 */
export const APP_TIME_COLUMNS: readonly { table: string; columns: readonly string[] }[] = [
  { table: 'applications', columns: ['start_time', 'finished_time'] },
  { table: 'cluster_resources', columns: ['ts'] },
  { table: 'yarn_node_events', columns: ['start_time', 'end_time'] },
  // A million queries at the large scale, and rollups cut by their seeded start times.
  { table: 'snowflake_queries', columns: ['start_time', 'end_time'] },
  { table: 'snowflake_query_rollups', columns: ['bucket'] },
  { table: 'snowflake_cost_rollups', columns: ['bucket'] },
]

/**
 * Time columns of what people write through the console (issue 17: comments, log-load tasks). They
 * are written at the clock's now, which after a session of some hours lies hours past the anchor
 * the seeded data is current at; moved by the seeded data's shift they would land that far in the
 * future after a reopen. They move instead so the newest of them lands at the new now: each keeps
 * its distance to the newest write (a comment made 5 minutes before the last one still reads 5
 * minutes older), none lies ahead of now, and a load running at the stop has finished. Written
 * before the anchor (a clock set back), they move as the seeded data does.
 */
export const WRITE_TIME_COLUMNS: readonly { table: string; written: string; columns: readonly string[] }[] = [
  { table: 'app_comments', written: 'created_at', columns: ['created_at'] },
  // A load running at the stop runs on for what was left of it after the reopen.
  { table: 'app_log_tasks', written: 'created_at', columns: ['created_at', 'ready_at'] },
]

/** When the latest write was made, or null when nothing has been written. */
function latestWrite(db: Db): number | null {
  const parts = WRITE_TIME_COLUMNS.map(({ table, written }) => `SELECT max(${written}) AS t FROM ${table}`)
  return db
    .prepare(`SELECT max(t) FROM (${parts.join(' UNION ALL ')})`)
    .pluck()
    .get() as number | null
}

/**
 * Moves the write columns to a clock at `now` from the data's `anchor` (see WRITE_TIME_COLUMNS);
 * run by shiftToClock in its transaction, before the anchor moves.
 */
export function shiftWrites(db: Db, anchor: number, now: number): void {
  const latest = latestWrite(db)
  if (latest === null) return
  const delta = now - Math.max(anchor, latest)
  if (delta === 0) return
  for (const { table, columns } of WRITE_TIME_COLUMNS) {
    const sets = columns.map((c) => `${c} = ${c} + @delta`).join(', ')
    db.prepare(`UPDATE ${table} SET ${sets}`).run({ delta })
  }
}
