import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  kubernetesAlertingEndpoints as k8s,
  snowflakeAlertingEndpoints as sf,
  snowflakeNotificationChannelEndpoints as sfChannels,
  type Alert,
  type AlertPage,
  type Monitor,
  type MonitorOptions,
} from '@costlens/shared'
import { renderPage, stubEndpoint, tableRows } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import AlertingPage from './alerting-page.tsx'
import { monitorDraftErrors, monitorInputOf, newMonitorDraft } from './monitor-form.tsx'

const AT = Date.parse('2026-11-22T10:00:00Z')
const HOUR = 3_600_000
const admin = testUser({ clusterType: 'SNOWFLAKE', role: 'admin', username: 'snowflake' })
const ROUTE = '/os_alerting'

const OPTIONS: MonitorOptions = {
  platform: 'SNOWFLAKE',
  metrics: [
    {
      id: 'credits',
      label: 'Credits used per hour',
      unit: 'credits',
      scope: 'warehouse',
      decimals: 4,
      description: 'd',
    },
    { id: 'cost', label: 'Cost per hour', unit: 'USD', scope: 'warehouse', decimals: 2, description: 'd' },
  ],
  warehouses: ['BI_WH', 'LOAD_WH'],
  note: null,
}

const monitor = (over: Partial<Monitor> & Pick<Monitor, 'id' | 'name'>): Monitor => ({
  platform: 'SNOWFLAKE',
  metric: 'credits',
  metricLabel: 'Credits used per hour',
  unit: 'credits',
  warehouse: 'BI_WH',
  aggregation: 'sum',
  lookbackHours: 1,
  condition: 'above',
  threshold: 5,
  scheduleMinutes: 15,
  severity: 2,
  channels: [{ id: 1, name: '#data-platform-alerts' }],
  enabled: true,
  createdBy: 'snowflake',
  createdAt: AT - 40 * 24 * HOUR,
  updatedAt: AT - 40 * 24 * HOUR,
  lastRunAt: AT,
  lastValue: 3.5,
  state: null,
  alertCount: 2,
  ...over,
})
const MONITORS = [
  monitor({ id: 1, name: 'Warehouse credits spike', state: 'ACTIVE' }),
  monitor({
    id: 2,
    name: 'Transform queueing',
    enabled: false,
    lastRunAt: null,
    lastValue: null,
    alertCount: 0,
  }),
]

const alert = (over: Partial<Alert> & Pick<Alert, 'id' | 'state'>): Alert => ({
  monitorId: 1,
  monitorName: 'Warehouse credits spike',
  metric: 'credits',
  unit: 'credits',
  severity: 2,
  value: 7.25,
  threshold: 5,
  condition: 'above',
  message:
    'Credits used per hour on BI_WH (sum over 1 h) was 7.25 credits, is above the threshold of 5 credits.',
  createdAt: AT - over.id * HOUR,
  acknowledgedAt: null,
  acknowledgedBy: null,
  endedAt: null,
  notified: ['#data-platform-alerts'],
  ...over,
})

/** A stand-in for the simulator's alerting calls: alerts it acknowledges, monitors it creates. */
function fakeAlerting() {
  const alerts: Alert[] = [
    alert({ id: 1, state: 'ACTIVE' }),
    alert({ id: 2, state: 'ACKNOWLEDGED', acknowledgedBy: 'snowflake', acknowledgedAt: AT }),
    alert({ id: 3, state: 'COMPLETED', endedAt: AT - 2 * HOUR }),
  ]
  const monitors = [...MONITORS]
  const page = (request: Request): AlertPage => {
    const tab = new URL(request.url).searchParams.get('tab') ?? 'all'
    const count = (state: Alert['state']) => alerts.filter((a) => a.state === state).length
    const shown = tab === 'all' ? alerts : alerts.filter((a) => a.state === tab.toUpperCase())
    return {
      platform: 'SNOWFLAKE',
      total: shown.length,
      counts: {
        all: alerts.length,
        active: count('ACTIVE'),
        acknowledged: count('ACKNOWLEDGED'),
        completed: count('COMPLETED'),
      },
      alerts: shown,
    }
  }
  const writes = async (request: Request) => {
    const path = new URL(request.url).pathname
    if (request.method === 'POST' && path === sf.acknowledge.path) {
      const { ids } = (await request.json()) as { ids: number[] }
      for (const a of alerts)
        if (ids.includes(a.id)) Object.assign(a, { state: 'ACKNOWLEDGED', acknowledgedBy: 'snowflake' })
      return Response.json({ acknowledged: ids })
    }
    if (request.method === 'POST' && path === sf.createMonitor.path) {
      const input = (await request.json()) as Monitor
      const made = monitor({ ...input, id: 9, state: 'ACTIVE', channels: [] })
      monitors.push(made)
      alerts.unshift(alert({ id: 9, monitorId: 9, monitorName: made.name, state: 'ACTIVE' }))
      return Response.json(made)
    }
    return undefined
  }
  return [
    stubEndpoint(sf.alerts, page),
    stubEndpoint(sf.monitors, () => ({ platform: 'SNOWFLAKE', monitors, limit: 50 })),
    stubEndpoint(sf.options, OPTIONS),
    stubEndpoint(sf.preview, {
      metric: 'credits',
      unit: 'credits',
      points: Array.from({ length: 24 }, (_, i) => ({ start: AT - (24 - i) * HOUR, value: i % 5 })),
    }),
    stubEndpoint(sfChannels.list, {
      platform: 'SNOWFLAKE',
      total: 1,
      channels: [
        {
          id: 1,
          name: '#data-platform-alerts',
          type: 'slack',
          platform: 'SNOWFLAKE',
          target: 'hooks.slack.com',
          emails: [],
          urlHost: 'hooks.slack.com',
          headerNames: [],
          routingKeyHint: null,
          createdBy: 'snowflake',
          createdAt: AT,
          updatedAt: AT,
          lastTest: null,
        },
      ],
      errors: [],
      limit: 100,
    }),
    writes,
  ]
}

