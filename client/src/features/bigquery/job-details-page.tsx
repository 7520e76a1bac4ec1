import { useParams } from 'react-router-dom'
import { Button } from '@mantine/core'
import { IconGitCompare } from '@tabler/icons-react'
import {
  compareCheckboxDisabled,
  formatBytes,
  formatDurationMs,
  formatMessage,
  bigQueryCentsUsd,
} from '@costlens/shared'
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { ComparePanel } from '../../components/compare/compare-panel.tsx'
import { compareToggled } from '../../components/compare/compare-slice.ts'
import { DetailPage } from '../../kit/detail-page.tsx'
import { useJobDetailsQuery } from './api.ts'
import { JOB_DETAIL_TABS } from './job-details-tabs.tsx'
import { JobStatusBadge, slotTime } from './job-format.tsx'

/** Add the job to the compare selection (or take it out), as a list's checkbox would. */
function CompareToggle({ jobId }: { jobId: string }) {
  const selection = useAppSelector((s) => s.compare.job)
  const dispatch = useAppDispatch()
  const chosen = selection.includes(jobId)
  return (
    <Button
      variant={chosen ? 'light' : 'default'}
      leftSection={<IconGitCompare size={16} aria-hidden />}
      disabled={compareCheckboxDisabled(selection, jobId)}
      aria-pressed={chosen}
      onClick={() => dispatch(compareToggled({ type: 'job', id: jobId }))}
    >
      {chosen ? 'Added to compare' : 'Add to compare'}
    </Button>
  )
}

/**
 * /job/{jobId}/details (R157, 03 §2, §3 BigQuery job): the job's headline figures, then its
 * statement, stage timings, bytes and slots, cost with its basis, reservation and insights, tables
 * and labels (E167), each a tab kept in the address.
 */
export default function JobDetailsPage() {
  const { jobId = '' } = useParams()
  useDocumentTitle(`Job ${jobId}`)
  const result = useJobDetailsQuery({ jobId })
  return (
    <>
      <DetailPage
        title={jobId}
        badge={(d) => <JobStatusBadge code={d.job.status} />}
        back={{ label: 'Jobs', to: '/job/list' }}
        what={`Job ${jobId}`}
        result={result}
        notFound={formatMessage('M066', { pageName: 'job', id: jobId })}
        actions={<CompareToggle jobId={jobId} />}
        kpiLabel="Job figures"
        // Five figures, one row at 1440 px; bytes processed and scanned are on the timing tab.
        kpis={(d) => [
          { label: 'Cost (USD)', value: bigQueryCentsUsd(d.job.cost) },
          { label: 'Bytes billed', value: formatBytes(d.job.billedBytes) },
          { label: 'Slot time', value: slotTime(d.job.slotMs) },
          { label: 'Duration', value: formatDurationMs(d.job.duration) },
          { label: 'Insights', value: String(d.insights.length) },
        ]}
        tabs={JOB_DETAIL_TABS}
      />
      <ComparePanel type="job" />
    </>
  )
}
