import { HiveQueryParamsSchema, HiveVizJsonSchema } from '../contracts/engine-details.ts'
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
})
