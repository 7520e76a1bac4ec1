import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AwsAccount, AwsAccountList } from '@costlens/shared'
import { frozenTestApp } from './helper.ts'

let app: FastifyInstance
let emr: Record<string, string>
let emrUser: Record<string, string>
let cdhAdmin: Record<string, string>

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'
const role = {
  accountId: '210987654321',
  alias: 'data-lake',
  region: 'eu-west-1',
  authType: 'role',
  roleArn: 'arn:aws:iam::210987654321:role/costlens-reader',
}
const key = {
  accountId: '111122223333',
  alias: 'sandbox',
  region: 'us-west-2',
  authType: 'accessKey',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: SECRET,
}

beforeAll(async () => {
  // The seed's EMR personas are an admin and a read-only admin: a plain user is added for the role limit.
  const t = await frozenTestApp({
    users: ['emr', 'emr-user', 'admin'],
    peers: { 'emr-user': { of: 'emr', role: 'user' } },
  })
  app = t.app
  emr = t.as('emr')
  emrUser = t.as('emr-user')
  cdhAdmin = t.as('admin')
})
afterAll(() => app.close())

const create = (payload: object, headers = emr) =>
  app.inject({ method: 'POST', url: '/api/v1/manage/awsaccounts', headers, payload })
const accounts = async () =>
  (
    await app.inject({ method: 'GET', url: '/api/v1/manage/awsaccounts', headers: emr })
  ).json<AwsAccountList>().accounts

