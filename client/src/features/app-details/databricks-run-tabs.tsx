import { useMemo, type ReactNode } from 'react'
import { useSearchParams } from 'react-router-dom'
import { Code, Select, Stack, Text, Title } from '@mantine/core'
import {
  borderClass,
  formatDollars,
  formatDurationMs,
  formatNumber,
  runInfoText,
  type AppStatusCode,
  type DatabricksRunSummary,
  type DatabricksTaskRun,
} from '@costlens/shared'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { panelStatus } from '../../components/panel-state/panel-status.ts'
import { StatusBadge } from '../../components/status/status-badge.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { ChartPanel } from '../../kit/chart-panel.tsx'
import { columns as col } from '../../kit/columns.tsx'
import { DetailTable } from '../../kit/detail-table.tsx'
import { FieldGrid } from '../../kit/field-grid.tsx'
import { InsightCard } from '../../kit/insight-card.tsx'
import {
  useDatabricksRunErrorViewQuery,
  useDatabricksTaskConfQuery,
  useDatabricksTaskProgramQuery,
  useDatabricksTaskResourceMetricsQuery,
  useDatabricksTaskResourceUsageQuery,
  useDatabricksTaskRunsQuery,
  useDatabricksTaskTagsQuery,
} from './databricks-api.ts'

/*
 * The tabs of a Databricks run's details (issue 20 "Run details"): its task runs, errors, the
 * configuration of its compute, each task's program and resources, and its insights. The per-task
 * tabs share one task picker kept in the address (?task=), the first task by default.
 */

const statusStyle = (code: string) => borderClass(code as AppStatusCode)
/** A task's state in Databricks' words: its result when it has one, else its life-cycle state. */
const stateWords = (t: { resultState: string | null; lifeCycleState: string }) =>
  t.resultState ?? t.lifeCycleState

const TASK_COLUMNS: readonly DataColumn<DatabricksTaskRun>[] = [
  { ...col.text('taskKey', 'Task', 140), sticky: true },
  col.text('taskType', 'Type', 140),
  col.text('source', 'Source', 240),
  { ...col.text('dependsOn', 'Depends on', 130), value: (t) => t.dependsOn.join(', ') || '—' },
  {
    ...col.status('status', 'Status', statusStyle, 200),
    value: (t) => stateWords(t),
    render: (t) => <StatusBadge code={t.status} label={stateWords(t)} style={statusStyle(t.status)} />,
  },
  col.time('startTime', 'Start'),
  // A task that did not run (upstream failed, pending) has no time rather than '<1s'.
  {
    ...col.duration('duration', 'Duration'),
    render: (t) => (t.startTime === null ? '—' : formatDurationMs(t.duration)),
  },
  col.figure('dbus', 'DBUs', 100, (v) => formatNumber(v, 4)),
  col.usd('cost', 'DBU cost'),
  col.usd('total_cost', 'Total cost'),
]

export function DatabricksTasksTab({ run }: { run: DatabricksRunSummary }) {
  const result = useDatabricksTaskRunsQuery({ id: run.id })
  const tasks = result.data ?? []
  return (
    <Stack gap="xs">
      <DetailTable
        caption="Task runs"
        columns={TASK_COLUMNS}
        rows={tasks}
        rowKey={(t) => t.taskKey}
        loading={result.isLoading}
        failure={
          result.isError
            ? {
                what: 'Task runs could not be loaded',
                error: result.error,
                onRetry: () => void result.refetch(),
              }
            : null
        }
      />
      <Text size="xs" c="dimmed">
        {run.costFinal
          ? `The tasks’ DBUs and costs are their share of the run’s, by the time each ran: they add up to the run’s ${formatNumber(run.dbus, 4)} DBUs and ${formatDollars(run.total_cost)}.`
          : 'The run’s cost is not final yet (billing lags): its tasks’ DBUs and costs show once it is.'}
      </Text>
    </Stack>
  )
}

/** The task the per-task tabs show: ?task= when the run has it, else its first task. */
function useTaskKey(run: DatabricksRunSummary) {
  const result = useDatabricksTaskRunsQuery({ id: run.id })
  const [params, setParams] = useSearchParams()
  const keys = (result.data ?? []).map((t) => t.taskKey)
  const asked = params.get('task')
  const taskKey = asked && keys.includes(asked) ? asked : keys[0]
  const choose = (value: string | null) => {
    const next = new URLSearchParams(params)
    if (!value || value === keys[0]) next.delete('task')
    else next.set('task', value)
    setParams(next, { replace: true })
  }
  const picker = (
    <Select
      label="Task"
      w={220}
      data={keys}
      value={taskKey ?? null}
      onChange={choose}
      allowDeselect={false}
    />
  )
  return { taskKey, picker, result }
}

