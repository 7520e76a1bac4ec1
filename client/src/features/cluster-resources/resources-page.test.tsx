import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type {
  FinishedAppsResponse,
  ResourceSeriesResponse,
  TaggedAppsResponse,
  TaggedStatsResponse,
} from '@costlens/shared'
import { json, renderWithProviders, signedIn, stubApi, type Handler } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
// jsdom lays nothing out: the helpers give SVG text a size so the charts can draw.
import '../../components/charts/chart-test-helpers.ts'
import ResourcesPage from './resources-page.tsx'
import { findSettledTable } from '../../../test/page-queries.ts'

afterEach(() => vi.unstubAllGlobals())

const T = Date.parse('2026-11-23T10:00:00Z')
const MIN = 60_000
const series: ResourceSeriesResponse = {
  avg: [
    [T, 40],
    [T + 2 * MIN, 60],
  ],
  range: [
    [T, 30, 50],
    [T + 2 * MIN, 55, 70],
  ],
  total: [
    [T, 100],
    [T + 2 * MIN, 100],
  ],
  interval: '2m',
  pointInterval: 2 * MIN,
}
const count = (key: string, doc_count: number) => ({ key, doc_count })
const finishedStats: TaggedStatsResponse = {
  applicationType: [
    count('SPARK', 40),
    count('HIVE', 9),
    count('MAPREDUCE', 7),
    count('TEZ', 5),
    count('PIG', 1),
  ],
  user: [count('etl_svc', 20), count('airflow', 5)],
  queue: [],
}
const runningStats: TaggedStatsResponse = {
  applicationType: [count('TEZ', 4), count('IMPALA', 2)],
  user: [],
  queue: [],
}
const yarnApp = {
  appid: 'application_1_0001',
  name: 'nightly_etl',
  applicationType: 'SPARK',
  kind: 'spark',
  state: 'RUNNING' as const,
  finalStatus: 'UNDEFINED' as const,
  user: 'etl_svc',
  queue: 'root.etl',
  startedTime: T - 30 * MIN,
  finishedTime: null,
  duration: 30 * MIN,
  progress: 42.5,
  allocatedMB: 8192,
  allocatedVCores: 4,
  reservedMB: 0,
  reservedVCores: 0,
  runningContainers: 3,
  memorySeconds: 123_456,
  vcoreSeconds: 7_200,
  clusterId: 'Production CDH',
  clusterUid: 'cdh-prod-01',
}
const running: TaggedAppsResponse = { apps: [yarnApp], total: 1 }
const finished: FinishedAppsResponse<'fapps'> = {
  hits: [
    {
      id: 'application_1_0002',
      name: 'daily_report',
      kind: 'hive',
      status: 'F',
      user: 'airflow',
      queue: 'root.reporting',
      startTime: T - 90 * MIN,
      finishedTime: T - 60 * MIN,
      duration: 30 * MIN,
      clusterUid: 'cdh-prod-01',
      clusterId: 'Production CDH',
      applicationType: 'HIVE',
      state: 'FAILED',
      finalStatus: 'FAILED',
      memorySeconds: 1_048_576,
      vcoreSeconds: 3_600,
    },
  ],
  total: 31,
}

/** Answers every call of the screen by its path; what each asked is kept to assert on. */
function render(route = '/clusters/resources', failing = false) {
  const handler: Handler = (request) => {
    const url = new URL(request.url)
    const path = url.pathname
    if (request.method !== 'GET') return undefined
    if (failing && path !== '/api/v1/cluster_search') return json({ message: 'Internal Server Error' }, 500)
    if (path === '/api/v1/cluster_search')
      return json([
        { unravelId: 'cdh-prod-01', displayName: 'Production CDH', clusterName: 'p', clusterType: 'Yarn' },
      ])
    if (path.endsWith('/resources/tagged/stats'))
      return json(url.searchParams.has('final_status') ? finishedStats : runningStats)
    if (path.endsWith('/resources/tagged/apps')) return json(running)
    if (/\/resources\/tagged\/(cpu|memory)$/.test(path))
      return json({
        groupBy: url.searchParams.get('groupBy'),
        series: (url.searchParams.get('values') ?? '').split(',').map((name, i) => ({
          name,
          data: [[T, i + 1]],
        })),
        interval: '2m',
        pointInterval: 2 * MIN,
      })
    if (/\/resources\/(cpu|memory)\/allocated$/.test(path)) return json(series)
    if (path.endsWith('/nodes'))
      return json({
        active: [[T, 8]],
        series: [{ name: 'LOST', data: [[T, 1]] }],
        nodes: 9,
        nodeType: null,
        nodeVcores: 16,
        nodeMemoryMB: 65536,
        interval: '2m',
        pointInterval: 2 * MIN,
      })
    if (path === '/api/v1/search/ops/fapps') return json(finished)
    return undefined
  }
  const api = stubApi(handler)
  const view = renderWithProviders(<ResourcesPage />, {
    preloadedState: signedIn(testUser({ role: 'admin' })),
    route,
  })
  const calls = (pattern: RegExp) =>
    api.requests.map((r) => new URL(r.url)).filter((u) => pattern.test(u.pathname))
  return { ...view, ...api, calls }
}

