import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databricksManageEndpoints as calls,
  type DatabricksSqlStatus,
  type DatabricksWorkspace,
  type DatabricksWorkspaceList,
  type DatabricksWorkspaceProperties,
  type WorkspaceFormMetadata,
} from '@costlens/shared'
import { insertDatabricksFixture } from './databricks-fixture.ts'
import { frozenTestApp } from './helper.ts'

/*
 * Databricks workspaces (/manage/workspaces, E136-E141) over the fixture's 3 workspaces: the form's
 * rules with the spec's messages (02 §8), secrets never answered, admins only write.
 */
let app: FastifyInstance
let admin: Record<string, string>
let user: Record<string, string>
let cdh: Record<string, string>

const TOKEN = 'dapi0123456789abcdef0123456789abcdef'
const CLIENT_SECRET = 'dose-0123456789-very-secret'

const valid = {
  workspaceId: '5550001112223334',
  workspaceName: 'acme-staging',
  instanceUrl: 'https://dbc-55500011-1222.cloud.databricks.com',
  cloud: 'AWS',
  tier: 'PREMIUM',
  region: 'eu-west-1',
  auth: 'token',
  token: TOKEN,
  accountId: 'acct-7f3e2a',
  sqlEnabled: true,
}

beforeAll(async () => {
  let now: number
  const t = await frozenTestApp({
    users: ['databricks', 'freemium', 'admin'],
  })
  ;({ app, now } = t)
  insertDatabricksFixture(app.db, now)
  admin = t.as('databricks')
  user = t.as('freemium')
  cdh = t.as('admin')
})
afterAll(() => app.close())

const save = (payload: object, headers = admin) =>
  app.inject({ method: 'POST', url: calls.saveWorkspace.path, headers, payload })
const list = async () =>
  (
    await app.inject({ method: 'GET', url: `${calls.workspaces.path}?metadata=true`, headers: admin })
  ).json<DatabricksWorkspaceList>().workspaces

describe('E136 workspaces?metadata=true', () => {
  it('lists the 3 fixture workspaces by name with their configuration and run counts', async () => {
    const workspaces = await list()
    expect(workspaces.map((w) => w.workspaceName)).toEqual([
      'acme-analytics-azure',
      'acme-ml-enterprise',
      'acme-prod-aws',
    ])
    expect(workspaces[2]).toMatchObject({
      workspaceId: '4051729395532381',
      metadata: {
        instanceUrl: 'https://dbc-4051729a-9553.cloud.databricks.com',
        cloud: 'AWS',
        tier: 'PREMIUM',
        region: 'us-east-1',
        auth: 'token',
        tokenSet: true,
        seeded: true,
        sqlEnabled: true,
      },
    })
    // Every fixture run once: 16 runs over the 3 workspaces.
    expect(workspaces.reduce((s, w) => s + w.metadata!.runs, 0)).toBe(16)
  })

  it('without metadata answers ids and names only', async () => {
    const res = await app.inject({ method: 'GET', url: calls.workspaces.path, headers: user })
    expect(res.statusCode).toBe(200)
    expect(res.json<DatabricksWorkspaceList>().workspaces[0]).toEqual({
      workspaceId: '7394025718364020',
      workspaceName: 'acme-analytics-azure',
    })
  })
})

