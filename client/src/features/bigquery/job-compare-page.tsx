import { Link, useLocation } from 'react-router-dom'
import { skipToken } from '@reduxjs/toolkit/query/react'
import { Anchor, Group, SimpleGrid, Title } from '@mantine/core'
import type { BigQueryJobDetails } from '@costlens/shared'
import { CodeViewer } from '../../components/code-viewer/code-viewer.tsx'
import { compareIds } from '../../kit/compare-fields.ts'
import { ComparePage, type CompareSection } from '../../kit/compare-page.tsx'
import { useJobDetailsQuery } from './api.ts'
import { jobDetailsHref } from './job-columns.tsx'
import {
  COST_FIELDS,
  INSIGHT_SUMMARY,
  JOB_FIELDS,
  STAGE_FIELDS,
  TABLE_FIELDS,
  VOLUME_FIELDS,
} from './job-fields.ts'
import { JobStatusBadge } from './job-format.tsx'

/** The sections of the comparison, each a list of the details page's own fields. */
const SECTIONS: readonly CompareSection<BigQueryJobDetails>[] = [
  // The id heads each column already.
  { title: 'Job', fields: JOB_FIELDS.filter((f) => f.key !== 'id') },
  { title: 'Cost', fields: [...COST_FIELDS, INSIGHT_SUMMARY] },
  { title: 'Bytes and slots', fields: VOLUME_FIELDS },
  { title: 'Stage times', fields: STAGE_FIELDS },
  { title: 'Tables', fields: TABLE_FIELDS },
]

/**
 * /job/compare?ids=a,b (R158, 03 §2 BigQuery compare: by Job ID, 1 to 2 items): the jobs side by
 * side, field by field, the fields that differ marked, then their statements.
 */
export default function JobComparePage() {
  const ids = compareIds(useLocation().search)
  const first = useJobDetailsQuery(ids[0] ? { jobId: ids[0] } : skipToken)
  const second = useJobDetailsQuery(ids[1] ? { jobId: ids[1] } : skipToken)
  return (
    <ComparePage
      title="Compare jobs"
      noun="job"
      tableLabel="Compared jobs"
      ids={ids}
      results={[first, second].slice(0, ids.length)}
      idOf={(d) => d.job.id}
      heading={(d) => (
        <Group gap="xs">
          <Anchor component={Link} to={jobDetailsHref(d.job.id)} ff="monospace" size="sm">
            {d.job.id}
          </Anchor>
          <JobStatusBadge code={d.job.status} />
        </Group>
      )}
      sections={SECTIONS}
      empty={
        <>
          No jobs to compare. Tick one or two jobs in the{' '}
          <Anchor component={Link} to="/job/list">
            job list
          </Anchor>{' '}
          and press Compare.
        </>
      }
    >
      {(items) => (
        <section aria-labelledby="compare-statements">
          <Title order={2} size="h5" id="compare-statements" mb="xs">
            Statements
          </Title>
          <SimpleGrid cols={{ base: 1, md: items.length }}>
            {items.map((d) => (
              <CodeViewer
                key={d.job.id}
                title={`Statement of ${d.job.id}`}
                code={d.job.statement.full}
                language="sql"
              />
            ))}
          </SimpleGrid>
        </section>
      )}
    </ComparePage>
  )
}
