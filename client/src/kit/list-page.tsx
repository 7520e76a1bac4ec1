import { useEffect, useMemo, type ReactNode } from 'react'
import { Flex, Stack, Tabs, Text, Tooltip } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import {
  ALL_CLUSTERS,
  clearRangesOutsideMetadata,
  isActionAllowed,
  type PickerKind,
  type Range,
  type RangeFilter,
  type StatusStyle,
  type TableView,
} from '@costlens/shared'
import { useAppSelector } from '../app/hooks.ts'
import { ClusterSearchSelect } from '../components/filters/cluster-search-select.tsx'
import { DataTable } from '../components/table/data-table.tsx'
import { listTableChange, listTableView, type ListPaging } from '../components/table/list-table-view.ts'
import type { DataColumn, DataTableSelection } from '../components/table/table-types.ts'
import { everyPage } from './every-page.ts'
import { FilterPanel, rangeBounds, type FilterSpec } from './filter-panel.tsx'
import { IdleAutoRefresh } from './idle-auto-refresh.tsx'
import { KpiRow, type Kpi } from './kpi-row.tsx'
import type { Field, ListChange, ListStateOf } from './list-state.ts'
import { useRefetchOnTick } from './page-clock.ts'
import { PageHeader, RangePicker, RefreshButton } from './page-header.tsx'
import type { ListStateHandle } from './use-list-state.ts'

type Fields = Record<string, Field<unknown>>
type FilterValues<G extends Fields> = ListStateOf<Fields, G>['filters']

/** What the page needs of an RTK Query hook's result. */
export interface ListQueryResult<D> {
  data?: D
  isFetching: boolean
  isError: boolean
  error?: unknown
  refetch: () => unknown
}

export interface ListPageProps<F extends Fields, G extends Fields, A, D, R, M> {
  /** The page's title; a node when it carries a badge (the SQL pages' Preview, 01 §2.3). */
  title: ReactNode
  /** A line under the title (what the list holds, how many matched), read out when it changes. */
  description?: ReactNode
  /** The table's accessible name and the title above it. */
  caption: string
  /** What a failure names as not loaded ('The queries'), when not the caption (one name for every tab). */
  what?: string
  list: ListStateHandle<F, G>
  /** The list query's result, and its argument built from the state (a new page clock refetches it). */
  result: ListQueryResult<D>
  request: A
  /**
   * The rows to show. With `total` the server pages and sorts, and these are one page; without it
   * they are every loaded row in the list's order, and the page slices them (B187 pipelines).
   */
  rows: (data: NoInfer<D> | undefined) => readonly R[]
  total?: (data: NoInfer<D> | undefined) => number
  /** The answer's metadata, which filter options, counts and slider bounds are bound to. */
  metadata?: (data: NoInfer<D> | undefined) => M | undefined
  /** Tabs kept in a field of the state (e.g. `tab`): a tab change resets what the declaration says. */
  tabs?: {
    field: keyof F & string
    label: string
    /** `locked`: the tab is not in the user's plan, and says why (the upgrade hint). */
    options: readonly { value: string; label: string; locked?: string }[]
  }
  /**
   * The header's cluster picker, bound to the state's `cluster` field (one id, '*' for all), or
   * with 'clusters' to a `clusters` list field ([] for all, fields.clusters).
   */
  clusterPicker?: boolean | 'clusters'
  /** Said instead of the date picker when the range does not apply (the running applications). */
  rangeNote?: string
  /** The header's date range picker (default shown); a list without a window (the search results) has none. */
  rangePicker?: boolean
  /** Anything Refresh must fetch again besides the list (e.g. the metadata of another call). */
  onRefresh?: () => void
  pickerKind?: PickerKind
  /** The button text of presets the picker does not offer (the pipelines list opens on 24 hours). */
  rangeTexts?: Readonly<Record<string, string>>
  filters?: { specs: readonly FilterSpec<FilterValues<G>, M>[]; layout?: 'row' | 'side'; width?: number }
  kpis?: (data: NoInfer<D> | undefined) => readonly Kpi[]
  /** A line above the table saying what its total counts, read out when it changes. */
  summary?: (data: NoInfer<D> | undefined) => ReactNode
  /** B277: the idle auto-refresh switch, shown while `active`, refreshing with `refresh`. */
  autoRefresh?: { active: boolean; refresh: () => Promise<unknown> }
  /** The KPI row as a named region (e.g. 'Warehouse totals'); a plain list of key figures without. */
  kpiLabel?: string
  columns: readonly DataColumn<R>[]
  rowKey: (row: R) => string
  rowStatus?: (row: R) => StatusStyle
  /** Download every filtered row: by default the loaded rows; a server list passes a fetch of them all. */
  download?: {
    name: string
    formats?: readonly ('csv' | 'xls' | 'json')[]
    rows?: () => Promise<readonly R[]>
    /**
     * A server list's page of the same request: the download fetches every page (`everyPage`) and
     * reads each with `rows` and `total`, so the screen writes no paging loop.
     */
    page?: (page: number, pageSize: number) => Promise<D>
  }
  emptyText?: string
  pageSizes?: readonly number[]
  /** Row checkboxes (e.g. picking queries to compare). */
  selection?: DataTableSelection
  /**
   * A small list (a few dozen rows) sorted, searched and paged in the browser, by the table itself,
   * from this first view; the address then keeps the window and filters only.
   */
  browserTable?: { defaultView: Partial<TableView> }
  /** Anything the page adds under the header (a notice, a chart). */
  children?: ReactNode
}

