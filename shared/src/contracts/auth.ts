import { Type, type Static } from 'typebox'
import { ClusterTypeSchema, RoleSchema } from './common.ts'
import { ClusterItemSchema } from './clusters.ts'

/**
 * Session tokens last 2 hours, as the real product's (exp - iat = 7200 s, REAL-API-NOTES §1). The
 * simulator signs them for this long; the console keeps its auth_token cookie no longer.
 */
export const SESSION_TOKEN_LIFETIME_S = 7200

/** Sign-in modes (01 §4, C01): all four accepted; ldap signs in like open. */
export const SIGN_IN_MODES = ['open', 'ldap', 'saml', 'aad'] as const
export type SignInMode = (typeof SIGN_IN_MODES)[number]

/**
 * Enable flags the visibility rule reads (01 §6, B304). Each is a boolean property of the
 * current user record. The four `isNot…`/`isNonSaas` flags are derived from the plan and
 * deployment fields by the server, so the client never recomputes them.
 */
export const ENABLE_FLAGS = [
  'elkEnabled',
  'kafkaEnabled',
  'hBaseEnabled',
  'enableScheduleJobs',
  'onprem',
  'pythonFileReportsEnabled',
  'enableCloudReport',
  'workloadfitEnabled',
  'isValueDashboardEnabled',
  'appstoreEnabled',
  'isAuditEnabled',
  'billingEnabled',
  'topxEnabled',
  'pipelinesEnabled',
  'newChargebackAndTrendPages',
  'oldChargebackAndTrendPages',
  'isNotFreemium',
  'isNotNativeApp',
  'isNotFreeNativeApp',
  'isNonSaas',
] as const
export type EnableFlag = (typeof ENABLE_FLAGS)[number]

const flagProperties = Object.fromEntries(ENABLE_FLAGS.map((f) => [f, Type.Boolean()])) as {
  [K in EnableFlag]: ReturnType<typeof Type.Boolean>
}

/** POST /api/v1/webSignIn (E002). The browser sends `salt` and `ct`, never the password. */
export const WebSignInBodySchema = Type.Union(
  [
    Type.Object(
      {
        username: Type.String({ minLength: 1, maxLength: 200 }),
        salt: Type.String({ minLength: 16, maxLength: 128, description: 'Fresh random value per sign-in' }),
        ct: Type.String({ minLength: 1, maxLength: 4096, description: 'encryptPassword(password, salt)' }),
      },
      { additionalProperties: false },
    ),
    // The older public scripts post a plain form: accepted so they keep working (REAL-API-NOTES §2).
    Type.Object(
      {
        username: Type.String({ minLength: 1, maxLength: 200 }),
        password: Type.String({ minLength: 1, maxLength: 1024 }),
      },
      { additionalProperties: false },
    ),
  ],
  { description: 'username + salt + ct (the console), or username + password (legacy scripts)' },
)
export type WebSignInBody = Static<typeof WebSignInBodySchema>

/** Sign-in answer, shaped like the real product's documented signIn response. */
export const SignInResponseSchema = Type.Object(
  {
    message: Type.Literal('ok'),
    token: Type.String(),
    role: RoleSchema,
    readOnly: Type.Boolean(),
    tags: Type.String(),
    id: Type.String(),
    username: Type.String(),
  },
  { title: 'SignInResponse' },
)
export type SignInResponse = Static<typeof SignInResponseSchema>

/** GET /saml/check and /aad/check (E003, E004). */
export const SsoCheckResponseSchema = Type.Object({ token: Type.String() })
export type SsoCheckResponse = Static<typeof SsoCheckResponseSchema>

/**
 * The current user as GET /api/v1/isValidToken returns it (01 §3, E005): the user's
 * fields, `exp`, and the cluster lists, flat in one object.
 */
export const CurrentUserSchema = Type.Object(
  {
    username: Type.String(),
    email: Type.String({ description: 'contact address' }),
    org: Type.String(),
    created_at: Type.Integer({ description: 'epoch ms' }),
    role: RoleSchema,
    isAdmin: Type.Boolean(),
    isReadonlyAdmin: Type.Boolean(),
    currency: Type.String({ default: 'USD' }),
    clusterType: ClusterTypeSchema,
    clusters: Type.Array(ClusterItemSchema),
    yarnclusters: Type.Array(ClusterItemSchema),
    impalaclusters: Type.Array(ClusterItemSchema),
    frozenTime: Type.Boolean(),
    frozenTimeStart: Type.Union([Type.Integer(), Type.Null()], { description: 'epoch ms' }),
    frozenTimeEnd: Type.Union([Type.Integer(), Type.Null()], { description: 'epoch ms' }),
    hdpReportingCluster: Type.Union([Type.String(), Type.Null()]),
    frozenYarnCluster: Type.Union([Type.String(), Type.Null()]),
    frozenImpalaCluster: Type.Union([Type.String(), Type.Null()]),
    bigQueryEnabled: Type.Boolean(),
    prestoEnabled: Type.Boolean(),
    isSaas: Type.Boolean(),
    unravelPlan: Type.String({
      description: '"standard" (freemium unless sales-led product-team user) or "enterprise"',
    }),
    motionType: Type.String({ description: '"sales-led" or "product-led"' }),
    isUnravelUser: Type.Boolean(),
    plan: Type.Union([Type.Literal('freemium'), Type.Literal('enterprise')], {
      description: 'Resolved plan (B051)',
    }),
    showOldCostExplorerPages: Type.Boolean(),
    nativeApp: Type.Object({ enabled: Type.Boolean(), isFreeVersion: Type.Boolean() }),
    licenseDetails: Type.Object({
      licenseType: Type.String(),
      expiresAt: Type.Integer({ description: 'epoch ms' }),
      maxNodes: Type.Integer(),
    }),
    sfConfig: Type.Object({ accountType: Type.String() }),
    rbac: Type.Object({ enabled: Type.Boolean(), views: Type.Array(Type.String()) }),
    disableOndemandReports: Type.Array(Type.String()),
    idleExpiryTimeEnabled: Type.Boolean(),
    idleExpiryTime: Type.Integer({ description: 'ms of inactivity before logout when enabled' }),
    about: Type.String(),
    exp: Type.Integer({ description: 'token expiry, epoch seconds' }),
    auditDateFormat: Type.String(),
    featureFlags: Type.Object({
      onboardingTools: Type.Boolean(),
      chatWidget: Type.Boolean(),
      analytics: Type.Boolean(),
      doNotTrack: Type.Boolean(),
    }),
    ...flagProperties,
  },
  { title: 'CurrentUser' },
)
export type CurrentUser = Static<typeof CurrentUserSchema>

/** PUT /api/{ui}/ui/upgrade-plan (E012). */
export const UpgradePlanResponseSchema = Type.Object({
  status: Type.Union([Type.Literal('success'), Type.Literal('failure')]),
  message: Type.String(),
})
export type UpgradePlanResponse = Static<typeof UpgradePlanResponseSchema>

/**
 * The AAD external-logout check (E006, path not shown in the spec: defined as GET /aad/session).
 * 200 while the session is valid; 401 once it has ended, which logs the console out.
 */
export const AadSessionResponseSchema = Type.Object({ active: Type.Literal(true) })
export type AadSessionResponse = Static<typeof AadSessionResponseSchema>
