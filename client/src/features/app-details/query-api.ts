import { hiveEndpoints, impalaDetailsEndpoints, queryDetailsEndpoints } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { DETAILS_QUERY } from '../../api/app-queries.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/**
 * The query engines' tabs' calls (Impala, Hive, Presto, BigQuery; issue 17). Like the other details
 * calls, their failures raise no toast: each tab shows its own with a retry.
 */

export const queryDetailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    engineQueryDetails: endpointQuery(build, queryDetailsEndpoints.query, DETAILS_QUERY),
    impalaFragments: endpointQuery(build, impalaDetailsEndpoints.fragments, DETAILS_QUERY),
    impalaOperators: endpointQuery(build, impalaDetailsEndpoints.operators, DETAILS_QUERY),
    hiveVizJson: endpointQuery(build, hiveEndpoints.vizJson, DETAILS_QUERY),
  }),
})

export const {
  useEngineQueryDetailsQuery,
  useImpalaFragmentsQuery,
  useImpalaOperatorsQuery,
  useHiveVizJsonQuery,
} = queryDetailsApi
