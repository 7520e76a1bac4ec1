import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  awsAccountEndpoints,
  budgetEndpoints,
  fillPath,
  type CurrentUser,
  type Endpoint,
} from '@costlens/shared'
import type { AppInstance } from '../src/app.ts'
import { passwordVariable } from '../src/db/seed/users.ts'
import { frozenTestApp, type FrozenTestApp } from './helper.ts'

/**
 * The seeded EMR read-only admin, emr-readonly / emr-readonly (B302): reads what the EMR admin reads
 * on the budget and AWS account pages, and changes none of it.
 */
describe('the EMR read-only admin (emr-readonly)', () => {
  let app: AppInstance
  let as: FrozenTestApp['as']
  /** A seeded budget's and AWS account's ids, for the calls that name one. */
  let records: { budget: { id: number }; account: { id: number } }
  beforeAll(async () => {
    ;({ app, as } = await frozenTestApp({ users: ['emr-readonly'] }))
    const first = (table: string) => ({
      id: app.db.prepare(`SELECT min(id) FROM ${table}`).pluck().get() as number,
    })
    records = { budget: first('budgets'), account: first('aws_accounts') }
  })
  afterAll(() => app.close())

  /** Every row a write could change. */
  const stored = () => ({
    budgets: app.db.prepare('SELECT * FROM budgets ORDER BY id').all(),
    accounts: app.db.prepare('SELECT * FROM aws_accounts ORDER BY id').all(),
  })

  it('signs in with password = username and is a read-only admin of EMR', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/isValidToken', headers: as('emr-readonly') })
    expect(res.statusCode).toBe(200)
    expect(res.json<CurrentUser>()).toMatchObject({
      username: 'emr-readonly',
      role: 'readonlyAdmin',
      isAdmin: false,
      isReadonlyAdmin: true,
      clusterType: 'EMR',
    })
  })

  it('has a password variable a shell can set: the hyphen is written as _', () => {
    expect(passwordVariable('emr-readonly')).toBe('COSTLENS_PERSONA_PASSWORD_EMR_READONLY')
    expect(passwordVariable('admin')).toBe('COSTLENS_PERSONA_PASSWORD_ADMIN')
  })

  const budget = { name: 'Read-only attempt', amount: 100, scopeType: 'all' }
  const account = {
    accountId: '210987654321',
    alias: 'read-only-attempt',
    region: 'eu-west-1',
    authType: 'role',
    roleArn: 'arn:aws:iam::210987654321:role/costlens-reader',
  }
  const BUDGET_WRITERS = 'This action needs the admin or user role.'
  const ACCOUNT_WRITERS = 'This action needs the admin role.'

  type Call = [
    what: string,
    status: 200 | 403,
    Endpoint,
    names: 'budget' | 'account',
    body?: object,
    refusal?: string,
  ]
  const CALLS: Call[] = [
    ['lists the budgets', 200, budgetEndpoints.list, 'budget'],
    ['opens a budget’s details', 200, budgetEndpoints.details, 'budget'],
    ['lists the AWS accounts', 200, awsAccountEndpoints.list, 'account'],
    ['creates a budget', 403, budgetEndpoints.create, 'budget', budget, BUDGET_WRITERS],
    ['edits a budget', 403, budgetEndpoints.update, 'budget', budget, BUDGET_WRITERS],
    ['deletes a budget', 403, budgetEndpoints.remove, 'budget', undefined, BUDGET_WRITERS],
    ['adds an AWS account', 403, awsAccountEndpoints.create, 'account', account, ACCOUNT_WRITERS],
    ['edits an AWS account', 403, awsAccountEndpoints.update, 'account', account, ACCOUNT_WRITERS],
    ['deletes an AWS account', 403, awsAccountEndpoints.remove, 'account', undefined, ACCOUNT_WRITERS],
  ]

  it.each(CALLS)(
    '%s: %i, and nothing stored changes',
    async (_what, status, endpoint, names, payload, refusal) => {
      const before = stored()
      const res = await app.inject({
        method: endpoint.method,
        url: fillPath(endpoint.path, records[names]),
        headers: as('emr-readonly'),
        payload,
      })
      expect(res.statusCode, res.body).toBe(status)
      if (refusal) expect(res.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: refusal })
      expect(stored()).toEqual(before)
    },
  )
})
