import { describe, expect, it } from 'vitest'
import {
  budgetNameProblem,
  cleanText,
  emailProblem,
  isNumeric,
  minimumDaysProblem,
  nonZeroProblem,
  percentageProblem,
  requiredProblem,
  startBeforeEndProblem,
  topXProblem,
  twoDecimalsProblem,
  validateWorkspaceForm,
  type WorkspaceForm,
  webhookProblem,
} from './forms.ts'

describe('B130 numeric check', () => {
  it.each([
    [42, true],
    ['42', true],
    [' 42 ', true],
    ['4a', false],
    [4.5, false],
    ['', false],
    [null, false],
  ])('B130 %j is numeric: %s', (value, numeric) => {
    expect(isNumeric(value)).toBe(numeric)
  })
})

describe('B131 text input', () => {
  it('B131 trims', () => expect(cleanText('  abc  ')).toBe('abc'))
  it('B131 limits to 10000 characters', () => expect(cleanText('x'.repeat(10001))).toHaveLength(10000))
})

describe('B132 B133 addresses', () => {
  it.each([
    ['ops@example.com', null],
    ['ops@example.com, dev@example.org', null],
    ['ops@', 'Invalid email address/addresses.'],
    ['plain', 'Invalid email address/addresses.'],
    ['ops@example.com, nope', 'Invalid email address/addresses.'],
    ['', 'Please enter an email address.'],
    [' , ', 'Please enter an email address.'],
  ])('B132 %j → %j', (value, problem) => {
    expect(emailProblem(value)).toBe(problem)
  })

  it.each([
    ['not a url', 'Invalid webhook URL.'],
    ['ftp://hooks.example.com/x', 'Invalid webhook URL.'],
    ['https://hooks.example.com/x', null],
  ])('B133 webhook %j → %j', (value, problem) => {
    expect(webhookProblem(value)).toBe(problem)
  })
})

describe('B134 generic form messages', () => {
  it.each([
    ['a required empty field', requiredProblem(''), 'This field is required.'],
    ['a named required field', requiredProblem('  ', 'Budget'), 'Budget is required.'],
    ['a filled field', requiredProblem('x'), null],
    ['zero', nonZeroProblem(0), 'Value cannot be zero.'],
    [
      'start 10:00, end 09:00',
      startBeforeEndProblem('10:00', '09:00'),
      'Start time should be less than end time',
    ],
    ['start 09:00, end 10:00', startBeforeEndProblem('09:00', '10:00'), null],
    ["Top X 'ten'", topXProblem('ten'), 'Top X should be a number'],
    ['percent 101', percentageProblem(101), 'Ensure to maintain the value between 1 and 100.'],
    ['percent 0', percentageProblem(0), 'Ensure to maintain the value between 1 and 100.'],
    ['percent 100', percentageProblem(100), null],
    ["'1.234'", twoDecimalsProblem('1.234'), 'Maximum two decimal points.'],
    ["'1.23'", twoDecimalsProblem('1.23'), null],
    [
      'a 1-day range where more is needed',
      minimumDaysProblem(86_400_000, 1),
      'Please make sure date range more than 1 day.',
    ],
    [
      'a 2-day range where more is needed',
      minimumDaysProblem(2 * 86_400_000, 2),
      'Date range should be greater than two days.',
    ],
    ['a 3-day range', minimumDaysProblem(3 * 86_400_000, 2), null],
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
  const existing = [{ workspaceId: 'existing-id', workspaceName: 'Prod' }]

  it('B200 a token secret name is enough', () => {
    expect(validateWorkspaceForm(valid, existing)).toEqual({})
  })

  it.each([
    [{ workspaceId: '' }, 'workspaceId', 'Please provide a Workspace ID'],
    [
      { workspaceId: 'existing-id' },
      'workspaceId',
      'This Workspace Id already exists, please provide another',
    ],
    [{ workspaceName: '' }, 'workspaceName', 'Please provide a Workspace Name'],
    [
      { workspaceName: 'prod' },
      'workspaceName',
      'This Workspace Name already exists, please provide another',
    ],
    [{ instanceUrl: '' }, 'instanceUrl', 'Please provide an Instance(Region) URL'],
    [{ instanceUrl: 'https://host.example.com/' }, 'instanceUrl', 'Remove the trailing slash from the URL'],
    [{ tokenSecretName: '', token: '' }, 'token', 'Please provide a token'],
    [
      { auth: 'oauth', tenantId: 't', clientId: 'c', clientSecret: 's', scopes: '' },
      'scopes',
      'This field is required.',
    ],
    [
      { auth: 'oauth', tenantId: 't', clientId: 'c', scopes: 'all' },
      'clientSecret',
      'This field is required.',
    ],
    [{ region: '' }, 'region', 'Region is required.'],
  ] as [Partial<WorkspaceForm>, keyof WorkspaceForm, string][])(
    'B197 B198 B199 B200 %j gives %s: %s',
    (change, field, message) => {
      expect(validateWorkspaceForm({ ...valid, ...change }, existing)[field]).toBe(message)
    },
  )

  it('B200 a complete OAuth form is valid', () => {
    expect(
      validateWorkspaceForm({
        ...valid,
        auth: 'oauth',
        tenantId: 't',
        clientId: 'c',
        clientSecretName: 'kv/s',
        scopes: 'all',
      }),
    ).toEqual({})
  })
})

describe('B257 budget names', () => {
  it.each([
    ['existing', 'Budget name already exists.'],
    [' Existing ', 'Budget name already exists.'],
    ['new one', null],
  ])('B257 %j → %j', (name, problem) => {
    expect(budgetNameProblem(name, ['existing'])).toBe(problem)
  })
})
