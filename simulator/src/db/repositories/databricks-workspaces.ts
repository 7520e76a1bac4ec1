import {
  DATABRICKS_CLOUD_LABELS,
  DATABRICKS_CLOUDS,
  DATABRICKS_REGION_MESSAGE,
  DATABRICKS_REGIONS,
  DATABRICKS_SKUS,
  DATABRICKS_TIER_LABELS,
  DATABRICKS_TIERS,
  DATABRICKS_USAGE_SOURCES,
  DATABRICKS_WAREHOUSE_SIZES,
  DATABRICKS_WAREHOUSE_TYPES,
  MAX_DATABRICKS_WORKSPACES,
  databricksUsdPerDbu,
  validateWorkspaceForm,
  type DatabricksSqlStatus,
  type DatabricksWorkspace,
  type DatabricksWorkspaceInput,
  type DatabricksWorkspaceList,
  type DatabricksWorkspaceProperties,
  type WorkspaceForm,
  type WorkspaceFormErrors,
  type WorkspaceFormField,
  type WorkspaceFormMetadata,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { databricksReadClock } from './databricks-figures.ts'

/*
 * Databricks workspaces (/manage/workspaces, E136-E141): the rows of db_workspaces, seeded or added
 * with the workspace form. A token or client secret is never stored (the table has no column for
 * one): only that one was given (token_set, client_secret_set) and the names of secrets kept in a
 * secret store, so no answer can leak one.
 */

type Cloud = (typeof DATABRICKS_CLOUDS)[number]
type Tier = (typeof DATABRICKS_TIERS)[number]

interface WorkspaceRow {
  code: number
  workspace_id: string
  workspace_name: string
  instance_url: string
  cloud: Cloud
  tier: Tier
  region: string
  auth_type: 'PAT' | 'OAUTH'
  token_set: number
  token_secret_name: string | null
  identity_provider: 'DATABRICKS' | 'AAD' | null
  tenant_id: string | null
  client_id: string | null
  client_secret_set: number
  client_secret_name: string | null
  scopes: string | null
  account_id: string | null
  sql_enabled: number
  seeded: number
  created_at: number
}

const SELECT = 'SELECT * FROM db_workspaces'
const JOB_RUN = DATABRICKS_USAGE_SOURCES.indexOf('JOB_RUN')

const notFound = (workspaceId: string) => new HttpError(404, `The workspace ${workspaceId} does not exist`)

function workspaceRows(db: Db): WorkspaceRow[] {
  return cachedStatement(db, `${SELECT} ORDER BY workspace_name COLLATE NOCASE`).all() as WorkspaceRow[]
}

function workspaceRow(db: Db, workspaceId: string): WorkspaceRow | undefined {
  return cachedStatement(db, `${SELECT} WHERE workspace_id = ?`).get(workspaceId) as WorkspaceRow | undefined
}

/**
 * Runs held and the day of the latest usage, per workspace code, from the daily usage rollup (its
 * rows are a small fraction of the runs': a day × workspace × principal × SKU × source × tag set).
 */
function usageByWorkspace(db: Db, now: number): Map<number, { runs: number; lastDay: number | null }> {
  const { shift } = databricksReadClock(db, now)
  const rows = cachedStatement(
    db,
    `SELECT workspace, sum(CASE WHEN source_type = ${JOB_RUN} THEN n ELSE 0 END) AS runs, max(day) AS last_day
       FROM db_usage_days GROUP BY workspace`,
  ).all() as { workspace: number; runs: number; last_day: number | null }[]
  return new Map(
    rows.map((r) => [
      r.workspace,
      { runs: r.runs, lastDay: r.last_day === null ? null : r.last_day + shift },
    ]),
  )
}

/** A stored workspace as answered: never a secret, only whether one was given and the secret names. */
function workspaceOf(
  row: WorkspaceRow,
  usage?: { runs: number; lastDay: number | null },
  withMetadata = true,
): DatabricksWorkspace {
  const base = { workspaceId: row.workspace_id, workspaceName: row.workspace_name }
  if (!withMetadata) return base
  return {
    ...base,
    metadata: {
      instanceUrl: row.instance_url,
      cloud: row.cloud,
      tier: row.tier,
      region: row.region,
      auth: row.auth_type === 'OAUTH' ? 'oauth' : 'token',
      tokenSet: row.token_set === 1,
      tokenSecretName: row.token_secret_name,
      identityProvider: row.identity_provider,
      tenantId: row.tenant_id,
      clientId: row.client_id,
      clientSecretSet: row.client_secret_set === 1,
      clientSecretName: row.client_secret_name,
      scopes: row.scopes,
      accountId: row.account_id,
      sqlEnabled: row.sql_enabled === 1,
      seeded: row.seeded === 1,
      runs: usage?.runs ?? 0,
      lastUsageDay: usage?.lastDay ?? null,
      createdAt: row.created_at,
    },
  }
}

/** E136: the workspaces by name; with metadata, each with its configuration and usage. */
export function listDatabricksWorkspaces(db: Db, metadata: boolean, now: number): DatabricksWorkspaceList {
  const usage = metadata ? usageByWorkspace(db, now) : new Map()
  return {
    workspaces: workspaceRows(db).map((row) => workspaceOf(row, usage.get(row.code), metadata)),
    limit: MAX_DATABRICKS_WORKSPACES,
  }
}

const blank = (v?: string | null) => v === undefined || v === null || v.trim() === ''
const kept = (v?: string) => (blank(v) ? null : v!.trim())

/** The order the form shows its fields in: the first problem in it is the one answered. */
const FIELD_ORDER: readonly (keyof WorkspaceForm)[] = [
  'workspaceId',
  'workspaceName',
  'instanceUrl',
  'token',
  'tenantId',
  'clientId',
  'clientSecret',
  'scopes',
  'accountId',
  'region',
]

const firstProblem = (errors: WorkspaceFormErrors) =>
  FIELD_ORDER.map((field) => errors[field]).find((message) => message !== undefined)

/**
 * E137: creates a workspace, or modifies the one `existingWorkspaceId` names. The form's own rules
 * (B197-B200, validateWorkspaceForm) decide, with the spec's messages; a modify that sends no token
 * or client secret keeps the one given before (it is never shown, so the form cannot send it back).
 */
export function saveDatabricksWorkspace(
  db: Db,
  input: DatabricksWorkspaceInput,
  now: number,
): DatabricksWorkspace {
  const workspaceId = input.workspaceId.trim()
  db.transaction(() => {
    const editing = input.existingWorkspaceId
    const stored = editing === undefined ? undefined : workspaceRow(db, editing)
    if (editing !== undefined && !stored) throw notFound(editing)
    const keepsToken = stored?.auth_type === 'PAT' && stored.token_set === 1
    const keepsClientSecret = stored?.auth_type === 'OAUTH' && stored.client_secret_set === 1
    const form: WorkspaceForm = {
      workspaceId: input.workspaceId,
      workspaceName: input.workspaceName,
      instanceUrl: input.instanceUrl,
      auth: input.auth,
      token: blank(input.token) && keepsToken ? 'kept' : input.token,
      tokenSecretName: input.tokenSecretName,
      tenantId: input.tenantId,
      clientId: input.clientId,
      clientSecret: blank(input.clientSecret) && keepsClientSecret ? 'kept' : input.clientSecret,
      clientSecretName: input.clientSecretName,
      scopes: input.scopes,
      accountId: input.accountId,
      region: input.region,
    }
    const existing = workspaceRows(db).map((r) => ({
      workspaceId: r.workspace_id,
      workspaceName: r.workspace_name,
    }))
    const problem = firstProblem(validateWorkspaceForm(form, existing, editing))
    if (problem) throw new HttpError(400, problem)
    if (!(DATABRICKS_REGIONS[input.cloud] as readonly string[]).includes(input.region.trim()))
      throw new HttpError(400, DATABRICKS_REGION_MESSAGE)
    if (!stored && existing.length >= MAX_DATABRICKS_WORKSPACES)
      throw new HttpError(
        400,
        `An install keeps at most ${MAX_DATABRICKS_WORKSPACES} workspaces: delete one first.`,
      )
    const token = input.auth === 'token'
    const values = {
      workspace_id: workspaceId,
      workspace_name: input.workspaceName.trim(),
      instance_url: input.instanceUrl.trim(),
      cloud: input.cloud,
      tier: input.tier,
      region: input.region.trim(),
      auth_type: token ? 'PAT' : 'OAUTH',
      token_set: token && (!blank(input.token) || keepsToken) ? 1 : 0,
      token_secret_name: token ? kept(input.tokenSecretName) : null,
      identity_provider: token ? null : (input.identityProvider ?? 'DATABRICKS'),
      tenant_id: token ? null : kept(input.tenantId),
      client_id: token ? null : kept(input.clientId),
      client_secret_set: !token && (!blank(input.clientSecret) || keepsClientSecret) ? 1 : 0,
      client_secret_name: token ? null : kept(input.clientSecretName),
      scopes: token ? null : kept(input.scopes),
      account_id: kept(input.accountId),
      sql_enabled: input.sqlEnabled ? 1 : 0,
    }
    const columns = Object.keys(values)
    if (stored)
      cachedStatement(
        db,
        `UPDATE db_workspaces SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE code = @code`,
      ).run({ ...values, code: stored.code })
    else
      cachedStatement(
        db,
        `INSERT INTO db_workspaces (${columns.join(', ')}, seeded, created_at)
         VALUES (${columns.map((c) => `@${c}`).join(', ')}, 0, @created_at)`,
      ).run({ ...values, created_at: now })
  })()
  const saved = workspaceRow(db, workspaceId)!
  return workspaceOf(saved, usageByWorkspace(db, now).get(saved.code))
}

/**
 * Deletes a workspace added with the form. A workspace with data (seeded, or any job, cluster,
 * pipeline or warehouse row naming it) stays: its runs and costs would lose their workspace.
 */
export function deleteDatabricksWorkspace(db: Db, workspaceId: string): void {
  const row = workspaceRow(db, workspaceId)
  if (!row) throw notFound(workspaceId)
  const used = cachedStatement(
    db,
    `SELECT EXISTS (SELECT 1 FROM db_jobs WHERE workspace = @code)
         OR EXISTS (SELECT 1 FROM db_clusters WHERE workspace = @code)
         OR EXISTS (SELECT 1 FROM db_pipelines WHERE workspace = @code)
         OR EXISTS (SELECT 1 FROM db_warehouses WHERE workspace = @code)`,
  )
    .pluck()
    .get({ code: row.code })
  if (row.seeded === 1 || used)
    throw new HttpError(400, `The workspace ${row.workspace_name} has data and cannot be deleted`)
  cachedStatement(db, 'DELETE FROM db_workspaces WHERE code = ?').run(row.code)
}

/** E138: each workspace's cloud, tier, region, SQL switch and the list price of each SKU it sells. */
export function databricksWorkspaceProperties(db: Db): DatabricksWorkspaceProperties {
  return {
    properties: workspaceRows(db).map((row) => ({
      workspaceId: row.workspace_id,
      workspaceName: row.workspace_name,
      cloud: row.cloud,
      tier: row.tier,
      region: row.region,
      sqlEnabled: row.sql_enabled === 1,
      usdPerDbu: Object.fromEntries(
        DATABRICKS_SKUS.flatMap((sku) => {
          const price = databricksUsdPerDbu(sku, row.cloud, row.tier)
          return price === null ? [] : [[sku, price]]
        }),
      ),
    })),
  }
}

const options = <T extends string>(values: readonly T[], label: (v: T) => string = (v) => v) =>
  values.map((value) => ({ value, label: label(value) }))
const whenToken = { field: 'auth', equals: 'token' }
const whenOauth = { field: 'auth', equals: 'oauth' }

/** E139: the workspace form's fields (02 §3 Databricks workspace config), each cloud's regions apart. */
export function workspaceFormMetadata(): WorkspaceFormMetadata {
  const region = (cloud: Cloud): WorkspaceFormField => ({
    name: 'region',
    label: 'Region',
    type: 'select',
    required: true,
    options: options(DATABRICKS_REGIONS[cloud]),
  })
  const coreFields: WorkspaceFormField[] = [
    {
      name: 'cloud',
      label: 'Cloud',
      type: 'radio',
      required: true,
      options: options(DATABRICKS_CLOUDS, (c) => DATABRICKS_CLOUD_LABELS[c]),
    },
    {
      name: 'workspaceId',
      label: 'Workspace ID',
      type: 'text',
      required: true,
      placeholder: 'e.g. 4051729395532381',
    },
    {
      name: 'workspaceName',
      label: 'Workspace Name',
      type: 'text',
      required: true,
      placeholder: 'e.g. acme-prod',
    },
    {
      name: 'instanceUrl',
      label: 'Instance(Region) URL',
      type: 'url',
      required: true,
      placeholder: 'e.g. https://dbc-a1b2c3d4-e5f6.cloud.databricks.com',
      description: 'https://{host}, without a trailing slash',
    },
    {
      name: 'tier',
      label: 'Tier',
      type: 'select',
      required: true,
      options: options(DATABRICKS_TIERS, (t) => DATABRICKS_TIER_LABELS[t]),
    },
    {
      name: 'auth',
      label: 'Authentication type',
      type: 'radio',
      required: true,
      options: [
        { value: 'token', label: 'Personal access token' },
        { value: 'oauth', label: 'OAuth' },
      ],
    },
    {
      name: 'token',
      label: 'Token',
      type: 'password',
      required: false,
      secret: true,
      description: 'A token, or the name of the secret that holds it',
      showWhen: whenToken,
    },
    {
      name: 'tokenSecretName',
      label: 'Token secret name',
      type: 'text',
      required: false,
      showWhen: whenToken,
    },
    {
      name: 'identityProvider',
      label: 'Identity provider',
      type: 'select',
      required: true,
      options: [
        { value: 'DATABRICKS', label: 'Databricks' },
        { value: 'AAD', label: 'AAD' },
      ],
      showWhen: whenOauth,
    },
    { name: 'tenantId', label: 'OAuth tenant id', type: 'text', required: true, showWhen: whenOauth },
    { name: 'clientId', label: 'Client id', type: 'text', required: true, showWhen: whenOauth },
    {
      name: 'clientSecret',
      label: 'Client secret',
      type: 'password',
      required: false,
      secret: true,
      description: 'A client secret, or the name of the secret that holds it',
      showWhen: whenOauth,
    },
    {
      name: 'clientSecretName',
      label: 'Client secret name',
      type: 'text',
      required: false,
      showWhen: whenOauth,
    },
    {
      name: 'scopes',
      label: 'Scopes',
      type: 'text',
      required: true,
      placeholder: 'e.g. all-apis',
      showWhen: whenOauth,
    },
    { name: 'accountId', label: 'Databricks account id', type: 'text', required: true },
    { name: 'sqlEnabled', label: 'Enable Databricks SQL', type: 'switch', required: false },
  ]
  return { coreFields, aws: [region('AWS')], azure: [region('AZURE')] }
}

/** E141: per workspace, Databricks SQL on or off and its warehouses; running: a session open now. */
export function databricksSqlStatus(db: Db, now: number): DatabricksSqlStatus {
  const { storedNow } = databricksReadClock(db, now)
  const warehouses = cachedStatement(
    db,
    `SELECT w.workspace, w.warehouse_id, w.name, w.warehouse_type, w.size,
            EXISTS (SELECT 1 FROM db_warehouse_sessions s
                     WHERE s.warehouse = w.code AND s.start_time <= @storedNow
                       AND (s.end_time IS NULL OR s.end_time > @storedNow)) AS running
       FROM db_warehouses w ORDER BY w.name`,
  ).all({ storedNow }) as {
    workspace: number
    warehouse_id: string
    name: string
    warehouse_type: number
    size: number
    running: number
  }[]
  return {
    workspaces: workspaceRows(db).map((row) => ({
      workspaceId: row.workspace_id,
      workspaceName: row.workspace_name,
      sqlEnabled: row.sql_enabled === 1,
      warehouses: warehouses
        .filter((w) => w.workspace === row.code)
        .map((w) => ({
          warehouseId: w.warehouse_id,
          name: w.name,
          type: DATABRICKS_WAREHOUSE_TYPES[w.warehouse_type] ?? 'CLASSIC',
          size: DATABRICKS_WAREHOUSE_SIZES[w.size]?.size ?? 'Small',
          state: w.running ? ('RUNNING' as const) : ('STOPPED' as const),
        })),
    })),
  }
}
