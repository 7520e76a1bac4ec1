import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { kafkaEndpoints as calls } from '@costlens/shared'
import { renderPage, stubEndpoint, stubError } from '../../../test/page-harness.tsx'
import '../../components/charts/chart-test-helpers.ts'
import { choose, figures, findChart, rowsOf } from '../../../test/page-queries.ts'
import KafkaClusterPage from './cluster-page.tsx'
import { intervalChoices } from './kafka-window.ts'
import KafkaMetricsPage from './metrics-page.tsx'
import { brokers, clusters, consumers, series, topics } from './kafka-test-data.ts'

const slow = { timeout: 8_000 }
const stubs = [
  stubEndpoint(calls.clusters, clusters),
  stubEndpoint(calls.brokers, brokers),
  stubEndpoint(calls.topics, topics),
  stubEndpoint(calls.consumers, consumers),
  stubEndpoint(
    calls.clusterKpi,
    series('cluster', [
      { name: 'Bytes in', unit: 'bytes/s' },
      { name: 'Fetch p99', unit: 'ms' },
    ]),
  ),
  stubEndpoint(calls.brokerKpi, series('broker', [{ name: 'Bytes in', unit: 'bytes/s' }])),
  stubEndpoint(calls.topicKpi, series('topic', [{ name: 'Messages in', unit: 'messages/s' }])),
]
const search = (page: { router: { state: { location: { search: string } } } }) =>
  new URLSearchParams(page.router.state.location.search)

describe('/clusters/kafka (R010, R057; issue 21)', { timeout: 20_000 }, () => {
  it('opens on the first cluster, today: its figures in units, its topics linking to their pages, a way to its metrics', async () => {
    const page = renderPage(<KafkaClusterPage />, { route: '/clusters/kafka', stubs })
    expect(
      await screen.findByLabelText('kafka-prod-01 figures', { selector: 'section' }, slow),
    ).toBeInTheDocument()
    const kpis = await figures()
    expect(kpis).toContain('Bytes in5.00 MB/s')
    expect(kpis).toContain('Messages in4,200.5 messages/s')
    expect(kpis).toContain('Under-replicated partitions3Replicas out of sync')
    expect(kpis).toContain('Active controllerBroker 1001')
    expect(kpis).toContain('Brokers21 behind')
    expect(screen.getByLabelText('Date range: Today')).toBeInTheDocument()
    const rows = await rowsOf('Topics')
    await waitFor(() => expect(rows[0]).toHaveTextContent('orders'))
    expect(within(rows[0]!).getByRole('link', { name: 'orders' })).toHaveAttribute(
      'href',
      '/kafkatopic/kafka-prod-01/orders',
    )
    expect(rows[0]).toHaveTextContent('3.00 MB/s')
    const asked = page.queries(calls.topics).at(-1)!
    expect(Object.fromEntries(asked)).toMatchObject({
      from: '0',
      size: '15',
      sort: 'bytesInPerSec',
      order: 'desc',
    })
    expect(Number(asked.get('start_time'))).toBe(Date.parse(new Date().toISOString().slice(0, 10)))
    expect(screen.getByText('Metrics').closest('a')).toHaveAttribute(
      'href',
      '/clusters/kafka/metrics?kafkaClusterName=kafka-prod-01',
    )
  })

  it('the consumer groups tab, its sort and another cluster are kept in the address; a group links to its page', async () => {
    const page = renderPage(<KafkaClusterPage />, { route: '/clusters/kafka?tab=consumers', stubs })
    const rows = await rowsOf('Consumer groups')
    await waitFor(() => expect(rows).toHaveLength(2))
    expect(within(rows[0]!).getByRole('link', { name: 'orders-enrich' })).toHaveAttribute(
      'href',
      '/kafkaconsumer/kafka-prod-01/orders-enrich',
    )
    expect(rows[0]).toHaveTextContent('12,500')
    expect(rows[0]!.closest('table')).toHaveTextContent('Total lag (messages)')
    expect(within(rows[1]!).getByText('Dead')).toBeInTheDocument()
    expect(page.queries(calls.consumers).at(-1)!.get('sort')).toBe('totalLag')
    const table = screen.getByLabelText('Consumer groups', { selector: 'table' })
    await page.user.click(within(table).getByRole('button', { name: /^Members/ }))
    await waitFor(() => expect(search(page).get('sort')).toMatch(/^members-/))
    await waitFor(() => expect(page.queries(calls.consumers).at(-1)!.get('sort')).toBe('members'))
    await choose(page.user, 'Kafka cluster', 'kafka-etl-01')
    await waitFor(() => expect(search(page).get('kafkaClusterName')).toBe('kafka-etl-01'))
    expect(search(page).get('tab')).toBe('consumers')
    await waitFor(() =>
      expect(page.requests.some((r) => r.url.includes('/kafka/kafka-etl-01/consumers'))).toBe(true),
    )
  })

  it('a failed cluster list shows the failure with a retry; none says so', async () => {
    renderPage(<KafkaClusterPage />, {
      route: '/clusters/kafka',
      stubs: [stubError(calls.clusters, 500, 'Boom')],
    })
    expect(await screen.findByText('Kafka clusters could not be loaded', {}, slow)).toBeInTheDocument()
    expect(screen.getByText('Retry')).toBeInTheDocument()
  })
})

describe('/clusters/kafka/metrics (R011, R058; issue 21)', { timeout: 20_000 }, () => {
  it('reads cluster, kpiType, broker, interval and plot type from the address; one chart per unit', async () => {
    const page = renderPage(<KafkaMetricsPage />, {
      route:
        '/clusters/kafka/metrics?kafkaClusterName=kafka-etl-01&kpiType=broker&brokerName=kafka02.prod.example.com&interval=1m&plotType=area',
      stubs,
    })
    await waitFor(() => expect(page.queries(calls.brokerKpi).length).toBeGreaterThan(0), slow)
    expect(page.requests.some((r) => r.url.includes('/kafka/kafka-etl-01/kpi?'))).toBe(true)
    const asked = page.queries(calls.brokerKpi).at(-1)!
    expect(asked.get('broker')).toBe('kafka02.prod.example.com')
    expect(asked.get('interval')).toBe('1m')
    expect(
      await screen.findByLabelText('Broker 1002: Throughput (bytes/s)', { selector: 'figure' }, slow),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Plot type', { selector: 'input' })).toHaveValue('Areas')
    // A new kpiType sends the broker back to none: the first topic is charted.
    await choose(page.user, 'Metrics of', 'Topic')
    await waitFor(() => expect(search(page).get('kpiType')).toBe('topic'))
    expect(search(page).has('brokerName')).toBe(false)
    await waitFor(() => expect(page.queries(calls.topicKpi).at(-1)?.get('topic')).toBe('orders'))
    expect(await findChart('orders: Messages (messages/s)')).toBeInTheDocument()
  })

  it('1m is disabled for a range past 2,000 minutes, 1h stays', () => {
    const day = 86_400_000
    expect(intervalChoices(0, day).map((c) => c.disabled)).toEqual([false, false])
    expect(intervalChoices(0, 7 * day).map((c) => [c.value, c.disabled])).toEqual([
      ['1h', false],
      ['1m', true],
    ])
  })
})
