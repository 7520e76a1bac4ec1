import {
  formatCount,
  formatDurationMs,
  type KafkaBrokerRow,
  type KafkaConsumerPartition,
  type KafkaConsumerRow,
  type KafkaGroupState,
  type KafkaPartitionRow,
  type KafkaTopicDetail,
  type KafkaTopicRow,
  type StatusStyle,
} from '@costlens/shared'
import { StatusBadge } from '../../components/status/status-badge.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { columns as col } from '../../kit/columns.tsx'
import { unitFormat } from './kafka-units.ts'

/*
 * The columns of the Kafka tables: every measure in its unit (in the cell, so the heading stays
 * short), topics and groups as links to their pages. Topics and groups are sorted by the server,
 * so only the columns its `sort` knows are sortable there.
 */

type Key<R> = keyof R & string

/** The address of a topic's page and of a consumer group's page (01 §2.3, R115, R116). */
export const topicHref = (cluster: string, topic: string) =>
  `/kafkatopic/${encodeURIComponent(cluster)}/${encodeURIComponent(topic)}`
export const consumerHref = (cluster: string, group: string) =>
  `/kafkaconsumer/${encodeURIComponent(cluster)}/${encodeURIComponent(group)}`

const inUnit = <R,>(key: Key<R>, title: string, unit: string, width = 140) =>
  col.figure<R>(key, title, width, unitFormat(unit))
const count = <R,>(key: Key<R>, title: string, width = 120) => inUnit<R>(key, title, 'count', width)
const unsortable = <R,>(column: DataColumn<R>): DataColumn<R> => ({ ...column, sortable: false })
/** How much a column matters on a narrow table: 1 always shown, then 2 and 3 give way (the kit's fitColumns). */
const ranked = <R,>(priority: number, column: DataColumn<R>): DataColumn<R> => ({ ...column, priority })
/** Replica lists as broker ids: '1001, 1002, 1003'. */
const brokerList = <R,>(key: Key<R>, title: string): DataColumn<R> => ({
  key,
  title,
  width: 160,
  sortable: false,
  value: (r) => (r[key] as readonly number[]).join(', '),
})

/** Kafka's group states as the console's status styles; the word is always shown beside the colour. */
const GROUP_STATE_STYLES: Readonly<Record<KafkaGroupState, StatusStyle>> = {
  Stable: 'success',
  PreparingRebalance: 'running',
  CompletingRebalance: 'running',
  Empty: 'waiting',
  Dead: 'killed',
}
export const groupStateStyle = (state: string): StatusStyle =>
  GROUP_STATE_STYLES[state as KafkaGroupState] ?? 'unknown'
/** A group state in words: 'PreparingRebalance' → 'Preparing rebalance'. */
export const groupStateWords = (state: string) =>
  state.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').replace(/ [A-Z]/g, (c) => c.toLowerCase())
const groupState = <R,>(key: Key<R>): DataColumn<R> => ({
  key,
  title: 'State',
  width: 180,
  value: (r) => groupStateWords(String(r[key])),
  render: (r) => (
    <StatusBadge
      code={String(r[key])}
      label={groupStateWords(String(r[key]))}
      style={groupStateStyle(String(r[key]))}
    />
  ),
})
/** Lag in messages: the unit in the heading, so long figures are not cut. */
const lag = <R,>(key: Key<R>, title: string, width = 170) => count<R>(key, `${title} (messages)`, width)

/** The brokers (every one at once: a cluster has a handful), sorted in the browser. */
export const BROKER_COLUMNS: DataColumn<KafkaBrokerRow>[] = [
  { ...col.count<KafkaBrokerRow>('brokerId', 'Broker', 100), sticky: true, priority: 1 },
  ranked(1, col.text('host', 'Host', 260)),
  ranked(3, col.text('rack', 'Rack', 90)),
  ranked(1, col.yesNo('controller', 'Controller', 'Active', 110)),
  ranked(1, col.yesNo('behind', 'Out of sync', 'Yes', 110)),
  ranked(2, count('partitionCount', 'Replicas')),
  ranked(2, count('leaderCount', 'Leaders')),
  ranked(1, count('underReplicatedPartitions', 'Under-replicated', 150)),
  ranked(1, count('offlinePartitions', 'Offline', 100)),
  ranked(1, inUnit('bytesInPerSec', 'Bytes in', 'bytes/s')),
  ranked(1, inUnit('bytesOutPerSec', 'Bytes out', 'bytes/s')),
  ranked(2, inUnit('messagesInPerSec', 'Messages in', 'messages/s', 170)),
  ranked(3, inUnit('requestHandlerAvgIdlePercent', 'Handler idle', '%', 120)),
  ranked(3, inUnit('sizeBytes', 'Size', 'bytes', 110)),
]

