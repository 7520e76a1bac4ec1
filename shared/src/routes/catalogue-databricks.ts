import type { RouteEntry, TabEntry } from './types.ts'
import { ADMIN_ONLY, detail, route, tab } from './catalogue-common.ts'

/*
 * The Databricks layout (cluster type DB), 01 §2.3, R178-R215. Tab order is the route-map order;
 * its first tab, Home, is a page of its own, so the derived landing is /home (R229).
 */

const DB = ['DB'] as const

function db(init: Omit<Parameters<typeof route>[0], 'supportedTypes'>): RouteEntry {
  return route({ ...init, supportedTypes: DB })
}

function dbDetail(init: Omit<Parameters<typeof route>[0], 'supportedTypes'>): RouteEntry {
  return detail({ ...init, supportedTypes: DB })
}

const home = db({
  specIds: ['R178'],
  path: '/home',
  title: 'Home',
  rbacId: 'home',
  status: 'built',
  screen: 'databricks-home',
})

/*
 * G10: the old and new trends pages share one path and exclude each other by flag, so exactly one
 * of them is routed for a user (the server sends opposite values of the two flags). Both sit first,
 * where "trends" stands in the route map, so Trends stays the first sub-tab either way.
 */
const costTab = tab({
  key: 'cost',
  title: 'Cost',
  icon: 'CurrencyDollar',
  path: '/cost_explorer',
  rbacId: 'cost',
  supportedTypes: DB,
  children: [
    db({
      specIds: ['R179'],
      path: '/cost_explorer/trends',
      title: 'Trends',
      rbacId: 'cost/trends',
      status: 'built',
      screen: 'databricks-cost-trends',
      flags: ['oldChargebackAndTrendPages'],
    }),
    db({
      specIds: ['R183'],
      path: '/cost_explorer/trends',
      title: 'Trends',
      rbacId: 'cost/trends',
      status: 'built',
      screen: 'databricks-cost-trends',
      flags: ['newChargebackAndTrendPages'],
    }),
    db({
      specIds: ['R180'],
      path: '/cost_explorer/drill_downs',
      title: 'Drill Downs',
      rbacId: 'cost/drill_downs',
      status: 'built',
      screen: 'databricks-cost-drilldowns',
    }),
    db({
      specIds: ['R181'],
      path: '/cost_explorer/budgets',
      title: 'Budgets',
      rbacId: 'cost/budgets',
      status: 'built',
      screen: 'databricks-budgets',
    }),
    // Not a spec route (no id): the spec gives Databricks budgets no details page; ours, as the EMR one (R101).
    dbDetail({
      specIds: [],
      path: '/cost_explorer/budgets/:budget_id/details/',
      title: 'Budget Details',
      rbacId: 'cost/budgets',
      status: 'built',
      screen: 'databricks-budget-details',
    }),
    db({
      specIds: ['R182'],
      path: '/cost_explorer/chargeback',
      title: 'Chargeback',
      rbacId: 'cost/chargeback',
      status: 'built',
      screen: 'chargeback',
      flags: ['newChargebackAndTrendPages'],
    }),
  ],
})

const computeTab = tab({
  key: 'compute',
  title: 'Compute',
  icon: 'Cpu',
  path: '/compute',
  rbacId: 'compute',
  supportedTypes: DB,
  children: [
    db({
      specIds: ['R184'],
      path: '/compute/dbclusters',
      title: 'Clusters',
      rbacId: 'compute/dbclusters',
      status: 'built',
      screen: 'databricks-clusters',
    }),
    db({
      specIds: ['R185'],
      path: '/compute/cluster_summary',
      title: 'Cluster Summary',
      rbacId: 'compute/cluster_summary',
      status: 'built',
      screen: 'databricks-cluster-summary',
    }),
  ],
})

