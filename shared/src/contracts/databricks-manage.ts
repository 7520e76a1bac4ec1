import { Type, type Static } from 'typebox'
import { DATABRICKS_SKUS } from '../rules/databricks-catalogue.ts'

/*
 * Databricks workspaces and billing (02 §3 Databricks workspace config and Billing labels, 02 §5
 * Workspace form, 02 §7 the workspace calls and billing; /manage/workspaces R210, /manage/billing R211).
 * The body's field names are not shown (E137 notes): they are the form's (rules/forms.ts
 * WorkspaceForm), so one name runs from the form metadata through the form to the table.
 */

/** The most workspaces one install keeps. */
export const MAX_DATABRICKS_WORKSPACES = 100

export const DATABRICKS_CLOUDS = ['AWS', 'AZURE'] as const
export const DATABRICKS_TIERS = ['STANDARD', 'PREMIUM', 'ENTERPRISE'] as const
/** How costlens signs in to a workspace: a personal access token, or OAuth (02 §3). */
export const DATABRICKS_AUTH_TYPES = ['token', 'oauth'] as const
export const DATABRICKS_IDENTITY_PROVIDERS = ['DATABRICKS', 'AAD'] as const

/** The tier and cloud words the form shows. */
export const DATABRICKS_TIER_LABELS = {
  STANDARD: 'Standard',
  PREMIUM: 'Premium',
  ENTERPRISE: 'Enterprise',
} as const
export const DATABRICKS_CLOUD_LABELS = { AWS: 'AWS', AZURE: 'Azure' } as const

/** The regions Databricks runs in, per cloud (E140; Databricks' "Supported regions" pages). */
export const DATABRICKS_REGIONS = {
  AWS: [
    'us-east-1',
    'us-east-2',
    'us-west-1',
    'us-west-2',
    'ca-central-1',
    'sa-east-1',
    'eu-central-1',
    'eu-west-1',
    'eu-west-2',
    'eu-west-3',
    'ap-northeast-1',
    'ap-northeast-2',
    'ap-south-1',
    'ap-southeast-1',
    'ap-southeast-2',
  ],
  AZURE: [
    'eastus',
    'eastus2',
    'westus',
    'westus2',
    'westus3',
    'centralus',
    'northcentralus',
    'southcentralus',
    'canadacentral',
    'brazilsouth',
    'northeurope',
    'westeurope',
    'uksouth',
    'francecentral',
    'germanywestcentral',
    'switzerlandnorth',
    'swedencentral',
    'norwayeast',
    'uaenorth',
    'southafricanorth',
    'centralindia',
    'southeastasia',
    'eastasia',
    'japaneast',
    'koreacentral',
    'australiaeast',
  ],
} as const satisfies Record<(typeof DATABRICKS_CLOUDS)[number], readonly string[]>

/** What a region outside its cloud's list is told (wording ours, G22). */
export const DATABRICKS_REGION_MESSAGE = 'Choose a region of the workspace’s cloud from the list'

const text = (maxLength: number, description?: string) =>
  Type.String({ maxLength, ...(description && { description }) })

/**
 * POST body (E137): create, or modify the workspace `existingWorkspaceId` names. Required and
 * unique id and name, the URL and the credentials are checked by B197-B200 (validateWorkspaceForm)
 * with the spec's messages, so the schema only bounds them. Secrets are never stored or answered:
 * a token or client secret sent is kept as "set"; on modify, one left out keeps what was set.
 */
export const DatabricksWorkspaceInputSchema = Type.Object(
  {
    existingWorkspaceId: Type.Optional(
      text(32, 'the Workspace ID of the workspace modified; absent: create'),
    ),
    workspaceId: text(32, "Databricks' workspace id, e.g. 4051729395532381"),
    workspaceName: text(100),
    instanceUrl: text(255, 'https://<host>, no trailing slash'),
    cloud: Type.Enum(DATABRICKS_CLOUDS),
    tier: Type.Enum(DATABRICKS_TIERS),
    region: text(40),
    auth: Type.Enum(DATABRICKS_AUTH_TYPES),
    token: Type.Optional(text(512, 'write only: never stored or answered, only that one was given')),
    tokenSecretName: Type.Optional(text(255)),
    identityProvider: Type.Optional(Type.Enum(DATABRICKS_IDENTITY_PROVIDERS)),
    tenantId: Type.Optional(text(100)),
    clientId: Type.Optional(text(100)),
    clientSecret: Type.Optional(text(512, 'write only: never stored or answered, only that one was given')),
    clientSecretName: Type.Optional(text(255)),
    scopes: Type.Optional(text(500)),
    accountId: text(100),
    sqlEnabled: Type.Boolean(),
  },
  { additionalProperties: false, title: 'DatabricksWorkspaceInput' },
)
export type DatabricksWorkspaceInput = Static<typeof DatabricksWorkspaceInputSchema>

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()])

