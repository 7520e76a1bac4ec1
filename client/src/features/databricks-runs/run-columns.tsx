import { Link, useLocation } from 'react-router-dom'
import { Anchor, Text, Tooltip } from '@mantine/core'
import {
  APP_STATUS_LABELS,
  formatDollars,
  formatDurationMs,
  needsActualCost,
  withActualCost,
  type DatabricksInsightKey,
  type DatabricksRunRow,
} from '@costlens/shared'
import type { DataColumn } from '../../components/table/table-types.ts'
import { timeColumn } from '../../components/table/time-column.ts'
import { StatusBadge } from '../../components/status/status-badge.tsx'
import type { ReturnState } from '../../kit/return-link.tsx'
import { useDatabricksRunCostQuery } from './api.ts'

/** A run's details (R113: a Databricks run opens its details like any application). */
export const runDetailsHref = (runKey: string) => `/app/application/db?execId=${encodeURIComponent(runKey)}`

/** The run key linking to its details, whose breadcrumb comes back to this list as it is. */
function RunLink({ run }: { run: DatabricksRunRow }) {
  const location = useLocation()
  const state: ReturnState = { from: location.pathname + location.search }
  return (
    <Anchor
      component={Link}
      to={runDetailsHref(run.id)}
      state={state}
      size="xs"
      ff="monospace"
      truncate
      display="block"
    >
      {run.id}
    </Anchor>
  )
}

/**
 * B195: a run listed at cost 0 whose cost is not final yet asks runs/{runId}/cost once (RTK Query
 * keeps the answer per run key) and shows the actual cost, marked as not final.
 */
function RunCost({ run, figure }: { run: DatabricksRunRow; figure: 'dbus' | 'cost' | 'total_cost' }) {
  const pending = needsActualCost(run)
  const { data } = useDatabricksRunCostQuery({ runId: run.id }, { skip: !pending })
  const show = (value: number) => (figure === 'dbus' ? value.toFixed(2) : formatDollars(value))
  if (!pending) return <>{show(run[figure])}</>
  if (!data)
    return (
      <Text size="xs" c="dimmed" span>
        {show(0)}
      </Text>
    )
  const actual = withActualCost(
    run,
    { dbus: data.dbu.dbus, cost: data.dbu.cost, total_cost: data.cost }[figure],
  )
  return (
    <Tooltip label="Billing has not closed this run yet: its actual figure so far">
      <span>{show(actual.cost)}*</span>
    </Tooltip>
  )
}

export const INSIGHT_TITLES: Readonly<Record<DatabricksInsightKey, string>> = {
  jobOnAllPurposeCompute: 'Job on all-purpose compute',
  idleClusterToTimeout: 'Idle cluster running to the timeout',
  fixedWorkersWhereAutoscaleFits: 'Fixed workers where autoscaling fits',
  onDemandWhereSpotFits: 'On-demand where spot fits',
  oversizedCluster: 'Oversized cluster',
}

export const CLUSTER_TYPE_LABELS = {
  db_job_cluster: 'Job cluster',
  db_all_purpose: 'All-purpose',
  serverless: 'Serverless',
} as const

/** A run's duration in ms, shown as hh:mm:ss and exported in ms. */
function durationColumn(
  key: 'duration' | 'setupDuration',
  title: string,
  width: number,
  priority: number,
): DataColumn<DatabricksRunRow> {
  return {
    key,
    title,
    width,
    priority,
    align: 'right',
    render: (r) => formatDurationMs(r[key]),
    exportValue: (r) => r[key],
  }
}

/** A run's DBUs or cost, with the actual figure of a run billing has not closed (RunCost). */
function costColumn(
  figure: 'dbus' | 'cost' | 'total_cost',
  title: string,
  width: number,
  priority: number,
): DataColumn<DatabricksRunRow> {
  return {
    key: figure,
    title,
    width,
    priority,
    align: 'right',
    render: (r) => <RunCost run={r} figure={figure} />,
    exportValue: (r) => r[figure],
  }
}

/**
 * The job-runs columns (02 §2 row fields). Keys are the runs call's sort fields where a column
 * sorts; the workspace is the row's `queue`. Cost (USD) is the DBU cost, Total cost DBUs plus the
 * cloud VMs, Cents the VM cost in cents.
 */
export const RUN_COLUMNS: readonly DataColumn<DatabricksRunRow>[] = [
  {
    key: 'id',
    title: 'Run',
    width: 250,
    priority: 1,
    sticky: true,
    sortable: false,
    render: (r) => (
      <>
        <RunLink run={r} />
        <Text size="xs" c="dimmed" truncate>
          {r.name}
        </Text>
      </>
    ),
  },
  {
    key: 'status',
    title: 'Status',
    width: 100,
    priority: 1,
    value: (r) => APP_STATUS_LABELS[r.status],
    render: (r) => <StatusBadge code={r.status} />,
  },
  { key: 'name', title: 'Job', width: 180, priority: 2, ellipsis: true },
  { key: 'user', title: 'User', width: 180, priority: 3, ellipsis: true },
  { key: 'queue', title: 'Workspace', width: 160, priority: 3, ellipsis: true },
  { ...timeColumn<DatabricksRunRow>('startTime', 'Start time', (r) => r.startTime, 150), priority: 2 },
  durationColumn('duration', 'Duration', 95, 2),
  durationColumn('setupDuration', 'Setup', 85, 4),
  costColumn('dbus', 'DBUs', 90, 2),
  costColumn('cost', 'Cost (USD)', 110, 1),
  costColumn('total_cost', 'Total cost (USD)', 125, 2),
  {
    key: 'clusterType',
    title: 'Cluster type',
    width: 110,
    priority: 4,
    sortable: false,
    value: (r) => CLUSTER_TYPE_LABELS[r.clusterType],
  },
  { key: 'clusterId', title: 'Cluster', width: 190, priority: 5, sortable: false, ellipsis: true },
  { ...timeColumn<DatabricksRunRow>('finishedTime', 'End time', (r) => r.finishedTime, 150), priority: 5 },
  {
    key: 'insights',
    title: 'Insights',
    width: 180,
    priority: 4,
    sortable: false,
    value: (r) => r.insights.map((k) => INSIGHT_TITLES[k]).join(', '),
    ellipsis: true,
  },
]
