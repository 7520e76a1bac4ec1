import type { ReactNode } from 'react'
import type {
  DateRange,
  ExportFormat,
  StatusStyle,
  TableChange,
  TableColumn,
  TableView,
} from '@costlens/shared'
import type { ValueUnit } from './export/file-units.ts'

/**
 * One column of the generic table (03 §2 'Column fields'): the rule fields of `TableColumn` plus
 * how to read and show a cell. `value` is what sorting, searching and exports read (default
 * `row[key]`); `render` is what the cell shows (default the formatted value).
 */
export interface DataColumn<R> extends TableColumn {
  value?: (row: R) => unknown
  render?: (row: R) => ReactNode
  /** The plain value written to exports when it differs from `value` (e.g. a status word, not its code). */
  exportValue?: (row: R) => unknown
  /**
   * The unit of the column's plain value (`exportValue`, else `value`) when it is a number with one:
   * files write it in the unit a spreadsheet adds up (milliseconds as seconds, cents as dollars)
   * and name that unit in the heading ('Duration (s)'), however the screen shows it.
   */
  unit?: ValueUnit
  /**
   * An instant column's epoch ms (null when there is none yet): text files write it as ISO 8601
   * with the display zone's offset, a workbook as a date. `timeColumn` sets it.
   */
  instant?: (row: R) => number | null
  /**
   * A cell that shows more than one value (a name above its id): files write each in a column of
   * its own, in this order, in place of the cell.
   */
  exportParts?: readonly ExportPart<R>[]
  ellipsis?: boolean
  /**
   * How much the column matters when the table is narrow: 1 = always shown, then 2, 3 … give way
   * in that order (see `fitColumns`). A table whose columns declare no priority shows them all.
   */
  priority?: number
  /**
   * The column that names the row (its id or name): it stays in view at the left while the table
   * scrolls sideways, and takes the room left over when the shown columns are narrower than the
   * table.
   */
  sticky?: boolean
  /**
   * A time column: its heading names the display zone ('Start Time (UTC)') on screen and in files,
   * and the search matches its time as written to files. `timeColumn` builds one.
   */
  zoned?: boolean
}

/** One of the values a cell shows, as a file column of its own (`DataColumn.exportParts`). */
export interface ExportPart<R> {
  key: string
  title: string
  value: (row: R) => unknown
  unit?: ValueUnit
}

/** Which columns a download writes: those shown on screen, or every column the table offers. */
export type DownloadScope = 'visible' | 'all'

export interface DataTableDownload<R> {
  /**
   * What the file holds ('applications_finished'). Alone, a UTC stamp and the extension are added
   * (B292); with `range` or `filtered` (a list page gives both) the name says the window and
   * whether filters apply instead (`listExportFileName`).
   */
  name: string
  formats?: readonly Exclude<ExportFormat, 'pdf'>[]
  /** Freemium accounts may not download (B059): the control shows, locked, with the reason. */
  locked?: boolean
  /** Every row to export (a server table fetches them); by default the rows the table holds. */
  rows?: () => Promise<readonly R[]>
  /** The list's window, for the file name; null when the list has none. */
  range?: DateRange | null
  /** Whether filters beyond the list's defaults apply, for the file name. */
  filtered?: boolean
}

export interface DataTableSelection {
  selected: readonly string[]
  onChange: (ids: string[]) => void
  /** At the maximum the other boxes are disabled (B262). */
  max?: number
}

export interface DataTableProps<R> {
  /** The table's accessible name and the title shown above it. */
  caption: string
  columns: readonly DataColumn<R>[]
  rows: readonly R[]
  rowKey: (row: R) => string
  /** Server tables receive one page and its total; client tables page, sort and search themselves. */
  mode?: 'client' | 'server'
  totalRecords?: number
  /** The table's state; pass it with `onViewChange` to keep it in the address or a store. */
  view?: TableView
  defaultView?: Partial<TableView>
  onViewChange?: (view: TableView, change: TableChange) => void
  pageSizes?: readonly number[]
  /** No pager at all (a short fixed list, or a virtualised long one). */
  paginate?: boolean
  search?: boolean
  download?: DataTableDownload<R>
  selection?: DataTableSelection
  loading?: boolean
  emptyText?: string
  /**
   * The rows' call failed (issue 15 #18): the body shows the failure with a retry instead of rows,
   * the empty text or a count of 0. `what` names it ('Applications could not be loaded').
   */
  failure?: { what: string; error: unknown; onRetry: () => void } | null
  /** The status style of a row, shown as its left border (B174); the status is also a column. */
  rowStatus?: (row: R) => StatusStyle
  renderDetail?: (row: R) => ReactNode
  /** Render only the rows in view (TanStack Virtual) when a page holds more than this many rows. */
  virtualizeAbove?: number
  /** The scroll height, in px, of a virtualised body. */
  height?: number
  /** Extra controls in the toolbar (filters, a date range). */
  toolbar?: ReactNode
  maxRecords?: number
  /**
   * Where the user's column choices are remembered (local storage), when the caption is not the
   * same for the same table (a tab in the caption, say). Default: the caption.
   */
  columnsKey?: string
}
