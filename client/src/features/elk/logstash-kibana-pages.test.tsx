import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { kibanaEndpoints as kibana, logstashEndpoints as logstash } from '@costlens/shared'
import { renderPage, stubEndpoint, stubError } from '../../../test/page-harness.tsx'
import '../../components/charts/chart-test-helpers.ts'
import { choose, figures, findChart, rowsOf } from '../../../test/page-queries.ts'
import {
  deployment,
  kibanaClusters,
  kibanaInstances,
  logstashNodes,
  pipelines,
  series,
} from './elk-test-data.ts'
import KibanaPage from './kibana-page.tsx'
import LogstashPage from './logstash-page.tsx'

const slow = { timeout: 8_000 }
const startOfToday = () => Date.parse(new Date().toISOString().slice(0, 10))
const search = (page: { router: { state: { location: { search: string } } } }) =>
  new URLSearchParams(page.router.state.location.search)

const logstashStubs = [
  stubEndpoint(logstash.kpis, [deployment(), deployment({ cluster: 'es-etl-01' })]),
  stubEndpoint(logstash.nodes, logstashNodes),
  stubEndpoint(logstash.pipelines, pipelines),
  stubEndpoint(logstash.nodesKpi, series('logstash', [{ name: 'Events in', unit: 'events/s' }])),
  stubEndpoint(logstash.pipelinesKpi, series('pipeline', [{ name: 'Events out', unit: 'events/s' }])),
  stubEndpoint(logstash.nodeKpi, series('node', [{ name: 'Heap used', unit: 'bytes' }])),
  stubEndpoint(
    logstash.pipelineKpi,
    series('pipeline', [
      { name: 'Events received (events/s)', unit: 'events/s' },
      { name: 'Events filtered (events/s)', unit: 'events/s' },
      { name: 'Persisted queue (events)', unit: 'events' },
      { name: 'Persisted queue size (bytes)', unit: 'bytes' },
    ]),
  ),
]

