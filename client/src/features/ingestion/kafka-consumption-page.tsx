import { useSearchParams } from 'react-router-dom'
import { Group, Select, Stack } from '@mantine/core'
import {
  formatCount,
  type ConsumptionTopic,
  type KafkaConsumption,
  type TopicPartition,
} from '@costlens/shared'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { costWindowParams } from '../../kit/cost-page.tsx'
import { DashboardPanel } from '../../kit/dashboard-panel.tsx'
import type { Kpi } from '../../kit/kpi-row.tsx'
import { useRefetchOnTick } from '../../kit/page-clock.ts'
import { PageHeader, RangePicker, RefreshButton } from '../../kit/page-header.tsx'
import { useAddressRange } from '../../kit/use-address-range.ts'
import { useKafkaConsumptionQuery } from './api.ts'

const ALL = 'all'
const messages = (v: number) => `${formatCount(v)} messages`
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0)

function kpis(topics: readonly ConsumptionTopic[]): Kpi[] {
  const lag = sum(topics.map((t) => t.lag))
  const behind = topics.filter((t) => t.lag > 0).length
  return [
    {
      label: 'Topics',
      value: formatCount(topics.length),
      note: `${formatCount(sum(topics.map((t) => t.partitions.length)))} partitions`,
    },
    {
      label: 'Messages in (messages)',
      value: formatCount(sum(topics.map((t) => t.messagesIn))),
      note: 'published by the ingestion runs',
    },
    {
      label: 'Messages out (messages)',
      value: formatCount(sum(topics.map((t) => t.messagesOut))),
      note: 'consumed by the loader',
    },
    {
      label: 'Consumer lag now (messages)',
      value: formatCount(lag),
      note: behind ? `${behind} topic${behind === 1 ? '' : 's'} behind` : 'Every topic caught up',
      ...(behind > 0 && { noteTone: 'worse' as const }),
    },
    {
      label: 'Largest lag in the range (messages)',
      value: formatCount(Math.max(0, ...topics.map((t) => t.maxLag))),
      note: 'at an hour’s end',
    },
  ]
}

const count = <R,>(key: keyof R & string, title: string, width = 130): DataColumn<R> => ({
  key,
  title,
  width,
  align: 'right',
  value: (r) => r[key],
  render: (r) => formatCount(Number(r[key])),
})

const TOPIC_COLUMNS: DataColumn<ConsumptionTopic>[] = [
  { key: 'name', title: 'Topic', width: 300, priority: 1, sticky: true },
  { key: 'source', title: 'Source', width: 220, priority: 2 },
  { key: 'consumerGroup', title: 'Consumer group', width: 200, priority: 3 },
  {
    key: 'partitions',
    title: 'Partitions',
    width: 100,
    align: 'right',
    value: (t) => t.partitions.length,
    render: (t) => formatCount(t.partitions.length),
  },
  count<ConsumptionTopic>('messagesIn', 'Messages in'),
  count<ConsumptionTopic>('messagesOut', 'Messages out'),
  count<ConsumptionTopic>('lag', 'Lag now (messages)', 160),
  count<ConsumptionTopic>('maxLag', 'Largest lag (messages)', 180),
  count<ConsumptionTopic>('capacityPerHour', 'Capacity (messages/h)', 180),
]

type PartitionRow = TopicPartition & { topic: string }

const PARTITION_COLUMNS: DataColumn<PartitionRow>[] = [
  { key: 'topic', title: 'Topic', width: 300, sticky: true },
  { key: 'partition', title: 'Partition', width: 100, align: 'right' },
  count<PartitionRow>('logEndOffset', 'Log-end offset', 150),
  count<PartitionRow>('committedOffset', 'Committed offset', 160),
  count<PartitionRow>('lag', 'Lag (messages)', 140),
]

