import { describe, expect, it } from 'vitest'
import type { ClusterType, Role } from '../contracts/common.ts'
import { defaultEnableFlags } from '../rules/user-defaults.ts'
import type { VisibilityUser } from './types.ts'
import {
  NO_ACCESS_LANDING,
  buildRouteConfig,
  isVisible,
  matchRoute,
  passesClusterType,
  passesViews,
  type VisibilityGate,
} from './visibility.ts'
import { firstVisibleChildPath } from './catalogue.ts'

/** A signed-in user with the defaults a new user of the type gets (rules/user-defaults.ts). */
function userOf(
  clusterType: string,
  role: Role = 'admin',
  extra: Partial<VisibilityUser> = {},
): VisibilityUser {
  return {
    role,
    clusterType: clusterType as ClusterType,
    rbac: { enabled: false, views: [] },
    disableOndemandReports: [],
    ...defaultEnableFlags(clusterType as ClusterType),
    isNotFreemium: true,
    isNotNativeApp: true,
    isNotFreeNativeApp: true,
    isNonSaas: true,
    ...extra,
  }
}

function rbac(views: string[]): Pick<VisibilityUser, 'rbac'> {
  return { rbac: { enabled: true, views } }
}

/** Whether the user can open a pathname at all (it is among the user's routes). */
function opens(user: VisibilityUser, pathname: string): boolean {
  return matchRoute(buildRouteConfig(user), pathname) !== undefined
}

const gate = (g: Partial<VisibilityGate>): VisibilityGate => ({ supportedTypes: ['CDH', 'EMR'], ...g })

describe('visibility condition 1: view permissions (B035, B040)', () => {
  it.each([
    ['B035 empty view list passes', [], 'clusters/overview', true],
    ['B035 a parent id passes', ['clusters'], 'clusters/overview', true],
    ['B035 a child id passes the tab', ['clusters/overview'], 'clusters', true],
    ['B035 an unrelated id hides', ['jobs'], 'clusters/overview', false],
    ['B035 a sibling id hides', ['clusters/overview'], 'clusters/kafka', false],
    ['B035 a prefix that is not a path segment hides', ['cluster'], 'clusters/overview', false],
  ])('%s', (_name, views, rbacId, expected) => {
    expect(isVisible(gate({ rbacId }), userOf('CDH', 'user', rbac(views)))).toBe(expected)
  })

  it('B040 the view list is ignored while rbac is disabled', () => {
    const user = userOf('CDH', 'user', { rbac: { enabled: false, views: ['jobs'] } })
    expect(passesViews('clusters/overview', user)).toBe(true)
    expect(buildRouteConfig(user).tabs.map((t) => t.title)).toContain('Clusters')
  })

  it('B040 with rbac enabled and views [jobs], only the Jobs tab is shown', () => {
    const config = buildRouteConfig(userOf('CDH', 'user', rbac(['jobs'])))
    expect(config.tabs.map((t) => t.title)).toEqual(['Jobs'])
    expect(config.landing).toBe('/jobs/applications')
  })

  it('B035 a route with no permission id is not RBAC-gated', () => {
    expect(opens(userOf('CDH', 'user', rbac(['jobs'])), '/globalsearch/spark')).toBe(true)
  })
})

describe('visibility condition 2: enable flags (B036)', () => {
  it.each([
    ['B036 kafkaEnabled false hides', { kafkaEnabled: false }, ['kafkaEnabled'] as const, true],
    ['B036 kafkaEnabled true passes', { kafkaEnabled: true }, ['kafkaEnabled'] as const, false],
    [
      'B036 a flag listed in disableOndemandReports hides',
      { topxEnabled: true, disableOndemandReports: ['topxEnabled'] },
      ['topxEnabled'] as const,
      true,
    ],
    ['B036 a flag the user lacks hides', { billingEnabled: undefined }, ['billingEnabled'] as const, true],
  ])('%s', (_name, extra, flags, hidden) => {
    expect(isVisible(gate({ flags }), userOf('CDH', 'admin', extra))).toBe(!hidden)
  })

  it.each([
    ['kafkaEnabled', ['/clusters/kafka', '/clusters/kafka/metrics', '/kafkatopic/c/t', '/kafkaconsumer/c/g']],
    ['hBaseEnabled', ['/clusters/hbase']],
    ['elkEnabled', ['/clusters/elasticsearch', '/clusters/logstash', '/clusters/kibana']],
  ] as const)('B036 the pages behind %s follow it (issue 21)', (flag, paths) => {
    for (const path of paths) {
      expect(opens(userOf('CDH', 'admin', { [flag]: false }), path), path).toBe(false)
      expect(opens(userOf('CDH', 'admin', { [flag]: true }), path), path).toBe(true)
    }
  })
})