describe('/clusters/logstash (R015, R062)', { timeout: 30_000 }, () => {
  it("a deployment's figures in units; a pipeline chosen is kept in the address and charted", async () => {
    const page = renderPage(<LogstashPage />, {
      route: '/clusters/logstash?tab=pipelines',
      stubs: logstashStubs,
    })
    expect(
      await screen.findByLabelText('Logstash es-logs-01 figures', { selector: 'section' }, slow),
    ).toBeInTheDocument()
    const kpis = await figures()
    expect(kpis).toContain('Events received2,000 events/s')
    expect(kpis).toContain('Event latency12.5 msin filters and outputs')
    expect(kpis).toContain('Persisted queue350 eventsWaiting to be processed')
    const rows = await rowsOf('Pipelines')
    await waitFor(() => expect(rows).toHaveLength(2))
    expect(rows[0]).toHaveTextContent('beats → elasticsearch')
    expect(rows[0]).toHaveTextContent('350 events · 10.00 MB')
    // A memory queue holds nothing on disk: '--'.
    expect(rows[1]).toHaveTextContent('--')
    await page.user.click(within(rows[1]!).getByRole('button', { name: 'kafka-to-es' }))
    await waitFor(() => expect(search(page).get('pipeline')).toBe('kafka-to-es'))
    await waitFor(() => expect(page.queries(logstash.pipelineKpi).length).toBeGreaterThan(0))
    expect(page.requests.some((r) => r.url.includes('/logstash/pipelines/kafka-to-es/kpis'))).toBe(true)
    expect(page.queries(logstash.pipelineKpi).at(-1)!.get('cluster')).toBe('es-logs-01')
    // Events in and filtered share a chart; the queue's events and bytes get one each (G105).
    expect(await findChart('kafka-to-es: Events (events/s)')).toBeInTheDocument()
    expect(await findChart('kafka-to-es: Persisted queue (events)')).toBeInTheDocument()
    expect(await findChart('kafka-to-es: Persisted queue size (bytes)')).toBeInTheDocument()
    // Another deployment sends the pipeline back to none.
    await choose(page.user, 'Deployment (ships to)', 'es-etl-01')
    await waitFor(() => expect(search(page).get('ClusterName')).toBe('es-etl-01'))
    expect(search(page).has('pipeline')).toBe(false)
  })

  it("a node from the address is asked for by its id; a failing node call shows its panel's retry", async () => {
    const page = renderPage(<LogstashPage />, {
      route: '/clusters/logstash?tab=nodes&node=logstash-02',
      stubs: [stubError(logstash.nodeKpi, 500, 'Boom'), ...logstashStubs],
    })
    await waitFor(
      () =>
        expect(page.requests.some((r) => r.url.includes('/logstash/nodes/uuid-logstash-02/kpis'))).toBe(true),
      slow,
    )
    expect(await screen.findByText('Node logstash-02 could not be loaded', {}, slow)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
    const rows = await rowsOf('Logstash nodes')
    expect(rows[0]).toHaveTextContent('50.0% · 1.00 GB of 2.00 GB')
  })
})

const kibanaStubs = [
  stubEndpoint(kibana.clusters, kibanaClusters),
  stubEndpoint(kibana.instances, kibanaInstances),
  stubEndpoint(kibana.clusterKpi, (request) => {
    const instance = new URL(request.url).searchParams.get('instance') ?? undefined
    // The response times on the cluster's series only: one chart fewer keeps the test quick.
    const times = [
      { name: 'Response time (avg) (ms)', unit: 'ms' },
      { name: 'Response time (max) (ms)', unit: 'ms' },
    ]
    return series('instance', [
      { name: 'Requests (requests)', unit: 'requests', instance },
      { name: 'Heap used (bytes)', unit: 'bytes' },
      ...(instance ? [] : times),
    ] as never)
  }),
]

describe('/clusters/kibana (R016, R063)', { timeout: 30_000 }, () => {
  it('opens on today at 1m (02 §2): status in words, figures in units, the series and an instance chosen', async () => {
    const page = renderPage(<KibanaPage />, { route: '/clusters/kibana', stubs: kibanaStubs })
    expect(
      await screen.findByLabelText('Kibana es-logs-01 figures', { selector: 'section' }, slow),
    ).toBeInTheDocument()
    expect(screen.getByText('Status: Green · available')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Date range: Today' })).toBeInTheDocument()
    expect(screen.getByLabelText('Interval', { selector: 'input' })).toHaveValue('1m')
    await waitFor(() => expect(page.queries(kibana.clusterKpi).length).toBeGreaterThan(0))
    const asked = page.queries(kibana.clusterKpi)[0]!
    expect(asked.get('interval')).toBe('1m')
    expect(Number(asked.get('start_time'))).toBe(startOfToday())
    const kpis = await figures()
    expect(kpis).toContain('Requests12.5 requests/s45,000 in the range')
    expect(kpis).toContain('Response time (avg)85.2 ms')
    expect(kpis).toContain('Heap used12.5%512.00 MB of 4.00 GB')
    expect(await findChart('Kibana: Requests (requests)')).toBeInTheDocument()
    expect(await findChart('Kibana: Latency (ms)')).toBeInTheDocument()
    const rows = await rowsOf('Kibana instances')
    await page.user.click(within(rows[0]!).getByRole('button', { name: 'kibana-01' }))
    await waitFor(() => expect(search(page).get('instance')).toBe('kibana-01'))
    await waitFor(() => expect(page.queries(kibana.clusterKpi).at(-1)?.get('instance')).toBe('kibana-01'))
    expect(await findChart('kibana-01: Heap used (bytes)')).toBeInTheDocument()
  })

  it('a failed cluster list shows the failure with a retry', async () => {
    renderPage(<KibanaPage />, {
      route: '/clusters/kibana',
      stubs: [stubError(kibana.clusters, 500, 'Boom')],
    })
    expect(await screen.findByText('Kibana clusters could not be loaded', {}, slow)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })
})
