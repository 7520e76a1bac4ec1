import {
  defaultEnableFlags,
  derivedEnableFlags,
  type ClusterType,
  type CurrentUser,
  type Role,
} from '@costlens/shared'

/** A complete isValidToken answer for component tests. */
export function testUser(
  overrides: Partial<CurrentUser> & { role?: Role; clusterType?: ClusterType } = {},
): CurrentUser {
  const clusterType = overrides.clusterType ?? 'CDH'
  const base = {
    username: 'analyst',
    email: 'analyst@acme.example',
    org: 'ACME',
    created_at: 0,
    role: 'user' as Role,
    isAdmin: false,
    isReadonlyAdmin: false,
    currency: 'USD',
    clusterType,
    clusters: [
      {
        unravelId: 'cdh-prod-01',
        displayName: 'Production CDH',
        clusterName: 'prod-cdh-01',
        clusterType: 'Yarn',
      },
    ],
    yarnclusters: [],
    impalaclusters: [],
    frozenTime: false,
    frozenTimeStart: null,
    frozenTimeEnd: null,
    hdpReportingCluster: null,
    frozenYarnCluster: null,
    frozenImpalaCluster: null,
    bigQueryEnabled: false,
    prestoEnabled: false,
    isSaas: false,
    unravelPlan: 'enterprise',
    motionType: 'sales-led',
    isUnravelUser: false,
    plan: 'enterprise' as const,
    showOldCostExplorerPages: false,
    nativeApp: { enabled: false, isFreeVersion: false },
    licenseDetails: { licenseType: 'enterprise', expiresAt: 0, maxNodes: 100 },
    sfConfig: { accountType: 'NONE' },
    rbac: { enabled: false, views: [] },
    disableOndemandReports: [],
    idleExpiryTimeEnabled: false,
    idleExpiryTime: 7_200_000,
    about: 'test',
    exp: 0,
    auditDateFormat: 'MM/DD/YYYY HH:mm:ss',
    featureFlags: { onboardingTools: false, chatWidget: false, analytics: true, doNotTrack: false },
    ...defaultEnableFlags(clusterType),
    ...derivedEnableFlags({
      unravelPlan: 'enterprise',
      motionType: 'sales-led',
      isUnravelUser: false,
      nativeApp: { enabled: false, isFreeVersion: false },
      isSaas: false,
    }),
  }
  return { ...base, ...overrides }
}
