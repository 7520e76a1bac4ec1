import { useState } from 'react'
import {
  bigQueryCostUsd,
  borderClass,
  FINISHED_APP_DEFAULT_SORT,
  finishedAppsPaging,
  formatBytes,
  formatDateTime,
  formatDecimal,
  formatDollars,
  formatDurationMs,
  formatHours,
  isActionAllowed,
  mbSecondsToGbHours,
  MEASURE_UNITS,
  type FinishedAppsQuery,
  type FinishedBigQueryApp,
  type FinishedImpalaApp,
  type FinishedPrestoApp,
  type FinishedYarnApp,
  type Plan,
  type TableView,
} from '@costlens/shared'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { StatusBadge } from '../../components/status/status-badge.tsx'
import { NameAndId, kindColumn } from '../../components/app-columns/app-column-parts.tsx'
import { useChargebackFinishedAppsQuery, type ChargebackFinishedList } from './api.ts'
import { groupValueLabel, type ServedChargebackType } from './chargeback-flavours.ts'
import type { ChargebackView } from './chargeback-state.ts'
import { appDetailsHref } from '../../components/app-details-href.ts'

type FinishedApp = FinishedYarnApp | FinishedImpalaApp | FinishedPrestoApp | FinishedBigQueryApp

/** The finished-apps filter a group-by field stands for (the list filters by kind, user and queue). */
const FILTER_OF: Readonly<Record<string, 'kind' | 'user' | 'queue'>> = {
  appt: 'kind',
  appType: 'kind',
  user: 'user',
  realuser: 'user',
  queue: 'queue',
}

const PAGE_SIZE = 10
const time = (ms: number) => formatDateTime(ms)
const gbHours = (mbSeconds: number) => formatDecimal(mbSecondsToGbHours(mbSeconds), 2)

/**
 * Keys are each list's sort fields (FINISHED_APP_SORT_FIELDS), so every header sorts on the server.
 *
 * Priorities (issue 16, tables fit the screen): the name and id always show and stay at the left,
 * with the flavour's measures (what the level is charged for); status, user and finish time come
 * next, then type and queue, and the start time gives way first. A 1280 px screen shows all but the
 * start time; the column chooser brings it back.
 */
const status = <R extends FinishedApp>(): DataColumn<R> => ({
  key: 'status',
  title: 'Status',
  width: 110,
  priority: 2,
  render: (r) => <StatusBadge code={r.status} />,
})
const nameAndId = <R extends FinishedApp>(title: string): DataColumn<R> => ({
  key: 'name',
  title,
  width: 260,
  priority: 1,
  sticky: true,
  value: (r) => r.name,
  render: (r) => <NameAndId name={r.name} id={r.id} href={appDetailsHref(r)} />,
})
const common = <R extends FinishedApp>() => ({
  user: { key: 'user', title: 'User', width: 130, priority: 2 } as DataColumn<R>,
  queue: { key: 'queue', title: 'Queue', width: 130, priority: 3 } as DataColumn<R>,
  start: {
    key: 'startTime',
    title: 'Start Time',
    width: 165,
    priority: 4,
    zoned: true,
    value: (r: R) => time(r.startTime),
  },
  finish: {
    key: 'finishedTime',
    title: 'Finished Time',
    width: 165,
    priority: 2,
    zoned: true,
    value: (r: R) => time(r.finishedTime),
  },
})

/** Yarn apps and Impala queries open with the same columns, in the same order; only the name's title differs. */
function hadoopLeadingColumns<R extends FinishedYarnApp | FinishedImpalaApp>(
  nameTitle: string,
): DataColumn<R>[] {
  const c = common<R>()
  return [
    { ...kindColumn<R>(), priority: 3 },
    status<R>(),
    c.user,
    nameAndId<R>(nameTitle),
    c.start,
    c.finish,
    c.queue,
  ]
}
const memorySeconds = <R extends FinishedYarnApp | FinishedImpalaApp>(): DataColumn<R> => ({
  key: 'memorySeconds',
  // 02 §2 names it 'Memory MB Seconds'; shown in GB·hours, a figure a reader can weigh (issue 16).
  title: `Memory (${MEASURE_UNITS.gbHours})`,
  width: 170,
  priority: 1,
  align: 'right',
  render: (r) => gbHours(r.memorySeconds),
  exportValue: (r) => gbHours(r.memorySeconds),
})

function yarnColumns(): DataColumn<FinishedYarnApp>[] {
  return [
    ...hadoopLeadingColumns<FinishedYarnApp>('App Name / ID'),
    memorySeconds(),
    {
      key: 'vcoreSeconds',
      title: `CPU (${MEASURE_UNITS.vcoreHours})`,
      width: 160,
      priority: 1,
      align: 'right',
      render: (r) => formatHours(r.vcoreSeconds),
      exportValue: (r) => formatHours(r.vcoreSeconds),
    },
  ]
}

/** 02 §2 Impala flavour: kind, status, user, name/id, startTime, finishedTime, queue, memorySeconds, totalProcessingTime. */
function impalaColumns(): DataColumn<FinishedImpalaApp>[] {
  return [
    ...hadoopLeadingColumns<FinishedImpalaApp>('Name / ID'),
    memorySeconds(),
    {
      key: 'totalProcessingTime',
      title: 'Total Processing Time',
      width: 170,
      priority: 1,
      align: 'right',
      render: (r) => formatDurationMs(r.totalProcessingTime),
    },
  ]
}

