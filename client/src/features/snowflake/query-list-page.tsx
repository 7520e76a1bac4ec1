import { useMemo, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { Alert, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import {
  COMPARE_MAX_ITEMS,
  MAX_RECORDS,
  PICKERS,
  isActionAllowed,
  snowflakeMetadataParams,
  type SnowflakeQueryRow,
  type SnowflakeQuerySearchBody,
} from '@costlens/shared'
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts'
import { ComparePanel } from '../../components/compare/compare-panel.tsx'
import { compareToggled } from '../../components/compare/compare-slice.ts'
import { DateRangePicker } from '../../components/date-range/date-range-picker.tsx'
import { rangeText } from '../../components/date-range/custom-range.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import { listTableChange, listTableView } from '../../components/table/list-table-view.ts'
import {
  useLazyQuerySearchPageQuery,
  useQueryMetadataQuery,
  useQuerySearchQuery,
  useWarehousesQuery,
} from './api.ts'
import { QUERY_COLUMNS } from './query-columns.tsx'
import { QueryFilterPanel } from './query-filter-panel.tsx'
import { statusStyle } from './query-format.tsx'
import {
  QUERY_LIST_TABS,
  changeQueryList,
  queryListBody,
  queryListSearch,
  readQueryListView,
  type QueryListEvent,
  type QueryListView,
} from './query-list-state.ts'
import { windowParams } from './window-state.ts'

// The contract's largest page: a download walks the list in pages of this size.
const EXPORT_PAGE_SIZE = 100

/**
 * /query/list (R144, 03 §2 Snowflake query list): the inefficient and whole lists over the query
 * search, filtered by the metadata's values, with the whole state in the address (written back
 * with replace, so filtering does not fill the history), compare checkboxes and the CSV download.
 */
export default function QueryListPage() {
  const user = useAppSelector((s) => s.session.user)!
  const selection = useAppSelector((s) => s.compare.query)
  const dispatch = useAppDispatch()
  const location = useLocation()
  const navigate = useNavigate()
  // The clock of this visit: 'Today' runs to this instant until a refresh.
  const [now, setNow] = useState(() => Date.now())
  const view = useMemo(() => readQueryListView(location.search, now), [location.search, now])
  const change = (event: QueryListEvent) =>
    void navigate(
      { pathname: location.pathname, search: queryListSearch(changeQueryList(view, event, now), now) },
      { replace: true },
    )

  const metadata = useQueryMetadataQuery(snowflakeMetadataParams(view.listType, view.dateRange))
  const body = useMemo(() => queryListBody(view, metadata.data), [view, metadata.data])
  const search = useQuerySearchQuery(body)
  // Only for the warehouse filter's names; its figures are not shown here.
  const warehouses = useWarehousesQuery(windowParams(view.dateRange))
  const warehouseNames = useMemo(
    () => Object.fromEntries((warehouses.data?.warehouses ?? []).map((w) => [w.uid, w.name])),
    [warehouses.data],
  )
  const [fetchPage] = useLazyQuerySearchPageQuery()
  const total = search.data?.total ?? 0
  const tableView = listTableView(view)

  // Every row of the filtered list, page by page, up to the 10,000-record cap (B097).
  const allRows = async (): Promise<SnowflakeQueryRow[]> => {
    if ('id' in body) return (await fetchPage(body).unwrap()).results
    const rows: SnowflakeQueryRow[] = []
    const wanted = Math.min(total, MAX_RECORDS)
    for (let page = 1; rows.length < wanted; page++) {
      const request: SnowflakeQuerySearchBody = { ...body, page, pageSize: EXPORT_PAGE_SIZE }
      const { results } = await fetchPage(request).unwrap()
      rows.push(...results)
      if (results.length < EXPORT_PAGE_SIZE) break
    }
    return rows.slice(0, wanted)
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h3">
          Queries
        </Title>
        <Group gap="xs" wrap="wrap">
          <DateRangePicker
            value={{ ...view.dateRange, label: rangeLabel(view), value: view.rangeLabel as never }}
            onChange={(s) => change({ type: 'range', dateRange: s, label: s.value })}
          />
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => {
              setNow(Date.now())
              void metadata.refetch()
              void search.refetch()
            }}
          >
            Refresh
          </Button>
        </Group>
      </Group>

      <Tabs
        value={view.listType}
        onChange={(value) => value && change({ type: 'listType', listType: value })}
        keepMounted={false}
      >
        <Tabs.List aria-label="Query lists">
          {QUERY_LIST_TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      {view.queryId && (
        <Alert color="blue" variant="light" title={`Showing query ${view.queryId} only`}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">A query id overrides every other filter and the date range.</Text>
            <Button size="xs" variant="default" onClick={() => change({ type: 'clearQueryId' })}>
              Show all queries
            </Button>
          </Group>
        </Alert>
      )}

      <Group align="flex-start" gap="md" wrap="nowrap">
        {/* A query id overrides every filter (B238): filters that would do nothing are not offered. */}
        {!view.queryId && (
          <QueryFilterPanel
            view={view}
            metadata={metadata.data}
            warehouseNames={warehouseNames}
            onChange={change}
          />
        )}
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <DataTable<SnowflakeQueryRow>
            caption={`${QUERY_LIST_TABS.find((t) => t.value === view.listType)!.label} queries`}
            mode="server"
            columns={QUERY_COLUMNS}
            rows={search.data?.results ?? []}
            rowKey={(r) => r.id}
            totalRecords={total}
            loading={search.isFetching}
            failure={
              search.isError
                ? { what: 'The queries', error: search.error, onRetry: () => void search.refetch() }
                : null
            }
            view={tableView}
            pageSizes={[15, 25, 50, 100]}
            search={false}
            rowStatus={(r) => statusStyle(r.status)}
            emptyText="No queries match these filters"
            selection={{
              selected: selection,
              max: COMPARE_MAX_ITEMS,
              onChange: (ids) => {
                const id = ids.find((i) => !selection.includes(i)) ?? selection.find((i) => !ids.includes(i))
                if (id) dispatch(compareToggled({ type: 'query', id }))
              },
            }}
            onViewChange={(next) => {
              const event = listTableChange(tableView, next)
              if (event) change(event)
            }}
            download={{
              name: `${view.listType}_snowflake_queries`,
              formats: ['csv'],
              locked: !isActionAllowed(user.plan, 'download'),
              rows: allRows,
            }}
          />
        </Stack>
      </Group>
      <ComparePanel type="query" />
    </Stack>
  )
}

/** The picker's button text: the preset's words, or the picked dates. */
function rangeLabel(view: QueryListView): string {
  return PICKERS.default.presets.find((p) => p.value === view.rangeLabel)?.label ?? rangeText(view.dateRange)
}
