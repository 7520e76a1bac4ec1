import {
  EmrAwsInfoResponseSchema,
  EmrChargebackParamsSchema,
  EmrChargebackQuerySchema,
  EmrChargebackResponseSchema,
  EmrClusterDetailsSchema,
  EmrClusterPageSchema,
  EmrClusterParamsSchema,
  EmrClusterSearchBodySchema,
  EmrCostTrendsQuerySchema,
  EmrCostTrendsSchema,
  EmrInsightsSchema,
  EmrWindowQuerySchema,
  ListAnalysisBodySchema,
  ListAnalysisResponseSchema,
} from '../contracts/emr.ts'
import { defineEndpoint, defineEndpoints } from './endpoint.ts'

/*
 * The EMR calls (02 §2, §3, §7; E040, E041, E044, E142, and the details, insights and cost trends
 * the EMR screens need). EMR data is for users of an EMR install only (01 §1). The figures each
 * call answers are defined once, in contracts/emr.ts.
 */
const emr = { platforms: ['EMR'] } as const
const tags = ['emr'] as const

const chargeback = (path: string, summary: string) =>
  defineEndpoint({
    method: 'GET',
    path,
    specIds: ['E044'],
    tags: ['chargeback', 'emr'],
    access: emr,
    summary,
    description:
      'EMR chargeback (02 §2): the clusters created in [from, to) (YYYY-MM-DD, epoch seconds or ms; a date `to` is ' +
      'the end of that day; default the last 7 days), each with its whole cost so far (EC2, EMR uplift, EBS; USD to ' +
      "2 decimals), most cost first; clusterUid narrows to one ('*' is all). At most one group-by, the cluster " +
      '(B151): a second one answers 400.',
    params: EmrChargebackParamsSchema,
    querystring: EmrChargebackQuerySchema,
    response: EmrChargebackResponseSchema,
  })

export const emrEndpoints = defineEndpoints({
  clusterSearch: {
    method: 'POST',
    path: '/api/v1/emr/clusters/search',
    specIds: ['E040'],
    pathIsOurs: true,
    tags,
    access: emr,
    summary:
      'EMR clusters: a page of the clusters alive in the window that match the filters, with facet metadata',
    description:
      'A cluster is in [from, to] (default the start of today (UTC) to now) when it was alive at some moment of it. ' +
      'statuses are the groups active, terminated and failed; eventTypes keeps clusters with such events (the ' +
      'inefficient tab). Costs USD (4 decimals) over the life so far, durations ms. page (1-based) × pageSize ' +
      '(default 15, at most 100) at most 10,000; sort key-direction, default startTime-desc. Each metadata facet ' +
      'counts over the window and every filter but its own.',
    body: EmrClusterSearchBodySchema,
    response: EmrClusterPageSchema,
  },
  clusterDetails: {
    method: 'GET',
    path: '/api/v1/emr/clusters/{clusterId}',
    specIds: [],
    pathIsOurs: true,
    tags,
    access: emr,
    summary:
      'One EMR cluster: its row, status timeline, instance groups, daily cost split and down-sizing events',
    description:
      "costByDay adds up to the row's totalCost. yarnApps.clusterUid lists its Yarn apps through POST " +
      '/api/v1/apps/unifiedsearch (clusters: [clusterUid]); clusters without the product have none.',
    params: EmrClusterParamsSchema,
    response: EmrClusterDetailsSchema,
  },
  awsInfo: {
    method: 'GET',
    path: '/api/v1/search/awsinfo',
    specIds: ['E041'],
    tags,
    access: emr,
    summary: 'EMR clusters alive in the window with their costs (02 §2 Cluster store item), most cost first',
    description:
      "from/to epoch ms or ISO, default the last 7 days. Costs USD (4 decimals) over each life so far: the list's " +
      'totalCost. At most 10,000 items; total counts them all.',
    querystring: EmrWindowQuerySchema,
    response: EmrAwsInfoResponseSchema,
  },
  chargeback: chargeback(
    '/api/v1/search/awscb/{group1}',
    'EMR chargeback by cluster: EC2, EMR and EBS costs',
  ),
  chargebackTwo: chargeback(
    '/api/v1/search/awscb/{group1}/{group2}',
    'EMR chargeback with two group-bys: refused (EMR groups by the cluster only)',
  ),
  listAnalysis: {
    method: 'POST',
    path: '/api/v1/dsinsights/api/v1/insights/listAnalysis',
    specIds: ['E142'],
    tags,
    access: emr,
    summary: 'CLUSTER_SIZING analysis of EMR clusters (or of the cluster an application ran on)',
    description:
      "Per entity: the cluster's peak use (its Yarn apps' when the product watched it, else AWS's utilisation), " +
      'its groups and hourly cost, the resource-optimised and cost-optimised recommendations with their savings ' +
      "over its life so far (never above its cost), and its node down-sizing events. Another platform's cluster " +
      'or an unknown id answers 403.',
    body: ListAnalysisBodySchema,
    response: ListAnalysisResponseSchema,
  },
  insights: {
    method: 'GET',
    path: '/api/v1/emr/insights',
    specIds: [],
    pathIsOurs: true,
    tags,
    access: emr,
    summary: 'EMR cluster insights: clusters with and without the product, and the sizing savings available',
    description:
      'Over the clusters alive in [from, to] (default the last 30 days): counts and costs over their lives so far, ' +
      "the cost-optimised savings summed (each bounded by its cluster's cost), and the 10 largest.",
    querystring: EmrWindowQuerySchema,
    response: EmrInsightsSchema,
  },
  costTrends: {
    method: 'GET',
    path: '/api/v1/emr/cost/trends',
    specIds: [],
    pathIsOurs: true,
    tags,
    access: emr,
    summary: 'EMR cost per UTC day (02 §3 Cost day row) with its EC2, EMR and EBS split',
    description:
      'Whole UTC days from the day of `from` (default 89 days before today) to `to` (default now; costs accrue up ' +
      'to now). clusterId narrows to one cluster, tag=key:value to the clusters carrying it. At most 2,000 days.',
    querystring: EmrCostTrendsQuerySchema,
    response: EmrCostTrendsSchema,
  },
})
