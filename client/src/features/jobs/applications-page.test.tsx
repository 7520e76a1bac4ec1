import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { UnifiedSearchBody, UnifiedSearchResponse } from '@costlens/shared'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import { testAppRecord as app } from '../../../test/apps.ts'
import ApplicationsPage from './applications-page.tsx'
import { makeStore, type AppStore } from '../../app/store.ts'
import { prefetchScreenAt } from '../../app/screens.ts'
import { USER_KEY } from '../../app/session-storage.ts'
import { findSettledTable } from '../../../test/page-queries.ts'

afterEach(() => vi.unstubAllGlobals())

const page: UnifiedSearchResponse = {
  results: [
    app(1),
    app(2, { status: 'F', user: 'airflow', insights: ['Application Failure'], numEvents: 1 }),
  ],
  metadata: {
    totalRecords: 42,
    duration: { min: 1000, max: 3_600_000 },
    cost: { min: 0, max: 25 },
    events: { min: 0, max: 3 },
    appEvents: [{ name: 'Data Skew', count: 7 }],
    clusters: { 'cdh-prod-01': 42 },
  },
}

interface Failures {
  /** Answers of the tags call in turn; the last repeats. */
  tags?: Response[]
  search?: Response[]
}

function render(
  route: string,
  user = testUser({ role: 'admin' }),
  store?: AppStore,
  failures: Failures = {},
) {
  const api = stubPageApi(failures)
  const view = renderWithProviders(<ApplicationsPage />, { preloadedState: signedIn(user), route, store })
  return { ...api, ...view }
}

/** The list's calls, answered; the unified-search bodies asked for are kept in order. */
function stubPageApi(failures: Failures = {}) {
  const bodies: UnifiedSearchBody[] = []
  const next = (answers: Response[] | undefined, fallback: () => Response) =>
    answers?.length ? (answers.length > 1 ? answers.shift()! : answers[0]!.clone()) : fallback()
  const api = stubApi(
    on('POST', '/api/v1/apps/unifiedsearch', async (request) => {
      bodies.push((await request.json()) as UnifiedSearchBody)
      return next(failures.search, () => json(page))
    }),
    on('GET', '/api/v1/reports/data/get_all_users_queues', () =>
      json({ users: ['airflow', 'etl_svc'], queues: ['root.adhoc', 'root.etl'] }),
    ),
    on('GET', '/api/v1/search/tags', () =>
      next(failures.tags, () => json([{ key: 'env', values: ['prod', 'dev'] }])),
    ),
    on('GET', '/api/v1/cluster_search', () => json([])),
  )
  return { ...api, bodies }
}

const table = () => findSettledTable({ name: /applications$/ })

describe('/jobs/applications on a page load', () => {
  afterEach(() => {
    localStorage.clear()
    window.history.replaceState(null, '', '/')
  })

  it('issue 18: the first calls, started beside the token check, are the ones the page makes: each asked once', async () => {
    const user = testUser({ role: 'admin' })
    const address = '/jobs/applications?appListType=finished&dateRangeLabel=24_h'
    // A page load of the address with the user of the last sign-in stored (main.tsx).
    window.history.replaceState(null, '', address)
    localStorage.setItem(USER_KEY, JSON.stringify(user))
    const store = makeStore(signedIn(user))
    const { bodies, requests } = stubPageApi()
    await prefetchScreenAt(window.location, store.dispatch)
    await waitFor(() => expect(bodies).toHaveLength(1))
    renderWithProviders(<ApplicationsPage />, { route: address, store })
    expect(await within(await table()).findAllByRole('row')).toHaveLength(3)
    expect(screen.getByText('Finished in range: 42')).toBeInTheDocument()
    // The page built the same requests from the same clock: nothing asked a second time.
    const asked = (path: string) => requests.filter((r) => new URL(r.url).pathname === path).length
    expect(bodies).toHaveLength(1)
    expect(bodies[0]!.appStatus).toEqual(['S', 'F', 'K'])
    expect(asked('/api/v1/search/tags')).toBe(1)
    expect(asked('/api/v1/reports/data/get_all_users_queues')).toBe(1)
  })

  it('starts nothing without a stored user, or at the address of another screen', async () => {
    const store = makeStore()
    const { requests } = stubPageApi()
    window.history.replaceState(null, '', '/jobs/applications')
    await prefetchScreenAt(window.location, store.dispatch)
    localStorage.setItem(USER_KEY, JSON.stringify(testUser({ role: 'admin' })))
    window.history.replaceState(null, '', '/data/tables')
    await prefetchScreenAt(window.location, store.dispatch)
    expect(requests).toHaveLength(0)
  })
})

