import { describe, expect, it } from 'vitest'
import type { VisibilityUser } from './types.ts'
import { buildRouteConfig, matchRoute } from './visibility.ts'

/*
 * The navigation every demo persona (fixtures/personas.ts) must get, written out by hand from the
 * spec (01 §2.3, §6; R227-R232; B041-B049) and the flag defaults of rules/user-defaults.ts.
 *
 * The fixtures live outside this package, and the shared TypeScript project may only contain its
 * own sources (rootDir), so the module is loaded at run time and typed by the shape used here.
 */
interface PersonaModule {
  PERSONAS: readonly { username: string }[]
  personaAccess(persona: { username: string }): VisibilityUser
}
const fixtures = new URL('../../../fixtures/personas.ts', import.meta.url).href
const { PERSONAS, personaAccess } = (await import(/* @vite-ignore */ fixtures)) as PersonaModule

interface Expected {
  landing: string
  tabs: string[]
  /** Sub-tab titles shown in the navigation, for the tabs named. */
  subTabs?: Record<string, string[]>
  opens?: string[]
  cannotOpen?: string[]
}

const DEFAULT_TABS = [
  'Clusters',
  'Jobs',
  'Data',
  'Reports',
  'Auto Actions',
  'Migration',
  'App Store',
  'Manage',
]
// Defaults (user-defaults.ts): kafka and hbase on, ELK off, so Elasticsearch, Logstash and Kibana are hidden.
const DEFAULT_CLUSTER_SUBTABS = [
  'Overview',
  'Jobs',
  'Resources',
  'Chargeback',
  'Cluster Workload',
  'Queue Analysis',
  'Kafka',
  'Cluster Insights',
  'HBase',
]
// Audit and billing are off by default, so Manage stops short of Audit and Bills.
const DEFAULT_MANAGE = [
  'Daemons',
  'Stats',
  'Run Diagnostics',
  'Monitoring',
  'API Tokens',
  'Role Manager',
  'Notification Channels',
]
const DB_TABS = [
  'Home',
  'Cost',
  'Compute',
  'Jobs',
  'SQL',
  'Data',
  'Reports',
  'App Store',
  'Auto Actions',
  'Manage',
]

/** A CDH/HDP/CDP/MAPR user or readonly admin with default flags. */
const defaultNonAdmin: Expected = {
  landing: '/clusters/overview',
  tabs: DEFAULT_TABS,
  subTabs: { Clusters: DEFAULT_CLUSTER_SUBTABS, 'App Store': ['Apps'], Manage: DEFAULT_MANAGE },
  cannotOpen: ['/apps/admin', '/manage/audit', '/manage/bills', '/clusters/kibana', '/cost/trends', '/home'],
}

const defaultAdmin: Expected = {
  landing: '/clusters/overview',
  tabs: DEFAULT_TABS,
  subTabs: { 'App Store': ['Apps', 'Manage Apps'], Manage: DEFAULT_MANAGE },
  opens: ['/apps/admin', '/value_dashboard', '/migrationplaning/workloadfit'],
  cannotOpen: ['/manage/audit', '/manage/bills', '/clusters/list'],
}

