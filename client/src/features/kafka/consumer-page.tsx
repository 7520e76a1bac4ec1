import { useParams } from 'react-router-dom'
import { Group, Stack, Title } from '@mantine/core'
import {
  defaultSelectedGroupValues,
  formatCount,
  MULTI_SELECT_MAX,
  type KafkaConsumerDetail,
  type KafkaSeriesResponse,
} from '@costlens/shared'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { MultiSelectFilter } from '../../components/filters/multi-select-filter.tsx'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import type { Kpi } from '../../kit/kpi-row.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useKafkaConsumerLagQuery, useKafkaConsumerQuery } from './api.ts'
import { consumerPartitionColumns, groupStateWords } from './kafka-columns.tsx'
import { KafkaDetailPage } from './kafka-detail-page.tsx'
import { consumerPageState } from './kafka-state.ts'
import { kafkaCharts, unitFormat } from './kafka-units.ts'
import { FRESH, useKafkaWindow, useRefreshed, type KafkaWindow } from './kafka-view.ts'
import { PlotGrid } from '../../kit/plot-chart.tsx'

/** A partition as the address and the chart's choices name it: 'orders:3'. */
export const partitionKey = (p: { topic?: string; partition?: number }) => `${p.topic}:${p.partition}`

/** The group's figures at the window's end, each in its unit. */
export function consumerKpis(g: KafkaConsumerDetail): Kpi[] {
  return [
    { label: 'State', value: groupStateWords(g.state) },
    { label: 'Members', value: formatCount(g.members) },
    { label: 'Total lag', value: unitFormat('messages')(g.totalLag) },
    { label: 'Most on a partition', value: unitFormat('messages')(g.maxLag) },
    { label: 'Topics', value: formatCount(g.topics.length) },
    { label: 'Partitions', value: formatCount(g.partitionCount) },
    { label: 'Coordinator', value: `Broker ${g.coordinatorBrokerId}` },
  ]
}

/** B164: the partitions the lag chart shows: those chosen that the group reads, else its first 4. */
export function shownPartitions(known: readonly string[], chosen: readonly string[]): string[] {
  const picked = chosen.filter((c) => known.includes(c))
  return picked.length ? picked : defaultSelectedGroupValues(known)
}

/** Only the chosen partitions' series of a lag answer. */
export function chosenSeries(response: KafkaSeriesResponse | undefined, chosen: readonly string[]) {
  return response && { ...response, series: response.series.filter((s) => chosen.includes(partitionKey(s))) }
}

/**
 * Lag per partition over the range (consumers/{consumer}/lag by partition): the chosen partitions,
 * or the first 4 when none is chosen (B164, like the console's other group-by charts).
 */
function LagChart(props: {
  cluster: string
  group: KafkaConsumerDetail
  view: KafkaWindow
  now: number
  chosen: readonly string[]
  onChoose: (partitions: string[]) => void
}) {
  const { cluster, group, view } = props
  const args = {
    cluster,
    consumer: group.group,
    ...view.window,
    interval: view.interval,
    by: 'partition' as const,
  }
  const lag = useRefreshed(props.now, args, useKafkaConsumerLagQuery(args, FRESH))
  // The lag beside each partition, grouped as every figure of the page is.
  const options = group.partitions.map((p) => ({
    value: partitionKey(p),
    label: `${p.topic} / ${p.partition} (${formatCount(p.lag)})`,
  }))
  const shown = shownPartitions(
    options.map((o) => o.value),
    props.chosen,
  )
  const charts = kafkaCharts(
    chosenSeries(lag.data, shown),
    'Lag per partition',
    view.range,
    view.exportAllowed,
  )
  return (
    <Stack gap="xs" component="section" aria-labelledby="kafka-lag-title">
      <Title order={2} size="h5" id="kafka-lag-title">
        Lag per partition
      </Title>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Stack w={260} style={{ flexShrink: 0 }}>
          <MultiSelectFilter
            label="Partitions (lag now, messages)"
            options={options}
            value={shown}
            max={MULTI_SELECT_MAX}
            onChange={props.onChoose}
          />
        </Stack>
        <div style={{ flex: 1, minWidth: 0 }}>
          <PanelState {...queryPanel(lag, charts.length === 0)} what="The lag per partition" minHeight={300}>
            <PlotGrid specs={charts} />
          </PanelState>
        </div>
      </Group>
    </Stack>
  )
}

/**
 * /kafkaconsumer/:cluster/:consumer (R116; issue 21; 02 §2 Kafka): a consumer group's state,
 * members and lag; its lag per partition over the range; its partitions (topic, committed offset,
 * log end offset, lag, member), each topic opening its page.
 */
export default function KafkaConsumerPage() {
  const { cluster = '', consumer = '' } = useParams()
  useDocumentTitle(`Consumer group ${consumer}`)
  const list = useListState(consumerPageState)
  const { state, change, clock } = list
  const view = useKafkaWindow(state)
  const args = { cluster, consumer, ...view.window }
  const detail = useRefreshed(clock.now, args, useKafkaConsumerQuery(args, FRESH))
  return (
    <KafkaDetailPage
      title={consumer}
      kind="Consumer group"
      cluster={cluster}
      list={list}
      view={view}
      onInterval={(interval) => change({ type: 'interval', interval })}
      result={detail}
      notFound={`No consumer group ${consumer} in the Kafka cluster ${cluster}.`}
      kpis={consumerKpis}
      render={(g) => (
        <Stack gap="md">
          <LagChart
            cluster={cluster}
            group={g}
            view={view}
            now={clock.now}
            chosen={state.partition}
            onChoose={(partition) => change({ type: 'partition', partition })}
          />
          <DataTable
            caption="Partitions"
            columns={consumerPartitionColumns(cluster)}
            rows={g.partitions}
            rowKey={partitionKey}
            search={false}
            loading={detail.isFetching}
            download={{ name: `kafka_consumer_${consumer}_partitions`, locked: view.downloadLocked }}
          />
        </Stack>
      )}
    />
  )
}
