import { useMemo } from 'react'
import { Alert, Button, Group, Text } from '@mantine/core'
import { snowflakeMetadataParams, type SnowflakeQueryMetadata as Meta } from '@costlens/shared'
import { ComparePanel } from '../../components/compare/compare-panel.tsx'
import { useCompareSelection } from '../../components/compare/use-compare-selection.ts'
import { everyPage } from '../../kit/every-page.ts'
import type { FilterSpec } from '../../kit/filter-panel.tsx'
import { ListPage } from '../../kit/list-page.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import {
  useLazyQuerySearchPageQuery,
  useQueryMetadataQuery,
  useQuerySearchQuery,
  useWarehousesQuery,
  windowParams,
} from './api.ts'
import { QUERY_COLUMNS } from './query-columns.tsx'
import { insightTitle, statusLabel, statusStyle } from './query-format.tsx'
import { QUERY_LIST_TABS, queryListBody, queryListState, type QueryListView } from './query-list-state.ts'

/** A cost or duration slider's bounds; none (no slider) when the window holds a single value. */
const sliderBounds = (range: { min: number; max: number } | undefined) =>
  range && range.max > Math.max(0, range.min) ? ([range.min, range.max] as const) : undefined

/**
 * The query list's filters (03 §2), each offering the metadata's values with their counts.
 * Insights (inefficient tab), accounts and client connectors show every value ticked while nothing
 * narrows them (B235); the warehouses are named from the warehouse list (the metadata has uids).
 */
const filterSpecs = (
  listType: QueryListView['listType'],
  warehouseNames: Readonly<Record<string, string>>,
): FilterSpec<QueryListView['filters'], Meta>[] => [
  {
    kind: 'multi',
    field: 'insights',
    label: 'Insights',
    options: (m) =>
      (m?.insights ?? []).map((o) => ({ value: o.name, label: insightTitle(o.name), count: o.count })),
    allWhenEmpty: true,
    searchable: 6,
    hidden: listType !== 'inefficient',
  },
  {
    kind: 'multi',
    field: 'accounts',
    label: 'Accounts',
    options: (m) => (m?.accounts ?? []).map((o) => ({ value: o.accountId, count: o.count })),
    allWhenEmpty: true,
    searchable: 6,
  },
  {
    kind: 'multi',
    field: 'clientConnectors',
    label: 'Client Connectors',
    options: (m) => (m?.clientConnectors ?? []).map((o) => ({ value: o.clientConnector, count: o.count })),
    allWhenEmpty: true,
    searchable: 6,
  },
  {
    kind: 'multi',
    field: 'userName',
    label: 'User',
    options: (m) => (m?.users ?? []).map((o) => ({ value: o.userName, count: o.count })),
    searchable: true,
  },
  {
    kind: 'multi',
    field: 'warehouseUid',
    label: 'Warehouse',
    options: (m) =>
      (m?.warehouses ?? []).map((o) => ({
        value: o.warehouseUid,
        label: warehouseNames[o.warehouseUid] ?? o.warehouseUid,
        count: o.count,
      })),
    searchable: true,
  },
  {
    kind: 'multi',
    field: 'status',
    label: 'Status',
    options: (m) =>
      (m?.statuses ?? []).map((o) => ({ value: o.status, label: statusLabel(o.status), count: o.count })),
  },
  {
    kind: 'text',
    field: 'signature',
    label: 'Signature',
    description: 'Queries sharing a parameterized hash',
    placeholder: 'Press Enter to apply',
    commitOn: 'enter',
  },
  // B236: a slider spanning the whole range is no filter; the metadata follows the window, not the
  // sliders, and a value outside it shows clamped rather than being cleared.
  {
    kind: 'range',
    field: 'cost',
    label: 'Cost (USD)',
    variant: 'cost',
    bounds: (m) => sliderBounds(m?.cost),
    wholeIsNoFilter: true,
    keepOutside: true,
  },
  {
    kind: 'range',
    field: 'duration',
    label: 'Duration',
    variant: 'duration',
    bounds: (m) => sliderBounds(m?.duration),
    wholeIsNoFilter: true,
    keepOutside: true,
  },
]

/**
 * /query/list (R144, 03 §2 Snowflake query list): the inefficient and whole lists over the query
 * search, filtered by the metadata's values, with the whole state in the address (written back
 * with replace, so filtering does not fill the history), compare checkboxes and the CSV download.
 */
export default function QueryListPage() {
  const list = useListState(queryListState)
  const { listType, dateRange, queryId } = list.state
  const selection = useCompareSelection('query')
  const metadata = useQueryMetadataQuery(snowflakeMetadataParams(listType, dateRange))
  const request = useMemo(() => queryListBody(list.state, metadata.data), [list.state, metadata.data])
  // Only for the warehouse filter's names; its figures are not shown here.
  const warehouses = useWarehousesQuery(windowParams(dateRange))
  const warehouseNames = useMemo(
    () => Object.fromEntries((warehouses.data?.warehouses ?? []).map((w) => [w.uid, w.name])),
    [warehouses.data],
  )
  const [fetchPage] = useLazyQuerySearchPageQuery()
  return (
    <>
      <ListPage
        title="Queries"
        caption={`${QUERY_LIST_TABS.find((t) => t.value === listType)!.label} queries`}
        what="The queries"
        list={list}
        result={useQuerySearchQuery(request)}
        request={request}
        onRefresh={() => void metadata.refetch()}
        rows={(data) => data?.results ?? []}
        total={(data) => data?.total ?? 0}
        metadata={() => metadata.data}
        tabs={{ field: 'listType', label: 'Query lists', options: QUERY_LIST_TABS }}
        // A query id overrides every filter (B238): filters that would do nothing are not offered.
        // 250 px wide, as before the kit, so the table keeps its Warehouse column at 1440 px.
        filters={
          queryId ? undefined : { specs: filterSpecs(listType, warehouseNames), layout: 'side', width: 250 }
        }
        columns={QUERY_COLUMNS}
        rowKey={(r) => r.id}
        rowStatus={(r) => statusStyle(r.status)}
        emptyText="No queries match these filters"
        selection={selection}
        download={{
          name: `${listType}_snowflake_queries`,
          formats: ['csv'],
          // Every row of the filtered list, page by page, up to the 10,000-record cap (B097).
          rows: async () =>
            'id' in request
              ? (await fetchPage(request).unwrap()).results
              : everyPage(async (page, pageSize) => {
                  const answer = await fetchPage({ ...request, page, pageSize }).unwrap()
                  return { rows: answer.results, total: answer.total }
                }),
        }}
      >
        {queryId && (
          <Alert color="blue" variant="light" title={`Showing query ${queryId} only`}>
            <Group justify="space-between" gap="xs">
              <Text size="sm">A query id overrides every other filter and the date range.</Text>
              <Button
                size="xs"
                variant="default"
                onClick={() => list.change({ type: 'queryId', queryId: null })}
              >
                Show all queries
              </Button>
            </Group>
          </Alert>
        )}
      </ListPage>
      <ComparePanel type="query" />
    </>
  )
}
