import { useMemo, useState } from 'react'
import { Drawer, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core'
import {
  DATABRICKS_SQL_QUERY_SORTS,
  DATABRICKS_SQL_QUERY_STATUSES,
  DATABRICKS_SQL_STATEMENT_TYPES,
  formatDateTime,
  pageOffset,
  type DatabricksSqlQueries as Data,
  type DatabricksSqlQueriesQuery,
  type DatabricksSqlQueryRow as Row,
} from '@costlens/shared'
import { CodeViewer } from '../../components/code-viewer/code-viewer.tsx'
import { StatusBadge } from '../../components/status/status-badge.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { columns as col } from '../../kit/columns.tsx'
import * as field from '../../kit/fields.ts'
import type { FilterSpec } from '../../kit/filter-panel.tsx'
import { defineListState, type ListStateOf } from '../../kit/list-state.ts'
import { ListPage } from '../../kit/list-page.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useDatabricksSqlQueriesQuery } from './api.ts'
import { PreviewTitle, STATUS_WORDS, bytes, count, duration } from './sql-format.tsx'

const fields = {
  sort: field.sort('s', { key: 'startTime', direction: 'desc' }, DATABRICKS_SQL_QUERY_SORTS),
  page: field.page('page'),
  pageSize: field.pageSize(15),
}
const filters = {
  search: field.text('search'),
  statuses: field.many('status', DATABRICKS_SQL_QUERY_STATUSES),
  users: field.many('user'),
  warehouses: field.many('warehouse'),
  statementTypes: field.many('statementType', DATABRICKS_SQL_STATEMENT_TYPES),
  duration: field.numberRange('minDuration', 'maxDuration'),
}

export const queryListState = defineListState({
  range: field.addressRange({ preset: '7_d' }),
  fields,
  filters,
  resetFiltersOn: ['range'],
})
type View = ListStateOf<typeof fields, typeof filters>

const csv = (values: readonly string[]) => (values.length ? values.join(',') : undefined)

export function queryListQuery(view: View): DatabricksSqlQueriesQuery {
  const f = view.filters
  const query: DatabricksSqlQueriesQuery = {
    start_time: String(view.dateRange.start),
    end_time: String(view.dateRange.end),
    sort: view.sort.key as DatabricksSqlQueriesQuery['sort'],
    order: view.sort.direction,
    offset: pageOffset(view.page, view.pageSize),
    limit: view.pageSize,
  }
  // The box allows more, the call takes 200 characters of query text.
  if (f.search.trim()) query.search = f.search.trim().slice(0, 200)
  if (csv(f.statuses)) query.status = csv(f.statuses)
  if (csv(f.users)) query.user = csv(f.users)
  if (csv(f.warehouses)) query.warehouse = csv(f.warehouses)
  if (csv(f.statementTypes)) query.statementType = csv(f.statementTypes)
  if (f.duration) {
    query.minDuration = Math.max(0, Math.round(f.duration[0]))
    query.maxDuration = Math.max(0, Math.round(f.duration[1]))
  }
  return query
}

const filterSpecs: FilterSpec<View['filters'], Data>[] = [
  {
    kind: 'text',
    field: 'search',
    label: 'Search query text',
    placeholder: 'Press Enter to apply',
    commitOn: 'enter',
  },
  {
    kind: 'multi',
    field: 'statuses',
    label: 'Status',
    options: () => DATABRICKS_SQL_QUERY_STATUSES.map((s) => ({ value: s, label: STATUS_WORDS[s] })),
    allWhenEmpty: true,
  },
  {
    kind: 'multi',
    field: 'users',
    label: 'User',
    options: (m) => (m?.users ?? []).map((u) => ({ value: u })),
    searchable: 8,
  },
  {
    kind: 'multi',
    field: 'warehouses',
    label: 'Warehouse',
    options: (m) => (m?.warehouses ?? []).map((w) => ({ value: w.warehouseId, label: w.name })),
  },
  {
    kind: 'multi',
    field: 'statementTypes',
    label: 'Statement type',
    options: () => DATABRICKS_SQL_STATEMENT_TYPES.map((t) => ({ value: t })),
    allWhenEmpty: true,
  },
  {
    kind: 'range',
    field: 'duration',
    label: 'Duration',
    variant: 'duration',
    // The slider's span: a second to six hours, what a warehouse statement takes.
    bounds: () => [0, 6 * 3_600_000],
    keepOutside: true,
    wholeIsNoFilter: true,
  },
]

function queryColumns(onOpen: (row: Row) => void): DataColumn<Row>[] {
  return [
    {
      key: 'status',
      title: 'Status',
      width: 120,
      value: (r) => STATUS_WORDS[r.status] ?? r.status,
      render: (r) => <StatusBadge code={r.status} label={STATUS_WORDS[r.status]} />,
    },
    {
      key: 'queryId',
      title: 'Query',
      width: 260,
      sticky: true,
      sortable: false,
      value: (r) => r.queryText,
      render: (r) => (
        <UnstyledButton onClick={() => onOpen(r)} aria-label={`Details of query ${r.queryId}`}>
          <Text size="xs" c="blue.8" td="underline" truncate ff="monospace" maw={250}>
            {r.queryText}
          </Text>
        </UnstyledButton>
      ),
    },
    // Start and user before the figures, so they show without scrolling at 1440 px.
    col.time('startTime', 'Start Time', 165),
    col.text('user', 'User', 190),
    col.text('warehouse', 'Warehouse', 140),
    col.figure('duration', 'Duration', 90, duration),
    col.figure('rows', 'Rows', 90, count),
    col.figure('readBytes', 'Bytes read', 100, bytes),
    col.text('statementType', 'Statement', 95),
  ]
}

function QueryDrawer({ row, onClose }: { row: Row | null; onClose: () => void }) {
  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title="Query details"
      closeButtonProps={{ 'aria-label': 'Close the query details' }}
    >
      {row && (
        <Stack gap="sm">
          <SimpleGrid cols={2} spacing="xs">
            <Text size="sm">Query id: {row.queryId}</Text>
            <Text size="sm">Status: {STATUS_WORDS[row.status]}</Text>
            <Text size="sm">User: {row.user}</Text>
            <Text size="sm">Statement: {row.statementType}</Text>
            <Text size="sm">
              Warehouse: {row.warehouse} ({row.workspace})
            </Text>
            <Text size="sm">Duration: {duration(row.duration)}</Text>
            <Text size="sm">Started: {formatDateTime(row.startTime)}</Text>
            <Text size="sm">Ended: {row.endTime === null ? 'running' : formatDateTime(row.endTime)}</Text>
            <Text size="sm">Rows produced: {count(row.rows)}</Text>
            <Text size="sm">Bytes read: {bytes(row.readBytes)}</Text>
          </SimpleGrid>
          {row.errorMessage && (
            <Text size="sm" c="red.9" role="alert">
              {row.errorMessage}
            </Text>
          )}
          <CodeViewer title={`SQL of ${row.queryId}`} code={row.queryText} language="sql" />
        </Stack>
      )}
    </Drawer>
  )
}

/**
 * /sql/osd_sql_queries (R194, preview): the SQL statements of the window with status, type, user,
 * warehouse, duration, rows, bytes and start; filters (status, user, warehouse, statement type,
 * duration, text), sort and paging by the server; a query opens its text and error in a drawer.
 */
export default function SqlQueriesPage() {
  const list = useListState(queryListState)
  const query = useMemo(() => queryListQuery(list.state), [list.state])
  const result = useDatabricksSqlQueriesQuery(query)
  const [open, setOpen] = useState<Row | null>(null)
  const columns = useMemo(() => queryColumns(setOpen), [])
  return (
    <>
      <ListPage
        title={<PreviewTitle title="SQL Queries" />}
        caption="Databricks SQL queries"
        what="The SQL queries"
        list={list}
        pickerKind="databricksSql"
        result={result}
        request={query}
        rows={(data) => data?.rows ?? []}
        total={(data) => data?.total ?? 0}
        metadata={(data) => data}
        filters={{ specs: filterSpecs, layout: 'side', width: 250 }}
        columns={columns}
        rowKey={(r) => r.queryId}
        emptyText="No SQL query matches these filters"
      />
      <QueryDrawer row={open} onClose={() => setOpen(null)} />
    </>
  )
}
