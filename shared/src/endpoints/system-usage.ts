import { SystemUsageSchema } from '../contracts/system-usage.ts'
import { defineEndpoints } from './endpoint.ts'

/*
 * The console's own system usage (03 §2 /manage/system_usage, R132 and R166). Path ours (G01). The
 * Snowflake layout's manage pages are admin only (01 §6), BigQuery's system usage page is not gated.
 */
export const systemUsageEndpoints = defineEndpoints({
  usage: {
    method: 'GET',
    path: '/api/v1/system/usage',
    specIds: ['R132', 'R166'],
    pathIsOurs: true,
    tags: ['system'],
    access: { platforms: ['SNOWFLAKE', 'BIGQUERYV2'], rolesOn: { SNOWFLAKE: ['admin'] } },
    summary:
      "The console's own CPU, memory and database use: now, the last hour and each table's and index's size",
    description:
      'Measured, not seeded: the simulator process (CPU over the last 10-second sample as % of one core, resident ' +
      'and heap memory, uptime), the host (cores, load, memory), the database file, its write-ahead log and its ' +
      'pages, and every table and index with the bytes its pages take (a scan of every page, run in a worker ' +
      'thread at most every 10 minutes: objectsMeasuredAt says when; null and no objects while the first runs) ' +
      'and its rows as ANALYZE counted them. samples: the last hour of the process every 10 s, oldest first.',
    response: SystemUsageSchema,
  },
})
