import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Route, Routes } from 'react-router-dom'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import QueryDetailsPage from './query-details-page.tsx'
import { snowflakePath } from './api.ts'
import { testQueryDetails } from './snowflake-test-data.ts'
import { findSettledTable } from '../../../test/page-queries.ts'

beforeEach(() => localStorage.clear())
afterEach(() => vi.unstubAllGlobals())

function render(route = '/query/01b2-q2/details', found = true) {
  stubApi(
    on('GET', snowflakePath('queryDetails', { queryUid: '01b2-q2' }), () =>
      found
        ? json(testQueryDetails(2, { status: 'F', message: 'Warehouse suspended' }))
        : json({ statusCode: 404, error: 'Not Found', message: 'no such query' }, 404),
    ),
  )
  return renderWithProviders(
    <Routes>
      <Route path="/query/:queryUid/details" element={<QueryDetailsPage />} />
    </Routes>,
    { preloadedState: signedIn(testUser({ clusterType: 'SNOWFLAKE' })), route },
  )
}

describe('/query/{queryUid}/details', () => {
  it('heads the page with the id, status, cost and credits to 4 decimals, duration, user and warehouse', async () => {
    render()
    expect(await screen.findByRole('heading', { name: '01b2-q2' })).toBeInTheDocument()
    expect(screen.getAllByText('Failed').length).toBeGreaterThan(0)
    expect(screen.getAllByText('$ 0.2469').length).toBeGreaterThan(0)
    expect(screen.getAllByText('0.0913').length).toBeGreaterThan(0)
    expect(screen.getAllByText('2m 10s').length).toBeGreaterThan(0)
    expect(document.title).toBe('Query 01b2-q2 | costlens')
  })

  it('R145 offers the six tabs; Query details shows the fields and the SQL with copy and full screen', async () => {
    const { user } = render()
    const tabs = within(await screen.findByRole('tablist', { name: 'Query details' })).getAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Query details',
      'Warehouse',
      'Insights1',
      'Input tables1',
      'Output tables0',
      'Metrics',
    ])
    expect(screen.getByText('Warehouse suspended')).toBeInTheDocument()
    expect(screen.getByLabelText('SQL of 01b2-q2')).toHaveTextContent('FROM sales.orders_2')
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await user.click(screen.getByRole('button', { name: 'Copy SQL of 01b2-q2' }))
    expect(writeText).toHaveBeenCalledWith("SELECT *\nFROM sales.orders_2\nWHERE region = 'EU'")
    expect(await screen.findByText('Copied to clipboard.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show SQL of 01b2-q2 full screen' }))
    expect(await screen.findByRole('dialog', { name: 'SQL of 01b2-q2' })).toBeInTheDocument()
  })

  it('shows each insight with its description, recommendation and estimated saving', async () => {
    const { user, router } = render()
    await user.click(await screen.findByRole('tab', { name: /Insights/ }))
    await waitFor(() => expect(router.state.location.search).toBe('?tab=insights'))
    const card = screen.getByRole('article', { name: 'Full table scan' })
    expect(card).toHaveTextContent('The query scanned every partition of sales.orders_2.')
    expect(card).toHaveTextContent('Recommendation: Add a filter on the clustering key order_date.')
    expect(card).toHaveTextContent('Estimated saving $ 25.0000 / month')
    // Issue 15 #16: the basis of the estimate is said on screen.
    expect(screen.getByLabelText('Estimated savings')).toHaveTextContent(
      'Estimated savings together $ 25.0000 / month' +
        "Estimated from this query signature's $80.00 over the last 7 days.",
    )
  })

  it('B145 shows the six time metrics in ms, and the input tables', async () => {
    const { user } = render('/query/01b2-q2/details?tab=metrics')
    const metrics = await findSettledTable({ name: 'Time metrics (ms)' })
    const rows = within(metrics).getAllByRole('row').slice(1)
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 2)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Queued provisioning', '20 ms'],
      ['Compilation', '250 ms'],
      ['Queued repair', '0 ms'],
      ['Queued overload', '3,000 ms'],
      ['Transaction blocked', '0 ms'],
      ['List external files', '3 ms'],
    ])
    expect(screen.getByText('120,000 ms')).toBeInTheDocument()
    expect(screen.getByText('2.00 MB')).toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: /Input tables/ }))
    expect(await findSettledTable({ name: 'Input tables' })).toHaveTextContent('ORDERS_2')
  })

  it('the Warehouse tab shows its settings and opens the warehouse on the day of the query', async () => {
    const { user } = render()
    await user.click(await screen.findByRole('tab', { name: 'Warehouse' }))
    expect(screen.getByText('wh-analytics')).toBeInTheDocument()
    expect(screen.getByText('4.0000')).toBeInTheDocument()
    const link = screen.getByRole('link', { name: /Open warehouse ANALYTICS_WH/ })
    const day = Date.parse('2025-06-15T00:00:00Z')
    expect(link).toHaveAttribute(
      'href',
      `/warehouse/wh-analytics/details?end_date=${day + 86_400_000 - 1}&start_date=${day}`,
    )
  })

  it('M066 says a missing query does not exist', async () => {
    render('/query/01b2-q2/details', false)
    expect(await screen.findByText('The query 01b2-q2 does not exist')).toBeInTheDocument()
  })

  it('adds the query to the compare selection', async () => {
    const { user, store } = render()
    await user.click(await screen.findByRole('button', { name: 'Add to compare' }))
    expect(store.getState().compare.query).toEqual(['01b2-q2'])
    expect(screen.getByRole('button', { name: 'Added to compare' })).toHaveAttribute('aria-pressed', 'true')
  })
})
