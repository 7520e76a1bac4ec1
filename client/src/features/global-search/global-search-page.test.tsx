import { screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { GlobalSearchResponse } from '@costlens/shared'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import { testAppRecord as app } from '../../../test/apps.ts'
import GlobalSearchPage from './global-search-page.tsx'
import { findSettledTable } from '../../../test/page-queries.ts'

afterEach(() => vi.unstubAllGlobals())

const found: GlobalSearchResponse = {
  results: [app(1), app(2, { status: 'F', user: 'airflow' })],
  total: 42,
}

function render(route: string, answer: GlobalSearchResponse = found, user = testUser()) {
  const queries: URLSearchParams[] = []
  const api = stubApi(
    on('GET', '/api/v1/apps/globalsearch', (request) => {
      queries.push(new URL(request.url).searchParams)
      return json(answer)
    }),
  )
  const view = renderWithProviders(
    <Routes>
      <Route path="/globalsearch/:search" element={<GlobalSearchPage />} />
    </Routes>,
    { preloadedState: signedIn(user), route },
  )
  const last = () => Object.fromEntries(queries.at(-1)!)
  return { ...api, ...view, queries, last }
}

const table = () => findSettledTable({ name: 'Matching applications' })

describe('/globalsearch/{search} (R049, R096)', () => {
  it('B180 B099 asks apps/globalsearch for the first 15 matches of the path’s text, newest first', async () => {
    const { queries, last } = render('/globalsearch/daily_sales')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search results for “daily_sales”' }),
    ).toBeInTheDocument()
    await waitFor(() => expect(queries).toHaveLength(1))
    expect(last()).toEqual({ searchString: 'daily_sales', from: '0', size: '15', sort: '-startTime' })
  })

  it('shows the count and the matches in the application columns, statuses in words', async () => {
    render('/globalsearch/daily_sales')
    const rows = within(await table()).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(
      await screen.findByText('42 applications whose id, name, user or queue contains “daily_sales”.'),
    ).toBeInTheDocument()
    expect(screen.getByText('42 records')).toBeInTheDocument()
    expect(rows[1]).toHaveTextContent('daily_sales_rollup_1')
    expect(rows[1]).toHaveTextContent('success')
    expect(rows[1]).toHaveTextContent('$ 12.34')
    expect(rows[2]).toHaveAttribute('data-status', 'error')
  })

  it('issue 17: a match names its app with a link to its details page', async () => {
    render('/globalsearch/daily_sales')
    const rows = within(await table()).getAllByRole('row')
    const r = found.results[0]!
    expect(within(rows[1]!).getByRole('link', { name: r.name })).toHaveAttribute(
      'href',
      `/app/application/${r.kind}?execId=${r.id}&clusterUid=${r.clusterUid}`,
    )
  })

  it('starts with the analysis columns hidden so the row fits; the column chooser brings them back', async () => {
    const { user } = render('/globalsearch/daily_sales')
    await table()
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers()).toEqual([
      'Type',
      'Status',
      'User',
      'App Name / ID',
      'Cluster',
      'Start Time (UTC)',
      'Duration',
      'Queue',
      'Cost',
    ])
    await user.click(screen.getByRole('button', { name: /Choose the columns/ }))
    await user.click(await screen.findByRole('checkbox', { name: 'Insights' }))
    await waitFor(() => expect(headers()).toContain('Insights'))
  })

  it('decodes the path parameter and sends the text as typed', async () => {
    const { queries, last } = render('/globalsearch/sales%20etl%2F2026')
    await waitFor(() => expect(queries).toHaveLength(1))
    expect(last().searchString).toBe('sales etl/2026')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Search results for “sales etl/2026”')
  })

  it('B099 B030 pages on the server and keeps the page in the address without navigating', async () => {
    const { user, router, queries, last } = render('/globalsearch/daily_sales')
    await table()
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'))
    expect(router.state.historyAction).toBe('REPLACE')
    await waitFor(() => expect(queries).toHaveLength(2))
    expect(last()).toMatchObject({ from: '15', size: '15', sort: '-startTime' })
  })

  it('B102 B030 sorts by user on the server (ascending first, then descending) and back to page 1', async () => {
    const { user, router, queries, last } = render('/globalsearch/daily_sales?page=3')
    await table()
    await waitFor(() => expect(last()).toMatchObject({ from: '30' }))
    const sortByUser = () =>
      user.click(within(screen.getByRole('columnheader', { name: /User/ })).getByRole('button'))
    await sortByUser()
    await waitFor(() => expect(router.state.location.search).toBe('?s=user-asc'))
    await waitFor(() => expect(last()).toMatchObject({ from: '0', sort: 'user' }))
    await sortByUser()
    await waitFor(() => expect(router.state.location.search).toBe('?s=user-desc'))
    await waitFor(() => expect(last()).toMatchObject({ sort: '-user' }))
    expect(queries.length).toBeGreaterThanOrEqual(3)
  })

  it('B030 reads page, page size and sort from the address; an unknown sort keeps the default (B180)', async () => {
    const first = render('/globalsearch/etl?page=2&pageSize=50&s=duration-desc')
    await waitFor(() => expect(first.queries).toHaveLength(1))
    expect(first.last()).toEqual({ searchString: 'etl', from: '50', size: '50', sort: '-duration' })
    first.unmount()
    vi.unstubAllGlobals()
    const second = render('/globalsearch/etl?s=bogus-asc')
    await waitFor(() => expect(second.queries).toHaveLength(1))
    expect(second.last().sort).toBe('-startTime')
  })

  it('B097 the last page a list may reach asks for no record past the 10,000th', async () => {
    const { queries, last } = render('/globalsearch/etl?page=9999', { results: [], total: 50_000 })
    await waitFor(() => expect(queries).toHaveLength(1))
    expect(last()).toMatchObject({ from: '9990', size: '10' })
  })

  it('B059 a freemium user cannot sort by cost, not even from the address', async () => {
    const { queries, last } = render('/globalsearch/etl?s=cents-desc', found, testUser({ plan: 'freemium' }))
    await table()
    await waitFor(() => expect(queries).toHaveLength(1))
    expect(last().sort).toBe('-startTime')
    expect(within(screen.getByRole('columnheader', { name: /^Cost/ })).queryByRole('button')).toBeNull()
  })

  it('M052 no match: the table’s empty text, and the count line says what was searched', async () => {
    render('/globalsearch/nothing_like_this', { results: [], total: 0 })
    await table()
    expect(await screen.findByText('No Data Available')).toBeInTheDocument()
    expect(
      screen.getByText('No application’s id, name, user or queue contains “nothing_like_this”.'),
    ).toBeInTheDocument()
  })

  it('a blank search asks for nothing and says what to type', async () => {
    const { requests } = render('/globalsearch/%20%20')
    expect(await screen.findByText(/^Type part of an application’s id/)).toBeInTheDocument()
    expect(requests).toHaveLength(0)
  })

  it('issue 15 #18 a failed search shows its error with a retry, not an empty result', async () => {
    stubApi(
      on('GET', '/api/v1/apps/globalsearch', () =>
        json({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 500),
      ),
    )
    renderWithProviders(
      <Routes>
        <Route path="/globalsearch/:search" element={<GlobalSearchPage />} />
      </Routes>,
      { preloadedState: signedIn(testUser()), route: '/globalsearch/etl' },
    )
    const alert = await screen.findByRole('alert', { name: 'Matching applications could not be loaded' })
    expect(alert).toHaveTextContent('boom')
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument()
    expect(screen.getByText('The search failed.')).toBeInTheDocument()
    expect(screen.queryByText('No Data Available')).not.toBeInTheDocument()
  })

  it('B025 names the page after the search', async () => {
    render('/globalsearch/daily_sales')
    await table()
    await waitFor(() => expect(document.title).toBe('Search results for “daily_sales” | costlens'))
  })
})
