import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { snowflakeEndpoints } from '@costlens/shared'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import CostPage from './cost-page.tsx'
import SnowflakeHomePage from './home-page.tsx'
import {
  testCostBreakdown,
  testCostOverview,
  testCostQueries,
  testQueryRow,
  testSearchResponse,
} from './snowflake-test-data.ts'
import { findSettledTable } from '../../../test/page-queries.ts'

afterEach(() => vi.unstubAllGlobals())

const state = signedIn(testUser({ clusterType: 'SNOWFLAKE' }))

function render(route: string, failing = false) {
  const fail = () =>
    json({ statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' }, 500)
  const api = stubApi(
    ...(failing
      ? [
          on('GET', snowflakeEndpoints.costOverview.path, fail),
          on('POST', snowflakeEndpoints.querySearch.path, fail),
        ]
      : []),
    on('GET', snowflakeEndpoints.costOverview.path, () => json(testCostOverview)),
    on('GET', snowflakeEndpoints.costUsers.path, () => json(testCostBreakdown)),
    on('GET', snowflakeEndpoints.costQueries.path, () => json(testCostQueries)),
    on('POST', snowflakeEndpoints.querySearch.path, () => json(testSearchResponse([testQueryRow(1)], 7))),
  )
  const view = renderWithProviders(route === '/home' ? <SnowflakeHomePage /> : <CostPage />, {
    preloadedState: state,
    route,
  })
  return { ...api, ...view }
}

describe('Snowflake cost pages', () => {
  it('R122 the overview shows cost and credits to 4 decimals and the change against the period before', async () => {
    const { requests } = render('/cost/osd_cost_overview')
    const totals = await screen.findByRole('region', { name: 'Cost totals' })
    expect(totals).toHaveTextContent('$ 123.4568')
    expect(totals).toHaveTextContent('41.1523')
    expect(totals).toHaveTextContent('▲ +23.46% vs $ 100.0000 before')
    expect(totals).toHaveTextContent('$ 0.0247')
    const params = new URL(requests[0]!.url).searchParams
    // 03 §9: the cost selector opens on 7 days.
    expect(Date.parse(params.get('endTime')!) - Date.parse(params.get('startTime')!)).toBeGreaterThan(
      6 * 86_400_000,
    )
    expect(screen.getByRole('button', { name: /Date range: Last 7 Days/ })).toBeInTheDocument()
  })

  it('R123 the user breakdown lists each user with cost, credits, share and a link to their queries', async () => {
    render('/cost/osd_cost_users?dateRangeLabel=30_d')
    const table = await findSettledTable({ name: 'Cost by user' })
    const rows = await within(table).findAllByRole('row')
    expect(rows[1]).toHaveTextContent('ALICE')
    expect(rows[1]).toHaveTextContent('$ 70.1235')
    expect(rows[1]).toHaveTextContent('23.3745')
    expect(rows[1]).toHaveTextContent('25.00%')
    expect(within(rows[1]!).getByRole('link', { name: 'ALICE' }).getAttribute('href')).toMatch(
      /^\/query\/list\?endDate=.*tab=all&userName=alice$/,
    )
  })

  it('R125 the query cost lists signatures with a sample query and their average duration', async () => {
    render('/cost/osd_cost_queries')
    const table = await findSettledTable({ name: 'Costliest query signatures' })
    const row = (await within(table).findAllByRole('row'))[1]!
    expect(within(row).getByRole('link', { name: '01b2-q9' })).toHaveAttribute(
      'href',
      '/query/01b2-q9/details',
    )
    expect(row).toHaveTextContent('$ 12.3000')
    expect(row).toHaveTextContent('1m 5s')
  })

  it('03 §9 C18 the cost selector offers 7 days to a year; a preset goes to the address and asks for its window', async () => {
    const { requests, user, router } = render('/cost/osd_cost_users')
    await findSettledTable({ name: 'Cost by user' })
    await user.click(screen.getByRole('button', { name: 'Date range: Last 7 Days' }))
    const dialog = screen.getByRole('dialog')
    const presets = ['Last 7 Days', 'Last 14 Days', 'Last 30 Days', 'Last 90 Days', 'Last 1 Year']
    for (const name of presets) expect(within(dialog).getByRole('button', { name })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Last 30 Days' }))
    // The window is the address's, and a new one replaces the entry (Back leaves the page).
    expect(router.state.location.search).toBe('?dateRangeLabel=30_d')
    expect(router.state.historyAction).toBe('REPLACE')
    await screen.findByRole('button', { name: 'Date range: Last 30 Days' })
    await waitFor(() => expect(requests).toHaveLength(2))
    const params = new URL(requests[1]!.url).searchParams
    const days = (Date.parse(params.get('endTime')!) - Date.parse(params.get('startTime')!)) / 86_400_000
    expect(days).toBeGreaterThan(29)
  })

  it('Refresh asks again for a picked window, which stays as it was', async () => {
    const start = Date.parse('2025-06-01T00:00:00Z')
    const end = Date.parse('2025-06-08T00:00:00Z')
    const { requests, user } = render(`/cost/osd_cost_queries?end_date=${end}&start_date=${start}`)
    await findSettledTable({ name: 'Costliest query signatures' })
    await user.click(screen.getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(requests).toHaveLength(2))
    for (const request of requests)
      expect(Object.fromEntries(new URL(request.url).searchParams)).toMatchObject({
        startTime: '2025-06-01T00:00:00.000Z',
        endTime: '2025-06-08T00:00:00.000Z',
      })
  })

  it('R121 home shows the last 7 days and today’s costliest inefficient queries', async () => {
    const { requests } = render('/home')
    const totals = await screen.findByRole('region', { name: 'Last 7 days' })
    expect(totals).toHaveTextContent('$ 123.4568')
    const table = await findSettledTable({ name: "Today's costliest inefficient queries" })
    expect(await within(table).findByRole('link', { name: '01b2-q1' })).toBeInTheDocument()
    const search = requests.find((r) => r.method === 'POST')!
    expect(await search.json()).toMatchObject({ showInefficientOnly: true, pageSize: 5, sort: 'cost-desc' })
  })

  it('issue 15 #18 home on 500s shows each failure with a retry, never No Data Available or a 0 count', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { user } = render('/home', true)
    const cost = await screen.findByRole('alert', { name: 'The cost could not be loaded' })
    expect(cost).toHaveTextContent('Internal Server Error')
    expect(
      await screen.findByRole('alert', { name: "Today's costliest inefficient queries could not be loaded" }),
    ).toBeInTheDocument()
    expect(screen.queryByText('No Data Available')).toBeNull()
    expect(screen.queryByRole('region', { name: 'Last 7 days' })).toBeNull()
    await user.click(within(cost).getByRole('button', { name: 'Retry' }))
    warn.mockRestore()
  })
})
