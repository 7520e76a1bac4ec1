import { useMemo } from 'react'
import { emrStateStyle, type EmrClusterMetadata as Meta, type EmrClusterRow as Row } from '@costlens/shared'
import { columns as col, countKpis, statusWords } from '../../kit/columns.tsx'
import type { FilterSpec } from '../../kit/filter-panel.tsx'
import { ListPage } from '../../kit/list-page.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useLazySearchEmrClustersPageQuery, useSearchEmrClustersQuery } from './api.ts'
import { clusterListState, clusterSearchBody, type ClusterListView } from './cluster-list-state.ts'

const TABS = ['All', 'Active', 'Inefficient'].map((label) => ({ value: label.toLowerCase(), label }))
const STATUSES = ['active', 'terminated', 'failed'] as const
/** What fits 1440 px beside the filters; nodes and tags wait in the column chooser, events on their tab. */
const columnsOf = (tab: string) => [
  col.link<Row>('clusterId', 'Cluster ID', (r) => `/clusters/${encodeURIComponent(r.clusterId)}/details/`),
  col.text<Row>('clusterName', 'Name', 160),
  // 02 §4: the alive states in the success style, terminated waiting, failed and with errors error.
  col.status<Row>('status', 'Status', emrStateStyle, 200),
  col.usd<Row>('totalCost', 'Cost'),
  col.time<Row>('startTime', 'Start Time'),
  col.duration<Row>('duration', 'Duration', 130),
  { ...col.count<Row>('nodeCount', 'Nodes'), displayable: false },
  // The inefficient tab shows its down-sizing events there instead.
  { ...col.yesNo<Row>('withUnravel', 'Unravel', 'Installed', 90), displayable: tab !== 'inefficient' },
  { ...col.count<Row>('downsizingEvents', 'Down-sizing events', 120), displayable: tab === 'inefficient' },
  { ...col.tags<Row>('tags', 'Tags'), displayable: false },
]

const filterSpecs = (tab: string): FilterSpec<ClusterListView['filters'], Meta>[] => [
  { kind: 'text', field: 'clusterName', label: 'Cluster name', placeholder: 'Part of a name' },
  { kind: 'text', field: 'clusterId', label: 'Cluster ID', placeholder: 'j-…' },
  {
    kind: 'multi',
    field: 'statuses',
    label: 'Status',
    options: (m) => STATUSES.map((s) => ({ value: s, label: statusWords(s), count: m?.statuses[s] })),
    // The active tab lists the active group whatever the status filter says.
    hidden: tab === 'active',
  },
  { kind: 'range', field: 'cost', label: 'Cost (USD)', variant: 'cost', bounds: (m) => m?.cost },
  { kind: 'range', field: 'duration', label: 'Duration', variant: 'duration', bounds: (m) => m?.duration },
  { kind: 'flag', field: 'withProduct', label: 'With Unravel', count: (m) => m?.withUnravel },
  { kind: 'flag', field: 'withoutProduct', label: 'Without Unravel', count: (m) => m?.withoutUnravel },
  { kind: 'tags', field: 'tags', label: 'Cluster tags', tags: (m) => m?.tags ?? [] },
]

/**
 * /clusters/list (02 §2 EMR cluster list, §4; 01 §2.5): the EMR clusters alive in a window over
 * E040, paged and sorted by the server, tabs all, active and inefficient, filters bound to the
 * answer's metadata, each row linking to its details. B204: polled every 120 s.
 */
export default function ClusterListPage() {
  const list = useListState(clusterListState, { pollMs: 120_000 })
  const request = useMemo(() => clusterSearchBody(list.state), [list.state])
  const [fetchPage] = useLazySearchEmrClustersPageQuery()
  return (
    <ListPage
      title="Clusters"
      caption="EMR clusters"
      list={list}
      result={useSearchEmrClustersQuery(request)}
      request={request}
      rows={(data) => data?.clusters ?? []}
      total={(data) => data?.total ?? 0}
      metadata={(data) => data?.metadata}
      tabs={{ field: 'tab', label: 'Cluster lists', options: TABS }}
      filters={{ specs: filterSpecs(list.state.tab), layout: 'side' }}
      kpis={(data) =>
        countKpis({
          Clusters: data?.total,
          Active: data?.metadata.statuses.active,
          'With Unravel': data?.metadata.withUnravel,
          'Without Unravel': data?.metadata.withoutUnravel,
        })
      }
      columns={columnsOf(list.state.tab)}
      rowKey={(r) => r.clusterId}
      rowStatus={(r) => emrStateStyle(r.status)}
      emptyText="No EMR cluster was alive in this range"
      download={{
        name: `${list.state.tab}_emr_clusters`,
        page: (page, pageSize) => fetchPage({ ...request, page, pageSize }).unwrap(),
      }}
    />
  )
}