/** A per-task tab: the picker, then what `children` shows of the chosen task. */
function PerTask({
  run,
  children,
}: {
  run: DatabricksRunSummary
  children: (task: { ws: string; job: string; run: string; task: string }) => ReactNode
}) {
  const { taskKey, picker, result } = useTaskKey(run)
  return (
    <Stack gap="sm">
      {picker}
      <PanelState
        what="Task runs"
        status={panelStatus(result, !taskKey)}
        error={result.error}
        onRetry={() => void result.refetch()}
        emptyText="This run’s job has no tasks."
      >
        {taskKey &&
          children({ ws: run.workspaceId, job: String(run.jobId), run: String(run.runId), task: taskKey })}
      </PanelState>
    </Stack>
  )
}

export function DatabricksErrorsTab({ run }: { run: DatabricksRunSummary }) {
  const result = useDatabricksRunErrorViewQuery({ id: run.id })
  const view = result.data
  return (
    <PanelState
      what="Errors"
      status={panelStatus(result, !view)}
      error={result.error}
      onRetry={() => void result.refetch()}
    >
      {view && (
        <Stack gap="sm">
          {view.errorMessage ? (
            <Stack gap={4}>
              <Title order={2} size="h5">
                Why the run {view.resultState === 'TIMEDOUT' ? 'timed out' : 'failed'}
              </Title>
              <Code block>{view.errorMessage}</Code>
            </Stack>
          ) : (
            <Text size="sm">This run has no error.</Text>
          )}
          {view.tasks.length > 0 && (
            <DetailTable
              caption="Tasks that failed or did not run"
              columns={[
                col.text('taskKey', 'Task', 140),
                { ...col.text('resultState', 'Result', 170), value: (t) => t.resultState ?? '—' },
                {
                  ...col.text('errorMessage', 'Error', 520),
                  value: (t) => t.errorMessage ?? 'Not run: an upstream task failed',
                },
              ]}
              rows={view.tasks}
              rowKey={(t) => t.taskKey}
            />
          )}
        </Stack>
      )}
    </PanelState>
  )
}

function TaskConf({
  task,
  runInfo,
}: {
  task: { ws: string; job: string; run: string; task: string }
  runInfo?: string
}) {
  const result = useDatabricksTaskConfQuery(task)
  const conf = result.data
  return (
    <PanelState
      what="Configuration"
      status={panelStatus(result, !conf)}
      error={result.error}
      onRetry={() => void result.refetch()}
    >
      {conf &&
        (!conf.available || !conf.clusterSpec ? (
          // 02 §8: the run had no cluster of its own to show (serverless, or it never started).
          <Text size="sm">{runInfoText(undefined, false)}</Text>
        ) : (
          <Stack gap="sm">
            <FieldGrid
              fields={[
                { label: 'Cluster id', value: conf.clusterSpec.cluster_id },
                { label: 'Runtime', value: conf.clusterSpec.spark_version },
                { label: 'Node type', value: conf.clusterSpec.node_type_id },
                { label: 'Driver node type', value: conf.clusterSpec.driver_node_type_id },
                {
                  label: 'Workers',
                  value: conf.clusterSpec.autoscale
                    ? `Autoscaling ${conf.clusterSpec.autoscale.min_workers}–${conf.clusterSpec.autoscale.max_workers}`
                    : `Fixed ${conf.clusterSpec.num_workers ?? 0}`,
                },
                { label: 'Availability', value: conf.clusterSpec.availability },
              ]}
            />
            <DetailTable
              caption="Spark configuration"
              columns={[col.text('name', 'Property', 360), col.text('value', 'Value', 300)]}
              rows={Object.entries(conf.sparkConf).map(([name, value]) => ({ name, value }))}
              rowKey={(r) => r.name}
            />
            <Title order={2} size="h5">
              Run info
            </Title>
            <Code block>
              {runInfoText(runInfo === undefined ? undefined : (JSON.parse(runInfo) as unknown), false)}
            </Code>
          </Stack>
        ))}
    </PanelState>
  )
}

