import {
  KAFKA_CONSUMER_SORTS,
  KAFKA_TOPIC_SORTS,
  SCREEN_DEFAULT_RANGES,
  type KafkaInterval,
  type SortState,
} from '@costlens/shared'
import { addressRange, many, page, pageSize, sort, tabs, text } from '../../kit/fields.ts'
import { defineListState, type ListChange } from '../../kit/list-state.ts'
import { PLOT_TYPES } from '../../kit/plot-chart.tsx'

/*
 * The Kafka pages' state in the address (02 §2 Kafka: dateRange with interval, kafkaClusterName,
 * kpiType, brokerName, topic_id, partition, plotType), so a reload or a shared link shows the same
 * view. Every page opens on today at 1h (SCREEN_DEFAULT_RANGES.kafka); the topic and consumer pages
 * take their cluster from the path.
 */

/** The intervals the spec gives the Kafka pages (1h, 1m), the opening one first. */
export type PageInterval = Extract<KafkaInterval, '1h' | '1m'>
export const PAGE_INTERVALS = SCREEN_DEFAULT_RANGES.kafka.intervals as readonly PageInterval[]

/** What the metrics page charts: the whole cluster, one broker or one topic. */
export const KPI_TYPES = ['cluster', 'broker', 'topic'] as const
export type KpiType = (typeof KPI_TYPES)[number]

/** How the series are drawn: lines, or areas filled down to zero (the kit's plot types). */
export { PLOT_TYPES, type PlotType } from '../../kit/plot-chart.tsx'

const range = addressRange({ preset: SCREEN_DEFAULT_RANGES.kafka.range })
const interval = tabs<PageInterval>('interval', PAGE_INTERVALS, PAGE_INTERVALS[0])
const kafkaClusterName = text('kafkaClusterName')

/** The cluster page's tables, each a tab; topics first, the way to a topic's consumers. */
export const CLUSTER_TABS = ['topics', 'consumers', 'brokers'] as const
export type ClusterTab = (typeof CLUSTER_TABS)[number]

/** Each server table's own sort: the busiest topics, the groups furthest behind. */
const TAB_SORTS: Readonly<Record<string, SortState>> = {
  topics: { key: 'bytesInPerSec', direction: 'desc' },
  consumers: { key: 'totalLag', direction: 'desc' },
  brokers: { key: 'brokerId', direction: 'asc' },
}
const TAB_SORT_KEYS: Readonly<Record<string, readonly string[]>> = {
  topics: KAFKA_TOPIC_SORTS,
  consumers: KAFKA_CONSUMER_SORTS,
}

/**
 * /clusters/kafka: the cluster (by name, as the spec keeps it), the table shown, and its sort and
 * page as the API offers them (topics and groups are paged by the server; brokers come whole). A
 * new tab takes its own sort and page 1.
 */
export const clusterPageState = defineListState({
  range,
  fields: {
    kafkaClusterName,
    tab: tabs('tab', CLUSTER_TABS),
    sort: sort(
      'sort',
      (tab) => TAB_SORTS[tab] ?? TAB_SORTS.topics!,
      (key, { tab }) => !TAB_SORT_KEYS[tab ?? ''] || TAB_SORT_KEYS[tab ?? '']!.includes(key),
    ),
    page: page(),
    pageSize: pageSize(15),
  },
  filters: {},
  tab: 'tab',
})

const metricsFields = {
  interval,
  kafkaClusterName,
  kpiType: tabs('kpiType', KPI_TYPES),
  plotType: tabs('plotType', PLOT_TYPES),
}
const metricsFilters = { brokerName: text('brokerName'), topic_id: text('topic_id') }

/**
 * /clusters/kafka/metrics: the cluster, what is charted (kpiType with its broker or topic) and how.
 * A new cluster or a new kpiType sends broker and topic back to none (then the first is shown).
 */
export const metricsPageState = defineListState({
  range,
  fields: metricsFields,
  filters: metricsFilters,
  resetFiltersOn: ['kafkaClusterName', 'kpiType'],
})
export type MetricsChange = ListChange<typeof metricsFields, typeof metricsFilters>

/** /kafkatopic/:cluster/:topic: the window of its throughput chart. */
export const topicPageState = defineListState({ range, fields: { interval }, filters: {} })

/**
 * /kafkaconsumer/:cluster/:consumer: the window of the lag chart and its partitions (`partition`,
 * 'topic:partition' items); none chosen means the first 4 (B164, like the other group-by charts).
 */
export const consumerPageState = defineListState({
  range,
  fields: { interval, partition: many('partition') },
  filters: {},
})
