import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AwsAccount } from '@costlens/shared'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import AwsAccountsPage from './aws-accounts-page.tsx'
import { awsAccountDraftErrors, EMPTY_AWS_ACCOUNT } from './aws-account-form.tsx'
import { findSettledTable } from '../../../test/page-queries.ts'

afterEach(() => vi.unstubAllGlobals())

const account = (over: Partial<AwsAccount>): AwsAccount => ({
  id: 1,
  accountId: '123456789012',
  alias: 'analytics-prod',
  region: 'us-east-1',
  authType: 'role',
  roleArn: 'arn:aws:iam::123456789012:role/costlens-reader',
  accessKeyIdLast4: null,
  secretConfigured: false,
  createdBy: 'emr',
  createdAt: 0,
  updatedAt: 0,
  ...over,
})
const ACCOUNTS = [
  account({}),
  account({
    id: 2,
    accountId: '111122223333',
    alias: 'sandbox',
    authType: 'accessKey',
    roleArn: null,
    accessKeyIdLast4: 'MPLE',
    secretConfigured: true,
  }),
]

const emrAdmin = signedIn(testUser({ clusterType: 'EMR', role: 'admin' }))

function renderAs(session: ReturnType<typeof signedIn>, ...extra: Parameters<typeof stubApi>) {
  const api = stubApi(
    ...extra,
    on('GET', '/api/v1/manage/awsaccounts', () => json({ accounts: ACCOUNTS, limit: 100 })),
  )
  const view = renderWithProviders(<AwsAccountsPage />, {
    preloadedState: session,
    route: '/manage/awsaccountsettings',
  })
  return { ...api, ...view }
}
const render = (...extra: Parameters<typeof stubApi>) => renderAs(emrAdmin, ...extra)

describe('AWS account form checks', () => {
  const role = {
    ...EMPTY_AWS_ACCOUNT,
    accountId: '123456789012',
    alias: 'prod',
    roleArn: 'arn:aws:iam::123456789012:role/r',
  }
  const key = {
    ...role,
    authType: 'accessKey' as const,
    roleArn: '',
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  }
  it.each([
    ['a valid role', role, false, {}],
    ['a valid key', key, false, {}],
    ['no account id', { ...role, accountId: '' }, false, { accountId: 'The AWS account id is required.' }],
    [
      'an 11-digit id',
      { ...role, accountId: '12345678901' },
      false,
      { accountId: 'The AWS account id is 12 digits.' },
    ],
    [
      'a bad role ARN',
      { ...role, roleArn: 'arn:aws:iam::1:role/x' },
      false,
      { roleArn: 'The role ARN looks like arn:aws:iam::123456789012:role/costlens-reader.' },
    ],
    [
      'a short key id',
      { ...key, accessKeyId: 'AKIA1' },
      false,
      { accessKeyId: 'The access key id is 20 characters starting with AKIA or ASIA.' },
    ],
    [
      'no key on a new account',
      { ...key, accessKeyId: '', secretAccessKey: '' },
      false,
      {
        accessKeyId: 'The access key id is required.',
        secretAccessKey: 'The secret access key is required.',
      },
    ],
    ['no key on an account that has one', { ...key, accessKeyId: '', secretAccessKey: '' }, true, {}],
  ] as const)('%s', (_what, draft, storedKey, errors) => {
    expect(awsAccountDraftErrors(draft, storedKey)).toEqual(errors)
  })
})

describe('/manage/awsaccountsettings', () => {
  it('lists the accounts without any secret: the role, or the key’s last 4 characters', async () => {
    render()
    const table = await findSettledTable({ name: 'AWS accounts' })
    // The table shows (busy) before its rows arrive: wait for them.
    const sandbox = (await within(table).findByText('sandbox')).closest('tr')!
    expect(sandbox).toHaveTextContent('Access key …MPLE (secret stored)')
    const prod = within(table).getByText('analytics-prod').closest('tr')!
    expect(prod).toHaveTextContent('arn:aws:iam::123456789012:role/costlens-reader')
  })

  it('adds an account with a role, sending no key fields', async () => {
    const { requests, user } = render(
      on('POST', '/api/v1/manage/awsaccounts', () => json(account({ id: 3 }))),
    )
    await user.click(await screen.findByRole('button', { name: 'Add AWS account' }))
    const form = await screen.findByRole('form', { name: 'Add account' })
    await user.type(within(form).getByRole('textbox', { name: /AWS account id/ }), '210987654321')
    await user.type(within(form).getByRole('textbox', { name: /Alias/ }), 'data-lake')
    await user.type(
      within(form).getByRole('textbox', { name: /Role ARN/ }),
      'arn:aws:iam::210987654321:role/reader',
    )
    await user.click(within(form).getByRole('button', { name: 'Add account' }))
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toBeDefined())
    expect(await requests.find((r) => r.method === 'POST')!.json()).toEqual({
      accountId: '210987654321',
      alias: 'data-lake',
      region: 'us-east-1',
      authType: 'role',
      roleArn: 'arn:aws:iam::210987654321:role/reader',
    })
  }, 20_000)

  it('editing an account with a stored key keeps it when both key fields stay empty', async () => {
    const { requests, user } = render(on('PUT', '/api/v1/manage/awsaccounts/2', () => json(ACCOUNTS[1])))
    await user.click(await screen.findByRole('button', { name: 'Edit the AWS account sandbox' }))
    const form = await screen.findByRole('form', { name: 'Save account' })
    expect(within(form).getByRole('textbox', { name: /Access key id/ })).toHaveValue('')
    expect(within(form).getByText('Leave both empty to keep the stored key')).toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Save account' }))
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toBeDefined())
    expect(await requests.find((r) => r.method === 'PUT')!.json()).toEqual({
      accountId: '111122223333',
      alias: 'sandbox',
      region: 'us-east-1',
      authType: 'accessKey',
    })
  }, 20_000)

  it('shows the server’s duplicate refusal on the account id', async () => {
    const { user } = render(
      on('POST', '/api/v1/manage/awsaccounts', () =>
        json(
          { statusCode: 400, error: 'Bad Request', message: 'This AWS account is already configured.' },
          400,
        ),
      ),
    )
    await user.click(await screen.findByRole('button', { name: 'Add AWS account' }))
    const form = await screen.findByRole('form', { name: 'Add account' })
    await user.type(within(form).getByRole('textbox', { name: /AWS account id/ }), '123456789012')
    await user.type(within(form).getByRole('textbox', { name: /Alias/ }), 'again')
    await user.type(
      within(form).getByRole('textbox', { name: /Role ARN/ }),
      'arn:aws:iam::123456789012:role/r',
    )
    await user.click(within(form).getByRole('button', { name: 'Add account' }))
    expect(await within(form).findByText('This AWS account is already configured.')).toBeInTheDocument()
  }, 20_000)

  it('shows a read-only admin the accounts, with no add, edit or delete', async () => {
    renderAs(signedIn(testUser({ clusterType: 'EMR', role: 'readonlyAdmin' })))
    const table = await findSettledTable({ name: 'AWS accounts' })
    expect(await within(table).findByText('analytics-prod')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add AWS account' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Edit the AWS account/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Delete the AWS account/ })).not.toBeInTheDocument()
  })
})
