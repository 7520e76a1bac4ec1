import { Badge, Stack } from '@mantine/core'
import {
  formatBytes,
  formatCount,
  formatNumber,
  formatPercent,
  nanosToMillis,
  type ImpalaFragment,
  type ImpalaOperator,
} from '@costlens/shared'
import { CodeViewer } from '../../components/code-viewer/code-viewer.tsx'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import type { DataColumn } from '../../components/table/table-types.ts'
import { columns as col } from '../../kit/columns.tsx'
import { DetailTable } from '../../kit/detail-table.tsx'
import { FieldGrid } from '../../kit/field-grid.tsx'
import { StatusBadge } from '../../components/status/status-badge.tsx'
import type { AppRef } from './app-ref.ts'
import { useImpalaFragmentsQuery, useImpalaOperatorsQuery, useEngineQueryDetailsQuery } from './query-api.ts'
import { TreeControls, treeColumn, unsorted, usePlanTree, type TreeRow } from './query-tree.tsx'

/** B144: Impala reports nanoseconds; the console shows milliseconds ('7,212.4 ms'). */
export function formatImpalaTime(ns: number): string {
  const ms = nanosToMillis(ns)
  return `${formatNumber(ms, ms < 1 ? 3 : 1)} ms`
}

type Read<R> = (r: R) => number
const nanos = <R,>(key: string, title: string, read: Read<R>, width = 120): DataColumn<R> => ({
  key,
  title,
  width,
  align: 'right',
  value: read,
  render: (r) => formatImpalaTime(read(r)),
})
const bytes = <R,>(key: string, title: string, read: Read<R>, width = 120): DataColumn<R> => ({
  key,
  title,
  width,
  align: 'right',
  value: read,
  render: (r) => formatBytes(read(r)),
})
const rows = <R,>(key: string, title: string, read: Read<R>, width = 120): DataColumn<R> => ({
  key,
  title,
  width,
  align: 'right',
  value: read,
  render: (r) => formatCount(read(r)),
})
/** 02 §4: an Impala fragment's or operator's status S is success, anything else an error. */
const ok = (code: string) => code === 'S'
const status = <R,>(read: (r: R) => string): DataColumn<R> => ({
  key: 'status',
  title: 'Status',
  width: 120,
  value: (r) => (ok(read(r)) ? 'Success' : 'Error'),
  // The status badge's dot variant keeps the word in body text colour (AA contrast on any row).
  render: (r) => (
    <StatusBadge
      code={read(r)}
      label={ok(read(r)) ? 'Success' : 'Error'}
      style={ok(read(r)) ? 'success' : 'error'}
    />
  ),
})

const FRAGMENT_COLUMNS: DataColumn<ImpalaFragment>[] = [
  { key: 'id', title: 'Fragment', width: 90, sticky: true },
  {
    key: 'coordinatorFrag',
    title: 'Coordinator',
    width: 110,
    value: (f) => (f.coordinatorFrag ? 'Yes' : 'No'),
  },
  col.count('instances', 'Instances', 90),
  nanos('avgTime', 'Avg time', (f) => f.avgTime),
  nanos('maxTime', 'Max time', (f) => f.maxTime),
  bytes('avgPeakMemory', 'Avg peak memory', (f) => f.avgPeakMemory, 140),
  bytes('maxPeakMemory', 'Max peak memory', (f) => f.maxPeakMemory, 140),
  rows('rowProduced', 'Rows produced', (f) => f.rowProduced),
  { key: 'parentId', title: 'Sends to', width: 90, value: (f) => f.parentId ?? '--' },
  status((f) => f.status),
  col.text('fullId', 'Instance id', 300),
]

