import { hiveEndpoints, impalaDetailsEndpoints, queryDetailsEndpoints } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/**
 * The query engines' tabs' calls (Impala, Hive, Presto, BigQuery; issue 17). Like the other details
 * calls, their failures raise no toast: each tab shows its own with a retry.
 */
const silent = { request: { silent: true } } as const

export const queryDetailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    queryDetails: endpointQuery(build, queryDetailsEndpoints.query, silent),
    impalaFragments: endpointQuery(build, impalaDetailsEndpoints.fragments, silent),
    impalaOperators: endpointQuery(build, impalaDetailsEndpoints.operators, silent),
    hiveVizJson: endpointQuery(build, hiveEndpoints.vizJson, silent),
  }),
})

export const { useQueryDetailsQuery, useImpalaFragmentsQuery, useImpalaOperatorsQuery, useHiveVizJsonQuery } =
  queryDetailsApi
