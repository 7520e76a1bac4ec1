import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { osAccessEndpoints as calls, type OsRoleList, type OsUser, type OsUserList } from '@costlens/shared'
import { TEST_NOW_MS, frozenTestApp } from './helper.ts'

let app: FastifyInstance
let as: (user: string) => Record<string, string>

beforeAll(async () => {
  const t = await frozenTestApp({
    users: ['snowflake', 'sfuser', 'bigquery', 'bq-readonly', 'k8s', 'emr'],
    peers: { 'bq-readonly': { of: 'bigquery', role: 'readonlyAdmin' } },
  })
  app = t.app
  as = t.as
})
afterAll(() => app.close())

const ROLES = calls.roles.path
const USERS = calls.users.path
const call = (user: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: as(user), ...(payload && { payload }) })
const roles = async (user = 'snowflake') => (await call(user, 'GET', ROLES)).json<OsRoleList>()
const users = async (user = 'snowflake') => (await call(user, 'GET', USERS)).json<OsUserList>().users

describe('the seeded roles and users', () => {
  it('lists the built-in roles first, then the team’s, with how many users each has', async () => {
    const { roles: list, permissions } = await roles()
    expect(list.map((r) => [r.name, r.builtIn, r.users])).toEqual([
      ['alerting_full_access', true, 1],
      ['all_access', true, 1],
      ['anomaly_full_access', true, 1],
      ['readall', true, 2],
      ['finops_analyst', false, 1],
      ['platform_oncall', false, 1],
    ])
    expect(list.find((r) => r.name === 'readall')!.permissions).toEqual([
      'dashboards:read',
      'alerting:read',
      'anomalies:read',
      'notifications:read',
    ])
    expect(permissions.map((p) => p.id)).toContain('users:manage')
    expect(permissions.find((p) => p.id === 'alerting:write')!.label).toBe(
      'Create monitors, acknowledge alerts',
    )
  })

  it('lists the internal users by name with their roles, backend roles and attributes, never a password', async () => {
    const list = await users('bigquery')
    expect(list.map((u) => u.username)).toEqual([
      'admin',
      'anomaly.svc',
      'dashboards_viewer',
      'finops.reader',
      'oncall-bot',
    ])
    expect(list.find((u) => u.username === 'finops.reader')).toMatchObject({
      roles: ['finops_analyst', 'readall'],
      backendRoles: ['finops'],
      attributes: [
        { key: 'team', value: 'finops' },
        { key: 'cost_center', value: 'cc-4410' },
      ],
    })
    expect(JSON.stringify(list)).not.toMatch(/password|scrypt/)
  })
})

