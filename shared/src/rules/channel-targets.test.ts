import { describe, expect, it } from 'vitest'
import {
  channelNameProblem,
  channelTargetProblems,
  emailAddresses,
  emailListProblem,
  maskSecret,
  pagerDutyKeyProblem,
  slackWebhookProblem,
  urlHost,
  webhookHeadersProblem,
  webhookUrlProblem,
} from './channel-targets.ts'

const EMPTY = 'Please enter an email address.'
const BAD_EMAIL = 'Invalid email address/addresses.'
const BAD_URL = 'Invalid webhook URL.'
const SLACK = 'https://hooks.slack.com/services/T0AAA1111/B0BBB2222/c3CCCCCCCCCCCCCCCCCCCCCC'
const KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'

describe('B132 a channel’s e-mail addresses', () => {
  it.each([
    // The spec's examples (rules.json B132).
    ['ops@example.com', null],
    ['ops@', BAD_EMAIL],
    ['plain', BAD_EMAIL],
    ['', EMPTY],
    // Lists, separators and blanks.
    ['ops@example.com, dba@example.org', null],
    ['ops@example.com;dba@example.org', null],
    ['ops@example.com, ', null],
    [' , ;', EMPTY],
    ['ops@example.com, nope', BAD_EMAIL],
    ['ops@localhost', BAD_EMAIL],
    // Bounds: an address past 254 characters, a list past 20 addresses or 2,000 characters.
    [`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`, BAD_EMAIL],
    [Array.from({ length: 20 }, (_, i) => `p${i}@example.com`).join(','), null],
    [
      Array.from({ length: 21 }, (_, i) => `p${i}@example.com`).join(','),
      'A channel mails at most 20 addresses.',
    ],
    [`ops@example.com,${' '.repeat(2_000)}`, BAD_EMAIL],
  ])('%j → %j', (value, problem) => {
    expect(emailListProblem(value)).toBe(problem)
  })

  it('splits a pasted list into trimmed addresses', () => {
    expect(emailAddresses(' ops@example.com ;dba@example.org,, ')).toEqual([
      'ops@example.com',
      'dba@example.org',
    ])
  })
})

describe('B133 a webhook URL', () => {
  it.each([
    // The spec's examples (rules.json B133).
    ['not a url', BAD_URL],
    ['https://hooks.example.com/x', null],
    // Absolute http(s) with a host.
    ['http://10.0.0.5:8080/hook', null],
    [' https://alerts.acme.example/costlens?tenant=7 ', null],
    ['', BAD_URL],
    ['hooks.example.com/x', BAD_URL],
    ['/relative/path', BAD_URL],
    ['ftp://hooks.example.com/x', BAD_URL],
    ['mailto:ops@example.com', BAD_URL],
    ['javascript:alert(1)', BAD_URL],
    ['https://', BAD_URL],
    // No credentials in it: a header carries them.
    ['https://bot:s3cret@hooks.example.com/x', BAD_URL],
    ['https://bot@hooks.example.com/x', BAD_URL],
    // No spaces inside; at most 2,048 characters.
    ['https://hooks.example.com/a b', BAD_URL],
    [`https://hooks.example.com/${'x'.repeat(2_048 - 26)}`, null],
    [`https://hooks.example.com/${'x'.repeat(2_048 - 25)}`, BAD_URL],
  ])('%j → %j', (value, problem) => {
    expect(webhookUrlProblem(value)).toBe(problem)
  })
})

describe('a Slack webhook URL', () => {
  it.each([
    [SLACK, null],
    [`${SLACK}?x=1`, null],
    ['https://hooks.slack.com/', BAD_URL],
    ['https://hooks.slack.com', BAD_URL],
    ['http://hooks.slack.com/services/T0/B0/x', BAD_URL],
    ['https://hooks.slack.com:8443/services/T0/B0/x', BAD_URL],
    ['https://hooks.slack.com.evil.example/services/T0/B0/x', BAD_URL],
    ['https://evil.example/hooks.slack.com/services', BAD_URL],
    ['https://hooks.example.com/x', BAD_URL],
    ['not a url', BAD_URL],
  ])('%j → %j', (value, problem) => {
    expect(slackWebhookProblem(value)).toBe(problem)
  })
})

describe('a PagerDuty integration key', () => {
  it.each([
    [KEY, null],
    [` ${KEY} `, null],
    [KEY.toUpperCase(), null],
    ['', 'Please enter the PagerDuty integration key.'],
    [KEY.slice(1), 'A PagerDuty integration key is 32 letters and digits.'],
    [`${KEY}0`, 'A PagerDuty integration key is 32 letters and digits.'],
    [`${KEY.slice(1)}-`, 'A PagerDuty integration key is 32 letters and digits.'],
  ])('%j → %j', (value, problem) => {
    expect(pagerDutyKeyProblem(value)).toBe(problem)
  })
})

