import { useMemo } from 'react'
import {
  APP_LIST_FIGURES,
  APP_LIST_TYPES,
  MAX_RECORDS,
  UPGRADE_TEXT,
  figureTitle,
  formatCount,
  isActionAllowed,
  type AppListType,
} from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { appColumns, appRowStatus } from '../../components/app-columns/app-columns.tsx'
import { ListPage } from '../../kit/list-page.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useSavedList } from '../../kit/use-saved-list.ts'
import {
  useAppTagsQuery,
  useLazyUnifiedSearchQuery,
  useUnifiedSearchQuery,
  useUsersAndQueuesQuery,
} from './api.ts'
import { appListFilters, type AppFilterSources } from './app-list-filters.ts'
import { appListBody, appListState } from './app-list-state.ts'

const TAB_LABELS: Record<AppListType, string> = {
  all: 'All',
  running: 'Running',
  finished: 'Finished',
  inefficient: 'Inefficient',
}

/**
 * /jobs/applications (02 §2 Application lists): the all, running, finished and inefficient lists
 * over POST /apps/unifiedsearch, paged and sorted by the server, with every filter group, the list
 * state in the address (written back with replace, so filtering does not fill the history) and
 * saved per tab for the session (B184), and auto refresh on the running list when idle (B277).
 */
export default function ApplicationsPage() {
  const user = useAppSelector((s) => s.session.user)!
  const freemium = user.plan === 'freemium'
  const list = useListState(appListState)
  useSavedList('applications', list, 'listType')
  const { listType, dateRange } = list.state
  const running = listType === 'running'

  const body = useMemo(
    () => appListBody(list.state, { bigQueryEnabled: user.bigQueryEnabled, clusterType: user.clusterType }),
    [list.state, user],
  )
  const search = useUnifiedSearchQuery(body)
  const [fetchAll] = useLazyUnifiedSearchQuery()
  const people = useUsersAndQueuesQuery()
  const tags = useAppTagsQuery({ from: dateRange.start, to: dateRange.end }, { skip: freemium })
  const sources: AppFilterSources = {
    metadata: search.data?.metadata,
    people: people.data,
    tags: tags.data,
    tagsFailure:
      tags.isError && !tags.isFetching ? { error: tags.error, onRetry: () => void tags.refetch() } : null,
  }
  const total = search.data?.metadata?.totalRecords ?? 0
  const columns = useMemo(() => appColumns(listType, { freemium }), [listType, freemium])
  const inefficientLocked = !isActionAllowed(user.plan, 'inefficientTab')

  return (
    <ListPage
      title="Applications"
      caption={`${TAB_LABELS[listType]} applications`}
      what="Applications"
      list={list}
      clusterPicker="clusters"
      rangeNote={running ? 'Running now: the date range does not apply' : undefined}
      result={search}
      request={body}
      rows={(data) => data?.results ?? []}
      total={() => total}
      metadata={() => sources}
      tabs={{
        field: 'listType',
        label: 'Application lists',
        options: APP_LIST_TYPES.map((type) => ({
          value: type,
          label: TAB_LABELS[type],
          locked: type === 'inefficient' && inefficientLocked ? UPGRADE_TEXT : undefined,
        })),
      }}
      filters={{ specs: appListFilters(listType, user), layout: 'side' }}
      autoRefresh={{ active: running, refresh: () => search.refetch().unwrap() }}
      // What the total counts, in the words every screen uses for it (shared app-figures).
      summary={(data) => `${figureTitle(APP_LIST_FIGURES[listType])}: ${data ? formatCount(total) : '--'}`}
      columns={columns}
      rowKey={(r) => r.id}
      rowStatus={appRowStatus}
      download={{
        // The list, then its type: the file's name adds the window and whether filters apply.
        name: `applications_${listType}`,
        // One request for the whole filtered list, up to the 10,000 records a list may reach (B097).
        rows: async () =>
          (await fetchAll({ ...body, from: 0, size: Math.min(Math.max(total, 1), MAX_RECORDS) }).unwrap())
            .results,
      }}
    />
  )
}