describe('roles', () => {
  it('creates, changes and deletes a role of the platform', async () => {
    const made = await call('snowflake', 'POST', ROLES, {
      name: 'cost.viewer',
      description: ' Reads cost dashboards ',
      permissions: ['dashboards:read', 'anomalies:read', 'alerting:read'],
    })
    expect(made.statusCode, made.body).toBe(200)
    expect(made.json()).toEqual({
      name: 'cost.viewer',
      description: 'Reads cost dashboards',
      // Kept in the catalogue's order.
      permissions: ['dashboards:read', 'alerting:read', 'anomalies:read'],
      builtIn: false,
      users: 0,
      updatedAt: TEST_NOW_MS,
    })
    const changed = await call('snowflake', 'PUT', `${ROLES}/cost.viewer`, {
      permissions: ['dashboards:write'],
    })
    expect(changed.json()).toMatchObject({
      description: 'Reads cost dashboards',
      permissions: ['dashboards:write'],
    })
    // Another platform's OpenSearch has no such role.
    expect((await roles('bigquery')).roles.map((r) => r.name)).not.toContain('cost.viewer')
    expect((await call('bigquery', 'DELETE', `${ROLES}/cost.viewer`)).statusCode).toBe(404)
    const gone = await call('snowflake', 'DELETE', `${ROLES}/cost.viewer`)
    expect(gone.json()).toEqual({ name: 'cost.viewer', deleted: true })
    expect((await call('snowflake', 'DELETE', `${ROLES}/cost.viewer`)).statusCode).toBe(404)
  })

  it.each([
    [
      'a name with a space',
      { name: 'cost viewer', permissions: [] },
      'A role name is 1 to 64 letters, digits, _ . or - characters.',
    ],
    [
      'a name of 65 characters',
      { name: 'r'.repeat(65), permissions: [] },
      'A role name is 1 to 64 letters, digits, _ . or - characters.',
    ],
    [
      'an empty name',
      { name: '', permissions: [] },
      'A role name is 1 to 64 letters, digits, _ . or - characters.',
    ],
    [
      'a name taken in another case',
      { name: 'FinOps_Analyst', permissions: [] },
      'A role named FinOps_Analyst already exists.',
    ],
    ['a built-in name', { name: 'all_access', permissions: [] }, 'A role named all_access already exists.'],
    [
      'an unknown permission',
      { name: 'r1', permissions: ['dashboards:read', 'cluster:admin'] },
      'There is no permission cluster:admin: choose from dashboards:read, dashboards:write, alerting:read, alerting:write, anomalies:read, anomalies:write, notifications:read, notifications:write, users:manage.',
    ],
    [
      'a permission twice',
      { name: 'r1', permissions: ['dashboards:read', 'dashboards:read'] },
      'Permissions are each given once, from: dashboards:read, dashboards:write, alerting:read, alerting:write, anomalies:read, anomalies:write, notifications:read, notifications:write, users:manage.',
    ],
    ['no permissions field', { name: 'r1' }, "body must have the field 'permissions'"],
    [
      'a description past 500 characters',
      { name: 'r1', permissions: [], description: 'd'.repeat(501) },
      'body/description must NOT have more than 500 characters',
    ],
  ])('%s is a 400', async (_what, body, message) => {
    const res = await call('bigquery', 'POST', ROLES, body)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().message).toBe(message)
  })

  it.each([
    ['PUT', { permissions: [] }],
    ['DELETE', undefined],
  ] as const)('a built-in role cannot be changed or deleted (%s: 400)', async (method, body) => {
    const res = await call('k8s', method, `${ROLES}/readall`, body)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('The role readall is built in: it cannot be changed or deleted.')
  })

  it('a role users are mapped to cannot be deleted', async () => {
    const res = await call('k8s', 'DELETE', `${ROLES}/platform_oncall`)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      'The role platform_oncall is mapped to 1 user: remove it from them first.',
    )
  })

  it('a path name outside the pattern is a 400', async () => {
    const res = await call('k8s', 'PUT', `${ROLES}/bad%20name`, { permissions: [] })
    expect(res.statusCode).toBe(400)
  })
})

