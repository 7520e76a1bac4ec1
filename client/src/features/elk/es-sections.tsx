import { Checkbox, Stack, Text } from '@mantine/core'
import { ELK_MAX_PAGE_SIZE, formatCount } from '@costlens/shared'
import { DataTable } from '../../components/table/data-table.tsx'
import { DetailTable } from '../../kit/detail-table.tsx'
import {
  useEsClusterKpiQuery,
  useEsIndexKpiQuery,
  useEsIndicesQuery,
  useEsNodeKpiQuery,
  useEsNodesQuery,
} from './api.ts'
import { indexColumns, nodeColumns } from './es-columns.tsx'
import { SeriesSection } from './elk-parts.tsx'
import { MemberCharts, tableFailure } from './member-charts.tsx'
import type { EsChange } from './elk-state.ts'
import { FRESH, useRefreshed, type ElkView } from './elk-view.ts'

/*
 * The Elasticsearch page's sections: the cluster's series, its nodes and its indices. A node or an
 * index chosen in its table (or its picker) shows its own series below; clearing hides them.
 */

export interface EsSectionProps {
  cluster: string
  view: ElkView
  now: number
  change: (event: EsChange) => void
}

/** The cluster's search, indexing, heap and GC series, then heap and CPU of every node side by side. */
export function EsOverview({ cluster, view, now }: EsSectionProps) {
  const series = { cluster, ...view.window, interval: view.interval }
  const heapArgs = { ...series, prefix: 'heap_percent' as const }
  const cpuArgs = { ...series, prefix: 'os_cpu_percent' as const }
  const kpi = useRefreshed(now, series, useEsClusterKpiQuery(series, FRESH))
  const heap = useRefreshed(now, heapArgs, useEsNodeKpiQuery(heapArgs, FRESH))
  const cpu = useRefreshed(now, cpuArgs, useEsNodeKpiQuery(cpuArgs, FRESH))
  return (
    <Stack gap="md">
      <SeriesSection
        title="Cluster search, indexing, heap and GC"
        subject={cluster}
        query={kpi}
        view={view}
      />
      <SeriesSection
        title="Heap used per node"
        subject="Heap used per node"
        query={heap}
        view={view}
        byMember
      />
      <SeriesSection title="CPU per node" subject="CPU per node" query={cpu} view={view} byMember />
    </Stack>
  )
}

/** The cluster's nodes; a chosen node's series below (heap, CPU, segments, latency, docs). */
export function EsNodes({ cluster, view, now, change, node }: EsSectionProps & { node: string }) {
  const args = { cluster, ...view.window }
  const nodes = useRefreshed(now, args, useEsNodesQuery(args, FRESH))
  const choose = (name: string) => change({ type: 'filters', filters: { node: name } })
  const kpiArgs = { cluster, ...view.window, interval: view.interval, node }
  const kpi = useRefreshed(now, kpiArgs, useEsNodeKpiQuery(kpiArgs, { ...FRESH, skip: !node }), !node)
  return (
    <Stack gap="md">
      <DetailTable
        caption="Nodes"
        columns={nodeColumns(node, choose)}
        rows={nodes.data ?? []}
        rowKey={(r) => r.nodeId}
        loading={nodes.isFetching}
        failure={tableFailure('Nodes', nodes)}
        emptyText="No node reported in this range."
        download={{ name: 'elasticsearch_nodes', locked: view.downloadLocked }}
      />
      <MemberCharts
        kind="node"
        names={(nodes.data ?? []).map((n) => n.node)}
        value={node}
        onChange={choose}
        query={kpi}
        view={view}
        shows="heap, CPU, segments, latency and documents"
      />
    </Stack>
  )
}

/** The cluster's indices (system ones on request); a chosen index's series below. */
export function EsIndices(props: EsSectionProps & { index: string; system: boolean }) {
  const { cluster, view, now, change, index, system } = props
  const args = {
    cluster,
    ...view.window,
    size: ELK_MAX_PAGE_SIZE,
    sort: 'storeSizeBytes' as const,
    order: 'desc' as const,
    ...(system && { system: true }),
  }
  const indices = useRefreshed(now, args, useEsIndicesQuery(args, FRESH))
  const choose = (name: string) => change({ type: 'filters', filters: { index: name } })
  const kpiArgs = { cluster, ...view.window, interval: view.interval, index }
  const kpi = useRefreshed(now, kpiArgs, useEsIndexKpiQuery(kpiArgs, { ...FRESH, skip: !index }), !index)
  const total = indices.data?.total ?? 0
  const rows = indices.data?.indices ?? []
  return (
    <Stack gap="md">
      <DataTable
        caption="Indices"
        columns={indexColumns(index, choose)}
        rows={rows}
        rowKey={(r) => r.index}
        loading={indices.isFetching}
        failure={tableFailure('Indices', indices)}
        emptyText="No index in this cluster at the end of the range."
        pageSizes={[10, 15, 25, 50, 100]}
        defaultView={{ pageSize: 15, sort: { key: 'storeSizeBytes', direction: 'desc' } }}
        download={{ name: 'elasticsearch_indices', locked: view.downloadLocked }}
        toolbar={
          <Checkbox
            label="System indices"
            checked={system}
            onChange={(e) => change({ type: 'system', system: e.currentTarget.checked })}
          />
        }
      />
      {total > rows.length && (
        <Text size="xs" c="dimmed">
          The {formatCount(rows.length)} largest of {formatCount(total)} indices are listed.
        </Text>
      )}
      <MemberCharts
        kind="index"
        names={rows.map((r) => r.index)}
        value={index}
        onChange={choose}
        query={kpi}
        view={view}
        shows="search, indexing, fetch and flush rates and latencies"
      />
    </Stack>
  )
}
