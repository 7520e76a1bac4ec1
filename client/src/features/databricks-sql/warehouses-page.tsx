import { useMemo } from 'react'
import {
  DATABRICKS_SQL_WAREHOUSE_SORTS,
  pageOffset,
  type DatabricksSqlWarehouseRow as Row,
  type DatabricksSqlWarehouses as Data,
  type DatabricksSqlWarehousesQuery,
} from '@costlens/shared'
import type { DataColumn } from '../../components/table/table-types.ts'
import { columns as col } from '../../kit/columns.tsx'
import * as field from '../../kit/fields.ts'
import type { FilterSpec } from '../../kit/filter-panel.tsx'
import type { Kpi } from '../../kit/kpi-row.tsx'
import { defineListState, type ListStateOf } from '../../kit/list-state.ts'
import { ListPage } from '../../kit/list-page.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useDatabricksSqlWarehousesQuery } from './api.ts'
import { PreviewTitle, count, dbus, hours, usd } from './sql-format.tsx'

const fields = {
  sort: field.sort('s', { key: 'cost', direction: 'desc' }, DATABRICKS_SQL_WAREHOUSE_SORTS),
  page: field.page('page'),
  pageSize: field.pageSize(15),
}
const filters = {
  search: field.text('search'),
  workspaces: field.many('workspace'),
  types: field.many('type'),
  sizes: field.many('size'),
}

/** /sql/osd_sql_warehouses' state in the address: the last 7 days, costliest first, 15 a page. */
export const warehouseListState = defineListState({
  range: field.addressRange({ preset: '7_d' }),
  fields,
  filters,
  resetFiltersOn: ['range'],
})
type View = ListStateOf<typeof fields, typeof filters>

const csv = (values: readonly string[]) => (values.length ? values.join(',') : undefined)

/** The call's query: the window, the filters, the sort and the page. */
export function warehouseListQuery(view: View): DatabricksSqlWarehousesQuery {
  const f = view.filters
  const query: DatabricksSqlWarehousesQuery = {
    start_time: String(view.dateRange.start),
    end_time: String(view.dateRange.end),
    sort: view.sort.key as DatabricksSqlWarehousesQuery['sort'],
    order: view.sort.direction,
    offset: pageOffset(view.page, view.pageSize),
    limit: view.pageSize,
  }
  if (f.search.trim()) query.search = f.search.trim()
  if (csv(f.workspaces)) query.workspace = csv(f.workspaces)
  if (csv(f.types)) query.type = csv(f.types)
  if (csv(f.sizes)) query.warehouseSize = csv(f.sizes)
  return query
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  CLASSIC: 'Classic',
  PRO: 'Pro',
  SERVERLESS: 'Serverless',
}

const filterSpecs: FilterSpec<View['filters'], Data['facets']>[] = [
  { kind: 'text', field: 'search', label: 'Search', placeholder: 'Name or id' },
  {
    kind: 'multi',
    field: 'workspaces',
    label: 'Workspace',
    options: (m) => (m?.workspaces ?? []).map((o) => ({ value: o.value, count: o.count })),
    allWhenEmpty: true,
  },
  {
    kind: 'multi',
    field: 'types',
    label: 'Type',
    options: (m) =>
      (m?.types ?? []).map((o) => ({ value: o.value, label: TYPE_WORDS[o.value], count: o.count })),
    allWhenEmpty: true,
  },
  {
    kind: 'multi',
    field: 'sizes',
    label: 'Size',
    options: (m) => (m?.sizes ?? []).map((o) => ({ value: o.value, count: o.count })),
    allWhenEmpty: true,
  },
]

// Cost first after the configuration, so it shows without scrolling at 1440 px.
const WAREHOUSE_COLUMNS: DataColumn<Row>[] = [
  { ...col.text('name', 'Warehouse', 160), sticky: true },
  col.text('workspace', 'Workspace', 150),
  { key: 'type', title: 'Type', width: 95, value: (r) => TYPE_WORDS[r.type] ?? r.type },
  { key: 'size', title: 'Size', width: 150, value: (r) => `${r.size} (${r.dbuPerHour} DBU/h)` },
  {
    key: 'clusters',
    title: 'Clusters',
    width: 85,
    align: 'right',
    value: (r) => `${r.minClusters}–${r.maxClusters}`,
  },
  col.figure('autoStopMinutes', 'Auto-stop', 90, (m) => `${m} min`),
  col.usd('cost', 'Cost', 120, 4),
  col.figure('dbus', 'DBUs', 110, dbus),
  col.usd('idleCost', 'Idle cost', 120, 4),
  col.figure('uptimeHours', 'Uptime', 90, hours),
  col.figure('busyHours', 'Busy', 85, hours),
  col.figure('idleHours', 'Idle', 80, hours),
  col.count('queries', 'Queries', 85),
  col.count('failed', 'Failed', 75),
]
// Only the server's sort keys are sortable: the clusters column sorts nothing the call knows.
const SORTABLE: readonly string[] = DATABRICKS_SQL_WAREHOUSE_SORTS

const kpis = (data: Data | undefined): Kpi[] => [
  { label: 'Warehouses', value: data ? count(data.total) : '--' },
  { label: 'Cost (USD)', value: data ? usd(data.totals.cost) : '--' },
  { label: 'DBUs', value: data ? dbus(data.totals.dbus) : '--' },
  { label: 'Idle cost (USD)', value: data ? usd(data.totals.idleCost) : '--' },
  { label: 'Queries', value: data ? count(data.totals.queries) : '--' },
]

/**
 * /sql/osd_sql_warehouses (R193, preview): every SQL warehouse with its configuration and, for the
 * window, uptime, busy and idle hours, idle cost, DBUs, cost, queries and failures; filtered,
 * sorted and paged by the server.
 */
export default function SqlWarehousesPage() {
  const list = useListState(warehouseListState)
  const query = useMemo(() => warehouseListQuery(list.state), [list.state])
  const result = useDatabricksSqlWarehousesQuery(query)
  const columns = useMemo(
    () => WAREHOUSE_COLUMNS.map((c) => (SORTABLE.includes(c.key) ? c : { ...c, sortable: false })),
    [],
  )
  return (
    <ListPage
      title={<PreviewTitle title="SQL Warehouses" />}
      caption="Databricks SQL warehouses"
      what="The SQL warehouses"
      list={list}
      pickerKind="databricksSql"
      result={result}
      request={query}
      rows={(data) => data?.rows ?? []}
      total={(data) => data?.total ?? 0}
      metadata={(data) => data?.facets}
      filters={{ specs: filterSpecs, layout: 'side', width: 230 }}
      kpis={kpis}
      kpiLabel="Totals of the matching warehouses"
      columns={columns}
      rowKey={(r) => r.warehouseId}
      emptyText="No SQL warehouse matches these filters"
    />
  )
}