const EXPECTED: Record<string, Expected> = {
  admin: {
    landing: '/clusters/overview',
    tabs: DEFAULT_TABS,
    subTabs: {
      // Every flag on: ELK pages too.
      Clusters: [...DEFAULT_CLUSTER_SUBTABS, 'Elasticsearch', 'Logstash', 'Kibana'],
      Data: ['Overview', 'Tables', 'Configure Policy', 'Small Files', 'Forecasting', 'File Reports'],
      Manage: [
        'Daemons',
        'Stats',
        'Run Diagnostics',
        'Monitoring',
        'API Tokens',
        'Role Manager',
        'Audit',
        'Bills',
        'Notification Channels',
      ],
    },
    opens: ['/manage/audit', '/manage/bills', '/apps/admin', '/clusters/kafka/metrics'],
  },
  readonly: defaultNonAdmin,
  analyst: defaultNonAdmin,
  trial: defaultNonAdmin,
  hdp: defaultAdmin,
  cdp: defaultAdmin,
  mapr: defaultAdmin,
  emr: {
    landing: '/cost/trends',
    // Migration needs onprem, which EMR users do not have.
    tabs: ['Cost', 'Clusters', 'Jobs', 'Data', 'Reports', 'Auto Actions', 'App Store', 'Manage'],
    subTabs: {
      Cost: ['Trends', 'Chargeback', 'Budgets'],
      Clusters: ['Cluster List', ...DEFAULT_CLUSTER_SUBTABS],
      Manage: [
        'Daemons',
        'Stats',
        'Run Diagnostics',
        'Monitoring',
        'API Tokens',
        'Role Manager',
        'AWS Account Settings',
        'Notification Channels',
      ],
    },
    opens: ['/clusters/list', '/clusters/j-1/details/', '/cost/budget/b-1/details/', '/apps/admin'],
    cannotOpen: ['/migrationplaning/clusterdiscovery', '/manage/audit'],
  },
  'emr-readonly': {
    landing: '/cost/trends',
    tabs: ['Cost', 'Clusters', 'Jobs', 'Data', 'Reports', 'Auto Actions', 'App Store', 'Manage'],
    subTabs: {
      Cost: ['Trends', 'Chargeback', 'Budgets'],
      Clusters: ['Cluster List', ...DEFAULT_CLUSTER_SUBTABS],
      // Manage Apps is for admins (B041 lets a read-only admin in on Databricks only).
      'App Store': ['Apps'],
      Manage: [
        'Daemons',
        'Stats',
        'Run Diagnostics',
        'Monitoring',
        'API Tokens',
        'Role Manager',
        'AWS Account Settings',
        'Notification Channels',
      ],
    },
    opens: [
      '/cost/budget',
      '/cost/budget/b-1/details/',
      '/manage/awsaccountsettings',
      '/clusters/j-1/details/',
    ],
    cannotOpen: ['/apps/admin', '/manage/audit'],
  },
  databricks: {
    landing: '/home',
    tabs: DB_TABS,
    subTabs: {
      Cost: ['Trends', 'Drill Downs', 'Budgets', 'Chargeback'],
      SQL: ['Overview', 'Users', 'Warehouses', 'Queries'],
      'App Store': ['Apps', 'Manage Apps'],
      Manage: [
        'Daemons',
        'Stats',
        'Run Diagnostics',
        'Monitoring',
        'API Tokens',
        'Role Manager',
        'Workspaces',
        'Billing',
        'Notification Channels',
      ],
    },
    // The databricks persona has billing enabled (issue 20: /manage/billing works on the seeded data).
    opens: [
      '/jmx/monitoring',
      '/apps/admin',
      '/jobs/insights/nightly-etl/actions',
      '/autoactions',
      '/manage/billing',
    ],
    cannotOpen: ['/manage/audit', '/autoactions/list', '/clusters/overview'],
  },
  snowflake: {
    landing: '/home',
    tabs: ['Home', 'Cost', 'Warehouse', 'Query', 'Data', 'App Store', 'Manage'],
    subTabs: {
      Cost: ['Overview', 'Users', 'Warehouses', 'Queries', 'Tags'],
      Data: ['Overview', 'Tables'],
      Manage: [
        'Data Ingestion Monitor',
        'Kafka Consumption',
        'System Usage',
        'Daemons',
        'Stats',
        'Run Diagnostics',
        'API Tokens',
        'Users',
        'Roles',
        'Notification Channels',
      ],
    },
    opens: ['/os_dashboard', '/os_alerting', '/osd_anomalies', '/api_docs', '/query/compare'],
    cannotOpen: ['/manage/audit', '/manage/bills'],
  },
  bigquery: {
    // G08: the admin's own landing, /os_dashboard (issue 23).
    landing: '/os_dashboard',
    tabs: ['Cost', 'Projects', 'Jobs', 'Data', 'App Store', 'Manage'],
    subTabs: {
      Cost: ['Cost 360', 'Top K', 'Tags'],
      Jobs: ['Jobs'],
      Manage: [
        'Kafka Consumption',
        'System Usage',
        'API Tokens',
        'Users',
        'Roles',
        'Notification Channels',
        'Daemons',
        'Stats',
        'Run Diagnostics',
      ],
    },
    opens: ['/os_dashboard', '/osd_insights', '/data', '/api_docs', '/job/abc/details'],
    cannotOpen: ['/manage/audit', '/manage/bills', '/home'],
  },
  k8s: {
    landing: '/kubernetes/osd_topx',
    tabs: ['Kubernetes', 'Jobs', 'App Store', 'Manage'],
    subTabs: { Kubernetes: ['Top X', 'Usage Trends', 'App Metrics', 'Logs'], Jobs: ['Applications'] },
    opens: ['/os_dashboard', '/os_alerting', '/manage', '/app/application/spark', '/globalsearch/etl'],
    cannotOpen: ['/manage/daemons', '/osd_anomalies'],
  },
  freemium: {
    landing: '/home',
    tabs: DB_TABS,
    subTabs: { 'App Store': ['Apps'] },
    cannotOpen: ['/apps/admin', '/jmx/monitoring', '/manage/audit'],
  },
  frozen: defaultNonAdmin,
  restricted: {
    landing: '/clusters/overview',
    tabs: ['Clusters', 'Jobs', 'Reports'],
    subTabs: { Clusters: ['Overview', 'Resources'], Jobs: ['Applications'], Reports: ['Top X'] },
    opens: ['/clusters/overview', '/clusters/resources', '/jobs/applications', '/reports/topx'],
    cannotOpen: [
      '/clusters/jobs',
      '/jobs/pipelines',
      '/data/overview',
      '/reports/archives',
      '/manage/daemons',
    ],
  },
  sfuser: {
    landing: '/home',
    tabs: ['Home', 'Cost', 'Warehouse', 'Query', 'Data', 'App Store'],
    subTabs: { Data: ['Tables'], Query: ['Queries'] },
    opens: ['/data/tables', '/api_docs', '/warehouse/wh-1/details'],
    cannotOpen: ['/os_dashboard', '/os_alerting', '/manage/daemons', '/manage/apitokens', '/data/overview'],
  },
}

