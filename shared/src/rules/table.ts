import { MESSAGES } from '../messages.ts'

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

/** B249, B205, B239: a `key-direction` parameter split on the LAST dash (keys may hold dashes). */
export function parseSortParam(value: string | null | undefined): TableSort | null {
  if (!value) return null
  const at = value.lastIndexOf('-')
  if (at <= 0) return null
  const direction = value.slice(at + 1)
  if (direction !== 'asc' && direction !== 'desc') return null
  return { key: value.slice(0, at), direction }
}

/** B246, B205: a sort as the `key-direction` parameter. */
export function formatSortParam(sort: TableSort): string {
  return `${sort.key}-${sort.direction}`
}

/** B100: the Presto and BigQuery finished-apps form, a leading minus for descending. */
export function formatSignedSort(sort: TableSort): string {
  return sort.direction === 'desc' ? `-${sort.key}` : sort.key
}

/** What the generic table reports upward (B111). */
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
 * page 1 (the old page of another ordering means nothing); a row click makes that row the only
 * active one and, when asked, opens or closes its detail row.
 */
export function tableReducer(view: TableView, event: TableEvent): TableView {
  switch (event.type) {
    case 'sort':
      return { ...view, sort: nextSort(view.sort, event.column), page: 1 }
    case 'search':
      return { ...view, search: event.search, page: 1 }
    case 'pageSize':
      return { ...view, pageSize: event.pageSize, page: 1 }
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

/**
 * B105: whether a row matches a search. '=value' is an exact (case-insensitive) match of a whole
 * field; otherwise the words of the search must each appear in some searchable field, in any order
 * ('fuzzy' read as word-wise containment: predictable, and it never matches a row that shows none
 * of the typed text).
 */
export function matchesSearch(
  row: Readonly<Record<string, unknown>>,
  search: string,
  searchable: readonly string[],
): boolean {
  const text = search.trim()
  if (!text) return true
  const values = searchable.map((key) => row[key]).filter((v) => v !== null && v !== undefined)
  const fields = values.map((v) => String(v).toLowerCase())
  if (text.startsWith('=')) {
    const exact = text.slice(1).trim().toLowerCase()
    return fields.some((f) => f === exact)
  }
  return text
    .toLowerCase()
    .split(/\s+/)
    .every((word) => fields.some((f) => f.includes(word)))
}

/** B105: the rows a search keeps, in their order. */
export function searchRows<R extends Readonly<Record<string, unknown>>>(
  rows: readonly R[],
  search: string,
  searchable: readonly string[],
): R[] {
  return rows.filter((row) => matchesSearch(row, search, searchable))
}

/** B106: a resized column is never narrower than 150 px, or its own declared width. */
export const MIN_COLUMN_WIDTH = 150

/** B106 */
export function resizedColumnWidth(dragTo: number, columnWidth?: number | null): number {
  return Math.max(dragTo, columnWidth ?? MIN_COLUMN_WIDTH)
}

/** B107: the default column width. */
export function defaultColumnWidth(table: 'compare' | 'other'): number {
  return table === 'compare' ? 90 : 150
}

/** B108: how long the download button shows its done state. */
export const DOWNLOAD_DONE_MS = 2000

/**
 * B109, C14: the text of an empty table: 'select a column' when every column is hidden, else
 * the table's own empty text or 'No Data Available'.
 */
export function emptyTableText(visibleColumns: number, emptyText?: string): string {
  if (visibleColumns === 0) return MESSAGES.M056
  return emptyText || MESSAGES.M052
}

/** B112: the export control's formats. */
export const EXPORT_FORMATS = ['csv', 'xls', 'json', 'pdf'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/**
 * B110: a table's download type, one format or a list. JSON alone is refused as a single string:
 * a table download must offer a spreadsheet form; JSON is only an extra choice in a list.
 */
export function isValidDownloadType(type: string | readonly string[]): boolean {
  const formats = typeof type === 'string' ? [type] : type
  if (formats.length === 0) return false
  if (typeof type === 'string' && type === 'json') return false
  return formats.every((f) => (EXPORT_FORMATS as readonly string[]).includes(f))
}

/** B111: the generic table's configuration. */
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
  download: { enable: boolean; name: string; type: ExportFormat | ExportFormat[] }
  compareSelection: { enable: boolean; valueKey?: string; type?: string }
}

/** B111: what the generic table emits when the user pages, sorts or searches. */
export interface TableChange {
  pagination: { recordsPerPage: number; currentPage: number }
  sorting: { key: string; direction: SortDirection } | null
  searchString: string
}

/** B096, B097, B111: a table's configuration with the spec's defaults (10 a page client-side, 15 server-side). */
export function defaultTableConfig(type: 'server' | 'client', name = 'table'): TableConfig {
  return {
    pagination: {
      enable: true,
      type,
      recordsPerPage: type === 'server' ? 15 : 10,
      currentPage: 1,
      totalRecords: 0,
      maxRecords: 10_000,
    },
    sorting: { enable: true },
    search: { enable: true, value: '' },
    download: { enable: true, name, type: 'csv' },
    compareSelection: { enable: false },
  }
}

/** B111: the table's event from its view. */
export function tableChange(view: TableView): TableChange {
  return {
    pagination: { recordsPerPage: view.pageSize, currentPage: view.page },
    sorting: view.sort,
    searchString: view.search,
  }
}
