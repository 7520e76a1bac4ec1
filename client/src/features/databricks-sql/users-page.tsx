import { useMemo } from 'react'
import {
  DATABRICKS_SQL_USER_SORTS,
  pageOffset,
  type DatabricksSqlUserRow,
  type DatabricksSqlUsers as Data,
  type DatabricksSqlUsersQuery,
} from '@costlens/shared'
import type { DataColumn } from '../../components/table/table-types.ts'
import { columns as col } from '../../kit/columns.tsx'
import * as field from '../../kit/fields.ts'
import type { FilterSpec } from '../../kit/filter-panel.tsx'
import type { Kpi } from '../../kit/kpi-row.tsx'
import { defineListState, type ListStateOf } from '../../kit/list-state.ts'
import { ListPage } from '../../kit/list-page.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useDatabricksSqlUsersQuery } from './api.ts'
import { PreviewTitle, bytes, count, duration, hours, usd } from './sql-format.tsx'

/** The unattributed row's name: idle uptime and sessions no query ran in (its own row, never a user's). */
export const IDLE_ROW = 'Idle (no query running)'

type Row = DatabricksSqlUserRow & { idleHours?: number }

const fields = {
  sort: field.sort('s', { key: 'cost', direction: 'desc' }, DATABRICKS_SQL_USER_SORTS),
  page: field.page('page'),
  pageSize: field.pageSize(15),
}
const filters = { search: field.text('search') }

export const userListState = defineListState({
  range: field.addressRange({ preset: '7_d' }),
  fields,
  filters,
  resetFiltersOn: ['range'],
})
type View = ListStateOf<typeof fields, typeof filters>

export function userListQuery(view: View): DatabricksSqlUsersQuery {
  return {
    start_time: String(view.dateRange.start),
    end_time: String(view.dateRange.end),
    sort: view.sort.key as DatabricksSqlUsersQuery['sort'],
    order: view.sort.direction,
    offset: pageOffset(view.page, view.pageSize),
    limit: view.pageSize,
    ...(view.filters.search.trim() && { search: view.filters.search.trim() }),
  }
}

const filterSpecs: FilterSpec<View['filters'], undefined>[] = [
  { kind: 'text', field: 'search', label: 'Search', placeholder: 'Part of a user name' },
]

const USER_COLUMNS: DataColumn<Row>[] = [
  { ...col.text('user', 'User', 260), sticky: true },
  col.count('queries', 'Queries'),
  col.count('failed', 'Failed', 80),
  col.figure('durationMs', 'Total duration', 130, duration),
  col.figure('readBytes', 'Bytes read', 120, bytes),
  col.figure('rows', 'Rows produced', 130, count),
  col.usd('cost', 'Attributed cost', 160, 4),
]

const kpis = (data: Data | undefined): Kpi[] => [
  { label: 'Users', value: data ? count(data.total) : '--' },
  { label: 'Warehouse cost (USD)', value: data ? usd(data.warehouseCost) : '--' },
  { label: 'Attributed to users (USD)', value: data ? usd(data.attributedCost) : '--' },
  { label: 'Idle, unattributed (USD)', value: data ? usd(data.idle.cost) : '--' },
  { label: 'Idle hours', value: data ? hours(data.idle.hours) : '--' },
]

/** The page's rows; the last page ends with the Idle row, so the column adds up to the warehouses' cost. */
function pageRows(data: Data | undefined, view: View): Row[] {
  if (!data) return []
  const last = pageOffset(view.page, view.pageSize) + data.rows.length >= data.total
  const idle: Row = {
    user: IDLE_ROW,
    queries: 0,
    failed: 0,
    durationMs: 0,
    readBytes: 0,
    rows: 0,
    cost: data.idle.cost,
    idleHours: data.idle.hours,
  }
  return last && !view.filters.search.trim() ? [...data.rows, idle] : data.rows
}

/**
 * /sql/osd_sql_users (R192, preview): per user the window's queries, failures, total run time,
 * bytes read, rows and attributed cost — each warehouse session's busy cost split by the share of
 * query run time each user had in it; idle time stays unattributed, its own Idle row, so users +
 * Idle = the warehouses' cost. Sorted, searched and paged by the server.
 */
export default function SqlUsersPage() {
  const list = useListState(userListState)
  const query = useMemo(() => userListQuery(list.state), [list.state])
  const result = useDatabricksSqlUsersQuery(query)
  return (
    <ListPage
      title={<PreviewTitle title="SQL Users" />}
      description="A user's cost: the busy cost of each warehouse session, split by their share of its query run time"
      caption="Databricks SQL users"
      what="The SQL users"
      list={list}
      pickerKind="databricksSql"
      result={result}
      request={query}
      rows={(data) => pageRows(data, list.state)}
      total={(data) => data?.total ?? 0}
      filters={{ specs: filterSpecs, layout: 'row' }}
      kpis={kpis}
      kpiLabel="The warehouses' cost, attributed and idle"
      columns={USER_COLUMNS}
      rowKey={(r) => r.user}
      emptyText="No SQL user in this window"
    />
  )
}
