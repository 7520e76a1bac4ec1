import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type {
  ClusterType,
  ImpalaMetricsResponse,
  ImpalaQueryRow,
  ImpalaSearchResponse,
  ImpalaStatsResponse,
} from '@costlens/shared'
import { json, renderWithProviders, signedIn, stubApi, type Handler } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import '../../components/charts/chart-test-helpers.ts'
// The page whose Impala mode this folder draws (B296).
import ResourcesPage from './resources-page.tsx'
import { findSettledTable } from '../../../test/page-queries.ts'

afterEach(() => vi.unstubAllGlobals())

const T = Date.parse('2026-11-23T10:00:00Z')
const GB = 1024 ** 3
const group = (key: string, doc_count: number) => ({
  key,
  doc_count,
  cpuHours: doc_count / 10,
  memoryGbHours: doc_count,
})
const stats: ImpalaStatsResponse = {
  total: 110,
  users: [
    group('etl_svc', 40),
    group('airflow', 30),
    group('hive', 20),
    group('reporting_svc', 15),
    group('bob', 5),
  ],
  queues: [group('root.etl', 70), group('root.adhoc', 40)],
}
const metrics: ImpalaMetricsResponse = {
  time: T,
  total: 24,
  hosts: [
    {
      host: 'impala-bi-cdp-01-wn007.acme.internal',
      clusterUid: 'cdp-impala-01',
      mem_tracker_process_limit: 154 * GB,
      tcmalloc_physical_bytes_reserved: 21 * GB,
      runningQueries: 2,
    },
  ],
  unit: 'bytes',
  interval: '5m',
  series: [
    { key: 'mem_tracker_process_limit', data: [[T, 24 * 154 * GB]] },
    { key: 'tcmalloc_physical_bytes_reserved', data: [[T, 300 * GB]] },
  ],
}
const query: ImpalaQueryRow = {
  kind: 'impala',
  id: '000000000000002a:00b1c2d300000000',
  status: 'S',
  user: 'etl_svc',
  name: 'daily_sales_rollup',
  startTime: T - 60_000,
  startTimeInDate: new Date(T - 60_000).toISOString(),
  duration: 12_500,
  queue: 'root.etl',
  queryStringFull: 'SELECT 1',
  queryMemLimit: 4 * GB,
  perHostMemEst: 2 * GB,
  perHostPeakMemUsage: 3 * GB,
  clusterUid: 'cdp-impala-01',
}
const search: ImpalaSearchResponse = { total: 110, hits: [query] }

function render(clusterType: ClusterType, route = '/clusters/resources') {
  const handler: Handler = (request) => {
    const url = new URL(request.url)
    const path = url.pathname
    if (path === '/api/v1/impala/queryop/stats') return json(stats)
    if (path === '/api/v1/impala/metrics') return json(metrics)
    if (path === '/api/v1/impala/search') return json(search)
    if (path === '/api/v1/impala/queryop/new') {
      const values = (url.searchParams.get('values') ?? '').split(',').filter(Boolean)
      const metric = url.searchParams.get('metric') ?? 'queries'
      return json({
        groupBy: url.searchParams.get('groupBy') ?? 'user',
        metric,
        unit: { queries: 'queries', cpu: 'CPU hours', memory: 'GB hours', duration: 'ms' }[metric],
        interval: '5m',
        values,
        series: values.map((key, i) => ({ key, data: [[T, i + 1]] })),
      })
    }
    // The Yarn mode's calls: empty answers.
    if (path === '/api/v1/cluster_search') return json([])
    if (path.endsWith('/resources/tagged/stats')) return json({ applicationType: [], user: [], queue: [] })
    if (path.endsWith('/resources/tagged/apps')) return json({ apps: [], total: 0 })
    if (path === '/api/v1/search/ops/fapps') return json({ hits: [], total: 0 })
    const empty = { interval: '2m', pointInterval: 120_000 }
    if (/\/resources\/(cpu|memory)\/allocated$/.test(path))
      return json({ ...empty, avg: [], range: [], total: [] })
    if (path.endsWith('/nodes'))
      return json({
        ...empty,
        active: [],
        series: [],
        nodes: 0,
        nodeType: null,
        nodeVcores: 0,
        nodeMemoryMB: 0,
      })
    return json({ message: 'not stubbed' }, 404)
  }
  const api = stubApi(handler)
  const user = testUser({
    role: 'admin',
    clusterType,
    impalaclusters: [
      {
        unravelId: 'cdp-impala-01',
        displayName: 'Impala BI CDP',
        clusterName: 'impala-bi-cdp-01',
        clusterType: 'Impala',
      },
    ],
  })
  const view = renderWithProviders(<ResourcesPage />, { preloadedState: signedIn(user), route })
  const calls = (pattern: RegExp) =>
    api.requests.map((r) => new URL(r.url)).filter((u) => pattern.test(u.pathname))
  return { ...view, calls }
}

