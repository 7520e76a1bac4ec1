import { sparkEndpoints as spark, tezEndpoints as tez } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { DETAILS_QUERY } from '../../api/app-queries.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/**
 * The Tez tabs', the DAG page's and the Spark job DAG's calls (issue 17; E102, E116, E118, E119),
 * from the endpoint table. Failures raise no toast: each panel shows its own with a retry.
 */

export const tezDetailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    tezDagList: endpointQuery(build, tez.dagList, DETAILS_QUERY),
    tezDag: endpointQuery(build, tez.dag, DETAILS_QUERY),
    tezDagHours: endpointQuery(build, tez.dagHours, DETAILS_QUERY),
    sparkJobDag: endpointQuery(build, spark.jobDag, DETAILS_QUERY),
  }),
})

export const { useTezDagListQuery, useTezDagQuery, useTezDagHoursQuery, useSparkJobDagQuery } = tezDetailsApi
