import { MESSAGES } from '../messages.ts'
import { DEFAULT_PAGE_SIZES, MAX_RECORDS } from './paging.ts'

/**
 * The generic table (03 §2 Generic table, §4 Table): its sorting, searching, paging and empty
 * states as pure functions, so a server-paged and a client-paged table behave the same.
 */

export type SortDirection = 'asc' | 'desc'
export interface TableSort {
  key: string
  direction: SortDirection
}

/** B102: a new column sorts ascending; the same column again flips the direction. */
export function nextSort(current: TableSort | null, clicked: string): TableSort {
  if (current?.key !== clicked) return { key: clicked, direction: 'asc' }
  return { key: clicked, direction: current.direction === 'asc' ? 'desc' : 'asc' }
}

/**
 * B249, B239, B205: a `key-direction` parameter split on the LAST dash, because keys may hold
 * dashes ('start-time-desc' sorts 'start-time'). The direction is read in any case (a hand-typed
 * 'cost-DESC' still works); anything else is no sort, so the screen keeps its default.
 */
export function parseSortParam(value: string | null | undefined): TableSort | null {
  const text = value?.trim()
  if (!text) return null
  const at = text.lastIndexOf('-')
  if (at <= 0) return null
  const direction = text.slice(at + 1).toLowerCase()
  if (direction !== 'asc' && direction !== 'desc') return null
  return { key: text.slice(0, at), direction }
}

/** B246, B205: a sort as the `key-direction` parameter, the form {@link parseSortParam} reads back. */
export function formatSortParam(sort: TableSort): string {
  return `${sort.key}-${sort.direction}`
}

/** B100: the Presto and BigQuery finished-apps form, a leading minus for descending. */
export function formatSignedSort(sort: TableSort): string {
  return sort.direction === 'desc' ? `-${sort.key}` : sort.key
}

/** A table's opening page size and sort. */
export interface TableDefaults {
  pageSize: number
  sort: TableSort
}

/**
 * B239, B245: the Snowflake query list opens on 15 rows by cost descending (its `s` parameter
 * holds the sort as key-direction); the BigQuery job list on 15 rows by createTime descending.
 */
export const LIST_TABLE_DEFAULTS = {
  snowflakeQueries: {
    pageSize: DEFAULT_PAGE_SIZES.snowflakeQueries,
    sort: { key: 'cost', direction: 'desc' },
  },
  bigqueryJobs: {
    pageSize: DEFAULT_PAGE_SIZES.bigqueryJobs,
    sort: { key: 'createTime', direction: 'desc' },
  },
} as const satisfies Record<string, TableDefaults>

/** The table state a screen keeps (B103, B104, B111). */
export interface TableView {
  page: number
  pageSize: number
  sort: TableSort | null
  search: string
  activeRow: string | null
  expandedRow: string | null
}

export type TableEvent =
  | { type: 'sort'; column: string }
  | { type: 'search'; search: string }
  | { type: 'pageSize'; pageSize: number }
  | { type: 'page'; page: number }
  | { type: 'rowClick'; rowId: string; toggleDetail?: boolean }

/**
 * B102, B103, B104: one user action on a table. A sort, search or page-size change goes back to
 * page 1 (the old page of another ordering means nothing); a search or page size that did not
 * actually change (a debounced repeat) keeps the page. A row click makes that row the only
 * active one and, when asked, opens or closes its detail row.
 */
export function tableReducer(view: TableView, event: TableEvent): TableView {
  switch (event.type) {
    case 'sort':
      return { ...view, sort: nextSort(view.sort, event.column), page: 1 }
    case 'search':
      return event.search === view.search ? view : { ...view, search: event.search, page: 1 }
    case 'pageSize':
      return event.pageSize === view.pageSize ? view : { ...view, pageSize: event.pageSize, page: 1 }
    case 'page':
      return { ...view, page: event.page }
    case 'rowClick':
      return {
        ...view,
        activeRow: event.rowId,
        expandedRow: event.toggleDetail
          ? view.expandedRow === event.rowId
            ? null
            : event.rowId
          : view.expandedRow,
      }
  }
}

/** B105, B274: the table search waits 300 ms after the last key. */
export const TABLE_SEARCH_DEBOUNCE_MS = 300

const searchableText = (value: unknown): string | null =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value).toLowerCase()
    : null

/**
 * B105: whether a row matches a search, case-insensitively, over the searchable fields only.
 * '=value' is an exact match of a whole field (case-insensitive too: the rule says every match is,
 * and its notes leave the exact case open); a bare '=' is a search still being typed and matches
 * all. Otherwise the words of the search must each appear in some searchable field, in any order
 * ('fuzzy' read as word-wise containment: predictable, and it never matches a row that shows none
 * of the typed text).
 */
export function matchesSearch(
  row: Readonly<Record<string, unknown>>,
  search: string,
  searchableKeys: readonly string[],
): boolean {
  const text = search.trim().toLowerCase()
  if (!text) return true
  const fields = searchableKeys.map((key) => searchableText(row[key])).filter((f) => f !== null)
  if (text.startsWith('=')) {
    const exact = text.slice(1).trim()
    return exact === '' || fields.includes(exact)
  }
  return text.split(/\s+/).every((word) => fields.some((f) => f.includes(word)))
}

