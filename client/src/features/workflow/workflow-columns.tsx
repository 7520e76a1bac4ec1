import { Text } from '@mantine/core'
import { formatDollars, type WorkflowChild, type WorkflowRun } from '@costlens/shared'
import { appDetailsHref } from '../../components/app-details-href.ts'
import { workflowHref } from '../../components/workflow-href.ts'
import { kindColumn } from '../../components/app-columns/app-column-parts.tsx'
import { StatusBadge } from '../../components/status/status-badge.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { columns as col } from '../../kit/columns.tsx'
import { ReturnLink } from '../../kit/return-link.tsx'

const cost = <R extends { cents: number }>(width = 110): DataColumn<R> => ({
  key: 'cents',
  title: 'Cost (USD)',
  width,
  align: 'right',
  value: (r) => r.cents / 100,
  render: (r) => formatDollars(r.cents / 100),
})
const status = <R extends { status: string }>(): DataColumn<R> => ({
  key: 'status',
  title: 'Status',
  width: 110,
  render: (r) => <StatusBadge code={r.status} />,
})
/** A workflow's children in start order: each links to its own details page. */
export const CHILD_COLUMNS: DataColumn<WorkflowChild & { order: number }>[] = [
  col.count('order', '#', 60),
  {
    key: 'id',
    title: 'Application',
    width: 280,
    render: (c) => (
      <ReturnLink to={appDetailsHref(c)} mono>
        {c.id}
      </ReturnLink>
    ),
  },
  kindColumn(),
  status(),
  col.text('user', 'User', 110),
  col.text('queue', 'Queue', 110),
  col.time('startTime', 'Start Time'),
  col.time('endTime', 'End Time'),
  col.duration('duration', 'Duration'),
  cost(),
]

/** A pipeline's runs: each links to its workflow page. */
export const RUN_COLUMNS: DataColumn<WorkflowRun>[] = [
  {
    key: 'runDate',
    title: 'Run (UTC day)',
    width: 140,
    render: (r) => (
      <ReturnLink to={workflowHref(r)} mono>
        {r.runDate}
      </ReturnLink>
    ),
  },
  {
    key: 'clusterName',
    title: 'Cluster',
    width: 170,
    render: (r) => (
      <Text size="sm" truncate title={`${r.clusterName} (${r.clusterUid})`}>
        {r.clusterName}
      </Text>
    ),
  },
  status(),
  col.time('startTime', 'Start Time'),
  col.duration('duration', 'Duration'),
  cost(),
  col.count('childCount', 'Applications', 110),
  col.text('user', 'User', 110),
]
