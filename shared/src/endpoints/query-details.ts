import { AppIdParamsSchema } from '../contracts/app-details-common.ts'
import { QueryDetailsSchema } from '../contracts/query-details.ts'
import { defineEndpoints } from './endpoint.ts'

/*
 * The query of an Impala, Presto or BigQuery application: the Query tab of the details pages
 * (R113 /app/application/impala, R108 /app/application/apptype/presto, R109 …/bigquery). The spec
 * names the fields (02 §2 Impala Query: queryStringFull, queue, queryMemLimit, perHostMemEst,
 * perHostPeakMemUsage) but no call for one query, so the path is ours.
 */
export const queryDetailsEndpoints = defineEndpoints({
  query: {
    method: 'GET',
    path: '/api/v1/apps/{id}/query',
    specIds: ['R113', 'R108', 'R109'],
    pathIsOurs: true,
    tags: ['app-details', 'impala', 'presto', 'bigquery'],
    access: {},
    errors: [404],
    summary: "An Impala, Presto or BigQuery query's SQL and the engine's figures (bytes, ms)",
    description:
      'Path of costlens: the spec shows the Impala query fields, not the call. Derived from the record: the SQL ' +
      "reads the record's input table (Impala's the tables its plan scans, with its INSERT when the plan writes); " +
      "Impala's peak per host is the sum of its fragments' peaks (the coordinator runs one instance of each), the " +
      "estimate the sum of its operators' estimates, the limit the pool's; Presto's CPU time and cumulative memory " +
      "and BigQuery's slot ms and bytes billed are the chargeback lists' figures (vcore seconds × 1000, memory " +
      'seconds in bytes, dfs_read; the cost is charged on the bytes billed). Access as every details call: 404 ' +
      'not available, 403 forbidden. A known app of another engine answers 400 naming its type.',
    params: AppIdParamsSchema,
    response: QueryDetailsSchema,
  },
})
