import type { EnableFlag } from '../contracts/auth.ts'
import type { Role } from '../contracts/common.ts'
import type { RouteEntry, TabEntry } from './types.ts'
import { ADMIN_ONLY, HADOOP_TYPES, ON_PREMISES_TYPES, detail, route, tab } from './catalogue-common.ts'

/*
 * The default (on-premises Hadoop) layout and the EMR layout, 01 §2.3.
 *
 * EMR "also uses these home routes": each default page is ONE entry citing both its default id
 * (R004-R050) and its EMR id (R051-R097, the same page 47 ids later), supported on the four
 * on-premises types and EMR. Flags follow gates.flags plus gates.flagsInferred (decision G11: the
 * spec states only audit -> isAuditEnabled and bills -> billingEnabled; the rest are name-based).
 */

interface Gates {
  rbacId?: string
  flags?: readonly EnableFlag[]
  roles?: readonly Role[]
  /** The built screen's key in the client's screen table; absent while the page is planned. */
  screen?: string
}

/** A default page EMR shares: `ids` = [default id, EMR id]. */
function shared(ids: [string, string], path: string, title: string, gates: Gates = {}): RouteEntry {
  const { screen, ...rest } = gates
  const built = screen ? { status: 'built' as const, screen } : {}
  return route({ specIds: ids, path, title, supportedTypes: HADOOP_TYPES, ...rest, ...built })
}

function sharedDetail(ids: [string, string], path: string, title: string, gates: Gates = {}): RouteEntry {
  const { screen, ...rest } = gates
  const built = screen ? { status: 'built' as const, screen } : {}
  return detail({ specIds: ids, path, title, supportedTypes: HADOOP_TYPES, ...rest, ...built })
}

function emrOnly(id: string, path: string, title: string, gates: Gates, inNav = true): RouteEntry {
  const { screen, ...rest } = gates
  const built = screen ? { status: 'built' as const, screen } : {}
  const init = { specIds: [id], path, title, supportedTypes: ['EMR'] as const, ...rest, ...built }
  return inNav ? route(init) : detail(init)
}

// --- Clusters (R004-R016 / R051-R063) ---------------------------------------------------------------

const clusterPages: readonly RouteEntry[] = [
  shared(['R004', 'R051'], '/clusters/overview', 'Overview', {
    rbacId: 'clusters/overview',
    screen: 'clusters-overview',
  }),
  shared(['R005', 'R052'], '/clusters/jobs', 'Jobs', { rbacId: 'clusters/jobs', screen: 'clusters-jobs' }),
  shared(['R006', 'R053'], '/clusters/resources', 'Resources', {
    rbacId: 'clusters/resources',
    screen: 'cluster-resources',
  }),
  shared(['R007', 'R054'], '/clusters/chargeback', 'Chargeback', {
    rbacId: 'clusters/chargeback',
    screen: 'chargeback',
  }),
  shared(['R008', 'R055'], '/clusters/clusterworkload', 'Cluster Workload', {
    rbacId: 'clusters/clusterworkload',
    screen: 'cluster-workload',
  }),
  shared(['R009', 'R056'], '/clusters/queueanalysis', 'Queue Analysis', {
    rbacId: 'clusters/queueanalysis',
    screen: 'queue-analysis',
  }),
  shared(['R010', 'R057'], '/clusters/kafka', 'Kafka', {
    rbacId: 'clusters/kafka',
    flags: ['kafkaEnabled'],
    screen: 'kafka',
  }),
  // "kafka (child: metrics)": opened from the Kafka page, so not a sub-tab of its own.
  sharedDetail(['R011', 'R058'], '/clusters/kafka/metrics', 'Kafka Metrics', {
    rbacId: 'clusters/kafka/metrics',
    flags: ['kafkaEnabled'],
    screen: 'kafka-metrics',
  }),
  // G18: listed among the default sub-pages despite its EMR name; kept where the spec puts it.
  // Two entries at one path: built for EMR (its clusters' insights), still planned for the
  // on-premises types, whose page says so (the count of planned routes stays honest).
  route({
    specIds: ['R012'],
    path: '/clusters/emrclusterinsights',
    title: 'Cluster Insights',
    supportedTypes: ON_PREMISES_TYPES,
    rbacId: 'clusters/emrclusterinsights',
  }),
  emrOnly('R059', '/clusters/emrclusterinsights', 'Cluster Insights', {
    rbacId: 'clusters/emrclusterinsights',
    screen: 'emr-cluster-insights',
  }),
  shared(['R013', 'R060'], '/clusters/hbase', 'HBase', {
    rbacId: 'clusters/hbase',
    flags: ['hBaseEnabled'],
    screen: 'hbase',
  }),
  shared(['R014', 'R061'], '/clusters/elasticsearch', 'Elasticsearch', {
    rbacId: 'clusters/elasticsearch',
    flags: ['elkEnabled'],
    screen: 'elasticsearch',
  }),
  shared(['R015', 'R062'], '/clusters/logstash', 'Logstash', {
    rbacId: 'clusters/logstash',
    flags: ['elkEnabled'],
    screen: 'logstash',
  }),
  shared(['R016', 'R063'], '/clusters/kibana', 'Kibana', {
    rbacId: 'clusters/kibana',
    flags: ['elkEnabled'],
    screen: 'kibana',
  }),
]

