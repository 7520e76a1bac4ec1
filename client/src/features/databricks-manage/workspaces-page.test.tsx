import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DatabricksWorkspace, WorkspaceFormMetadata } from '@costlens/shared'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import WorkspacesPage from './workspaces-page.tsx'
import { EMPTY_WORKSPACE, workspaceDraftErrors, workspaceInputOf } from './workspace-form.tsx'
import { findSettledTable } from '../../../test/page-queries.ts'

afterEach(() => vi.unstubAllGlobals())

const LIST = '/api/v1/ds/api/v1/databricks/workspaces'
const META = '/api/v1/ds/api/v1/databricks/workspace-form-metadata'
const SAVE = '/api/v1/databricks/workspaces'

type Metadata = NonNullable<DatabricksWorkspace['metadata']>
const workspace = (
  over: { workspaceId?: string; workspaceName?: string; metadata?: Partial<Metadata> } = {},
): DatabricksWorkspace => ({
  workspaceId: '4051729395532381',
  workspaceName: 'acme-prod-aws',
  ...over,
  metadata: {
    instanceUrl: 'https://dbc-4051729a-9553.cloud.databricks.com',
    cloud: 'AWS',
    tier: 'PREMIUM',
    region: 'us-east-1',
    auth: 'token',
    tokenSet: true,
    tokenSecretName: null,
    identityProvider: null,
    tenantId: null,
    clientId: null,
    clientSecretSet: false,
    clientSecretName: null,
    scopes: null,
    accountId: 'acct-7f3e2a',
    sqlEnabled: true,
    seeded: true,
    runs: 1234,
    lastUsageDay: null,
    createdAt: 0,
    ...over.metadata,
  },
})
const WORKSPACES = [
  workspace(),
  workspace({
    workspaceId: '7394025718364020',
    workspaceName: 'acme-analytics-azure',
    metadata: {
      cloud: 'AZURE',
      region: 'eastus',
      auth: 'oauth',
      tokenSet: false,
      identityProvider: 'AAD',
      clientSecretName: 'kv/dbx',
    },
  }),
]

/** The form metadata as the simulator answers it (E139), the fields a user fills in here. */
const METADATA: WorkspaceFormMetadata = {
  coreFields: [
    {
      name: 'cloud',
      label: 'Cloud',
      type: 'radio',
      required: true,
      options: [
        { value: 'AWS', label: 'AWS' },
        { value: 'AZURE', label: 'Azure' },
      ],
    },
    { name: 'workspaceId', label: 'Workspace ID', type: 'text', required: true },
    { name: 'workspaceName', label: 'Workspace Name', type: 'text', required: true },
    { name: 'instanceUrl', label: 'Instance(Region) URL', type: 'url', required: true },
    {
      name: 'tier',
      label: 'Tier',
      type: 'select',
      required: true,
      options: [{ value: 'PREMIUM', label: 'Premium' }],
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
      showWhen: { field: 'auth', equals: 'token' },
    },
    {
      name: 'tokenSecretName',
      label: 'Token secret name',
      type: 'text',
      required: false,
      showWhen: { field: 'auth', equals: 'token' },
    },
    {
      name: 'tenantId',
      label: 'OAuth tenant id',
      type: 'text',
      required: true,
      showWhen: { field: 'auth', equals: 'oauth' },
    },
    { name: 'accountId', label: 'Databricks account id', type: 'text', required: true },
    { name: 'sqlEnabled', label: 'Enable Databricks SQL', type: 'switch', required: false },
  ],
  aws: [
    {
      name: 'region',
      label: 'Region',
      type: 'select',
      required: true,
      options: [{ value: 'us-east-1', label: 'us-east-1' }],
    },
  ],
  azure: [
    {
      name: 'region',
      label: 'Region',
      type: 'select',
      required: true,
      options: [{ value: 'eastus', label: 'eastus' }],
    },
  ],
}

