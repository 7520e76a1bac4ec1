import { Stack, Text } from '@mantine/core'
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
import { useQueryDetailsQuery } from './query-api.ts'

/** A duration in ms with the exact figure beside it: '2m 5s (125,000 ms)'. */
const msWithExact = (ms: number) => `${formatDurationMs(ms)} (${formatCount(ms)} ms)`

/** The details page types whose figures come from the query engine rather than YARN. */
export const NO_YARN_TYPES: ReadonlySet<string> = new Set(['bigquery'])

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

/** BigQuery (R109): what it read, what it was billed on and what that cost, and its slot time. */
function bigQueryFields(q: QueryDetails, app: AppRef): GridField[] {
  return [
    { label: 'Project', value: app.summary.clusterUid },
    { label: 'Reservation', value: q.queue === 'default' ? 'On demand (default)' : q.queue },
    { label: 'Bytes processed', value: formatBytes(q.totBytesProcessed ?? 0) },
    { label: 'Bytes billed', value: formatBytes(q.totBytesBilled ?? 0) },
    { label: 'Cost (USD)', value: formatDollars(app.summary.cents / 100) },
    { label: 'Slot time', value: msWithExact(q.cpuTime ?? 0) },
  ]
}

function EngineQueryTab({
  app,
  fields,
}: {
  app: AppRef
  fields: (q: QueryDetails, app: AppRef) => GridField[]
}) {
  const result = useQueryDetailsQuery({ id: app.id })
  const q = result.data
  return (
    <PanelState what="Query" {...queryPanel(result, !q)}>
      {q && (
        <Stack gap="sm">
          <FieldGrid cols={3} fields={fields(q, app)} />
          <CodeViewer title={`SQL of ${app.id}`} code={q.queryStringFull} language="sql" />
          {NO_YARN_TYPES.has(q.engine) && (
            <Text size="sm" c="dimmed">
              No Resources tab: a BigQuery job runs on Google&apos;s slots, not in YARN containers, so it has
              no allocated memory or vcores to chart. Its slot time and the bytes it was billed on are above;
              on demand, the cost is the bytes billed at $ 6.25 a TiB.
            </Text>
          )}
        </Stack>
      )}
    </PanelState>
  )
}

export function PrestoQueryTab({ app }: { app: AppRef }) {
  return <EngineQueryTab app={app} fields={prestoFields} />
}

export function BigQueryQueryTab({ app }: { app: AppRef }) {
  return <EngineQueryTab app={app} fields={bigQueryFields} />
}
