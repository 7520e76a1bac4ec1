import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  notificationChannelEndpoints as general,
  snowflakeNotificationChannelEndpoints as snowflake,
  type NotificationChannel,
  type NotificationChannelPage,
} from '@costlens/shared'
import { TEST_NOW_MS, frozenTestApp } from './helper.ts'

let app: FastifyInstance
let as: (user: string) => Record<string, string>

beforeAll(async () => {
  const t = await frozenTestApp({
    users: [
      'emr',
      'emr-readonly',
      'analyst',
      'bigquery',
      'bq-user',
      'snowflake',
      'sfuser',
      'databricks',
      'k8s',
    ],
    peers: { 'bq-user': { of: 'bigquery', role: 'user' } },
  })
  app = t.app
  as = t.as
})
afterAll(() => app.close())

const GENERAL = general.list.path
const SNOWFLAKE = snowflake.list.path
const SLACK = 'https://hooks.slack.com/services/T0AAA1111/B0BBB2222/c3CCCCCCCCCCCCCCCCCCCCCC'
const KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'

const list = async (user: string, query = '', base = GENERAL) => {
  const res = await app.inject({ method: 'GET', url: `${base}${query}`, headers: as(user) })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<NotificationChannelPage>()
}
const create = (user: string, payload: object, base = GENERAL) =>
  app.inject({ method: 'POST', url: base, headers: as(user), payload })
const created = async (user: string, payload: object, base = GENERAL) => {
  const res = await create(user, payload, base)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<NotificationChannel>()
}

describe('the seeded channels (E176)', () => {
  it('each platform lists its own: one of each kind and a gateway whose last test failed', async () => {
    const page = await list('emr')
    expect(page.platform).toBe('EMR')
    expect(page.total).toBe(5)
    expect(page.channels.map((c) => [c.name, c.type])).toEqual([
      ['#data-platform-alerts', 'slack'],
      ['FinOps cost owners', 'email'],
      ['Incident bridge webhook', 'webhook'],
      ['Legacy ops gateway', 'webhook'],
      ['Platform on-call (PagerDuty)', 'pagerduty'],
    ])
    expect(page.errors).toEqual([
      'Channel "Legacy ops gateway": its last test failed (could not resolve ops-gateway.acme.invalid; simulated: nothing was sent).',
    ])
    for (const other of ['databricks', 'bigquery', 'k8s', 'analyst'])
      expect((await list(other)).channels.every((c) => c.platform !== 'EMR')).toBe(true)
    expect((await list('snowflake', '', SNOWFLAKE)).platform).toBe('SNOWFLAKE')
  })

  it('shows where each sends, never a secret: addresses, the URL’s host, header names, the key masked', async () => {
    const byName = new Map((await list('emr')).channels.map((c) => [c.name, c]))
    expect(byName.get('FinOps cost owners')!.target).toBe(
      'finops@acme.example, emr-owners@acme.example, cfo-office@acme.example',
    )
    const slack = byName.get('#data-platform-alerts')!
    expect(slack).toMatchObject({ target: 'hooks.slack.com', urlHost: 'hooks.slack.com', lastTest: null })
    const webhook = byName.get('Incident bridge webhook')!
    expect(webhook).toMatchObject({ target: 'alerts.acme.example', headerNames: ['X-Api-Key', 'X-Source'] })
    const pagerduty = byName.get('Platform on-call (PagerDuty)')!
    expect(pagerduty.routingKeyHint).toMatch(/^•+[0-9a-f]{4}$/)
    expect(pagerduty.target).toBe(pagerduty.routingKeyHint)
    expect(pagerduty.lastTest).toMatchObject({ outcome: 'delivered', by: 'emr' })
    const text = JSON.stringify(await list('emr'))
    expect(text).not.toContain('/services/')
    expect(text).not.toContain('/costlens/emr')
  })
})

