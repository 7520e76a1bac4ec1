import { useState } from 'react'
import type { TableView } from '@costlens/shared'

/**
 * The view of the table under a DAG graph, with the row of the node chosen in the graph highlighted
 * (`activeRow`); sorting and searching stay the table's own. Spread into `<DataTable>` / `<DetailTable>`.
 */
export function useHighlightedRow(activeRow: string | null) {
  const [view, setView] = useState<TableView>({
    page: 1,
    pageSize: 100,
    sort: null,
    search: '',
    activeRow: null,
    expandedRow: null,
  })
  return { view: { ...view, activeRow }, onViewChange: setView }
}
