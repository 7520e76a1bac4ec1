import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { elasticsearchEndpoints as calls } from '@costlens/shared'
import { renderPage, stubEndpoint, stubError } from '../../../test/page-harness.tsx'
import '../../components/charts/chart-test-helpers.ts'
import { choose, figures, findChart, rowsOf } from '../../../test/page-queries.ts'
import ElasticsearchPage from './elasticsearch-page.tsx'
import { esClusters, esIndices, esNodes, series } from './elk-test-data.ts'

const slow = { timeout: 8_000 }
const stubs = [
  stubEndpoint(calls.clusters, esClusters),
  stubEndpoint(calls.nodes, esNodes),
  stubEndpoint(calls.indices, esIndices),
  stubEndpoint(
    calls.clusterKpi,
    series('cluster', [
      { name: 'Search rate (queries/s)', unit: 'queries/s' },
      { name: 'Search latency (ms)', unit: 'ms' },
      { name: 'JVM heap used (bytes)', unit: 'bytes' },
      { name: 'JVM heap max (bytes)', unit: 'bytes' },
      { name: 'Young GC (collections)', unit: 'collections' },
      { name: 'Old GC (collections)', unit: 'collections' },
      { name: 'Young GC time (ms per interval)', unit: 'ms per interval' },
    ]),
  ),
  stubEndpoint(calls.nodeKpi, (request) =>
    new URL(request.url).searchParams.get('node')
      ? series('node', [{ name: 'JVM heap used (%)', unit: '%' }])
      : series('node', [
          { name: 'Heap used', unit: '%', node: 'es-data-01' },
          { name: 'Heap used', unit: '%', node: 'es-data-02' },
        ]),
  ),
  stubEndpoint(calls.indexKpi, series('index', [{ name: 'Indexing rate (docs/s)', unit: 'docs/s' }])),
]
const search = (page: { router: { state: { location: { search: string } } } }) =>
  new URLSearchParams(page.router.state.location.search)

