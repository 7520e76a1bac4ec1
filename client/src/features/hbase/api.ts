import { hbaseEndpoints as calls } from '@costlens/shared'
import { api } from '../../api/api.ts'
import { endpointQuery } from '../../api/endpoint-query.ts'
import { SILENT_QUERY } from '../../api/app-queries.ts'

/**
 * The HBase screen's calls (02 §7 HBase, E064-E072), built from `hbaseEndpoints`. Their failures
 * raise no toast (C25): each panel shows its own with a retry.
 */
export const hbaseApi = api.injectEndpoints({
  endpoints: (build) => ({
    hbaseClusters: endpointQuery(build, calls.clusterMetrics, SILENT_QUERY),
    hbaseKpi: endpointQuery(build, calls.kpi, SILENT_QUERY),
    hbaseTableKpi: endpointQuery(build, calls.tableKpi, SILENT_QUERY),
    hbaseTableBasicInfo: endpointQuery(build, calls.tableBasicInfo, SILENT_QUERY),
    hbaseTableRegionInfo: endpointQuery(build, calls.tableRegionInfo, SILENT_QUERY),
    hbaseTables: endpointQuery(build, calls.tableMetrics, SILENT_QUERY),
    hbaseRegionServers: endpointQuery(build, calls.regionServers, SILENT_QUERY),
    hbaseRegionOsMetrics: endpointQuery(build, calls.regionOsMetrics, SILENT_QUERY),
  }),
})

export const {
  useHbaseClustersQuery,
  useHbaseKpiQuery,
  useHbaseTableKpiQuery,
  useHbaseTableBasicInfoQuery,
  useHbaseTableRegionInfoQuery,
  useHbaseTablesQuery,
  useHbaseRegionServersQuery,
  useHbaseRegionOsMetricsQuery,
} = hbaseApi