describe('the monitor form’s checks', () => {
  const draft = { ...newMonitorDraft(OPTIONS), name: 'Spike', threshold: 5 as number | '' }
  it.each([
    ['a complete monitor', draft, {}],
    ['no name', { ...draft, name: '  ' }, { name: 'Monitor name is required.' }],
    ['no threshold', { ...draft, threshold: '' as const }, { threshold: 'Threshold is required.' }],
    [
      'a negative threshold',
      { ...draft, threshold: -1 },
      { threshold: 'The threshold is between 0 and 1e+12.' },
    ],
    ['a day and more', { ...draft, lookbackHours: 25 }, { lookbackHours: 'Look back 1 to 24 whole hours.' }],
    [
      'another platform’s metric',
      { ...draft, metric: 'slot_hours' },
      { metric: 'The metric slot_hours is not one of this platform’s.' },
    ],
  ] as const)('%s', (_what, input, errors) => {
    expect(monitorDraftErrors(input, OPTIONS)).toEqual(errors)
  })

  it('opens on the first metric, summed over the last hour every 15 minutes, and sends the threshold as a number', () => {
    expect(newMonitorDraft(OPTIONS)).toMatchObject({
      metric: 'credits',
      aggregation: 'sum',
      lookbackHours: 1,
      scheduleMinutes: 15,
    })
    expect(monitorInputOf({ ...draft, name: ' Spike ' })).toMatchObject({ name: 'Spike', threshold: 5 })
  })
})

describe('/os_alerting, Alerts', () => {
  it('opens on tab all, the last year, newest first, 15 a page; state badges, severity and counts', async () => {
    const { queries } = renderPage(<AlertingPage />, { route: ROUTE, user: admin, stubs: fakeAlerting() })
    const rows = await tableRows('Alerts')
    expect(rows).toHaveLength(3)
    expect(rows[0]).toHaveTextContent('Warehouse credits spike')
    expect(rows[0]).toHaveTextContent('Active')
    expect(rows[0]).toHaveTextContent('2 (High)')
    expect(rows[0]).toHaveTextContent('7.25 credits')
    expect(rows[1]).toHaveTextContent('Acknowledged')
    expect(rows[2]).toHaveTextContent('Completed')
    const tabs = screen.getByRole('tablist', { name: 'Alert states' })
    expect(within(tabs).getByRole('tab', { name: 'All (3)' })).toHaveAttribute('aria-selected', 'true')
    expect(within(tabs).getByRole('tab', { name: 'Active (1)' })).toBeInTheDocument()
    const sent = queries(sf.alerts).at(-1)!
    expect(sent.get('tab')).toBe('all')
    expect(sent.get('sort')).toBe('createdAt-desc')
    expect(sent.get('pageSize')).toBe('15')
    const span = Number(sent.get('endTime')) - Number(sent.get('startTime'))
    expect(span).toBeGreaterThanOrEqual(364 * 24 * HOUR)
  })

  it('a state tab asks the server for that state', async () => {
    const { user, queries } = renderPage(<AlertingPage />, {
      route: ROUTE,
      user: admin,
      stubs: fakeAlerting(),
    })
    await tableRows('Alerts')
    await user.click(screen.getByRole('tab', { name: 'Completed (1)' }))
    await waitFor(() => expect(queries(sf.alerts).at(-1)?.get('tab')).toBe('completed'))
    await waitFor(async () => expect(await tableRows('Alerts')).toHaveLength(1))
  })

  it('acknowledges the active alerts ticked', async () => {
    const { user, bodies } = renderPage(<AlertingPage />, {
      route: ROUTE,
      user: admin,
      stubs: fakeAlerting(),
    })
    await tableRows('Alerts')
    const acknowledge = screen.getByRole('button', { name: 'Acknowledge' })
    expect(acknowledge).toBeDisabled()
    await user.click(screen.getByRole('checkbox', { name: 'Select 1' }))
    await user.click(screen.getByRole('button', { name: 'Acknowledge' }))
    await waitFor(() => expect(bodies(sf.acknowledge)).toEqual([{ ids: [1] }]))
    await waitFor(async () => expect((await tableRows('Alerts'))[0]).toHaveTextContent('Acknowledged'))
  })
})

