import { useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import { Anchor } from '@mantine/core'
import {
  BIGQUERY_DEFAULT_TABLE_SORT,
  BIGQUERY_MAX_WINDOW,
  BIGQUERY_PAGE_SIZE,
  BIGQUERY_TABLE_SORT_KEYS,
  formatBytes,
  formatCount,
  formatDateTime,
  formatSortParam,
  parseSortParam,
  type BigQueryDataTableRow as Row,
  type BigQueryDatasetList,
  type BigQueryDatasetRow,
  type BigQueryTableList,
  type BigQueryTableListQuery,
  bigQueryCentsUsd,
  bigQueryCentsPlain,
} from '@costlens/shared'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import * as field from '../../kit/fields.ts'
import type { FilterSpec } from '../../kit/filter-panel.tsx'
import type { Kpi } from '../../kit/kpi-row.tsx'
import { defineListState } from '../../kit/list-state.ts'
import { ListPage } from '../../kit/list-page.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useDataDatasetsQuery, useDataTablesQuery, useLazyDataTablePageQuery } from './api.ts'
import { columns } from '../../kit/columns.tsx'
import { billingModelLabel, isoTime } from './data-format.ts'
import { TableDrawer } from './table-drawer.tsx'

/**
 * The tables list's state, all of it in the address: project, dataset, part of the name, page,
 * pageSize and sort (key-direction, the biggest tables first). The figures are of the last 30 days
 * (the API's default window), so there is no date range. The table open in the drawer is `table`,
 * beside the list's keys: a change of the list closes it.
 */
export const dataListState = defineListState({
  fields: {
    sort: field.sort('sort', parseSortParam(BIGQUERY_DEFAULT_TABLE_SORT)!, BIGQUERY_TABLE_SORT_KEYS),
    page: field.page('page', { maxRecords: BIGQUERY_MAX_WINDOW }),
    pageSize: field.pageSize(BIGQUERY_PAGE_SIZE),
  },
  filters: {
    project: field.text('project'),
    dataset: field.text('dataset'),
    name: field.text('name'),
  },
})

export type DataListView = ReturnType<typeof dataListState.defaults>

/** The tables call's query: the filters when chosen, the page, its size and the sort. */
export function tableListQuery(view: DataListView): BigQueryTableListQuery {
  const { project, dataset, name } = view.filters
  return {
    ...(project && { project }),
    ...(dataset && { dataset }),
    ...(name && { name }),
    page: view.page,
    pageSize: view.pageSize,
    sort: formatSortParam(view.sort),
  }
}

/** The projects and datasets the filters offer, each with its number of tables. */
function filterSpecs(project: string): readonly FilterSpec<DataListView['filters'], BigQueryDatasetList>[] {
  const count = (rows: readonly BigQueryDatasetRow[], key: (r: BigQueryDatasetRow) => string) => {
    const counts = new Map<string, number>()
    for (const r of rows) counts.set(key(r), (counts.get(key(r)) ?? 0) + r.tableCount)
    return [...counts].map(([value, n]) => ({ value, count: n }))
  }
  return [
    {
      kind: 'select',
      field: 'project',
      label: 'Project',
      placeholder: 'All projects',
      options: (m) => count(m?.results ?? [], (r) => r.projectId),
    },
    {
      kind: 'select',
      field: 'dataset',
      label: 'Dataset',
      placeholder: 'All datasets',
      options: (m) =>
        count(
          (m?.results ?? []).filter((r) => !project || r.projectId === project),
          (r) => r.dataset,
        ),
    },
    { kind: 'text', field: 'name', label: 'Table name contains', placeholder: 'e.g. events or raw.orders' },
  ]
}

const bytesColumn = <R,>(key: keyof R & string, title: string, priority: number): DataColumn<R> => ({
  ...columns.figure<R>(key, title, 140, formatBytes),
  priority,
})

function tableColumns(open: (tableId: string) => void): readonly DataColumn<Row>[] {
  return [
    {
      key: 'table',
      title: 'Table',
      width: 300,
      priority: 1,
      sticky: true,
      value: (r) => r.tableId,
      render: (r) => (
        <Anchor component="button" type="button" size="sm" ff="monospace" onClick={() => open(r.tableId)}>
          {r.tableId}
        </Anchor>
      ),
    },
    bytesColumn<Row>('logicalBytes', 'Logical size', 1),
    bytesColumn<Row>('physicalBytes', 'Physical size', 3),
    {
      ...columns.figure<Row>('storageCost', 'Storage / month', 140, bigQueryCentsUsd, bigQueryCentsPlain),
      priority: 2,
    },
    { ...columns.figure<Row>('jobCount', 'Jobs reading', 130, formatCount), priority: 1 },
    bytesColumn<Row>('bytesScanned', 'Bytes scanned', 1),
    {
      ...columns.figure<Row>('jobCost', 'Cost of reads', 140, bigQueryCentsUsd, bigQueryCentsPlain),
      priority: 3,
    },
    { ...columns.figure<Row>('rows', 'Rows', 130, formatCount), priority: 4 },
    {
      key: 'lastModifiedTime',
      title: 'Last modified',
      width: 170,
      priority: 4,
      render: (r) => isoTime(r.lastModifiedTime),
    },
  ]
}

function datasetColumns(pick: (r: BigQueryDatasetRow) => void): readonly DataColumn<BigQueryDatasetRow>[] {
  return [
    {
      key: 'dataset',
      title: 'Dataset',
      width: 280,
      priority: 1,
      sticky: true,
      value: (r) => `${r.projectId}.${r.dataset}`,
      render: (r) => (
        <Anchor component="button" type="button" size="sm" ff="monospace" onClick={() => pick(r)}>
          {r.projectId}.{r.dataset}
        </Anchor>
      ),
    },
    { key: 'tableCount', title: 'Tables', width: 80, priority: 2, align: 'right' },
    bytesColumn<BigQueryDatasetRow>('logicalBytes', 'Logical size', 1),
    bytesColumn<BigQueryDatasetRow>('physicalBytes', 'Physical size', 3),
    {
      key: 'billingModel',
      title: 'Billed on',
      width: 210,
      priority: 4,
      value: (r) => billingModelLabel(r.billingModel),
    },
    {
      ...columns.figure<BigQueryDatasetRow>(
        'storageCost',
        'Storage / month',
        140,
        bigQueryCentsUsd,
        bigQueryCentsPlain,
      ),
      priority: 1,
    },
    { ...columns.figure<BigQueryDatasetRow>('jobCount', 'Jobs reading', 130, formatCount), priority: 2 },
    bytesColumn<BigQueryDatasetRow>('bytesScanned', 'Bytes scanned', 2),
  ]
}

/** The KPI row: the matching tables' storage and the distinct jobs that read them. */
function kpis(data: BigQueryTableList | undefined): readonly Kpi[] {
  if (!data) return []
  const t = data.totals
  return [
    { label: 'Tables', value: formatCount(t.tableCount) },
    {
      label: 'Logical storage',
      value: formatBytes(t.logicalBytes),
      note: `${formatBytes(t.longTermLogicalBytes)} long-term`,
    },
    { label: 'Physical storage', value: formatBytes(t.physicalBytes), note: 'compressed' },
    { label: 'Storage cost / month', value: bigQueryCentsUsd(t.storageCost) },
    {
      label: 'Jobs reading (30 days)',
      value: formatCount(t.jobCount),
      note: `${formatBytes(t.bytesScanned)} scanned, ${bigQueryCentsUsd(t.jobCost)}`,
    },
  ]
}

/**
 * /data (R159, BigQuery admin; 01 §2.3, §6): the datasets and tables of the projects with their
 * storage (logical and physical, active and long-term, cost a month) and the jobs of the last 30 days
 * that read them. A dataset narrows the list to its tables; a table opens its figures and the jobs that
 * read it, each linking to its details.
 */
export default function DataPage() {
  const list = useListState(dataListState)
  const [params, setParams] = useSearchParams()
  const request = useMemo(() => tableListQuery(list.state), [list.state])
  const project = list.state.filters.project
  const datasets = useDataDatasetsQuery({})
  const result = useDataTablesQuery(request)
  const [fetchPage] = useLazyDataTablePageQuery()
  const openTable = params.get('table')
  const setTable = (tableId: string | null) => {
    const next = new URLSearchParams(params)
    next.delete('jobsPage')
    if (tableId) next.set('table', tableId)
    else next.delete('table')
    // Opening is a step Back undoes; closing goes back to the list as it was.
    setParams(next, { replace: !tableId })
  }
  const answer = result.data
  const specs = useMemo(() => filterSpecs(project), [project])
  const columns = useMemo(() => tableColumns(setTable), [params]) // eslint-disable-line react-hooks/exhaustive-deps
  const window = answer ?? datasets.data
  return (
    <ListPage
      title="Data"
      description={
        window
          ? `Storage of the BigQuery tables, and the jobs that read them from ${formatDateTime(Date.parse(window.startTime))} to ${formatDateTime(Date.parse(window.endTime))} (the last 30 days)`
          : 'Storage of the BigQuery tables, and the jobs of the last 30 days that read them'
      }
      caption="BigQuery tables"
      what="The tables"
      list={list}
      result={result}
      request={request}
      rangePicker={false}
      onRefresh={() => void datasets.refetch()}
      rows={(data) => data?.results ?? []}
      total={(data) => data?.total ?? 0}
      metadata={() => datasets.data}
      filters={{ specs, layout: 'row' }}
      kpis={kpis}
      kpiLabel="Storage and reads of the matching tables"
      columns={columns}
      rowKey={(r) => r.tableId}
      emptyText="No tables match these filters"
      download={{
        name: 'bigquery_tables',
        formats: ['csv'],
        page: (page, pageSize) => fetchPage({ ...request, page, pageSize }).unwrap(),
      }}
    >
      <DataTable<BigQueryDatasetRow>
        caption="Datasets"
        columns={datasetColumns((d) =>
          list.change({ type: 'filters', filters: { project: d.projectId, dataset: d.dataset } }),
        )}
        rows={datasets.data?.results ?? []}
        rowKey={(r) => `${r.projectId}.${r.dataset}`}
        mode="client"
        defaultView={{ pageSize: 5 }}
        pageSizes={[5, 10, 25]}
        search={false}
        loading={datasets.isFetching}
        failure={
          datasets.error
            ? { what: 'The datasets', error: datasets.error, onRetry: () => void datasets.refetch() }
            : null
        }
        emptyText="No datasets"
      />
      <TableDrawer tableId={openTable} onClose={() => setTable(null)} />
    </ListPage>
  )
}