const dbAdmin = signedIn(testUser({ clusterType: 'DB', role: 'admin' }))

function render(session = dbAdmin, ...extra: Parameters<typeof stubApi>) {
  const api = stubApi(
    ...extra,
    on('GET', LIST, () => json({ workspaces: WORKSPACES, limit: 100 })),
    on('GET', META, () => json(METADATA)),
  )
  return {
    ...api,
    ...renderWithProviders(<WorkspacesPage />, { preloadedState: session, route: '/manage/workspaces' }),
  }
}

const filled = {
  ...EMPTY_WORKSPACE,
  workspaceId: '5550001112223334',
  workspaceName: 'acme-staging',
  instanceUrl: 'https://dbc-5550.cloud.databricks.com',
  token: 'dapi-secret',
  accountId: 'acct-1',
  region: 'us-east-1',
}

describe('B197-B200 the workspace form checks (02 §8 messages)', () => {
  it.each([
    ['a complete form', filled, {}],
    [
      'B197 a Workspace ID listed already',
      { ...filled, workspaceId: '4051729395532381' },
      { workspaceId: 'This Workspace Id already exists, please provide another' },
    ],
    [
      'B197 no Workspace ID',
      { ...filled, workspaceId: '' },
      { workspaceId: 'Please provide a Workspace ID' },
    ],
    [
      'B198 no Workspace Name',
      { ...filled, workspaceName: ' ' },
      { workspaceName: 'Please provide a Workspace Name' },
    ],
    [
      'B199 no URL',
      { ...filled, instanceUrl: '' },
      { instanceUrl: 'Please provide an Instance(Region) URL' },
    ],
    [
      'B199 a trailing slash',
      { ...filled, instanceUrl: 'https://dbc-5550.cloud.databricks.com/' },
      { instanceUrl: 'Remove the trailing slash from the Instance(Region) URL' },
    ],
    ['B200 no token nor secret name', { ...filled, token: '' }, { token: 'Please provide a token' }],
  ])('%s', (_what, draft, errors) => {
    expect(workspaceDraftErrors(draft, WORKSPACES)).toEqual(errors)
  })

  it('B200 editing a workspace whose token is stored keeps it while the field stays empty', () => {
    const draft = { ...filled, workspaceId: '4051729395532381', workspaceName: 'acme-prod-aws', token: '' }
    expect(
      workspaceDraftErrors(draft, WORKSPACES, '4051729395532381', { token: true, clientSecret: false }),
    ).toEqual({})
    expect(workspaceInputOf(draft, '4051729395532381')).not.toHaveProperty('token')
  })
})