describe('E137 POST /databricks/workspaces (B197-B200, 02 §8 messages)', () => {
  it('creates a workspace, answering that a token was given but never the token', async () => {
    const res = await save(valid)
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain(TOKEN)
    expect(res.json<DatabricksWorkspace>()).toMatchObject({
      workspaceId: valid.workspaceId,
      workspaceName: 'acme-staging',
      metadata: { tokenSet: true, seeded: false, runs: 0, region: 'eu-west-1', auth: 'token' },
    })
    expect((await list()).map((w) => w.workspaceName)).toContain('acme-staging')
  })

  it.each([
    [
      'B197 a duplicate Workspace ID',
      { workspaceId: '4051729395532381', workspaceName: 'other' },
      'This Workspace Id already exists, please provide another',
    ],
    ['B197 no Workspace ID', { workspaceId: '  ' }, 'Please provide a Workspace ID'],
    [
      'B198 a duplicate Workspace Name (case and spaces ignored)',
      { workspaceId: '9', workspaceName: ' ACME-prod-aws ' },
      'This Workspace Name already exists, please provide another',
    ],
    ['B198 no Workspace Name', { workspaceId: '9', workspaceName: '' }, 'Please provide a Workspace Name'],
    [
      'B199 no URL',
      { workspaceId: '9', workspaceName: 'n9', instanceUrl: '' },
      'Please provide an Instance(Region) URL',
    ],
    [
      'B199 a URL with a trailing slash',
      { workspaceId: '9', workspaceName: 'n9', instanceUrl: 'https://dbc-1.cloud.databricks.com/' },
      'Remove the trailing slash from the Instance(Region) URL',
    ],
    [
      'B199 not an http(s) URL',
      { workspaceId: '9', workspaceName: 'n9', instanceUrl: 'ftp://dbc-1' },
      'Please provide a valid Instance(Region) URL',
    ],
    [
      'B200 no token nor secret name',
      { workspaceId: '9', workspaceName: 'n9', token: '' },
      'Please provide a token',
    ],
    [
      'B200 OAuth without a tenant id',
      {
        workspaceId: '9',
        workspaceName: 'n9',
        auth: 'oauth',
        clientId: 'c',
        scopes: 'all-apis',
        clientSecret: 's',
      },
      'Tenant id is required.',
    ],
    [
      'B200 OAuth without a client secret or its name',
      {
        workspaceId: '9',
        workspaceName: 'n9',
        auth: 'oauth',
        tenantId: 't',
        clientId: 'c',
        scopes: 'all-apis',
      },
      'Client secret or client secret name is required.',
    ],
    [
      'no account id',
      { workspaceId: '9', workspaceName: 'n9', accountId: '' },
      'Databricks account id is required.',
    ],
    [
      'a region of the other cloud',
      { workspaceId: '9', workspaceName: 'n9', region: 'eastus' },
      'Choose a region of the workspace’s cloud from the list',
    ],
  ])('%s is refused with its message', async (_what, change, message) => {
    const res = await save({ ...valid, ...change })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message })
  })

  it('a token secret name stands for the token', async () => {
    const res = await save({
      ...valid,
      workspaceId: '777',
      workspaceName: 'by-secret-name',
      token: undefined,
      tokenSecretName: 'databricks/pat',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<DatabricksWorkspace>().metadata).toMatchObject({
      tokenSet: false,
      tokenSecretName: 'databricks/pat',
    })
  })

  it('OAuth: stores whether a client secret was given and its name, never the secret', async () => {
    const res = await save({
      ...valid,
      workspaceId: '888',
      workspaceName: 'azure-oauth',
      instanceUrl: 'https://adb-888.0.azuredatabricks.net',
      cloud: 'AZURE',
      region: 'westeurope',
      auth: 'oauth',
      token: undefined,
      identityProvider: 'AAD',
      tenantId: 'tenant-1',
      clientId: 'client-1',
      clientSecret: CLIENT_SECRET,
      scopes: 'all-apis',
    })
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain(CLIENT_SECRET)
    expect(res.json<DatabricksWorkspace>().metadata).toMatchObject({
      auth: 'oauth',
      identityProvider: 'AAD',
      tenantId: 'tenant-1',
      clientSecretSet: true,
      tokenSet: false,
    })
  })

  it('modify keeps the token given before when none is sent, and may keep its own id and name', async () => {
    const res = await save({
      ...valid,
      existingWorkspaceId: valid.workspaceId,
      token: undefined,
      tier: 'ENTERPRISE',
      sqlEnabled: false,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<DatabricksWorkspace>().metadata).toMatchObject({
      tokenSet: true,
      tier: 'ENTERPRISE',
      sqlEnabled: false,
    })
  })

  it('modify of an unknown workspace is a 404', async () => {
    const res = await save({ ...valid, existingWorkspaceId: '123' })
    expect(res.statusCode).toBe(404)
  })

  it('no answer of any call holds a token or client secret sent', async () => {
    for (const url of [
      `${calls.workspaces.path}?metadata=true`,
      calls.workspaceProperties.path,
      calls.sqlStatus.path,
    ]) {
      const body = (await app.inject({ method: 'GET', url, headers: admin })).body
      expect(body).not.toContain(TOKEN)
      expect(body).not.toContain(CLIENT_SECRET)
    }
    const stored = JSON.stringify(app.db.prepare('SELECT * FROM db_workspaces').all())
    expect(stored).not.toContain(TOKEN)
    expect(stored).not.toContain(CLIENT_SECRET)
  })

  it('bad input is a 400: an unknown tier, an unknown field, an over-long id', async () => {
    for (const payload of [
      { ...valid, tier: 'GOLD' },
      { ...valid, password: 'x' },
      { ...valid, workspaceId: '1'.repeat(33) },
      { ...valid, sqlEnabled: 'yes please' },
    ])
      expect((await save(payload)).statusCode).toBe(400)
  })
})

describe('DELETE /databricks/workspaces/{workspaceId}', () => {
  it('deletes a workspace added with the form', async () => {
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/v1/databricks/workspaces/777',
      headers: admin,
    })
    expect(res.json()).toEqual({ workspaceId: '777', deleted: true })
    expect((await list()).map((w) => w.workspaceId)).not.toContain('777')
  })

  it('keeps a workspace with seeded data (400) and answers 404 for an unknown one', async () => {
    const seeded = await app.inject({
      method: 'DELETE',
      url: '/api/v1/databricks/workspaces/4051729395532381',
      headers: admin,
    })
    expect(seeded.statusCode).toBe(400)
    expect(seeded.json().message).toBe('The workspace acme-prod-aws has data and cannot be deleted')
    const unknown = await app.inject({
      method: 'DELETE',
      url: '/api/v1/databricks/workspaces/1',
      headers: admin,
    })
    expect(unknown.statusCode).toBe(404)
  })
})

