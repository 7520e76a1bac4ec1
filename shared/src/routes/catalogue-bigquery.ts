import type { RouteEntry, TabEntry } from './types.ts'
import { ADMIN_ONLY, detail, route, tab, appStorePageTab } from './catalogue-common.ts'

/*
 * The BigQuery (v2) layout, 01 §2.3, R152-R177. Landing (G08, R231): /os_dashboard for admins,
 * /job/list for everyone else, because the dashboards are admin only here (C12); until the
 * OpenSearch dashboard is built, admins land on /job/list too (issue 19).
 */

const BQ = ['BIGQUERYV2'] as const

type Init = Omit<Parameters<typeof route>[0], 'supportedTypes'>

function bq(init: Init): RouteEntry {
  return route({ ...init, supportedTypes: BQ })
}

function bqDetail(init: Init): RouteEntry {
  return detail({ ...init, supportedTypes: BQ })
}

function bqManage(id: string, segment: string, title: string, gates: Partial<RouteEntry> = {}): RouteEntry {
  return bq({ specIds: [id], path: `/manage/${segment}`, title, rbacId: `manage/${segment}`, ...gates })
}

export const BIGQUERY_TABS: readonly TabEntry[] = [
  tab({
    key: 'cost',
    title: 'Cost',
    icon: 'CurrencyDollar',
    path: '/cost',
    rbacId: 'cost',
    supportedTypes: BQ,
    // B047: "/cost (admin)": every BigQuery cost page is admin only.
    children: [
      bq({
        specIds: ['R152'],
        path: '/cost/osd_cost360',
        title: 'Cost 360',
        rbacId: 'cost/osd_cost360',
        roles: ADMIN_ONLY,
        status: 'built',
        screen: 'bigquery-cost',
      }),
      bq({
        specIds: ['R153'],
        path: '/cost/osd_topk',
        title: 'Top K',
        rbacId: 'cost/osd_topk',
        roles: ADMIN_ONLY,
        status: 'built',
        screen: 'bigquery-cost',
      }),
      bq({
        specIds: ['R154'],
        path: '/cost/osd_tags',
        title: 'Tags',
        rbacId: 'cost/osd_tags',
        roles: ADMIN_ONLY,
        status: 'built',
        screen: 'bigquery-cost',
      }),
    ],
  }),
  tab({
    key: 'projects',
    title: 'Projects',
    icon: 'Folders',
    path: '/project',
    rbacId: 'projects',
    supportedTypes: BQ,
    children: [
      bq({
        specIds: ['R155'],
        path: '/project/list',
        title: 'Projects',
        rbacId: 'projects/list',
        status: 'built',
        screen: 'bigquery-projects',
      }),
    ],
  }),
  tab({
    key: 'jobs',
    title: 'Jobs',
    icon: 'Briefcase',
    path: '/job',
    rbacId: 'jobs',
    supportedTypes: BQ,
    children: [
      // C17: canonical /job/list; the bare /job redirects here.
      bq({
        specIds: ['R156'],
        path: '/job/list',
        title: 'Jobs',
        rbacId: 'jobs/list',
        status: 'built',
        screen: 'bigquery-jobs',
      }),
      bqDetail({
        specIds: ['R157'],
        path: '/job/:jobId/details',
        title: 'Job Details',
        rbacId: 'jobs/details',
        status: 'built',
        screen: 'bigquery-job-details',
      }),
      // Compares the jobs picked in the list (?ids=), so it is opened from there, not from the tabs.
      bqDetail({
        specIds: ['R158'],
        path: '/job/compare',
        title: 'Compare Jobs',
        rbacId: 'jobs/compare',
        status: 'built',
        screen: 'bigquery-job-compare',
      }),
    ],
  }),
  tab({
    key: 'data',
    title: 'Data',
    icon: 'Database',
    path: '/data',
    rbacId: 'data',
    supportedTypes: BQ,
    // B047: BigQuery data is admin only.
    page: bq({
      specIds: ['R159'],
      path: '/data',
      title: 'Data',
      rbacId: 'data',
      roles: ADMIN_ONLY,
      status: 'built',
      screen: 'bigquery-data',
    }),
  }),
  appStorePageTab('R164', BQ),
  tab({
    key: 'manage',
    title: 'Manage',
    icon: 'Settings',
    path: '/manage',
    rbacId: 'manage',
    supportedTypes: BQ,
    children: [
      bqManage('R165', 'kafka_consumption', 'Kafka Consumption', {
        status: 'built',
        screen: 'kafka-consumption',
      }),
      bqManage('R166', 'system_usage', 'System Usage', { status: 'built', screen: 'system-usage' }),
      // B046: API tokens are admin only on BigQuery; B045: so is OpenSearch user and role management.
      bqManage('R167', 'apitokens', 'API Tokens', { roles: ADMIN_ONLY }),
      bqManage('R168', 'os_manage_users', 'Users', {
        roles: ADMIN_ONLY,
        status: 'built',
        screen: 'os-users',
      }),
      bqManage('R169', 'os_manage_roles', 'Roles', {
        roles: ADMIN_ONLY,
        status: 'built',
        screen: 'os-roles',
      }),
      bqManage('R170', 'os_notification_channels', 'Notification Channels', {
        status: 'built',
        screen: 'notification-channels',
      }),
      bqManage('R171', 'daemons', 'Daemons'),
      bqManage('R172', 'stats', 'Stats'),
      bqManage('R173', 'rundiagnostics', 'Run Diagnostics'),
      bqManage('R174', 'audit', 'Audit', { roles: ADMIN_ONLY, flags: ['isAuditEnabled'] }),
      bqManage('R175', 'bills', 'Bills', { flags: ['billingEnabled'] }),
    ],
  }),
]

export const BIGQUERY_PAGES: readonly RouteEntry[] = [
  // B044 / C12: admin only on BigQuery too (the safer reading of 01 §6).
  bq({
    specIds: ['R160'],
    path: '/os_dashboard',
    title: 'Dashboards',
    rbacId: 'opensearch',
    roles: ADMIN_ONLY,
    status: 'built',
    screen: 'os-dashboard',
  }),
  bq({
    specIds: ['R161'],
    path: '/os_alerting',
    title: 'Alerting',
    rbacId: 'opensearch',
    roles: ADMIN_ONLY,
    status: 'built',
    screen: 'os-alerting',
  }),
  bq({
    specIds: ['R162'],
    path: '/osd_anomalies',
    title: 'Anomalies',
    rbacId: 'opensearch',
    roles: ADMIN_ONLY,
    status: 'built',
    screen: 'os-anomalies',
  }),
  bq({
    specIds: ['R163'],
    path: '/osd_insights',
    title: 'Insights Overview',
    rbacId: 'insightsoverview',
    status: 'built',
    screen: 'bigquery-insights',
  }),
  bq({ specIds: ['R176'], path: '/api_docs', title: 'API Docs', status: 'built', screen: 'api-docs' }),
  bq({ specIds: ['R177'], path: '/jmx/monitoring', title: 'JMX Monitoring' }),
]
