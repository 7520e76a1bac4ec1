import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import {
  bigqueryDashboardEndpoints as bq,
  type Dashboard,
  type DashboardData,
  type DashboardList,
  type PanelData,
  type PanelDefinition,
} from '@costlens/shared'
import { renderPage, stubEndpoint } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import DashboardPage from './dashboard-page.tsx'

const admin = testUser({ clusterType: 'BIGQUERYV2', role: 'admin', username: 'bigquery' })
const AT = Date.parse('2026-11-22T10:00:00Z')
const DAY = 86_400_000

const CATALOGUE: PanelDefinition[] = [
  {
    id: 'bq_cost_total',
    title: 'Cost',
    unit: 'USD',
    visualisation: 'kpi',
    description: 'd',
    defaultWidth: 1,
  },
  {
    id: 'bq_job_count',
    title: 'Jobs',
    unit: 'jobs',
    visualisation: 'kpi',
    description: 'd',
    defaultWidth: 1,
  },
  {
    id: 'bq_slot_total',
    title: 'Slot time',
    unit: 'slot-hours',
    visualisation: 'kpi',
    description: 'd',
    defaultWidth: 1,
  },
  {
    id: 'bq_cost_hourly',
    title: 'Cost over time',
    unit: 'USD',
    visualisation: 'line',
    description: 'd',
    defaultWidth: 2,
  },
  {
    id: 'bq_top_principals',
    title: 'Top principals by cost',
    unit: 'USD',
    visualisation: 'table',
    description: 'd',
    defaultWidth: 3,
  },
]

const FIGURES: Record<string, PanelData> = {
  bq_cost_total: {
    panelId: 'bq_cost_total',
    unit: 'USD',
    visualisation: 'kpi',
    value: 1234.5,
    note: '+5% vs the period before',
  },
  bq_job_count: { panelId: 'bq_job_count', unit: 'jobs', visualisation: 'kpi', value: 4321 },
  bq_slot_total: { panelId: 'bq_slot_total', unit: 'slot-hours', visualisation: 'kpi', value: 87.25 },
  bq_cost_hourly: {
    panelId: 'bq_cost_hourly',
    unit: 'USD',
    visualisation: 'line',
    interval: 'day',
    series: [
      {
        name: 'Cost',
        data: [
          [AT - DAY, 10],
          [AT, 12],
        ],
      },
    ],
  },
  bq_top_principals: {
    panelId: 'bq_top_principals',
    unit: 'USD',
    visualisation: 'table',
    label: 'Principal',
    columns: [
      { title: 'Cost', unit: 'USD' },
      { title: 'Jobs', unit: 'jobs' },
    ],
    rows: [
      { key: 'ana@acme.example', label: 'ana@acme.example', values: [800, 120] },
      { key: 'etl@acme.example', label: 'etl@acme.example', values: [434.5, 300] },
    ],
  },
}

const dashboard = (over: Partial<Dashboard> & Pick<Dashboard, 'id' | 'name' | 'panels'>): Dashboard => ({
  platform: 'BIGQUERYV2',
  kind: 'prebuilt',
  description: 'What the platform cost.',
  createdBy: null,
  createdAt: null,
  updatedAt: null,
  updatedBy: null,
  editable: false,
  deletable: false,
  ...over,
})

function stubs() {
  const dashboards: Dashboard[] = [
    dashboard({
      id: 'cost',
      name: 'Cost',
      panels: [
        { panelId: 'bq_cost_total', width: 1 },
        { panelId: 'bq_job_count', width: 1 },
        { panelId: 'bq_cost_hourly', width: 1 },
        { panelId: 'bq_top_principals', width: 3 },
      ],
    }),
    dashboard({
      id: '7',
      name: 'Mine',
      kind: 'saved',
      description: 'Saved by bigquery',
      createdBy: 'bigquery',
      editable: true,
      deletable: true,
      panels: [
        { panelId: 'bq_cost_total', width: 1 },
        { panelId: 'bq_job_count', width: 1 },
        { panelId: 'bq_cost_hourly', width: 2 },
      ],
    }),
  ]
  const list = (): DashboardList => ({ platform: 'BIGQUERYV2', catalogue: CATALOGUE, dashboards })
  const data = (request: Request): DashboardData => {
    const ids = new URL(request.url).searchParams.get('panels')!.split(',')
    return {
      platform: 'BIGQUERYV2',
      startTime: new Date(AT - 7 * DAY).toISOString(),
      endTime: new Date(AT).toISOString(),
      interval: 'day',
      panels: ids.map((id) => FIGURES[id]!),
    }
  }
  const writes = async (request: Request) => {
    const path = new URL(request.url).pathname
    if (request.method === 'PUT' && path === '/api/v1/bigquery/os_dashboard/dashboards/7') {
      const input = (await request.json()) as Pick<Dashboard, 'name' | 'panels'>
      Object.assign(dashboards[1]!, input)
      return Response.json(dashboards[1])
    }
    if (request.method === 'POST' && path === '/api/v1/bigquery/os_dashboard/dashboards/cost/copy') {
      const { name } = (await request.json()) as { name: string }
      const copy = {
        ...dashboards[0]!,
        id: '8',
        name,
        kind: 'saved' as const,
        editable: true,
        deletable: true,
      }
      dashboards.push(copy)
      return Response.json(copy)
    }
    return undefined
  }
  return [writes, stubEndpoint(bq.list, list), stubEndpoint(bq.data, data)]
}

