import { Group, Select, Stack, Text } from '@mantine/core'
import { autoSelectFirst, KAFKA_MAX_PAGE_SIZE, KAFKA_MAX_WINDOW_DAYS } from '@costlens/shared'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { ClusterSelect, shownByName } from '../../kit/cluster-select.tsx'
import { DetailPage } from '../../kit/detail-page.tsx'
import { IntervalSelect } from '../../kit/interval-select.tsx'
import { RangePicker, RefreshButton } from '../../kit/page-header.tsx'
import { PlotGrid } from '../../kit/plot-chart.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import {
  useKafkaBrokerKpiQuery,
  useKafkaBrokersQuery,
  useKafkaClusterKpiQuery,
  useKafkaClustersQuery,
  useKafkaTopicKpiQuery,
  useKafkaTopicsQuery,
} from './api.ts'
import {
  KPI_TYPES,
  metricsPageState,
  PLOT_TYPES,
  type KpiType,
  type MetricsChange,
  type PlotType,
} from './kafka-state.ts'
import { kafkaCharts } from './kafka-units.ts'
import { FRESH, useKafkaWindow, useRefreshed, type KafkaWindow } from './kafka-view.ts'
import { intervalChoices } from './kafka-window.ts'

const KPI_LABELS: Readonly<Record<KpiType, string>> = { cluster: 'Cluster', broker: 'Broker', topic: 'Topic' }
const PLOT_LABELS: Readonly<Record<PlotType, string>> = { line: 'Lines', area: 'Areas' }

interface ChartsProps {
  cluster: string
  view: KafkaWindow
  now: number
  kpiType: KpiType
  brokerName: string
  topic: string
  plotType: PlotType
  change: (event: MetricsChange) => void
}

/**
 * The series of what kpiType names, one chart per unit: the cluster (its brokers summed), a broker
 * (the chosen one, else the first) or a topic (likewise). Each call is made only for its own kpiType.
 */
function MetricsCharts(props: ChartsProps) {
  const { cluster, view, now, kpiType } = props
  const series = { cluster, ...view.window, interval: view.interval }
  const brokersArgs = { cluster_id: cluster, ...view.window }
  const brokers = useKafkaBrokersQuery(brokersArgs, { skip: kpiType !== 'broker' })
  const topicsArgs = { cluster, ...view.window, size: KAFKA_MAX_PAGE_SIZE, sort: 'topic' as const }
  const topics = useKafkaTopicsQuery(topicsArgs, { skip: kpiType !== 'topic' })
  const hosts = (brokers.data ?? []).map((b) => b.host)
  const topicNames = (topics.data?.topics ?? []).map((t) => t.topic)
  const broker = autoSelectFirst(hosts, props.brokerName)
  const topic = autoSelectFirst(topicNames, props.topic)
  const clusterArgs = series
  const brokerArgs = { ...series, broker: broker ?? '' }
  const topicArgs = { ...series, topic: topic ?? '' }
  const skip = {
    cluster: kpiType !== 'cluster',
    broker: kpiType !== 'broker' || !broker,
    topic: kpiType !== 'topic' || !topic,
  }
  const kpis = {
    cluster: useRefreshed(
      now,
      clusterArgs,
      useKafkaClusterKpiQuery(clusterArgs, { ...FRESH, skip: skip.cluster }),
      skip.cluster,
    ),
    broker: useRefreshed(
      now,
      brokerArgs,
      useKafkaBrokerKpiQuery(brokerArgs, { ...FRESH, skip: skip.broker }),
      skip.broker,
    ),
    topic: useRefreshed(
      now,
      topicArgs,
      useKafkaTopicKpiQuery(topicArgs, { ...FRESH, skip: skip.topic }),
      skip.topic,
    ),
  }
  const result = kpis[kpiType]
  // A broker by its id in titles (a host name fills a chart's title), by id and host in the picker.
  const brokerId = brokers.data?.find((b) => b.host === broker)?.brokerId
  const subject =
    kpiType === 'cluster' ? cluster : kpiType === 'broker' ? `Broker ${brokerId ?? ''}` : (topic ?? '')
  const charts = kafkaCharts(result.data, subject, view.range, view.exportAllowed)
  // Before the broker or topic list has answered there is no series call yet: the list's state shows.
  const shown = result.isUninitialized ? (kpiType === 'broker' ? brokers : topics) : result
  const choices =
    kpiType === 'broker'
      ? (brokers.data ?? []).map((b) => ({ value: b.host, label: `${b.brokerId} · ${b.host}` }))
      : kpiType === 'topic'
        ? topicNames
        : []
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end">
        <Select
          label="Metrics of"
          w={140}
          data={KPI_TYPES.map((k) => ({ value: k, label: KPI_LABELS[k] }))}
          value={kpiType}
          allowDeselect={false}
          onChange={(k) => k && props.change({ type: 'kpiType', kpiType: k as KpiType })}
        />
        {kpiType !== 'cluster' && (
          <Select
            label={KPI_LABELS[kpiType]}
            w={340}
            data={choices}
            value={kpiType === 'broker' ? broker : topic}
            allowDeselect={false}
            searchable
            nothingFoundMessage="None matches"
            onChange={(v) =>
              v &&
              props.change({
                type: 'filters',
                filters: kpiType === 'broker' ? { brokerName: v } : { topic_id: v },
              })
            }
          />
        )}
        <Select
          label="Plot type"
          w={110}
          data={PLOT_TYPES.map((p) => ({ value: p, label: PLOT_LABELS[p] }))}
          value={props.plotType}
          allowDeselect={false}
          onChange={(p) => p && props.change({ type: 'plotType', plotType: p as PlotType })}
        />
      </Group>
      <section aria-label={`${KPI_LABELS[kpiType]} metrics`}>
        <PanelState
          {...queryPanel(shown, charts.length === 0)}
          what={`${subject || KPI_LABELS[kpiType]} metrics`}
          emptyText={
            kpiType !== 'cluster' && choices.length === 0 && !shown.isFetching
              ? `No ${kpiType} in this cluster.`
              : undefined
          }
          minHeight={300}
        >
          <PlotGrid specs={charts} plotType={props.plotType} />
        </PanelState>
      </section>
    </Stack>
  )
}

