import { Anchor, Text } from '@mantine/core'
import {
  borderClass,
  centsToDollars,
  formatBytes,
  formatDateTime,
  formatDollars,
  formatDurationMs,
  isCostSortKey,
  type AppListType,
  type AppRecord,
  type StatusStyle,
} from '@costlens/shared'
import type { DataColumn } from '../table/table-types.ts'
import { StatusBadge } from '../status/status-badge.tsx'
import { NameAndId, kindColumn } from './app-column-parts.tsx'

const time = (ms: number | null) => (ms === null ? null : formatDateTime(ms))

/**
 * The application list's columns (02 §2 'Row columns'): finished lists add End Time; cost comes
 * in cents and shows in dollars (B183). Freemium accounts cannot sort by cost (B059).
 */
export function appColumns(listType: AppListType, options: { freemium: boolean }): DataColumn<AppRecord>[] {
  const columns: DataColumn<AppRecord>[] = [
    kindColumn<AppRecord>(),
    { key: 'status', title: 'Status', width: 115, render: (r) => <StatusBadge code={r.status} /> },
    { key: 'user', title: 'User', width: 130 },
    {
      key: 'name',
      title: 'App Name / ID',
      width: 240,
      render: (r) => <NameAndId name={r.name} id={r.id} />,
      value: (r) => r.name,
      exportValue: (r) => r.name,
    },
    { key: 'id', title: 'App ID', width: 150, displayable: false, sortable: false },
    {
      key: 'insights',
      title: 'Insights',
      width: 160,
      sortable: false,
      value: (r) => r.insights.join(', '),
      render: (r) =>
        r.insights.length ? (
          <Text size="sm" truncate>
            {r.insights.join(', ')}
          </Text>
        ) : (
          '--'
        ),
    },
    { key: 'clusterId', title: 'Cluster', width: 140, sortable: false },
    { key: 'startTime', title: 'Start Time', width: 165, value: (r) => time(r.startTime) },
  ]
  if (listType === 'finished')
    columns.push({ key: 'finishedTime', title: 'End Time', width: 165, value: (r) => time(r.finishedTime) })
  columns.push(
    {
      key: 'duration',
      title: 'Duration',
      width: 110,
      align: 'right',
      render: (r) => formatDurationMs(r.duration),
      exportValue: (r) => r.duration,
    },
    { key: 'queue', title: 'Queue', width: 130 },
    {
      key: 'totalDfsBytesRead',
      title: 'Read',
      width: 100,
      align: 'right',
      render: (r) => formatBytes(r.totalDfsBytesRead),
    },
    {
      key: 'totalDfsBytesWritten',
      title: 'Write',
      width: 100,
      align: 'right',
      render: (r) => formatBytes(r.totalDfsBytesWritten),
    },
    {
      key: 'parentId',
      title: 'Parent App',
      width: 150,
      sortable: false,
      displayable: false,
      render: (r) => (r.parentId ? <Anchor size="sm">{r.parentId}</Anchor> : '--'),
    },
    { key: 'numEvents', title: 'Events', width: 80, align: 'right' },
    {
      key: 'cents',
      title: 'Cost',
      width: 110,
      align: 'right',
      sortable: !(options.freemium && isCostSortKey('cents')),
      value: (r) => centsToDollars(r.cents),
      render: (r) => formatDollars(centsToDollars(r.cents) ?? 0),
    },
  )
  return columns
}

/** B174: a row's border style from its status. */
export const appRowStatus = (r: AppRecord): StatusStyle => borderClass(r.status)