describe('persona navigation (B022, B028, B035-B049, R227-R232)', () => {
  it('every persona has a written-out expectation', () => {
    expect(PERSONAS.map((p) => p.username).sort()).toEqual(Object.keys(EXPECTED).sort())
  })

  describe.each(PERSONAS.map((p) => [p.username, p] as const))('%s', (username, persona) => {
    const expected = EXPECTED[username] as Expected
    const config = buildRouteConfig(personaAccess(persona))

    it(`B022 lands on ${expected.landing}`, () => {
      expect(config.landing).toBe(expected.landing)
    })

    it('B039 sees exactly the expected tabs, in order', () => {
      expect(config.tabs.map((t) => t.title)).toEqual(expected.tabs)
    })

    it.each(Object.entries(expected.subTabs ?? {}))('sees the sub-tabs of %s', (title, subTabs) => {
      const shown = config.tabs.find((t) => t.title === title)?.children.filter((c) => c.inNav !== false)
      expect(shown?.map((c) => c.title)).toEqual(subTabs)
    })

    it.each(expected.opens ?? [])('may open %s', (pathname) => {
      expect(matchRoute(config, pathname)).toBeDefined()
    })

    it.each(expected.cannotOpen ?? [])('may not open %s', (pathname) => {
      expect(matchRoute(config, pathname)).toBeUndefined()
    })
  })
})
