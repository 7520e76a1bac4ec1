import { useParams } from 'react-router-dom'
import { Stack } from '@mantine/core'
import { formatCount, formatDurationMs, type KafkaTopicDetail } from '@costlens/shared'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import { DetailTable } from '../../kit/detail-table.tsx'
import type { Kpi } from '../../kit/kpi-row.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useKafkaTopicKpiQuery, useKafkaTopicQuery } from './api.ts'
import { PARTITION_COLUMNS, topicConsumerColumns } from './kafka-columns.tsx'
import { KafkaDetailPage } from './kafka-detail-page.tsx'
import { topicPageState } from './kafka-state.ts'
import { kafkaCharts, unitFormat } from './kafka-units.ts'
import { FRESH, useKafkaWindow, useRefreshed, type KafkaWindow } from './kafka-view.ts'
import { PlotGrid } from '../../kit/plot-chart.tsx'

/** A topic's figures over the window (rates averaged, the rest at its end), each in its unit. */
export function topicKpis(t: KafkaTopicDetail): Kpi[] {
  return [
    { label: 'Partitions', value: formatCount(t.partitionCount) },
    { label: 'Replication factor', value: formatCount(t.replicationFactor) },
    {
      label: 'Under-replicated partitions',
      value: formatCount(t.underReplicatedPartitions),
      ...(t.underReplicatedPartitions > 0 && { note: 'Replicas out of sync', noteTone: 'worse' as const }),
    },
    { label: 'Size', value: unitFormat('bytes')(t.sizeBytes) },
    { label: 'Retention', value: formatDurationMs(t.retentionMs) },
    { label: 'Bytes in', value: unitFormat('bytes/s')(t.bytesInPerSec) },
    { label: 'Bytes out', value: unitFormat('bytes/s')(t.bytesOutPerSec) },
    { label: 'Messages in', value: unitFormat('messages/s')(t.messagesInPerSec) },
    { label: 'Consumer groups', value: formatCount(t.consumerGroups.length) },
  ]
}

/** The topic's throughput over the range (kpi_topics with the topic), one chart per unit. */
function Throughput({
  cluster,
  topic,
  view,
  now,
}: {
  cluster: string
  topic: string
  view: KafkaWindow
  now: number
}) {
  const args = { cluster, topic, ...view.window, interval: view.interval }
  const kpi = useRefreshed(now, args, useKafkaTopicKpiQuery(args, FRESH))
  const charts = kafkaCharts(kpi.data, topic, view.range, view.exportAllowed)
  return (
    <section aria-label="Throughput">
      <PanelState {...queryPanel(kpi, charts.length === 0)} what="The topic's throughput" minHeight={300}>
        <PlotGrid specs={charts} />
      </PanelState>
    </section>
  )
}

/**
 * /kafkatopic/:cluster/:topic (R115; issue 21; 02 §2 Kafka): a topic's figures, its throughput over
 * the range, its partitions (leader, replicas, ISR, offsets, size) and the consumer groups reading
 * it with their lag, each opening the group's page.
 */
export default function KafkaTopicPage() {
  const { cluster = '', topic = '' } = useParams()
  useDocumentTitle(`Topic ${topic}`)
  const list = useListState(topicPageState)
  const { state, change, clock } = list
  const view = useKafkaWindow(state)
  const args = { cluster, topic, ...view.window }
  const detail = useRefreshed(clock.now, args, useKafkaTopicQuery(args, FRESH))
  return (
    <KafkaDetailPage
      title={topic}
      kind="Topic"
      cluster={cluster}
      list={list}
      view={view}
      onInterval={(interval) => change({ type: 'interval', interval })}
      result={detail}
      notFound={`No topic ${topic} in the Kafka cluster ${cluster}.`}
      kpis={topicKpis}
      render={(t) => (
        <Stack gap="md">
          <Throughput cluster={cluster} topic={topic} view={view} now={clock.now} />
          <DataTable
            caption="Partitions"
            columns={PARTITION_COLUMNS}
            rows={t.partitions}
            rowKey={(p) => String(p.partition)}
            search={false}
            loading={detail.isFetching}
            download={{ name: `kafka_topic_${topic}_partitions`, locked: view.downloadLocked }}
          />
          <DetailTable
            caption={`Consumer groups reading ${topic}`}
            columnsKey="kafka-topic-consumers"
            columns={topicConsumerColumns(cluster)}
            rows={t.consumerGroups}
            rowKey={(g) => g.group}
            loading={detail.isFetching}
            emptyText="No consumer group reads this topic."
          />
        </Stack>
      )}
    />
  )
}
