import { describe, expect, it } from 'vitest'
import {
  budgetNameProblem,
  cleanText,
  emailProblem,
  INSTANCE_URL_INVALID,
  INSTANCE_URL_TRAILING_SLASH,
  isEmailAddress,
  isNumeric,
  minimumDaysProblem,
  nonZeroProblem,
  percentageProblem,
  requiredProblem,
  startBeforeEndProblem,
  TEXT_MAX_LENGTH,
  topXProblem,
  twoDecimalsProblem,
  validateWorkspaceForm,
  type WorkspaceForm,
  webhookProblem,
} from './forms.ts'

const DAY = 86_400_000

describe('B130 numeric check', () => {
  it.each([
    [42, true],
    ['42', true],
    [' 42 ', true],
    ['4a', false],
    [4.5, false],
    [0, true],
    ['007', true],
    ['4 2', false],
    ['', false],
    ['  ', false],
    ['-4', false],
    ['4.5', false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    [null, false],
    [undefined, false],
  ])('B130 %j is numeric: %s', (value, numeric) => {
    expect(isNumeric(value)).toBe(numeric)
  })
})

describe('B131 text input', () => {
  it.each([
    ['  abc  ', 'abc'],
    ['abc', 'abc'],
    ['   ', ''],
  ])('B131 %j is stored as %j', (value, stored) => {
    expect(cleanText(value)).toBe(stored)
  })

  it.each([
    [10_001, 10_000],
    [10_000, 10_000],
    [9_999, 9_999],
  ])('B131 %i characters are limited to %i', (length, kept) => {
    expect(TEXT_MAX_LENGTH).toBe(10_000)
    expect(cleanText('x'.repeat(length))).toHaveLength(kept)
  })

  it('B131 trims before cutting, and a field may set its own limit', () => {
    expect(cleanText(`  ${'y'.repeat(10_000)}  `)).toHaveLength(10_000)
    expect(cleanText(' abcdef ', 3)).toBe('abc')
  })
})

describe('B132 B133 addresses', () => {
  it.each([
    ['ops@example.com', null],
    ['first.last+alerts@sub.example.co.uk', null],
    ['ops@example.com, dev@example.org', null],
    ['ops@example.com;dev@example.org', null],
    ['ops@example.com,', null],
    ['ops@', 'Invalid email address/addresses.'],
    ['plain', 'Invalid email address/addresses.'],
    ['ops@localhost', 'Invalid email address/addresses.'],
    ['ops@example..com', 'Invalid email address/addresses.'],
    ['ops @example.com', 'Invalid email address/addresses.'],
    ['ops@example.com, nope', 'Invalid email address/addresses.'],
    ['', 'Please enter an email address.'],
    [' , ', 'Please enter an email address.'],
  ])('B132 %j → %j', (value, problem) => {
    expect(emailProblem(value)).toBe(problem)
  })

  it.each([
    ['ops@example.com', true],
    ['ops@example', false],
  ])('B132 one address %j is valid: %s', (value, valid) => {
    expect(isEmailAddress(value)).toBe(valid)
  })

  it.each([
    ['not a url', 'Invalid webhook URL.'],
    ['', 'Invalid webhook URL.'],
    ['hooks.example.com/x', 'Invalid webhook URL.'],
    ['ftp://hooks.example.com/x', 'Invalid webhook URL.'],
    ['mailto:ops@example.com', 'Invalid webhook URL.'],
    ['https://hooks.example.com/x', null],
    [' https://hooks.example.com/x?token=1 ', null],
    ['http://10.0.0.5:8080/hook', null],
  ])('B133 webhook %j → %j', (value, problem) => {
    expect(webhookProblem(value)).toBe(problem)
  })
})

describe('B134 generic form messages', () => {
  it.each([
    ['a required empty field', requiredProblem(''), 'This field is required.'],
    ['a required blank field', requiredProblem('   '), 'This field is required.'],
    ['a required empty list', requiredProblem([]), 'This field is required.'],
    ['a required null', requiredProblem(null), 'This field is required.'],
    ['a named required field', requiredProblem('  ', 'Budget'), 'Budget is required.'],
    ['a filled field', requiredProblem('x'), null],
    ['a zero number in a required field', requiredProblem(0), null],
    ['zero', nonZeroProblem(0), 'Value cannot be zero.'],
    ['a non-zero value', nonZeroProblem(0.5), null],
    [
      'start 10:00, end 09:00',
      startBeforeEndProblem('10:00', '09:00'),
      'Start time should be less than end time',
    ],
    [
      'start 10:00, end 10:00',
      startBeforeEndProblem('10:00', '10:00'),
      'Start time should be less than end time',
    ],
    ['start 09:00, end 10:00', startBeforeEndProblem('09:00', '10:00'), null],
    ['start 9:00, end 10:00', startBeforeEndProblem('9:00', '10:00'), null],
    [
      'start 10:00:30, end 10:00:15',
      startBeforeEndProblem('10:00:30', '10:00:15'),
      'Start time should be less than end time',
    ],
    [
      'start soon, end 10:00',
      startBeforeEndProblem('soon', '10:00'),
      'Start time should be less than end time',
    ],
    ['epoch start after end', startBeforeEndProblem(2000, 1000), 'Start time should be less than end time'],
    ['epoch start before end', startBeforeEndProblem(1000, 2000), null],
    ["Top X 'ten'", topXProblem('ten'), 'Top X should be a number'],
    ["Top X ' 10 '", topXProblem(' 10 '), null],
    ['percent 101', percentageProblem(101), 'Ensure to maintain the value between 1 and 100.'],
    ['percent 0', percentageProblem(0), 'Ensure to maintain the value between 1 and 100.'],
    ['percent NaN', percentageProblem(Number.NaN), 'Ensure to maintain the value between 1 and 100.'],
    ['percent 1', percentageProblem(1), null],
    ['percent 100', percentageProblem(100), null],
    ["'1.234'", twoDecimalsProblem('1.234'), 'Maximum two decimal points.'],
    ['1.5', twoDecimalsProblem(1.5), null],
    ["'1.23'", twoDecimalsProblem('1.23'), null],
    ["'12'", twoDecimalsProblem('12'), null],
    [
      'a 1-day range where more is needed',
      minimumDaysProblem(DAY, 1),
      'Please make sure date range more than 1 day.',
    ],
    ['a 25-hour range where more than 1 day is needed', minimumDaysProblem(25 * 3_600_000, 1), null],
    [
      'a 2-day range where more is needed',
      minimumDaysProblem(2 * DAY, 2),
      'Date range should be greater than two days.',
    ],
    ['a 3-day range', minimumDaysProblem(3 * DAY, 2), null],
  ])('B134 %s → %j', (_label, problem, expected) => {
    expect(problem).toBe(expected)
  })
})

describe('B197-B200 Databricks workspace form', () => {
  const valid: WorkspaceForm = {
    workspaceId: 'ws-9',
    workspaceName: 'Analytics',
    instanceUrl: 'https://host.example.com',
    auth: 'token',
    tokenSecretName: 'kv/db',
    accountId: 'acc-1',
    region: 'us-east-1',
  }
  const existing = [
    { workspaceId: 'existing-id', workspaceName: 'Prod' },
    { workspaceId: 'ws-9', workspaceName: 'Analytics' },
  ]
  const others = existing.filter((w) => w.workspaceId !== 'ws-9')

  it('B200 a token secret name is enough', () => {
    expect(validateWorkspaceForm(valid, others)).toEqual({})
  })

  it.each([
    [{ workspaceId: '' }, 'workspaceId', 'Please provide a Workspace ID'],
    [{ workspaceId: '  ' }, 'workspaceId', 'Please provide a Workspace ID'],
    [
      { workspaceId: 'existing-id' },
      'workspaceId',
      'This Workspace Id already exists, please provide another',
    ],
    [
      { workspaceId: ' existing-id ' },
      'workspaceId',
      'This Workspace Id already exists, please provide another',
    ],
    [{ workspaceId: 'Existing-ID' }, 'workspaceId', undefined],
  ] as [Partial<WorkspaceForm>, keyof WorkspaceForm, string | undefined][])(
    'B197 %j gives %s: %s',
    (change, field, message) => {
      expect(validateWorkspaceForm({ ...valid, ...change }, others)[field]).toBe(message)
    },
  )

  it.each([
    [{ workspaceName: '' }, 'workspaceName', 'Please provide a Workspace Name'],
    [
      { workspaceName: 'prod' },
      'workspaceName',
      'This Workspace Name already exists, please provide another',
    ],
    [
      { workspaceName: ' PROD ' },
      'workspaceName',
      'This Workspace Name already exists, please provide another',
    ],
    [{ workspaceName: 'Production' }, 'workspaceName', undefined],
  ] as [Partial<WorkspaceForm>, keyof WorkspaceForm, string | undefined][])(
    'B198 %j gives %s: %s',
    (change, field, message) => {
      expect(validateWorkspaceForm({ ...valid, ...change }, others)[field]).toBe(message)
    },
  )

  it.each([
    [{ instanceUrl: '' }, 'Please provide an Instance(Region) URL'],
    [{ instanceUrl: 'https://host.example.com/' }, INSTANCE_URL_TRAILING_SLASH],
    [{ instanceUrl: 'https://host.example.com/path/' }, INSTANCE_URL_TRAILING_SLASH],
    [{ instanceUrl: 'host.example.com' }, INSTANCE_URL_INVALID],
    [{ instanceUrl: 'https://host.example.com' }, undefined],
    [{ instanceUrl: 'https://adb-123.4.azuredatabricks.net' }, undefined],
  ] as [Partial<WorkspaceForm>, string | undefined][])('B199 %j gives instanceUrl: %s', (change, message) => {
    expect(validateWorkspaceForm({ ...valid, ...change }, others).instanceUrl).toBe(message)
  })

  it.each([
    [{ auth: 'token', tokenSecretName: '', token: '' }, 'token', 'Please provide a token'],
    [{ auth: 'token', tokenSecretName: undefined, token: 'dapi-1' }, 'token', undefined],
    [
      { auth: 'oauth', tenantId: 't', clientId: 'c', clientSecret: 's', scopes: '' },
      'scopes',
      'Scopes is required.',
    ],
    [
      { auth: 'oauth', clientId: 'c', clientSecret: 's', scopes: 'all' },
      'tenantId',
      'Tenant id is required.',
    ],
    [
      { auth: 'oauth', tenantId: 't', clientSecret: 's', scopes: 'all' },
      'clientId',
      'Client id is required.',
    ],
    [
      { auth: 'oauth', tenantId: 't', clientId: 'c', scopes: 'all' },
      'clientSecret',
      'Client secret or client secret name is required.',
    ],
    [{ accountId: '' }, 'accountId', 'Databricks account id is required.'],
    [{ region: '' }, 'region', 'Region is required.'],
  ] as [Partial<WorkspaceForm>, keyof WorkspaceForm, string | undefined][])(
    'B200 %j gives %s: %s',
    (change, field, message) => {
      expect(validateWorkspaceForm({ ...valid, ...change }, others)[field]).toBe(message)
    },
  )

  it('B200 a complete OAuth form is valid, and its token fields are not asked for', () => {
    expect(
      validateWorkspaceForm({
        ...valid,
        auth: 'oauth',
        tokenSecretName: undefined,
        tenantId: 't',
        clientId: 'c',
        clientSecretName: 'kv/s',
        scopes: 'all',
      }),
    ).toEqual({})
  })

  it('B197 B198 editing a workspace does not clash with itself, but still with the others', () => {
    expect(validateWorkspaceForm(valid, existing)).toMatchObject({
      workspaceId: 'This Workspace Id already exists, please provide another',
    })
    expect(validateWorkspaceForm(valid, existing, 'ws-9')).toEqual({})
    expect(validateWorkspaceForm({ ...valid, workspaceName: 'prod' }, existing, 'ws-9')).toEqual({
      workspaceName: 'This Workspace Name already exists, please provide another',
    })
  })

  it('B197-B200 an empty form reports every required field at once', () => {
    expect(
      validateWorkspaceForm({ workspaceId: '', workspaceName: '', instanceUrl: '', auth: 'token' }),
    ).toEqual({
      workspaceId: 'Please provide a Workspace ID',
      workspaceName: 'Please provide a Workspace Name',
      instanceUrl: 'Please provide an Instance(Region) URL',
      token: 'Please provide a token',
      accountId: 'Databricks account id is required.',
      region: 'Region is required.',
    })
  })
})

describe('B257 budget names', () => {
  it.each([
    ['existing', 'Budget name already exists.'],
    [' Existing ', 'Budget name already exists.'],
    ['EXISTING', 'Budget name already exists.'],
    ['existing 2', null],
    ['new one', null],
  ])('B257 %j → %j', (name, problem) => {
    expect(budgetNameProblem(name, ['existing', 'other'])).toBe(problem)
  })

  it('B257 with no other budgets any name is free', () => {
    expect(budgetNameProblem('existing', [])).toBeNull()
  })
})