describe('visibility condition 3: cluster types (B037)', () => {
  it.each([
    ['B037 EMR-only route hides for CDH', ['EMR'], 'CDH', false],
    ['B037 EMR and CDH route passes for CDH', ['EMR', 'CDH'], 'CDH', true],
    ['B037 !EMR hides for EMR', ['!EMR'], 'EMR', false],
    ['B037 a list of only exclusions admits every other type', ['!EMR'], 'CDH', true],
    ['B037 an exclusion wins over an inclusion', ['CDH', '!CDH'], 'CDH', false],
  ])('%s', (_name, supported, clusterType, expected) => {
    expect(passesClusterType(supported, clusterType)).toBe(expected)
  })

  it('B037 the EMR cluster list is not a CDH route', () => {
    expect(opens(userOf('CDH'), '/clusters/list')).toBe(false)
    expect(opens(userOf('EMR'), '/clusters/list')).toBe(true)
  })
})

describe('visibility condition 4: roles (B038)', () => {
  it.each([
    ['B038 admin-only hides readonlyAdmin', ['admin'] as Role[], 'readonlyAdmin' as Role, false],
    ['B038 admin-only passes admin', ['admin'] as Role[], 'admin' as Role, true],
    ['B038 no role list passes user', undefined, 'user' as Role, true],
  ])('%s', (_name, roles, role, expected) => {
    expect(isVisible(gate({ roles }), userOf('CDH', role))).toBe(expected)
  })
})

describe('tabs with no visible children (B039)', () => {
  it('B039 Manage is hidden when none of its pages is visible (Snowflake non-admin)', () => {
    expect(buildRouteConfig(userOf('SNOWFLAKE', 'user')).tabs.map((t) => t.title)).not.toContain('Manage')
  })

  it('B039 BigQuery Cost is hidden for a non-admin: every cost page is admin only', () => {
    expect(buildRouteConfig(userOf('BIGQUERYV2', 'user')).tabs.map((t) => t.title)).not.toContain('Cost')
  })

  it('B039 Migration is hidden on EMR, where every page needs onprem', () => {
    expect(buildRouteConfig(userOf('EMR')).tabs.map((t) => t.title)).not.toContain('Migration')
  })

  it('B039 a tab whose only visible child is a detail page is hidden', () => {
    const config = buildRouteConfig(userOf('CDH', 'user', rbac(['autoactions/details', 'jobs'])))
    expect(config.tabs.map((t) => t.title)).toEqual(['Jobs'])
    expect(
      opens(userOf('CDH', 'user', rbac(['autoactions/details', 'jobs'])), '/autoactions/7/details'),
    ).toBe(false)
  })

  it('B039 visible tabs keep only their visible children', () => {
    const clusters = buildRouteConfig(userOf('CDH', 'user', { elkEnabled: false })).tabs[0]
    expect(clusters?.children.map((c) => c.path)).not.toContain('/clusters/kibana')
  })
})