describe('a webhook’s headers', () => {
  const header = (name: string, value = 'v') => ({ name, value })
  it.each([
    [[], null],
    [[header('X-Api-Key', 'k-123'), header('X-Tenant', 'acme')], null],
    [Array.from({ length: 10 }, (_, i) => header(`X-H${i}`)), null],
    [Array.from({ length: 11 }, (_, i) => header(`X-H${i}`)), 'A webhook sends at most 10 headers.'],
    [[header('')], 'A header name is 1 to 100 letters, digits or - _ . characters.'],
    [[header('X Api')], 'A header name is 1 to 100 letters, digits or - _ . characters.'],
    [[header('X:Api')], 'A header name is 1 to 100 letters, digits or - _ . characters.'],
    [[header('x'.repeat(101))], 'A header name is 1 to 100 letters, digits or - _ . characters.'],
    [[header('Host')], 'The Host header is set by the request itself.'],
    [[header('content-length')], 'The content-length header is set by the request itself.'],
    [[header('X-Key'), header('x-key')], 'The x-key header is given twice.'],
    [[header('X-Key', 'a\r\nX-Evil: 1')], 'A header value is at most 1,000 characters, on one line.'],
    [[header('X-Key', 'v'.repeat(1_001))], 'A header value is at most 1,000 characters, on one line.'],
    [[header('X-Key', 'v'.repeat(1_000))], null],
  ])('%j → %j', (headers, problem) => {
    expect(webhookHeadersProblem(headers)).toBe(problem)
  })
})

describe('a channel’s target, by its type', () => {
  it.each([
    ['an e-mail channel', { type: 'email', emails: 'ops@example.com' }, {}],
    ['an e-mail channel without addresses', { type: 'email' }, { emails: EMPTY }],
    ['a Slack channel', { type: 'slack', url: SLACK }, {}],
    [
      'a Slack channel on another host',
      { type: 'slack', url: 'https://hooks.example.com/x' },
      { url: BAD_URL },
    ],
    ['a webhook', { type: 'webhook', url: 'https://hooks.example.com/x' }, {}],
    [
      'a webhook with a bad URL and a bad header',
      { type: 'webhook', url: 'not a url', headers: [{ name: 'Host', value: 'x' }] },
      { url: BAD_URL, headers: 'The Host header is set by the request itself.' },
    ],
    ['a PagerDuty channel', { type: 'pagerduty', routingKey: KEY }, {}],
    [
      'a PagerDuty channel without its key',
      { type: 'pagerduty' },
      { routingKey: 'Please enter the PagerDuty integration key.' },
    ],
    // Fields of another type are not looked at.
    ['a Slack channel with an e-mail left over', { type: 'slack', url: SLACK, emails: 'nope' }, {}],
  ] as const)('%s', (_what, draft, problems) => {
    expect(channelTargetProblems(draft)).toEqual(problems)
  })

  it.each([
    ['a Slack URL', { type: 'slack' }, ['url']],
    ['a webhook URL', { type: 'webhook' }, ['url']],
    ['a PagerDuty key', { type: 'pagerduty' }, ['routingKey']],
  ] as const)(
    'an edit that leaves out the stored %s keeps it; a blank one is refused',
    (_what, draft, kept) => {
      expect(channelTargetProblems(draft, kept)).toEqual({})
      const field = kept[0]
      expect(channelTargetProblems({ ...draft, [field]: '' }, kept)).not.toEqual({})
    },
  )
})

describe('channel names', () => {
  it.each([
    ['Ops mail', [], null],
    ['  ', [], 'Channel name is required.'],
    ['ops MAIL ', ['Ops mail', 'Slack'], 'Channel name already exists.'],
    ['Ops mail 2', ['Ops mail'], null],
  ])('%j among %j → %j', (name, others, problem) => {
    expect(channelNameProblem(name, others)).toBe(problem)
  })
})

describe('what a list shows of a secret', () => {
  it.each([
    [KEY, '••••••••8f90'],
    ['abcdefgh', '••••••••gh'],
    ['abc', '••••••••'],
  ])('the key %j shows as %j', (secret, shown) => {
    expect(maskSecret(secret)).toBe(shown)
  })

  it.each([
    [SLACK, 'hooks.slack.com'],
    ['http://10.0.0.5:8080/hook?token=x', '10.0.0.5:8080'],
    ['not a url', ''],
  ])('the URL %j shows as its host %j', (url, host) => {
    expect(urlHost(url)).toBe(host)
  })
})
