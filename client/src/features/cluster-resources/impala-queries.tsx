import { DataTable } from '../../components/table/data-table.tsx'
import { listTableChange, listTableView } from '../../components/table/list-table-view.ts'
import type { ImpalaQueryRow } from '@costlens/shared'
import { useImpalaSearchQuery } from './impala-api.ts'
import { IMPALA_QUERY_COLUMNS } from './impala-columns.tsx'
import { QUERIES_PAGE_SIZE, queriesArgs, type ImpalaView } from './impala-usage-state.ts'

/**
 * The Impala queries of the range (E077), paged and sorted on the server; each id opens the query's
 * details page.
 */
export function ImpalaQueries({
  view,
  window,
  onPage,
  onSort,
}: {
  view: ImpalaView
  window: { start: number; end: number }
  onPage: (page: number) => void
  onSort: (sort: ImpalaView['sort']) => void
}) {
  const result = useImpalaSearchQuery(queriesArgs(view, window))
  const table = listTableView({ page: view.page, pageSize: QUERIES_PAGE_SIZE, sort: view.sort })
  return (
    <DataTable<ImpalaQueryRow>
      caption="Impala queries"
      mode="server"
      columns={IMPALA_QUERY_COLUMNS}
      rows={result.data?.hits ?? []}
      rowKey={(r) => r.id}
      totalRecords={result.data?.total ?? 0}
      loading={result.isFetching}
      failure={
        result.isError
          ? { what: 'Impala queries', error: result.error, onRetry: () => void result.refetch() }
          : null
      }
      view={table}
      search={false}
      onViewChange={(next) => {
        const event = listTableChange(table, next)
        if (event?.type === 'sort') onSort(event.sort)
        else if (event?.type === 'page') onPage(event.page)
      }}
    />
  )
}
