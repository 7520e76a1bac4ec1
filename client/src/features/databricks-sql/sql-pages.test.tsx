import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  databricksSqlEndpoints as calls,
  type DatabricksSqlOverview,
  type DatabricksSqlQueries,
  type DatabricksSqlUsers,
  type DatabricksSqlWarehouses,
} from '@costlens/shared'
import { renderPage, stubEndpoint, tableRows } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import SqlOverviewPage from './overview-page.tsx'
import SqlQueriesPage from './queries-page.tsx'
import SqlUsersPage, { IDLE_ROW } from './users-page.tsx'
import SqlWarehousesPage from './warehouses-page.tsx'

const DAY = 86_400_000
const user = testUser({ clusterType: 'DB' })
const day0 = Date.UTC(2026, 10, 20)

const overview: DatabricksSqlOverview = {
  start: day0,
  end: day0 + 2 * DAY,
  totals: {
    cost: 121.644,
    dbus: 186,
    sessions: 2,
    queries: 4,
    failedQueries: 1,
    p50Ms: 4_200,
    p95Ms: 65_000,
    busyHours: 8,
    idleHours: 3,
    idleCost: 31.392,
  },
  days: [day0, day0 + DAY],
  series: [
    {
      warehouseId: '8a3f2c1d9e7b6a54',
      name: 'bi-warehouse',
      workspace: 'acme-prod-aws',
      cost: [105.948, 15.696],
      dbus: [162, 24],
    },
  ],
  topWarehouses: [
    {
      warehouseId: '8a3f2c1d9e7b6a54',
      name: 'bi-warehouse',
      workspace: 'acme-prod-aws',
      cost: 121.644,
      dbus: 186,
      idleCost: 31.392,
      queries: 4,
    },
  ],
  topUsers: [{ user: 'alice@acme.example', queries: 1, cost: 82.404 }],
}

const warehouses: DatabricksSqlWarehouses = {
  start: day0,
  end: day0 + 7 * DAY,
  total: 1,
  rows: [
    {
      warehouseId: '8a3f2c1d9e7b6a54',
      name: 'bi-warehouse',
      workspace: 'acme-prod-aws',
      type: 'PRO',
      size: 'Small',
      dbuPerHour: 12,
      minClusters: 1,
      maxClusters: 2,
      autoStopMinutes: 10,
      sessions: 2,
      uptimeHours: 11,
      busyHours: 8,
      idleHours: 3,
      idleCost: 31.392,
      dbus: 186,
      cost: 121.644,
      queries: 4,
      failed: 1,
    },
  ],
  totals: { cost: 121.644, dbus: 186, idleCost: 31.392, queries: 4 },
  facets: {
    workspaces: [{ value: 'acme-prod-aws', count: 1 }],
    types: [{ value: 'PRO', count: 1 }],
    sizes: [{ value: 'Small', count: 1 }],
  },
}

const users: DatabricksSqlUsers = {
  start: day0,
  end: day0 + 7 * DAY,
  total: 2,
  rows: [
    {
      user: 'alice@acme.example',
      queries: 1,
      failed: 0,
      durationMs: 65_000,
      readBytes: 48e9,
      rows: 120_000,
      cost: 82.404,
    },
    {
      user: 'bob@acme.example',
      queries: 1,
      failed: 0,
      durationMs: 300_000,
      readBytes: 1e9,
      rows: 0,
      cost: 7.848,
    },
  ],
  idle: { cost: 31.392, hours: 3 },
  warehouseCost: 121.644,
  attributedCost: 90.252,
}

const queries: DatabricksSqlQueries = {
  start: day0,
  end: day0 + 7 * DAY,
  total: 1,
  rows: [
    {
      queryId: '01ef2a2b-3c4d-1e5f-8a9b-0c1d2e3f4a52',
      status: 'F',
      statementType: 'SELECT',
      user: 'carol@acme.example',
      warehouseId: '8a3f2c1d9e7b6a54',
      warehouse: 'bi-warehouse',
      workspace: 'acme-prod-aws',
      startTime: day0 + 3_600_000,
      endTime: day0 + 3_600_900,
      duration: 900,
      rows: 0,
      readBytes: 0,
      queryText: 'SELECT * FROM sales.order',
      errorMessage: '[TABLE_OR_VIEW_NOT_FOUND] The table or view `sales.order` cannot be found.',
    },
  ],
  users: ['carol@acme.example'],
  warehouses: [{ warehouseId: '8a3f2c1d9e7b6a54', name: 'bi-warehouse' }],
}

