import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ingestionEndpoints,
  type ConsumptionTopic,
  type IngestionMonitor,
  type IngestionRun,
  type IngestionRunPage,
  type IngestionSource,
  type KafkaConsumption,
} from '@costlens/shared'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import { findChart, findSettledTable, rowsOf } from '../../../test/page-queries.ts'
import IngestionMonitorPage from './ingestion-monitor-page.tsx'
import KafkaConsumptionPage from './kafka-consumption-page.tsx'

afterEach(() => vi.unstubAllGlobals())

const HOUR = 3_600_000
const T0 = Date.parse('2026-11-22T12:00:00.000Z')
const iso = (ms: number) => new Date(ms).toISOString()
const PRIVILEGES = "SQL access control error: Insufficient privileges to operate on schema 'ACCOUNT_USAGE'"

const source = (over: Partial<IngestionSource>): IngestionSource => ({
  id: 'QUERY_HISTORY',
  view: 'SNOWFLAKE.ACCOUNT_USAGE.QUERY_HISTORY',
  feeds: 'Queries, their cost and insights',
  topic: 'costlens.snowflake.query_history',
  kind: 'events',
  scheduleMinutes: 60,
  latencyMinutes: 45,
  expectedLagMinutes: 165,
  status: 'healthy',
  statusReason: 'Lag within the 165 min the schedule allows',
  lastRunAt: iso(T0 - 55 * 60_000),
  lastSuccessAt: iso(T0 - 55 * 60_000),
  ingestedUntil: iso(T0 - 2 * HOUR),
  lagMinutes: 120,
  consecutiveFailures: 0,
  runs: 168,
  failedRuns: 5,
  rowsIngested: 4_670,
  rowsPerHour: [
    [iso(T0 - 4 * HOUR), 30],
    [iso(T0 - 3 * HOUR), 42],
  ],
  ...over,
})

const monitor: IngestionMonitor = {
  now: iso(T0),
  startTime: iso(T0 - 7 * 24 * HOUR),
  endTime: iso(T0),
  sources: [
    source({}),
    source({
      id: 'ACCESS_HISTORY',
      view: 'SNOWFLAKE.ACCOUNT_USAGE.ACCESS_HISTORY',
      feeds: "Queries' input and output tables",
      status: 'failing',
      statusReason: 'The last 3 runs failed',
      lagMinutes: 420,
      consecutiveFailures: 3,
      failedRuns: 7,
      rowsIngested: 4_490,
    }),
  ],
}

const run = (id: number, over: Partial<IngestionRun> = {}): IngestionRun => ({
  id,
  status: 'succeeded',
  startedAt: iso(T0 - id * HOUR),
  durationMs: 2_500,
  rows: 40,
  windowStart: iso(T0 - (id + 4) * HOUR),
  windowEnd: iso(T0 - (id + 3) * HOUR),
  error: null,
  ...over,
})

const failedRun = run(1, { status: 'failed', rows: 0, durationMs: 320, error: PRIVILEGES })

function renderMonitor() {
  const api = stubApi(
    on('GET', ingestionEndpoints.monitor.path, () => json(monitor)),
    on('GET', ingestionEndpoints.runs.path.replace('{source}', 'ACCESS_HISTORY'), (request) => {
      const params = new URL(request.url).searchParams
      const runs = params.get('status') === 'failed' ? [failedRun] : [failedRun, run(2), run(3)]
      const page: IngestionRunPage = {
        source: 'ACCESS_HISTORY',
        total: runs.length,
        page: 1,
        pageSize: 15,
        runs,
      }
      return json(page)
    }),
    on('GET', ingestionEndpoints.runs.path.replace('{source}', 'QUERY_HISTORY'), () =>
      json({
        source: 'QUERY_HISTORY',
        total: 1,
        page: 1,
        pageSize: 15,
        runs: [run(4)],
      } satisfies IngestionRunPage),
    ),
  )
  renderWithProviders(<IngestionMonitorPage />, {
    preloadedState: signedIn(testUser({ clusterType: 'SNOWFLAKE', role: 'admin' })),
    route: '/manage/data_ingestion_monitor',
  })
  return api
}

