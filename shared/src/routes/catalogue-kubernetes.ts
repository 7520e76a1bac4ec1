import type { RouteEntry, TabEntry } from './types.ts'
import { detail, route, tab, appStorePageTab } from './catalogue-common.ts'

/*
 * The Kubernetes layout, 01 §2.3, R216-R225 (R226 shares the all-types entry for the same path).
 * K8S defines its own landing route, the Top X view (R232). No role gate is documented here: the
 * OpenSearch views are admin only on Snowflake and BigQuery, not on K8S.
 */

const K8S = ['K8S'] as const

type Init = Omit<Parameters<typeof route>[0], 'supportedTypes'>

function k8s(init: Init): RouteEntry {
  return route({ ...init, supportedTypes: K8S })
}

export const K8S_TABS: readonly TabEntry[] = [
  // The spec documents no feature key for these pages, so they are not RBAC-gated (G12).
  tab({
    key: 'kubernetes',
    title: 'Kubernetes',
    icon: 'Hexagons',
    path: '/kubernetes',
    supportedTypes: K8S,
    children: [
      k8s({
        specIds: ['R216'],
        path: '/kubernetes/osd_topx',
        title: 'Top X',
        status: 'built',
        screen: 'kubernetes-topx',
      }),
      k8s({
        specIds: ['R217'],
        path: '/kubernetes/osd_usage_trends',
        title: 'Usage Trends',
        status: 'built',
        screen: 'kubernetes-usage-trends',
      }),
      k8s({
        specIds: ['R218'],
        path: '/kubernetes/osd_app_metrics',
        title: 'App Metrics',
        status: 'built',
        screen: 'kubernetes-app-metrics',
      }),
      k8s({
        specIds: ['R219'],
        path: '/kubernetes/osd_logs',
        title: 'Logs',
        status: 'built',
        screen: 'kubernetes-logs',
      }),
    ],
  }),
  tab({
    key: 'jobs',
    title: 'Jobs',
    icon: 'Briefcase',
    path: '/jobs',
    rbacId: 'jobs',
    supportedTypes: K8S,
    children: [
      k8s({
        specIds: ['R220'],
        path: '/jobs/applications',
        title: 'Applications',
        rbacId: 'jobs/applications',
        status: 'built',
        // The same list as every platform's: the Kubernetes Spark applications (seed/kubernetes-spark-apps.ts).
        screen: 'applications',
      }),
    ],
  }),
  appStorePageTab('R223', K8S),
  // Sub-pages are not listed for K8S: /manage is a page of its own.
  tab({
    key: 'manage',
    title: 'Manage',
    icon: 'Settings',
    path: '/manage',
    rbacId: 'manage',
    supportedTypes: K8S,
    page: k8s({ specIds: ['R224'], path: '/manage', title: 'Manage', rbacId: 'manage' }),
  }),
]

export const K8S_PAGES: readonly RouteEntry[] = [
  k8s({
    specIds: ['R221'],
    path: '/os_dashboard',
    title: 'Dashboards',
    rbacId: 'opensearch',
    status: 'built',
    screen: 'os-dashboard',
  }),
  k8s({
    specIds: ['R222'],
    path: '/os_alerting',
    title: 'Alerting',
    rbacId: 'opensearch',
    status: 'built',
    screen: 'os-alerting',
  }),
  detail({ specIds: ['R225'], path: '/globalsearch/:search', title: 'Search Results', supportedTypes: K8S }),
]
