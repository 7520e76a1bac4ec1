import { BUILT_IN_OS_ROLES, type ClusterType, type OsPermission } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { insertRole, insertUser } from '../repositories/os-access.ts'

const DAY = 86_400_000

/** The platforms with OpenSearch views (03 §2), each with an OpenSearch of its own. */
const OPENSEARCH_PLATFORMS: readonly ClusterType[] = ['SNOWFLAKE', 'BIGQUERYV2', 'K8S']

/** Roles a team adds to the built-in ones: the FinOps readers and the on-call engineers. */
const CUSTOM_ROLES: readonly { name: string; description: string; permissions: readonly OsPermission[] }[] = [
  {
    name: 'finops_analyst',
    description: 'Reads cost dashboards, alerts and anomalies',
    permissions: ['dashboards:read', 'alerting:read', 'anomalies:read'],
  },
  {
    name: 'platform_oncall',
    description: 'Runs the monitors and the channels they page',
    permissions: [
      'dashboards:read',
      'alerting:read',
      'alerting:write',
      'notifications:read',
      'notifications:write',
    ],
  },
]

const USERS = [
  { username: 'admin', roles: ['all_access'], backendRoles: ['admin'], attributes: [], age: 200 },
  {
    username: 'finops.reader',
    roles: ['readall', 'finops_analyst'],
    backendRoles: ['finops'],
    attributes: [
      { key: 'team', value: 'finops' },
      { key: 'cost_center', value: 'cc-4410' },
    ],
    age: 95,
  },
  {
    username: 'oncall-bot',
    roles: ['alerting_full_access', 'platform_oncall'],
    backendRoles: ['sre'],
    attributes: [{ key: 'team', value: 'sre' }],
    age: 60,
  },
  {
    username: 'anomaly.svc',
    roles: ['anomaly_full_access'],
    backendRoles: [],
    attributes: [{ key: 'env', value: 'prod' }],
    age: 32,
  },
  { username: 'dashboards_viewer', roles: ['readall'], backendRoles: ['analysts'], attributes: [], age: 9 },
] as const

/**
 * The OpenSearch users and roles of each platform with OpenSearch views: the reserved roles, two
 * of a team's own and a handful of internal users mapped to them. Their passwords were set in
 * OpenSearch itself (none is stored here). No generator: the same rows at every seed.
 */
export function seedOsAccess(db: Db, now: number): void {
  db.transaction(() => {
    for (const platform of OPENSEARCH_PLATFORMS) {
      for (const [name, role] of Object.entries(BUILT_IN_OS_ROLES))
        insertRole(db, platform, { name, ...role, builtIn: true }, now - 200 * DAY)
      for (const role of CUSTOM_ROLES) insertRole(db, platform, { ...role, builtIn: false }, now - 120 * DAY)
      for (const { age, ...user } of USERS)
        insertUser(
          db,
          platform,
          {
            ...user,
            roles: [...user.roles],
            backendRoles: [...user.backendRoles],
            attributes: [...user.attributes],
            passwordHash: null,
          },
          now - age * DAY,
        )
    }
  })()
}
