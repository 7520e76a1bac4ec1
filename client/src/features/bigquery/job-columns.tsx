import { Link, useLocation } from 'react-router-dom'
import { Anchor, Text } from '@mantine/core'
import {
  COMPARE_TYPES,
  formatBytes,
  formatDurationMs,
  type BigQueryJobRow,
  bigQueryCentsUsd,
  bigQueryCentsPlain,
  bigQueryJobStatusLabel,
  bigQueryJobTypeLabel,
} from '@costlens/shared'
import { OverflowTooltip } from '../../components/table/overflow-text.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { timeColumn } from '../../components/table/time-column.ts'
import type { ReturnState } from '../../kit/return-link.tsx'
import { columns } from '../../kit/columns.tsx'
import { JobStatusBadge, pricingLabel, slotTime } from './job-format.tsx'

/** A job's details route (R157), from the compare configuration so the two never disagree. */
export const jobDetailsHref = (id: string) =>
  COMPARE_TYPES.job.detailRoute.replace(':id', encodeURIComponent(id))

/** A job's id linking to its details, whose breadcrumb comes back to this list as it is (filters, page). */
function JobLink({ id }: { id: string }) {
  const location = useLocation()
  const state: ReturnState = { from: location.pathname + location.search }
  return (
    <Anchor
      component={Link}
      to={jobDetailsHref(id)}
      state={state}
      size="xs"
      ff="monospace"
      truncate
      display="block"
    >
      {id}
    </Anchor>
  )
}

const instant = (iso: string | null) => (iso ? Date.parse(iso) : null)

/** What a row needs for the usage columns: cost in cents, bytes billed and slot-ms. */
interface UsageFigures {
  cost: number
  billedBytes: number
  slotMs: number
}

/**
 * The usage columns a job and a project both show, alike: cost (cents shown as USD, 03 §9), bytes
 * billed and slot time; each screen gives the widths that fit its other columns.
 */
export function usageColumns<R extends UsageFigures>(
  widths: Record<keyof UsageFigures, number>,
): DataColumn<R>[] {
  return [
    {
      ...columns.figure<R>('cost', 'Cost (USD)', widths.cost, bigQueryCentsUsd, bigQueryCentsPlain),
      priority: 2,
    },
    { ...columns.figure<R>('billedBytes', 'Bytes billed', widths.billedBytes, formatBytes), priority: 2 },
    // Slot time runs to days ('1D 2h 53m 10s') on heavy jobs.
    { ...columns.figure<R>('slotMs', 'Slot time', widths.slotMs, slotTime), priority: 3 },
  ]
}

/**
 * The job list's columns (03 §2, §3 BigQuery job). The list is about cost, so cost, bytes billed
 * and slot time come right after the status. Keys are the list's sort keys (BIGQUERY_JOB_SORT_KEYS)
 * where a column sorts, so a header click is a server sort. Files get plain values: the id, the
 * words, ms, bytes, slot-ms and cost as 4-decimal USD.
 *
 * Priorities: the job always shows and stays at the left; status, cost, billed bytes and created
 * next (1280 px), then slot time, duration and insights, then user and project (1440 px), type.
 */
export const JOB_COLUMNS: readonly DataColumn<BigQueryJobRow>[] = [
  {
    key: 'id',
    title: 'Job',
    width: 260,
    priority: 1,
    sticky: true,
    sortable: false,
    render: (r) => (
      <OverflowTooltip label={`${r.id} — ${r.statement.short}`}>
        <JobLink id={r.id} />
        <Text size="xs" c="dimmed" ff="monospace" truncate>
          {r.statement.short}
        </Text>
      </OverflowTooltip>
    ),
  },
  {
    key: 'statement',
    title: 'Statement',
    value: (r) => r.statement.short,
    displayable: false,
    sortable: false,
  },
  {
    key: 'status',
    title: 'Status',
    width: 100,
    priority: 2,
    value: (r) => bigQueryJobStatusLabel(r.status),
    render: (r) => <JobStatusBadge code={r.status} />,
  },
  ...usageColumns<BigQueryJobRow>({ cost: 110, billedBytes: 110, slotMs: 125 }),
  {
    key: 'duration',
    title: 'Duration',
    width: 95,
    priority: 3,
    align: 'right',
    render: (r) => formatDurationMs(r.duration),
    exportValue: (r) => r.duration,
  },
  { ...columns.insightCount<BigQueryJobRow>(80), priority: 3 },
  { ...timeColumn<BigQueryJobRow>('createTime', 'Created', (r) => instant(r.createTime), 150), priority: 2 },
  { key: 'userName', title: 'User', width: 170, priority: 4, ellipsis: true },
  { key: 'projectId', title: 'Project', width: 150, priority: 4, ellipsis: true },
  { key: 'type', title: 'Type', width: 75, priority: 5, value: (r) => bigQueryJobTypeLabel(r.type) },
  {
    key: 'pricingPlan',
    title: 'Pricing',
    width: 130,
    priority: 6,
    sortable: false,
    value: (r) => pricingLabel(r.pricingPlan),
  },
  { ...timeColumn<BigQueryJobRow>('endTime', 'Ended', (r) => instant(r.endTime), 150), priority: 6 },
]
