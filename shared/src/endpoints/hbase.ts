import {
  HbaseClusterMetricsQuerySchema,
  HbaseClusterMetricsResponseSchema,
  HbaseClusterParamsSchema,
  HbaseHostSeriesQuerySchema,
  HbaseKpiQuerySchema,
  HbaseRegionServersResponseSchema,
  HbaseRegionsQuerySchema,
  HbaseRegionsResponseSchema,
  HbaseSeriesResponseSchema,
  HbaseTableBasicInfoSchema,
  HbaseTableKpiQuerySchema,
  HbaseTableQuerySchema,
  HbaseTableRegionInfoSchema,
  HbaseTablesQuerySchema,
  HbaseTablesResponseSchema,
  HbaseWindowQuerySchema,
} from '../contracts/hbase.ts'
import { defineEndpoints } from './endpoint.ts'

/*
 * The HBase calls (02 §7 HBase; E064-E072). The decisions on what the spec leaves open (G80-G87)
 * are in contracts/hbase.ts. HBase is for the Hadoop platforms with the hBaseEnabled flag on, as the
 * route catalogue gates the /clusters/hbase page.
 */
const access = { platforms: ['CDH', 'HDP', 'CDP', 'MAPR', 'EMR'], flags: ['hBaseEnabled'] } as const
const tags = ['hbase'] as const
const WINDOW =
  'start_time/end_time (epoch ms or ISO-8601), default today 00:00 UTC to now (B088), at most 31 days.'
const SERIES =
  `${WINDOW} interval 5m, 15m, 30m, 1h or 1d (default 1h); each point averages the 5-minute values it ` +
  'holds; at most 2,000 points per series.'

export const hbaseEndpoints = defineEndpoints({
  clusterMetrics: {
    method: 'GET',
    path: '/api/v1/hbase/clusters/metrics',
    specIds: ['E066'],
    tags,
    access,
    summary: "The user's HBase clusters now: region servers, load, requests, RPC queue time, memory, RIT",
    description:
      'One row per HBase cluster of the user (clusterUid narrows to one), figures of the latest 5-minute bucket; ' +
      'each figure may carry <field>_alert when over its threshold.',
    querystring: HbaseClusterMetricsQuerySchema,
    response: HbaseClusterMetricsResponseSchema,
    // clusterUid naming no HBase cluster of the user (G80).
    errors: [404],
  },
  kpi: {
    method: 'GET',
    path: '/api/v1/hbase/{clusterUid}/kpi',
    specIds: ['E064'],
    tags,
    access,
    summary: 'KPI series of an HBase cluster or one region server: OS, region-server or JVM family',
    description:
      `${SERIES} prefix os (default), regionserver or jvm; without host the cluster's series (sums of rates, ` +
      'bytes and queues; averages of %, load and ms over live servers). An unknown host is 404.',
    params: HbaseClusterParamsSchema,
    querystring: HbaseKpiQuerySchema,
    response: HbaseSeriesResponseSchema,
    errors: [404],
  },
  tableKpi: {
    method: 'GET',
    path: '/api/v1/hbase/table/{clusterUid}/kpi',
    specIds: ['E065'],
    tags,
    access,
    summary: 'KPI series of one HBase table: read and write requests/s, store file and memstore bytes',
    description: `${SERIES} A table's figures are its regions' shares of their servers' figures. An unknown table is 404.`,
    params: HbaseClusterParamsSchema,
    querystring: HbaseTableKpiQuerySchema,
    response: HbaseSeriesResponseSchema,
    errors: [404],
  },
  regionMetrics: {
    method: 'GET',
    path: '/api/v1/hbase/{clusterUid}/metrics_regions',
    specIds: ['E067'],
    tags,
    access,
    summary: 'Regions of an HBase cluster, of one region server and/or one table, most bytes first',
    description:
      `${WINDOW} Request counts in the window, sizes at its end. size caps the rows (default 200, at most ` +
      '1,000); total counts every match. An unknown host or table gives no rows.',
    params: HbaseClusterParamsSchema,
    querystring: HbaseRegionsQuerySchema,
    response: HbaseRegionsResponseSchema,
    errors: [404],
  },
  tableBasicInfo: {
    method: 'GET',
    path: '/api/v1/hbase/table/{clusterUid}/table_basic_info',
    specIds: ['E068'],
    tags,
    access,
    summary: "One HBase table's descriptor (column families, split size) and totals",
    description: `${WINDOW} An unknown table is 404.`,
    params: HbaseClusterParamsSchema,
    querystring: HbaseTableQuerySchema,
    response: HbaseTableBasicInfoSchema,
    errors: [404],
  },
  tableRegionInfo: {
    method: 'GET',
    path: '/api/v1/hbase/table/{clusterUid}/table_region_info',
    specIds: ['E069'],
    tags,
    access,
    summary: "One HBase table's regions and their spread over the region servers",
    description: `${WINDOW} An unknown table is 404.`,
    params: HbaseClusterParamsSchema,
    querystring: HbaseTableQuerySchema,
    response: HbaseTableRegionInfoSchema,
    errors: [404],
  },
  tableMetrics: {
    method: 'GET',
    path: '/api/v1/hbase/{clusterUid}/metrics_tables',
    specIds: ['E070'],
    tags,
    access,
    summary: 'Tables of an HBase cluster (of one region server, one namespace): requests, sizes, locality',
    description:
      `${WINDOW} host keeps the tables with a region on that region server (figures still the whole ` +
      "table's); namespace keeps one namespace. An unknown host or namespace gives no rows.",
    params: HbaseClusterParamsSchema,
    querystring: HbaseTablesQuerySchema,
    response: HbaseTablesResponseSchema,
    errors: [404],
  },
  regionServers: {
    method: 'GET',
    path: '/api/v1/hbase/regions/{clusterUid}/region_server_optional',
    specIds: ['E071'],
    tags,
    access,
    summary:
      'Region servers of an HBase cluster: requests, slow operations, sizes, locality, WAL, compactions',
    description: `${WINDOW} Counts in the window, the rest at its end; a dead server's figures are null.`,
    params: HbaseClusterParamsSchema,
    querystring: HbaseWindowQuerySchema,
    response: HbaseRegionServersResponseSchema,
    errors: [404],
  },
  regionOsMetrics: {
    method: 'GET',
    path: '/api/v1/hbase/regions/{clusterUid}/region_os_metrics',
    specIds: ['E072'],
    tags,
    access,
    summary: "One region server's OS series: CPU %, load, memory, disk and network bytes/s",
    description: `${SERIES} An unknown host is 404.`,
    params: HbaseClusterParamsSchema,
    querystring: HbaseHostSeriesQuerySchema,
    response: HbaseSeriesResponseSchema,
    errors: [404],
  },
})