// A whole screen per test: jsdom needs more than the default 5 s on a busy machine.
describe('/jobs/applications', { timeout: 20_000 }, () => {
  it('issue 15 #18 a 500 on search/tags keeps the list and turns the tag filter into its error with a retry', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { requests, user } = render('/jobs/applications', undefined, undefined, {
      tags: [
        json({ message: 'Internal Server Error' }, 500),
        json([{ key: 'env', values: ['prod', 'dev'] }]),
      ],
    })
    // The page is still there, with its list (before: 'Something went wrong. e.filter is not a function').
    const list = await table()
    await waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(3))
    const filters = screen.getByRole('complementary', { name: 'Filters' })
    const alert = await within(filters).findByRole('alert')
    expect(alert).toHaveTextContent('Tags could not be loaded')
    expect(alert).toHaveTextContent('Internal Server Error')
    expect(screen.queryByText(/Something went wrong/)).toBeNull()
    const tagCalls = () => requests.filter((r) => new URL(r.url).pathname === '/api/v1/search/tags').length
    const before = tagCalls()
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await within(filters).findByRole('checkbox', { name: 'env' })).toBeInTheDocument()
    expect(tagCalls()).toBe(before + 1)
    expect(within(filters).queryByRole('alert')).toBeNull()
    warn.mockRestore()
  })

  it('issue 15 #18 a 500 on the list shows its error and a retry, not 0 records or an empty list', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { user } = render('/jobs/applications', undefined, undefined, {
      search: [json({}, 500), json(page)],
    })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Applications could not be loaded')
    expect(alert).toHaveTextContent('Internal Server Error')
    expect(screen.queryByText('No Data Available')).toBeNull()
    expect(screen.queryByText('0 records')).toBeNull()
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: /applications$/ })).getAllByRole('row')).toHaveLength(
        3,
      ),
    )
    warn.mockRestore()
  })

  it('lists the page of apps with the total, statuses in words, cost in dollars and bytes in units', async () => {
    render('/jobs/applications')
    const list = await table()
    await waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(3))
    const rows = within(list).getAllByRole('row')
    expect(screen.getByText('42 records')).toBeInTheDocument()
    expect(rows[1]).toHaveTextContent('success')
    expect(rows[1]).toHaveTextContent('$ 12.34')
    expect(rows[1]).toHaveTextContent('3.00 GB')
    expect(rows[2]).toHaveAttribute('data-status', 'error')
    expect(rows[2]).toHaveTextContent('Application Failure')
  })

  it.each([
    ['', 'Started in range: 42'],
    ['?appListType=running', 'Running now: 42'],
    ['?appListType=finished', 'Finished in range: 42'],
    ['?appListType=inefficient', 'Inefficient apps, started in range: 42'],
  ])('issue 15: the total of %s says which figure it counts', async (search, text) => {
    render(`/jobs/applications${search}`)
    expect(await screen.findByText(text)).toBeInTheDocument()
  })

  it('B033 sets its filters from the address and sends them to unifiedsearch', async () => {
    const { bodies } = render(
      '/jobs/applications?appListType=finished&status=F&user=airflow&queue=root.etl&clusterUid=c-7',
    )
    await table()
    await waitFor(() => expect(bodies.length).toBeGreaterThan(0))
    expect(bodies.at(-1)).toMatchObject({
      appStatus: ['F'],
      users: ['airflow'],
      queues: ['root.etl'],
      clusters: ['c-7'],
      queryOnFinishedTime: true,
      sort: [{ finishedTime: { order: 'desc' } }],
    })
    expect(screen.getByRole('tab', { name: 'Finished' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('checkbox', { name: 'failed' })).toBeChecked()
  })

  it('B030 B066 writes a filter to the address without navigating, and a new tab resets the filters', async () => {
    const { user, router, bodies } = render('/jobs/applications?page=2')
    await table()
    await user.click(await screen.findByRole('checkbox', { name: 'root.adhoc' }))
    await waitFor(() => expect(router.state.location.search).toBe('?queue=root.adhoc'))
    expect(router.state.historyAction).toBe('REPLACE')
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ queues: ['root.adhoc'], from: 0 }))
    await user.click(screen.getByRole('tab', { name: 'Running' }))
    await waitFor(() => expect(router.state.location.search).toBe('?appListType=running'))
    expect(bodies.at(-1)).toMatchObject({ appStatus: ['R'] })
    expect(bodies.at(-1)).not.toHaveProperty('start_time')
  })

  it('B102 B099 sorts and pages on the server', async () => {
    const { user, router, bodies } = render('/jobs/applications')
    await table()
    await user.click(within(screen.getByRole('columnheader', { name: /User/ })).getByRole('button'))
    await waitFor(() => expect(router.state.location.search).toBe('?s=user-asc'))
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({ from: 15, size: 15, sort: [{ user: { order: 'asc' } }] }),
    )
  })

  it('B058 B059 B060 a freemium user sees the inefficient tab, downloads, tags and cost sort locked', async () => {
    render('/jobs/applications', testUser({ plan: 'freemium' }))
    await table()
    expect(screen.getByRole('tab', { name: /Inefficient/ })).toBeDisabled()
    expect(screen.getByRole('button', { name: /Download All applications \(.*Upgrade/ })).toBeInTheDocument()
    expect(within(screen.getByRole('columnheader', { name: /^Cost/ })).queryByRole('button')).toBeNull()
  })

  it('issue 22: downloads every filtered row, ids in their own column, in a file named after the list, window and filter', async () => {
    const saved: { name: string; blob: Blob }[] = []
    const blobs = new Map<string, Blob>()
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.set(`blob:${blobs.size}`, blob as Blob)
      return `blob:${blobs.size - 1}`
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.href)! })
    })
    const day = 86_400_000
    const end = Math.floor(Date.now() / day) * day - 1
    const start = end + 1 - 7 * day
    const { user, bodies } = render(
      `/jobs/applications?appListType=finished&status=F&start_date=${start}&end_date=${end}`,
    )
    await waitFor(async () => expect(within(await table()).getAllByRole('row')).toHaveLength(3))
    await user.click(screen.getByRole('button', { name: 'Download Finished applications' }))
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    // One request for every filtered row (42 here), not the page shown.
    expect(bodies.at(-1)).toMatchObject({ appStatus: ['F'], from: 0, size: 42 })
    const days = (ms: number) => new Date(ms).toISOString().slice(0, 10)
    expect(saved[0]!.name).toBe(`applications_finished_${days(start)}_${days(end)}_filtered.csv`)
    const [headings, ...lines] = (await saved[0]!.blob.text())
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','))
    const id = headings!.indexOf('App ID')
    expect(headings!.slice(id, id + 2)).toEqual(['App ID', 'App Name'])
    expect(headings).toContain('Duration (s)')
    expect(lines.map((l) => l[id])).toEqual(page.results.map((r) => r.id))
    vi.restoreAllMocks()
  })

  it('B184 shows the list as it was left when the user comes back with no query, but not over a link with one', async () => {
    const store = makeStore(signedIn(testUser({ role: 'admin' })))
    const first = render('/jobs/applications', undefined, store)
    await table()
    await first.user.click(screen.getByRole('tab', { name: 'Finished' }))
    await first.user.click(await screen.findByRole('checkbox', { name: 'root.adhoc' }))
    await waitFor(() =>
      expect(first.router.state.location.search).toBe('?appListType=finished&queue=root.adhoc'),
    )
    first.unmount()

    const back = render('/jobs/applications', undefined, store)
    await waitFor(() =>
      expect(back.router.state.location.search).toBe('?appListType=finished&queue=root.adhoc'),
    )
    expect(await screen.findByRole('tab', { name: 'Finished' })).toHaveAttribute('aria-selected', 'true')
    back.unmount()

    const link = render('/jobs/applications?user=airflow', undefined, store)
    await table()
    expect(link.router.state.location.search).toBe('?user=airflow')
  })
})