describe('AWS account settings', () => {
  it('lists the seeded account, signing in with a role', async () => {
    expect(await accounts()).toEqual([
      expect.objectContaining({
        accountId: '123456789012',
        alias: 'analytics-prod',
        region: 'us-east-1',
        authType: 'role',
        roleArn: 'arn:aws:iam::123456789012:role/costlens-reader',
        accessKeyIdLast4: null,
        secretConfigured: false,
      }),
    ])
  })

  it('adds an account with a role', async () => {
    const res = await create(role)
    expect(res.statusCode).toBe(200)
    expect(res.json<AwsAccount>()).toMatchObject({ ...role, accessKeyIdLast4: null, secretConfigured: false })
  })

  it('adds an account with an access key, and never answers the secret or the whole key id', async () => {
    const res = await create(key)
    expect(res.statusCode).toBe(200)
    expect(res.json<AwsAccount>()).toMatchObject({
      accessKeyIdLast4: 'MPLE',
      secretConfigured: true,
      roleArn: null,
    })
    const listed = JSON.stringify(await accounts())
    expect(listed).not.toContain(SECRET)
    expect(listed).not.toContain('AKIAIOSFODNN7EXAMPLE')
    // Stored for the collector all the same.
    expect(
      app.db
        .prepare("SELECT secret_access_key FROM aws_accounts WHERE account_id = '111122223333'")
        .pluck()
        .get(),
    ).toBe(SECRET)
  })

  it('an edit that leaves the key out keeps the stored key; a new key id needs its secret', async () => {
    const { id } = (await accounts()).find((a) => a.accountId === '111122223333')!
    const put = (payload: object) =>
      app.inject({ method: 'PUT', url: `/api/v1/manage/awsaccounts/${id}`, headers: emr, payload })
    const { accessKeyId: _, secretAccessKey: __, ...withoutKey } = key
    const kept = await put({ ...withoutKey, alias: 'sandbox-2' })
    expect(kept.json<AwsAccount>()).toMatchObject({
      alias: 'sandbox-2',
      accessKeyIdLast4: 'MPLE',
      secretConfigured: true,
    })
    const newIdOnly = await put({ ...withoutKey, accessKeyId: 'AKIAZZZZZZZZZZZZ1234' })
    expect(newIdOnly.statusCode).toBe(400)
    expect(newIdOnly.json<{ message: string }>().message).toBe(
      'An access key id and its secret access key are required to sign in with an access key.',
    )
    // Switching to a role drops the key.
    const toRole = await put({ ...role, accountId: '111122223333' })
    expect(toRole.json<AwsAccount>()).toMatchObject({
      authType: 'role',
      accessKeyIdLast4: null,
      secretConfigured: false,
    })
  })

  it.each([
    ['an account id of 11 digits', { accountId: '12345678901' }, 'The AWS account id is 12 digits.'],
    ['an account id with letters', { accountId: '12345678901a' }, 'The AWS account id is 12 digits.'],
    ['a blank alias', { alias: '  ' }, 'The alias is 1 to 64 characters.'],
    ['an unknown region', { region: 'moon-1' }, 'Choose a region from the list.'],
    [
      'a malformed role ARN',
      { roleArn: 'arn:aws:iam::1234:role/x' },
      'The role ARN looks like arn:aws:iam::123456789012:role/costlens-reader.',
    ],
    [
      'a role sign-in without the ARN',
      { roleArn: undefined },
      'A role ARN is required to sign in with a role.',
    ],
    [
      'an unknown sign-in',
      { authType: 'password' },
      'body/authType must be equal to one of the allowed values',
    ],
    [
      'the id of an account already there',
      { accountId: '123456789012' },
      'This AWS account is already configured.',
    ],
  ])('refuses %s with 400 and the reason', async (_what, change, message) => {
    const res = await create({ ...role, accountId: '999988887777', ...change })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message })
  })

  it.each([
    [
      'a short key id',
      { accessKeyId: 'AKIA123' },
      'The access key id is 20 characters starting with AKIA or ASIA.',
    ],
    ['a short secret', { secretAccessKey: 'abc' }, 'The secret access key is 40 characters.'],
    [
      'no secret',
      { secretAccessKey: undefined },
      'An access key id and its secret access key are required to sign in with an access key.',
    ],
  ])('refuses an access key with %s', async (_what, change, message) => {
    const res = await create({ ...key, accountId: '999988887776', ...change })
    expect(res.statusCode).toBe(400)
    expect(res.json<{ message: string }>().message).toBe(message)
  })

  it('deletes an account; a missing one is 404', async () => {
    const { id } = (await accounts()).find((a) => a.accountId === '210987654321')!
    const del = await app.inject({ method: 'DELETE', url: `/api/v1/manage/awsaccounts/${id}`, headers: emr })
    expect(del.json()).toEqual({ id, deleted: true })
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/v1/manage/awsaccounts/${id}`,
      headers: emr,
    })
    expect(again.statusCode).toBe(404)
    expect(again.json<{ message: string }>().message).toBe(`The AWS account ${id} does not exist`)
  })
})

describe('who may call them', () => {
  // Read-only admins read the accounts too: emr-readonly.test.ts.
  it.each([
    ['GET', '/api/v1/manage/awsaccounts', 'admin or read-only admin'],
    ['POST', '/api/v1/manage/awsaccounts', 'admin'],
    ['PUT', '/api/v1/manage/awsaccounts/1', 'admin'],
    ['DELETE', '/api/v1/manage/awsaccounts/1', 'admin'],
  ] as const)(
    '%s %s: 401 without a token, 403 on another platform or for an EMR user (needs the %s role)',
    async (method, url, roles) => {
      const payload = method === 'POST' || method === 'PUT' ? role : undefined
      expect((await app.inject({ method, url, payload })).statusCode).toBe(401)
      const cdh = await app.inject({ method, url, headers: cdhAdmin, payload })
      expect(cdh.statusCode).toBe(403)
      const user = await app.inject({ method, url, headers: emrUser, payload })
      expect(user.statusCode).toBe(403)
      expect(user.json<{ message: string }>().message).toBe(`This action needs the ${roles} role.`)
    },
  )
})

describe('writes are kept', () => {
  it('an account added survives building the app again on the same file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'costlens-aws-'))
    const dbPath = path.join(dir, 'costlens.db')
    try {
      const first = await frozenTestApp({ dbPath, users: ['emr'] })
      await first.app.inject({
        method: 'POST',
        url: '/api/v1/manage/awsaccounts',
        headers: first.as('emr'),
        payload: key,
      })
      await first.app.close()
      const second = await frozenTestApp({ dbPath, users: ['emr'] })
      const listed = await second.app.inject({
        method: 'GET',
        url: '/api/v1/manage/awsaccounts',
        headers: second.as('emr'),
      })
      expect(listed.json<AwsAccountList>().accounts.map((a) => a.accountId)).toEqual([
        '123456789012',
        '111122223333',
      ])
      await second.app.close()
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
