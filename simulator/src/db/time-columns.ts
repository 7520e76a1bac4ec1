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
