import { useMemo } from 'react'
import { useLocation, useNavigate, useParams } from 'react-router-dom'
import { Stack, Text, Title } from '@mantine/core'
import { formatCount, type AppRecord } from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import { listTableChange, listTableView } from '../../components/table/list-table-view.ts'
import { appColumns, appRowStatus } from '../../components/app-columns/app-columns.tsx'
import { useGlobalSearchQuery } from './api.ts'
import {
  GLOBAL_SEARCH_PAGE_SIZES,
  globalSearchAddress,
  globalSearchQuery,
  readGlobalSearchView,
  type GlobalSearchView,
} from './global-search-state.ts'

/**
 * Finding an app needs who, what, where and when more than its analysis: the list's analysis
 * columns start hidden here so the rest fits a laptop screen; the column chooser brings them back.
 */
const HIDDEN_AT_FIRST = new Set(['insights', 'totalDfsBytesRead', 'totalDfsBytesWritten', 'numEvents'])

/** The line under the heading: how many apps matched, and on which fields. */
function countText(total: number, text: string): string {
  if (!text) return 'Type part of an application’s id, name, user or queue in the search box above.'
  if (total === 0) return `No application’s id, name, user or queue contains “${text}”.`
  const n = formatCount(total)
  return `${n} application${total === 1 ? '' : 's'} whose id, name, user or queue contains “${text}”.`
}

/**
 * /globalsearch/{search} (R049, R096; 02 §2): the applications whose id, name, user or queue holds
 * the typed text, over GET apps/globalsearch, in the application list's columns. Page and sort live
 * in the address (page, pageSize, s), written back with replace so paging does not fill the
 * history (B030).
 */
export default function GlobalSearchPage() {
  const { search = '' } = useParams()
  const text = search.trim()
  const location = useLocation()
  const navigate = useNavigate()
  const user = useAppSelector((s) => s.session.user)!
  const freemium = user.plan === 'freemium'
  useDocumentTitle(text ? `Search results for “${text}”` : 'Search Results')

  const view = useMemo(() => readGlobalSearchView(location.search, { freemium }), [location.search, freemium])
  const update = (next: GlobalSearchView) =>
    navigate({ pathname: location.pathname, search: globalSearchAddress(next) }, { replace: true })

  const result = useGlobalSearchQuery(globalSearchQuery(text, view), { skip: !text })
  const rows = text ? (result.data?.results ?? []) : []
  const total = text ? (result.data?.total ?? 0) : 0
  const columns = useMemo(
    () =>
      appColumns('all', { freemium }).map((c) =>
        HIDDEN_AT_FIRST.has(c.key) ? { ...c, displayable: false } : c,
      ),
    [freemium],
  )
  const tableView = listTableView(view)
  const settled = !text || ((result.data !== undefined || result.isError) && !result.isFetching)

  return (
    <Stack gap="sm">
      <div>
        <Title order={1} size="h3">
          Search results for “{text}”
        </Title>
        <Text size="sm" c="dimmed" aria-live="polite">
          {!settled ? 'Searching…' : result.isError ? 'The search failed.' : countText(total, text)}
        </Text>
      </div>
      <DataTable<AppRecord>
        caption="Matching applications"
        mode="server"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        totalRecords={total}
        loading={result.isFetching}
        failure={
          result.isError
            ? { what: 'Matching applications', error: result.error, onRetry: () => void result.refetch() }
            : null
        }
        view={tableView}
        pageSizes={GLOBAL_SEARCH_PAGE_SIZES}
        search={false}
        rowStatus={appRowStatus}
        onViewChange={(next) => {
          const event = listTableChange(tableView, next)
          if (event?.type === 'sort') update({ ...view, sort: event.sort, page: 1 })
          else if (event?.type === 'pageSize') update({ ...view, pageSize: event.pageSize, page: 1 })
          else if (event) update({ ...view, page: event.page })
        }}
      />
    </Stack>
  )
}
