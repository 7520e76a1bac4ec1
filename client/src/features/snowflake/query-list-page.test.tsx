import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { snowflakeEndpoints, compareStorageKey, type SnowflakeQuerySearchBody } from '@costlens/shared'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import QueryListPage from './query-list-page.tsx'
import { testMetadata, testQueryRow, testSearchResponse, testWarehouseRow } from './snowflake-test-data.ts'
import { findSettledTable } from '../../../test/page-queries.ts'

beforeEach(() => localStorage.clear())
afterEach(() => vi.unstubAllGlobals())

const rows = [
  testQueryRow(1),
  testQueryRow(2, { status: 'P' }),
  testQueryRow(3, { status: 'W' }),
  testQueryRow(4, { status: 'F' }),
]

function render(route: string, answer: () => Response = () => json(testSearchResponse(rows))) {
  const bodies: SnowflakeQuerySearchBody[] = []
  const metadataParams: URLSearchParams[] = []
  const api = stubApi(
    on('POST', snowflakeEndpoints.querySearch.path, async (request) => {
      bodies.push((await request.json()) as SnowflakeQuerySearchBody)
      return answer()
    }),
    on('GET', snowflakeEndpoints.queryMetadata.path, (request) => {
      metadataParams.push(new URL(request.url).searchParams)
      return json(testMetadata)
    }),
    on('GET', snowflakeEndpoints.warehouses.path, () =>
      json({
        startTime: '2025-06-15T00:00:00.000Z',
        endTime: '2025-06-15T10:30:00.000Z',
        warehouses: [testWarehouseRow(1, { uid: 'wh-analytics', name: 'ANALYTICS_WH' })],
      }),
    ),
  )
  const user = testUser({ clusterType: 'SNOWFLAKE' })
  const view = renderWithProviders(<QueryListPage />, { preloadedState: signedIn(user), route })
  return { ...api, ...view, bodies, metadataParams }
}

const table = () => findSettledTable({ name: /queries$/ })
const bodyRows = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)