describe('users', () => {
  const alice = {
    username: 'alice.ops',
    password: 'correct horse battery',
    roles: ['readall', 'platform_oncall'],
    backendRoles: ['sre'],
    attributes: [{ key: 'team', value: ' sre ' }],
  }

  it('creates a user mapped to roles, its password stored as a hash and never answered', async () => {
    const res = await call('bigquery', 'POST', USERS, alice)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<OsUser>()).toEqual({
      username: 'alice.ops',
      roles: ['platform_oncall', 'readall'],
      backendRoles: ['sre'],
      attributes: [{ key: 'team', value: 'sre' }],
      createdAt: TEST_NOW_MS,
      updatedAt: TEST_NOW_MS,
    })
    const stored = app.db
      .prepare("SELECT password_hash FROM os_users WHERE platform = 'BIGQUERYV2' AND username = 'alice.ops'")
      .pluck()
      .get() as string
    expect(stored).toMatch(/^scrypt\$/)
    expect(stored).not.toContain('horse')
    expect((await roles('bigquery')).roles.find((r) => r.name === 'readall')!.users).toBe(3)
  })

  it('edits its roles, backend roles and attributes, keeping the password unless one is given', async () => {
    const hash = () =>
      app.db
        .prepare(
          "SELECT password_hash FROM os_users WHERE platform = 'BIGQUERYV2' AND username = 'alice.ops'",
        )
        .pluck()
        .get()
    const before = hash()
    const res = await call('bigquery', 'PUT', `${USERS}/alice.ops`, {
      roles: ['anomaly_full_access'],
      backendRoles: [],
      attributes: [],
    })
    expect(res.json()).toMatchObject({ roles: ['anomaly_full_access'], backendRoles: [], attributes: [] })
    expect(hash()).toBe(before)
    await call('bigquery', 'PUT', `${USERS}/alice.ops`, {
      password: 'another secret',
      roles: [],
      backendRoles: [],
      attributes: [],
    })
    expect(hash()).not.toBe(before)
  })

  it('deletes a user, and its role mapping with it', async () => {
    const res = await call('bigquery', 'DELETE', `${USERS}/ALICE.OPS`)
    expect(res.json()).toEqual({ name: 'alice.ops', deleted: true })
    expect((await users('bigquery')).map((u) => u.username)).not.toContain('alice.ops')
    expect((await call('bigquery', 'DELETE', `${USERS}/alice.ops`)).statusCode).toBe(404)
  })

  it.each([
    [
      'a username with a slash',
      { ...alice, username: 'a/b' },
      'A username is 1 to 64 letters, digits, _ . or - characters.',
    ],
    [
      'a username taken in another case',
      { ...alice, username: 'ADMIN' },
      'A user named ADMIN already exists.',
    ],
    ['a role that does not exist', { ...alice, roles: ['superuser'] }, 'There is no role named superuser.'],
    [
      'a short password',
      { ...alice, password: 'short' },
      'body/password must NOT have fewer than 8 characters',
    ],
    ['no password', { ...alice, password: undefined }, "body must have the field 'password'"],
    [
      'an attribute twice',
      {
        ...alice,
        attributes: [
          { key: 'team', value: 'a' },
          { key: 'team', value: 'b' },
        ],
      },
      'The attribute team is given twice.',
    ],
    [
      '11 attributes',
      { ...alice, attributes: Array.from({ length: 11 }, (_, i) => ({ key: `k${i}`, value: 'v' })) },
      'body/attributes must NOT have more than 10 items',
    ],
    [
      'a backend role with a space',
      { ...alice, backendRoles: ['data team'] },
      'body/backendRoles/0 must match pattern "^[A-Za-z0-9_.-]{1,64}$"',
    ],
  ])('%s is a 400', async (_what, body, message) => {
    const res = await call('snowflake', 'POST', USERS, body)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().message).toBe(message)
  })

  it('another platform’s user is a 404', async () => {
    await call('snowflake', 'POST', USERS, { ...alice, username: 'sf.only' })
    const res = await call('k8s', 'PUT', `${USERS}/sf.only`, { roles: [], backendRoles: [], attributes: [] })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('The user sf.only does not exist')
  })
})

describe('who may call: admins of a platform with OpenSearch views', () => {
  const entries = Object.values(calls)
  const urlOf = (path: string) => path.replace('{name}', 'readall').replace('{username}', 'admin')
  const body = (method: string) => (method === 'POST' || method === 'PUT' ? { permissions: [] } : undefined)

  it.each(['sfuser', 'bq-readonly'])('%s (not an admin) is refused every call (403)', async (user) => {
    for (const entry of entries) {
      const res = await call(user, entry.method, urlOf(entry.path), body(entry.method))
      expect(res.statusCode, `${entry.method} ${entry.path}`).toBe(403)
      expect(res.json().message).toBe('This action needs the admin role.')
    }
  })

  it('an admin of a platform without OpenSearch views is refused (403)', async () => {
    const res = await call('emr', 'GET', USERS)
    expect(res.statusCode).toBe(403)
  })

  it('without a token every call is a 401', async () => {
    for (const entry of entries) {
      const res = await app.inject({
        method: entry.method,
        url: urlOf(entry.path),
        payload: body(entry.method),
      })
      expect(res.statusCode, `${entry.method} ${entry.path}`).toBe(401)
    }
  })
})
