import { Stack } from '@mantine/core'
import { formatDurationMs, type MrCounterGroup, type MrTaskSummary } from '@costlens/shared'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import type { DataColumn } from '../../components/table/table-types.ts'
import { columns as col } from '../../kit/columns.tsx'
import { DetailTable } from '../../kit/detail-table.tsx'
import { FieldGrid } from '../../kit/field-grid.tsx'
import { useMrAnnotationQuery } from './api.ts'
import type { AppRef } from './app-ref.ts'

const elapsed = (i: number, title: string): DataColumn<MrTaskSummary> => ({
  key: `q${i}`,
  title,
  width: 110,
  align: 'right',
  value: (s) => s.elapsedTime[i] ?? null,
  render: (s) => (s.elapsedTime[i] === undefined ? '--' : formatDurationMs(s.elapsedTime[i])),
})

const SUMMARY_COLUMNS: DataColumn<MrTaskSummary>[] = [
  { key: 'type', title: 'Tasks', width: 90, value: (s) => (s.type === 'MAP' ? 'Map' : 'Reduce') },
  col.count('total', 'Total', 80),
  col.count('succeeded', 'Succeeded', 100),
  col.count('failed', 'Failed', 80),
  col.count('killed', 'Killed', 80),
  col.count('running', 'Running', 80),
  elapsed(0, 'Time min'),
  elapsed(2, 'Time median'),
  elapsed(4, 'Time max'),
]

type CounterRow = MrCounterGroup['counter'][number] & { group: string }
const COUNTER_COLUMNS: DataColumn<CounterRow>[] = [
  col.text('group', 'Group', 300),
  col.text('name', 'Counter', 260),
  col.count('mapCounterValue', 'Map', 140),
  col.count('reduceCounterValue', 'Reduce', 140),
  col.count('totalCounterValue', 'Total', 140),
]

/** The JobHistory job's map and reduce tasks: the record's sm/km/fm and sr/kr/fr, with their times. */
export function MrTasksTab({ app }: { app: AppRef }) {
  const result = useMrAnnotationQuery({ id: app.id })
  const mr = result.data?.mr
  return (
    <PanelState what="Tasks" {...queryPanel(result, !mr)}>
      {mr && (
        <Stack gap="sm">
          <FieldGrid
            cols={4}
            fields={[
              { label: 'Maps completed', value: `${mr.job.mapsCompleted} of ${mr.job.mapsTotal}` },
              { label: 'Reduces completed', value: `${mr.job.reducesCompleted} of ${mr.job.reducesTotal}` },
              { label: 'Average map time', value: formatDurationMs(mr.job.avgMapTime) },
              { label: 'Average reduce time', value: formatDurationMs(mr.job.avgReduceTime) },
              { label: 'Average shuffle time', value: formatDurationMs(mr.job.avgShuffleTime) },
              { label: 'Average merge time', value: formatDurationMs(mr.job.avgMergeTime) },
              { label: 'Failed map attempts', value: String(mr.job.failedMapAttempts) },
              { label: 'Failed reduce attempts', value: String(mr.job.failedReduceAttempts) },
            ]}
          />
          <DetailTable
            caption="Map and reduce tasks"
            columns={SUMMARY_COLUMNS}
            rows={mr.summaries}
            rowKey={(s) => s.type}
          />
        </Stack>
      )}
    </PanelState>
  )
}

export function MrCountersTab({ app }: { app: AppRef }) {
  const result = useMrAnnotationQuery({ id: app.id })
  const rows = (result.data?.mr?.counters ?? []).flatMap((g) =>
    g.counter.map((c) => ({ ...c, group: g.counterGroupName })),
  )
  return (
    <PanelState what="Counters" {...queryPanel(result, rows.length === 0)}>
      <DetailTable
        caption="Counters"
        columns={COUNTER_COLUMNS}
        rows={rows}
        rowKey={(c) => `${c.group}/${c.name}`}
      />
    </PanelState>
  )
}