/** The panels' names in the order drawn (each panel is a region named by its title; charts nest their own). */
const panelsShown = () =>
  [...screen.getByLabelText('Panels').querySelectorAll('section[data-panel]')].map((r) =>
    r.getAttribute('aria-label'),
  )

describe('/os_dashboard', () => {
  it('draws the prebuilt Cost dashboard’s panels, each figure with its unit, from one data call', async () => {
    const view = renderPage(<DashboardPage />, { route: '/os_dashboard', user: admin, stubs: stubs() })
    expect(await screen.findByText('$ 1,234.5000', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByText('+5% vs the period before')).toBeInTheDocument()
    expect(screen.getByText('4,321')).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Top principals by cost' })
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['PrincipalCost (USD)Jobs', 'ana@acme.example$ 800.0000120', 'etl@acme.example$ 434.5000300'])
    expect(panelsShown()).toEqual(['Cost', 'Jobs', 'Cost over time', 'Top principals by cost'])
    const [query] = view.queries(bq.data)
    expect(query!.get('panels')).toBe('bq_cost_total,bq_job_count,bq_cost_hourly,bq_top_principals')
    // Prebuilt: read-only, copied to change.
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument()
  })

  // A long user journey: typing and picking through Mantine's comboboxes takes its time in jsdom.
  it(
    'edits a saved dashboard: adds, removes, moves and resizes panels, then saves them',
    { timeout: 40_000 },
    async () => {
      const user = userEvent.setup()
      const view = renderPage(<DashboardPage />, {
        route: '/os_dashboard?dashboard=7',
        user: admin,
        stubs: stubs(),
      })
      await user.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 5000 }))

      await user.click(screen.getByRole('combobox', { name: 'Add panel' }))
      await user.click(await screen.findByRole('option', { name: /Slot time/ }))
      await user.click(screen.getByRole('button', { name: 'Add' }))
      await waitFor(() => expect(panelsShown()).toEqual(['Cost', 'Jobs', 'Cost over time', 'Slot time']))

      await user.click(screen.getByRole('button', { name: 'Remove Jobs' }))
      await user.click(screen.getByRole('button', { name: 'Move Slot time earlier' }))
      expect(screen.getByRole('button', { name: 'Move Cost earlier' })).toBeDisabled()
      expect(panelsShown()).toEqual(['Cost', 'Slot time', 'Cost over time'])

      await user.click(screen.getByRole('combobox', { name: 'Width of Cost' }))
      await user.click(await screen.findByRole('option', { name: 'Full width' }))
      await user.clear(screen.getByRole('textbox', { name: 'Dashboard name' }))
      await user.type(screen.getByRole('textbox', { name: 'Dashboard name' }), 'Team cost')
      await user.click(screen.getByRole('button', { name: 'Save' }))

      await waitFor(() => expect(view.bodies(bq.update)).toHaveLength(1))
      expect(view.bodies(bq.update)[0]).toEqual({
        name: 'Team cost',
        panels: [
          { panelId: 'bq_cost_total', width: 3 },
          { panelId: 'bq_slot_total', width: 1 },
          { panelId: 'bq_cost_hourly', width: 2 },
        ],
      })
      expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument()
    },
  )

  it(
    'copies the prebuilt Cost dashboard under a new name and opens the copy for editing',
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup()
      const view = renderPage(<DashboardPage />, { route: '/os_dashboard', user: admin, stubs: stubs() })
      await user.click(await screen.findByRole('button', { name: 'Copy' }, { timeout: 5000 }))
      const name = await screen.findByRole('textbox', { name: 'Name of the copy' })
      expect(name).toHaveValue('Copy of Cost')
      await user.clear(name)
      await user.type(name, 'Cost, for finance')
      await user.click(
        within(screen.getByRole('form', { name: 'Copy dashboard' })).getByRole('button', { name: 'Copy' }),
      )
      await waitFor(() => expect(view.bodies(bq.copy)).toEqual([{ name: 'Cost, for finance' }]))
      expect(await screen.findByRole('textbox', { name: 'Dashboard name' }, { timeout: 5000 })).toHaveValue(
        'Cost, for finance',
      )
      await waitFor(() => expect(view.router.state.location.search).toContain('dashboard=8'))
    },
  )
})
