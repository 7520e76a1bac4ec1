import { useMemo } from 'react'
import { useLocation, useSearchParams } from 'react-router-dom'
import { Stack, Text, UnstyledButton } from '@mantine/core'
import {
  borderClass,
  formatBytes,
  formatCount,
  formatDurationMs,
  type TezDag,
  type TezTask,
  type TezVertex,
} from '@costlens/shared'
import { DagGraph, type DagEdge, type DagNode } from '../../components/dag-graph/dag-graph.tsx'
import { useHighlightedRow } from '../../components/dag-graph/use-highlighted-row.ts'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { StatusBadge } from '../../components/status/status-badge.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { columns as col } from '../../kit/columns.tsx'
import { DetailTable } from '../../kit/detail-table.tsx'
import { useTezDagHoursQuery, useTezDagQuery } from './tez-api.ts'

/** A Tez status in words ('SUCCEEDED' → 'Succeeded'); its colour is its console code's (02 §4). */
export const tezWords = (status: string) => status.charAt(0) + status.slice(1).toLowerCase()

export const tezStatusColumn = <R extends { status: string; statusCode: string }>(): DataColumn<R> => ({
  key: 'status',
  title: 'Status',
  width: 120,
  render: (r) => <StatusBadge code={r.statusCode} label={tezWords(r.status)} />,
})

const ms = <R,>(key: keyof R & string, title: string, width = 100): DataColumn<R> => ({
  ...col.duration<R>(key, title, width),
  render: (r) => formatDurationMs(Number(r[key])),
})
const bytes = <R,>(key: keyof R & string, title: string): DataColumn<R> => ({
  key,
  title,
  width: 110,
  align: 'right',
  render: (r) => formatBytes(Number(r[key])),
})

/** A vertex's box: its name, its status, its tasks and how long it ran. */
function vertexNode(v: TezVertex): DagNode {
  const failed = v.numFailedTasks ? ` · ${formatCount(v.numFailedTasks)} failed` : ''
  return {
    id: v.vertexName,
    label: v.vertexName,
    status: { text: tezWords(v.status), style: borderClass(v.statusCode) },
    detail: `${formatCount(v.numTasks)} tasks${failed} · ${formatDurationMs(v.timeTaken)}`,
  }
}

const TASK_COLUMNS: DataColumn<TezTask>[] = [
  col.text('taskId', 'Task', 280),
  tezStatusColumn(),
  col.time('startTime', 'Started'),
  col.time('endTime', 'Ended'),
  ms('timeTaken', 'Time taken', 110),
  col.text('containerId', 'Container', 300),
  col.text('host', 'Host', 260),
  col.text('diagnostics', 'Diagnostics', 420),
]

const HOUR_COLUMNS: DataColumn<{
  hour: number
  tasksStarted: number
  tasksFinished: number
  taskTime: number
}>[] = [
  col.time('hour', 'Hour'),
  col.count('tasksStarted', 'Tasks started', 120),
  col.count('tasksFinished', 'Tasks finished', 120),
  ms('taskTime', 'Task time', 130),
]

/** Each vertex's inputs in words: 'Map 1, Map 2 (broadcast)'; a scatter-gather edge, the usual shuffle, goes unsaid. */
export function vertexInputs(edges: TezDag['edges']): Map<string, string> {
  const inputs = new Map<string, string[]>()
  for (const e of edges) {
    const name = e.type === 'BROADCAST' ? `${e.from} (broadcast)` : e.from
    inputs.set(e.to, [...(inputs.get(e.to) ?? []), name])
  }
  return new Map([...inputs].map(([to, from]) => [to, from.join(', ')]))
}

/** The vertex shown: `?vertex=` when the DAG has it, else the first that failed, was killed or is running (in that order), else the first. */
function useChosenVertex(dag: TezDag | undefined) {
  const [params, setParams] = useSearchParams()
  const location = useLocation()
  const asked = params.get('vertex')
  const vertices = dag?.vertices ?? []
  const chosen =
    vertices.find((v) => v.vertexName === asked) ??
    vertices.find((v) => v.status === 'FAILED') ??
    vertices.find((v) => v.status === 'KILLED') ??
    vertices.find((v) => v.status === 'RUNNING') ??
    vertices[0] ??
    null
  const choose = (name: string) => {
    const next = new URLSearchParams(params)
    next.set('vertex', name)
    // A replace: choosing vertices one after another is not a trail Back should walk.
    setParams(next, { replace: true, state: location.state })
  }
  return [chosen, choose] as const
}