/** A workspace's configuration as answered: secrets only as `tokenSet` / `clientSecretSet` and their names. */
export const DatabricksWorkspaceMetadataSchema = Type.Object(
  {
    instanceUrl: Type.String(),
    cloud: Type.Enum(DATABRICKS_CLOUDS),
    tier: Type.Enum(DATABRICKS_TIERS),
    region: Type.String(),
    auth: Type.Enum(DATABRICKS_AUTH_TYPES),
    tokenSet: Type.Boolean(),
    tokenSecretName: nullable(Type.String()),
    identityProvider: nullable(Type.Enum(DATABRICKS_IDENTITY_PROVIDERS)),
    tenantId: nullable(Type.String()),
    clientId: nullable(Type.String()),
    clientSecretSet: Type.Boolean(),
    clientSecretName: nullable(Type.String()),
    scopes: nullable(Type.String()),
    accountId: nullable(Type.String()),
    sqlEnabled: Type.Boolean(),
    seeded: Type.Boolean({ description: 'has seeded data (a workspace added with the form has none)' }),
    runs: Type.Integer({ description: 'job runs held for the workspace' }),
    lastUsageDay: nullable(Type.Integer({ description: 'epoch ms of the UTC day of its latest usage' })),
    createdAt: Type.Integer({ description: 'epoch ms' }),
  },
  { title: 'DatabricksWorkspaceMetadata', additionalProperties: false },
)
export type DatabricksWorkspaceMetadata = Static<typeof DatabricksWorkspaceMetadataSchema>

export const DatabricksWorkspaceSchema = Type.Object(
  {
    workspaceId: Type.String(),
    workspaceName: Type.String(),
    metadata: Type.Optional(DatabricksWorkspaceMetadataSchema),
  },
  { title: 'DatabricksWorkspace', additionalProperties: false },
)
export type DatabricksWorkspace = Static<typeof DatabricksWorkspaceSchema>

export const DatabricksWorkspaceListQuerySchema = Type.Object(
  { metadata: Type.Optional(Type.Boolean({ description: 'true: each workspace with its configuration' })) },
  { additionalProperties: false },
)

export const DatabricksWorkspaceListSchema = Type.Object(
  { workspaces: Type.Array(DatabricksWorkspaceSchema), limit: Type.Integer() },
  { title: 'DatabricksWorkspaceList' },
)
export type DatabricksWorkspaceList = Static<typeof DatabricksWorkspaceListSchema>

export const DatabricksWorkspaceParamsSchema = Type.Object(
  { workspaceId: Type.String({ minLength: 1, maxLength: 32 }) },
  { additionalProperties: false },
)