/**
 * A list screen from configuration (issue 16, ARCHITECTURE "The page kit"): header with title,
 * cluster and date pickers and Refresh, tabs, the filter panel bound to the answer's metadata, a
 * KPI row, the server `DataTable` with download of every filtered row, and its loading, empty and
 * failed states. The page clock moves forward on Refresh and on each poll: a preset range then asks
 * for the new window, a picked range is fetched again as it is.
 */
export function ListPage<F extends Fields, G extends Fields, A, D, R, M>(
  props: ListPageProps<F, G, A, D, R, M>,
) {
  const { list, caption, filters, tabs } = props
  const user = useAppSelector((s) => s.session.user)!
  const state = list.state as ListStateOf<F, G> & ListPaging & { cluster?: string; clusters?: string[] }
  const change = list.change as (event: { type: string; [key: string]: unknown }) => void
  const { result } = props
  const { data } = result
  const metadata = props.metadata?.(data)
  useRefetchOnTick(list.clock.now, props.request, result.refetch)
  useClearRangesOutside(filters?.specs ?? [], state.filters, data, metadata, change)

  const loaded = props.rows(data)
  const serverPaged = props.total !== undefined
  const total = props.total ? props.total(data) : loaded.length
  // A page past the end (an old link, fewer rows after a filter) shows the last page, not nothing.
  const lastPage = Math.max(1, Math.ceil(total / state.pageSize))
  const page = serverPaged ? state.page : Math.min(state.page, lastPage)
  const rows = useMemo(
    () =>
      serverPaged || props.browserTable
        ? loaded
        : loaded.slice((page - 1) * state.pageSize, page * state.pageSize),
    [serverPaged, props.browserTable, loaded, page, state.pageSize],
  )
  const browser = props.browserTable
  // A list without a range (none declared, the running apps, a search) has no window to name.
  const hasWindow = !props.rangeNote && props.rangePicker !== false && state.dateRange.end > 0
  const tableView = browser ? undefined : listTableView({ ...state, page })

  return (
    <Stack gap="sm">
      <PageHeader title={props.title} description={props.description}>
        {props.clusterPicker === 'clusters' ? (
          <ClusterSearchSelect
            value={state.clusters?.[0] ?? ALL_CLUSTERS}
            clusterType={user.clusterType}
            onChange={(id) => change({ type: 'clusters', clusters: id === ALL_CLUSTERS ? [] : [id] })}
          />
        ) : (
          props.clusterPicker && (
            <ClusterSearchSelect
              value={state.cluster ?? ''}
              clusterType={user.clusterType}
              onChange={(cluster) => change({ type: 'cluster', cluster })}
            />
          )
        )}
        {props.rangeNote ? (
          // Level with the middle of the controls beside it, which the row aligns by their bottom.
          <Text size="sm" c="dimmed" mb={7}>
            {props.rangeNote}
          </Text>
        ) : (
          props.rangePicker !== false && (
            <RangePicker list={list} kind={props.pickerKind} rangeTexts={props.rangeTexts} />
          )
        )}
        <RefreshButton clock={list.clock} onRefresh={props.onRefresh} />
      </PageHeader>

      {tabs && (
        <Tabs
          value={String((state as Record<string, unknown>)[tabs.field])}
          onChange={(value) => value && change({ type: tabs.field, [tabs.field]: value })}
        >
          <Tabs.List aria-label={tabs.label}>
            {tabs.options.map((tab) => (
              <Tabs.Tab
                key={tab.value}
                value={tab.value}
                disabled={tab.locked !== undefined}
                rightSection={tab.locked ? <IconLock size={14} aria-label={tab.locked} /> : undefined}
              >
                {tab.locked ? (
                  <Tooltip label={tab.locked}>
                    <span>{tab.label}</span>
                  </Tooltip>
                ) : (
                  tab.label
                )}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}

      {props.children}

      {/* Side filters sit beside the table; a row of filters above it, full width. */}
      <Flex
        direction={filters?.layout === 'side' ? 'row' : 'column'}
        align={filters?.layout === 'side' ? 'flex-start' : 'stretch'}
        gap="md"
      >
        {filters && (
          <FilterPanel
            specs={filters.specs}
            layout={filters.layout}
            width={filters.width}
            value={state.filters}
            metadata={metadata}
            freemium={user.plan === 'freemium'}
            onChange={(next) => change({ type: 'filters', filters: next })}
            onReset={() => change({ type: 'reset' })}
          />
        )}
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
          {props.autoRefresh && <IdleAutoRefresh {...props.autoRefresh} />}
          {props.summary && (
            <Text size="sm" aria-live="polite">
              {props.summary(data)}
            </Text>
          )}
          {props.kpis && <KpiRow kpis={props.kpis(data)} label={props.kpiLabel} />}
          {/*
            The table gets one page ('server' mode: it neither sorts nor pages). In 'client' mode
            TanStack's page-index auto reset, queued from a render, fought the router's transition on
            every sort from the address and the page never updated.
          */}
          <DataTable<R>
            // Each tab is its own list (02 §4 resets its filters) and may show other columns.
            key={tabs ? String((state as Record<string, unknown>)[tabs.field]) : undefined}
            caption={caption}
            mode={browser ? 'client' : 'server'}
            columns={props.columns}
            rows={rows}
            totalRecords={total}
            rowKey={props.rowKey}
            rowStatus={props.rowStatus}
            loading={result.isFetching}
            failure={
              result.isError
                ? { what: props.what ?? caption, error: result.error, onRetry: () => void result.refetch() }
                : null
            }
            view={tableView}
            defaultView={browser?.defaultView}
            pageSizes={props.pageSizes ?? [15, 25, 50, 100]}
            search={!!browser}
            emptyText={props.emptyText}
            selection={props.selection}
            onViewChange={(next) => {
              const event = tableView && listTableChange(tableView, next)
              if (event) change(event)
            }}
            download={
              props.download && {
                name: props.download.name,
                formats: props.download.formats,
                locked: !isActionAllowed(user.plan, 'download'),
                rows: props.download.rows ?? downloadPages(props) ?? (async () => loaded),
                // The file's name says the window and whether the list is filtered (issue 22).
                range: hasWindow ? state.dateRange : null,
                filtered: isFiltered(state, list.defaults as typeof state),
              }
            }
          />
        </Stack>
      </Flex>
    </Stack>
  )
}

/**
 * Whether a filter beyond the list's defaults applies: a filter of the panel, or a cluster picked
 * (the tab, the window, the sort and the page are not filters).
 */
function isFiltered(
  state: { filters: unknown; cluster?: string; clusters?: string[] },
  defaults: { filters: unknown; cluster?: string; clusters?: string[] },
): boolean {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
  return (
    !same(state.filters, defaults.filters) ||
    !same(state.cluster, defaults.cluster) ||
    !same(state.clusters, defaults.clusters)
  )
}

/** Every filtered row of a server list, fetched page by page with the download's `page`. */
function downloadPages<D, R>({
  download,
  rows,
  total,
}: Pick<ListPageProps<Fields, Fields, unknown, D, R, unknown>, 'download' | 'rows' | 'total'>) {
  const fetchPage = download?.page
  if (!fetchPage) return undefined
  return () =>
    everyPage(async (page, pageSize) => {
      const answer = await fetchPage(page, pageSize)
      return { rows: rows(answer), total: total?.(answer) ?? 0 }
    })
}

/**
 * 02 §4 EMR cluster list, B204: after new metadata a cost or duration range no longer inside the
 * new [min, max] is cleared and the list reloads without it. (The metadata's bounds are those of the
 * window and tab, never of the range filters themselves, or a range would clear itself.)
 */
function useClearRangesOutside<G extends Fields, M>(
  specs: readonly FilterSpec<FilterValues<G>, M>[],
  filters: FilterValues<G>,
  answer: unknown,
  metadata: M | undefined,
  change: (event: ListChange<Fields, G>) => void,
) {
  useEffect(() => {
    if (!metadata) return
    const ranges: Record<string, RangeFilter> = {}
    const bounds: Record<string, Range> = {}
    for (const spec of specs) {
      if (spec.kind !== 'range' || spec.keepOutside) continue
      ranges[spec.field] = (filters as Record<string, RangeFilter>)[spec.field] ?? null
      const b = rangeBounds(spec.bounds(metadata))
      if (b) bounds[spec.field] = b
    }
    const { filters: next, reload } = clearRangesOutsideMetadata(ranges, bounds)
    if (reload) change({ type: 'filters', filters: next } as ListChange<Fields, G>)
    // Only a new answer clears: the user's own edits are checked when their answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer])
}
