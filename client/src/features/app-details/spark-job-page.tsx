import { Link, useSearchParams } from 'react-router-dom'
import { Anchor, Text } from '@mantine/core'
import {
  formatDateTime,
  formatDurationMs,
  formatNumber,
  withZone,
  type AppDetailsSummary,
  type SparkJob,
  type SparkStage,
} from '@costlens/shared'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { appDetailsHref } from '../../components/app-details-href.ts'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { StatusBadge } from '../../components/status/status-badge.tsx'
import { DetailPage, NOTHING_ASKED } from '../../kit/detail-page.tsx'
import { DetailTable } from '../../kit/detail-table.tsx'
import { useAppSummaryQuery, useSparkJobsQuery } from './api.ts'
import { SparkGantt, stageDetailHref } from './spark-gantt.tsx'
import { useSparkJobStagesQuery } from './spark-extras-api.ts'
import { STAGE_COLUMNS } from './spark-tabs.tsx'

interface JobPage {
  job: SparkJob
  app: AppDetailsSummary
}

/** The job's status in the app status words (B174): SUCCEEDED reads Succeeded in green, and so on. */
const JOB_STATUS_CODE: Readonly<Record<string, string>> = { SUCCEEDED: 'S', FAILED: 'F', RUNNING: 'R' }
const words = (s: string) => s.charAt(0) + s.slice(1).toLowerCase()
/** The app's details address's search (appDetailsHref's), to open one of its tabs. */
const appSearch = (id: string, clusterUid: string) =>
  appDetailsHref({ kind: 'spark', id, clusterUid }).split('?')[1] ?? ''

/** The address's job: an app id and a whole job number, else null (the page then says it is not found). */
function useJobAddress() {
  const [params] = useSearchParams()
  const id = params.get('execId')?.trim() ?? ''
  const clusterUid = params.get('clusterUid')?.trim() || '*'
  const raw = params.get('jobId')?.trim() ?? ''
  const jobId = /^\d{1,7}$/.test(raw) ? Number(raw) : null
  return id && /^[A-Za-z0-9_.:-]{1,128}$/.test(id) && jobId !== null ? { id, clusterUid, jobId } : null
}

function jobFields({ job, app }: JobPage) {
  const end = job.completionTime
  return [
    { label: 'Job', value: `${job.jobId}: ${job.name}` },
    { label: 'Status', value: words(job.status) },
    { label: withZone('Submitted'), value: formatDateTime(job.submissionTime) },
    { label: withZone('Completed'), value: end === null ? 'Still running' : formatDateTime(end) },
    {
      label: 'Duration',
      value: formatDurationMs((end ?? app.startTime + app.duration) - job.submissionTime),
    },
    { label: 'Stages', value: formatNumber(job.stageIds.length) },
    { label: 'Completed stages', value: formatNumber(job.numCompletedStages) },
    { label: 'Skipped stages', value: formatNumber(job.numSkippedStages) },
    { label: 'Failed stages', value: formatNumber(job.numFailedStages) },
    { label: 'Tasks', value: formatNumber(job.numTasks) },
    { label: 'Completed tasks', value: formatNumber(job.numCompletedTasks) },
    { label: 'Failed tasks', value: formatNumber(job.numFailedTasks) },
    { label: 'Killed tasks', value: formatNumber(job.numKilledTasks) },
    { label: 'Skipped tasks', value: formatNumber(job.numSkippedTasks) },
    { label: 'Application', value: `${app.name} (${app.id})` },
  ]
}

