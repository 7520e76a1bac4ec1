import { HiveQueryParamsSchema, HiveVizJsonSchema } from '../contracts/engine-details.ts'
import {
  HiveTableAppsQuerySchema,
  HiveTableAppsResponseSchema,
  HiveTableParamsSchema,
} from '../contracts/hive-tables.ts'
import { defineEndpoints } from './endpoint.ts'

/*
 * The Hive query details (02 §7; E113), derived from the query's record (simulator/src/details/hive.ts)
 * after the access check of the details (404 not available, 403 forbidden).
 */
export const hiveEndpoints = defineEndpoints({
  vizJson: {
    method: 'GET',
    path: '/api/v1/hive/{id}/viz_json',
    specIds: ['E113'],
    tags: ['hive', 'app-details'],
    access: {},
    errors: [404],
    summary:
      "A Hive query's visualisation: its SQL, its plan stages and the child MR or Tez jobs they ran as",
    description:
      'The SQL reads its input table and, for an INSERT, writes its output table. One MAPRED or TEZ stage per child ' +
      'job seeded for it (in start order, each naming the child app), else num_jobs stages with no app behind them; ' +
      'an INSERT adds MOVE and STATS stages. A known app that is not a Hive query answers 400 naming its type.',
    params: HiveQueryParamsSchema,
    response: HiveVizJsonSchema,
  },
  tableApps: {
    method: 'GET',
    path: '/api/v1/hive/tables/{table}/apps',
    specIds: ['E073'],
    tags: ['hive'],
    access: { platforms: ['CDH', 'HDP', 'CDP', 'MAPR', 'EMR'] },
    summary: 'The applications that read or wrote a Hive table, newest first, one page and the total',
    description:
      "Hive, Impala and Presto queries of the user's platform whose input or output table it is (G96, G97 in " +
      'contracts/hive-tables.ts); from + size at most 10,000; a table no app touched answers an empty list.',
    params: HiveTableParamsSchema,
    querystring: HiveTableAppsQuerySchema,
    response: HiveTableAppsResponseSchema,
  },
})