describe('Data ingestion monitor (R130 /manage/data_ingestion_monitor)', () => {
  it('shows each source with its status, lag and rows, and the rows delivered per hour', async () => {
    renderMonitor()
    const kpis = await screen.findByRole('region', { name: 'Ingestion in the range' })
    expect(kpis).toHaveTextContent('1 of 2 healthy')
    expect(kpis).toHaveTextContent('0 delayed, 1 failing')
    expect(kpis).toHaveTextContent('9,160')
    expect(kpis).toHaveTextContent('7 h')
    // Behind by what its schedule allows, not by the age of its data.
    expect(kpis).toHaveTextContent('ACCESS_HISTORY: 4 h 15 min over its 2 h 45 min')
    expect(await findChart('Rows delivered per hour (rows)')).toBeInTheDocument()
    const rows = await rowsOf('Sources')
    expect(rows[0]).toHaveTextContent('QUERY_HISTORY')
    expect(rows[0]).toHaveTextContent('Healthy')
    expect(rows[0]).toHaveTextContent('2 h')
    expect(rows[1]).toHaveTextContent('ACCESS_HISTORY')
    expect(rows[1]).toHaveTextContent('Failing')
    expect(rows[1]).toHaveTextContent('The last 3 runs failed')
    expect(rows[1]).toHaveTextContent('7 of 168')
  })

  it("opens on the failing source's runs; the status filter asks the server, and a failed run's error opens whole", async () => {
    const user = userEvent.setup()
    const api = renderMonitor()
    const table = await findSettledTable({ name: 'ACCESS_HISTORY runs' })
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(3)
    await user.click(screen.getByRole('radio', { name: 'Failed' }))
    await waitFor(() =>
      expect(api.requests.some((r) => new URL(r.url).searchParams.get('status') === 'failed')).toBe(true),
    )
    await waitFor(async () => expect(await rowsOf('ACCESS_HISTORY runs')).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: PRIVILEGES }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent(/ACCESS_HISTORY run at .* failed/)
    expect(dialog).toHaveTextContent(PRIVILEGES)
  })

  it("shows another source's runs when its name is clicked", async () => {
    const user = userEvent.setup()
    renderMonitor()
    await findSettledTable({ name: 'ACCESS_HISTORY runs' })
    await user.click(screen.getByRole('button', { name: 'QUERY_HISTORY' }))
    expect(await findSettledTable({ name: 'QUERY_HISTORY runs' })).toBeInTheDocument()
  })
})

const topic = (over: Partial<ConsumptionTopic>): ConsumptionTopic => ({
  name: 'costlens.snowflake.query_history',
  source: 'QUERY_HISTORY',
  consumerGroup: 'costlens-loader-snowflake',
  capacityPerHour: 60,
  messagesIn: 150,
  messagesOut: 120,
  lag: 30,
  maxLag: 45,
  partitions: [
    { partition: 0, logEndOffset: 1_000, committedOffset: 980, lag: 20 },
    { partition: 1, logEndOffset: 900, committedOffset: 890, lag: 10 },
  ],
  hours: [
    { time: iso(T0 - 2 * HOUR), messagesIn: 100, messagesOut: 55, lag: 45 },
    { time: iso(T0 - HOUR), messagesIn: 50, messagesOut: 65, lag: 30 },
  ],
  ...over,
})

const consumption: KafkaConsumption = {
  now: iso(T0),
  startTime: iso(T0 - 7 * 24 * HOUR),
  endTime: iso(T0),
  topics: [
    topic({}),
    topic({
      name: 'costlens.snowflake.table_storage',
      source: 'TABLE_STORAGE_METRICS',
      messagesIn: 21,
      messagesOut: 21,
      lag: 0,
      maxLag: 0,
      partitions: [{ partition: 0, logEndOffset: 700, committedOffset: 700, lag: 0 }],
      hours: [
        { time: iso(T0 - 2 * HOUR), messagesIn: 21, messagesOut: 21, lag: 0 },
        { time: iso(T0 - HOUR), messagesIn: 0, messagesOut: 0, lag: 0 },
      ],
    }),
  ],
}

function renderKafka(clusterType: 'SNOWFLAKE' | 'BIGQUERYV2' = 'SNOWFLAKE') {
  stubApi(on('GET', ingestionEndpoints.kafka.path, () => json(consumption)))
  renderWithProviders(<KafkaConsumptionPage />, {
    preloadedState: signedIn(testUser({ clusterType, role: clusterType === 'SNOWFLAKE' ? 'admin' : 'user' })),
    route: '/manage/kafka_consumption',
  })
}

describe('Kafka consumption (R131, R165 /manage/kafka_consumption)', () => {
  it('shows the messages in and out, the lag now and over time, and each partition', async () => {
    renderKafka()
    const kpis = await screen.findByRole('region', { name: 'Consumption in the range' })
    expect(kpis).toHaveTextContent('Topics2')
    expect(kpis).toHaveTextContent('171')
    expect(kpis).toHaveTextContent('1 topic behind')
    expect(await findChart('Messages in and out per hour (messages)')).toBeInTheDocument()
    expect(await findChart('Consumer lag (messages)')).toBeInTheDocument()
    const topics = await rowsOf('Topics')
    expect(topics[0]).toHaveTextContent('costlens.snowflake.query_history')
    expect(topics[0]).toHaveTextContent('costlens-loader-snowflake')
    const partitions = await rowsOf('Partitions now')
    expect(partitions).toHaveLength(3)
    expect(partitions[0]).toHaveTextContent('980')
  })

  it('narrows every figure to one topic', async () => {
    const user = userEvent.setup()
    renderKafka('BIGQUERYV2')
    await rowsOf('Topics')
    await user.click(screen.getByLabelText('Topic', { selector: 'input' }))
    await user.click(await screen.findByRole('option', { name: 'costlens.snowflake.table_storage' }))
    await waitFor(async () => expect(await rowsOf('Topics')).toHaveLength(1))
    const kpis = screen.getByRole('region', { name: 'Consumption in the range' })
    expect(kpis).toHaveTextContent('Every topic caught up')
  })
})