describe('paging, sort, type and name search, in SQL', () => {
  it.each([
    [
      '?sort=name-desc',
      [
        'Platform on-call (PagerDuty)',
        'Legacy ops gateway',
        'Incident bridge webhook',
        'FinOps cost owners',
        '#data-platform-alerts',
      ],
    ],
    ['?sort=createdAt-desc&pageSize=2', ['Incident bridge webhook', '#data-platform-alerts']],
    ['?sort=createdAt-desc&pageSize=2&page=3', ['Legacy ops gateway']],
    // Never tested: last whichever way.
    [
      '?sort=lastTestAt-desc',
      [
        'Legacy ops gateway',
        'Incident bridge webhook',
        'Platform on-call (PagerDuty)',
        'FinOps cost owners',
        '#data-platform-alerts',
      ],
    ],
    [
      '?sort=lastTestAt-asc',
      [
        'FinOps cost owners',
        'Platform on-call (PagerDuty)',
        'Incident bridge webhook',
        'Legacy ops gateway',
        '#data-platform-alerts',
      ],
    ],
    ['?type=webhook', ['Incident bridge webhook', 'Legacy ops gateway']],
    ['?search=OPS', ['FinOps cost owners', 'Legacy ops gateway']],
    ['?search=%25', []],
    ['?search=_', []],
  ])('%s', async (query, names) => {
    const page = await list('databricks', query)
    expect(page.channels.map((c) => c.name)).toEqual(names)
  })

  it('total counts every match, the page holds pageSize', async () => {
    const page = await list('databricks', '?pageSize=2&search=e')
    expect(page.channels).toHaveLength(2)
    expect(page.total).toBe(5)
  })

  it.each([
    ['?sort=cost-desc', 'querystring/sort must be equal to one of the allowed values'],
    ['?pageSize=101', 'querystring/pageSize must be <= 100'],
    ['?page=0', 'querystring/page must be >= 1'],
    ['?type=sms', 'querystring/type must be equal to one of the allowed values'],
    [`?search=${'x'.repeat(101)}`, 'querystring/search must NOT have more than 100 characters'],
  ])('a bad query %s is a 400', async (query, message) => {
    const res = await app.inject({ method: 'GET', url: `${GENERAL}${query}`, headers: as('emr') })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(message)
  })
})

