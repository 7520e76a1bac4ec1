import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  notificationChannelEndpoints as general,
  snowflakeNotificationChannelEndpoints as snowflake,
  type NotificationChannel,
  type NotificationChannelInput,
  type NotificationChannelPage,
} from '@costlens/shared'
import { renderPage, stubEndpoint, tableRows } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import { channelDraftErrors, channelInputOf, draftOf, EMPTY_CHANNEL } from './channel-form.tsx'
import NotificationChannelsPage from './notification-channels-page.tsx'
import SnowflakeChannelsPage from './snowflake-channels-page.tsx'

const AT = Date.parse('2026-11-22T10:00:00Z')

/** Channels as the simulator seeds them (seed/notification-channels.ts), one of each kind. */
const channel = (over: Partial<NotificationChannel> & Pick<NotificationChannel, 'id' | 'name' | 'type'>) => ({
  platform: 'EMR' as const,
  target: '',
  emails: [],
  urlHost: null,
  headerNames: [],
  routingKeyHint: null,
  createdBy: 'emr',
  createdAt: AT - 40 * 86_400_000,
  updatedAt: AT - 40 * 86_400_000,
  lastTest: null,
  ...over,
})
const SEEDED: NotificationChannel[] = [
  channel({
    id: 1,
    name: '#data-platform-alerts',
    type: 'slack',
    target: 'hooks.slack.com',
    urlHost: 'hooks.slack.com',
  }),
  channel({
    id: 2,
    name: 'FinOps cost owners',
    type: 'email',
    target: 'finops@acme.example, emr-owners@acme.example',
    emails: ['finops@acme.example', 'emr-owners@acme.example'],
    lastTest: {
      at: AT,
      outcome: 'delivered',
      detail: 'a test message to 2 addresses; simulated: nothing was sent',
      by: 'emr',
    },
  }),
  channel({
    id: 3,
    name: 'Incident bridge webhook',
    type: 'webhook',
    target: 'alerts.acme.example',
    urlHost: 'alerts.acme.example',
    headerNames: ['X-Api-Key'],
  }),
  channel({
    id: 4,
    name: 'Platform on-call (PagerDuty)',
    type: 'pagerduty',
    target: '••••••••8f90',
    routingKeyHint: '••••••••8f90',
  }),
]

/**
 * A small stand-in for the simulator's channel calls: it keeps the channels it is given, adds the
 * ones created, records tests, and answers a page of them.
 */
function fakeChannels(calls: typeof general, start: readonly NotificationChannel[] = SEEDED) {
  const rows = [...start]
  let nextId = 100
  const list = stubEndpoint(calls.list, (request) => {
    const search = new URL(request.url).searchParams.get('search')?.toLowerCase() ?? ''
    const matching = rows.filter((c) => c.name.toLowerCase().includes(search))
    const page: NotificationChannelPage = {
      platform: 'EMR',
      total: matching.length,
      channels: matching,
      errors: [],
      limit: 100,
    }
    return page
  })
  const writes = async (request: Request) => {
    const path = new URL(request.url).pathname
    if (request.method === 'POST' && path === calls.create.path) {
      const input = (await request.json()) as NotificationChannelInput
      const made = channel({
        id: nextId++,
        name: input.name,
        type: input.type,
        target: input.url ? new URL(input.url).host : (input.emails ?? ''),
      })
      rows.push(made)
      return Response.json(made)
    }
    const tested = /\/(\d+)\/test$/.exec(path)
    if (request.method === 'POST' && tested) {
      const row = rows.find((c) => c.id === Number(tested[1]))!
      row.lastTest = {
        at: AT,
        outcome: 'delivered',
        detail: `HTTP 200 from ${row.target}; simulated: nothing was sent`,
        by: 'emr',
      }
      return Response.json(row)
    }
    return undefined
  }
  return [list, writes]
}

const emrAdmin = testUser({ clusterType: 'EMR', role: 'admin', username: 'emr' })
const ROUTE = '/manage/notification_channel'

