import { Link } from 'react-router-dom'
import { Anchor } from '@mantine/core'
import { APP_STATUS_LABELS, formatDollars, formatDurationMs, type DatabricksJobRow } from '@costlens/shared'
import type { DataColumn } from '../../components/table/table-types.ts'
import { timeColumn } from '../../components/table/time-column.ts'
import { StatusBadge } from '../../components/status/status-badge.tsx'
import { columns } from '../../kit/columns.tsx'
import { CLUSTER_TYPE_LABELS } from './run-columns.tsx'

/** The job runs list filtered to one job (B192: its own runs call answers it). */
export const jobRunsHref = (jobId: string) => `/jobs/runs?jobIds=${encodeURIComponent(jobId)}`

/**
 * A job's columns (02 §2 pipelines list: status, jobName, jobId, workSpace, user, startTime,
 * runCount, duration, dbuCost, cents, dbus), plus the total cost, schedule and compute. The status
 * and start time are the latest run's; duration is the runs' total in the window.
 */
export const JOB_COLUMNS: readonly DataColumn<DatabricksJobRow>[] = [
  {
    key: 'jobName',
    title: 'Job',
    width: 220,
    priority: 1,
    sticky: true,
    render: (j) => (
      <Anchor component={Link} to={jobRunsHref(j.jobId)} size="sm" truncate display="block">
        {j.jobName}
      </Anchor>
    ),
    exportValue: (j) => j.jobName,
  },
  {
    key: 'status',
    title: 'Latest run',
    width: 110,
    priority: 1,
    sortable: false,
    value: (j) => APP_STATUS_LABELS[j.status],
    render: (j) => <StatusBadge code={j.status} />,
  },
  { key: 'jobId', title: 'Job ID', width: 90, priority: 3, sortable: false },
  { key: 'workSpace', title: 'Workspace', width: 170, priority: 2, ellipsis: true },
  { key: 'user', title: 'Owner', width: 180, priority: 3, ellipsis: true },
  { ...timeColumn<DatabricksJobRow>('startTime', 'Latest start', (j) => j.startTime, 150), priority: 2 },
  { ...columns.count<DatabricksJobRow>('runCount', 'Runs', 70), priority: 1 },
  {
    key: 'duration',
    title: 'Total duration',
    width: 135,
    priority: 2,
    align: 'right',
    render: (j) => formatDurationMs(j.duration),
    exportValue: (j) => j.duration,
  },
  { ...columns.figure<DatabricksJobRow>('dbus', 'DBUs', 90, (v) => v.toFixed(2)), priority: 3 },
  { ...columns.figure<DatabricksJobRow>('dbuCost', 'DBU cost (USD)', 120, formatDollars), priority: 2 },
  { ...columns.figure<DatabricksJobRow>('cents', 'VM cost (cents)', 120, (v) => v.toFixed(0)), priority: 4 },
  { ...columns.figure<DatabricksJobRow>('totalCost', 'Total cost (USD)', 125, formatDollars), priority: 1 },
  {
    key: 'computeKind',
    title: 'Compute',
    width: 110,
    priority: 5,
    sortable: false,
    value: (j) => CLUSTER_TYPE_LABELS[j.computeKind],
  },
  {
    key: 'schedule',
    title: 'Schedule',
    width: 130,
    priority: 6,
    sortable: false,
    value: (j) => j.schedule ?? 'Manual',
  },
]