describe('creating and changing a channel (E177)', () => {
  it('stores each kind for the maker’s platform and lists it', async () => {
    const mail = await created('analyst', {
      name: '  Night shift  ',
      type: 'email',
      emails: 'a@acme.example; b@acme.example, A@acme.example',
    })
    expect(mail).toMatchObject({
      name: 'Night shift',
      platform: 'CDH',
      emails: ['a@acme.example', 'b@acme.example'],
      createdBy: 'analyst',
      createdAt: TEST_NOW_MS,
      lastTest: null,
    })
    await created('analyst', { name: 'Slack ops', type: 'slack', url: SLACK })
    const hook = await created('analyst', {
      name: 'Hook',
      type: 'webhook',
      url: 'http://10.0.0.5:8080/hook?token=x',
      headers: [{ name: 'X-Api-Key', value: 'k' }],
    })
    expect(hook).toMatchObject({ target: '10.0.0.5:8080', headerNames: ['X-Api-Key'] })
    const pd = await created('analyst', { name: 'PD', type: 'pagerduty', routingKey: KEY })
    expect(pd.target).toBe('••••••••8f90')
    const names = (await list('analyst', '?pageSize=100')).channels.map((c) => c.name)
    expect(names).toEqual(expect.arrayContaining(['Night shift', 'Slack ops', 'Hook', 'PD']))
    // Another CDH user (the CDH admin) sees them; no other platform does.
    expect((await list('emr', '?search=night')).total).toBe(0)
  })

  it.each([
    ['no addresses', { type: 'email', emails: ' , ' }, 'Please enter an email address.'],
    ['no e-mail field at all', { type: 'email' }, 'Please enter an email address.'],
    [
      'a bad address',
      { type: 'email', emails: 'ops@acme.example, plain' },
      'Invalid email address/addresses.',
    ],
    [
      'an e-mail field past 2,000 characters',
      { type: 'email', emails: 'x'.repeat(2_001) },
      'Invalid email address/addresses.',
    ],
    [
      '21 addresses',
      { type: 'email', emails: Array.from({ length: 21 }, (_, i) => `p${i}@acme.example`).join(',') },
      'A channel mails at most 20 addresses.',
    ],
    ['a webhook that is no URL', { type: 'webhook', url: 'not a url' }, 'Invalid webhook URL.'],
    [
      'a webhook with credentials',
      { type: 'webhook', url: 'https://u:p@hooks.acme.example/x' },
      'Invalid webhook URL.',
    ],
    [
      'a webhook past 2,048 characters',
      { type: 'webhook', url: `https://a.example/${'x'.repeat(2_048)}` },
      'Invalid webhook URL.',
    ],
    ['an ftp webhook', { type: 'webhook', url: 'ftp://hooks.acme.example/x' }, 'Invalid webhook URL.'],
    ['a Slack URL elsewhere', { type: 'slack', url: 'https://hooks.acme.example/x' }, 'Invalid webhook URL.'],
    [
      'a reserved header',
      { type: 'webhook', url: 'https://a.example/x', headers: [{ name: 'Host', value: 'x' }] },
      'The Host header is set by the request itself.',
    ],
    [
      '11 headers',
      {
        type: 'webhook',
        url: 'https://a.example/x',
        headers: Array.from({ length: 11 }, (_, i) => ({ name: `X-${i}`, value: 'v' })),
      },
      'body/headers must NOT have more than 10 items',
    ],
    [
      'a short PagerDuty key',
      { type: 'pagerduty', routingKey: 'abc' },
      'A PagerDuty integration key is 32 letters and digits.',
    ],
    [
      'a PagerDuty key past 40 characters',
      { type: 'pagerduty', routingKey: 'k'.repeat(41) },
      'A PagerDuty integration key is 32 letters and digits.',
    ],
    ['no PagerDuty key', { type: 'pagerduty' }, 'Please enter the PagerDuty integration key.'],
    [
      'a seeded name in another case',
      { name: 'finops COST owners ', type: 'email', emails: 'a@acme.example' },
      'Channel name already exists.',
    ],
    [
      'a blank name',
      { name: '   ', type: 'email', emails: 'a@acme.example' },
      'body/name must match pattern "\\S"',
    ],
    ['an unknown type', { type: 'sms' }, 'body/type must be equal to one of the allowed values'],
    [
      'an unknown field',
      { type: 'email', emails: 'a@acme.example', cc: 'x' },
      'body must NOT have additional properties',
    ],
  ])('%s is a 400 with its message', async (_what, body, message) => {
    const res = await create('emr', { name: 'New channel', ...body })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message })
  })

  it('a name another platform uses is free', async () => {
    await created('databricks', { name: 'Only on Databricks', type: 'email', emails: 'a@acme.example' })
    await created('bigquery', { name: 'only on databricks', type: 'email', emails: 'a@acme.example' })
  })

  it('an edit keeps the secrets it leaves out while the type stays; a new type needs its own', async () => {
    const hook = await created('bigquery', {
      name: 'Edit me',
      type: 'webhook',
      url: 'https://hooks.acme.example/secret-path',
      headers: [{ name: 'X-Api-Key', value: 'k1' }],
    })
    const put = (payload: object) =>
      app.inject({ method: 'PUT', url: `${GENERAL}/${hook.id}`, headers: as('bigquery'), payload })
    const renamed = await put({ name: 'Edited', type: 'webhook' })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.json()).toMatchObject({
      name: 'Edited',
      urlHost: 'hooks.acme.example',
      headerNames: ['X-Api-Key'],
    })
    const stored = app.db.prepare('SELECT url, headers FROM notification_channels WHERE id = ?').get(hook.id)
    expect(stored).toEqual({
      url: 'https://hooks.acme.example/secret-path',
      headers: '[{"name":"X-Api-Key","value":"k1"}]',
    })
    expect((await put({ name: 'Edited', type: 'webhook', url: '' })).json().message).toBe(
      'Invalid webhook URL.',
    )
    expect((await put({ name: 'Edited', type: 'pagerduty' })).json().message).toBe(
      'Please enter the PagerDuty integration key.',
    )
    const switched = await put({ name: 'Edited', type: 'email', emails: 'x@acme.example' })
    expect(switched.json()).toMatchObject({
      type: 'email',
      urlHost: null,
      headerNames: [],
      target: 'x@acme.example',
    })
    expect(
      (await put({ name: '#data-platform-alerts', type: 'email', emails: 'x@acme.example' })).json().message,
    ).toBe('Channel name already exists.')
  })

  it('deletes a channel and its test history', async () => {
    const c = await created('k8s', { name: 'Short-lived', type: 'slack', url: SLACK })
    await app.inject({ method: 'POST', url: `${GENERAL}/${c.id}/test`, headers: as('k8s') })
    const del = await app.inject({ method: 'DELETE', url: `${GENERAL}/${c.id}`, headers: as('k8s') })
    expect(del.json()).toEqual({ id: c.id, deleted: true })
    expect(
      app.db.prepare('SELECT count(*) AS n FROM notification_channel_tests WHERE channel_id = ?').get(c.id),
    ).toEqual({ n: 0 })
    const again = await app.inject({ method: 'DELETE', url: `${GENERAL}/${c.id}`, headers: as('k8s') })
    expect(again.statusCode).toBe(404)
  })
})

