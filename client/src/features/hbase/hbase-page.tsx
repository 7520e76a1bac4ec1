import { Select, Text } from '@mantine/core'
import {
  formatDateTime,
  HBASE_INTERVALS,
  HBASE_MAX_WINDOW_DAYS,
  isActionAllowed,
  zoneLabel,
  type HbaseClusterMetrics,
  type HbaseInterval,
} from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { DetailPage } from '../../kit/detail-page.tsx'
import { RangePicker, RefreshButton } from '../../kit/page-header.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useHbaseClustersQuery } from './api.ts'
import { clusterKpis, fittingInterval, hbaseWindow, intervalFits } from './hbase-rules.ts'
import { hbaseState } from './hbase-state.ts'
import { FRESH, useRefreshed, type HbaseView } from './hbase-view.ts'
import { MetricsTab } from './metrics-tab.tsx'
import { RegionTab } from './region-tab.tsx'
import { TableTab } from './table-tab.tsx'

/** The cluster the address names (by uid, else by name), or the first (B210). */
export function shownCluster(
  clusters: readonly HbaseClusterMetrics[],
  uid: string,
  name: string,
): HbaseClusterMetrics | undefined {
  return (
    clusters.find((c) => c.clusterUid === uid) ??
    (name ? clusters.find((c) => c.clusterName === name) : undefined) ??
    clusters[0]
  )
}

/**
 * /clusters/hbase (R013, R060; issue 21; 02 §2, §4, §7 HBase): an HBase cluster's figures now, then
 * tabs metrics (KPI and OS series), region (region servers, and the tables of one) and table (a
 * table's details, series and regions). Everything chosen is kept in the address; the range opens on
 * today at 1h (B088).
 */
export default function HbasePage() {
  useDocumentTitle('HBase')
  const user = useAppSelector((s) => s.session.user)!
  const list = useListState(hbaseState)
  const { state, change, clock } = list
  const clusters = useRefreshed(clock.now, {}, useHbaseClustersQuery({}, FRESH))
  const cluster = shownCluster(clusters.data ?? [], state.clusterUid, state.clusterName)
  const { start, end, cut } = hbaseWindow(state.dateRange.start, state.dateRange.end)
  const view: HbaseView | null = cluster
    ? {
        clusterUid: cluster.clusterUid,
        window: { start_time: String(start), end_time: String(end) },
        range: { from: start, to: end },
        interval: fittingInterval(state.interval, start, end),
        prefix: state.prefix,
        host: state.filters.host,
        table: state.filters.table,
        namespace: state.filters.namespace,
        exportAllowed: isActionAllowed(user.plan, 'chartExport'),
        downloadLocked: !isActionAllowed(user.plan, 'download'),
        now: clock.now,
        change,
      }
    : null
  const chooseCluster = (uid: string) => {
    const next = clusters.data?.find((c) => c.clusterUid === uid)
    if (!next) return
    change({ type: 'clusterUid', clusterUid: next.clusterUid })
    change({ type: 'clusterName', clusterName: next.clusterName })
  }
  return (
    <DetailPage
      title="HBase"
      what="HBase clusters"
      back={{ label: 'Clusters', to: '/clusters' }}
      result={clusters}
      missing={clusters.data?.length === 0 ? 'No HBase cluster to show.' : undefined}
      badge={() =>
        cluster && (
          <Text size="sm" c="dimmed">
            {cluster.clusterName} · latest figures at {formatDateTime(cluster.time)}{' '}
            {zoneLabel(undefined, cluster.time)}
            {cut && ` · the last ${HBASE_MAX_WINDOW_DAYS} days of the range`}
          </Text>
        )
      }
      actions={
        <>
          <Select
            label="HBase cluster"
            w={220}
            data={(clusters.data ?? []).map((c) => ({ value: c.clusterUid, label: c.clusterName }))}
            value={cluster?.clusterUid ?? null}
            allowDeselect={false}
            searchable
            onChange={(uid) => uid && chooseCluster(uid)}
          />
          <RangePicker list={list} />
          <Select
            label="Interval"
            w={110}
            data={HBASE_INTERVALS.map((i) => ({
              value: i,
              label: i,
              disabled: !intervalFits(i, start, end),
            }))}
            value={view?.interval ?? state.interval}
            allowDeselect={false}
            onChange={(i) => i && change({ type: 'interval', interval: i as HbaseInterval })}
          />
          <RefreshButton clock={clock} />
        </>
      }
      kpis={() => (cluster ? clusterKpis(cluster) : [])}
      kpiLabel={cluster ? `${cluster.clusterName} now` : undefined}
      tabs={[
        { value: 'metrics', label: 'Metrics', render: () => view && <MetricsTab view={view} /> },
        { value: 'region', label: 'Region', render: () => view && <RegionTab view={view} /> },
        { value: 'table', label: 'Table', render: () => view && <TableTab view={view} /> },
      ]}
    />
  )
}
