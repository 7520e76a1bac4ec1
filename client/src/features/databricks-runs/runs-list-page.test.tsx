import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { databricksRunsEndpoints as calls, type DatabricksRunCost } from '@costlens/shared'
import { renderPage, stubEndpoint, tableRows } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import RunsListPage from './runs-list-page.tsx'
import { testRunRow, testRunSearch } from './databricks-test-data.ts'

beforeEach(() => localStorage.clear())

const unbilled = testRunRow(2, {
  status: 'R',
  status_long: 'RUNNING',
  finishedTime: null,
  dbus: 0,
  cost: 0,
  total_cost: 0,
  cents: 0,
  costIsActual: false,
})
const rows = [testRunRow(1), unbilled, testRunRow(3, { status: 'F', status_long: 'TERMINATED/FAILED' })]
const actual: DatabricksRunCost = { cost: 4.25, dbu: { cost: 2.5, dbus: 16.67 }, cents: 175, final: false }

function render(route: string, plan: 'freemium' | 'enterprise' = 'enterprise') {
  return renderPage(<RunsListPage />, {
    route,
    path: '/jobs/runs',
    user: testUser({ clusterType: 'DB', ...(plan === 'freemium' && { plan }) }),
    stubs: [
      stubEndpoint(calls.runs, testRunSearch(rows, 42)),
      stubEndpoint(calls.jobRuns, testRunSearch([testRunRow(1)], 1)),
      stubEndpoint(calls.runCost, actual),
      stubEndpoint(calls.jobSearch, [
        { jobId: '101', jobName: 'daily_ingest', workspace: 'acme-prod-aws' },
        { jobId: '201', jobName: 'customer_churn_model', workspace: 'acme-analytics-azure' },
      ]),
      stubEndpoint(calls.runFilters, {
        users: [{ name: 'alice@acme.example', count: 40 }],
        queues: [{ name: 'acme-prod-aws', count: 42 }],
        tags: [{ key: 'team', values: [{ value: 'data-eng', count: 12 }] }],
      }),
    ],
  })
}

const CAPTION = 'All Databricks job runs'