/** The cluster's topics (server-sorted by KAFKA_TOPIC_SORTS); the name opens the topic's page. */
export function topicColumns(cluster: string): DataColumn<KafkaTopicRow>[] {
  return [
    {
      ...col.link<KafkaTopicRow>('topic', 'Topic', (r) => topicHref(cluster, r.topic), 240),
      sticky: true,
      priority: 1,
    },
    ranked(1, count('partitionCount', 'Partitions')),
    ranked(3, unsortable(count('replicationFactor', 'Replication', 110))),
    ranked(1, inUnit('bytesInPerSec', 'Bytes in', 'bytes/s')),
    ranked(1, inUnit('bytesOutPerSec', 'Bytes out', 'bytes/s')),
    ranked(1, inUnit('messagesInPerSec', 'Messages in', 'messages/s', 170)),
    ranked(2, inUnit('sizeBytes', 'Size', 'bytes', 110)),
    ranked(1, count('underReplicatedPartitions', 'Under-replicated', 150)),
    {
      key: 'consumerGroups',
      title: 'Consumer groups',
      width: 140,
      align: 'right',
      sortable: false,
      priority: 2,
      value: (r) => r.consumerGroups.length,
    },
    ranked(3, unsortable(col.figure<KafkaTopicRow>('retentionMs', 'Retention', 110, formatDurationMs))),
  ]
}

/** The cluster's consumer groups (server-sorted by KAFKA_CONSUMER_SORTS); the name opens the group's page. */
export function consumerColumns(cluster: string): DataColumn<KafkaConsumerRow>[] {
  return [
    {
      ...col.link<KafkaConsumerRow>('group', 'Consumer group', (r) => consumerHref(cluster, r.group), 280),
      sticky: true,
      priority: 1,
    },
    ranked(1, groupState('state')),
    ranked(3, unsortable(col.text('consumerType', 'Client', 140))),
    ranked(1, count('members', 'Members', 100)),
    {
      key: 'topics',
      title: 'Topics',
      width: 200,
      sortable: false,
      ellipsis: true,
      priority: 2,
      value: (r) => r.topics.join(', '),
    },
    ranked(2, count('partitionCount', 'Partitions')),
    ranked(1, lag('totalLag', 'Total lag')),
    ranked(3, unsortable(lag('maxLag', 'Most on one partition', 240))),
  ]
}

/** A topic's partitions (topic page). */
export const PARTITION_COLUMNS: DataColumn<KafkaPartitionRow>[] = [
  { ...col.count<KafkaPartitionRow>('partition', 'Partition', 100), sticky: true },
  col.count('leader', 'Leader', 90),
  brokerList('replicas', 'Replicas'),
  brokerList('isr', 'In sync (ISR)'),
  col.yesNo('underReplicated', 'Under-replicated', 'Yes', 150),
  inUnit('logStartOffset', 'Log start offset', 'offset', 150),
  inUnit('logEndOffset', 'Log end offset', 'offset', 150),
  count('messages', 'Messages', 150),
  inUnit('sizeBytes', 'Size', 'bytes', 110),
  inUnit('bytesInPerSec', 'Bytes in', 'bytes/s'),
]

type TopicConsumer = KafkaTopicDetail['consumerGroups'][number]

/** The groups reading a topic with their lag on it; the name opens the group's page. */
export function topicConsumerColumns(cluster: string): DataColumn<TopicConsumer>[] {
  return [
    {
      ...col.link<TopicConsumer>('group', 'Consumer group', (r) => consumerHref(cluster, r.group), 300),
      sticky: true,
    },
    groupState('state'),
    count('members', 'Members', 100),
    lag('lag', 'Lag on this topic', 230),
  ]
}

/** A group's partitions (consumer page); the topic opens its page. */
export function consumerPartitionColumns(cluster: string): DataColumn<KafkaConsumerPartition>[] {
  return [
    col.link<KafkaConsumerPartition>('topic', 'Topic', (r) => topicHref(cluster, r.topic), 200),
    col.count('partition', 'Partition', 100),
    {
      ...inUnit<KafkaConsumerPartition>('committedOffset', 'Committed offset', 'offset', 160),
      // A Dead group has committed nothing: '--', not 0.
      render: (r) => (r.committedOffset === null ? '--' : formatCount(r.committedOffset)),
      exportValue: (r) => r.committedOffset ?? '',
    },
    inUnit('logEndOffset', 'Log end offset', 'offset', 150),
    lag('lag', 'Lag'),
    {
      key: 'memberId',
      title: 'Member',
      width: 260,
      ellipsis: true,
      value: (r) => (r.clientId && r.host ? `${r.clientId} on ${r.host}` : (r.memberId ?? 'none assigned')),
    },
  ]
}
