import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  OS_PERMISSIONS,
  OS_PERMISSION_IDS,
  osAccessEndpoints as calls,
  type OsRole,
  type OsRoleInput,
  type OsUser,
  type OsUserInput,
} from '@costlens/shared'
import { renderPage, stubEndpoint, tableRows } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import RolesPage from './roles-page.tsx'
import UsersPage from './users-page.tsx'
import { userDraftErrors, EMPTY_USER } from './user-form.tsx'

const AT = Date.parse('2026-11-01T00:00:00Z')
const role = (name: string, permissions: OsRole['permissions'], builtIn: boolean, users = 0): OsRole => ({
  name,
  description: `${name} description`,
  permissions,
  builtIn,
  users,
  updatedAt: AT,
})

/** A stand-in for the simulator's OpenSearch calls, seeded as it is (seed/os-access.ts), that keeps writes. */
function fakeOpenSearch() {
  const roles: OsRole[] = [
    role('all_access', [...OS_PERMISSION_IDS], true, 1),
    role('readall', ['dashboards:read', 'alerting:read', 'anomalies:read', 'notifications:read'], true, 2),
    role('finops_analyst', ['dashboards:read', 'anomalies:read'], false, 1),
  ]
  const users: OsUser[] = [
    {
      username: 'admin',
      roles: ['all_access'],
      backendRoles: ['admin'],
      attributes: [],
      createdAt: AT,
      updatedAt: AT,
    },
    {
      username: 'finops.reader',
      roles: ['finops_analyst', 'readall'],
      backendRoles: ['finops'],
      attributes: [{ key: 'team', value: 'finops' }],
      createdAt: AT,
      updatedAt: AT,
    },
  ]
  const permissions = OS_PERMISSION_IDS.map((id) => ({ id, label: OS_PERMISSIONS[id] }))
  return [
    stubEndpoint(calls.roles, () => ({ roles, permissions })),
    stubEndpoint(calls.users, () => ({ users })),
    async (request: Request) => {
      const path = new URL(request.url).pathname
      if (request.method !== 'POST') return undefined
      if (path === calls.createRole.path) {
        const input = (await request.json()) as OsRoleInput
        const made = role(input.name, input.permissions as OsRole['permissions'], false)
        roles.push(made)
        return Response.json(made)
      }
      if (path === calls.createUser.path) {
        const { password: _password, ...input } = (await request.json()) as OsUserInput
        const made = { ...input, createdAt: AT, updatedAt: AT }
        users.push(made)
        return Response.json(made)
      }
      return undefined
    },
  ]
}

const admin = testUser({ clusterType: 'SNOWFLAKE', role: 'admin', username: 'snowflake' })