/** B105: the rows a client-side search keeps, in their order. */
export function filterRows<R extends Readonly<Record<string, unknown>>>(
  rows: readonly R[],
  search: string,
  searchableKeys: readonly string[],
): R[] {
  return rows.filter((row) => matchesSearch(row, search, searchableKeys))
}

/** One column of the generic table (03 §2 'Column fields'), the fields the rules read. */
export interface TableColumn {
  key: string
  title: string
  align?: 'left' | 'center' | 'right'
  sortable?: boolean
  searchable?: boolean
  displayable?: boolean
  exportable?: boolean
  width?: number
}

/**
 * B105: the keys a search looks at: every shown column unless it opts out. Hidden columns are left
 * out so a row never matches on text the user cannot see.
 */
export function searchableKeys(columns: readonly TableColumn[]): string[] {
  return columns.filter((c) => c.searchable !== false && c.displayable !== false).map((c) => c.key)
}

/** B106: a resized column is never narrower than 150 px, or its own declared width. */
export const MIN_COLUMN_WIDTH = 150

/** B106 */
export function resizedColumnWidth(dragTo: number, columnWidth?: number | null): number {
  return Math.max(dragTo, columnWidth ?? MIN_COLUMN_WIDTH)
}

/** B107: the default column width: compare tables fit two items side by side, so they are narrower. */
export const DEFAULT_COLUMN_WIDTHS = { compare: 90, other: 150 } as const

/** B107 */
export function defaultColumnWidth(table: keyof typeof DEFAULT_COLUMN_WIDTHS): number {
  return DEFAULT_COLUMN_WIDTHS[table]
}

/** B108: how long the download button shows its done state. */
export const DOWNLOAD_DONE_MS = 2000

/**
 * B109, C14: the text of an empty table. Every column hidden → 'select a column' (M056), since no
 * data would show anyway. Otherwise the table's own text when it sets one, else the standard 'No
 * Data Available' (M052); an own text that resolves to blank (say a missing translation) falls
 * back to 'no data to display' (M053) rather than an empty box.
 */
export function emptyTableText(visibleColumns: number, emptyText?: string): string {
  if (visibleColumns === 0) return MESSAGES.M056
  if (emptyText === undefined) return MESSAGES.M052
  return emptyText.trim() || MESSAGES.M053
}

/** B112: the export control's formats. */
export const EXPORT_FORMATS = ['csv', 'xls', 'json', 'pdf'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]
/** B112: the export control's label while a file is generated. */
export const EXPORT_BUSY_TEXT = MESSAGES.M070

/** B110: what a table's download type may be; the type itself refuses a lone 'json' string. */
export type DownloadType = Exclude<ExportFormat, 'json'> | readonly ExportFormat[]

/**
 * B110: a table's download type, one format or a list. JSON alone is refused as a single string:
 * a table download must offer a spreadsheet form; JSON is only an extra choice in a list. For
 * values from outside the type system (config files, the address).
 */
export function isValidDownloadType(type: string | readonly string[]): boolean {
  if (typeof type === 'string') return type !== 'json' && (EXPORT_FORMATS as readonly string[]).includes(type)
  return type.length > 0 && type.every((f) => (EXPORT_FORMATS as readonly string[]).includes(f))
}

/** B111: the generic table's configuration (03 §2 'Table config'). */
export interface TableConfig {
  pagination: {
    enable: boolean
    type: 'server' | 'client'
    recordsPerPage: number
    currentPage: number
    totalRecords: number
    maxRecords: number
  }
  sorting: { enable: boolean; key?: string; direction?: SortDirection }
  search: { enable: boolean; value: string }
  download: { enable: boolean; name: string; type: DownloadType }
  compareSelection: { enable: boolean; valueKey?: string; type?: string }
}

/** B111: what the generic table emits when the user pages, sorts or searches (03 §2 'Emitted state'). */
export interface TableChange {
  pagination: { recordsPerPage: number; currentPage: number }
  sorting: TableSort | null
  searchString: string
}

/**
 * B096, B097, B111: a table's configuration with the spec's defaults: client-side by default (the
 * generic table's own default), 10 a page client-side and 15 server-side, capped at 10,000 records.
 */
export function defaultTableConfig(type: 'server' | 'client' = 'client', name = 'table'): TableConfig {
  return {
    pagination: {
      enable: true,
      type,
      recordsPerPage: type === 'server' ? DEFAULT_PAGE_SIZES.genericServer : DEFAULT_PAGE_SIZES.genericClient,
      currentPage: 1,
      totalRecords: 0,
      maxRecords: MAX_RECORDS,
    },
    sorting: { enable: true },
    search: { enable: true, value: '' },
    download: { enable: true, name, type: 'csv' },
    compareSelection: { enable: false },
  }
}

/** B111: the event the table emits for a view. */
export function tableChange(view: TableView): TableChange {
  return {
    pagination: { recordsPerPage: view.pageSize, currentPage: view.page },
    sorting: view.sort,
    searchString: view.search,
  }
}