describe('a test send is recorded, never sent', () => {
  it('records its time, outcome and who asked, and the list shows it as the last test', async () => {
    const c = await created('emr', { name: 'To test', type: 'slack', url: SLACK })
    const res = await app.inject({ method: 'POST', url: `${GENERAL}/${c.id}/test`, headers: as('emr') })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<NotificationChannel>().lastTest).toEqual({
      at: TEST_NOW_MS,
      outcome: 'delivered',
      detail: 'HTTP 200 from hooks.slack.com; simulated: nothing was sent',
      by: 'emr',
    })
    expect(
      app.db
        .prepare('SELECT tested_at, tested_by, outcome FROM notification_channel_tests WHERE channel_id = ?')
        .all(c.id),
    ).toEqual([{ tested_at: TEST_NOW_MS, tested_by: 'emr', outcome: 'delivered' }])
    const shown = (await list('emr', '?search=to test')).channels[0]!
    expect(shown.lastTest?.outcome).toBe('delivered')
  })

  it('a host that never resolves fails, and the list says so', async () => {
    const c = await created('databricks', {
      name: 'Dead end',
      type: 'webhook',
      url: 'https://nowhere.acme.invalid/x',
    })
    const res = await app.inject({
      method: 'POST',
      url: `${GENERAL}/${c.id}/test`,
      headers: as('databricks'),
    })
    expect(res.json<NotificationChannel>().lastTest).toMatchObject({ outcome: 'failed' })
    expect((await list('databricks')).errors).toContain(
      'Channel "Dead end": its last test failed (could not resolve nowhere.acme.invalid; simulated: nothing was sent).',
    )
  })
})

describe('who may call', () => {
  const sample = { name: 'Access check', type: 'email', emails: 'a@acme.example' }

  it('without a token every call is a 401', async () => {
    for (const entry of [...Object.values(general), ...Object.values(snowflake)]) {
      const url = entry.path.replace('{id}', '1')
      const res = await app.inject({
        method: entry.method,
        url,
        payload: entry.method === 'POST' ? sample : undefined,
      })
      expect(res.statusCode, `${entry.method} ${url}`).toBe(401)
    }
  })

  it('a read-only admin reads but may not create, change, test or delete (403)', async () => {
    const seeded = (await list('emr-readonly')).channels[0]!
    const calls = [
      { method: 'POST', url: GENERAL, payload: sample },
      { method: 'PUT', url: `${GENERAL}/${seeded.id}`, payload: sample },
      { method: 'POST', url: `${GENERAL}/${seeded.id}/test` },
      { method: 'DELETE', url: `${GENERAL}/${seeded.id}` },
    ] as const
    for (const call of calls) {
      const res = await app.inject({ ...call, headers: as('emr-readonly') })
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403)
      expect(res.json().message).toBe('This action needs the admin or user role.')
    }
  })

  it('a BigQuery user (role user) writes their platform’s channels', async () => {
    await created('bq-user', { ...sample, name: 'By a BigQuery user' })
  })

  it('another platform’s channel is a 404 to change, test or delete, as if it did not exist', async () => {
    const emrChannel = (await list('emr')).channels[0]!
    for (const call of [
      { method: 'PUT', url: `${GENERAL}/${emrChannel.id}`, payload: sample },
      { method: 'POST', url: `${GENERAL}/${emrChannel.id}/test` },
      { method: 'DELETE', url: `${GENERAL}/${emrChannel.id}` },
    ] as const) {
      const res = await app.inject({ ...call, headers: as('databricks') })
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe(`The notification channel ${emrChannel.id} does not exist`)
    }
    expect((await list('emr')).channels[0]).toEqual(emrChannel)
  })

  it('Snowflake’s channels are its admins’ only (01 §6: Snowflake manage pages), at their own paths', async () => {
    const own = await created('snowflake', { ...sample, name: 'Snowflake admins' }, SNOWFLAKE)
    expect(own.platform).toBe('SNOWFLAKE')
    const user = await app.inject({ method: 'GET', url: SNOWFLAKE, headers: as('sfuser') })
    expect(user.statusCode).toBe(403)
    expect(user.json().message).toBe('This action needs the admin role.')
    const write = await app.inject({ method: 'POST', url: SNOWFLAKE, headers: as('sfuser'), payload: sample })
    expect(write.statusCode).toBe(403)
    // The other platforms' paths are not Snowflake's, and Snowflake's are not theirs.
    const other = await app.inject({ method: 'GET', url: GENERAL, headers: as('snowflake') })
    expect(other.statusCode).toBe(403)
    const emr = await app.inject({ method: 'GET', url: SNOWFLAKE, headers: as('emr') })
    expect(emr.statusCode).toBe(403)
  })
})
