import type { Db } from '../open-database.ts'

export const SF_HOUR = 3_600_000
export const SF_DAY = 86_400_000
/** A long window reads a dozen weeks instead of ninety days. */
export const SF_WEEK = 7 * SF_DAY

/**
 * The rollup slices of snowflake_query_rollups, the list dimensions each keeps (the others are
 * summed over and stored as '' or 0) and its grains. 'full' keeps every dimension, so any mix of
 * filters reads it, but per hour it would hold about a row per query: it is kept per day only.
 */
export const SNOWFLAKE_ROLLUP_SLICES = {
  full: {
    keeps: ['status', 'warehouse_uid', 'user_name', 'client_connector', 'insight_mask'],
    grains: [SF_WEEK, SF_DAY],
  },
  wh: { keeps: ['status', 'warehouse_uid', 'insight_mask'], grains: [SF_WEEK, SF_DAY, SF_HOUR] },
  user: { keeps: ['user_name', 'client_connector', 'insight_mask'], grains: [SF_WEEK, SF_DAY, SF_HOUR] },
} as const
export type SnowflakeRollupSlice = keyof typeof SNOWFLAKE_ROLLUP_SLICES

const DIMENSIONS = ['status', 'warehouse_uid', 'user_name', 'client_connector', 'insight_mask'] as const
const MEASURES_FROM_QUERIES = `count(*), min(cost_e4), max(cost_e4), min(duration), max(duration), sum(cost_e4),
  sum(credits_e4), sum(execution_time), sum(queued_overload_time)`
const MEASURES_FROM_ROLLUPS = `sum(n), min(cost_min), max(cost_max), min(duration_min), max(duration_max),
  sum(cost_e4), sum(credits_e4), sum(execution_time), sum(queued_overload_time)`
const COLUMNS = `slice, grain, bucket, ${DIMENSIONS.join(', ')}, n, cost_min, cost_max, duration_min, duration_max,
  cost_e4, credits_e4, execution_time, queued_overload_time`

/**
 * Builds the rollups from the queries in SQL (the seed is their only writer, so they hold exactly
 * what the queries hold): each slice's finest grain from the queries, coarser grains from it.
 * Grains are integer literals (constants above): a bound JS number is a REAL to SQLite, and
 * start_time / 86400000.0 would not cut time into days.
 */
export function buildSnowflakeRollups(db: Db): void {
  db.transaction(() => {
    db.exec('DELETE FROM snowflake_query_rollups; DELETE FROM snowflake_cost_rollups')
    for (const [slice, spec] of Object.entries(SNOWFLAKE_ROLLUP_SLICES)) {
      const keeps = spec.keeps as readonly string[]
      const dims = DIMENSIONS.map((d) => (keeps.includes(d) ? d : d === 'insight_mask' ? '0' : "''"))
      const grains = [...spec.grains].sort((a, b) => a - b)
      const finest = grains[0]!
      db.exec(
        `INSERT INTO snowflake_query_rollups (${COLUMNS})
         SELECT '${slice}', ${finest}, (start_time / ${finest}) * ${finest}, ${dims.join(', ')}, ${MEASURES_FROM_QUERIES}
           FROM snowflake_queries GROUP BY 3, ${keeps.join(', ')}`,
      )
      for (const [i, grain] of grains.slice(1).entries())
        db.exec(
          `INSERT INTO snowflake_query_rollups (${COLUMNS})
           SELECT slice, ${grain}, (bucket / ${grain}) * ${grain}, ${DIMENSIONS.join(', ')}, ${MEASURES_FROM_ROLLUPS}
             FROM snowflake_query_rollups WHERE slice = '${slice}' AND grain = ${grains[i]!}
            GROUP BY 3, ${DIMENSIONS.join(', ')}`,
        )
    }
    for (const [dim, column] of [
      ['tag', 'query_tag'],
      ['signature', 'signature'],
    ] as const)
      db.exec(
        `INSERT INTO snowflake_cost_rollups (dim, bucket, key, n, cost_e4, credits_e4, duration)
         SELECT '${dim}', (start_time / ${SF_DAY}) * ${SF_DAY}, ${column}, count(*), sum(cost_e4), sum(credits_e4),
                sum(duration)
           FROM snowflake_queries GROUP BY 2, 3`,
      )
  })()
}