// Six charts draw in jsdom on every render: slower than a plain list screen.
// Nine charts in jsdom per test: a loaded machine (CI beside other work) took 31 s for one of them.
describe('/clusters/resources', { timeout: 60_000 }, () => {
  it('issue 15: the running apps KPI is labelled as the figure every screen shows, running now', async () => {
    render()
    const kpi = await screen.findByRole('group', { name: 'Running now' })
    await waitFor(() => expect(kpi).toHaveTextContent(String(running.total)))
  })

  it('issue 15 #18 shows every failed call as its error with a retry, never zeros or No Data Available', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    render('/clusters/resources', true)
    for (const what of [
      'Nodes',
      'Available vcores',
      'Available memory',
      'Running now',
      'VCores',
      'Memory',
      'Application type values',
    ])
      expect(await screen.findAllByRole('alert', { name: `${what} could not be loaded` })).not.toHaveLength(0)
    expect(screen.getAllByRole('alert', { name: /could not be loaded/ }).length).toBeGreaterThanOrEqual(9)
    expect(screen.queryByText('No Data Available')).toBeNull()
    expect(screen.queryByText('0 records')).toBeNull()
    warn.mockRestore()
  })

  it('B164 B216 selects the first 4 group values by default and charts those', async () => {
    const { calls } = render()
    const values = await screen.findByRole('group', { name: 'Application type values' })
    // Finished in the window and running now, busiest first: SPARK 40, HIVE 9, TEZ 9, MAPREDUCE 7 …
    await waitFor(() => expect(within(values).getByRole('checkbox', { name: 'Spark (40)' })).toBeChecked())
    // Types read in the console's one casing; the request keeps the API's values.
    for (const name of ['Hive (9)', 'Tez (9)', 'MapReduce (7)'])
      expect(within(values).getByRole('checkbox', { name })).toBeChecked()
    for (const name of ['Impala (2)', 'Pig (1)'])
      expect(within(values).getByRole('checkbox', { name })).not.toBeChecked()
    await waitFor(() => expect(calls(/\/resources\/tagged\/cpu$/)).not.toHaveLength(0))
    const asked = calls(/\/resources\/tagged\/cpu$/).at(-1)!
    expect(asked.searchParams.get('groupBy')).toBe('applicationType')
    expect(asked.searchParams.get('values')).toBe('SPARK,HIVE,TEZ,MAPREDUCE')
  })

  it('B034 reads clusterUid and startTime from the address and asks for that cluster and window', async () => {
    const start = Date.now() - 3 * 3_600_000
    const { calls } = render(`/clusters/resources?clusterUid=cdh-prod-01&startTime=${start}`)
    await waitFor(() => expect(calls(/\/resources\/cpu\/allocated$/)).not.toHaveLength(0))
    const asked = calls(/\/resources\/cpu\/allocated$/)[0]!
    expect(asked.pathname).toBe('/api/v1/clusters/cdh-prod-01/resources/cpu/allocated')
    expect(Number(asked.searchParams.get('start_time'))).toBe(start)
    // B092: 3 hours is under 2 days, so 2-minute points.
    expect(asked.searchParams.get('interval')).toBe('2m')
    await waitFor(() => expect(calls(/\/search\/ops\/fapps$/)).not.toHaveLength(0))
    expect(calls(/\/search\/ops\/fapps$/)[0]!.searchParams.get('clusterUid')).toBe('cdh-prod-01')
  })

  it('B030 keeps the group-by, its values and the comparison in the address, and reads them back', async () => {
    const { user, router, calls } = render()
    const values = await screen.findByRole('group', { name: 'Application type values' })
    await user.click(await within(values).findByRole('checkbox', { name: 'Hive (9)' }))
    await waitFor(() => expect(router.state.location.search).toBe('?values=SPARK%2CTEZ%2CMAPREDUCE'))
    expect(router.state.historyAction).toBe('REPLACE')

    await user.click(screen.getByRole('switch', { name: 'Compare with another range' }))
    await waitFor(() =>
      expect(router.state.location.search).toBe('?compare=true&values=SPARK%2CTEZ%2CMAPREDUCE'),
    )
    // C26: the 7-day comparison in 3-hour points, on the top axis.
    await waitFor(() =>
      expect(calls(/\/resources\/cpu\/allocated$/).some((u) => u.searchParams.get('interval') === '3h')).toBe(
        true,
      ),
    )
    expect(
      within(screen.getByRole('group', { name: 'Comparison range' })).getByRole('button', {
        name: 'Date range: Last 7 Days',
      }),
    ).toBeInTheDocument()

    await user.click(screen.getByRole('combobox', { name: 'Group by' }))
    await user.click(await screen.findByRole('option', { name: 'Queue' }))
    await waitFor(() => expect(router.state.location.search).toBe('?compare=true&groupBy=queue'))
  })

  it("02 §2 'Yarn jobs' has the spec's columns, sorts and pages on the server", async () => {
    const { user, router, calls } = render()
    const table = await findSettledTable({ name: 'Yarn jobs' })
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim())
    expect(headers).toEqual([
      'Type',
      'State',
      'User',
      'App Name / ID',
      // Times say their zone; memory and CPU read in GB·hours and vcore·hours, not raw MB·s (issue 16).
      'Start Time (UTC)',
      'Finished Time (UTC)',
      'Queue',
      'Memory (GB·hours)',
      'CPU (vcore·hours)',
    ])
    // The table (its header) comes before its rows: wait for the first app, not for the table.
    const row = await waitFor(
      () => {
        const first = within(table).getAllByRole('row')[1]
        expect(first).toHaveTextContent('FAILED')
        return first!
      },
      { timeout: 5_000 },
    )
    // 1,048,576 MB·s is 0.28 GB·hours.
    expect(row).toHaveTextContent('0.28')
    expect(row).toHaveAttribute('data-status', 'error')
    expect(screen.getByText('31 records')).toBeInTheDocument()
    expect(calls(/\/search\/ops\/fapps$/)[0]!.searchParams.get('sort')).toBe('-finishedTime')

    await user.click(
      within(screen.getByRole('columnheader', { name: /CPU \(vcore·hours\)/ })).getByRole('button'),
    )
    await waitFor(() => expect(router.state.location.search).toBe('?jobsSort=vcoreSeconds-asc'))
    await waitFor(() =>
      expect(
        calls(/\/search\/ops\/fapps$/)
          .at(-1)!
          .searchParams.get('sort'),
      ).toBe('vcoreSeconds'),
    )
    await user.click(within(table.parentElement!.parentElement!).getByRole('button', { name: 'Next page' }))
    await waitFor(() =>
      expect(
        calls(/\/search\/ops\/fapps$/)
          .at(-1)!
          .searchParams.get('from'),
      ).toBe('15'),
    )
    expect(router.state.location.search).toBe('?jobsPage=2&jobsSort=vcoreSeconds-asc')
  })

  it('B101 lists the running apps (the last 100) with what each holds now', async () => {
    const { calls } = render()
    const table = await findSettledTable({ name: 'Running apps' })
    const row = (await within(table).findAllByRole('row'))[1]!
    expect(row).toHaveTextContent('nightly_etl')
    expect(row).toHaveTextContent('RUNNING')
    expect(row).toHaveTextContent('42.5%')
    expect(row).toHaveTextContent('8.00 GB')
    const asked = calls(/\/resources\/tagged\/apps$/)[0]!
    expect(asked.searchParams.get('size')).toBe('100')
    expect(asked.searchParams.get('running')).toBe('true')
  })

  it('B092 B093 offers the interval choices, those too fine for the range disabled', async () => {
    const { user, router } = render('/clusters/resources?dateRangeLabel=30_d')
    await user.click(screen.getByRole('combobox', { name: 'Interval' }))
    expect(await screen.findByRole('option', { name: '2 mins' })).toHaveAttribute(
      'data-combobox-disabled',
      'true',
    )
    expect(screen.getByRole('combobox', { name: 'Interval' })).toHaveValue('Daily')
    await user.click(screen.getByRole('option', { name: 'Hourly' }))
    await waitFor(() => expect(router.state.location.search).toBe('?dateRangeLabel=30_d&interval=1h'))
  })

  it('shows the KPIs at the end of the range and the three usage charts', async () => {
    render()
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Available vcores' })).toHaveTextContent('40'),
    )
    expect(screen.getByRole('group', { name: 'Nodes' })).toHaveTextContent('8in service of 9')
    for (const name of ['VCores', 'Memory', 'Nodes'])
      expect(screen.getByRole('figure', { name })).toBeInTheDocument()
  })
})
