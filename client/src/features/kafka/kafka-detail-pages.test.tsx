import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { kafkaEndpoints as calls } from '@costlens/shared'
import { renderPage, stubEndpoint, stubError } from '../../../test/page-harness.tsx'
import '../../components/charts/chart-test-helpers.ts'
import { figures, findChart, findTitle, rowsOf } from '../../../test/page-queries.ts'
import KafkaConsumerPage, { chosenSeries, shownPartitions } from './consumer-page.tsx'
import { consumerDetail, lagSeries, series, topicDetail } from './kafka-test-data.ts'
import KafkaTopicPage from './topic-page.tsx'

const slow = { timeout: 8_000 }
/** The topic or group a detail call names: /api/v1/kafka/{cluster}/topics|consumers/{name}. */
const subject = (request: Request) => decodeURIComponent(new URL(request.url).pathname.split('/')[6]!)
const stubs = [
  stubEndpoint(calls.topic, (r) => topicDetail(subject(r))),
  stubEndpoint(
    calls.topicKpi,
    series('topic', [
      { name: 'Bytes in', unit: 'bytes/s' },
      { name: 'Messages in', unit: 'messages/s' },
    ]),
  ),
  stubEndpoint(calls.consumer, (r) => consumerDetail(subject(r))),
  stubEndpoint(calls.consumerLag, lagSeries),
]

describe('/kafkatopic/:cluster/:topic (R115; issue 21)', { timeout: 20_000 }, () => {
  it('shows the topic in units: its partitions, its throughput at the address interval, its groups linking to their pages', async () => {
    const page = renderPage(<KafkaTopicPage />, {
      route: '/kafkatopic/kafka-prod-01/orders?interval=1m',
      path: '/kafkatopic/:cluster/:topic',
      stubs,
    })
    expect(await findTitle('orders')).toBeInTheDocument()
    expect(await figures()).toContain('Size25.00 GB')
    expect(await figures()).toContain('Bytes in3.00 MB/s')
    const partitions = await rowsOf('Partitions')
    expect(partitions[1]).toHaveTextContent('1002, 1001')
    expect(partitions[1]).toHaveTextContent('512.00 MB')
    const groups = await rowsOf('Consumer groups reading orders')
    expect(within(groups[0]!).getByRole('link', { name: 'orders-enrich' })).toHaveAttribute(
      'href',
      '/kafkaconsumer/kafka-prod-01/orders-enrich',
    )
    expect(groups[0]).toHaveTextContent('12,500')
    expect(groups[0]!.closest('table')).toHaveTextContent('Lag on this topic (messages)')
    const asked = page.queries(calls.topicKpi).at(-1)!
    expect([asked.get('topic'), asked.get('interval')]).toEqual(['orders', '1m'])
    expect(screen.getByLabelText('orders: Throughput (bytes/s)', { selector: 'figure' })).toBeInTheDocument()
    expect(screen.getByText('Kafka kafka-prod-01').closest('a')).toHaveAttribute(
      'href',
      '/clusters/kafka?kafkaClusterName=kafka-prod-01',
    )
  })

  it('an unknown topic says so', async () => {
    renderPage(<KafkaTopicPage />, {
      route: '/kafkatopic/kafka-prod-01/nope',
      path: '/kafkatopic/:cluster/:topic',
      stubs: [stubError(calls.topic, 404, 'No such topic')],
    })
    expect(
      await screen.findByText('No topic nope in the Kafka cluster kafka-prod-01.', {}, slow),
    ).toBeVisible()
  })
})

describe('/kafkaconsumer/:cluster/:consumer (R116; issue 21)', { timeout: 20_000 }, () => {
  it('the lag chart shows the first 4 partitions when none is chosen; the partitions in units, topics linking to their page', async () => {
    const page = renderPage(<KafkaConsumerPage />, {
      route: '/kafkaconsumer/kafka-prod-01/orders-enrich',
      path: '/kafkaconsumer/:cluster/:consumer',
      stubs,
    })
    expect(await findTitle('orders-enrich')).toBeInTheDocument()
    expect(await figures()).toContain('Total lag12,500 messages')
    expect(await figures()).toContain('Members3')
    const picker = within(
      screen.getByText('Partitions (lag now, messages)').closest<HTMLElement>('[role="group"]')!,
    )
    const boxes = picker.getAllByRole('checkbox') as HTMLInputElement[]
    expect(boxes.map((b) => b.checked)).toEqual([true, true, true, true, false, false])
    expect(await findChart('Lag per partition: Lag (messages)')).toBeVisible()
    const lag = page.queries(calls.consumerLag).at(-1)!
    expect([lag.get('by'), lag.get('interval')]).toEqual(['partition', '1h'])
    const rows = await rowsOf('Partitions')
    expect(within(rows[0]!).getByRole('link', { name: 'orders' })).toHaveAttribute(
      'href',
      '/kafkatopic/kafka-prod-01/orders',
    )
    expect(rows[5]).toHaveTextContent('--')
    expect(rows[0]).toHaveTextContent('2,500')
  })

  it('the partitions chosen are read from the address; a failed lag call shows in its panel with a retry, the rest of the page stays', async () => {
    renderPage(<KafkaConsumerPage />, {
      route: '/kafkaconsumer/kafka-prod-01/orders-enrich?partition=orders:4,orders:5',
      path: '/kafkaconsumer/:cluster/:consumer',
      stubs: [stubError(calls.consumerLag, 500, 'Boom'), ...stubs],
    })
    expect(await screen.findByText('The lag per partition could not be loaded', {}, slow)).toBeInTheDocument()
    expect(await rowsOf('Partitions')).toHaveLength(6)
    const picker = within(
      screen.getByText('Partitions (lag now, messages)').closest<HTMLElement>('[role="group"]')!,
    )
    const boxes = picker.getAllByRole('checkbox') as HTMLInputElement[]
    expect(boxes.map((b) => b.checked)).toEqual([false, false, false, false, true, true])
  })
})

describe("the lag chart's partitions (B164)", () => {
  const known = ['orders:0', 'orders:1', 'orders:2', 'orders:3', 'orders:4', 'orders:5']
  it.each([
    ['none chosen: the first 4', [], known.slice(0, 4)],
    ['the chosen ones', ['orders:5', 'orders:1'], ['orders:5', 'orders:1']],
    ['one the group no longer reads is dropped', ['orders:9', 'orders:2'], ['orders:2']],
    ['only unknown ones: the first 4 again', ['clicks:0'], known.slice(0, 4)],
  ])('%s', (_name, chosen, shown) => {
    expect(shownPartitions(known, chosen)).toEqual(shown)
  })

  it("keeps only the shown partitions' series", () => {
    const shown = chosenSeries(lagSeries, ['orders:0', 'orders:1', 'orders:2', 'orders:3'])
    expect(shown!.series.map((s) => s.name)).toEqual(['orders / 0', 'orders / 1', 'orders / 2', 'orders / 3'])
  })
})