/**
 * /clusters/kafka/metrics (R011, R058; issue 21; 02 §2 Kafka): KPI charts of a Kafka cluster, one of
 * its brokers or one of its topics over the range at 1h or 1m, as lines or areas; every choice in
 * the address.
 */
export default function KafkaMetricsPage() {
  useDocumentTitle('Kafka metrics')
  const list = useListState(metricsPageState)
  const { state, change, clock } = list
  const view = useKafkaWindow(state)
  const args = { gte: view.window.start_time, lte: view.window.end_time }
  const clusters = useRefreshed(clock.now, args, useKafkaClustersQuery(args, FRESH))
  const cluster = shownByName(clusters.data ?? [], state.kafkaClusterName, (c) => c.cluster)
  const back = cluster
    ? `/clusters/kafka?kafkaClusterName=${encodeURIComponent(cluster.cluster)}`
    : '/clusters/kafka'
  return (
    <DetailPage
      title="Kafka metrics"
      what="Kafka clusters"
      back={{ label: 'Kafka', to: back }}
      result={clusters}
      missing={clusters.data?.length === 0 ? 'No Kafka cluster to show.' : undefined}
      badge={() =>
        view.cut && (
          <Text size="sm" c="dimmed">
            the last {KAFKA_MAX_WINDOW_DAYS} days of the range
          </Text>
        )
      }
      actions={
        <>
          <ClusterSelect
            label="Kafka cluster"
            names={(clusters.data ?? []).map((c) => c.cluster)}
            value={cluster?.cluster}
            onChange={(name) => change({ type: 'kafkaClusterName', kafkaClusterName: name })}
          />
          <RangePicker list={list} />
          <IntervalSelect
            value={view.interval}
            choices={intervalChoices(view.range.from, view.range.to)}
            onChange={(interval) => change({ type: 'interval', interval })}
          />
          <RefreshButton clock={clock} />
        </>
      }
      tabs={[
        {
          value: 'metrics',
          label: 'Metrics',
          render: () =>
            cluster && (
              <MetricsCharts
                cluster={cluster.cluster}
                view={view}
                now={clock.now}
                kpiType={state.kpiType}
                brokerName={state.filters.brokerName}
                topic={state.filters.topic_id}
                plotType={state.plotType}
                change={change}
              />
            ),
        },
      ]}
    />
  )
}
