import {
  Fragment,
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import {
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnSizingState,
  type Header,
  type VisibilityState,
} from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import {
  ActionIcon,
  Checkbox,
  Group,
  LoadingOverlay,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core'
import { useDebouncedCallback, useUncontrolled } from '@mantine/hooks'
import {
  IconArrowDown,
  IconArrowUp,
  IconArrowsSort,
  IconChevronDown,
  IconChevronRight,
  IconSearch,
} from '@tabler/icons-react'
import {
  DEFAULT_PAGE_SIZES,
  GENERIC_TABLE_PAGE_SIZES,
  MAX_RECORDS,
  MIN_COLUMN_WIDTH,
  TABLE_SEARCH_DEBOUNCE_MS,
  emptyTableText,
  headingZoneLabel,
  matchesSearch,
  searchableKeys,
  tableChange,
  tableReducer,
  type TableEvent,
  type TableView,
} from '@costlens/shared'
import { PanelFailure } from '../panel-state/panel-state.tsx'
import { isAbortedError } from '../panel-state/panel-status.ts'
import { ColumnChooser } from './column-chooser.tsx'
import { useColumnChoices } from './column-choices.ts'
import { chosenColumns, fitColumns } from './column-fit.ts'
import { cellValue, columnHeading, searchValue } from './column-values.ts'
import { exportColumns } from './export-rows.ts'
import { CellText, TableLayoutContext } from './overflow-text.tsx'
import { TableDownload } from './table-download.tsx'
import { TablePager } from './table-pager.tsx'
import type { DataColumn, DataTableProps, DownloadScope } from './table-types.ts'
import classes from './data-table.module.css'

const ROW_HEIGHT = 37
/** The selection and detail columns' width. */
const EXTRA_COLUMN_WIDTH = 44

function plainText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '--'
  return String(value)
}

/** What a cell shows: text (its own or a column's formatted string) is cut to fit, with a tooltip. */
function cellContent(content: ReactNode): ReactNode {
  return typeof content === 'string' || typeof content === 'number' ? (
    <CellText text={String(content)} />
  ) : (
    content
  )
}

/**
 * The width of the box the columns fit in: null until measured, which happens in a layout effect,
 * before the first paint (then on every resize). Nothing is laid out in tests: 0 there.
 */
function useBoxWidth() {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState<number | null>(null)
  useLayoutEffect(() => {
    const box = ref.current
    if (!box) return
    setWidth(box.clientWidth)
    // clientWidth is the content box's width rounded, as this is (the box has no padding).
    const observer = new ResizeObserver(([entry]) => entry && setWidth(Math.round(entry.contentRect.width)))
    observer.observe(box)
    return () => observer.disconnect()
  }, [])
  return [ref, width] as const
}

/**
 * The generic table (03 §2 Generic table, §4 Table): title, total, search, download, sortable and
 * resizable columns, a column chooser, row selection, detail rows and paging, on the server's
 * pages or its own. TanStack Table holds the column model (visibility, sizes, client sorting and
 * paging) and TanStack Virtual renders only the rows in view of a long page; what a click, a
 * search or a page change does is the shared `tableReducer` (B102-B104), so every table and the
 * rule tests agree.
 *
 * The table fits its width (issue 16): it measures its box, and when its columns declare
 * priorities it shows the most important ones that fit (`fitColumns`), plus what the user chose in
 * the column chooser (remembered per table). The row's name column stays at the left while the
 * table scrolls sideways, which it does only when the user asked for more columns than fit.
 */
export function DataTable<R>(props: DataTableProps<R>) {
  const {
    caption,
    columns,
    rows,
    rowKey,
    mode = 'client',
    paginate = true,
    maxRecords = MAX_RECORDS,
    virtualizeAbove = 100,
  } = props
  const server = mode === 'server'
  const [view, setView] = useUncontrolled<TableView>({
    value: props.view,
    defaultValue: {
      page: 1,
      pageSize: server ? DEFAULT_PAGE_SIZES.genericServer : DEFAULT_PAGE_SIZES.genericClient,
      sort: null,
      search: '',
      activeRow: null,
      expandedRow: null,
      ...props.defaultView,
    },
  })
  const dispatch = (event: TableEvent) => {
    const next = tableReducer(view, event)
    if (next === view) return
    setView(next)
    if (event.type !== 'rowClick') props.onViewChange?.(next, tableChange(next))
  }

  const selection = props.selection
  const extraColumns = (selection ? 1 : 0) + (props.renderDetail ? 1 : 0)
  // An empty line at the top of the scroll box is as wide as the box's inside (no border, no
  // scroll bar), however wide the table is: that is the room the columns have. Null until it has
  // been measured (and in tests, where nothing is laid out): every chosen column shows, as before.
  const [boxWidthRef, boxWidth] = useBoxWidth()
  const available = boxWidth ? boxWidth - extraColumns * EXTRA_COLUMN_WIDTH : null

  const columnKeys = useMemo(() => columns.map((c) => c.key), [columns])
  const { choices, choose, reset } = useColumnChoices(props.columnsKey ?? caption, columnKeys)
  const columnVisibility = useMemo<VisibilityState>(() => {
    const shown = fitColumns(columns, choices, available)
    return Object.fromEntries(columns.map((c) => [c.key, shown.has(c.key)]))
  }, [columns, choices, available])
  const [columnSizing, setColumnSizing] = useState<ColumnSizingState>({})
  const shownColumns = columns.filter((c) => columnVisibility[c.key] !== false)

  // B105: the client-side search, over the searchable columns the user can see.
  const searched = useMemo(() => {
    if (server || !view.search.trim()) return rows
    const keys = searchableKeys(shownColumns)
    const byKey = new Map(shownColumns.map((c) => [c.key, c]))
    return rows.filter((row) =>
      matchesSearch(
        Object.fromEntries(keys.map((k) => [k, searchValue(byKey.get(k)!, row)])),
        view.search,
        keys,
      ),
    )
    // shownColumns is derived from columns and columnVisibility.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, view.search, server, columns, columnVisibility])

  const columnDefs = useMemo<ColumnDef<R>[]>(
    () =>
      columns.map((c) => ({
        id: c.key,
        accessorFn: (row: R) => cellValue(c, row),
        header: columnHeading(c),
        enableSorting: c.sortable !== false,
        enableHiding: true,
        // B106: never narrower than 150 px or the column's own width.
        size: c.width ?? MIN_COLUMN_WIDTH,
        minSize: c.width ?? MIN_COLUMN_WIDTH,
        sortUndefined: 'last',
      })),
    [columns],
  )

  const paged = paginate
  const table = useReactTable<R>({
    data: searched as R[],
    columns: columnDefs,
    getRowId: (row) => rowKey(row),
    state: {
      columnVisibility,
      columnSizing,
      sorting: view.sort ? [{ id: view.sort.key, desc: view.sort.direction === 'desc' }] : [],
      pagination: { pageIndex: view.page - 1, pageSize: view.pageSize },
    },
    onColumnSizingChange: setColumnSizing,
    columnResizeMode: 'onChange',
    enableColumnResizing: true,
    manualSorting: server,
    manualPagination: server || !paged,
    // The page is the view's (tableReducer decides when it resets); TanStack's own reset on new
    // data would fire a state update during the router's render of a new address.
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: server ? undefined : getSortedRowModel(),
    getPaginationRowModel: server || !paged ? undefined : getPaginationRowModel(),
  })
  const pageRows = table.getRowModel().rows

  const scrollRef = useRef<HTMLDivElement>(null)
  const virtual = pageRows.length > virtualizeAbove
  const total = server ? (props.totalRecords ?? rows.length) : searched.length

  const virtualizer = useVirtualizer({
    count: virtual ? pageRows.length : 0,
    // A short page is not virtualised: no observers of the scroll box, no measuring of it.
    enabled: virtual,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    initialRect: { width: 1200, height: props.height ?? 480 },
  })
  const items = virtual ? virtualizer.getVirtualItems() : []
  // A request superseded by a newer one (B285) is no failure to show.
  const failure =
    props.failure && !props.loading && !isAbortedError(props.failure.error) ? props.failure : null
  // Until the box is measured (before the first paint) no row renders: a first render of every
  // column, refitted a moment later, would render every cell twice on a page load.
  const measured = boxWidth !== null
  const shownRows =
    failure || !measured ? [] : virtual ? items.map((item) => pageRows[item.index]!) : pageRows
  const padTop = virtual && items.length ? items[0]!.start : 0
  const padBottom = virtual && items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0

  const [searchText, setSearchText] = useState(view.search)
  const sendSearch = useDebouncedCallback(
    (text: string) => dispatch({ type: 'search', search: text }),
    TABLE_SEARCH_DEBOUNCE_MS,
  )

  const atMax = selection?.max !== undefined && selection.selected.length >= selection.max
  const visibleLeaves = table.getVisibleLeafColumns()
  const visibleCount = visibleLeaves.length
  const emptyText = emptyTableText(visibleCount, props.emptyText)
  // A download writes the columns the user chose (not only those this screen has room for: a file
  // must not depend on the window's width), or every column the table offers, as the user picks;
  // with the headings and times of the zone shown now.
  const downloadColumns = (scope: DownloadScope) =>
    exportColumns(scope === 'all' ? columns : chosenColumns(columns, choices))

  const byKey = useMemo(() => new Map(columns.map((c) => [c.key, c])), [columns])
  const renderCell = useCallback(
    (row: R, key: string) => {
      const column = byKey.get(key)!
      return cellContent(column.render ? column.render(row) : plainText(cellValue(column, row)))
    },
    [byKey],
  )
  // What a row does (click, select, expand) with the table's current view and selection, through
  // one callback that never changes, so a row whose data and look are the same is not rendered again
  // when the page around it is (a filter's answer, the paging, a poll).
  const rowEvent = (event: RowEvent) => {
    if (event.type === 'select')
      selection?.onChange(
        event.checked ? [...selection.selected, event.id] : selection.selected.filter((s) => s !== event.id),
      )
    else dispatch({ type: 'rowClick', rowId: event.id, toggleDetail: event.type === 'toggleDetail' })
  }
  const latestRowEvent = useRef(rowEvent)
  useLayoutEffect(() => {
    latestRowEvent.current = rowEvent
  })
  const onRowEvent = useCallback((event: RowEvent) => latestRowEvent.current(event), [])

  // The room the shown columns leave goes to the row's name column (the sticky one), where the
  // longest text is, unless the user set its width by hand.
  const stickyColumn = visibleLeaves.find((c) => byKey.get(c.id)?.sticky)
  const leftover =
    available !== null && stickyColumn && columnSizing[stickyColumn.id] === undefined
      ? Math.max(0, available - visibleLeaves.reduce((sum, c) => sum + c.getSize(), 0))
      : 0
  const widthOf = (id: string, size: number) => (id === stickyColumn?.id ? size + leftover : size)
  // The selection and detail columns, then the sticky data columns, stay at the left in this order.
  const stickyLeft = new Map<string, number>()
  if (stickyColumn) {
    let left = extraColumns * EXTRA_COLUMN_WIDTH
    for (const c of visibleLeaves)
      if (byKey.get(c.id)?.sticky) {
        stickyLeft.set(c.id, left)
        left += widthOf(c.id, c.getSize())
      }
  }
  const lastSticky = [...stickyLeft.keys()].at(-1)
  const stickyStyle = (id: string) =>
    stickyLeft.has(id)
      ? {
          className: `${classes.sticky} ${id === lastSticky ? classes.stickyEdge : ''}`,
          left: stickyLeft.get(id),
        }
      : null
  const extraSticky = stickyColumn ? classes.sticky : undefined
  const tableWidth =
    visibleLeaves.reduce((sum, c) => sum + widthOf(c.id, c.getSize()), 0) + extraColumns * EXTRA_COLUMN_WIDTH
  const layoutKey = `${available}|${JSON.stringify(columnSizing)}|${visibleLeaves.map((c) => c.id).join()}`
  const cellList: RowCell[] = visibleLeaves.map((c) => {
    const sticky = stickyStyle(c.id)
    return {
      id: c.id,
      className: `${classes.cell} ${sticky?.className ?? ''}`,
      align: byKey.get(c.id)?.align,
      width: widthOf(c.id, c.getSize()),
      left: sticky?.left,
    }
  })
  // The same cells as long as the columns and their widths are: rows then need no new render.
  const cellsKey = JSON.stringify(cellList)
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const cells = useMemo(() => cellList, [cellsKey])

  return (
    <section aria-label={caption}>
      <Group justify="space-between" mb="xs" gap="sm" wrap="wrap">
        <Group gap="xs">
          <Text fw={600} component="h2" size="md" m={0}>
            {caption}
          </Text>
          {!failure && (
            <Text size="sm" c="dimmed" aria-live="polite">
              ({total.toLocaleString('en-US')})
            </Text>
          )}
        </Group>
        <Group gap="xs" wrap="wrap">
          {props.toolbar}
          {props.search !== false && (
            <TextInput
              size="xs"
              aria-label={`Search ${caption}`}
              placeholder="Search (=exact)"
              leftSection={<IconSearch size={14} aria-hidden />}
              value={searchText}
              onChange={(e) => {
                setSearchText(e.currentTarget.value)
                sendSearch(e.currentTarget.value)
              }}
            />
          )}
          <ColumnChooser
            caption={caption}
            columns={columns.map((c) => ({ key: c.key, title: c.title }))}
            visibility={columnVisibility}
            onChange={(key, shown) =>
              choose(
                key,
                shown,
                visibleLeaves.map((c) => c.id),
              )
            }
            onReset={Object.keys(choices).length > 0 ? reset : undefined}
          />
          {props.download && (
            <TableDownload
              caption={caption}
              name={props.download.name}
              formats={props.download.formats ?? ['csv', 'xls', 'json']}
              locked={props.download.locked ?? false}
              naming={{ range: props.download.range, filtered: props.download.filtered }}
              columns={downloadColumns}
              rows={
                props.download.rows ??
                (async () => (server ? rows : table.getSortedRowModel().rows.map((r) => r.original)))
              }
            />
          )}
        </Group>
      </Group>
      <div
        ref={scrollRef}
        className={classes.scroll}
        style={virtual ? { height: props.height ?? 480 } : undefined}
      >
        <div ref={boxWidthRef} className={classes.measure} aria-hidden />
        <LoadingOverlay visible={props.loading ?? false} zIndex={5} overlayProps={{ blur: 1 }} />
        <TableLayoutContext.Provider value={layoutKey}>
          <Table
            className={classes.table}
            striped
            highlightOnHover
            stickyHeader={virtual}
            aria-label={caption}
            aria-rowcount={total}
            aria-busy={props.loading ?? false}
            style={{ width: tableWidth }}
          >
            <Table.Thead>
              <Table.Tr>
                {selection && (
                  <Table.Th w={EXTRA_COLUMN_WIDTH} className={`${classes.th} ${extraSticky ?? ''}`} left={0}>
                    <VisuallyHidden>Select</VisuallyHidden>
                  </Table.Th>
                )}
                {props.renderDetail && (
                  <Table.Th
                    w={EXTRA_COLUMN_WIDTH}
                    className={`${classes.th} ${extraSticky ?? ''}`}
                    left={selection ? EXTRA_COLUMN_WIDTH : 0}
                  >
                    <VisuallyHidden>Details</VisuallyHidden>
                  </Table.Th>
                )}
                {table.getFlatHeaders().map((header) => (
                  <HeaderCell
                    key={header.id}
                    header={header}
                    width={widthOf(header.id, header.getSize())}
                    sticky={stickyStyle(header.id)}
                    align={byKey.get(header.id)?.align}
                    column={byKey.get(header.id)!}
                    onSort={() => dispatch({ type: 'sort', column: header.id })}
                    sort={view.sort}
                  />
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {padTop > 0 && (
                <tr aria-hidden>
                  <td style={{ height: padTop, padding: 0 }} colSpan={visibleCount + extraColumns} />
                </tr>
              )}
              {shownRows.map((row) => {
                const id = row.id
                const status = props.rowStatus?.(row.original)
                const expanded = !virtual && view.expandedRow === id
                const classNames = [
                  classes.row,
                  status ? classes[`status-${status}`] : '',
                  view.activeRow === id ? classes.active : '',
                ]
                return (
                  <Fragment key={id}>
                    <DataRow<R>
                      row={row.original}
                      id={id}
                      className={classNames.filter(Boolean).join(' ')}
                      status={status}
                      active={view.activeRow === id}
                      cells={cells}
                      renderCell={renderCell}
                      extraSticky={extraSticky}
                      selected={selection ? selection.selected.includes(id) : undefined}
                      selectDisabled={atMax && !selection?.selected.includes(id)}
                      expanded={props.renderDetail ? expanded : undefined}
                      onEvent={onRowEvent}
                    />
                    {expanded && props.renderDetail && (
                      <Table.Tr>
                        <Table.Td colSpan={visibleCount + extraColumns}>
                          {props.renderDetail(row.original)}
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                )
              })}
              {padBottom > 0 && (
                <tr aria-hidden>
                  <td style={{ height: padBottom, padding: 0 }} colSpan={visibleCount + extraColumns} />
                </tr>
              )}
              {failure && (
                <Table.Tr>
                  <Table.Td colSpan={Math.max(visibleCount + extraColumns, 1)}>
                    <PanelFailure {...failure} />
                  </Table.Td>
                </Table.Tr>
              )}
              {!failure && measured && (shownRows.length === 0 || visibleCount === 0) && !props.loading && (
                <Table.Tr>
                  <Table.Td colSpan={Math.max(visibleCount + extraColumns, 1)}>
                    <Text ta="center" c="dimmed" py="md">
                      {emptyText}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </TableLayoutContext.Provider>
      </div>
      {paged && !failure && (
        <TablePager
          caption={caption}
          page={view.page}
          pageSize={view.pageSize}
          pageSizes={props.pageSizes ?? GENERIC_TABLE_PAGE_SIZES}
          totalRecords={total}
          maxRecords={maxRecords}
          onPage={(page) => dispatch({ type: 'page', page })}
          onPageSize={(pageSize) => dispatch({ type: 'pageSize', pageSize })}
        />
      )}
    </section>
  )
}

type RowEvent =
  { type: 'click' | 'toggleDetail'; id: string } | { type: 'select'; id: string; checked: boolean }

/** A body cell's place: its column, class (sticky or not), alignment, width and sticky offset. */
interface RowCell {
  id: string
  className: string
  align?: 'left' | 'center' | 'right'
  width: number
  left?: number
}

interface DataRowProps<R> {
  row: R
  id: string
  className: string
  status?: string
  active: boolean
  cells: readonly RowCell[]
  renderCell: (row: R, key: string) => ReactNode
  extraSticky?: string
  /** With row selection: whether this row is picked (undefined without selection). */
  selected?: boolean
  selectDisabled: boolean
  /** With detail rows: whether this row's detail is open (undefined without). */
  expanded?: boolean
  onEvent: (event: RowEvent) => void
}

/**
 * One body row. Memoised: a table re-renders whenever the page around it does (a filter's answer,
 * a poll, the pager), and re-rendering every cell of every row each time was most of the list
 * page's main-thread work on a page load.
 */
const DataRow = memo(function DataRow<R>(props: DataRowProps<R>) {
  const { row, id, extraSticky, expanded, onEvent } = props
  return (
    <Table.Tr
      className={props.className}
      data-status={props.status}
      aria-selected={props.active}
      onClick={() => onEvent({ type: 'click', id })}
    >
      {props.selected !== undefined && (
        <Table.Td className={extraSticky} left={0}>
          <Checkbox
            aria-label={`Select ${id}`}
            checked={props.selected}
            disabled={props.selectDisabled}
            onClick={(e) => e.stopPropagation()}
            onChange={(e) => onEvent({ type: 'select', id, checked: e.currentTarget.checked })}
          />
        </Table.Td>
      )}
      {expanded !== undefined && (
        <Table.Td className={extraSticky} left={props.selected !== undefined ? EXTRA_COLUMN_WIDTH : 0}>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-expanded={expanded}
            aria-label={`${expanded ? 'Hide' : 'Show'} details of ${id}`}
            onClick={(e) => {
              e.stopPropagation()
              onEvent({ type: 'toggleDetail', id })
            }}
          >
            {expanded ? (
              <IconChevronDown size={16} aria-hidden />
            ) : (
              <IconChevronRight size={16} aria-hidden />
            )}
          </ActionIcon>
        </Table.Td>
      )}
      {props.cells.map((cell) => (
        <Table.Td
          key={cell.id}
          className={cell.className}
          ta={cell.align}
          style={{ width: cell.width, left: cell.left }}
        >
          {props.renderCell(row, cell.id)}
        </Table.Td>
      ))}
    </Table.Tr>
  )
}) as <R>(props: DataRowProps<R>) => ReactNode

/** A column heading: a sort button with its direction (aria-sort), and a resize handle. */
function HeaderCell<R>(props: {
  header: Header<R, unknown>
  column: DataColumn<R>
  width: number
  sticky: { className: string; left: number | undefined } | null
  align?: 'left' | 'center' | 'right'
  sort: TableView['sort']
  onSort: () => void
}) {
  const { header, sort } = props
  const column = header.column
  const sorted = sort?.key === column.id ? sort.direction : null
  const title = String(column.columnDef.header)
  // A time column's zone may be long ('GMT+5:30'): it goes under the title rather than being cut.
  const heading = props.column.zoned ? (
    <span className={classes.heading}>
      <span className={classes.headingPart}>{props.column.title}</span>{' '}
      <span className={classes.headingPart}>({headingZoneLabel()})</span>
    </span>
  ) : (
    <span>{title}</span>
  )
  return (
    <Table.Th
      className={`${classes.th} ${props.sticky?.className ?? ''}`}
      style={{ width: props.width, left: props.sticky?.left }}
      ta={props.align}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
    >
      {column.getCanSort() ? (
        <button type="button" className={classes.sortButton} onClick={props.onSort}>
          {heading}
          {sorted === 'asc' ? (
            <IconArrowUp size={14} aria-hidden />
          ) : sorted === 'desc' ? (
            <IconArrowDown size={14} aria-hidden />
          ) : (
            <IconArrowsSort size={14} aria-hidden opacity={0.4} />
          )}
        </button>
      ) : (
        heading
      )}
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize ${title}`}
        className={`${classes.resizer} ${column.getIsResizing() ? classes.resizing : ''}`}
        onMouseDown={header.getResizeHandler()}
        onTouchStart={header.getResizeHandler()}
        onDoubleClick={() => column.resetSize()}
      />
    </Table.Th>
  )
}