/** Hour by hour, the topics' figures added up (every topic's hours are the same hours). */
function hourly(topics: readonly ConsumptionTopic[], pick: (h: ConsumptionTopic['hours'][number]) => number) {
  const byTime = new Map<number, number>()
  for (const t of topics)
    for (const h of t.hours) byTime.set(Date.parse(h.time), (byTime.get(Date.parse(h.time)) ?? 0) + pick(h))
  return [...byTime].sort((a, b) => a[0] - b[0]).map(([time, v]) => [time, v] as const)
}

/**
 * /manage/kafka_consumption (R131 Snowflake, admin only; R165 BigQuery): the console's own ingestion
 * topics of the user's platform. Each run publishes its rows, one message each, and the loader's
 * consumer group reads them into the store; the page shows messages in and out per hour, the lag at
 * each hour's end, and each partition's offsets and lag now.
 */
export default function KafkaConsumptionPage() {
  const [params, setParams] = useSearchParams()
  const range = useAddressRange({ preset: '7_d' })
  const request = costWindowParams(range.state.dateRange)
  const result = useKafkaConsumptionQuery(request)
  useRefetchOnTick(range.clock.now, request, result.refetch)
  const asked = params.get('topic') ?? ALL
  const shownTopics = (d: KafkaConsumption) =>
    asked === ALL ? d.topics : d.topics.filter((t) => t.name === asked)
  return (
    <Stack gap="md">
      <PageHeader
        title="Kafka Consumption"
        description="This console's own ingestion topics: what the runs publish, what the loader consumes, and the lag between."
      >
        <RangePicker list={range} />
        <RefreshButton clock={range.clock} />
      </PageHeader>
      <Group>
        <Select
          label="Topic"
          w={340}
          data={[
            { value: ALL, label: 'All topics' },
            ...(result.data?.topics ?? []).map((t) => ({ value: t.name, label: t.name })),
          ]}
          value={asked}
          allowDeselect={false}
          onChange={(v) =>
            v &&
            setParams(
              (p) => {
                if (v === ALL) p.delete('topic')
                else p.set('topic', v)
                return p
              },
              { replace: true },
            )
          }
        />
      </Group>
      <DashboardPanel
        what="The Kafka consumption"
        result={result}
        kpiLabel="Consumption in the range"
        kpis={(d) => kpis(shownTopics(d))}
        cols={2}
        charts={(d) => {
          const topics = shownTopics(d)
          const span = { from: Date.parse(d.startTime), to: Date.parse(d.endTime) }
          return [
            {
              kind: 'line',
              title: 'Messages in and out per hour (messages)',
              description: 'Messages the ingestion runs published and the loader consumed, each hour.',
              series: [
                { name: 'In', data: hourly(topics, (h) => h.messagesIn) },
                { name: 'Out', data: hourly(topics, (h) => h.messagesOut) },
              ],
              range: span,
              yAxisTitle: 'messages',
              integerValues: true,
              valueFormat: messages,
            },
            {
              kind: 'line',
              title: 'Consumer lag (messages)',
              description: 'Messages waiting for the loader at the end of each hour, per topic.',
              series: topics.map((t) => ({
                name: t.name,
                data: t.hours.map((h) => [Date.parse(h.time), h.lag] as const),
              })),
              range: span,
              yAxisTitle: 'messages',
              integerValues: true,
              valueFormat: messages,
            },
          ]
        }}
      >
        {(d) => (
          <>
            <DataTable<ConsumptionTopic>
              caption="Topics"
              columns={TOPIC_COLUMNS}
              rows={shownTopics(d)}
              rowKey={(t) => t.name}
              paginate={false}
              search={false}
              download={{ name: 'ingestion_topics', formats: ['csv'] }}
            />
            <DataTable<PartitionRow>
              caption="Partitions now"
              columns={PARTITION_COLUMNS}
              rows={shownTopics(d).flatMap((t) => t.partitions.map((p) => ({ ...p, topic: t.name })))}
              rowKey={(p) => `${p.topic}-${p.partition}`}
              defaultView={{ pageSize: 25 }}
              search={false}
              download={{ name: 'ingestion_partitions', formats: ['csv'] }}
            />
          </>
        )}
      </DashboardPanel>
    </Stack>
  )
}