describe('role and flag gates of named pages (B041-B049)', () => {
  it.each([
    ['B041 CDH readonlyAdmin cannot open /apps/admin', userOf('CDH', 'readonlyAdmin'), '/apps/admin', false],
    ['B041 DB readonlyAdmin opens /apps/admin', userOf('DB', 'readonlyAdmin'), '/apps/admin', true],
    ['B041 DB user cannot open /apps/admin', userOf('DB', 'user'), '/apps/admin', false],
    [
      'B042 admin with audit enabled opens audit',
      userOf('CDH', 'admin', { isAuditEnabled: true }),
      '/manage/audit',
      true,
    ],
    [
      'B042 admin without audit enabled (default layout)',
      userOf('CDH', 'admin', { isAuditEnabled: false }),
      '/manage/audit',
      false,
    ],
    [
      'B042 readonlyAdmin never opens audit',
      userOf('CDH', 'readonlyAdmin', { isAuditEnabled: true }),
      '/manage/audit',
      false,
    ],
    [
      'B042 audit is admin only on Databricks too',
      userOf('DB', 'user', { isAuditEnabled: true }),
      '/manage/audit',
      false,
    ],
    ['B043 Snowflake user cannot open /os_alerting', userOf('SNOWFLAKE', 'user'), '/os_alerting', false],
    ['B043 Snowflake admin opens /os_alerting', userOf('SNOWFLAKE', 'admin'), '/os_alerting', true],
    ['B043 Snowflake user cannot open /osd_anomalies', userOf('SNOWFLAKE', 'user'), '/osd_anomalies', false],
    ['B044 BigQuery user cannot open /os_dashboard', userOf('BIGQUERYV2', 'user'), '/os_dashboard', false],
    ['B044 BigQuery admin opens /os_dashboard', userOf('BIGQUERYV2', 'admin'), '/os_dashboard', true],
    [
      'B045 readonlyAdmin cannot open OpenSearch users (Snowflake)',
      userOf('SNOWFLAKE', 'readonlyAdmin'),
      '/manage/os_manage_users',
      false,
    ],
    [
      'B045 readonlyAdmin cannot open OpenSearch roles (BigQuery)',
      userOf('BIGQUERYV2', 'readonlyAdmin'),
      '/manage/os_manage_roles',
      false,
    ],
    [
      'B046 Snowflake user cannot open /manage/system_usage',
      userOf('SNOWFLAKE', 'user'),
      '/manage/system_usage',
      false,
    ],
    ['B046 Snowflake user opens /data/tables', userOf('SNOWFLAKE', 'user'), '/data/tables', true],
    ['B046 Snowflake user cannot open /data/overview', userOf('SNOWFLAKE', 'user'), '/data/overview', false],
    [
      'B046 BigQuery user cannot open /manage/apitokens',
      userOf('BIGQUERYV2', 'user'),
      '/manage/apitokens',
      false,
    ],
    ['B046 BigQuery user opens /manage/daemons', userOf('BIGQUERYV2', 'user'), '/manage/daemons', true],
    ['B047 BigQuery user cannot open /cost/osd_topk', userOf('BIGQUERYV2', 'user'), '/cost/osd_topk', false],
    [
      'B047 BigQuery user cannot open /cost/osd_cost360',
      userOf('BIGQUERYV2', 'user'),
      '/cost/osd_cost360',
      false,
    ],
    ['B047 BigQuery user cannot open /cost/osd_tags', userOf('BIGQUERYV2', 'user'), '/cost/osd_tags', false],
    ['B047 BigQuery admin opens /cost/osd_cost360', userOf('BIGQUERYV2', 'admin'), '/cost/osd_cost360', true],
    ['B047 BigQuery user cannot open /data', userOf('BIGQUERYV2', 'user'), '/data', false],
    ['B047 Databricks user cannot open /jmx/monitoring', userOf('DB', 'user'), '/jmx/monitoring', false],
    ['B047 Databricks admin opens /jmx/monitoring', userOf('DB', 'admin'), '/jmx/monitoring', true],
    ['B047 CDH user opens /jmx/monitoring (no gate there)', userOf('CDH', 'user'), '/jmx/monitoring', true],
    ['B048 user opens /manage/rolemanager', userOf('CDH', 'user'), '/manage/rolemanager', true],
    ['B048 Databricks user opens /manage/workspaces', userOf('DB', 'user'), '/manage/workspaces', true],
    [
      'B049 billing disabled hides /manage/bills',
      userOf('CDH', 'admin', { billingEnabled: false }),
      '/manage/bills',
      false,
    ],
    [
      'B049 billing enabled shows /manage/bills',
      userOf('CDH', 'user', { billingEnabled: true }),
      '/manage/bills',
      true,
    ],
    // R104: the accounts are read by admins and read-only admins (a user of role user is refused the list).
    [
      'R104 EMR admin opens /manage/awsaccountsettings',
      userOf('EMR', 'admin'),
      '/manage/awsaccountsettings',
      true,
    ],
    [
      'R104 EMR readonlyAdmin opens /manage/awsaccountsettings',
      userOf('EMR', 'readonlyAdmin'),
      '/manage/awsaccountsettings',
      true,
    ],
  ])('%s', (_name, user, pathname, expected) => {
    expect(opens(user, pathname)).toBe(expected)
  })
})

