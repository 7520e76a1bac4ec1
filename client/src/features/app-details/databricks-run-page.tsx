import { Link } from 'react-router-dom'
import { Anchor, Text } from '@mantine/core'
import {
  borderClass,
  formatDateTime,
  formatDollars,
  formatDurationMs,
  formatMessage,
  formatNumber,
  needsActualCost,
  withZone,
  type DatabricksAppSummary,
  type DatabricksRunSummary,
} from '@costlens/shared'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { StatusBadge } from '../../components/status/status-badge.tsx'
import { DetailPage, type DetailTab } from '../../kit/detail-page.tsx'
import { useDatabricksAppSummaryQuery } from './databricks-api.ts'
import {
  DatabricksConfigurationTab,
  DatabricksErrorsTab,
  DatabricksInsightsTab,
  DatabricksProgramTab,
  DatabricksResourcesTab,
  DatabricksTasksTab,
} from './databricks-run-tabs.tsx'

/*
 * A Databricks run's details (issue 20 "Run details"; R113 /app/application/db?execId=<run key>, "a
 * Databricks run opens its details like any application"): its header from runs/{id}/appsummary
 * (E128), then the tabs of databricks-run-tabs.tsx.
 */

/** R186 filtered to the run's job (B192: one job selected reads that job's runs). */
export const jobRunsHref = (jobId: number) => `/jobs/runs?jobIds=${jobId}`
/** The cluster a run ran on (R185 cluster summary). */
export const dbClusterHref = (clusterUid: string) =>
  `/compute/cluster_summary?clusterUid=${encodeURIComponent(clusterUid)}`

/** A cost of the run: 0 until billing has priced it (B195), said so rather than shown as free. */
function money(run: DatabricksRunSummary, usd: number) {
  return needsActualCost({ cost: run.total_cost, costIsActual: run.costFinal })
    ? 'Not final yet'
    : formatDollars(usd)
}

const COMPUTE_WORDS = {
  JOB: 'Job cluster',
  ALL_PURPOSE: 'All-purpose cluster',
  SERVERLESS: 'Serverless',
} as const

function summaryFields(run: DatabricksRunSummary) {
  const compute = run.clusterUid ? (
    <Anchor component={Link} to={dbClusterHref(run.clusterUid)} size="sm">
      {run.clusterName ? `${run.clusterName} (${run.clusterUid})` : run.clusterUid}
    </Anchor>
  ) : (
    'None'
  )
  return [
    {
      label: 'Job',
      value: (
        <Anchor component={Link} to={jobRunsHref(run.jobId)} size="sm">
          {run.jobName} ({run.jobId}): its runs
        </Anchor>
      ),
    },
    { label: 'Run id', value: String(run.runId) },
    { label: 'Workspace', value: `${run.workspaceName} (${run.cloud}, ${run.region})` },
    { label: 'State', value: `${run.lifeCycleState} / ${run.resultState ?? 'no result yet'}` },
    { label: 'Trigger', value: run.trigger },
    { label: 'Attempt', value: String(run.attempt) },
    { label: 'Run as', value: run.isServicePrincipal ? `${run.user} (service principal)` : run.user },
    { label: withZone('Started'), value: formatDateTime(run.startTime) },
    { label: withZone('Ended'), value: run.endTime === null ? 'Still running' : formatDateTime(run.endTime) },
    { label: 'Setup', value: formatDurationMs(run.setupDuration) },
    { label: 'Duration', value: formatDurationMs(run.duration) },
    { label: 'Compute', value: COMPUTE_WORDS[run.computeKind] },
    { label: 'Cluster', value: compute },
    { label: 'Node type', value: run.nodeType ?? '—' },
    { label: 'Workers (average)', value: formatNumber(run.workers, 1) },
    { label: 'Availability', value: run.availability === 'ON_DEMAND' ? 'On demand' : run.availability },
    { label: 'Runtime', value: run.runtimeVersion ?? '—' },
    { label: 'SKU', value: run.sku },
    { label: 'DBUs', value: run.costFinal ? formatNumber(run.dbus, 4) : 'Not final yet' },
    { label: 'DBU cost (USD)', value: money(run, run.cost) },
    { label: 'VM cost (USD)', value: money(run, run.cents / 100) },
    { label: 'Total cost (USD)', value: money(run, run.total_cost) },
    { label: 'Tags', value: run.tags.map((t) => `${t.key}=${t.value}`).join(', ') || 'None' },
  ]
}

function runTabs(runInfo: string | undefined): DetailTab<DatabricksAppSummary>[] {
  return [
    { value: 'summary', label: 'Summary', fields: (d) => summaryFields(d.run) },
    { value: 'tasks', label: 'Tasks', render: (d) => <DatabricksTasksTab run={d.run} /> },
    { value: 'errors', label: 'Errors', render: (d) => <DatabricksErrorsTab run={d.run} /> },
    {
      value: 'configuration',
      label: 'Configuration',
      render: (d) => <DatabricksConfigurationTab run={d.run} runInfo={runInfo} />,
    },
    { value: 'program', label: 'Program', render: (d) => <DatabricksProgramTab run={d.run} /> },
    { value: 'resources', label: 'Resources', render: (d) => <DatabricksResourcesTab run={d.run} /> },
    { value: 'insights', label: 'Insights', render: (d) => <DatabricksInsightsTab run={d.run} /> },
  ]
}

/** The details of the run `runKey` names (<workspaceId>_<jobId>_<runId>). */
export function DatabricksRunDetails({ runKey }: { runKey: string }) {
  const result = useDatabricksAppSummaryQuery({ id: runKey })
  const run = result.data?.run
  useDocumentTitle(run ? `${run.jobName} run ${run.runId} (Databricks)` : 'Databricks run')
  return (
    <DetailPage
      title={run ? `${run.jobName} · run ${run.runId}` : runKey}
      what="Run"
      back={{ label: 'Job Runs', to: '/jobs/runs' }}
      result={result}
      notFound={formatMessage('M026', { id: runKey })}
      badge={(d) => (
        <>
          {/* Databricks' own word (SKIPPED, UPSTREAM_FAILED …) in the style of the console's status. */}
          <StatusBadge
            code={d.run.status}
            label={d.run.resultState ?? d.run.lifeCycleState}
            style={borderClass(d.run.status)}
          />
          <Text size="sm" c="dimmed">
            Databricks · {d.run.workspaceName} · {d.run.id}
          </Text>
        </>
      )}
      kpis={(d) => [
        { label: 'Total cost (USD)', value: money(d.run, d.run.total_cost) },
        { label: 'DBUs', value: d.run.costFinal ? formatNumber(d.run.dbus, 4) : 'Not final yet' },
        { label: 'DBU cost (USD)', value: money(d.run, d.run.cost) },
        { label: 'VM cost (USD)', value: money(d.run, d.run.cents / 100) },
        { label: 'Duration', value: formatDurationMs(d.run.duration) },
        { label: 'Run as', value: d.run.user },
      ]}
      tabs={runTabs(result.data?.annotation.runInfo)}
    />
  )
}