// --- The tabs both layouts share ---------------------------------------------------------------------

const jobsTab = tab({
  key: 'jobs',
  title: 'Jobs',
  icon: 'Briefcase',
  path: '/jobs',
  rbacId: 'jobs',
  supportedTypes: HADOOP_TYPES,
  children: [
    shared(['R017', 'R064'], '/jobs/applications', 'Applications', {
      rbacId: 'jobs/applications',
      screen: 'applications',
    }),
    shared(['R018', 'R065'], '/jobs/pipelines', 'Pipelines', {
      rbacId: 'jobs/pipelines',
      flags: ['pipelinesEnabled'],
      screen: 'pipelines',
    }),
    shared(['R019', 'R066'], '/jobs/schedulejobs', 'Scheduled Jobs', {
      rbacId: 'jobs/schedulejobs',
      flags: ['enableScheduleJobs'],
      screen: 'schedule-jobs',
    }),
  ],
})

const dataTab = tab({
  key: 'data',
  title: 'Data',
  icon: 'Database',
  path: '/data',
  rbacId: 'data',
  supportedTypes: HADOOP_TYPES,
  children: [
    shared(['R020', 'R067'], '/data/overview', 'Overview', { rbacId: 'data/overview' }),
    shared(['R021', 'R068'], '/data/tables', 'Tables', { rbacId: 'data/tables' }),
    shared(['R022', 'R069'], '/data/configurepolicy', 'Configure Policy', { rbacId: 'data/configurepolicy' }),
    shared(['R023', 'R070'], '/data/smallfiles', 'Small Files', { rbacId: 'data/smallfiles' }),
    shared(['R024', 'R071'], '/data/forecasting', 'Forecasting', { rbacId: 'data/forecasting' }),
    shared(['R025', 'R072'], '/data/filereports', 'File Reports', {
      rbacId: 'data/filereports',
      flags: ['pythonFileReportsEnabled'],
    }),
  ],
})

const reportsTab = tab({
  key: 'reports',
  title: 'Reports',
  icon: 'Report',
  path: '/reports',
  rbacId: 'reports',
  supportedTypes: HADOOP_TYPES,
  children: [
    shared(['R026', 'R073'], '/reports/topx', 'Top X', { rbacId: 'reports/topx', flags: ['topxEnabled'] }),
    shared(['R027', 'R074'], '/reports/archives', 'Archives', { rbacId: 'reports/archives' }),
    shared(['R028', 'R075'], '/reports/schedules', 'Schedules', { rbacId: 'reports/schedules' }),
    // The path parameter is left out of the permission id: details sit under 'reports/archives'.
    sharedDetail(['R029', 'R076'], '/reports/archives/:reportKey/details', 'Report Details', {
      rbacId: 'reports/archives/details',
    }),
  ],
})

