import { useMemo } from 'react'
import { Link } from 'react-router-dom'
import { Anchor, Text } from '@mantine/core'
import {
  emrStateStyle,
  formatDateTime,
  formatDollars,
  formatDurationMs,
  type EmrClusterMetadata,
  type EmrClusterRow,
} from '@costlens/shared'
import { StatusBadge } from '../../components/status/status-badge.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { everyPage } from '../../kit/every-page.ts'
import type { FilterSpec } from '../../kit/filter-panel.tsx'
import { ListPage } from '../../kit/list-page.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useLazySearchEmrClustersQuery, useSearchEmrClustersQuery } from './api.ts'
import { clusterListState, clusterSearchBody, type ClusterListView } from './cluster-list-state.ts'

const TABS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inefficient', label: 'Inefficient' },
]
const STATUS_LABELS = { active: 'Active', terminated: 'Terminated', failed: 'Failed' } as const
/** B204: the list is polled every 2 minutes (02 §4). */
const POLL_MS = 120_000

const columns: DataColumn<EmrClusterRow>[] = [
  {
    key: 'clusterId',
    title: 'Cluster ID',
    width: 170,
    render: (r) => (
      <Anchor
        component={Link}
        to={`/clusters/${encodeURIComponent(r.clusterId)}/details/`}
        ff="monospace"
        size="sm"
      >
        {r.clusterId}
      </Anchor>
    ),
  },
  { key: 'clusterName', title: 'Name', width: 200, ellipsis: true },
  {
    key: 'status',
    title: 'Status',
    width: 190,
    // 02 §4: alive states in the success style, terminated waiting, failed and with errors error.
    render: (r) => (
      <StatusBadge
        code={r.status}
        label={r.status.toLowerCase().replaceAll('_', ' ')}
        style={emrStateStyle(r.status)}
      />
    ),
  },
  {
    key: 'totalCost',
    title: 'Cost (USD)',
    width: 130,
    align: 'right',
    value: (r) => r.totalCost,
    render: (r) => formatDollars(r.totalCost),
  },
  { key: 'startTime', title: 'Start Time (UTC)', width: 170, render: (r) => formatDateTime(r.startTime) },
  {
    key: 'duration',
    title: 'Duration',
    width: 110,
    align: 'right',
    render: (r) => formatDurationMs(r.duration),
  },
  { key: 'nodeCount', title: 'Nodes', width: 80, align: 'right' },
  {
    key: 'withUnravel',
    title: 'Unravel',
    width: 100,
    value: (r) => (r.withUnravel ? 'Installed' : 'Not installed'),
  },
  { key: 'downsizingEvents', title: 'Down-sizing events', width: 120, align: 'right' },
  {
    key: 'tags',
    title: 'Tags',
    width: 220,
    sortable: false,
    value: (r) =>
      Object.entries(r.tags)
        .map(([k, v]) => `${k}=${v}`)
        .join(', '),
    render: (r) => (
      <Text size="xs" truncate>
        {Object.entries(r.tags)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ')}
      </Text>
    ),
  },
]

type Filters = ClusterListView['filters']
const filterSpecs = (tab: string): FilterSpec<Filters, EmrClusterMetadata>[] => [
  { kind: 'text', field: 'clusterName', label: 'Cluster name', placeholder: 'Part of a name' },
  { kind: 'text', field: 'clusterId', label: 'Cluster ID', placeholder: 'j-…' },
  // The active tab lists the active group only: the status filter would not change it.
  ...(tab === 'active'
    ? []
    : [
        {
          kind: 'multi',
          field: 'statuses',
          label: 'Status',
          options: (m?: EmrClusterMetadata) =>
            (['active', 'terminated', 'failed'] as const).map((s) => ({
              value: s,
              label: STATUS_LABELS[s],
              count: m?.statuses[s],
            })),
        } as const,
      ]),
  {
    kind: 'range',
    field: 'cost',
    label: 'Cost (USD)',
    variant: 'cost',
    bounds: (m) => m && [m.cost.min, m.cost.max],
  },
  {
    kind: 'range',
    field: 'duration',
    label: 'Duration',
    variant: 'duration',
    bounds: (m) => m && [m.duration.min, m.duration.max],
  },
  { kind: 'flag', field: 'withProduct', label: 'With Unravel', count: (m) => m?.withUnravel },
  { kind: 'flag', field: 'withoutProduct', label: 'Without Unravel', count: (m) => m?.withoutUnravel },
  { kind: 'tags', field: 'tags', label: 'Cluster tags', tags: (m) => m?.tags ?? [] },
]

/**
 * /clusters/list (02 §2 EMR cluster list, §4; 01 §2.5): the EMR clusters alive in a window over
 * E040, server-paged and sorted, with tabs all, active and inefficient, the filters bound to the
 * answer's metadata, and every row linking to the cluster's details. Polled every 120 s.
 */
export default function ClusterListPage() {
  const list = useListState(clusterListState, { pollMs: POLL_MS })
  const request = useMemo(() => clusterSearchBody(list.state), [list.state])
  const result = useSearchEmrClustersQuery(request)
  const [fetchPage] = useLazySearchEmrClustersQuery()
  const specs = useMemo(() => filterSpecs(list.state.tab), [list.state.tab])
  return (
    <ListPage
      title="Clusters"
      caption="EMR clusters"
      list={list}
      result={result}
      request={request}
      rows={(data) => data?.clusters ?? []}
      total={(data) => data?.total ?? 0}
      metadata={(data) => data?.metadata}
      tabs={{ field: 'tab', label: 'Cluster lists', options: TABS }}
      filters={{ specs, layout: 'side' }}
      kpis={(data) => [
        { label: 'Clusters', value: data ? data.total.toLocaleString('en-US') : '--' },
        { label: 'Active', value: data ? data.metadata.statuses.active.toLocaleString('en-US') : '--' },
        { label: 'With Unravel', value: data ? data.metadata.withUnravel.toLocaleString('en-US') : '--' },
        {
          label: 'Without Unravel',
          value: data ? data.metadata.withoutUnravel.toLocaleString('en-US') : '--',
        },
      ]}
      columns={columns}
      rowKey={(r) => r.clusterId}
      rowStatus={(r) => emrStateStyle(r.status)}
      emptyText="No EMR cluster was alive in this range"
      download={{
        name: `${list.state.tab}_emr_clusters`,
        rows: () =>
          everyPage(async (page, pageSize) => {
            const answer = await fetchPage({ ...request, page, pageSize }).unwrap()
            return { rows: answer.clusters, total: answer.total }
          }),
      }}
    />
  )
}
