import { Anchor } from '@mantine/core'
import {
  APP_STATUS_LABELS,
  borderClass,
  centsToDollars,
  formatAppType,
  formatBytes,
  formatDollars,
  formatDurationMs,
  isCostSortKey,
  type AppListType,
  type AppRecord,
  type AppStatusCode,
  type StatusStyle,
} from '@costlens/shared'
import type { DataColumn } from '../table/table-types.ts'
import { timeColumn } from '../table/time-column.ts'
import { StatusBadge } from '../status/status-badge.tsx'
import { NameAndId, kindColumn } from './app-column-parts.tsx'
import { appDetailsHref } from '../app-details-href.ts'

/**
 * The application list's columns (02 §2 'Row columns'): finished lists add End Time; cost comes
 * in cents and shows in dollars (B183). Freemium accounts cannot sort by cost (B059).
 *
 * Priorities (issue 16): the name and id always show and stay at the left; status, duration and
 * cost come next, then type, user and start, then queue, so a 1280 px screen shows the first
 * seven and a 1440 px one adds the queue; the analysis columns show on wider screens or on demand.
 *
 * Files (issue 22) write the id and the name in columns of their own, statuses and types in words,
 * durations in seconds, bytes as bytes and cost in dollars, each unit in its heading.
 */
export function appColumns(listType: AppListType, options: { freemium: boolean }): DataColumn<AppRecord>[] {
  const columns: DataColumn<AppRecord>[] = [
    { ...kindColumn<AppRecord>(), priority: 3, exportValue: (r) => formatAppType(r.kind) },
    {
      key: 'status',
      title: 'Status',
      width: 115,
      priority: 2,
      render: (r) => <StatusBadge code={r.status} />,
      exportValue: (r) => APP_STATUS_LABELS[r.status as AppStatusCode] ?? r.status,
    },
    { key: 'user', title: 'User', width: 130, priority: 3 },
    {
      key: 'name',
      title: 'App Name / ID',
      // The least it needs: it also takes whatever room the shown columns leave.
      width: 220,
      priority: 1,
      sticky: true,
      render: (r) => <NameAndId name={r.name} id={r.id} href={appDetailsHref(r)} />,
      value: (r) => r.name,
      exportParts: [
        { key: 'id', title: 'App ID', value: (r) => r.id },
        { key: 'name', title: 'App Name', value: (r) => r.name },
      ],
    },
    // Files have the id already, beside the name.
    { key: 'id', title: 'App ID', width: 150, displayable: false, sortable: false, exportable: false },
    {
      key: 'insights',
      title: 'Insights',
      width: 160,
      priority: 6,
      sortable: false,
      value: (r) => r.insights.join(', '),
      render: (r) => (r.insights.length ? r.insights.join(', ') : '--'),
    },
    { key: 'clusterId', title: 'Cluster', width: 140, priority: 5, sortable: false },
    { ...timeColumn<AppRecord>('startTime', 'Start Time', (r) => r.startTime, 150), priority: 3 },
  ]
  if (listType === 'finished')
    columns.push({
      ...timeColumn<AppRecord>('finishedTime', 'End Time', (r) => r.finishedTime, 150),
      priority: 5,
    })
  columns.push(
    {
      key: 'duration',
      title: 'Duration',
      width: 110,
      priority: 2,
      align: 'right',
      render: (r) => formatDurationMs(r.duration),
      unit: 'ms',
    },
    { key: 'queue', title: 'Queue', width: 130, priority: 4 },
    {
      key: 'totalDfsBytesRead',
      title: 'Read',
      width: 100,
      priority: 7,
      align: 'right',
      render: (r) => formatBytes(r.totalDfsBytesRead),
      unit: 'bytes',
    },
    {
      key: 'totalDfsBytesWritten',
      title: 'Write',
      width: 100,
      priority: 7,
      align: 'right',
      render: (r) => formatBytes(r.totalDfsBytesWritten),
      unit: 'bytes',
    },
    {
      key: 'parentId',
      title: 'Parent App',
      width: 150,
      sortable: false,
      displayable: false,
      render: (r) => (r.parentId ? <Anchor size="sm">{r.parentId}</Anchor> : '--'),
    },
    { key: 'numEvents', title: 'Events', width: 80, align: 'right', priority: 8 },
    {
      key: 'cents',
      title: 'Cost',
      width: 110,
      priority: 2,
      align: 'right',
      sortable: !(options.freemium && isCostSortKey('cents')),
      value: (r) => centsToDollars(r.cents),
      render: (r) => formatDollars(centsToDollars(r.cents) ?? 0),
      unit: 'usd',
    },
  )
  return columns
}

/** B174: a row's border style from its status. */
export const appRowStatus = (r: AppRecord): StatusStyle => borderClass(r.status)