describe('/manage/os_manage_roles', () => {
  it('lists the roles with what they grant; built-in ones cannot be edited or deleted', async () => {
    renderPage(<RolesPage />, { route: '/manage/os_manage_roles', user: admin, stubs: fakeOpenSearch() })
    const rows = await tableRows('OpenSearch roles')
    expect(rows).toHaveLength(3)
    expect(rows[0]).toHaveTextContent('all_accessBuilt-in')
    expect(rows[1]).toHaveTextContent('dashboards:read')
    expect(within(rows[0]!).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument()
    expect(
      within(rows[2]!).getByRole('button', { name: 'Delete the role finops_analyst' }),
    ).toBeInTheDocument()
  })

  it('creates a role from the permission catalogue; it appears in the list', async () => {
    const { user, bodies } = renderPage(<RolesPage />, {
      route: '/manage/os_manage_roles',
      user: admin,
      stubs: fakeOpenSearch(),
    })
    await tableRows('OpenSearch roles')
    await user.click(screen.getByRole('button', { name: 'Create role' }))
    const form = await screen.findByRole('form', { name: 'Create role' })
    const name = within(form).getByRole('textbox', { name: /Role name/ })
    await user.type(name, 'cost viewer')
    await user.click(within(form).getByRole('button', { name: 'Create role' }))
    expect(
      await within(form).findByText('A role name is 1 to 64 letters, digits, _ . or - characters.'),
    ).toBeInTheDocument()
    await user.clear(name)
    await user.type(name, 'cost.viewer')
    await user.click(within(form).getByRole('checkbox', { name: /Open dashboards/ }))
    await user.click(within(form).getByRole('button', { name: 'Create role' }))
    await waitFor(() => expect(bodies(calls.createRole)).toHaveLength(1))
    expect(bodies(calls.createRole)[0]).toEqual({
      name: 'cost.viewer',
      description: '',
      permissions: ['dashboards:read'],
    })
    const table = screen.getByRole('table', { name: 'OpenSearch roles' })
    expect(await within(table).findByText('cost.viewer')).toBeInTheDocument()
  }, 30_000)
})

describe('/manage/os_manage_users', () => {
  it('lists the internal users with their roles, backend roles and attributes', async () => {
    renderPage(<UsersPage />, { route: '/manage/os_manage_users', user: admin, stubs: fakeOpenSearch() })
    const rows = await tableRows('OpenSearch users')
    expect(rows).toHaveLength(2)
    expect(rows[1]).toHaveTextContent('finops.reader')
    expect(rows[1]).toHaveTextContent('finops_analyst')
    expect(rows[1]).toHaveTextContent('team=finops')
  })

  it.each([
    ['a complete new user', { ...EMPTY_USER, username: 'ann', password: 'long enough' }, {}],
    [
      'a username with a space',
      { ...EMPTY_USER, username: 'a b', password: 'long enough' },
      { username: 'A username is 1 to 64 letters, digits, _ . or - characters.' },
    ],
    [
      'a taken username',
      { ...EMPTY_USER, username: 'Admin', password: 'long enough' },
      { username: 'A user named Admin already exists.' },
    ],
    [
      'a short password',
      { ...EMPTY_USER, username: 'ann', password: 'short' },
      { password: 'A password is 8 to 128 characters.' },
    ],
    [
      'an attribute twice',
      {
        ...EMPTY_USER,
        username: 'ann',
        password: 'long enough',
        attributes: [
          { key: 'team', value: 'a' },
          { key: 'team', value: 'b' },
        ],
      },
      { attributes: 'The attribute team is given twice.' },
    ],
  ])('the user form: %s', (_what, draft, errors) => {
    expect(userDraftErrors(draft, ['admin'], false)).toEqual(errors)
  })

  it('creates a user mapped to a role; it appears in the list, its password never shown', async () => {
    const { user, bodies } = renderPage(<UsersPage />, {
      route: '/manage/os_manage_users',
      user: admin,
      stubs: fakeOpenSearch(),
    })
    await tableRows('OpenSearch users')
    await user.click(screen.getByRole('button', { name: 'Create user' }))
    const form = await screen.findByRole('form', { name: 'Create user' })
    await user.type(within(form).getByRole('textbox', { name: /Username/ }), 'ann.ops')
    await user.type(within(form).getByLabelText(/^Password/), 'correct horse')
    await user.click(within(form).getByRole('combobox', { name: /^Roles/ }))
    await user.click(await screen.findByRole('option', { name: 'readall' }))
    await user.click(within(form).getByRole('button', { name: 'Create user' }))
    await waitFor(() => expect(bodies(calls.createUser)).toHaveLength(1))
    expect(bodies(calls.createUser)[0]).toEqual({
      username: 'ann.ops',
      password: 'correct horse',
      roles: ['readall'],
      backendRoles: [],
      attributes: [],
    })
    const table = screen.getByRole('table', { name: 'OpenSearch users' })
    expect(await within(table).findByText('ann.ops')).toBeInTheDocument()
    expect(table).not.toHaveTextContent('correct horse')
  }, 30_000)
})