describe('/clusters/resources, Impala mode (B296, E074-E077)', { timeout: 60_000 }, () => {
  it('offers the Yarn | Impala switch to CDH and CDP users only', async () => {
    const cdp = render('CDP')
    expect(await screen.findByRole('radiogroup', { name: 'Application type' })).toBeInTheDocument()
    cdp.unmount()
    render('HDP')
    await screen.findByRole('heading', { name: 'Cluster resources' })
    expect(screen.queryByRole('radiogroup', { name: 'Application type' })).toBeNull()
  })

  it('switching to Impala shows its panels and keeps the choice in the address', async () => {
    const { user, router } = render('CDP')
    await user.click(await screen.findByRole('radio', { name: 'Impala' }))
    expect(await screen.findByRole('heading', { name: 'Impala usage by user' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Impala daemon memory' })).toBeInTheDocument()
    expect(router.state.location.search).toContain('appType=Impala')
    expect(screen.queryByText('Running apps')).toBeNull()
  })

  it('B216 selects the first 4 users by default and charts those', async () => {
    const { calls } = render('CDP', '/clusters/resources?appType=Impala')
    const values = await screen.findByRole('group', { name: 'User values' })
    await waitFor(() => expect(within(values).getByRole('checkbox', { name: 'etl_svc (40)' })).toBeChecked())
    for (const name of ['airflow (30)', 'hive (20)', 'reporting_svc (15)'])
      expect(within(values).getByRole('checkbox', { name })).toBeChecked()
    expect(within(values).getByRole('checkbox', { name: 'bob (5)' })).not.toBeChecked()
    await waitFor(() => expect(calls(/\/impala\/queryop\/new$/)).toHaveLength(4))
    const asked = calls(/\/impala\/queryop\/new$/).map((u) => u.searchParams)
    expect(asked.map((p) => p.get('metric')).sort()).toEqual(['cpu', 'duration', 'memory', 'queries'])
    expect(asked[0]!.get('values')).toBe('etl_svc,airflow,hive,reporting_svc')
  })

  it('B214 shows each daemon’s Total and Allocated with units, 10 a page', async () => {
    const { calls } = render('CDP', '/clusters/resources?appType=Impala')
    const table = await findSettledTable({ name: /Impala daemons/ })
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(headers).toEqual(expect.arrayContaining(['Total', 'Allocated', 'Allocated %']))
    await waitFor(() => expect(within(table).getByText('154.00 GB')).toBeInTheDocument())
    expect(within(table).getByText('21.00 GB')).toBeInTheDocument()
    expect(calls(/\/impala\/metrics$/)[0]!.searchParams.get('metricsSize')).toBe('10')
    const kpis = screen.getByRole('list', { name: 'Key figures' })
    expect(kpis).toHaveTextContent('300.00 GB')
    expect(kpis).toHaveTextContent(/of 3\.61 TB Total/)
  })

  it('lists the queries, each id opening its details page', async () => {
    render('CDP', '/clusters/resources?appType=Impala')
    const table = await findSettledTable({ name: /Impala queries/ })
    const link = await within(table).findByRole('link', { name: 'daily_sales_rollup' })
    expect(link).toHaveAttribute(
      'href',
      `/app/application/impala?execId=${encodeURIComponent(query.id)}&clusterUid=cdp-impala-01`,
    )
    expect(within(table).getByText('12s')).toBeInTheDocument()
    expect(within(table).getByText('3.00 GB')).toBeInTheDocument()
  })
})
