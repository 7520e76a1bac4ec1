import { Link, useLocation } from 'react-router-dom'
import { Button, Text } from '@mantine/core'
import { IconChartLine } from '@tabler/icons-react'
import { KAFKA_MAX_WINDOW_DAYS } from '@costlens/shared'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { ClusterSelect, shownByName } from '../../kit/cluster-select.tsx'
import { DetailPage } from '../../kit/detail-page.tsx'
import { RangePicker, RefreshButton } from '../../kit/page-header.tsx'
import { useKafkaClustersQuery } from './api.ts'
import { ClusterTables, useClusterList } from './cluster-tables.tsx'
import { clusterKpis } from './kafka-units.ts'
import { FRESH, useKafkaWindow, useRefreshed } from './kafka-view.ts'

/** The metrics page of a cluster over the same range (the range's address keys travel along). */
export function metricsHref(cluster: string, search: string): string {
  const params = new URLSearchParams(search)
  const kept = new URLSearchParams({ kafkaClusterName: cluster })
  for (const key of ['dateRangeLabel', 'start_date', 'end_date']) {
    const value = params.get(key)
    if (value) kept.set(key, value)
  }
  return `/clusters/kafka/metrics?${kept.toString()}`
}

/**
 * /clusters/kafka (R010, R057; issue 21; 02 §2 Kafka): a Kafka cluster's figures over the range
 * (rates averaged, counts at its end), then its topics, consumer groups and brokers. A topic or a
 * group opens its own page; the metrics page charts the cluster over time.
 */
export default function KafkaClusterPage() {
  useDocumentTitle('Kafka')
  const list = useClusterList()
  const { state, change, clock } = list
  const view = useKafkaWindow(state)
  const args = { gte: view.window.start_time, lte: view.window.end_time }
  const clusters = useRefreshed(clock.now, args, useKafkaClustersQuery(args, FRESH))
  const cluster = shownByName(clusters.data ?? [], state.kafkaClusterName, (c) => c.cluster)
  const { search } = useLocation()
  return (
    <DetailPage
      title="Kafka"
      what="Kafka clusters"
      back={{ label: 'Clusters', to: '/clusters' }}
      result={clusters}
      missing={clusters.data?.length === 0 ? 'No Kafka cluster to show.' : undefined}
      badge={() =>
        cluster && (
          <Text size="sm" c="dimmed">
            {cluster.cluster} · Kafka {cluster.version} beside {cluster.hadoopCluster} · rates averaged over
            the range
            {view.cut && `, its last ${KAFKA_MAX_WINDOW_DAYS} days`}
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
          <RefreshButton clock={clock} />
          {cluster && (
            <Button
              component={Link}
              to={metricsHref(cluster.cluster, search)}
              variant="light"
              leftSection={<IconChartLine size={16} aria-hidden />}
            >
              Metrics
            </Button>
          )}
        </>
      }
      kpis={() => (cluster ? clusterKpis(cluster) : [])}
      kpiLabel={cluster ? `${cluster.cluster} figures` : undefined}
      tabs={[
        {
          value: 'tables',
          label: 'Tables',
          render: () => cluster && <ClusterTables cluster={cluster.cluster} view={view} list={list} />,
        },
      ]}
    />
  )
}