describe('E138-E141 the form metadata, regions, properties and SQL status', () => {
  const get = (url: string) => app.inject({ method: 'GET', url, headers: user })

  it('E139 groups the fields coreFields, aws and azure; secrets are password fields', async () => {
    const meta = (await get(calls.workspaceFormMetadata.path)).json<WorkspaceFormMetadata>()
    expect(meta.coreFields.map((f) => f.name)).toEqual([
      'cloud',
      'workspaceId',
      'workspaceName',
      'instanceUrl',
      'tier',
      'auth',
      'token',
      'tokenSecretName',
      'identityProvider',
      'tenantId',
      'clientId',
      'clientSecret',
      'clientSecretName',
      'scopes',
      'accountId',
      'sqlEnabled',
    ])
    expect(meta.coreFields.filter((f) => f.type === 'password').map((f) => f.name)).toEqual([
      'token',
      'clientSecret',
    ])
    expect(meta.coreFields.find((f) => f.name === 'tier')?.options?.map((o) => o.label)).toEqual([
      'Standard',
      'Premium',
      'Enterprise',
    ])
    expect(meta.aws[0]?.options?.map((o) => o.value)).toContain('us-east-1')
    expect(meta.azure[0]?.options?.map((o) => o.value)).toContain('eastus')
  })

  it('E140 lists the regions per cloud', async () => {
    const regions = (await get(calls.regions.path)).json<{ AWS: string[]; AZURE: string[] }>()
    expect(regions.AWS).toContain('us-west-2')
    expect(regions.AZURE).toContain('westeurope')
    expect(regions.AWS).not.toContain('eastus')
  })

  it("E138 gives each workspace's list prices: AWS Premium Jobs Compute $0.15/DBU, Enterprise $0.20", async () => {
    const { properties } = (await get(calls.workspaceProperties.path)).json<DatabricksWorkspaceProperties>()
    const of = (name: string) => properties.find((p) => p.workspaceName === name)!
    expect(of('acme-prod-aws').usdPerDbu.JOBS_COMPUTE).toBe(0.15)
    expect(of('acme-ml-enterprise').usdPerDbu.JOBS_COMPUTE).toBe(0.2)
    expect(of('acme-prod-aws')).toMatchObject({ cloud: 'AWS', tier: 'PREMIUM', region: 'us-east-1' })
  })

  it('E141 tells per workspace whether SQL is on and its warehouses', async () => {
    const { workspaces } = (await get(calls.sqlStatus.path)).json<DatabricksSqlStatus>()
    const prod = workspaces.find((w) => w.workspaceName === 'acme-prod-aws')!
    expect(prod.sqlEnabled).toBe(true)
    expect(prod.warehouses).toEqual([
      expect.objectContaining({
        warehouseId: '8a3f2c1d9e7b6a54',
        name: 'bi-warehouse',
        type: 'PRO',
        size: 'Small',
      }),
    ])
    expect(workspaces.find((w) => w.workspaceName === 'acme-analytics-azure')!.warehouses).toEqual([])
  })
})

describe('access (declared on the entries)', () => {
  const reads = [
    `${calls.workspaces.path}?metadata=true`,
    calls.workspaceProperties.path,
    calls.workspaceFormMetadata.path,
    calls.regions.path,
    calls.sqlStatus.path,
  ]
  it.each(reads)(
    'GET %s: 401 without a token, 403 on another platform, 200 for a Databricks user',
    async (url) => {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401)
      expect((await app.inject({ method: 'GET', url, headers: cdh })).statusCode).toBe(403)
      expect((await app.inject({ method: 'GET', url, headers: user })).statusCode).toBe(200)
    },
  )

  it('writes are for admins: a Databricks user is refused (403), as another platform and no token (401)', async () => {
    const payload = { ...valid, workspaceId: '999', workspaceName: 'n999' }
    expect((await save(payload, user)).statusCode).toBe(403)
    expect((await save(payload, cdh)).statusCode).toBe(403)
    expect((await app.inject({ method: 'POST', url: calls.saveWorkspace.path, payload })).statusCode).toBe(
      401,
    )
    const del = (headers?: Record<string, string>) =>
      app.inject({ method: 'DELETE', url: '/api/v1/databricks/workspaces/888', ...(headers && { headers }) })
    expect((await del(user)).statusCode).toBe(403)
    expect((await del()).statusCode).toBe(401)
  })
})