describe('/os_alerting, Monitors', () => {
  it('lists the monitors with their state, last value, schedule and channels', async () => {
    renderPage(<AlertingPage />, { route: `${ROUTE}?view=monitors`, user: admin, stubs: fakeAlerting() })
    const rows = await tableRows('Monitors')
    const spike = rows.find((r) => r.textContent?.includes('Warehouse credits spike'))!
    expect(spike).toHaveTextContent('Sum over 1 h of credits used per hour on BI_WH is above 5 credits')
    expect(spike).toHaveTextContent('3.5 credits')
    expect(spike).toHaveTextContent('15 min')
    expect(spike).toHaveTextContent('#data-platform-alerts')
    expect(within(spike).getByRole('switch', { name: 'Disable Warehouse credits spike' })).toBeChecked()
    const off = rows.find((r) => r.textContent?.includes('Transform queueing'))!
    expect(within(off).getByRole('switch', { name: 'Enable Transform queueing' })).not.toBeChecked()
  })

  it('enables and disables a monitor from its row', async () => {
    const { user, bodies } = renderPage(<AlertingPage />, {
      route: `${ROUTE}?view=monitors`,
      user: admin,
      stubs: fakeAlerting(),
    })
    await tableRows('Monitors')
    // Found once drawn: on a busy machine the row's switch can come a render after the table's rows.
    await user.click(await screen.findByRole('switch', { name: 'Enable Transform queueing' }))
    await waitFor(() => expect(bodies(sf.setMonitorEnabled)).toEqual([{ enabled: true }]))
  })

  it('creates a monitor through the form: the unit by the threshold, the metric’s last day, the channels', async () => {
    const { user, bodies } = renderPage(<AlertingPage />, {
      route: `${ROUTE}?view=monitors`,
      user: admin,
      stubs: fakeAlerting(),
    })
    await tableRows('Monitors')
    await user.click(screen.getByRole('button', { name: 'Create monitor' }))
    const form = await screen.findByRole('form', { name: 'Create monitor' })
    await user.click(within(form).getByRole('button', { name: 'Create monitor' }))
    expect(await within(form).findByText('Monitor name is required.')).toBeInTheDocument()
    expect(within(form).getByText('Threshold is required.')).toBeInTheDocument()
    await user.type(within(form).getByRole('textbox', { name: /Monitor name/ }), 'BI low bar')
    const threshold = within(form).getByRole('textbox', { name: /Threshold \(credits\)/ })
    await user.type(threshold, '0.5')
    expect(
      await within(form).findByRole('figure', { name: 'Credits used per hour: last 24 hours' }),
    ).toBeInTheDocument()
    await user.click(within(form).getByRole('combobox', { name: 'Notify' }))
    await user.click(await screen.findByRole('option', { name: '#data-platform-alerts' }))
    await user.click(within(form).getByRole('button', { name: 'Create monitor' }))
    await waitFor(() => expect(bodies(sf.createMonitor)).toHaveLength(1))
    expect(bodies(sf.createMonitor)[0]).toEqual({
      name: 'BI low bar',
      metric: 'credits',
      warehouse: null,
      aggregation: 'sum',
      lookbackHours: 1,
      condition: 'above',
      threshold: 0.5,
      scheduleMinutes: 15,
      severity: 3,
      channelIds: [1],
      enabled: true,
    })
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Create monitor' })).not.toBeInTheDocument(),
    )
  })

  it('switches between the views through the address', async () => {
    const { user } = renderPage(<AlertingPage />, { route: ROUTE, user: admin, stubs: fakeAlerting() })
    await tableRows('Alerts')
    await user.click(screen.getByRole('tab', { name: 'Monitors' }))
    expect(await tableRows('Monitors')).toHaveLength(2)
  })

  it('a platform with no metric to watch says why, and offers no Create', async () => {
    renderPage(<AlertingPage />, {
      route: `${ROUTE}?view=monitors`,
      user: testUser({ clusterType: 'K8S', role: 'user', username: 'k8s' }),
      stubs: [
        stubEndpoint(k8s.monitors, { platform: 'K8S', monitors: [], limit: 50 }),
        stubEndpoint(k8s.options, {
          platform: 'K8S',
          metrics: [],
          warehouses: [],
          note: 'No metric can be watched here yet.',
        }),
      ],
    })
    expect(await screen.findByText('No metric can be watched here yet.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Create monitor' })).not.toBeInTheDocument()
  })
})
