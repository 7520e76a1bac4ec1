import { impalaUsageEndpoints as calls } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'
import { SILENT_QUERY } from '../../api/app-queries.ts'

/**
 * The Impala mode of /clusters/resources (02 §2 Impala, §7 Impala; E074-E077), built from
 * `impalaUsageEndpoints`. Their failures raise no toast (C25): each panel shows its own with a retry.
 */
export const impalaUsageApi = api.injectEndpoints({
  endpoints: (build) => ({
    impalaQueryop: endpointQuery(build, calls.queryop, SILENT_QUERY),
    impalaStats: endpointQuery(build, calls.stats, SILENT_QUERY),
    impalaMetrics: endpointQuery(build, calls.metrics, SILENT_QUERY),
    impalaSearch: endpointQuery(build, calls.search, SILENT_QUERY),
  }),
})

export const { useImpalaQueryopQuery, useImpalaStatsQuery, useImpalaMetricsQuery, useImpalaSearchQuery } =
  impalaUsageApi
