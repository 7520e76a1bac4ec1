import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders, signedIn } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import { bucket, quietErrors, stubClusterApi, type ClusterApiAnswers } from './cluster-test-api.tsx'
import ClusterOverviewPage from './overview-page.tsx'
import { findSettledTable } from '../../../test/page-queries.ts'

vi.mock('../../components/charts/load-highcharts.tsx', async () =>
  (await import('./cluster-test-api.tsx')).mockChartsFactory(),
)

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const HOUR = 3_600_000

function render(route = '/clusters/overview', answers: ClusterApiAnswers = {}, user = testUser()) {
  const api = stubClusterApi(answers)
  const view = renderWithProviders(<ClusterOverviewPage />, { preloadedState: signedIn(user), route })
  return { ...api, ...view }
}

/** The KPI row as "label: value" pairs, in order. */
function kpiTexts(): string[] {
  const row = screen.getByLabelText('Cluster KPIs')
  return [...row.querySelectorAll('[data-kpi]')].map(
    (tile) => `${tile.querySelector('dt')!.textContent}: ${tile.querySelector('dd')!.textContent}`,
  )
}

// A whole screen of charts, tables and selects per test: jsdom needs more than the default 5 s
// when the suite runs in parallel.
describe('/clusters/overview', { timeout: 20_000 }, () => {
  it('B087 B091 opens on all clusters over the last hour at 2-minute points, with the resource KPIs and charts', async () => {
    const { calls } = render()
    await waitFor(() => expect(kpiTexts()).toContain('Nodes: 5'))
    expect(kpiTexts()).toEqual(
      expect.arrayContaining([
        'Available vcores: 70',
        'Available memory: 6.00 GB',
        'Running now: 7',
        'Success: 40',
      ]),
    )
    const cpu = calls(/\/resources\/cpu\/allocated$/).at(-1)!
    expect(cpu.pathname).toBe('/api/v1/clusters/*/resources/cpu/allocated')
    expect(cpu.searchParams.get('interval')).toBe('2m')
    expect(Number(cpu.searchParams.get('end_time')) - Number(cpu.searchParams.get('start_time'))).toBe(HOUR)
    expect(
      await screen.findByRole('img', {
        name: /^VCores allocated vs total: Allocated \(2\), Allocated range \(2\), Total \(2\)$/,
      }),
    ).toBeInTheDocument()
    // Only the node states that happened are drawn.
    expect(screen.getByRole('img', { name: 'Nodes: In service (2), UNHEALTHY (2)' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Date range: Last 1 Hour' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Cluster' })).toHaveValue('All clusters')
  })

  it('B185 shows running and success even at 0, and failed, killed and inefficient only above 0; no alerts KPI', async () => {
    render('/clusters/overview', {
      jobs: {
        bystatus: [bucket('running', 0), bucket('pending', 1)],
        'finished/bystatus': [bucket('success', 0), bucket('failed', 0), bucket('killed', 2)],
        byinefficiency: [],
        'finished/byinefficiency': [],
      },
    })
    await waitFor(() => expect(kpiTexts()).toContain('Killed: 2'))
    const labels = kpiTexts().map((t) => t.split(':')[0])
    expect(labels).toEqual([
      'Nodes',
      'Available vcores',
      'Available memory',
      'Running now',
      'Success',
      'Killed',
    ])
    expect(kpiTexts()).toEqual(expect.arrayContaining(['Running now: 0', 'Success: 0']))
    expect(screen.queryByText('Failed')).toBeNull()
    expect(screen.queryByText('Inefficient events')).toBeNull()
    expect(screen.queryByText('Auto-action alerts')).toBeNull()
  })

  it('issue 15: the job KPIs say what they count: running now, finished in range, inefficient events', async () => {
    render('/clusters/overview', {
      jobs: {
        bystatus: [bucket('running', 3)],
        'finished/bystatus': [bucket('success', 5), bucket('failed', 1), bucket('killed', 0)],
        byinefficiency: [bucket('Data Skew', 2)],
        'finished/byinefficiency': [],
      },
    })
    await waitFor(() => expect(kpiTexts()).toContain('Running now: 3'))
    const hint = (key: string) =>
      screen.getByLabelText('Cluster KPIs').querySelector(`[data-kpi="${key}"] dd:nth-of-type(2)`)
        ?.textContent
    expect(hint('success')).toBe('finished in range')
    expect(hint('failed')).toBe('finished in range')
    expect(hint('inefficient')).toBe('of jobs running now or finished in range')
  })

  it('B185 shows the auto-action alerts of the window once there are any', async () => {
    const hit = (n: number) => ({
      _source: { eventName: 'Long-running app over 4 hours', eventTime: n },
      sort: [n],
    })
    const { calls } = render('/clusters/overview', { violations: [hit(3), hit(2), hit(1)] })
    await waitFor(() => expect(kpiTexts()).toContain('Auto-action alerts: 3'))
    // B185's order: after the job KPIs that show.
    expect(kpiTexts().at(-1)).toBe('Auto-action alerts: 3')
    const call = calls(/\/autoactions\/recent_violations$/).at(-1)!
    expect(Number(call.searchParams.get('end_time')) - Number(call.searchParams.get('start_time'))).toBe(HOUR)
    expect(call.searchParams.get('clusterUid')).toBe('*')
    expect(call.searchParams.get('limit')).toBe('1000')
  })

  it('reads cluster and range from the address, sends them, and writes a new choice back without navigating', async () => {
    const { calls, user, router } = render('/clusters/overview?clusterUid=cdh-prod-01&dateRangeLabel=6_h')
    await waitFor(() => expect(calls(/\/nodes$/).length).toBeGreaterThan(0))
    const nodes = calls(/\/nodes$/).at(-1)!
    expect(nodes.pathname).toBe('/api/v1/clusters/cdh-prod-01/nodes')
    // B091: 15-minute points over 6 hours.
    expect(nodes.searchParams.get('interval')).toBe('15m')
    expect(Number(nodes.searchParams.get('end_time')) - Number(nodes.searchParams.get('start_time'))).toBe(
      6 * HOUR,
    )
    expect(await screen.findByRole('combobox', { name: 'Cluster' })).toHaveValue('Production CDH')
    expect(screen.getByText(/job counts are the selected cluster's/)).toBeInTheDocument()
    // The job counts are the selected cluster's too.
    await waitFor(() => expect(calls(/\/jobs\/bystatus$/).length).toBeGreaterThan(0))
    expect(
      calls(/\/jobs\/bystatus$/)
        .at(-1)!
        .searchParams.get('clusterUid'),
    ).toBe('cdh-prod-01')

    await user.click(screen.getByRole('button', { name: 'Date range: Last 6 Hours' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Last 12 Hours' }))
    await waitFor(() =>
      expect(router.state.location.search).toBe('?clusterUid=cdh-prod-01&dateRangeLabel=12_h'),
    )
    expect(router.state.historyAction).toBe('REPLACE')
    await waitFor(() =>
      expect(
        calls(/\/nodes$/)
          .at(-1)!
          .searchParams.get('interval'),
      ).toBe('30m'),
    )

    await user.click(screen.getByRole('combobox', { name: 'Cluster' }))
    await user.click(await screen.findByRole('option', { name: 'All clusters' }))
    await waitFor(() => expect(router.state.location.search).toBe('?dateRangeLabel=12_h'))
    await waitFor(() => expect(calls(/\/nodes$/).at(-1)!.pathname).toBe('/api/v1/clusters/*/nodes'))
  })

  it('switches the breakdown between application type, user and queue, and the jobs between running and finished', async () => {
    const { user, router, calls } = render('/clusters/overview', {
      stats: (finished) =>
        finished ? { applicationType: [{ key: 'HIVE', doc_count: 9 }], user: [], queue: [] } : undefined,
    })
    const table = () => findSettledTable({ name: /^Jobs running now per/ })
    expect(within(await table()).getAllByRole('row')[1]).toHaveTextContent('Spark')
    expect(
      screen.getByRole('img', { name: 'Jobs running now by application type: Jobs (2)' }),
    ).toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: 'User' }))
    await waitFor(() => expect(router.state.location.search).toBe('?breakdown=user'))
    const users = await findSettledTable({ name: 'Jobs running now per user' })
    expect(within(users).getAllByRole('row')[1]).toHaveTextContent('etl_svc')

    await user.click(screen.getByRole('radio', { name: 'Queue' }))
    const queues = await findSettledTable({ name: 'Jobs running now per queue' })
    expect(within(queues).getByRole('columnheader', { name: /Max capacity/ })).toBeInTheDocument()
    expect(within(queues).getAllByRole('row')[1]).toHaveTextContent('60.0%')
    // An idle queue is in the table but not drawn.
    expect(within(queues).getByText('root.adhoc')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Jobs running now by queue: Jobs (1)' })).toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: 'Application type' }))
    await user.click(screen.getByRole('radio', { name: 'Finished in range' }))
    await waitFor(() => expect(router.state.location.search).toBe('?jobs=finished'))
    await waitFor(() =>
      expect(calls(/\/tagged\/stats$/).some((u) => u.searchParams.get('final_status') === 'true')).toBe(true),
    )
    const finished = await findSettledTable({
      name: 'Jobs finished in the range per application type',
    })
    await waitFor(() => expect(within(finished).getAllByRole('row')[1]).toHaveTextContent('Hive'))
    expect(
      screen.getByRole('table', { name: 'Jobs finished in the range by status table' }),
    ).toHaveTextContent('success40')
  })

  it('issue 15 #18 shows each failed call as its error with a retry, never zeros or No Data Available', async () => {
    const warn = quietErrors()
    const { user } = render('/clusters/overview', { failing: true })
    await waitFor(() => expect(warn).toHaveBeenCalled())
    const kpis = await screen.findByRole('alert', { name: /Cluster KPIs could not be loaded/ })
    expect(kpis).toHaveTextContent('boom')
    expect(screen.queryByLabelText('Cluster KPIs')).toBeNull()
    for (const name of [
      'VCores allocated vs total',
      'Memory allocated vs total',
      'Nodes',
      'Jobs running now by status',
      'Jobs running now by type',
      'Inefficiency events of jobs running now',
      'Jobs running now by application type',
    ])
      expect(await screen.findByRole('alert', { name: `${name} could not be loaded` })).toBeInTheDocument()
    expect(screen.queryByText('No Data Available')).toBeNull()
    expect(screen.queryByText(/^0$/)).toBeNull()
    expect(screen.queryByRole('status')).toBeNull()
    // No toast: the failure shows where the data would be (C25).
    const retries = screen.getAllByRole('button', { name: 'Retry' })
    expect(retries.length).toBe(8)
    await user.click(within(kpis).getByRole('button', { name: 'Retry' }))
  })

  it('B053 shows a frozen Yarn cluster fixed, not offered', async () => {
    const { calls } = render(
      '/clusters/overview?clusterUid=cdh-dev-01',
      {},
      testUser({ frozenYarnCluster: 'cdh-prod-01' }),
    )
    expect(screen.getByRole('textbox', { name: 'Cluster' })).toHaveValue('cdh-prod-01')
    expect(screen.queryByRole('combobox', { name: 'Cluster' })).toBeNull()
    await waitFor(() => expect(calls(/\/nodes$/).at(-1)!.pathname).toBe('/api/v1/clusters/cdh-prod-01/nodes'))
  })
})