export function DatabricksConfigurationTab({
  run,
  runInfo,
}: {
  run: DatabricksRunSummary
  runInfo?: string
}) {
  return <PerTask run={run}>{(task) => <TaskConf task={task} runInfo={runInfo} />}</PerTask>
}

function TaskProgram({ task }: { task: { ws: string; job: string; run: string; task: string } }) {
  const program = useDatabricksTaskProgramQuery(task)
  const tags = useDatabricksTaskTagsQuery(task)
  const p = program.data
  return (
    <PanelState
      what="Program"
      status={panelStatus(program, !p)}
      error={program.error}
      onRetry={() => void program.refetch()}
    >
      {p && (
        <FieldGrid
          fields={[
            { label: 'Task type', value: p.taskType },
            ...(p.notebookPath ? [{ label: 'Notebook', value: p.notebookPath }] : []),
            ...(p.packageName ? [{ label: 'Python wheel package', value: p.packageName }] : []),
            ...(p.entryPoint ? [{ label: 'Entry point', value: p.entryPoint }] : []),
            ...(p.sqlFile ? [{ label: 'SQL file', value: p.sqlFile }] : []),
            ...(p.sqlText ? [{ label: 'SQL', value: <Code block>{p.sqlText}</Code> }] : []),
            ...(p.pipelineId ? [{ label: 'DLT pipeline', value: p.pipelineId }] : []),
            {
              label: 'Tags',
              value: (tags.data ?? []).map((t) => `${t.key}=${t.value}`).join(', ') || 'None',
            },
          ]}
        />
      )}
    </PanelState>
  )
}

export function DatabricksProgramTab({ run }: { run: DatabricksRunSummary }) {
  return <PerTask run={run}>{(task) => <TaskProgram task={task} />}</PerTask>
}

function TaskResources({ task }: { task: { ws: string; job: string; run: string; task: string } }) {
  const metrics = useDatabricksTaskResourceMetricsQuery(task)
  const usage = useDatabricksTaskResourceUsageQuery({ ...task, metric_id: 'dbus' })
  const specs = useMemo(() => {
    const m = metrics.data
    if (!m) return []
    const range = { from: m.startTime, to: m.endTime }
    return [
      {
        kind: 'line' as const,
        title: 'CPU',
        description: 'The cluster’s CPU use while the task ran, in percent.',
        series: [{ name: 'CPU', data: m.cpuPercent }],
        valueFormat: (v: number) => `${formatNumber(v, 1)} %`,
        range,
      },
      {
        kind: 'line' as const,
        title: 'Memory used',
        description: `The cluster’s memory in use while the task ran, in MB, of ${formatNumber(m.memoryTotalMB, 0)} MB.`,
        series: [{ name: 'Memory used', data: m.memoryUsedMB }],
        valueFormat: (v: number) => `${formatNumber(v, 0)} MB`,
        range,
      },
      ...(usage.data
        ? [
            {
              kind: 'line' as const,
              title: 'DBUs',
              description: 'The DBUs the task used in each interval; they add up to its DBUs.',
              series: [{ name: 'DBUs', data: usage.data.data }],
              valueFormat: (v: number) => `${formatNumber(v, 4)} DBU`,
              range,
            },
          ]
        : []),
    ]
  }, [metrics.data, usage.data])
  return (
    <PanelState
      what="Resources"
      status={panelStatus(metrics, !metrics.data)}
      error={metrics.error}
      onRetry={() => void metrics.refetch()}
    >
      <Stack gap="sm">
        {specs.map((spec) => (
          <ChartPanel key={spec.title} spec={spec} />
        ))}
      </Stack>
    </PanelState>
  )
}

export function DatabricksResourcesTab({ run }: { run: DatabricksRunSummary }) {
  return <PerTask run={run}>{(task) => <TaskResources task={task} />}</PerTask>
}

export function DatabricksInsightsTab({ run }: { run: DatabricksRunSummary }) {
  if (run.insights.length === 0) return <Text size="sm">No insights for this run.</Text>
  return (
    <Stack gap="sm">
      {!run.costFinal && (
        <Text size="sm" c="dimmed">
          The savings are estimated from the run’s cost, which is not final yet.
        </Text>
      )}
      {run.insights.map((insight) => (
        <InsightCard
          key={insight.key}
          name={insight.name}
          category={insight.category}
          saving={`${formatDollars(insight.saving)} per run`}
          description={insight.description}
          recommendation={insight.recommendation}
        />
      ))}
    </Stack>
  )
}
