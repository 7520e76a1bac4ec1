import type { SortState, TableView } from '@costlens/shared'

/** The page, size and sort a server-paged list keeps (in its address) for its table. */
export interface ListPaging {
  page: number
  pageSize: number
  sort: SortState
}

/** A list's table state from its own paging: no table search, no active or open row. */
export function listTableView(list: ListPaging): TableView {
  return {
    page: list.page,
    pageSize: list.pageSize,
    sort: list.sort,
    search: '',
    activeRow: null,
    expandedRow: null,
  }
}

/** The one list change a table change stands for, in the shape of the shared list events. */
export type ListTableChange =
  { type: 'sort'; sort: SortState } | { type: 'pageSize'; pageSize: number } | { type: 'page'; page: number }

/**
 * What a server-paged list must do after its table emitted `next` (B102-B104): a new sort, else a
 * new page size, else a new page; null when nothing the list keeps has changed. The table already
 * went back to page 1 for a sort or a size; the list's own reducer does the same.
 */
export function listTableChange(current: TableView, next: TableView): ListTableChange | null {
  if (next.sort && (next.sort.key !== current.sort?.key || next.sort.direction !== current.sort?.direction))
    return { type: 'sort', sort: next.sort }
  if (next.pageSize !== current.pageSize) return { type: 'pageSize', pageSize: next.pageSize }
  if (next.page !== current.page) return { type: 'page', page: next.page }
  return null
}
