import { useEffect, useMemo, useRef } from 'react'
import { useLocation, useSearchParams } from 'react-router-dom'
import { Stack, Text, Title, UnstyledButton } from '@mantine/core'
import { formatCount, type SparkJob, type SparkJobDag, type StatusStyle } from '@costlens/shared'
import { DagGraph, type DagNode } from '../../components/dag-graph/dag-graph.tsx'
import { useHighlightedRow } from '../../components/dag-graph/use-highlighted-row.ts'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { StatusBadge } from '../../components/status/status-badge.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { columns as col } from '../../kit/columns.tsx'
import { DetailTable } from '../../kit/detail-table.tsx'
import type { AppRef } from './app-ref.ts'
import { useSparkJobDagQuery } from './tez-api.ts'

type DagStage = SparkJobDag['nodes'][number]

/** A Spark stage status's colour (B174): complete is a success, skipped neither good nor bad. */
const STAGE_STYLE: Readonly<Record<string, StatusStyle>> = {
  COMPLETE: 'success',
  FAILED: 'error',
  ACTIVE: 'running',
  PENDING: 'pending',
  SKIPPED: 'unknown',
}
const words = (s: string) => s.charAt(0) + s.slice(1).toLowerCase()

function stageNode(s: DagStage): DagNode {
  return {
    id: String(s.stageId),
    label: `Stage ${s.stageId}`,
    status: { text: words(s.status), style: STAGE_STYLE[s.status] ?? 'unknown' },
    note: `${formatCount(s.numTasks)} tasks`,
    detail: s.name,
  }
}

/** The stages' table; a stage's id is a button that chooses it, as its box in the graph does. */
const stageColumns = (chosen: string | null, choose: (id: string) => void): DataColumn<DagStage>[] => [
  {
    key: 'stageId',
    title: 'Stage',
    width: 80,
    align: 'right',
    render: (s) => (
      <UnstyledButton
        onClick={() => choose(String(s.stageId))}
        aria-pressed={String(s.stageId) === chosen}
        aria-label={`Stage ${s.stageId}`}
        fz="sm"
        c="var(--mantine-color-anchor)"
        td="underline"
      >
        {s.stageId}
      </UnstyledButton>
    ),
  },
  col.count('attemptId', 'Attempt', 80),
  col.text('name', 'Name', 320),
  {
    key: 'status',
    title: 'Status',
    width: 120,
    render: (s) => <StatusBadge code={s.status} label={words(s.status)} style={STAGE_STYLE[s.status]} />,
  },
  col.count('numTasks', 'Tasks', 80),
  { key: 'parentIds', title: 'Parent stages', width: 140, value: (s) => s.parentIds.join(', ') || '--' },
]

/** The job whose DAG is shown (`?job=`), and how the Jobs table chooses one. */
export function useChosenJob() {
  const [params, setParams] = useSearchParams()
  const location = useLocation()
  const raw = params.get('job')
  const asked = raw === null || raw === '' ? NaN : Number(raw)
  const chosen = Number.isInteger(asked) && asked >= 0 ? asked : null
  const choose = (jobId: number) => {
    const next = new URLSearchParams(params)
    next.set('job', String(jobId))
    next.delete('stage')
    setParams(next, { replace: true, state: location.state })
  }
  return [chosen, choose] as const
}

/** The Jobs table's column that shows a job's stage DAG under the table. */
export function jobDagColumn(chosen: number | null, choose: (jobId: number) => void): DataColumn<SparkJob> {
  return {
    key: 'dag',
    title: 'DAG',
    width: 100,
    sortable: false,
    value: () => '',
    render: (j) => (
      <UnstyledButton
        onClick={() => choose(j.jobId)}
        aria-pressed={j.jobId === chosen}
        aria-label={`Show the DAG of job ${j.jobId}`}
        fz="sm"
        c="var(--mantine-color-anchor)"
        td="underline"
      >
        {j.jobId === chosen ? 'Shown' : 'Show DAG'}
      </UnstyledButton>
    ),
  }
}

/**
 * The stage DAG of one Spark job (E102), under the Jobs table: only that job's stages are laid out
 * (a 2,000-stage app's other jobs are never drawn), stages an earlier job computed shown skipped.
 * Choosing a stage in the graph highlights it in the table of the job's stages.
 */
export function SparkJobDagPanel({ app, jobId }: { app: AppRef; jobId: number | null }) {
  const result = useSparkJobDagQuery(
    { cluster: app.clusterUid || '*', appId: app.id, n: jobId ?? 0 },
    { skip: jobId === null },
  )
  const [params, setParams] = useSearchParams()
  const location = useLocation()
  const stage = params.get('stage')
  const chooseStage = (id: string) => {
    const next = new URLSearchParams(params)
    next.set('stage', id)
    setParams(next, { replace: true, state: location.state })
  }
  const dag = result.data
  const stages = useMemo(() => dag?.nodes ?? [], [dag])
  const nodes = useMemo(() => stages.map(stageNode), [stages])
  const edges = useMemo(
    () => (dag?.edges ?? []).map((e) => ({ from: String(e.from), to: String(e.to) })),
    [dag],
  )
  const highlight = useHighlightedRow(stage)
  // The DAG draws under a table of up to hundreds of jobs: a job chosen brings its DAG into view.
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (jobId !== null) heading.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' })
  }, [jobId])
  if (jobId === null) {
    return (
      <Text size="sm" c="dimmed">
        Choose a job&apos;s Show DAG to draw its stages as a graph here.
      </Text>
    )
  }
  return (
    <Stack gap="sm">
      <Title order={2} size="h4" ref={heading}>
        DAG of job {jobId}
      </Title>
      <PanelState
        what={`DAG of job ${jobId}`}
        {...queryPanel(result, stages.length === 0)}
        emptyText="No stages"
      >
        <Stack gap="sm">
          <DagGraph
            label={`Stage DAG of job ${jobId}`}
            nodes={nodes}
            edges={edges}
            nodeNoun="stages"
            selected={stage}
            onSelect={chooseStage}
          />
          <DetailTable
            caption={`Stages of job ${jobId}`}
            columnsKey="Spark job DAG stages"
            columns={stageColumns(stage, chooseStage)}
            rows={stages}
            rowKey={(s) => String(s.stageId)}
            {...highlight}
          />
        </Stack>
      </PanelState>
    </Stack>
  )
}
