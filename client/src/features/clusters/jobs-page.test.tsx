import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders, signedIn } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import { jobCountAnswer, quietErrors, stubClusterApi, type ClusterApiAnswers } from './cluster-test-api.tsx'
import ClusterJobsPage from './jobs-page.tsx'
import { findSettledTable } from '../../../test/page-queries.ts'

vi.mock('../../components/charts/load-highcharts.tsx', async () =>
  (await import('./cluster-test-api.tsx')).mockChartsFactory(),
)

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const HOUR = 3_600_000
const T = Date.parse('2026-11-23T11:00:00Z')
const DATES = [T, T + 300_000, T + 600_000]

/** A jobs/count answer per grouping: states, or twelve users (more than the chart stacks). */
function byGroup(params: URLSearchParams) {
  if (params.get('groupBy') === 'user')
    return jobCountAnswer(
      DATES,
      Object.fromEntries(
        Array.from({ length: 12 }, (_, i) => [`user${String(i).padStart(2, '0')}`, [12 - i, 1, 1]]),
      ),
    )
  return jobCountAnswer(DATES, { RUNNING: [3, 4, 2], SUCCESS: [1, 6, 0], FAILED: [0, 1, 0] })
}

function render(route = '/clusters/jobs', answers: ClusterApiAnswers = { jobCount: byGroup }) {
  const api = stubClusterApi(answers)
  const view = renderWithProviders(<ClusterJobsPage />, { preloadedState: signedIn(testUser()), route })
  const counts = () => api.calls(/\/jobs\/count$/).map((u) => u.searchParams)
  return { ...api, ...view, counts }
}

// A whole screen of charts, tables and selects per test: jsdom needs more than the default 5 s
// when the suite runs in parallel.
describe('/clusters/jobs', { timeout: 20_000 }, () => {
  it('E027 B087 B092 counts the jobs of all clusters over the last hour by state, at the nearest interval jobs/count serves', async () => {
    const { counts } = render()
    const table = await findSettledTable({ name: 'Jobs by state' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4))
    const sent = counts().at(-1)!
    expect(Object.fromEntries(sent)).toMatchObject({ groupBy: 'state', interval: '5m', clusterName: '*' })
    expect(Number(sent.get('end_time')) - Number(sent.get('start_time'))).toBe(HOUR)
    expect(
      screen.getByRole('img', { name: 'Jobs per interval by state: running (3), success (3), failed (3)' }),
    ).toBeInTheDocument()
    // Peak, average and latest per state; the table opens sorted by peak, highest first.
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/^success62.30$/)
    expect(screen.getByRole('combobox', { name: 'Interval' })).toHaveValue('5 mins')
  })

  it('groups by user, stacking the values past the tenth as Other, and keeps the grouping in the address', async () => {
    const { user, router, counts } = render()
    await findSettledTable({ name: 'Jobs by state' })
    await user.click(screen.getByRole('radio', { name: 'User' }))
    await waitFor(() => expect(router.state.location.search).toBe('?groupBy=user'))
    expect(router.state.historyAction).toBe('REPLACE')
    await waitFor(() => expect(counts().at(-1)!.get('groupBy')).toBe('user'))
    const chart = await screen.findByRole('img', { name: /^Jobs per interval by user: / })
    expect(chart.getAttribute('aria-label')).toMatch(/user08 \(3\), Other \(3\)$/)
    const table = screen.getByRole('table', { name: 'Jobs by user' })
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('user00'))
  })

  it('B093 a picked interval is kept in the address; B092 a new range takes its own again', async () => {
    const { user, router, counts } = render('/clusters/jobs?clusterUid=cdh-prod-01')
    await findSettledTable({ name: 'Jobs by state' })
    expect(counts().at(-1)!.get('clusterName')).toBe('cdh-prod-01')
    await user.click(screen.getByRole('combobox', { name: 'Interval' }))
    expect(screen.queryByRole('option', { name: '2 mins' })).toBeNull()
    await user.click(await screen.findByRole('option', { name: 'Hourly' }))
    await waitFor(() => expect(router.state.location.search).toBe('?clusterUid=cdh-prod-01&interval=1h'))
    await waitFor(() => expect(counts().at(-1)!.get('interval')).toBe('1h'))

    await user.click(screen.getByRole('button', { name: 'Date range: Last 1 Hour' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Last 90 Days' }))
    await waitFor(() =>
      expect(router.state.location.search).toBe('?clusterUid=cdh-prod-01&dateRangeLabel=90_d'),
    )
    await waitFor(() => expect(counts().at(-1)!.get('interval')).toBe('1d'))
    // Over 90 days the fine intervals would make more than 2,000 buckets.
    await user.click(screen.getByRole('combobox', { name: 'Interval' }))
    expect(await screen.findByRole('option', { name: '5 mins' })).toHaveAttribute(
      'data-combobox-disabled',
      'true',
    )
  })

  it('issue 15 #18 shows the failure with a retry, not an empty chart and table, when jobs/count fails', async () => {
    const warn = quietErrors()
    render('/clusters/jobs', { failing: true })
    await waitFor(() => expect(warn).toHaveBeenCalled())
    expect(
      await screen.findByRole('alert', { name: 'Jobs per interval by state could not be loaded' }),
    ).toHaveTextContent('boom')
    expect(
      await screen.findByRole('alert', { name: 'Jobs by state could not be loaded' }),
    ).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(2)
    expect(screen.queryByText('No Data Available')).toBeNull()
  })
})