describe('/sql pages (preview)', () => {
  it('overview: the preview badge, KPIs with units, the top warehouses and users; the last 7 days asked', async () => {
    const page = renderPage(<SqlOverviewPage />, {
      route: '/sql/osd_sql_overview',
      user,
      stubs: [stubEndpoint(calls.sqlOverview, overview)],
    })
    const kpis = await screen.findByRole('region', { name: 'SQL warehouses in the range' })
    expect(kpis).toHaveTextContent('Spend (USD)$ 121.6440')
    expect(kpis).toHaveTextContent('DBUs186 DBU')
    expect(kpis).toHaveTextContent('Failed queries1')
    expect(kpis).toHaveTextContent('Idle hours3 h')
    expect(kpis).toHaveTextContent('Idle cost (USD)$ 31.3920')
    expect(screen.getByLabelText('Preview')).toBeInTheDocument()
    expect(await tableRows('Top warehouses by spend')).toHaveLength(1)
    expect(screen.getByRole('table', { name: 'Top users by attributed cost' })).toHaveTextContent(
      'alice@acme.example',
    )
    const query = page.queries(calls.sqlOverview).at(-1)!
    expect(Number(query.get('end_time')) - Number(query.get('start_time'))).toBe(7 * DAY)
  })

  it('warehouses: the row with its configuration and figures; sorted by cost on the server', async () => {
    const page = renderPage(<SqlWarehousesPage />, {
      route: '/sql/osd_sql_warehouses',
      user,
      stubs: [stubEndpoint(calls.sqlWarehouses, warehouses)],
    })
    const [row] = await tableRows('Databricks SQL warehouses')
    expect(row).toHaveTextContent('bi-warehouse')
    expect(row).toHaveTextContent('Small (12 DBU/h)')
    expect(row).toHaveTextContent('1–2')
    expect(row).toHaveTextContent('10 min')
    expect(row).toHaveTextContent('$ 31.3920')
    const query = page.queries(calls.sqlWarehouses).at(-1)!
    expect([query.get('sort'), query.get('order'), query.get('offset'), query.get('limit')]).toEqual([
      'cost',
      'desc',
      '0',
      '15',
    ])
  })

  it('users: attributed cost per user and the Idle row, so the column adds up to the warehouses’ cost', async () => {
    renderPage(<SqlUsersPage />, {
      route: '/sql/osd_sql_users',
      user,
      stubs: [stubEndpoint(calls.sqlUsers, users)],
    })
    const rows = await tableRows('Databricks SQL users')
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'alice@acme.example',
      'bob@acme.example',
      IDLE_ROW,
    ])
    expect(rows[2]).toHaveTextContent('$ 31.3920')
    expect(
      screen.getByRole('region', { name: "The warehouses' cost, attributed and idle" }),
    ).toHaveTextContent('Warehouse cost (USD)$ 121.6440')
  })

  it('queries: a row opens its details with the error and the SQL', async () => {
    renderPage(<SqlQueriesPage />, {
      route: '/sql/osd_sql_queries?status=F',
      user,
      stubs: [stubEndpoint(calls.sqlQueries, queries)],
    })
    const [row] = await tableRows('Databricks SQL queries')
    expect(row).toHaveTextContent('Failed')
    expect(row).toHaveTextContent('carol@acme.example')
    fireEvent.click(within(row!).getByRole('button', { name: /Details of query/ }))
    const drawer = await screen.findByRole('dialog', { name: 'Query details' })
    expect(drawer).toHaveTextContent('TABLE_OR_VIEW_NOT_FOUND')
    expect(drawer).toHaveTextContent('SELECT * FROM sales.order')
  })

  it('queries: the address filters reach the call', async () => {
    const page = renderPage(<SqlQueriesPage />, {
      route: '/sql/osd_sql_queries?status=F&statementType=SELECT&search=orders',
      user,
      stubs: [stubEndpoint(calls.sqlQueries, queries)],
    })
    await tableRows('Databricks SQL queries')
    await waitFor(() => {
      const query = page.queries(calls.sqlQueries).at(-1)!
      expect([query.get('status'), query.get('statementType'), query.get('search')]).toEqual([
        'F',
        'SELECT',
        'orders',
      ])
    })
  })
})
