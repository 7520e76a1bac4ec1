import { Tabs } from '@mantine/core'
import type { KafkaConsumerSort, KafkaTopicSort } from '@costlens/shared'
import { DataTable } from '../../components/table/data-table.tsx'
import { listTableChange, listTableView } from '../../components/table/list-table-view.ts'
import { DetailTable } from '../../kit/detail-table.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useKafkaBrokersQuery, useKafkaConsumersQuery, useKafkaTopicsQuery } from './api.ts'
import { BROKER_COLUMNS, consumerColumns, topicColumns } from './kafka-columns.tsx'
import { CLUSTER_TABS, clusterPageState, type ClusterTab } from './kafka-state.ts'
import { FRESH, useRefreshed, type KafkaWindow } from './kafka-view.ts'

/** The cluster page's state in the address (kafka-state.ts). */
export const useClusterList = () => useListState(clusterPageState)

const TAB_LABELS: Readonly<Record<ClusterTab, string>> = {
  topics: 'Topics',
  consumers: 'Consumer groups',
  brokers: 'Brokers',
}

/** The failure of a table's call as the table shows it, with a retry. */
const failure = (what: string, q: { isError: boolean; error?: unknown; refetch: () => unknown }) =>
  q.isError ? { what, error: q.error, onRetry: () => void q.refetch() } : null

interface TablesProps {
  cluster: string
  view: KafkaWindow
  list: ReturnType<typeof useClusterList>
}

/** A server-sorted table's request (from, size, sort, order) and its view, both kept in the address. */
function useServerTable({ list }: TablesProps) {
  const { state, change } = list
  const tableView = listTableView(state)
  return {
    paging: {
      from: (state.page - 1) * state.pageSize,
      size: state.pageSize,
      sort: state.sort.key,
      order: state.sort.direction,
    },
    table: {
      mode: 'server' as const,
      view: tableView,
      pageSizes: [15, 25, 50, 100],
      search: false,
      onViewChange: (next: typeof tableView) => {
        const event = listTableChange(tableView, next)
        if (event) change(event)
      },
    },
  }
}

function TopicsTable(props: TablesProps) {
  const { cluster, view } = props
  const { paging, table } = useServerTable(props)
  // The state's sort key is one of the topics' sorts (kafka-state.ts checks it against the tab's).
  const args = { cluster, ...view.window, ...paging, sort: paging.sort as KafkaTopicSort }
  const topics = useRefreshed(props.list.clock.now, args, useKafkaTopicsQuery(args, FRESH))
  return (
    <DataTable
      {...table}
      caption="Topics"
      columns={topicColumns(cluster)}
      rows={topics.data?.topics ?? []}
      totalRecords={topics.data?.total ?? 0}
      rowKey={(r) => r.topic}
      loading={topics.isFetching}
      failure={failure('Topics', topics)}
      emptyText="No topic in this cluster."
      download={{ name: 'kafka_topics', locked: view.downloadLocked }}
    />
  )
}

function ConsumersTable(props: TablesProps) {
  const { cluster, view } = props
  const { paging, table } = useServerTable(props)
  const args = { cluster, ...view.window, ...paging, sort: paging.sort as KafkaConsumerSort }
  const groups = useRefreshed(props.list.clock.now, args, useKafkaConsumersQuery(args, FRESH))
  return (
    <DataTable
      {...table}
      caption="Consumer groups"
      columns={consumerColumns(cluster)}
      rows={groups.data?.consumers ?? []}
      totalRecords={groups.data?.total ?? 0}
      rowKey={(r) => r.group}
      loading={groups.isFetching}
      failure={failure('Consumer groups', groups)}
      emptyText="No consumer group reads from this cluster."
      download={{ name: 'kafka_consumer_groups', locked: view.downloadLocked }}
    />
  )
}

function BrokersTable({ cluster, view, list }: TablesProps) {
  const args = { cluster_id: cluster, ...view.window }
  const brokers = useRefreshed(list.clock.now, args, useKafkaBrokersQuery(args, FRESH))
  return (
    <DetailTable
      caption="Brokers"
      columns={BROKER_COLUMNS}
      rows={brokers.data ?? []}
      rowKey={(r) => String(r.brokerId)}
      loading={brokers.isFetching}
      failure={failure('Brokers', brokers)}
      emptyText="No broker reported in this range."
      download={{ name: 'kafka_brokers', locked: view.downloadLocked }}
    />
  )
}

const TABLES: Readonly<Record<ClusterTab, (props: TablesProps) => React.JSX.Element>> = {
  topics: TopicsTable,
  consumers: ConsumersTable,
  brokers: BrokersTable,
}

/**
 * The cluster's topics, consumer groups and brokers, one tab each (the tab, sort and page in the
 * address; a new tab starts on its own sort at page 1, and is a step Back undoes).
 */
export function ClusterTables(props: TablesProps) {
  const { state, change } = props.list
  const Table = TABLES[state.tab]
  return (
    <Tabs
      value={state.tab}
      onChange={(tab) => tab && change({ type: 'tab', tab: tab as ClusterTab }, { push: true })}
      keepMounted={false}
    >
      <Tabs.List aria-label="Kafka cluster tables">
        {CLUSTER_TABS.map((t) => (
          <Tabs.Tab key={t} value={t}>
            {TAB_LABELS[t]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={state.tab} pt="sm">
        <Table {...props} />
      </Tabs.Panel>
    </Tabs>
  )
}