describe('/clusters/elasticsearch (R014, R061)', { timeout: 30_000 }, () => {
  it('opens on the first cluster today at 1h: its health in words, its figures in units, one chart per unit', async () => {
    const page = renderPage(<ElasticsearchPage />, { route: '/clusters/elasticsearch', stubs })
    expect(
      await screen.findByLabelText('es-logs-01 figures', { selector: 'section' }, slow),
    ).toBeInTheDocument()
    expect(screen.getByText('Health: Yellow · some replicas unassigned')).toBeInTheDocument()
    const kpis = await figures()
    expect(kpis).toContain('Store size40.00 GBprimaries and replicas')
    expect(kpis).toContain('Unassigned shards2Not allocated to any node')
    expect(kpis).toContain('Search rate120.5 queries/s4.2 ms a query')
    expect(kpis).toContain('Heap used75.0%6.00 GB of 8.00 GB')
    expect(screen.getByRole('button', { name: 'Date range: Today' })).toBeInTheDocument()
    expect(await findChart('es-logs-01: Search rate (queries/s)')).toBeInTheDocument()
    expect(await findChart('es-logs-01: Search latency (ms)')).toBeInTheDocument()
    expect(await findChart('Heap used per node: Utilisation (%)')).toBeInTheDocument()
    // The cluster's heap (used and max), its collections and their time: a chart per unit (G105).
    expect(await findChart('es-logs-01: Memory (bytes)')).toBeInTheDocument()
    expect(await findChart('es-logs-01: GC collections (per interval)')).toBeInTheDocument()
    expect(await findChart('es-logs-01: Young GC time (ms per interval)')).toBeInTheDocument()
    const asked = page.queries(calls.clusterKpi).at(-1)!
    expect(asked.get('interval')).toBe('1h')
    expect(Number(asked.get('start_time'))).toBe(Date.parse(new Date().toISOString().slice(0, 10)))
  })

  it('the cluster picker and the range write the address', async () => {
    // On the nodes tab: no chart is drawn before a node is chosen, which keeps the test quick.
    const page = renderPage(<ElasticsearchPage />, { route: '/clusters/elasticsearch?tab=nodes', stubs })
    await screen.findByLabelText('es-logs-01 figures', { selector: 'section' }, slow)
    await choose(page.user, 'Elasticsearch cluster', 'es-etl-01')
    await waitFor(() => expect(search(page).get('ClusterName')).toBe('es-etl-01'))
    await waitFor(() =>
      expect(page.requests.some((r) => r.url.includes('/elasticsearch/es-etl-01/nodes'))).toBe(true),
    )
    await page.user.click(screen.getByRole('button', { name: 'Date range: Today' }))
    await page.user.click(await screen.findByRole('button', { name: 'Last 7 Days' }))
    await waitFor(() => expect(search(page).get('dateRangeLabel')).toBe('7_d'))
    expect(search(page).get('ClusterName')).toBe('es-etl-01')
    expect(search(page).get('tab')).toBe('nodes')
  })

  it('a node chosen in the table is kept in the address and charted; choosing it again clears it', async () => {
    const page = renderPage(<ElasticsearchPage />, { route: '/clusters/elasticsearch?tab=nodes', stubs })
    const rows = await rowsOf('Nodes')
    await waitFor(() => expect(rows).toHaveLength(2))
    expect(rows[0]).toHaveTextContent('master*, data, ingest')
    expect(rows[0]).toHaveTextContent('40.0% · 200.00 GB of 500.00 GB')
    expect(rows[0]).toHaveTextContent('1,700 docs/s')
    // No disk total for the second node: '--', not 0%.
    expect(rows[1]).toHaveTextContent('--')
    expect(screen.getByText(/Choose a node/)).toBeInTheDocument()
    await page.user.click(within(rows[1]!).getByRole('button', { name: 'es-data-02' }))
    await waitFor(() => expect(search(page).get('node')).toBe('es-data-02'))
    expect(search(page).get('tab')).toBe('nodes')
    await waitFor(() => expect(page.queries(calls.nodeKpi).at(-1)?.get('node')).toBe('es-data-02'))
    expect(await findChart('es-data-02: JVM heap used (%)')).toBeInTheDocument()
    const pressed = await screen.findByRole('button', { name: '▸ es-data-02', pressed: true })
    await page.user.click(pressed)
    await waitFor(() => expect(search(page).has('node')).toBe(false))
  })

  it('an index from the address is charted; a failing index list shows its retry, the page stays', async () => {
    const page = renderPage(<ElasticsearchPage />, {
      route: '/clusters/elasticsearch?tab=indices&index=metrics-2026.11',
      stubs,
    })
    expect(await findChart('metrics-2026.11: Indexing rate (docs/s)')).toBeInTheDocument()
    expect(page.queries(calls.indexKpi).at(-1)?.get('index')).toBe('metrics-2026.11')
    const rows = await rowsOf('Indices')
    await waitFor(() => expect(rows).toHaveLength(2))
    expect(within(rows[0]!).getByText('Yellow')).toBeInTheDocument()
    expect(rows[0]).toHaveTextContent('20.00 GB')

    renderPage(<ElasticsearchPage />, {
      route: '/clusters/elasticsearch?tab=indices',
      stubs: [stubError(calls.indices, 500, 'Boom'), ...stubs],
    })
    expect(await screen.findByText('Indices could not be loaded', {}, slow)).toBeInTheDocument()
  })

  it("a failing cluster series shows that panel's failure and Retry", async () => {
    renderPage(<ElasticsearchPage />, {
      route: '/clusters/elasticsearch',
      stubs: [stubError(calls.clusterKpi, 500, 'Boom'), ...stubs],
    })
    expect(
      await screen.findByText('Cluster search, indexing, heap and GC could not be loaded', {}, slow),
    ).toBeInTheDocument()
    const panel = screen.getByRole('region', { name: 'Cluster search, indexing, heap and GC' })
    expect(within(panel).getByRole('button', { name: 'Retry' })).toBeInTheDocument()
    expect(await findChart('Heap used per node: Utilisation (%)')).toBeInTheDocument()
  })
})
