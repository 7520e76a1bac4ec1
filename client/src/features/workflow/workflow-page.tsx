import { useSearchParams } from 'react-router-dom'
import { Text } from '@mantine/core'
import {
  formatBytes,
  formatCount,
  formatDateTime,
  formatDollars,
  formatDurationMs,
  withZone,
  type WorkflowAnnotation,
} from '@costlens/shared'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { StatusBadge } from '../../components/status/status-badge.tsx'
import { DetailPage, type DetailTab } from '../../kit/detail-page.tsx'
import { DetailTable } from '../../kit/detail-table.tsx'
import { ReturnLink } from '../../kit/return-link.tsx'
import { useWorkflowAnnotationQuery } from './api.ts'
import { pipelineHref } from '../../components/workflow-href.ts'
import { CHILD_COLUMNS } from './workflow-columns.tsx'
import { WorkflowGantt } from './workflow-gantt.tsx'

/** The children by status in words, the ones the run has: '3 succeeded, 1 failed'. */
function statusSummary(w: WorkflowAnnotation): string {
  const { succeeded, failed, killed, running, other } = w.statusCounts
  return (
    [
      [succeeded, 'succeeded'],
      [failed, 'failed'],
      [killed, 'killed'],
      [running, 'not finished'],
      [other, 'unknown'],
    ] as const
  )
    .filter(([n]) => n > 0)
    .map(([n, word]) => `${formatCount(n)} ${word}`)
    .join(', ')
}

const TABS: readonly DetailTab<WorkflowAnnotation>[] = [
  {
    value: 'summary',
    label: 'Summary',
    fields: (w) => [
      {
        label: 'Pipeline',
        value: <ReturnLink to={pipelineHref(w.pipeline, w.clusterUid)}>{w.pipeline}</ReturnLink>,
      },
      { label: 'Workflow id', value: w.id },
      { label: 'Run (UTC day)', value: w.runDate },
      { label: 'Cluster', value: `${w.clusterName} (${w.clusterUid}, ${w.clusterType})` },
      { label: withZone('Started'), value: formatDateTime(w.startTime) },
      { label: withZone('Ended'), value: w.endTime === null ? 'Still running' : formatDateTime(w.endTime) },
      { label: 'Duration', value: formatDurationMs(w.duration) },
      { label: 'Cost (USD)', value: formatDollars(w.cents / 100) },
      { label: 'User', value: w.userCount > 1 ? `${w.user} and ${w.userCount - 1} more` : w.user },
      { label: 'Applications', value: `${formatCount(w.childCount)}: ${statusSummary(w)}` },
      { label: 'DFS read', value: formatBytes(w.totalDfsBytesRead) },
      { label: 'DFS written', value: formatBytes(w.totalDfsBytesWritten) },
    ],
  },
  {
    value: 'children',
    label: 'Applications',
    render: (w) => (
      <DetailTable
        caption="The workflow's applications in start order"
        columns={CHILD_COLUMNS}
        rows={w.children.map((c, i) => ({ ...c, order: i + 1 }))}
        rowKey={(c) => c.id}
      />
    ),
  },
  { value: 'timeline', label: 'Timeline', render: (w) => <WorkflowGantt children={w.children} /> },
]

/**
 * /app/application/workflow (R112; 02 §2 Application details: workflows, issue 17): one workflow, a
 * run of a pipeline (its apps of one UTC day on one cluster), addressed `?execId=<workflow id>&
 * clusterUid=<cluster>` like every details page. Summary, its applications linking to their own
 * details, and a Gantt of them over time. Another platform's run and an unknown one answer the
 * simulator's 403 / 404 in words.
 */
export default function WorkflowPage() {
  const [params] = useSearchParams()
  const id = params.get('execId')?.trim() ?? ''
  const clusterUid = params.get('clusterUid')?.trim() || '*'
  const result = useWorkflowAnnotationQuery({ cluster: clusterUid, id }, { skip: !id })
  // The id names its pipeline ({pipeline}__{cluster}__{day}): the breadcrumb goes to its runs.
  const pipeline = id.split('__')[0] ?? ''
  const w = result.data
  useDocumentTitle(w ? `${w.pipeline} run ${w.runDate}` : 'Workflow')
  if (!id) return <Text c="dimmed">No workflow is named in the address (its execId).</Text>
  return (
    <DetailPage
      title={w ? `${w.pipeline} · ${w.runDate}` : id}
      what="The workflow"
      back={
        pipeline
          ? { label: pipeline, to: pipelineHref(pipeline, clusterUid) }
          : { label: 'Pipelines', to: '/jobs/pipelines' }
      }
      result={result}
      notFound={`Information for this workflow ${id} is not available.`}
      badge={(d) => (
        <>
          <StatusBadge code={d.status} />
          <Text size="sm" c="dimmed">
            Workflow · {d.clusterName}
          </Text>
        </>
      )}
      kpis={(d) => [
        { label: 'Cost (USD)', value: formatDollars(d.cents / 100) },
        { label: 'Duration', value: formatDurationMs(d.duration) },
        { label: 'Applications', value: formatCount(d.childCount) },
        { label: 'User', value: d.user },
        { label: 'Cluster', value: d.clusterUid },
      ]}
      kpiLabel="Workflow figures"
      tabs={TABS}
    />
  )
}