describe('landing route (B022, B028, R227-R232, G08)', () => {
  it.each([
    ['B022 K8S at / lands on Top X', userOf('K8S'), '/kubernetes/osd_topx'],
    ['B022 B028 EMR lands on Cost trends', userOf('EMR'), '/cost/trends'],
    ['B022 CDH lands on clusters overview', userOf('CDH'), '/clusters/overview'],
    ['R227 HDP, CDP and MAPR share the default landing', userOf('MAPR', 'user'), '/clusters/overview'],
    ['R229 Databricks lands on /home', userOf('DB', 'user'), '/home'],
    ['B028 G08 Snowflake lands on /home (admin)', userOf('SNOWFLAKE', 'admin'), '/home'],
    ['B028 G08 Snowflake lands on /home (user)', userOf('SNOWFLAKE', 'user'), '/home'],
    ['G08 BigQuery admin lands on its dashboard', userOf('BIGQUERYV2', 'admin'), '/os_dashboard'],
    ['G08 BigQuery non-admin lands on /job/list', userOf('BIGQUERYV2', 'readonlyAdmin'), '/job/list'],
    [
      'R227 CDH without Clusters falls back to the next visible tab',
      userOf('CDH', 'user', rbac(['reports'])),
      '/reports/topx',
    ],
    [
      'R228 EMR without Cost falls back to the EMR cluster list',
      userOf('EMR', 'admin', rbac(['clusters'])),
      '/clusters/list',
    ],
    [
      'G08 BigQuery admin without dashboards falls back to /job/list',
      userOf('BIGQUERYV2', 'admin', rbac(['jobs'])),
      '/job/list',
    ],
    [
      'G08 Snowflake without home falls back to the first visible tab',
      userOf('SNOWFLAKE', 'user', rbac(['query'])),
      '/query/list',
    ],
    [
      'R227 a hidden first sub-tab gives way to the next one',
      userOf('CDH', 'user', rbac(['clusters/resources'])),
      '/clusters/resources',
    ],
    [
      'R232 K8S lands on Top X even with rbac on (not RBAC-gated)',
      userOf('K8S', 'user', rbac(['jobs'])),
      '/kubernetes/osd_topx',
    ],
  ])('%s', (_name, user, landing) => {
    expect(buildRouteConfig(user).landing).toBe(landing)
  })

  it('B022 a user who may open no tab lands on a path the not-found page explains', () => {
    const config = buildRouteConfig(userOf('CDH', 'user', rbac(['nothing'])))
    expect(config.tabs).toEqual([])
    expect(config.landing).toBe(NO_ACCESS_LANDING)
  })
})

