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
]
