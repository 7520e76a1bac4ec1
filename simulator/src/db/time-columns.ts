/**
 * Every seeded time column. When the simulator starts on a later day than the one the database was
 * seeded on, these columns move forward by the difference, so history always ends "now" and the
 * apps that were running at seeding are running still. Tables added later register here.
 */
export const TIME_COLUMNS: readonly { table: string; columns: readonly string[] }[] = [
  { table: 'users', columns: ['created_at', 'frozen_start', 'frozen_end'] },
  { table: 'clusters', columns: ['created_at', 'terminated_at'] },
  { table: 'tags', columns: ['first_seen', 'last_seen'] },
  { table: 'applications', columns: ['start_time', 'finished_time'] },
]
