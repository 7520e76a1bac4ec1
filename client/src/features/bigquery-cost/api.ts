import { bigqueryEndpoints as calls } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'

/** The BigQuery cost calls (R152-R154, admin only), built from `bigqueryEndpoints`. */
export const bigqueryCostApi = api.injectEndpoints({
  endpoints: (build) => ({
    bigqueryCostOverview: endpointQuery(build, calls.costOverview),
    bigqueryCostTopK: endpointQuery(build, calls.costTopK),
    bigqueryCostTags: endpointQuery(build, calls.costTags),
  }),
})

export const { useBigqueryCostOverviewQuery, useBigqueryCostTopKQuery, useBigqueryCostTagsQuery } =
  bigqueryCostApi