describe('the channel form’s checks (03 §8 messages, the server’s rules)', () => {
  const named = { ...EMPTY_CHANNEL, name: 'Ops' }
  it.each([
    ['a complete e-mail channel', { ...named, emails: 'ops@acme.example' }, {}],
    ['no addresses', { ...named, emails: ' ' }, { emails: 'Please enter an email address.' }],
    [
      'a bad address',
      { ...named, emails: 'ops@acme.example, plain' },
      { emails: 'Invalid email address/addresses.' },
    ],
    ['a bad webhook', { ...named, type: 'webhook', url: 'not a url' }, { url: 'Invalid webhook URL.' }],
    [
      'a Slack URL elsewhere',
      { ...named, type: 'slack', url: 'https://hooks.acme.example/x' },
      { url: 'Invalid webhook URL.' },
    ],
    ['no name', { ...EMPTY_CHANNEL, emails: 'ops@acme.example' }, { name: 'Channel name is required.' }],
    [
      'a short PagerDuty key',
      { ...named, type: 'pagerduty', routingKey: 'abc' },
      { routingKey: 'A PagerDuty integration key is 32 letters and digits.' },
    ],
  ] as const)('%s', (_what, draft, errors) => {
    expect(channelDraftErrors({ ...draft, headers: [] })).toEqual(errors)
  })

  it('an edit leaves a stored secret out while its field stays empty, and sends the headers only once replaced', () => {
    const stored = SEEDED[2]!
    const draft = draftOf(stored)
    expect(channelDraftErrors(draft, stored)).toEqual({})
    expect(channelInputOf(draft, stored)).toEqual({ name: 'Incident bridge webhook', type: 'webhook' })
    const replaced = { ...draft, replaceHeaders: true, headers: [{ name: 'X-Tenant', value: 'acme' }] }
    expect(channelInputOf(replaced, stored)).toEqual({
      name: 'Incident bridge webhook',
      type: 'webhook',
      headers: [{ name: 'X-Tenant', value: 'acme' }],
    })
    // Another type needs its own target.
    expect(channelDraftErrors({ ...draft, type: 'slack' }, stored)).toEqual({ url: 'Invalid webhook URL.' })
  })
})