const jobsTab = tab({
  key: 'jobs',
  title: 'Jobs',
  icon: 'Briefcase',
  path: '/jobs',
  rbacId: 'jobs',
  supportedTypes: DB,
  children: [
    db({
      specIds: ['R186'],
      path: '/jobs/runs',
      title: 'Job Runs',
      rbacId: 'jobs/runs',
      status: 'built',
      screen: 'databricks-runs',
    }),
    db({
      specIds: ['R187'],
      path: '/jobs/jobs',
      title: 'Jobs',
      rbacId: 'jobs/jobs',
      status: 'built',
      screen: 'databricks-jobs',
    }),
    db({
      specIds: ['R188'],
      path: '/jobs/pipelines',
      title: 'Pipelines',
      rbacId: 'jobs/pipelines',
      status: 'built',
      screen: 'databricks-pipelines',
    }),
    db({
      specIds: ['R189'],
      path: '/jobs/insights',
      title: 'Insights',
      rbacId: 'jobs/insights',
      status: 'built',
      screen: 'databricks-insights',
    }),
    dbDetail({
      specIds: ['R190'],
      path: '/jobs/insights/:jobName/actions',
      title: 'Job Insight Actions',
      rbacId: 'jobs/insights',
      status: 'built',
      screen: 'databricks-insight-actions',
    }),
  ],
})

/** The Databricks SQL pages carry a preview badge (01 §2.3). */
const sqlTab = tab({
  key: 'sql',
  title: 'SQL',
  icon: 'Sql',
  path: '/sql',
  rbacId: 'sql',
  supportedTypes: DB,
  badge: 'preview',
  children: [
    db({
      specIds: ['R191'],
      path: '/sql/osd_sql_overview',
      title: 'Overview',
      rbacId: 'sql/osd_sql_overview',
      badge: 'preview',
      status: 'built',
      screen: 'databricks-sql-overview',
    }),
    db({
      specIds: ['R192'],
      path: '/sql/osd_sql_users',
      title: 'Users',
      rbacId: 'sql/osd_sql_users',
      badge: 'preview',
      status: 'built',
      screen: 'databricks-sql-users',
    }),
    db({
      specIds: ['R193'],
      path: '/sql/osd_sql_warehouses',
      title: 'Warehouses',
      rbacId: 'sql/osd_sql_warehouses',
      badge: 'preview',
      status: 'built',
      screen: 'databricks-sql-warehouses',
    }),
    db({
      specIds: ['R194'],
      path: '/sql/osd_sql_queries',
      title: 'Queries',
      rbacId: 'sql/osd_sql_queries',
      badge: 'preview',
      status: 'built',
      screen: 'databricks-sql-queries',
    }),
  ],
})

const reportsTab = tab({
  key: 'reports',
  title: 'Reports',
  icon: 'Report',
  path: '/reports',
  rbacId: 'reports',
  supportedTypes: DB,
  children: [
    db({
      specIds: ['R196'],
      path: '/reports/topx',
      title: 'Top X',
      rbacId: 'reports/topx',
      flags: ['topxEnabled'],
    }),
    db({ specIds: ['R197'], path: '/reports/archives', title: 'Archives', rbacId: 'reports/archives' }),
    db({ specIds: ['R198'], path: '/reports/schedules', title: 'Schedules', rbacId: 'reports/schedules' }),
    dbDetail({
      specIds: ['R199'],
      path: '/reports/archives/:reportKey/details',
      title: 'Report Details',
      rbacId: 'reports/archives/details',
    }),
  ],
})

/*
 * The route map lists only /apps; 01 §6 names a Databricks app-store admin page (R201), so the tab
 * has two sub-tabs: the store itself and its admin page.
 */
const appStoreTab = tab({
  key: 'appstore',
  title: 'App Store',
  icon: 'Apps',
  path: '/apps',
  rbacId: 'appstore',
  supportedTypes: DB,
  children: [
    db({ specIds: ['R200'], path: '/apps', title: 'Apps', rbacId: 'appstore', flags: ['appstoreEnabled'] }),
    // B041: readonlyAdmin is allowed on the Databricks app-store admin page only.
    db({
      specIds: ['R201'],
      path: '/apps/admin',
      title: 'Manage Apps',
      rbacId: 'appstore/admin',
      flags: ['appstoreEnabled'],
      roles: ['admin', 'readonlyAdmin'],
    }),
  ],
})