describe('/manage/workspaces', () => {
  it('lists the workspaces with how they sign in, never a secret', async () => {
    render()
    const table = await findSettledTable({ name: 'Databricks workspaces' })
    const prod = (await within(table).findByText('acme-prod-aws')).closest('tr')!
    expect(prod).toHaveTextContent('Personal access token (stored)')
    expect(prod).toHaveTextContent('Premium')
    expect(prod).toHaveTextContent('1,234')
    const azure = within(table).getByText('acme-analytics-azure').closest('tr')!
    expect(azure).toHaveTextContent('OAuth (AAD), secret kv/dbx')
  })

  it('adds a workspace from the metadata-driven form', async () => {
    const { requests, user } = render(
      dbAdmin,
      on('POST', SAVE, () => json(workspace({ workspaceId: '555' }))),
    )
    await user.click(await screen.findByRole('button', { name: 'Add workspace' }))
    const form = await screen.findByRole('form', { name: 'Add workspace' })
    await user.type(within(form).getByRole('textbox', { name: /Workspace ID/ }), '5550001112223334')
    await user.type(within(form).getByRole('textbox', { name: /Workspace Name/ }), 'acme-staging')
    await user.type(
      within(form).getByRole('textbox', { name: /Instance\(Region\) URL/ }),
      'https://dbc-5550.cloud.databricks.com',
    )
    await user.type(within(form).getByLabelText('Token'), 'dapi-secret')
    await user.type(within(form).getByRole('textbox', { name: /Databricks account id/ }), 'acct-1')
    await user.click(within(form).getByRole('combobox', { name: /^Region/ }))
    await user.click(await screen.findByRole('option', { name: 'us-east-1' }))
    // The token is a password input: its value is never shown as text.
    expect(within(form).getByLabelText('Token')).toHaveAttribute('type', 'password')
    await user.click(within(form).getByRole('button', { name: 'Add workspace' }))
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toBeDefined())
    expect(await requests.find((r) => r.method === 'POST')!.json()).toEqual({
      workspaceId: '5550001112223334',
      workspaceName: 'acme-staging',
      instanceUrl: 'https://dbc-5550.cloud.databricks.com',
      cloud: 'AWS',
      tier: 'PREMIUM',
      region: 'us-east-1',
      auth: 'token',
      token: 'dapi-secret',
      accountId: 'acct-1',
      sqlEnabled: true,
    })
  }, 30_000)

  it('a duplicate Workspace ID is refused under its field with the spec’s message', async () => {
    const { requests, user } = render()
    await user.click(await screen.findByRole('button', { name: 'Add workspace' }))
    const form = await screen.findByRole('form', { name: 'Add workspace' })
    await user.type(within(form).getByRole('textbox', { name: /Workspace ID/ }), '4051729395532381')
    await user.click(within(form).getByRole('button', { name: 'Add workspace' }))
    expect(
      await within(form).findByText('This Workspace Id already exists, please provide another'),
    ).toBeInTheDocument()
    expect(within(form).getByText('Please provide a Workspace Name')).toBeInTheDocument()
    expect(requests.some((r) => r.method === 'POST')).toBe(false)
  }, 30_000)

  it('the server’s refusal shows under its field; an unexpected failure shows B201’s message', async () => {
    let status = 400
    const { user } = render(
      dbAdmin,
      on('POST', SAVE, () =>
        status === 400
          ? json(
              {
                statusCode: 400,
                error: 'Bad Request',
                message: 'This Workspace Name already exists, please provide another',
              },
              400,
            )
          : json({ statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' }, 500),
      ),
    )
    await user.click(await screen.findByRole('button', { name: 'Edit the workspace acme-prod-aws' }))
    const form = await screen.findByRole('form', { name: 'Save workspace' })
    // Secrets are never prefilled: the token field is empty and says one is stored.
    expect(within(form).getByLabelText('Token')).toHaveValue('')
    expect(within(form).getByText('One is stored (never shown): leave empty to keep it')).toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Save workspace' }))
    expect(
      await within(form).findByText('This Workspace Name already exists, please provide another'),
    ).toBeInTheDocument()
    status = 500
    await user.click(within(form).getByRole('button', { name: 'Save workspace' }))
    expect(
      await within(form).findByText('An Unexpected error occurred. Please try again!'),
    ).toBeInTheDocument()
  }, 30_000)

  it('B201 a failed form metadata call leaves empty groups: the form says it could not load', async () => {
    const { user } = render(
      dbAdmin,
      on('GET', META, () => json({ statusCode: 500, error: 'x', message: 'x' }, 500)),
    )
    await user.click(await screen.findByRole('button', { name: 'Add workspace' }))
    const form = await screen.findByRole('form', { name: 'Add workspace' })
    expect(
      await within(form).findByText('The workspace form could not be loaded. Please try again later.'),
    ).toBeInTheDocument()
  }, 30_000)

  it('a Databricks user reads the list with no add, edit or delete', async () => {
    render(signedIn(testUser({ clusterType: 'DB', role: 'user' })))
    const table = await findSettledTable({ name: 'Databricks workspaces' })
    expect(await within(table).findByText('acme-prod-aws')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add workspace' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Edit the workspace/ })).not.toBeInTheDocument()
  })
})
