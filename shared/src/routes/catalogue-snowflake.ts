import type { RouteEntry, TabEntry } from './types.ts'
import { ADMIN_ONLY, detail, route, tab, appStorePageTab } from './catalogue-common.ts'

/*
 * The Snowflake layout, 01 §2.3, R121-R151. Snowflake defines its own landing route; G08 picks
 * /home, since the admin-only dashboards cannot be a non-admin's landing (R230).
 */

const SF = ['SNOWFLAKE'] as const

type Init = Omit<Parameters<typeof route>[0], 'supportedTypes'>

function sf(init: Init): RouteEntry {
  return route({ ...init, supportedTypes: SF })
}

function sfDetail(init: Init): RouteEntry {
  return detail({ ...init, supportedTypes: SF })
}

/** B046: every Snowflake manage page is admin only. */
function sfManage(id: string, segment: string, title: string, flags?: RouteEntry['flags']): RouteEntry {
  return sf({
    specIds: [id],
    path: `/manage/${segment}`,
    title,
    rbacId: `manage/${segment}`,
    roles: ADMIN_ONLY,
    ...(flags ? { flags } : {}),
  })
}

export const SNOWFLAKE_TABS: readonly TabEntry[] = [
  tab({
    key: 'home',
    title: 'Home',
    icon: 'Home',
    path: '/home',
    rbacId: 'home',
    supportedTypes: SF,
    page: sf({
      specIds: ['R121'],
      path: '/home',
      title: 'Home',
      rbacId: 'home',
      status: 'built',
      screen: 'snowflake-home',
    }),
  }),
  tab({
    key: 'cost',
    title: 'Cost',
    icon: 'CurrencyDollar',
    path: '/cost',
    rbacId: 'cost',
    supportedTypes: SF,
    children: [
      sf({
        specIds: ['R122'],
        path: '/cost/osd_cost_overview',
        title: 'Overview',
        rbacId: 'cost/osd_cost_overview',
        status: 'built',
        screen: 'snowflake-cost',
      }),
      sf({
        specIds: ['R123'],
        path: '/cost/osd_cost_users',
        title: 'Users',
        rbacId: 'cost/osd_cost_users',
        status: 'built',
        screen: 'snowflake-cost',
      }),
      sf({
        specIds: ['R124'],
        path: '/cost/osd_cost_warehouses',
        title: 'Warehouses',
        rbacId: 'cost/osd_cost_warehouses',
        status: 'built',
        screen: 'snowflake-cost',
      }),
      sf({
        specIds: ['R125'],
        path: '/cost/osd_cost_queries',
        title: 'Queries',
        rbacId: 'cost/osd_cost_queries',
        status: 'built',
        screen: 'snowflake-cost',
      }),
      sf({
        specIds: ['R126'],
        path: '/cost/osd_tags',
        title: 'Tags',
        rbacId: 'cost/osd_tags',
        status: 'built',
        screen: 'snowflake-cost',
      }),
    ],
  }),
  tab({
    key: 'warehouse',
    title: 'Warehouse',
    icon: 'BuildingWarehouse',
    path: '/warehouse',
    rbacId: 'warehouse',
    supportedTypes: SF,
    children: [
      // C17: canonical /warehouse/list; the bare /warehouse redirects here.
      sf({
        specIds: ['R142'],
        path: '/warehouse/list',
        title: 'Warehouses',
        rbacId: 'warehouse/list',
        status: 'built',
        screen: 'snowflake-warehouses',
      }),
      sfDetail({
        specIds: ['R143'],
        path: '/warehouse/:warehouseUid/details',
        title: 'Warehouse Details',
        rbacId: 'warehouse/details',
        status: 'built',
        screen: 'snowflake-warehouse-details',
      }),
    ],
  }),
  tab({
    key: 'query',
    title: 'Query',
    icon: 'FileSearch',
    path: '/query',
    rbacId: 'query',
    supportedTypes: SF,
    children: [
      sf({
        specIds: ['R144'],
        path: '/query/list',
        title: 'Queries',
        rbacId: 'query/list',
        status: 'built',
        screen: 'snowflake-queries',
      }),
      sfDetail({
        specIds: ['R145'],
        path: '/query/:queryUid/details',
        title: 'Query Details',
        rbacId: 'query/details',
        status: 'built',
        screen: 'snowflake-query-details',
      }),
      // Compares the queries picked in the list (?ids=), so it is opened from there, not from the tabs.
      sfDetail({
        specIds: ['R146'],
        path: '/query/compare',
        title: 'Compare Queries',
        rbacId: 'query/compare',
        status: 'built',
        screen: 'snowflake-query-compare',
      }),
    ],
  }),
  tab({
    key: 'data',
    title: 'Data',
    icon: 'Database',
    path: '/data',
    rbacId: 'data',
    supportedTypes: SF,
    children: [
      // B046: the Snowflake data overview is admin only; the tables page is not.
      sf({
        specIds: ['R147'],
        path: '/data/overview',
        title: 'Overview',
        rbacId: 'data/overview',
        roles: ADMIN_ONLY,
      }),
      sf({ specIds: ['R148'], path: '/data/tables', title: 'Tables', rbacId: 'data/tables' }),
    ],
  }),
  appStorePageTab('R151', SF),
  // Manage comes last, as in every other layout, although the route map names it before /warehouse.
  tab({
    key: 'manage',
    title: 'Manage',
    icon: 'Settings',
    path: '/manage',
    rbacId: 'manage',
    supportedTypes: SF,
    children: [
      {
        ...sfManage('R130', 'data_ingestion_monitor', 'Data Ingestion Monitor'),
        status: 'built',
        screen: 'ingestion-monitor',
      },
      {
        ...sfManage('R131', 'kafka_consumption', 'Kafka Consumption'),
        status: 'built',
        screen: 'kafka-consumption',
      },
      { ...sfManage('R132', 'system_usage', 'System Usage'), status: 'built', screen: 'system-usage' },
      sfManage('R133', 'daemons', 'Daemons'),
      sfManage('R134', 'stats', 'Stats'),
      sfManage('R135', 'rundiagnostics', 'Run Diagnostics'),
      sfManage('R136', 'apitokens', 'API Tokens'),
      { ...sfManage('R137', 'os_manage_users', 'Users'), status: 'built', screen: 'os-users' },
      { ...sfManage('R138', 'os_manage_roles', 'Roles'), status: 'built', screen: 'os-roles' },
      sfManage('R139', 'audit', 'Audit', ['isAuditEnabled']),
      sfManage('R140', 'bills', 'Bills', ['billingEnabled']),
      {
        ...sfManage('R141', 'os_notification_channels', 'Notification Channels'),
        status: 'built',
        screen: 'snowflake-notification-channels',
      },
    ],
  }),
]

export const SNOWFLAKE_PAGES: readonly RouteEntry[] = [
  // B043: the OpenSearch views are admin only on Snowflake.
  sf({
    specIds: ['R127'],
    path: '/os_dashboard',
    title: 'Dashboards',
    rbacId: 'opensearch',
    roles: ADMIN_ONLY,
    status: 'built',
    screen: 'os-dashboard',
  }),
  sf({
    specIds: ['R128'],
    path: '/os_alerting',
    title: 'Alerting',
    rbacId: 'opensearch',
    roles: ADMIN_ONLY,
    status: 'built',
    screen: 'os-alerting',
  }),
  sf({
    specIds: ['R129'],
    path: '/osd_anomalies',
    title: 'Anomalies',
    rbacId: 'opensearch',
    roles: ADMIN_ONLY,
    status: 'built',
    screen: 'os-anomalies',
  }),
  sf({ specIds: ['R149'], path: '/api_docs', title: 'API Docs', status: 'built', screen: 'api-docs' }),
  sf({ specIds: ['R150'], path: '/jmx/monitoring', title: 'JMX Monitoring' }),
]
