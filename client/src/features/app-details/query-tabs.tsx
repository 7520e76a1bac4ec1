import { Stack } from '@mantine/core'
import {
  formatBytes,
  formatCount,
  formatDollars,
  formatDurationMs,
  type QueryDetails,
} from '@costlens/shared'
import { CodeViewer } from '../../components/code-viewer/code-viewer.tsx'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { FieldGrid, type GridField } from '../../kit/field-grid.tsx'
import type { AppRef } from './app-ref.ts'
import { useEngineQueryDetailsQuery } from './query-api.ts'

/** A duration in ms with the exact figure beside it: '2m 5s (125,000 ms)'. */
const msWithExact = (ms: number) => `${formatDurationMs(ms)} (${formatCount(ms)} ms)`

/** Presto (R108): the resource group it was admitted to, its CPU time and memory, as chargeback counts them. */
function prestoFields(q: QueryDetails, app: AppRef): GridField[] {
  return [
    { label: 'Resource group', value: q.queue },
    { label: 'Wall time', value: formatDurationMs(app.summary.duration) },
    { label: 'CPU time', value: msWithExact(q.cpuTime ?? 0) },
    { label: 'Cumulative user memory', value: `${formatBytes(q.cumUserMem ?? 0)}·s` },
    { label: 'Input read', value: formatBytes(app.summary.totalDfsBytesRead) },
    { label: 'Cost (USD)', value: formatDollars(app.summary.cents / 100) },
  ]
}

function EngineQueryTab({
  app,
  fields,
}: {
  app: AppRef
  fields: (q: QueryDetails, app: AppRef) => GridField[]
}) {
  const result = useEngineQueryDetailsQuery({ id: app.id })
  const q = result.data
  return (
    <PanelState what="Query" {...queryPanel(result, !q)}>
      {q && (
        <Stack gap="sm">
          <FieldGrid cols={3} fields={fields(q, app)} />
          <CodeViewer title={`SQL of ${app.id}`} code={q.queryStringFull} language="sql" />
        </Stack>
      )}
    </PanelState>
  )
}

export function PrestoQueryTab({ app }: { app: AppRef }) {
  return <EngineQueryTab app={app} fields={prestoFields} />
}