describe('/query/list', () => {
  it('B232 lists the page with statuses in words, links to details, cost and credits to 4 decimals', async () => {
    render('/query/list')
    await waitFor(async () => expect(await bodyRows()).toHaveLength(4))
    const [first, blocked, queued, failed] = await bodyRows()
    expect(first).toHaveTextContent('Success')
    expect(first).toHaveTextContent('$ 0.1235')
    expect(first).toHaveTextContent('0.0457')
    expect(within(first!).getByRole('link', { name: '01b2-q1' })).toHaveAttribute(
      'href',
      '/query/01b2-q1/details',
    )
    expect(first).toHaveTextContent("SELECT * FROM sales.orders_1 WHERE region = 'EU'")
    expect(blocked).toHaveTextContent('Blocked')
    expect(blocked).toHaveAttribute('data-status', 'error')
    expect(queued).toHaveTextContent('Queued/Resuming warehouse')
    expect(queued).toHaveAttribute('data-status', 'waiting')
    expect(failed).toHaveAttribute('data-status', 'error')
    expect(screen.getByText('(42)')).toBeInTheDocument()
  })

  it('B233 B237 B239 B240 asks for the inefficient list of today, 15 by cost descending', async () => {
    const { bodies, metadataParams } = render('/query/list')
    await table()
    await waitFor(() => expect(bodies.length).toBeGreaterThan(0))
    expect(screen.getByRole('tab', { name: 'Inefficient' })).toHaveAttribute('aria-selected', 'true')
    const body = bodies.at(-1)!
    expect(body).toMatchObject({ showInefficientOnly: true, page: 1, pageSize: 15, sort: 'cost-desc' })
    const start = new Date(body.startTime!)
    expect(start.toISOString()).toMatch(/T00:00:00\.000Z$/)
    expect(Date.now() - Date.parse(body.endTime!)).toBeLessThan(60_000)
    expect(metadataParams.at(-1)?.get('showInefficientOnly')).toBe('true')
  })

  it('B235 shows insights, accounts and connectors all ticked, with their counts, while nothing narrows them', async () => {
    render('/query/list')
    expect(await screen.findByRole('checkbox', { name: 'Full table scan (20)' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'acme-prod (42)' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Python (12)' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'alice (30)' })).not.toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Blocked (1)' })).not.toBeChecked()
  })

  it('B030 a filter goes to the address (replace) and the request body', async () => {
    const { user, router, bodies } = render('/query/list?page=3')
    await user.click(await screen.findByRole('checkbox', { name: 'Failed (3)' }))
    await waitFor(() => expect(router.state.location.search).toBe('?status=F'))
    expect(router.state.historyAction).toBe('REPLACE')
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ status: ['F'], page: 1 }))
    await user.click(screen.getByRole('checkbox', { name: 'Python (12)' }))
    await waitFor(() => expect(router.state.location.search).toBe('?clientConnectors=JDBC&status=F'))
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ clientConnectors: ['JDBC'], status: ['F'] }))
  })

  it('B125 B126 B236 a cost slider goes to the address and the body at the metadata decimals', async () => {
    const { user, router, bodies } = render('/query/list')
    const thumb = await screen.findByRole('slider', { name: 'Maximum Cost (USD)' })
    thumb.focus()
    await user.keyboard('{ArrowLeft}')
    // Metadata 0 (from -0.01, B236) to 4.2: 3 decimals (B126), one step is 0.001.
    await waitFor(() => expect(router.state.location.search).toBe('?maxCost=4.199&minCost=0'))
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ minCost: 0, maxCost: 4.199, page: 1 }))
  })

  it('B233 a tab change clears the insights filter and keeps the others', async () => {
    const { user, router, bodies } = render('/query/list?insights=FULL_TABLE_SCAN&userName=alice')
    await table()
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ insights: ['FULL_TABLE_SCAN'] }))
    await user.click(screen.getByRole('tab', { name: 'All' }))
    await waitFor(() => expect(router.state.location.search).toBe('?tab=all&userName=alice'))
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({ showInefficientOnly: false, userName: ['alice'] }),
    )
    expect(bodies.at(-1)).not.toHaveProperty('insights')
    expect(screen.queryByRole('group', { name: 'Insights' })).toBeNull()
  })

  it('B238 a queryId alone overrides the other filters and can be cleared', async () => {
    const { user, router, bodies } = render('/query/list?queryId=01b2-q2&userName=alice&status=F')
    await table()
    await waitFor(() => expect(bodies.at(-1)).toEqual({ id: '01b2-q2' }))
    expect(screen.getByText('Showing query 01b2-q2 only')).toBeInTheDocument()
    // Filters that would do nothing are not offered while the id holds.
    expect(screen.queryByRole('group', { name: 'User' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Show all queries' }))
    await waitFor(() => expect(router.state.location.search).toBe('?status=F&userName=alice'))
    expect(await screen.findByRole('group', { name: 'User' })).toBeInTheDocument()
  })

  it('names the warehouses of the warehouse filter (the metadata has their uids only)', async () => {
    render('/query/list')
    const warehouses = await screen.findByRole('group', { name: 'Warehouse' })
    expect(await within(warehouses).findByText(/ANALYTICS_WH/)).toBeInTheDocument()
    // A uid the warehouse list does not know stays as it is.
    expect(within(warehouses).getByText(/wh-etl/)).toBeInTheDocument()
  })

  it('B102 B239 sorts on the server as key-direction and pages', async () => {
    const { user, router, bodies } = render('/query/list')
    await table()
    await user.click(within(screen.getByRole('columnheader', { name: /Duration/ })).getByRole('button'))
    await waitFor(() => expect(router.state.location.search).toBe('?s=duration-asc'))
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&s=duration-asc'))
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ page: 2, pageSize: 15, sort: 'duration-asc' }))
  })

  it('B260 B261 B263 compare checkboxes stop at two, are stored per type, and the panel counts them', async () => {
    const { user } = render('/query/list')
    await waitFor(async () => expect(await bodyRows()).toHaveLength(4))
    await user.click(screen.getByRole('checkbox', { name: 'Select 01b2-q1' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select 01b2-q2' }))
    expect(screen.getByRole('checkbox', { name: 'Select 01b2-q3' })).toBeDisabled()
    expect(screen.getByRole('checkbox', { name: 'Select 01b2-q1' })).toBeEnabled()
    expect(JSON.parse(localStorage.getItem(compareStorageKey('query'))!)).toEqual(['01b2-q1', '01b2-q2'])
    expect(screen.getByRole('complementary', { name: 'Compare Queries' })).toHaveTextContent('2')
    await user.click(screen.getByRole('checkbox', { name: 'Select 01b2-q1' }))
    expect(screen.getByRole('checkbox', { name: 'Select 01b2-q3' })).toBeEnabled()
  })

  it('shows the failure with a retry instead of an empty list', async () => {
    let fail = true
    const { user } = render('/query/list', () =>
      fail
        ? json({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 500)
        : json(testSearchResponse(rows)),
    )
    expect(await screen.findByText('The queries could not be loaded')).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(async () => expect(await bodyRows()).toHaveLength(4))
    expect(screen.queryByText('The queries could not be loaded')).toBeNull()
  })

  it('says so when no query matches', async () => {
    render('/query/list', () => json(testSearchResponse([], 0)))
    expect(await screen.findByText('No queries match these filters')).toBeInTheDocument()
  })
})
