import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  databricksCostEndpoints,
  databricksInsightsEndpoints,
  databricksRunsEndpoints,
  type DatabricksCostTrends,
  type DatabricksJobRow,
  type DatabricksRunRow,
} from '@costlens/shared'
import { renderPage, stubEndpoint, stubError, tableRows } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import DatabricksHomePage from './home-page.tsx'
import { changePercent, homeWindow, readHomePeriod, trendsHref } from './home-state.ts'
import { findSettledTable } from '../../../test/page-queries.ts'

const NOW = Date.parse('2026-11-26T12:00:00Z')
const DAY = 86_400_000

/** The trends call: the period's workspaces or users; the week before (gte 2026-11-13) $ 800 in all. */
function trends(request: Request): DatabricksCostTrends {
  const q = new URL(request.url).searchParams
  const from = Date.parse(`${q.get('gte')}T00:00:00Z`)
  const before = q.get('gte') === '2026-11-13'
  const names =
    q.get('type') === 'userName' ? ['alice@acme.example', 'etl-sp'] : ['acme-prod-aws', 'acme-dev-azure']
  const totals = before ? [500, 300] : [600, 400]
  return {
    unit: 'USD',
    granularity: 'daily',
    type: (q.get('type') ?? 'workspaces') as 'workspaces',
    from,
    to: NOW,
    buckets: [from],
    series: names.map((key, i) => ({ key, label: key, total: totals[i]!, points: [[from, totals[i]!]] })),
    total: before ? 800 : 1000,
    values: names,
  }
}

const job = (n: number): DatabricksJobRow => ({
  jobId: String(100 + n),
  jobName: `job_${n}`,
  status: 'S',
  workSpace: 'acme-prod-aws',
  workspaceId: '4051729395532381',
  user: 'etl-sp',
  startTime: NOW - n * 3_600_000,
  runCount: 3,
  duration: 3_600_000,
  dbuCost: 10,
  cents: 500,
  dbus: 50,
  totalCost: 100 - n,
  schedule: null,
  computeKind: 'db_job_cluster',
  latestRunKey: `4051729395532381_${100 + n}_1`,
})

const run = (n: number): DatabricksRunRow => ({
  id: `4051729395532381_101_${9000 + n}`,
  status: 'F',
  status_long: 'TERMINATED/FAILED',
  user: 'alice@acme.example',
  raw_user: 'alice@acme.example',
  name: 'daily_ingest',
  runName: 'daily_ingest',
  runId: String(9000 + n),
  jobId: '101',
  startTime: NOW - n * 3_600_000,
  finishedTime: NOW - n * 3_600_000 + 600_000,
  setupDuration: 60_000,
  duration: 600_000,
  clusterId: 'c1',
  clusterUid: 'c1',
  clusterType: 'db_job_cluster',
  queue: 'acme-prod-aws',
  workspaceId: '4051729395532381',
  dbus: 1,
  cost: 0.15,
  total_cost: 0.3,
  cents: 15,
  costIsActual: true,
  insights: [],
})

const STUBS = [
  stubEndpoint(databricksCostEndpoints.costTrends, trends),
  stubEndpoint(databricksRunsEndpoints.jobs, { results: [job(1), job(2)], totalRecords: 12 }),
  stubEndpoint(databricksRunsEndpoints.runs, {
    results: [run(1), run(2)],
    metadata: { totalRecords: 4, duration: { min: 0, max: 1 }, cost: { min: 0, max: 1 }, appEvents: [] },
  }),
  stubEndpoint(databricksInsightsEndpoints.realizedSavingsSummary, {
    startTime: NOW - 7 * 86_400_000,
    endTime: NOW,
    currency: 'USD',
    totalCost: 5382.4,
    untappedSavings: 612.5,
    realizedCostSavings: 128.25,
    actionsOpen: 14,
    actionsDone: 3,
  }),
]

const render = (route = '/home', plan: 'enterprise' | 'freemium' = 'enterprise', stubs = STUBS) =>
  renderPage(<DatabricksHomePage />, {
    route,
    user: testUser({ clusterType: 'DB', role: plan === 'freemium' ? 'user' : 'admin', plan }),
    stubs,
  })

const spend = () =>
  within(screen.getByRole('region', { name: 'Spend' }))
    .getAllByRole('listitem')
    .map((k) => k.textContent)

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the Databricks home period (table-driven)', () => {
  it.each([
    ['', false, 7],
    ['?days=30', false, 30],
    ['?days=90', false, 7],
    ['?days=30', true, 7],
  ] as const)('address %s, free plan %s → %i days', (search, freemium, days) => {
    expect(readHomePeriod(search, freemium)).toBe(days)
  })

  it.each([
    [7, { gte: '2026-11-20', lte: '2026-11-26' }, { gte: '2026-11-13', lte: '2026-11-19' }],
    [30, { gte: '2026-10-28', lte: '2026-11-26' }, { gte: '2026-09-28', lte: '2026-10-27' }],
  ] as const)('%i days: the UTC days to today and as many before', (days, now, before) => {
    const w = homeWindow(days, NOW)
    expect({ gte: w.gte, lte: w.lte }).toEqual(now)
    expect(w.previous).toEqual(before)
    expect(w.start).toBe(Date.parse(`${now.gte}T00:00:00Z`))
    expect(w.end).toBe(NOW)
    expect(w.end - w.start).toBeLessThanOrEqual(days * DAY)
  })

  it.each([
    [1000, 800, 25],
    [600, 800, -25],
    [5, 0, null],
  ])('%d against %d → %s %', (current, previous, change) => {
    expect(changePercent(current, previous)).toBe(change)
  })
})

