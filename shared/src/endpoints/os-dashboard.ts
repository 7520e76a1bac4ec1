import type { ClusterType, Role } from '../contracts/common.ts'
import {
  DASHBOARD_MAX_POINTS,
  DASHBOARD_MAX_WINDOW_DAYS,
  DashboardCopyInputSchema,
  DashboardDataSchema,
  DashboardDeletedSchema,
  DashboardInputSchema,
  DashboardListSchema,
  DashboardParamsSchema,
  DashboardSchema,
  MAX_DASHBOARD_NAME_LENGTH,
  MAX_DASHBOARD_PANELS,
  MAX_SAVED_DASHBOARDS,
  PanelDataQuerySchema,
} from '../contracts/os-dashboard.ts'
import { defineEndpoint, defineEndpoints } from './endpoint.ts'

/*
 * OpenSearch dashboards (issue 23 /os_dashboard; E179, which shows no call: 03 §7 "OpenSearch calls
 * are not shown"), so paths and verbs are ours (G01). As for alerting, each platform with the page
 * has its own family of the same calls, because who may call differs: Snowflake's and BigQuery's
 * dashboards are admin only (01 §6, the catalogue's R127 and R160), Kubernetes' every role's (R221).
 */

const INPUT =
  `name: 1-${MAX_DASHBOARD_NAME_LENGTH} characters, unique among the platform’s dashboards in any case ` +
  '(400 "A dashboard with this name already exists."); panels: 1-' +
  `${MAX_DASHBOARD_PANELS} placements {panelId, width 1-3}, each an id of the platform’s catalogue ` +
  '(400 naming an unknown one) at most once (400 naming a repeated one), in drawing order.'

const PREBUILT =
  'The prebuilt dashboards (cost, usage, performance) are read-only: changing or deleting one is a 403 ' +
  '("Prebuilt dashboards are read-only: copy one to change it.").'

interface Family {
  base: string
  /** The screen it serves (its catalogue row). */
  route: string
  platforms: readonly ClusterType[]
  roles?: readonly Role[]
}

/** The dashboard calls of one platform: the same calls, at its paths, with its access. */
function dashboardEndpoints({ base, route, platforms, roles }: Family) {
  const access = { platforms, ...(roles && { roles }) }
  const common = { pathIsOurs: true, tags: ['opensearch'], access, specIds: [route, 'E179'] } as const
  return defineEndpoints({
    list: defineEndpoint({
      ...common,
      method: 'GET',
      path: `${base}/dashboards`,
      summary: 'The platform’s panel catalogue and its dashboards: the prebuilt ones, then the saved by name',
      response: DashboardListSchema,
    }),
    create: defineEndpoint({
      ...common,
      method: 'POST',
      path: `${base}/dashboards`,
      summary: 'Saves a new dashboard, seen by every user of the platform who may open the page',
      description: `${INPUT} At most ${MAX_SAVED_DASHBOARDS} saved dashboards per platform.`,
      body: DashboardInputSchema,
      response: DashboardSchema,
      changesState: true,
    }),
    copy: defineEndpoint({
      ...common,
      method: 'POST',
      path: `${base}/dashboards/{id}/copy`,
      summary: 'Saves a copy of a dashboard (prebuilt or saved) under a new name',
      description:
        'name as for a new dashboard; the copy has the panels of the one copied and is the user’s.',
      params: DashboardParamsSchema,
      body: DashboardCopyInputSchema,
      response: DashboardSchema,
      errors: [404],
      changesState: true,
    }),
    update: defineEndpoint({
      ...common,
      method: 'PUT',
      path: `${base}/dashboards/{id}`,
      summary:
        'Changes a saved dashboard’s name and panels (any user of the platform, as OpenSearch’s saved objects)',
      description: `${INPUT} ${PREBUILT}`,
      params: DashboardParamsSchema,
      body: DashboardInputSchema,
      response: DashboardSchema,
      errors: [404],
      changesState: true,
    }),
    remove: defineEndpoint({
      ...common,
      method: 'DELETE',
      path: `${base}/dashboards/{id}`,
      summary: 'Deletes a saved dashboard its maker no longer wants',
      description: `Only its maker deletes a saved dashboard (403 otherwise). ${PREBUILT}`,
      params: DashboardParamsSchema,
      response: DashboardDeletedSchema,
      errors: [404],
      changesState: true,
    }),
    data: defineEndpoint({
      ...common,
      method: 'GET',
      path: `${base}/panels/data`,
      summary: 'The figures of a dashboard’s panels over its window, in one call',
      description:
        'panels: comma-separated catalogue ids, 1-24 (400 naming an unknown one). startTime/endTime: ISO, UTC ' +
        `(default the last 7 days to now; start after end, a window over ${DASHBOARD_MAX_WINDOW_DAYS} days or an ` +
        'end past now is a 400). interval hour or day (default hour up to 2 days, day beyond; hour past ' +
        `${DASHBOARD_MAX_POINTS} points is a 400). Each panel’s figures come from the platform’s own screens’ ` +
        'readers (cost pages, Top X, usage trends, the alerting series), so they equal the figures there for ' +
        'the same window. Kubernetes’ series are per UTC day whatever the interval (its trends’ grain).',
      querystring: PanelDataQuerySchema,
      response: DashboardDataSchema,
    }),
  })
}

/** Snowflake's dashboards (R127): admin only. */
export const snowflakeDashboardEndpoints = dashboardEndpoints({
  base: '/api/v1/snowflake/os_dashboard',
  route: 'R127',
  platforms: ['SNOWFLAKE'],
  roles: ['admin'],
})

/** BigQuery's dashboards (R160): admin only. */
export const bigqueryDashboardEndpoints = dashboardEndpoints({
  base: '/api/v1/bigquery/os_dashboard',
  route: 'R160',
  platforms: ['BIGQUERYV2'],
  roles: ['admin'],
})

/** Kubernetes' dashboards (R221): every role. */
export const kubernetesDashboardEndpoints = dashboardEndpoints({
  base: '/api/v1/kubernetes/os_dashboard',
  route: 'R221',
  platforms: ['K8S'],
})
