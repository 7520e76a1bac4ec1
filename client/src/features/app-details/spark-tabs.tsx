import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { Anchor, Badge, Button, Stack } from '@mantine/core'
import {
  formatBytes,
  formatDurationMs,
  type SparkExecutor,
  type SparkJob,
  type SparkSqlExecution,
  type SparkStage,
} from '@costlens/shared'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import type { DataColumn } from '../../components/table/table-types.ts'
import { columns as col } from '../../kit/columns.tsx'
import { DetailTable } from '../../kit/detail-table.tsx'
import {
  useSparkExecutionsQuery,
  useSparkExecutorsQuery,
  useSparkJobsQuery,
  useSparkStagesQuery,
} from './api.ts'
import type { AppRef } from './app-ref.ts'
import { ExecutorLogDialog, executorName } from './spark-executor-log.tsx'
import { sparkJobHref } from '../../components/spark-job-href.ts'
import { SparkStageDetail } from './spark-stage-detail.tsx'
import { jobDagColumn, SparkJobDagPanel, useChosenJob } from './spark-job-dag.tsx'

/** A stage is skewed when its longest task runs over 1.5 × its p75 (DOMAIN.md SP2, the simulator's SKEW_MAX_OVER_P75). */
export const SKEW_MAX_OVER_P75 = 1.5

const span = (from: number | null, to: number | null) => (from !== null && to !== null ? to - from : null)
const ms = <R,>(key: string, title: string, read: (r: R) => number | null, width = 100): DataColumn<R> => ({
  key,
  title,
  width,
  align: 'right',
  value: read,
  render: (r) => {
    const v = read(r)
    return v === null ? '--' : formatDurationMs(v)
  },
})
const bytes = <R,>(key: keyof R & string, title: string, width = 110): DataColumn<R> => ({
  key,
  title,
  width,
  align: 'right',
  render: (r) => formatBytes(Number(r[key])),
})
const words = (s: string) => s.charAt(0) + s.slice(1).toLowerCase()
const state = <R extends { status: string }>(width = 110): DataColumn<R> => ({
  key: 'status',
  title: 'Status',
  width,
  render: (r) => words(r.status),
})

export const isSkewed = (s: SparkStage) => {
  const [, , , p75 = 0, max = 0] = s.taskSummary?.executorRunTime ?? []
  return p75 > 0 && max > SKEW_MAX_OVER_P75 * p75
}
const quantile = (i: number, title: string): DataColumn<SparkStage> =>
  ms(`q${i}`, title, (s) => s.taskSummary?.executorRunTime[i] ?? null, 90)

export const STAGE_COLUMNS: DataColumn<SparkStage>[] = [
  col.count('stageId', 'Stage', 70),
  col.count('attemptId', 'Attempt', 80),
  col.text('name', 'Name', 220),
  state(100),
  col.count('numTasks', 'Tasks', 80),
  col.count('numFailedTasks', 'Failed tasks', 100),
  ms('duration', 'Duration', (s) => span(s.submissionTime, s.completionTime), 110),
  quantile(0, 'Task min'),
  quantile(1, 'Task p25'),
  { ...quantile(2, 'Task median'), width: 110 },
  quantile(3, 'Task p75'),
  quantile(4, 'Task max'),
  {
    key: 'skewed',
    title: 'Skew',
    width: 80,
    value: (s) => (isSkewed(s) ? 'Skewed' : ''),
    render: (s) =>
      isSkewed(s) ? (
        <Badge color="orange" variant="light">
          Skewed
        </Badge>
      ) : (
        '--'
      ),
  },
  bytes('inputBytes', 'Input'),
  bytes('shuffleReadBytes', 'Shuffle read'),
  bytes('shuffleWriteBytes', 'Shuffle write'),
]

const JOB_COLUMNS: DataColumn<SparkJob>[] = [
  col.count('jobId', 'Job', 70),
  col.text('name', 'Name', 260),
  state(),
  ms('duration', 'Duration', (j) => span(j.submissionTime, j.completionTime), 110),
  { key: 'stages', title: 'Stages', width: 80, align: 'right', value: (j) => j.stageIds.length },
  col.count('numCompletedStages', 'Completed stages', 140),
  col.count('numSkippedStages', 'Skipped stages', 120),
  col.count('numFailedStages', 'Failed stages', 110),
  col.count('numTasks', 'Tasks', 80),
  col.count('numCompletedTasks', 'Completed tasks', 130),
  col.count('numFailedTasks', 'Failed tasks', 110),
]

const EXECUTOR_COLUMNS: DataColumn<SparkExecutor>[] = [
  col.text('id', 'Executor', 90),
  col.text('hostPort', 'Host', 260),
  { key: 'isActive', title: 'Active', width: 80, value: (e) => (e.isActive ? 'Yes' : 'No') },
  col.count('totalCores', 'Cores', 70),
  {
    key: 'memoryMB',
    title: 'Container memory',
    width: 140,
    align: 'right',
    render: (e) => formatBytes(e.memoryMB * 1_048_576),
  },
  col.count('totalTasks', 'Tasks', 80),
  col.count('failedTasks', 'Failed tasks', 100),
  ms('totalDuration', 'Task time', (e) => e.totalDuration, 110),
  ms('totalGCTime', 'GC time', (e) => e.totalGCTime, 100),
  bytes('totalInputBytes', 'Input'),
  bytes('totalShuffleRead', 'Shuffle read'),
  bytes('totalShuffleWrite', 'Shuffle write'),
  col.text('removeReason', 'Removed because', 260),
]

