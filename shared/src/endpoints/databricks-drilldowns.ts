import {
  DatabricksDrillDownQuerySchema,
  DatabricksDrillDownSchema,
} from '../contracts/databricks-drilldowns.ts'
import { defineEndpoints } from './endpoint.ts'

/** The Databricks cost drill-downs (issue 20, /cost_explorer/drill_downs, R180), for the users of a Databricks install. */
export const databricksDrillDownEndpoints = defineEndpoints({
  costDrillDowns: {
    method: 'GET',
    path: '/api/v1/ds/api/v1/databricks/cost/drill_downs',
    specIds: ['R180'],
    pathIsOurs: true,
    tags: ['databricks'],
    access: { platforms: ['DB'] },
    summary:
      'Databricks cost of a range broken down one level: by workspace, compute type, source, user or tag',
    description:
      'UTC days gte to lte (YYYY-MM-DD, inclusive, 1–90 days; the free plan 7), cut at now, in USD (total cost: ' +
      'DBUs at the list price of their SKU plus the cloud VMs) or DBUs, as the cost trends (E051) count them. ' +
      'path: the values chosen at the previous levels (dimension:value, at most 4); groupBy: the next dimension ' +
      '(workspace, computeType — the SKU family —, source — job, all-purpose cluster, pipeline or SQL warehouse ' +
      '—, user, or tag:<key>, not in the free plan). Each row: its value, share of the level, USD, DBUs, runs or ' +
      'sessions, and the previous period of equal length; the rows past limit are summed in one "(other)" row.',
    querystring: DatabricksDrillDownQuerySchema,
    response: DatabricksDrillDownSchema,
  },
})
