import { Type } from 'typebox'
import {
  DatabricksBillingQuerySchema,
  DatabricksBillingSchema,
  DatabricksRegionsSchema,
  DatabricksSqlStatusSchema,
  DatabricksWorkspaceInputSchema,
  DatabricksWorkspaceListQuerySchema,
  DatabricksWorkspaceListSchema,
  DatabricksWorkspaceParamsSchema,
  DatabricksWorkspacePropertiesSchema,
  DatabricksWorkspaceSchema,
  MAX_DATABRICKS_WORKSPACES,
  WorkspaceFormMetadataSchema,
} from '../contracts/databricks-manage.ts'
import { defineEndpoint, defineEndpoints } from './endpoint.ts'

/*
 * Databricks workspaces (/manage/workspaces, R210) and billing (/manage/billing, R211): E136-E141
 * and E148, paths as the catalogue writes them (endpoints.json). Every Databricks user reads them
 * (the routes carry no role gate, 01 §6); only admins write. Secrets are never answered.
 */
const readers = { platforms: ['DB'] } as const
const admins = { platforms: ['DB'], roles: ['admin'] } as const
const tags = ['databricks-manage'] as const
const DS = '/api/v1/ds/api/v1/databricks'

export const databricksManageEndpoints = defineEndpoints({
  workspaces: defineEndpoint({
    method: 'GET',
    path: `${DS}/workspaces`,
    specIds: ['E136'],
    tags,
    access: readers,
    summary: 'The Databricks workspaces; with metadata=true each with its configuration (never a secret)',
    querystring: DatabricksWorkspaceListQuerySchema,
    response: DatabricksWorkspaceListSchema,
  }),
  saveWorkspace: defineEndpoint({
    method: 'POST',
    path: '/api/v1/databricks/workspaces',
    specIds: ['E137'],
    tags,
    access: admins,
    summary: 'Creates a workspace, or modifies the one existingWorkspaceId names (02 §5 workspace form)',
    description:
      'Workspace ID and Name required and unique; Instance(Region) URL an http(s) address without a trailing ' +
      'slash; a token or a token secret name (auth token), or tenant id, client id, scopes and a client secret ' +
      `or its secret name (auth oauth); account id; region of the cloud. At most ${MAX_DATABRICKS_WORKSPACES} ` +
      'workspaces. A token or client secret is never stored or answered, only that one was given; a modify ' +
      'that sends none keeps that.',
    body: DatabricksWorkspaceInputSchema,
    response: DatabricksWorkspaceSchema,
    errors: [404],
    changesState: true,
  }),
  deleteWorkspace: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/databricks/workspaces/{workspaceId}',
    specIds: ['E137'],
    pathIsOurs: true,
    tags,
    access: admins,
    summary: 'Deletes a workspace added with the form (a workspace with seeded data stays)',
    params: DatabricksWorkspaceParamsSchema,
    response: Type.Object({ workspaceId: Type.String(), deleted: Type.Boolean() }),
    errors: [404],
    changesState: true,
  }),
  workspaceProperties: defineEndpoint({
    method: 'GET',
    path: '/api/v1/databricks/workspaces/properties',
    specIds: ['E138'],
    tags,
    access: readers,
    summary: "Each workspace's cloud, tier, region, SQL switch and the list price of each SKU (USD/DBU)",
    response: DatabricksWorkspacePropertiesSchema,
  }),
  workspaceFormMetadata: defineEndpoint({
    method: 'GET',
    path: `${DS}/workspace-form-metadata`,
    specIds: ['E139'],
    tags,
    access: readers,
    summary: 'The workspace form’s fields, grouped coreFields, aws and azure',
    response: WorkspaceFormMetadataSchema,
  }),
  regions: defineEndpoint({
    method: 'GET',
    path: `${DS}/regions`,
    specIds: ['E140'],
    tags,
    access: readers,
    summary: 'The regions Databricks runs in, per cloud',
    response: DatabricksRegionsSchema,
  }),
  sqlStatus: defineEndpoint({
    method: 'GET',
    path: `${DS}/sql/status`,
    specIds: ['E141'],
    tags,
    access: readers,
    summary: 'Per workspace: Databricks SQL on or off, and its SQL warehouses (running or stopped)',
    response: DatabricksSqlStatusSchema,
  }),
  billing: defineEndpoint({
    method: 'GET',
    path: `${DS}/billing`,
    specIds: ['E148'],
    pathIsOurs: true,
    tags,
    access: readers,
    summary: 'The billing contract and its consumption per month and workload type (02 §3 Billing labels)',
    description:
      'from = the range start + 15 days (YYYY-MM-DD, 02 §7): the months from its UTC month to that of to ' +
      '(default today), at most 24. Consumption is the DBU cost (the VMs are on the cloud provider’s bill), ' +
      'final costs only. 404 "Billing data not available" when no contract is held.',
    querystring: DatabricksBillingQuerySchema,
    response: DatabricksBillingSchema,
    errors: [404],
  }),
})