describe('/home for Databricks (R178, the DB landing)', () => {
  it('shows the spend against the week before, the top workspaces, users and jobs, and the failed runs, each linking to its page', async () => {
    const { queries, bodies } = render()
    await waitFor(() => expect(spend()[0]).toContain('$ 1,000.00'))
    await waitFor(() => expect(spend()[0]).toContain('▲ +25.00% vs $ 800.00 the 7 days before'))
    expect(spend()[0]).toContain('Cost, last 7 days (USD)')
    await waitFor(() => expect(spend()[2]).toBe('Jobs run, last 7 days12'))
    expect(spend()[3]).toBe('Failed runs, last 7 days4')

    const trendCalls = queries(databricksCostEndpoints.costTrends).map((q) => Object.fromEntries(q))
    expect(trendCalls).toEqual(
      expect.arrayContaining([
        { gte: '2026-11-20', lte: '2026-11-26', type: 'workspaces', unit: 'USD', granularity: 'daily' },
        { gte: '2026-11-20', lte: '2026-11-26', type: 'userName', unit: 'USD', granularity: 'daily' },
        { gte: '2026-11-13', lte: '2026-11-19', type: 'workspaces', unit: 'USD', granularity: 'daily' },
      ]),
    )
    const start = Date.parse('2026-11-20T00:00:00Z')
    expect(bodies(databricksRunsEndpoints.jobs)[0]).toEqual({
      start_time: start,
      end_time: NOW,
      from: 0,
      size: 5,
      sort: 'totalCost',
      order: 'desc',
    })
    expect(bodies(databricksRunsEndpoints.runs)[0]).toMatchObject({
      appStatus: ['F'],
      start_time: start,
      end_time: NOW,
      sort: [{ startTime: { order: 'desc' } }],
    })

    const w = homeWindow(7, NOW)
    const workspaces = await tableRows('Top workspaces by cost, last 7 days')
    expect(workspaces[0]).toHaveTextContent('acme-prod-aws$ 600.0060.00%')
    expect(within(workspaces[0]!).getByRole('link')).toHaveAttribute(
      'href',
      trendsHref(w, 'workspaces', 'acme-prod-aws'),
    )
    const users = await tableRows('Top users by cost, last 7 days')
    expect(within(users[0]!).getByRole('link')).toHaveAttribute(
      'href',
      '/cost_explorer/trends?gte=2026-11-20&lte=2026-11-26&unit=USD&granularity=daily&type=userName&item=alice%40acme.example&selected=1',
    )
    const jobs = await tableRows('Top jobs by cost, last 7 days')
    expect(jobs[0]).toHaveTextContent('job_1')
    expect(jobs[0]).toHaveTextContent('$ 99.00')
    expect(within(jobs[0]!).getByRole('link', { name: 'job_1' })).toHaveAttribute(
      'href',
      `/jobs/runs?jobIds=101&start_date=${start}&end_date=${NOW}`,
    )
    const failed = await tableRows('Recent failed runs, last 7 days')
    expect(failed).toHaveLength(2)
    expect(within(failed[0]!).getByRole('link', { name: 'daily_ingest #9001' })).toHaveAttribute(
      'href',
      '/app/application/db?execId=4051729395532381_101_9001',
    )
    expect(screen.getByRole('link', { name: 'All failed runs' })).toHaveAttribute(
      'href',
      `/jobs/runs?status=F&start_date=${start}&end_date=${NOW}`,
    )
    // E054: the savings of the same window, each with its share of the cost.
    const savings = within(screen.getByRole('region', { name: 'Savings' }))
    expect(await savings.findByText('$ 612.50')).toBeInTheDocument()
    expect(savings.getByText('$ 128.25')).toBeInTheDocument()
    expect(Object.fromEntries(queries(databricksInsightsEndpoints.realizedSavingsSummary)[0]!)).toMatchObject(
      {
        endTime: String(NOW),
      },
    )
  })

  it('the last 30 days from the picker: every call asks for 30 days, kept in the address', async () => {
    const { user, queries, router } = render()
    await screen.findByRole('region', { name: 'Spend' })
    vi.useRealTimers()
    await user.click(screen.getByRole('radio', { name: 'Last 30 days' }))
    await waitFor(() => expect(router.state.location.search).toBe('?days=30'))
    await waitFor(() =>
      expect(queries(databricksCostEndpoints.costTrends).map((q) => q.get('gte'))).toContain('2026-10-28'),
    )
    expect(await findSettledTable({ name: 'Top jobs by cost, last 30 days' })).toBeInTheDocument()
  })

  it('the free plan: 7 days only, the 30 days locked, no period before asked for', async () => {
    const { queries } = render('/home?days=30', 'freemium')
    await waitFor(() => expect(spend()[0]).toContain('$ 1,000.00'))
    expect(spend()[0]).toContain('The free plan keeps 7 days')
    expect(screen.getByRole('radio', { name: 'Last 30 days (upgrade)' })).toBeDisabled()
    expect(screen.getByRole('radio', { name: 'Last 7 days' })).toBeChecked()
    expect(queries(databricksCostEndpoints.costTrends).map((q) => q.get('gte'))).not.toContain('2026-11-13')
  })

  it('a failed call fails its own panel with a retry; the others still show', async () => {
    render('/home', 'enterprise', [
      stubError(databricksRunsEndpoints.runs, 500, 'Internal Server Error'),
      ...STUBS,
    ])
    expect(await screen.findByText('The failed runs could not be loaded')).toBeInTheDocument()
    await waitFor(() => expect(spend()[3]).toContain('--'))
    expect(await tableRows('Top jobs by cost, last 7 days')).toHaveLength(2)
  })
})