/** The job's stages (E100): a table and their Gantt. */
function JobStages({
  page,
  clusterUid,
  view,
}: {
  page: JobPage
  clusterUid: string
  view: 'table' | 'timeline'
}) {
  const result = useSparkJobStagesQuery({ cluster: clusterUid, appId: page.app.id, n: page.job.jobId })
  const stages = result.data ?? []
  // A stage an earlier job computed is this job's too here: the Gantt draws it under this job.
  const own: SparkStage[] = stages.map((s) => ({ ...s, jobIds: [page.job.jobId] }))
  return (
    <PanelState what="Stages" {...queryPanel(result, stages.length === 0)} emptyText="This job has no stages">
      {view === 'table' ? (
        <DetailTable
          caption={`Stages of job ${page.job.jobId}`}
          columns={STAGE_COLUMNS}
          rows={stages}
          rowKey={(s) => `${s.stageId}.${s.attemptId}`}
        />
      ) : (
        <SparkGantt
          title={`Job ${page.job.jobId} and its stages over time`}
          jobs={[page.job]}
          stages={own}
          now={page.app.endTime ?? page.app.startTime + page.app.duration}
          initiallyExpanded={[page.job.jobId]}
          stageHref={(stageId, attemptId) =>
            `/app/application/spark${stageDetailHref(appSearch(page.app.id, clusterUid), stageId, attemptId)}`
          }
        />
      )}
    </PanelState>
  )
}

function SparkJob({ id, clusterUid, jobId }: { id: string; clusterUid: string; jobId: number }) {
  const app = useAppSummaryQuery({ id })
  const jobs = useSparkJobsQuery({ cluster: clusterUid, appId: id })
  const job = jobs.data?.find((j) => j.jobId === jobId)
  const data = app.data && job ? { app: app.data, job } : undefined
  const failed = app.isError ? app : jobs
  // The app answered and its jobs too, but not this one: the job is not there (404, like E100's).
  const missing = jobs.data !== undefined && app.data !== undefined && !job
  useDocumentTitle(app.data ? `Job ${jobId} of ${app.data.name}` : `Spark job ${jobId}`)
  const appHref = appDetailsHref({ kind: 'spark', id, clusterUid })
  return (
    <DetailPage<JobPage>
      title={`Spark job ${jobId}`}
      what="Spark job"
      back={{ label: app.data?.name ?? id, to: appHref }}
      result={{
        data,
        isFetching: app.isFetching || jobs.isFetching,
        isLoading: app.isLoading || jobs.isLoading,
        isError: app.isError || jobs.isError,
        error: failed.error,
        refetch: () => {
          void app.refetch()
          void jobs.refetch()
        },
      }}
      notFound={`Spark job ${jobId} of application ${id} is not available.`}
      missing={missing ? `Spark job ${jobId} of application ${id} is not available.` : undefined}
      badge={(p) => (
        <>
          <StatusBadge code={JOB_STATUS_CODE[p.job.status] ?? p.job.status} label={words(p.job.status)} />
          <Text size="sm" c="dimmed">
            of{' '}
            <Anchor component={Link} to={appHref} size="sm">
              {p.app.name}
            </Anchor>{' '}
            · {p.app.id}
          </Text>
        </>
      )}
      kpis={({ job: j, app: a }) => [
        {
          label: 'Duration',
          value: formatDurationMs((j.completionTime ?? a.startTime + a.duration) - j.submissionTime),
        },
        { label: 'Stages', value: formatNumber(j.stageIds.length) },
        { label: 'Tasks', value: formatNumber(j.numTasks) },
        { label: 'Failed tasks', value: formatNumber(j.numFailedTasks) },
      ]}
      tabs={[
        // The summary and, under it, the job's stages over time: what a job page is opened for.
        {
          value: 'summary',
          label: 'Summary',
          fields: jobFields,
          render: (p) => <JobStages page={p} clusterUid={clusterUid} view="timeline" />,
        },
        {
          value: 'stages',
          label: 'Stages',
          render: (p) => <JobStages page={p} clusterUid={clusterUid} view="table" />,
        },
      ]}
    />
  )
}

/**
 * /app/application/spark/job (R114; 02 §2, issue 17): one Spark job of an application, addressed
 * `?execId=<app id>&jobId=<n>&clusterUid=<cluster>` like the details page. Its summary, its stages
 * and their Gantt, and the way back to the app. An address without a proper app id and job number,
 * or a job the app does not have, shows the not-found state.
 */
export default function SparkJobPage() {
  const address = useJobAddress()
  if (!address) {
    return (
      <DetailPage<JobPage>
        title="Spark job"
        what="Spark job"
        back={{ label: 'Applications', to: '/jobs/applications' }}
        result={NOTHING_ASKED}
        missing="No Spark job is named in the address (its execId and a job number, jobId)."
        tabs={[]}
      />
    )
  }
  return <SparkJob {...address} />
}