const autoActionsTab = tab({
  key: 'autoactions',
  title: 'Auto Actions',
  icon: 'Bolt',
  path: '/autoactions',
  rbacId: 'autoactions',
  supportedTypes: HADOOP_TYPES,
  children: [
    // C17: canonical /autoactions/list; the bare /autoactions redirects here (ROUTE_REDIRECTS).
    shared(['R030', 'R077'], '/autoactions/list', 'Auto Actions', { rbacId: 'autoactions/list' }),
    sharedDetail(['R031', 'R078'], '/autoactions/:id/details', 'Auto Action Details', {
      rbacId: 'autoactions/details',
    }),
  ],
})

// 'migrationplaning' is the spec's spelling of the path (R032 note).
const migrationTab = tab({
  key: 'migration',
  title: 'Migration',
  icon: 'ArrowsExchange',
  path: '/migrationplaning',
  rbacId: 'migration',
  supportedTypes: HADOOP_TYPES,
  children: [
    shared(['R032', 'R079'], '/migrationplaning/clusterdiscovery', 'Cluster Discovery', {
      rbacId: 'migration/clusterdiscovery',
      flags: ['onprem'],
    }),
    shared(['R033', 'R080'], '/migrationplaning/cloudmappinghost', 'Cloud Mapping per Host', {
      rbacId: 'migration/cloudmappinghost',
      flags: ['enableCloudReport', 'onprem'],
    }),
    shared(['R034', 'R081'], '/migrationplaning/workloadfit', 'Workload Fit', {
      rbacId: 'migration/workloadfit',
      flags: ['workloadfitEnabled', 'onprem'],
    }),
    shared(['R035', 'R082'], '/migrationplaning/servicecompatibility', 'Service Compatibility', {
      rbacId: 'migration/servicecompatibility',
      flags: ['onprem'],
    }),
  ],
})

const appStoreTab = tab({
  key: 'appstore',
  title: 'App Store',
  icon: 'Apps',
  path: '/apps',
  rbacId: 'appstore',
  supportedTypes: HADOOP_TYPES,
  children: [
    shared(['R036', 'R083'], '/apps/home', 'Apps', { rbacId: 'appstore/home', flags: ['appstoreEnabled'] }),
    // B041: admin only here; readonlyAdmin is allowed only on the Databricks page.
    shared(['R037', 'R084'], '/apps/admin', 'Manage Apps', {
      rbacId: 'appstore/admin',
      flags: ['appstoreEnabled'],
      roles: ADMIN_ONLY,
    }),
    sharedDetail(['R038', 'R085'], '/apps/app/:appId', 'App Details', {
      rbacId: 'appstore/app',
      flags: ['appstoreEnabled'],
    }),
  ],
})

// --- Manage: the same pages, plus AWS account settings on EMR ----------------------------------------

const manageHead: readonly RouteEntry[] = [
  shared(['R039', 'R086'], '/manage/daemons', 'Daemons', { rbacId: 'manage/daemons' }),
  shared(['R040', 'R087'], '/manage/stats', 'Stats', { rbacId: 'manage/stats' }),
  shared(['R041', 'R088'], '/manage/rundiagnostics', 'Run Diagnostics', { rbacId: 'manage/rundiagnostics' }),
  shared(['R042', 'R089'], '/manage/monitoring', 'Monitoring', { rbacId: 'manage/monitoring' }),
  shared(['R043', 'R090'], '/manage/apitokens', 'API Tokens', { rbacId: 'manage/apitokens' }),
  // B048: no role restriction on the role manager.
  shared(['R044', 'R091'], '/manage/rolemanager', 'Role Manager', { rbacId: 'manage/rolemanager' }),
]

const manageTail: readonly RouteEntry[] = [
  // B042: admin only and needs audit enabled.
  shared(['R045', 'R092'], '/manage/audit', 'Audit', {
    rbacId: 'manage/audit',
    flags: ['isAuditEnabled'],
    roles: ADMIN_ONLY,
  }),
  // B049: needs billing enabled.
  shared(['R046', 'R093'], '/manage/bills', 'Bills', { rbacId: 'manage/bills', flags: ['billingEnabled'] }),
  shared(['R047', 'R094'], '/manage/notification_channel', 'Notification Channels', {
    rbacId: 'manage/notification_channel',
    screen: 'notification-channels',
  }),
]

