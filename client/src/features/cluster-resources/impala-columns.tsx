import { Badge } from '@mantine/core'
import {
  APP_STATUS_LABELS,
  borderClass,
  formatBytes,
  formatCount,
  formatDateTime,
  formatDurationMs,
  formatPercent,
  IMPALA_METRIC_LABELS,
  type ImpalaDaemonRow,
  type ImpalaQueryRow,
} from '@costlens/shared'
import type { DataColumn } from '../../components/table/table-types.ts'
import { STATUS_COLOURS } from '../../components/status/status-badge.tsx'
import { NameAndId } from '../../components/app-columns/app-column-parts.tsx'
import { appDetailsHref } from '../../components/app-details-href.ts'

/** Bytes that may be missing (a query the planner gave no estimate): '--'. */
const bytes = (n: number | null) => (n === null ? '--' : formatBytes(n))

/**
 * The Impala queries table (02 §2 Impala query fields; E077): keys are the search's sort columns
 * where the server sorts by them; the memory figures come from the query profile and do not sort.
 */
export const IMPALA_QUERY_COLUMNS: readonly DataColumn<ImpalaQueryRow>[] = [
  {
    key: 'status',
    title: 'Status',
    width: 110,
    priority: 2,
    value: (r) => APP_STATUS_LABELS[r.status],
    render: (r) => (
      <Badge variant="dot" color={STATUS_COLOURS[borderClass(r.status)]} size="sm">
        {APP_STATUS_LABELS[r.status]}
      </Badge>
    ),
  },
  { key: 'user', title: 'User', width: 130, priority: 2 },
  {
    key: 'name',
    title: 'Query Name / ID',
    width: 240,
    priority: 1,
    sticky: true,
    render: (r) => <NameAndId name={r.name} id={r.id} href={appDetailsHref(r)} />,
  },
  {
    key: 'startTime',
    title: 'Start Time',
    width: 165,
    priority: 3,
    zoned: true,
    value: (r) => formatDateTime(r.startTime),
  },
  {
    key: 'duration',
    title: 'Duration',
    width: 100,
    priority: 1,
    align: 'right',
    value: (r) => formatDurationMs(r.duration),
  },
  { key: 'queue', title: 'Queue', width: 140, priority: 3 },
  {
    key: 'perHostPeakMemUsage',
    title: 'Peak memory / host',
    width: 150,
    priority: 1,
    align: 'right',
    sortable: false,
    value: (r) => bytes(r.perHostPeakMemUsage),
  },
  {
    key: 'perHostMemEst',
    title: 'Estimate / host',
    width: 130,
    priority: 4,
    align: 'right',
    sortable: false,
    value: (r) => bytes(r.perHostMemEst),
  },
  {
    key: 'queryMemLimit',
    title: 'Memory limit',
    width: 120,
    priority: 4,
    align: 'right',
    sortable: false,
    value: (r) => bytes(r.queryMemLimit),
  },
]

/** The daemons table (E076, B214): each host's Total and Allocated memory and the queries on it. */
export const IMPALA_DAEMON_COLUMNS: readonly DataColumn<ImpalaDaemonRow>[] = [
  { key: 'host', title: 'Impala daemon', width: 280, priority: 1, sticky: true, sortable: false },
  {
    key: 'mem_tracker_process_limit',
    title: IMPALA_METRIC_LABELS.mem_tracker_process_limit,
    width: 120,
    align: 'right',
    sortable: false,
    value: (r) => formatBytes(r.mem_tracker_process_limit),
  },
  {
    key: 'tcmalloc_physical_bytes_reserved',
    title: IMPALA_METRIC_LABELS.tcmalloc_physical_bytes_reserved,
    width: 120,
    align: 'right',
    sortable: false,
    value: (r) => formatBytes(r.tcmalloc_physical_bytes_reserved),
  },
  {
    key: 'share',
    title: 'Allocated %',
    width: 110,
    align: 'right',
    sortable: false,
    value: (r) => formatPercent((100 * r.tcmalloc_physical_bytes_reserved) / r.mem_tracker_process_limit),
  },
  {
    key: 'runningQueries',
    title: 'Running queries',
    width: 130,
    align: 'right',
    sortable: false,
    value: (r) => formatCount(r.runningQueries),
  },
]
