import {
  DatabricksCostTrendsQuerySchema,
  DatabricksCostTrendsSchema,
  DatabricksUsageTrendingQuerySchema,
  DatabricksUsageTrendingSchema,
} from '../contracts/databricks-cost.ts'
import { defineEndpoints } from './endpoint.ts'

/** The Databricks cost trends (02 §7, §9; E051), for the users of a Databricks install. */
export const databricksCostEndpoints = defineEndpoints({
  costTrends: {
    method: 'GET',
    path: '/api/v1/ds/api/v1/databricks/cost/trends',
    specIds: ['E051'],
    tags: ['databricks'],
    access: { platforms: ['DB'] },
    summary: 'Databricks cost a day or a week, by workspace, user or tag, in USD or DBUs',
    description:
      'UTC days gte to lte (YYYY-MM-DD, inclusive, 1–90 days; the free plan 7), cut at now. USD is the total cost ' +
      '(DBUs at the list price of their SKU plus the cloud VMs), DBU the Databricks Units; job runs, all-purpose ' +
      'sessions, DLT updates no run triggered and SQL warehouses, each once, on the UTC day it started; a job run ' +
      'counts from its cost_final_at on (billing lag). Weekly buckets are 7-day blocks from gte. filters: at most ' +
      '5 values of the breakdown (tags as key:value). A tag breakdown is not in the free plan.',
    querystring: DatabricksCostTrendsQuerySchema,
    response: DatabricksCostTrendsSchema,
  },
  usageTrending: {
    method: 'GET',
    path: '/api/v1/reports/usage_trending/usage',
    specIds: ['E052'],
    tags: ['databricks'],
    access: { platforms: ['DB'] },
    summary: "One tag's Databricks usage a day or a week, in USD or DBUs",
    description:
      'The tags breakdown of the cost trends (E051) for one tag key:value: the same figures, for the console ' +
      'that asks once per tag (02 §7). UTC days gte to lte (default the last 7, today included), 1–90 days; ' +
      'the free plan has no tags (403).',
    querystring: DatabricksUsageTrendingQuerySchema,
    response: DatabricksUsageTrendingSchema,
  },
})
