import { DataTable } from '../components/table/data-table.tsx'
import type { DataTableProps } from '../components/table/table-types.ts'

/**
 * A details page's small table (instance groups, recommendations, events): every row at once, so
 * neither a pager nor a search box, which a dozen rows do not need.
 */
export function DetailTable<R>(props: Omit<DataTableProps<R>, 'paginate' | 'search'>) {
  return <DataTable<R> {...props} paginate={false} search={false} />
}