/** 02 §2 Presto flavour: status, user, id_name, queue, startTime, finishedTime, cumUserMem, cpuTime. */
function prestoColumns(): DataColumn<FinishedPrestoApp>[] {
  const c = common<FinishedPrestoApp>()
  return [
    status(),
    c.user,
    nameAndId('ID / Name'),
    { ...c.queue, title: 'Resource group' },
    c.start,
    c.finish,
    {
      key: 'cumUserMem',
      title: 'Cumulative User Memory',
      width: 190,
      priority: 1,
      align: 'right',
      // Byte-seconds: the memory held over the query's life, read as bytes for each second.
      render: (r) => `${formatBytes(r.cumUserMem)}·s`,
    },
    {
      key: 'cpuTime',
      title: 'CPU Time',
      width: 130,
      priority: 1,
      align: 'right',
      render: (r) => formatDurationMs(r.cpuTime),
    },
  ]
}

/** 02 §2 BigQuery flavour: status, user, id/name, queue, startTime, finishedTime, cpuTime, totBytesBilled, cents (USD). */
function bigQueryColumns(freemium: boolean): DataColumn<FinishedBigQueryApp>[] {
  const c = common<FinishedBigQueryApp>()
  return [
    status(),
    c.user,
    nameAndId('ID / Name'),
    c.queue,
    c.start,
    c.finish,
    {
      key: 'cpuTime',
      title: 'CPU Time',
      width: 130,
      priority: 2,
      align: 'right',
      render: (r) => formatDurationMs(r.cpuTime),
    },
    {
      key: 'totBytesBilled',
      title: 'Bytes Billed',
      width: 140,
      priority: 2,
      align: 'right',
      render: (r) => formatBytes(r.totBytesBilled),
    },
    {
      key: 'cents',
      title: 'Cost (USD)',
      width: 130,
      priority: 1,
      align: 'right',
      // B059: the free plan does not sort by cost.
      sortable: !freemium,
      value: (r) => bigQueryCostUsd(r.cents),
      render: (r) => formatDollars(bigQueryCostUsd(r.cents)),
    },
  ]
}

/** Each served flavour's finished-apps list (E019-E022), what its rows are called, and its columns. */
const FINISHED_TABLES: Readonly<
  Record<
    ServedChargebackType,
    { list: ChargebackFinishedList; noun: string; columns: (freemium: boolean) => DataColumn<FinishedApp>[] }
  >
> = {
  Yarn: { list: 'fapps', noun: 'apps', columns: () => yarnColumns() as DataColumn<FinishedApp>[] },
  Impala: { list: 'fiapps', noun: 'queries', columns: () => impalaColumns() as DataColumn<FinishedApp>[] },
  Presto: { list: 'fpapps', noun: 'queries', columns: () => prestoColumns() as DataColumn<FinishedApp>[] },
  BigQuery: {
    list: 'fbqapps',
    noun: 'jobs',
    columns: (freemium) => bigQueryColumns(freemium) as DataColumn<FinishedApp>[],
  },
}

/**
 * The finished-apps query of a chargeback level: the window, the cluster (never for BigQuery,
 * B160), and one filter per value drilled into, so the list shows the apps behind the level.
 */
export function finishedAppsQuery(
  view: ChargebackView,
  type: ServedChargebackType,
  table: Pick<TableView, 'page' | 'pageSize' | 'sort'>,
): FinishedAppsQuery {
  const filters: Partial<Record<'kind' | 'user' | 'queue', string>> = {}
  for (const step of view.path) {
    const filter = FILTER_OF[step.groupBy]
    if (filter) filters[filter] = step.value
  }
  const { list } = FINISHED_TABLES[type]
  const fallback = FINISHED_APP_DEFAULT_SORT[list]
  const sort = table.sort
    ? { key: table.sort.key, dir: table.sort.direction }
    : {
        key: fallback.replace(/^-/, ''),
        dir: fallback.startsWith('-') ? ('desc' as const) : ('asc' as const),
      }
  const paging = finishedAppsPaging(table.page, sort, table.pageSize)
  return {
    start_time: String(view.dateRange.start),
    end_time: String(view.dateRange.end),
    ...(type !== 'BigQuery' && view.clusterUid !== '*' ? { clusterUid: view.clusterUid } : {}),
    ...filters,
    ...paging,
  }
}

const FIRST_PAGE: TableView = {
  page: 1,
  pageSize: PAGE_SIZE,
  sort: null,
  search: '',
  activeRow: null,
  expandedRow: null,
}

/**
 * The finished apps behind the current level (02 §2 Chargeback: the flavours' finished-apps
 * tables), one server page at a time. The window is on the finish time, so an app that started in
 * the range but finished after it is not listed.
 */
export function FinishedAppsTable({
  type,
  view,
  plan,
}: {
  type: ServedChargebackType
  view: ChargebackView
  plan: Plan
}) {
  const [table, setTable] = useState<TableView>(FIRST_PAGE)
  const { list, noun, columns } = FINISHED_TABLES[type]
  const query = useChargebackFinishedAppsQuery({ list, params: finishedAppsQuery(view, type, table) })
  const drilled = view.path.map((s) => groupValueLabel(s.groupBy, s.value)).join(' / ')
  return (
    <DataTable<FinishedApp>
      caption={`Finished ${noun}${drilled ? ` of ${drilled}` : ''}`}
      mode="server"
      columns={columns(plan === 'freemium')}
      rows={query.data?.hits ?? []}
      rowKey={(r) => r.id}
      totalRecords={query.data?.total ?? 0}
      loading={query.isFetching}
      failure={
        query.isError
          ? { what: `Finished ${noun}`, error: query.error, onRetry: () => void query.refetch() }
          : null
      }
      view={table}
      onViewChange={setTable}
      pageSizes={[10, 25, 50]}
      search={false}
      rowStatus={(r) => borderClass(r.status)}
      emptyText="No apps finished in this range"
      download={{ name: `chargeback_${list}`, locked: !isActionAllowed(plan, 'download') }}
    />
  )
}