// No role gate (routes.json R104 has none): a user of role user who opens it is told the list is not theirs (403).
const awsAccountSettings = emrOnly('R104', '/manage/awsaccountsettings', 'AWS Account Settings', {
  rbacId: 'manage/awsaccountsettings',
  screen: 'aws-account-settings',
})

function manageTab(children: readonly RouteEntry[]): TabEntry {
  return tab({
    key: 'manage',
    title: 'Manage',
    icon: 'Settings',
    path: '/manage',
    rbacId: 'manage',
    supportedTypes: HADOOP_TYPES,
    children,
  })
}

/** Pages of both layouts that sit under no tab. */
const hadoopPages: readonly RouteEntry[] = [
  shared(['R048', 'R095'], '/value_dashboard', 'Value Dashboard', { flags: ['isValueDashboardEnabled'] }),
  sharedDetail(['R049', 'R096'], '/globalsearch/:search', 'Search Results', { screen: 'global-search' }),
  // No gate on these two layouts (admin only on Databricks, R214).
  shared(['R050', 'R097'], '/jmx/monitoring', 'JMX Monitoring'),
]

// --- The default layout (R004-R050) -----------------------------------------------------------------

/** Default layout tab order: the route-map order of 01 §2.3 (R227 derives the landing from it). */
export const DEFAULT_TABS: readonly TabEntry[] = [
  tab({
    key: 'clusters',
    title: 'Clusters',
    icon: 'Server',
    path: '/clusters',
    rbacId: 'clusters',
    supportedTypes: HADOOP_TYPES,
    children: clusterPages,
  }),
  jobsTab,
  dataTab,
  reportsTab,
  autoActionsTab,
  migrationTab,
  appStoreTab,
  manageTab([...manageHead, ...manageTail]),
]

export const DEFAULT_PAGES: readonly RouteEntry[] = hadoopPages

/** The cluster types of the default layout. */
export const DEFAULT_LAYOUT_TYPES = ON_PREMISES_TYPES

// --- The EMR layout (R051-R104) ---------------------------------------------------------------------

const emrCostTab = tab({
  key: 'cost',
  title: 'Cost',
  icon: 'CurrencyDollar',
  path: '/cost',
  rbacId: 'cost',
  supportedTypes: ['EMR'],
  children: [
    emrOnly('R098', '/cost/trends', 'Trends', { rbacId: 'cost/trends', screen: 'emr-cost-trends' }),
    emrOnly('R099', '/cost/chargeback', 'Chargeback', { rbacId: 'cost/chargeback', screen: 'chargeback' }),
    emrOnly('R100', '/cost/budget', 'Budgets', { rbacId: 'cost/budget', screen: 'emr-budgets' }),
    emrOnly(
      'R101',
      '/cost/budget/:budget_id/details/',
      'Budget Details',
      { rbacId: 'cost/budget', screen: 'emr-budget-details' },
      false,
    ),
  ],
})

const emrClustersTab = tab({
  key: 'clusters',
  title: 'Clusters',
  icon: 'Server',
  path: '/clusters',
  rbacId: 'clusters',
  supportedTypes: HADOOP_TYPES,
  children: [
    // G09: the spec does not show this page's path; '/clusters/list' matches the other list pages (C17).
    emrOnly('R102', '/clusters/list', 'Cluster List', {
      rbacId: 'clusters/list',
      screen: 'emr-cluster-list',
    }),
    ...clusterPages,
    emrOnly(
      'R103',
      '/clusters/:cluster_id/details/',
      'Cluster Details',
      { rbacId: 'clusters/details', screen: 'emr-cluster-details' },
      false,
    ),
  ],
})

/** EMR tab order (01 §2.3): Cost, Clusters, Jobs, Data, Reports, Auto Actions, then the other default tabs. */
export const EMR_TABS: readonly TabEntry[] = [
  emrCostTab,
  emrClustersTab,
  jobsTab,
  dataTab,
  reportsTab,
  autoActionsTab,
  migrationTab,
  appStoreTab,
  // The route map lists "awsaccountsettings (EMR)" between the role manager and audit.
  manageTab([...manageHead, awsAccountSettings, ...manageTail]),
]

export const EMR_PAGES: readonly RouteEntry[] = hadoopPages