describe('/jobs/runs', () => {
  it('R186 lists runs with statuses in words, links to their details, DBUs and cost in USD', async () => {
    render('/jobs/runs')
    await waitFor(async () => expect(await tableRows(CAPTION)).toHaveLength(3))
    const [first, running, failed] = await tableRows(CAPTION)
    expect(first).toHaveTextContent(/success/i)
    expect(first).toHaveTextContent('daily_ingest')
    expect(first).toHaveTextContent('$ 0.87')
    expect(first).toHaveTextContent('$ 1.50')
    expect(within(first!).getByRole('link', { name: '4051729395532381_101_9001' })).toHaveAttribute(
      'href',
      '/app/application/db?execId=4051729395532381_101_9001',
    )
    expect(running).toHaveAttribute('data-status', 'running')
    expect(failed).toHaveTextContent(/failed/i)
  })

  it('B195 a run listed at cost 0 fetches its actual cost once and shows it marked', async () => {
    const page = render('/jobs/runs')
    await waitFor(async () => expect(await tableRows(CAPTION)).toHaveLength(3))
    await waitFor(async () => expect((await tableRows(CAPTION))[1]).toHaveTextContent('$ 4.25*'), {
      timeout: 5_000,
    })
    expect((await tableRows(CAPTION))[1]).toHaveTextContent('$ 2.50*')
    expect((await tableRows(CAPTION))[1]).toHaveTextContent('16.67*')
    // Only the unbilled run asks, and once (both cost cells share the answer).
    expect(page.requests.filter((r) => r.url.includes('/cost')).map((r) => new URL(r.url).pathname)).toEqual([
      '/api/v1/ds/api/v1/databricks/runs/4051729395532381_101_9002/cost',
    ])
  })

  it('02 §9 asks for the all tab of the last 7 days, 15 by start time descending, appTypes db', async () => {
    const page = render('/jobs/runs')
    await waitFor(() => expect(page.bodies(calls.runs).length).toBeGreaterThan(0))
    const body = page.bodies(calls.runs).at(-1)!
    expect(body).toMatchObject({
      appTypes: ['db'],
      appStatus: ['S', 'F', 'K', 'P', 'R', 'U', 'W'],
      from: 0,
      size: 15,
      sort: [{ startTime: { order: 'desc' } }],
    })
    expect(Number(body.end_time) - Number(body.start_time)).toBe(7 * 86_400_000)
  })

  it('the running tab asks for R only and no window', async () => {
    const page = render('/jobs/runs')
    fireEvent.click(await screen.findByRole('tab', { name: 'Running' }))
    await waitFor(() => expect(page.bodies(calls.runs).at(-1)).toMatchObject({ appStatus: ['R'] }))
    expect(page.bodies(calls.runs).at(-1)).not.toHaveProperty('start_time')
    expect(screen.getByText('Every run running now, whatever the date range')).toBeInTheDocument()
  })

  it('B192 exactly one job selected: that job’s own runs call', async () => {
    const page = render('/jobs/runs?jobIds=101')
    await waitFor(() => expect(page.bodies(calls.jobRuns).length).toBeGreaterThan(0))
    expect(
      page.requests.some(
        (r) => new URL(r.url).pathname === '/api/v1/dbworkflows/api/v1/databricks/jobs/101/runs',
      ),
    ).toBe(true)
    expect(page.bodies(calls.runs)).toEqual([])
  })

  it('a page and sort from the address reach the body', async () => {
    const page = render('/jobs/runs?page=3&s=duration-asc')
    await waitFor(() => expect(page.bodies(calls.runs).length).toBeGreaterThan(0))
    expect(page.bodies(calls.runs).at(-1)).toMatchObject({
      from: 30,
      size: 15,
      sort: [{ duration: { order: 'asc' } }],
    })
  })

  it('B059 freemium: a cost sort in the address falls back to start time', async () => {
    const page = render('/jobs/runs?s=total_cost-desc', 'freemium')
    await waitFor(() => expect(page.bodies(calls.runs).length).toBeGreaterThan(0))
    expect(page.bodies(calls.runs).at(-1)).toMatchObject({ sort: [{ startTime: { order: 'desc' } }] })
  })

  it('02 §2 user and workspace filters offer E038’s values with their runs; users, queues and tags reach the body', async () => {
    const page = render('/jobs/runs?users=alice@acme.example&queues=acme-prod-aws&tags=team:data-eng')
    await waitFor(() => expect(page.bodies(calls.runs).length).toBeGreaterThan(0))
    expect(page.bodies(calls.runs).at(-1)).toMatchObject({
      users: ['alice@acme.example'],
      queues: ['acme-prod-aws'],
      appTags: { team: ['data-eng'] },
    })
    const users = await screen.findByRole('group', { name: 'User' })
    await waitFor(() => expect(users).toHaveTextContent('alice@acme.example'))
    expect(await screen.findByRole('group', { name: 'Workspace' })).toHaveTextContent('acme-prod-aws')
  })

  it('B192 the job selector offers E018’s jobs; ticking one asks that job’s runs call', async () => {
    const page = render('/jobs/runs')
    const jobs = await screen.findByRole('group', { name: 'Job' })
    await waitFor(() => expect(jobs).toHaveTextContent('customer_churn_model (acme-analytics-azure)'))
    expect(page.bodies(calls.jobSearch).at(-1)).toEqual({ size: 100 })
    fireEvent.click(within(jobs).getByRole('checkbox', { name: /customer_churn_model/ }))
    await waitFor(() =>
      expect(
        page.requests.some(
          (r) => new URL(r.url).pathname === '/api/v1/dbworkflows/api/v1/databricks/jobs/201/runs',
        ),
      ).toBe(true),
    )
  })
})