const EXECUTION_COLUMNS: DataColumn<SparkSqlExecution>[] = [
  col.count('id', 'Execution', 90),
  col.text('description', 'Description', 360),
  state(),
  col.time('submissionTime', 'Submitted'),
  ms('duration', 'Duration', (x) => x.duration, 110),
  {
    key: 'jobs',
    title: 'Jobs',
    width: 160,
    value: (x) =>
      [...x.successJobIds, ...x.failedJobIds, ...x.runningJobIds].sort((a, b) => a - b).join(', '),
  },
]

/** The job id as a link to the Spark job page (R114). */
const jobLink = (app: AppRef): DataColumn<SparkJob> => ({
  key: 'jobId',
  title: 'Job',
  width: 70,
  align: 'right',
  render: (j) => (
    <Anchor component={Link} to={sparkJobHref(app, j.jobId)} size="sm" aria-label={`Job ${j.jobId}`}>
      {j.jobId}
    </Anchor>
  ),
})

/** The app's jobs; choosing one's DAG (`?job=`) draws its stages under the table (spark-job-dag.tsx). */
export function SparkJobsTab({ app }: { app: AppRef }) {
  const result = useSparkJobsQuery({ cluster: app.clusterUid, appId: app.id })
  const [job, chooseJob] = useChosenJob()
  return (
    <PanelState what="Jobs" {...queryPanel(result, !result.data?.length)} emptyText="No Spark jobs">
      <Stack gap="md">
        <DetailTable
          caption="Spark jobs"
          columns={[jobLink(app), JOB_COLUMNS[1]!, jobDagColumn(job, chooseJob), ...JOB_COLUMNS.slice(2)]}
          rows={result.data ?? []}
          rowKey={(j) => String(j.jobId)}
        />
        <SparkJobDagPanel app={app} jobId={job} />
      </Stack>
    </PanelState>
  )
}

/** Every stage attempt with its task-time distribution; 2,000 stages scroll in a virtualised body. */
const stageKey = (s: SparkStage) => `${s.stageId}.${s.attemptId}`

/** The Stages tab's stage chosen for its detail: `?stage=<id>.<attempt>`, so the address can be shared. */
function useChosenStage() {
  const [params, setParams] = useSearchParams()
  const choose = (key: string | null) => {
    const next = new URLSearchParams(params)
    if (key) next.set('stage', key)
    else next.delete('stage')
    setParams(next, { replace: true })
  }
  return [params.get('stage'), choose] as const
}

export function SparkStagesTab({ app }: { app: AppRef }) {
  const result = useSparkStagesQuery({ cluster: app.clusterUid, appId: app.id })
  const [chosen, choose] = useChosenStage()
  const stage = result.data?.find((s) => stageKey(s) === chosen)
  const detailColumn: DataColumn<SparkStage> = {
    key: 'detail',
    title: 'Detail',
    width: 90,
    value: () => '',
    render: (s) => (
      <Button
        size="compact-xs"
        variant={stageKey(s) === chosen ? 'filled' : 'default'}
        aria-label={`Detail of stage ${s.stageId} attempt ${s.attemptId}`}
        aria-pressed={stageKey(s) === chosen}
        onClick={() => choose(stageKey(s) === chosen ? null : stageKey(s))}
      >
        Tasks
      </Button>
    ),
  }
  return (
    <PanelState what="Stages" {...queryPanel(result, !result.data?.length)} emptyText="No stages">
      {stage && <SparkStageDetail key={chosen} app={app} stage={stage} />}
      <DetailTable
        caption="Spark stages"
        columns={[detailColumn, ...STAGE_COLUMNS]}
        rows={result.data ?? []}
        rowKey={(s) => `${s.stageId}.${s.attemptId}`}
      />
    </PanelState>
  )
}

export function SparkExecutorsTab({ app }: { app: AppRef }) {
  const result = useSparkExecutorsQuery({ platform: app.clusterUid, id: app.id, section: 'executors' })
  const [logOf, setLogOf] = useState<string | null>(null)
  const logColumn: DataColumn<SparkExecutor> = {
    key: 'log',
    title: 'Log',
    width: 80,
    value: () => '',
    render: (e) => (
      <Button
        size="compact-xs"
        variant="default"
        aria-label={`Log of ${executorName(e.id)}`}
        onClick={() => setLogOf(e.id)}
      >
        Log
      </Button>
    ),
  }
  return (
    <PanelState what="Executors" {...queryPanel(result, !result.data?.length)} emptyText="No executors">
      <DetailTable
        caption="Spark executors"
        columns={[EXECUTOR_COLUMNS[0]!, logColumn, ...EXECUTOR_COLUMNS.slice(1)]}
        rows={result.data ?? []}
        rowKey={(e) => e.id}
      />
      <ExecutorLogDialog appId={app.id} executorId={logOf} onClose={() => setLogOf(null)} />
    </PanelState>
  )
}

export function SparkExecutionsTab({ app }: { app: AppRef }) {
  const result = useSparkExecutionsQuery({ platform: app.clusterUid, id: app.id })
  return (
    <PanelState
      what="SQL executions"
      {...queryPanel(result, !result.data?.length)}
      emptyText="No SQL executions"
    >
      <DetailTable
        caption="SQL executions"
        columns={EXECUTION_COLUMNS}
        rows={result.data ?? []}
        rowKey={(x) => String(x.id)}
      />
    </PanelState>
  )
}