/** E138: each workspace's properties: where it runs and the list price of each SKU its tier sells (USD/DBU). */
export const DatabricksWorkspacePropertiesSchema = Type.Object(
  {
    properties: Type.Array(
      Type.Object(
        {
          workspaceId: Type.String(),
          workspaceName: Type.String(),
          cloud: Type.Enum(DATABRICKS_CLOUDS),
          tier: Type.Enum(DATABRICKS_TIERS),
          region: Type.String(),
          sqlEnabled: Type.Boolean(),
          usdPerDbu: Type.Record(Type.String(), Type.Number(), {
            description: 'SKU → USD per DBU at list price (SKUs the tier does not sell are left out)',
          }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { title: 'DatabricksWorkspaceProperties' },
)
export type DatabricksWorkspaceProperties = Static<typeof DatabricksWorkspacePropertiesSchema>

export const WORKSPACE_FORM_FIELD_TYPES = ['text', 'url', 'password', 'select', 'radio', 'switch'] as const

/** E139: one field of the workspace form, as the form draws it. */
export const WorkspaceFormFieldSchema = Type.Object(
  {
    name: Type.String(),
    label: Type.String(),
    type: Type.Enum(WORKSPACE_FORM_FIELD_TYPES),
    required: Type.Boolean(),
    options: Type.Optional(Type.Array(Type.Object({ value: Type.String(), label: Type.String() }))),
    placeholder: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    /** Shown only while another field has this value (the OAuth fields, the token fields). */
    showWhen: Type.Optional(Type.Object({ field: Type.String(), equals: Type.String() })),
    /** A secret: drawn as a password input, never prefilled. */
    secret: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, title: 'WorkspaceFormField' },
)
export type WorkspaceFormField = Static<typeof WorkspaceFormFieldSchema>

/** E139: fields grouped as the spec says (02 §3); aws / azure hold each cloud's own (its regions). */
export const WorkspaceFormMetadataSchema = Type.Object(
  {
    coreFields: Type.Array(WorkspaceFormFieldSchema),
    aws: Type.Array(WorkspaceFormFieldSchema),
    azure: Type.Array(WorkspaceFormFieldSchema),
  },
  { title: 'WorkspaceFormMetadata' },
)
export type WorkspaceFormMetadata = Static<typeof WorkspaceFormMetadataSchema>

/** E140: the regions of each cloud. */
export const DatabricksRegionsSchema = Type.Object(
  { AWS: Type.Array(Type.String()), AZURE: Type.Array(Type.String()) },
  { title: 'DatabricksRegions' },
)

/** E141: per workspace, whether Databricks SQL is on and its SQL warehouses (running: an open session now). */
export const DatabricksSqlStatusSchema = Type.Object(
  {
    workspaces: Type.Array(
      Type.Object(
        {
          workspaceId: Type.String(),
          workspaceName: Type.String(),
          sqlEnabled: Type.Boolean(),
          warehouses: Type.Array(
            Type.Object(
              {
                warehouseId: Type.String(),
                name: Type.String(),
                type: Type.String(),
                size: Type.String(),
                state: Type.Union([Type.Literal('RUNNING'), Type.Literal('STOPPED')]),
              },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { title: 'DatabricksSqlStatus' },
)
export type DatabricksSqlStatus = Static<typeof DatabricksSqlStatusSchema>

// ——— billing (E148) ———

const DAY_PATTERN = String.raw`^\d{4}-\d{2}-\d{2}$`

/**
 * E148: `from` is the chosen range's start date plus 15 days (02 §7, B169 billingFrom): it falls
 * inside the first billing month whatever the browser's time zone. The answer covers the UTC months
 * from `from`'s month to `to`'s (default: this month).
 */
export const DatabricksBillingQuerySchema = Type.Object(
  {
    from: Type.String({
      pattern: DAY_PATTERN,
      maxLength: 10,
      description: 'YYYY-MM-DD: range start + 15 days',
    }),
    to: Type.Optional(
      Type.String({
        pattern: DAY_PATTERN,
        maxLength: 10,
        description: 'YYYY-MM-DD: range end (default today)',
      }),
    ),
  },
  { additionalProperties: false },
)
export type DatabricksBillingQuery = Static<typeof DatabricksBillingQuerySchema>

const usd = (description: string) => Type.Number({ description: `USD: ${description}` })

export const DatabricksBillingWorkloadSchema = Type.Object(
  {
    month: Type.String({ description: 'YYYY-MM (UTC)' }),
    sku: Type.Enum(DATABRICKS_SKUS),
    workloadType: Type.String({ description: 'Jobs Compute, Jobs Light Compute, All Purpose Compute, …' }),
    dbus: Type.Number(),
    costPerUnit: Type.Number({ description: 'USD per DBU at list price (cost ÷ DBUs)' }),
    cost: usd('the DBU cost'),
    instanceHours: Type.Number({
      description: 'hours its compute was up (runs, sessions, updates, warehouses)',
    }),
  },
  { additionalProperties: false },
)
export type DatabricksBillingWorkload = Static<typeof DatabricksBillingWorkloadSchema>

export const DatabricksBillingSchema = Type.Object(
  {
    plan: Type.String(),
    startDate: Type.Integer({ description: 'epoch ms' }),
    endDate: Type.Integer({ description: 'epoch ms' }),
    daysLeft: Type.Integer({ description: 'whole days to the end date (0 once ended)' }),
    startingCredit: usd('the credit bought at the start'),
    consumed: usd('DBU cost consumed from the start date to now (final costs only)'),
    balance: usd('starting credit less consumed'),
    monthlyThreshold: usd('the monthly consumption the contract expects at most'),
    outstandingAmount: usd('consumed beyond the starting credit (owed)'),
    from: Type.Integer({ description: 'epoch ms: the first billing month’s start' }),
    to: Type.Integer({ description: 'epoch ms: the end of the period (now in the current month)' }),
    months: Type.Array(
      Type.Object(
        {
          month: Type.String({ description: 'YYYY-MM (UTC)' }),
          dbus: Type.Number(),
          cost: usd('DBU cost of the month'),
          aboveThreshold: Type.Boolean(),
        },
        { additionalProperties: false },
      ),
    ),
    workloads: Type.Array(DatabricksBillingWorkloadSchema),
  },
  { title: 'DatabricksBilling', additionalProperties: false },
)
export type DatabricksBilling = Static<typeof DatabricksBillingSchema>