describe('route configuration (B029, B301, G10, C17)', () => {
  it('B029 a CDH user who becomes SNOWFLAKE gets Snowflake tabs, landing and routes', () => {
    const before = buildRouteConfig(userOf('CDH', 'user'))
    const after = buildRouteConfig(userOf('SNOWFLAKE', 'user'))
    expect(before.tabs[0]?.title).toBe('Clusters')
    expect(after.clusterType).toBe('SNOWFLAKE')
    expect(after.tabs.map((t) => t.title)).toEqual([
      'Home',
      'Cost',
      'Warehouse',
      'Query',
      'Data',
      'App Store',
    ])
    expect(after.landing).toBe('/home')
    expect(matchRoute(after, '/clusters/overview')).toBeUndefined()
    expect(matchRoute(after, '/warehouse/list')).toBeDefined()
  })

  it('B301 an unknown cluster type (HDI) gets the default layout', () => {
    const config = buildRouteConfig(userOf('HDI', 'user'))
    expect(config.tabs[0]?.title).toBe('Clusters')
    expect(config.landing).toBe('/clusters/overview')
  })

  it('G10 Databricks routes exactly one trends page: new pages by default', () => {
    const config = buildRouteConfig(userOf('DB', 'user'))
    expect(config.routes.filter((r) => r.path === '/cost_explorer/trends').map((r) => r.specIds)).toEqual([
      ['R183'],
    ])
    expect(matchRoute(config, '/cost_explorer/chargeback')).toBeDefined()
  })

  it('G10 Databricks with the old pages routes R179 and no new chargeback page', () => {
    const old = userOf('DB', 'user', { newChargebackAndTrendPages: false, oldChargebackAndTrendPages: true })
    const config = buildRouteConfig(old)
    expect(matchRoute(config, '/cost_explorer/trends')?.route.specIds).toEqual(['R179'])
    expect(matchRoute(config, '/cost_explorer/chargeback')).toBeUndefined()
    expect(config.tabs.find((t) => t.key === 'cost')?.children.map((c) => c.title)).toEqual([
      'Trends',
      'Drill Downs',
      'Budgets',
      'Budget Details',
    ])
  })

  it.each([
    [
      'C17 /autoactions redirects to its list on CDH',
      userOf('CDH', 'user'),
      '/autoactions',
      '/autoactions/list',
    ],
    [
      'C17 /warehouse redirects to its list on Snowflake',
      userOf('SNOWFLAKE', 'user'),
      '/warehouse',
      '/warehouse/list',
    ],
    ['C17 /query redirects to its list on Snowflake', userOf('SNOWFLAKE', 'user'), '/query', '/query/list'],
    ['C17 /job redirects to its list on BigQuery', userOf('BIGQUERYV2', 'user'), '/job', '/job/list'],
    [
      'a tab path goes to its first visible sub-tab',
      userOf('CDH', 'user', rbac(['clusters/resources'])),
      '/clusters',
      '/clusters/resources',
    ],
  ])('%s', (_name, user, from, to) => {
    expect(buildRouteConfig(user).redirects?.[from]).toBe(to)
  })

  it('C17 Databricks keeps its auto-action list at /autoactions itself: no redirect', () => {
    const config = buildRouteConfig(userOf('DB', 'user'))
    expect(config.redirects?.['/autoactions']).toBeUndefined()
    expect(matchRoute(config, '/autoactions')?.route.specIds).toEqual(['R202'])
  })

  it('no redirect points at a page the user may not open', () => {
    const config = buildRouteConfig(userOf('SNOWFLAKE', 'user', rbac(['home'])))
    expect(config.redirects).toEqual({})
  })

  it('firstVisibleChildPath skips detail pages and falls back to the tab page', () => {
    const config = buildRouteConfig(userOf('DB', 'user'))
    expect(config.tabs.map(firstVisibleChildPath)).toEqual([
      '/home',
      '/cost_explorer/trends',
      '/compute/dbclusters',
      '/jobs/runs',
      '/sql/osd_sql_overview',
      '/data',
      '/reports/topx',
      '/apps',
      '/autoactions',
      '/manage/daemons',
    ])
  })
})

describe('matchRoute', () => {
  const config = buildRouteConfig(userOf('SNOWFLAKE', 'admin'))

  it('R145 reads the path parameter of a detail page', () => {
    expect(matchRoute(config, '/query/01ab-c%2Fd/details')).toEqual({
      route: expect.objectContaining({ specIds: ['R145'] }),
      params: { queryUid: '01ab-c/d' },
    })
  })

  it('R146 a literal segment wins over a parameter', () => {
    expect(matchRoute(config, '/query/compare')?.route.specIds).toEqual(['R146'])
    expect(matchRoute(config, '/app/application/session')?.route.specIds).toEqual(['R110'])
    expect(matchRoute(config, '/app/application/spark')?.params).toEqual({ appType: 'spark' })
  })

  it('R101 trailing slashes do not matter', () => {
    const emr = buildRouteConfig(userOf('EMR'))
    expect(matchRoute(emr, '/cost/budget/b-1/details')?.route.specIds).toEqual(['R101'])
    expect(matchRoute(emr, '/cost/trends/')?.route.specIds).toEqual(['R098'])
  })

  it('B024 an unknown path matches nothing (the not-found page)', () => {
    expect(matchRoute(config, '/no/such/page')).toBeUndefined()
  })
})
