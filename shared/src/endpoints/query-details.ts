import { AppIdParamsSchema } from '../contracts/app-details-common.ts'
import { QueryDetailsSchema } from '../contracts/query-details.ts'
import { defineEndpoints } from './endpoint.ts'

/*
 * The query of an Impala or Presto application: the Query tab of the details pages
 * (R113 /app/application/impala, R108 /app/application/apptype/presto). A BigQuery job (R109) is not
 * an application (issue 19): its details are E167's (`bigqueryEndpoints.jobDetails`). The spec
 * names the fields (02 §2 Impala Query: queryStringFull, queue, queryMemLimit, perHostMemEst,
 * perHostPeakMemUsage) but no call for one query, so the path is ours.
 */
export const queryDetailsEndpoints = defineEndpoints({
  query: {
    method: 'GET',
    path: '/api/v1/apps/{id}/query',
    specIds: ['R113', 'R108'],
    pathIsOurs: true,
    tags: ['app-details', 'impala', 'presto'],
    access: {},
    errors: [404],
    summary: "An Impala or Presto query's SQL and the engine's figures (bytes, ms)",
    description:
      'Path of costlens: the spec shows the Impala query fields, not the call. Derived from the record: the SQL ' +
      "reads the record's input table (Impala's the tables its plan scans, with its INSERT when the plan writes); " +
      "Impala's peak per host is the sum of its fragments' peaks (the coordinator runs one instance of each), the " +
      "estimate the sum of its operators' estimates, the limit the pool's; Presto's CPU time and cumulative memory " +
      "are the chargeback lists' figures (vcore seconds × 1000, memory seconds in bytes). Access as every " +
      'details call: 404 not available, 403 forbidden. A known app of another engine answers 400 naming its ' +
      'type. A BigQuery job is not an application: GET /api/v1/bigquery/jobs/{jobId} (E167) has its details.',
    params: AppIdParamsSchema,
    response: QueryDetailsSchema,
  },
})
