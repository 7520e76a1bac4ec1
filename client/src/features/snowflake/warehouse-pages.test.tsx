import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Route, Routes } from 'react-router-dom'
import { snowflakeEndpoints } from '@costlens/shared'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import { snowflakePath } from './api.ts'
import { testWarehouseRow } from './snowflake-test-data.ts'
import WarehouseDetailsPage from './warehouse-details-page.tsx'
import WarehouseListPage from './warehouse-list-page.tsx'
import { findSettledTable } from '../../../test/page-queries.ts'

afterEach(() => vi.unstubAllGlobals())

const state = signedIn(testUser({ clusterType: 'SNOWFLAKE' }))
const window = { startTime: '2025-06-15T00:00:00.000Z', endTime: '2025-06-15T10:30:00.000Z' }

describe('/warehouse/list', () => {
  it('R142 lists the warehouses with their state, cost and credits to 4 decimals and links to details', async () => {
    const { requests } = stubApi(
      on('GET', snowflakeEndpoints.warehouses.path, () =>
        json({ ...window, warehouses: [testWarehouseRow(2), testWarehouseRow(1)] }),
      ),
    )
    renderWithProviders(<WarehouseListPage />, { preloadedState: state, route: '/warehouse/list' })
    const table = await findSettledTable({ name: 'Warehouses' })
    const rows = await within(table).findAllByRole('row')
    expect(rows[1]).toHaveTextContent('WH_2')
    expect(rows[1]).toHaveTextContent('Suspended')
    expect(rows[1]).toHaveTextContent('$ 6.9136')
    expect(rows[1]).toHaveTextContent('2.4691')
    expect(rows[1]).toHaveTextContent('1,234 ms')
    expect(within(rows[2]!).getByRole('link', { name: 'WH_1' })).toHaveAttribute(
      'href',
      '/warehouse/wh-1/details',
    )
    expect(screen.getByRole('region', { name: 'Warehouse totals' })).toHaveTextContent('$ 10.3703')
    const params = new URL(requests[0]!.url).searchParams
    expect(params.get('startTime')).toMatch(/T00:00:00\.000Z$/)
  })
})

describe('/warehouse/{warehouseUid}/details', () => {
  it('R143 shows the usage, the settings and a link to its queries in the same window', async () => {
    stubApi(
      on('GET', snowflakePath('warehouseDetails', { warehouseUid: 'wh-1' }), () =>
        json({
          ...window,
          warehouse: testWarehouseRow(1),
          interval: 'hourly',
          pointInterval: 3_600_000,
          series: { credits: [], cost: [], queryCount: [], queuedOverloadTime: [], runningClusters: [] },
        }),
      ),
    )
    renderWithProviders(
      <Routes>
        <Route path="/warehouse/:warehouseUid/details" element={<WarehouseDetailsPage />} />
      </Routes>,
      { preloadedState: state, route: '/warehouse/wh-1/details?dateRangeLabel=7_d' },
    )
    expect(await screen.findByRole('heading', { name: 'WH_1' })).toBeInTheDocument()
    const usage = screen.getByRole('region', { name: 'Warehouse usage' })
    expect(usage).toHaveTextContent('$ 3.4568')
    expect(usage).toHaveTextContent('1.2346')
    expect(usage).toHaveTextContent('12.50%')
    const link = screen.getByRole('link', { name: 'Show its queries' })
    expect(link.getAttribute('href')).toMatch(
      /^\/query\/list\?endDate=.*&startDate=.*&tab=all&warehouseUid=wh-1$/,
    )
    expect(document.title).toBe('Warehouse WH_1 | costlens')
    // One section: no tab bar of one tab.
    expect(screen.queryByRole('tablist')).toBeNull()
  })

  it('M066 a warehouse that does not exist says so, with the way back to the list in the same window', async () => {
    stubApi(
      on('GET', snowflakePath('warehouseDetails', { warehouseUid: 'wh-gone' }), () =>
        json({ statusCode: 404, error: 'Not Found', message: 'Warehouse wh-gone not found' }, 404),
      ),
    )
    renderWithProviders(
      <Routes>
        <Route path="/warehouse/:warehouseUid/details" element={<WarehouseDetailsPage />} />
      </Routes>,
      { preloadedState: state, route: '/warehouse/wh-gone/details?dateRangeLabel=7_d' },
    )
    expect(await screen.findByText('The warehouse wh-gone does not exist')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Warehouses' })).toHaveAttribute(
      'href',
      '/warehouse/list?dateRangeLabel=7_d',
    )
    expect(screen.getByRole('button', { name: 'Date range: Last 7 Days' })).toBeInTheDocument()
  })
})
