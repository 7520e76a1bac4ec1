import { useMemo } from 'react'
import { useParams } from 'react-router-dom'
import { formatCount } from '@costlens/shared'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { appColumns, appRowStatus } from '../../components/app-columns/app-columns.tsx'
import { ListPage } from '../../kit/list-page.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useGlobalSearchQuery } from './api.ts'
import { GLOBAL_SEARCH_PAGE_SIZES, globalSearchQuery, globalSearchState } from './global-search-state.ts'

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
 * the typed text, over GET apps/globalsearch, in the application list's columns, paged and sorted
 * by the server with page, pageSize and s in the address (B030). No window: the search spans all.
 */
export default function GlobalSearchPage() {
  const { search = '' } = useParams()
  const text = search.trim()
  useDocumentTitle(text ? `Search results for “${text}”` : 'Search Results')
  const list = useListState(globalSearchState)
  const freemium = list.context.user?.plan === 'freemium'
  const request = useMemo(() => globalSearchQuery(text, list.state), [text, list.state])
  // A blank search asks for nothing.
  const result = useGlobalSearchQuery(request, { skip: !text })
  const total = text ? (result.data?.total ?? 0) : 0
  const settled = !text || ((result.data !== undefined || result.isError) && !result.isFetching)
  const columns = useMemo(
    () =>
      appColumns('all', { freemium }).map((c) =>
        HIDDEN_AT_FIRST.has(c.key) ? { ...c, displayable: false } : c,
      ),
    [freemium],
  )
  return (
    <ListPage
      title={`Search results for “${text}”`}
      description={!settled ? 'Searching…' : result.isError ? 'The search failed.' : countText(total, text)}
      caption="Matching applications"
      list={list}
      rangePicker={false}
      result={{ ...result, refetch: () => text && result.refetch() }}
      request={request}
      rows={(data) => (text ? (data?.results ?? []) : [])}
      total={() => total}
      columns={columns}
      rowKey={(r) => r.id}
      rowStatus={appRowStatus}
      pageSizes={GLOBAL_SEARCH_PAGE_SIZES}
    />
  )
}
