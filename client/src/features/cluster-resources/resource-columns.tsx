import { Badge } from '@mantine/core'
import {
  borderClass,
  formatDateTime,
  formatDecimal,
  formatDurationMs,
  formatHours,
  formatMegabytes,
  formatPercent,
  mbSecondsToGbHours,
  MEASURE_UNITS,
  runningYarnRow,
  type FinishedYarnApp,
  type StatusStyle,
  type YarnApp,
} from '@costlens/shared'
import type { DataColumn } from '../../components/table/table-types.ts'
import { STATUS_COLOURS } from '../../components/status/status-badge.tsx'
import { NameAndId, kindColumn } from '../../components/app-columns/app-column-parts.tsx'
import { appDetailsHref } from '../../components/app-details-href.ts'

const time = (ms: number | null) => (ms === null ? null : formatDateTime(ms))
/** YARN's MB·s and vcore·s as GB·hours and vcore·hours, the units the headers name. */
const gbHours = (mbSeconds: number) => formatDecimal(mbSecondsToGbHours(mbSeconds), 2)
const vcoreHours = (vcoreSeconds: number) => formatHours(vcoreSeconds)

/** A YARN state word with its colour dot (never colour alone). */
function StateBadge({ state, style }: { state: string; style: StatusStyle }) {
  return (
    <Badge variant="dot" color={STATUS_COLOURS[style]} size="sm">
      {state}
    </Badge>
  )
}

/**
 * 02 §2 'Yarn jobs': Type, State, User, App Name / ID, Start Time, Finished Time, Queue, Memory MB
 * Seconds, VCore Seconds. Keys are the fapps sort fields (FINISHED_APP_SORT_FIELDS), so each header
 * sorts on the server; the state sorts by its status code.
 *
 * Priorities (issue 16, tables fit the screen): the name and id always show and stay at the left,
 * with the memory and CPU the job used; state, user and finish time next, then type and queue; the
 * start time gives way first (a 1280 px screen shows the other eight).
 */
export const YARN_JOB_COLUMNS: readonly DataColumn<FinishedYarnApp>[] = [
  { ...kindColumn<FinishedYarnApp>(), priority: 3 },
  {
    key: 'status',
    title: 'State',
    width: 110,
    priority: 2,
    value: (r) => r.state,
    render: (r) => <StateBadge state={r.state} style={borderClass(r.status)} />,
  },
  { key: 'user', title: 'User', width: 130, priority: 2 },
  {
    key: 'name',
    title: 'App Name / ID',
    // The least it needs: it also takes whatever room the shown columns leave.
    width: 240,
    priority: 1,
    sticky: true,
    render: (r) => <NameAndId name={r.name} id={r.id} href={appDetailsHref(r)} />,
  },
  {
    key: 'startTime',
    title: 'Start Time',
    width: 165,
    priority: 4,
    zoned: true,
    value: (r) => time(r.startTime),
  },
  {
    key: 'finishedTime',
    title: 'Finished Time',
    width: 165,
    priority: 2,
    zoned: true,
    value: (r) => time(r.finishedTime),
  },
  { key: 'queue', title: 'Queue', width: 130, priority: 3 },
  {
    key: 'memorySeconds',
    // 02 §2 names it 'Memory MB Seconds'; shown in GB·hours, a figure a reader can weigh (issue 16).
    title: `Memory (${MEASURE_UNITS.gbHours})`,
    width: 170,
    priority: 1,
    align: 'right',
    render: (r) => gbHours(r.memorySeconds),
    exportValue: (r) => gbHours(r.memorySeconds),
  },
  {
    key: 'vcoreSeconds',
    title: `CPU (${MEASURE_UNITS.vcoreHours})`,
    width: 160,
    priority: 1,
    align: 'right',
    render: (r) => vcoreHours(r.vcoreSeconds),
    exportValue: (r) => vcoreHours(r.vcoreSeconds),
  },
]

/** B175: a finished Yarn job's border, by its status code. */
export const yarnJobStatus = (r: FinishedYarnApp): StatusStyle => borderClass(r.status)

/**
 * The running apps table (02 §3 Running (Yarn) app): what each app holds now. Duration is now minus
 * its start (B175), measured at `now` so the whole table agrees.
 *
 * Priorities (issue 16): the name and how long it has run always show, the name at the left; the
 * state, user, progress and what it holds now (vcores, memory) next; then type, queue and
 * containers; the start time and the memory used so far give way first.
 */
export function runningAppColumns(now: number): DataColumn<YarnApp>[] {
  return [
    { ...kindColumn<YarnApp>(), priority: 3 },
    {
      key: 'state',
      title: 'State',
      width: 120,
      priority: 2,
      render: (r) => <StateBadge state={r.state} style={runningYarnRow(r, now).borderClass} />,
    },
    { key: 'user', title: 'User', width: 130, priority: 2 },
    {
      key: 'name',
      title: 'App Name / ID',
      width: 260,
      priority: 1,
      sticky: true,
      value: (r) => `${r.name} ${r.appid}`,
      exportValue: (r) => r.name,
      render: (r) => (
        <NameAndId name={r.name} id={r.appid} href={appDetailsHref({ kind: r.kind, id: r.appid })} />
      ),
    },
    { key: 'appid', title: 'App ID', width: 150, displayable: false },
    {
      key: 'startedTime',
      title: 'Start Time',
      width: 165,
      priority: 4,
      zoned: true,
      value: (r) => time(r.startedTime),
    },
    {
      key: 'duration',
      title: 'Duration',
      // Running apps last days as well as minutes ('1D 6h 26m 5s').
      width: 130,
      priority: 1,
      align: 'right',
      searchable: false,
      value: (r) => runningYarnRow(r, now).duration,
      render: (r) => formatDurationMs(runningYarnRow(r, now).duration),
    },
    { key: 'queue', title: 'Queue', width: 130, priority: 3 },
    {
      key: 'progress',
      title: 'Progress',
      width: 100,
      priority: 2,
      align: 'right',
      searchable: false,
      render: (r) => formatPercent(r.progress, 1),
    },
    { key: 'allocatedVCores', title: 'VCores', width: 100, priority: 2, align: 'right', searchable: false },
    {
      key: 'allocatedMB',
      title: 'Memory',
      width: 110,
      priority: 2,
      align: 'right',
      searchable: false,
      render: (r) => formatMegabytes(r.allocatedMB),
    },
    {
      key: 'runningContainers',
      title: 'Containers',
      width: 110,
      priority: 3,
      align: 'right',
      searchable: false,
    },
    {
      key: 'reservedVCores',
      title: 'Reserved VCores',
      width: 140,
      align: 'right',
      searchable: false,
      displayable: false,
    },
    {
      key: 'reservedMB',
      title: 'Reserved Memory',
      width: 150,
      align: 'right',
      searchable: false,
      displayable: false,
      render: (r) => formatMegabytes(r.reservedMB),
    },
    {
      key: 'memorySeconds',
      title: `Memory (${MEASURE_UNITS.gbHours})`,
      width: 170,
      priority: 4,
      align: 'right',
      searchable: false,
      render: (r) => gbHours(r.memorySeconds),
      exportValue: (r) => gbHours(r.memorySeconds),
    },
  ]
}

/** B175: a running app's border, by its YARN state. */
export const runningAppStatus =
  (now: number) =>
  (r: YarnApp): StatusStyle =>
    runningYarnRow(r, now).borderClass