type OperatorNode = TreeRow<ImpalaOperator>
const operatorLabel = (o: ImpalaOperator) => `${o.id}:${o.type}`
const OPERATOR_COLUMNS: DataColumn<OperatorNode>[] = unsorted([
  { key: 'fragId', title: 'Fragment', width: 90, value: (n) => n.row.fragId },
  // What the operator works on (its table, join or exchange kind) next to its name, before the figures.
  { key: 'detail', title: 'Detail', width: 190, ellipsis: true, value: (n) => n.row.detail },
  rows('instances', 'Instances', (n) => n.row.instances, 90),
  nanos('avgTime', 'Avg time', (n) => n.row.avgTime),
  nanos('maxTime', 'Max time', (n) => n.row.maxTime),
  bytes('maxPeakMemory', 'Peak memory', (n) => n.row.maxPeakMemory),
  bytes('estPeakMem', 'Est. peak memory', (n) => n.row.estPeakMem, 140),
  rows('rowProduced', 'Rows produced', (n) => n.row.rowProduced),
  rows('estNumRows', 'Est. rows', (n) => n.row.estNumRows),
  bytes('io', 'IO (read + written)', (n) => n.row.io, 150),
  status((n) => n.row.status),
])

/** 02 §2 Impala Query: the statement in full, its pool and the memory it was allowed, estimated and used. */
export function ImpalaQueryTab({ app }: { app: AppRef }) {
  const result = useEngineQueryDetailsQuery({ id: app.id })
  const q = result.data
  return (
    <PanelState what="Query" {...queryPanel(result, !q)}>
      {q && (
        <Stack gap="sm">
          <FieldGrid
            cols={4}
            fields={[
              { label: 'Queue (pool)', value: q.queue },
              { label: 'Query memory limit (per host)', value: formatBytes(q.queryMemLimit ?? 0) },
              { label: 'Per-host memory estimate', value: formatBytes(q.perHostMemEst ?? 0) },
              {
                label: 'Per-host peak memory usage',
                value:
                  q.queryMemLimit && q.perHostPeakMemUsage !== null
                    ? `${formatBytes(q.perHostPeakMemUsage)} (${formatPercent(
                        (q.perHostPeakMemUsage / q.queryMemLimit) * 100,
                        1,
                      )} of the limit)`
                    : formatBytes(q.perHostPeakMemUsage ?? 0),
              },
            ]}
          />
          <CodeViewer title={`SQL of ${app.id}`} code={q.queryStringFull} language="sql" />
        </Stack>
      )}
    </PanelState>
  )
}

/** 02 §2 Impala fragments: F00 the coordinator's, the scans one instance per executor; ns shown as ms. */
export function ImpalaFragmentsTab({ app }: { app: AppRef }) {
  const result = useImpalaFragmentsQuery({ id: app.id })
  return (
    <PanelState what="Fragments" {...queryPanel(result, !result.data?.length)} emptyText="No fragments">
      <DetailTable
        caption="Impala fragments"
        columns={FRAGMENT_COLUMNS}
        rows={result.data ?? []}
        rowKey={(f) => f.id}
      />
    </PanelState>
  )
}

const failedMark = (o: ImpalaOperator) =>
  ok(o.status) ? null : (
    <Badge color="red" variant="light" size="sm">
      Error
    </Badge>
  )
const operatorId = (o: ImpalaOperator) => o.id
const operatorParent = (o: ImpalaOperator) => o.parentId

/** 02 §2 Impala operators as the plan's tree: each operator under the one it feeds, foldable. */
export function ImpalaOperatorsTab({ app }: { app: AppRef }) {
  const result = useImpalaOperatorsQuery({ id: app.id })
  const tree = usePlanTree(result.data ?? [], operatorId, operatorParent)
  return (
    <PanelState what="Operators" {...queryPanel(result, !result.data?.length)} emptyText="No operators">
      <Stack gap="xs">
        <TreeControls tree={tree} what="operators" />
        <DetailTable
          caption="Impala operators"
          columns={[treeColumn('Operator', operatorLabel, tree.toggle, 300, failedMark), ...OPERATOR_COLUMNS]}
          rows={tree.visible}
          rowKey={(n) => n.id}
        />
      </Stack>
    </PanelState>
  )
}