/**
 * One Tez DAG (02 §2 Tez): its graph laid out by dagre, its vertices (02 §2's fields), the tasks of
 * the vertex chosen in the graph or the table, and its tasks by hour. The Tez tab and the DAG page
 * (R107) both show it.
 */
export function TezDagView({ cluster, appId, dagId }: { cluster: string; appId: string; dagId: string }) {
  const result = useTezDagQuery({ cluster, app: appId, dag: dagId })
  const hours = useTezDagHoursQuery({ cluster, app: appId, id: dagId })
  const dag = result.data
  const [chosen, choose] = useChosenVertex(dag)
  const highlight = useHighlightedRow(chosen?.vertexName ?? null)
  const nodes = useMemo(() => (dag?.vertices ?? []).map(vertexNode), [dag])
  const edges = useMemo<DagEdge[]>(
    () => (dag?.edges ?? []).map((e) => ({ from: e.from, to: e.to, label: e.type })),
    [dag],
  )
  const inputs = useMemo(() => vertexInputs(dag?.edges ?? []), [dag])
  const tasks = useMemo(
    () => (dag?.tasks ?? []).filter((t) => t.vertexName === chosen?.vertexName),
    [dag, chosen],
  )
  const vertexColumns = useMemo<DataColumn<TezVertex>[]>(
    () => [
      {
        key: 'vertexName',
        title: 'Vertex',
        width: 130,
        sticky: true,
        render: (v) => (
          <UnstyledButton
            onClick={() => choose(v.vertexName)}
            aria-pressed={v.vertexName === chosen?.vertexName}
            fz="sm"
            c="var(--mantine-color-anchor)"
            td="underline"
          >
            {v.vertexName}
          </UnstyledButton>
        ),
      },
      {
        // The graph's edges in words, for whoever does not see the arrows.
        key: 'inputs',
        title: 'Inputs',
        width: 200,
        value: (v) => inputs.get(v.vertexName) ?? '--',
      },
      tezStatusColumn(),
      col.time('startTime', 'Started'),
      col.time('endTime', 'Ended'),
      ms('timeTaken', 'Time taken', 110),
      col.count('numTasks', 'Tasks', 80),
      col.count('numSucceededTasks', 'Succeeded', 100),
      col.count('numFailedTasks', 'Failed', 80),
      col.count('numKilledTasks', 'Killed', 80),
      col.count('numRunningTasks', 'Running', 80),
      bytes('hdfsBytesRead', 'HDFS read'),
      bytes('hdfsBytesWritten', 'HDFS written'),
      col.text('diagnostics', 'Diagnostics', 360),
    ],
    // `choose` is a new function each render but does the same thing; the chosen name is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [chosen?.vertexName, inputs],
  )
  return (
    <PanelState what={`DAG ${dagId}`} {...queryPanel(result, !dag)}>
      {dag && (
        <Stack gap="sm">
          <DagGraph
            label={`Graph of DAG ${dag.dagId}`}
            nodes={nodes}
            edges={edges}
            nodeNoun="vertices"
            selected={chosen?.vertexName ?? null}
            onSelect={choose}
          />
          <Text size="xs" c="dimmed">
            Choose a vertex in the graph or the table to list its tasks.
          </Text>
          <DetailTable
            caption={`Vertices of ${dag.dagId}`}
            columnsKey="Tez vertices"
            columns={vertexColumns}
            rows={dag.vertices}
            rowKey={(v) => v.vertexName}
            {...highlight}
          />
          {chosen && (
            <DetailTable
              caption={`Tasks of ${chosen.vertexName}`}
              columnsKey="Tez tasks"
              columns={TASK_COLUMNS}
              rows={tasks}
              rowKey={(t) => t.taskId}
              emptyText="No tasks"
            />
          )}
          <PanelState
            what="Tasks by hour"
            {...queryPanel(hours, !hours.data?.hours.length)}
            emptyText="No tasks ran"
          >
            <DetailTable
              caption={`Tasks of ${dag.dagId} by hour`}
              columnsKey="Tez DAG hours"
              columns={HOUR_COLUMNS}
              rows={hours.data?.hours ?? []}
              rowKey={(h) => String(h.hour)}
            />
          </PanelState>
        </Stack>
      )}
    </PanelState>
  )
}