const manageTab = tab({
  key: 'manage',
  title: 'Manage',
  icon: 'Settings',
  path: '/manage',
  rbacId: 'manage',
  supportedTypes: DB,
  children: [
    db({ specIds: ['R203'], path: '/manage/daemons', title: 'Daemons', rbacId: 'manage/daemons' }),
    db({ specIds: ['R204'], path: '/manage/stats', title: 'Stats', rbacId: 'manage/stats' }),
    db({
      specIds: ['R205'],
      path: '/manage/rundiagnostics',
      title: 'Run Diagnostics',
      rbacId: 'manage/rundiagnostics',
    }),
    db({ specIds: ['R206'], path: '/manage/monitoring', title: 'Monitoring', rbacId: 'manage/monitoring' }),
    db({ specIds: ['R207'], path: '/manage/apitokens', title: 'API Tokens', rbacId: 'manage/apitokens' }),
    // B048: role manager and workspaces carry no role restriction.
    db({
      specIds: ['R208'],
      path: '/manage/rolemanager',
      title: 'Role Manager',
      rbacId: 'manage/rolemanager',
    }),
    db({
      specIds: ['R209'],
      path: '/manage/audit',
      title: 'Audit',
      rbacId: 'manage/audit',
      flags: ['isAuditEnabled'],
      roles: ADMIN_ONLY,
    }),
    db({
      specIds: ['R210'],
      path: '/manage/workspaces',
      title: 'Workspaces',
      rbacId: 'manage/workspaces',
      status: 'built',
      screen: 'databricks-workspaces',
    }),
    // Databricks says 'billing' where the other layouts say 'bills'.
    db({
      specIds: ['R211'],
      path: '/manage/billing',
      title: 'Billing',
      rbacId: 'manage/billing',
      flags: ['billingEnabled'],
      status: 'built',
      screen: 'databricks-billing',
    }),
    db({
      specIds: ['R212'],
      path: '/manage/notification_channel',
      title: 'Notification Channels',
      rbacId: 'manage/notification_channel',
      status: 'built',
      screen: 'notification-channels',
    }),
  ],
})

export const DB_TABS: readonly TabEntry[] = [
  tab({
    key: 'home',
    title: 'Home',
    icon: 'Home',
    path: '/home',
    rbacId: 'home',
    supportedTypes: DB,
    page: home,
  }),
  costTab,
  computeTab,
  jobsTab,
  sqlTab,
  tab({
    key: 'data',
    title: 'Data',
    icon: 'Database',
    path: '/data',
    rbacId: 'data',
    supportedTypes: DB,
    page: db({ specIds: ['R195'], path: '/data', title: 'Data', rbacId: 'data' }),
  }),
  reportsTab,
  appStoreTab,
  // Databricks lists no auto-action sub-pages: the list sits at /autoactions itself.
  tab({
    key: 'autoactions',
    title: 'Auto Actions',
    icon: 'Bolt',
    path: '/autoactions',
    rbacId: 'autoactions',
    supportedTypes: DB,
    page: db({ specIds: ['R202'], path: '/autoactions', title: 'Auto Actions', rbacId: 'autoactions' }),
  }),
  manageTab,
]

export const DB_PAGES: readonly RouteEntry[] = [
  db({
    specIds: ['R213'],
    path: '/value_dashboard',
    title: 'Value Dashboard',
    flags: ['isValueDashboardEnabled'],
  }),
  // B047: the Databricks JMX page is admin only.
  db({ specIds: ['R214'], path: '/jmx/monitoring', title: 'JMX Monitoring', roles: ADMIN_ONLY }),
  dbDetail({ specIds: ['R215'], path: '/globalsearch/:search', title: 'Search Results' }),
]