describe('/manage/notification_channel', () => {
  it('lists the channels with where each sends and its last test, never a secret', async () => {
    renderPage(<NotificationChannelsPage />, { route: ROUTE, user: emrAdmin, stubs: fakeChannels(general) })
    const rows = await tableRows('Notification channels')
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(SEEDED.map((c) => c.name))
    expect(rows[1]).toHaveTextContent('finops@acme.example, emr-owners@acme.example')
    expect(rows[1]).toHaveTextContent('Delivered')
    expect(rows[0]).toHaveTextContent('Never tested')
    expect(rows[3]).toHaveTextContent('••••••••8f90')
  })

  it('sends the name search, sort and page to the server', async () => {
    const { user, queries } = renderPage(<NotificationChannelsPage />, {
      route: `${ROUTE}?sort=createdAt-desc&page=1`,
      user: emrAdmin,
      stubs: fakeChannels(general),
    })
    await tableRows('Notification channels')
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'ops')
    await waitFor(() => expect(queries(general.list).at(-1)?.get('search')).toBe('ops'))
    const last = queries(general.list).at(-1)!
    expect(last.get('sort')).toBe('createdAt-desc')
    expect(last.get('pageSize')).toBe('15')
  })

  it('shows the spec’s message under the URL, and a fixed channel appears in the list', async () => {
    const { user, bodies } = renderPage(<NotificationChannelsPage />, {
      route: ROUTE,
      user: emrAdmin,
      stubs: fakeChannels(general),
    })
    await tableRows('Notification channels')
    await user.click(screen.getByRole('button', { name: 'Add channel' }))
    const form = await screen.findByRole('form', { name: 'Add channel' })
    await user.type(within(form).getByRole('textbox', { name: /Channel name/ }), 'Ops webhook')
    await user.click(within(form).getByRole('radio', { name: 'Webhook' }))
    const url = within(form).getByRole('textbox', { name: /Webhook URL/ })
    await user.type(url, 'hooks.acme.example/costlens')
    await user.click(within(form).getByRole('button', { name: 'Add channel' }))
    expect(await within(form).findByText('Invalid webhook URL.')).toBeInTheDocument()
    expect(bodies(general.create)).toEqual([])
    await user.clear(url)
    await user.type(url, 'https://hooks.acme.example/costlens')
    await user.click(within(form).getByRole('button', { name: 'Add channel' }))
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add channel' })).not.toBeInTheDocument())
    expect(bodies(general.create)).toEqual([
      { name: 'Ops webhook', type: 'webhook', url: 'https://hooks.acme.example/costlens', headers: [] },
    ])
    const table = screen.getByRole('table', { name: 'Notification channels' })
    expect(await within(table).findByText('Ops webhook')).toBeInTheDocument()
  }, 30_000)

  it('the e-mail messages show under the addresses', async () => {
    const { user } = renderPage(<NotificationChannelsPage />, {
      route: ROUTE,
      user: emrAdmin,
      stubs: fakeChannels(general),
    })
    await tableRows('Notification channels')
    await user.click(screen.getByRole('button', { name: 'Add channel' }))
    const form = await screen.findByRole('form', { name: 'Add channel' })
    await user.type(within(form).getByRole('textbox', { name: /Channel name/ }), 'Mail')
    await user.click(within(form).getByRole('button', { name: 'Add channel' }))
    expect(await within(form).findByText('Please enter an email address.')).toBeInTheDocument()
    await user.type(within(form).getByRole('textbox', { name: /E-mail addresses/ }), 'ops@acme.example, nope')
    await user.click(within(form).getByRole('button', { name: 'Add channel' }))
    expect(await within(form).findByText('Invalid email address/addresses.')).toBeInTheDocument()
  }, 30_000)

  it('a test send shows its outcome above the list and in the row', async () => {
    const { user, bodies } = renderPage(<NotificationChannelsPage />, {
      route: ROUTE,
      user: emrAdmin,
      stubs: fakeChannels(general),
    })
    await tableRows('Notification channels')
    await user.click(screen.getByRole('button', { name: 'Send a test to #data-platform-alerts' }))
    expect(
      await screen.findByText('HTTP 200 from hooks.slack.com; simulated: nothing was sent', { exact: false }),
    ).toBeInTheDocument()
    expect(screen.getByText('Test of “#data-platform-alerts”: delivered')).toBeInTheDocument()
    await waitFor(async () =>
      expect((await tableRows('Notification channels'))[0]).toHaveTextContent('Delivered'),
    )
    expect(bodies(general.sendTest)).toHaveLength(1)
  }, 30_000)

  it('a read-only admin reads the list with no add, test, edit or delete', async () => {
    renderPage(<NotificationChannelsPage />, {
      route: ROUTE,
      user: testUser({ clusterType: 'EMR', role: 'readonlyAdmin' }),
      stubs: fakeChannels(general),
    })
    await tableRows('Notification channels')
    expect(screen.queryByRole('button', { name: 'Add channel' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Send a test/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Edit the channel/ })).not.toBeInTheDocument()
  })
})

describe('/manage/os_notification_channels on Snowflake', () => {
  it('reads Snowflake’s own paths', async () => {
    const { queries } = renderPage(<SnowflakeChannelsPage />, {
      route: '/manage/os_notification_channels',
      user: testUser({ clusterType: 'SNOWFLAKE', role: 'admin' }),
      stubs: fakeChannels(snowflake),
    })
    expect(await tableRows('Notification channels')).toHaveLength(4)
    expect(queries(snowflake.list)).toHaveLength(1)
    expect(queries(general.list)).toHaveLength(0)
  })
})
