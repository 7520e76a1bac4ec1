import {
  APP_LIST_TYPES,
  DEFAULT_PAGE_SIZES,
  MAX_RECORDS,
  SCREEN_DEFAULT_RANGES,
  defaultAppListSort,
  isActionAllowed,
  isCostSortKey,
  pageOffset,
  tagFilterParams,
  unifiedSearchFilters,
  type AppListType,
  type AppStatusCode,
  type Range,
  type UnifiedSearchBody,
} from '@costlens/shared'
import * as field from '../../kit/fields.ts'
import { defineListState, type ListChange, type ListContext, type ListStateOf } from '../../kit/list-state.ts'

/** B096: 15 rows a page, 50 on the inefficient list. */
export function defaultPageSize(listType: string): number {
  return listType === 'inefficient' ? DEFAULT_PAGE_SIZES.inefficientApps : DEFAULT_PAGE_SIZES.appList
}

const tabSort = (listType: string) => defaultAppListSort(listType as AppListType)

/**
 * The application list's whole state, kept in the address (02 §2, 01 §2.5) so a link, a reload or
 * the back button shows the same list: the last hour (B085), every cluster, each tab's own sort
 * (B180) and page size (B096). A new tab or range resets the filters (B066, B067); every change but
 * paging goes back to page 1 (B103). Unknown or malformed values read as the defaults (B033, B237).
 */
const fields = {
  listType: field.tabs('appListType', APP_LIST_TYPES),
  clusters: field.clusters('clusterUid'),
  sort: field.sort('s', tabSort),
  page: field.page(),
  pageSize: field.pageSize(defaultPageSize),
}
const filters = {
  // Statuses go to the server as the address names them; the finished list keeps only S, F and K.
  statuses: field.many<AppStatusCode>('status'),
  users: field.many('user'),
  queues: field.many('queue'),
  appTypes: field.many('appType'),
  tags: field.tagMap('tags'),
  duration: field.numberRange('minDuration', 'maxDuration'),
  cost: field.numberRange('minCost', 'maxCost'),
  events: field.numberRange('minEvents', 'maxEvents'),
  insights: field.many('insights'),
}

export const appListState = defineListState({
  range: field.addressRange({ preset: SCREEN_DEFAULT_RANGES.appList.range }),
  tab: 'listType',
  fields,
  filters,
  resetFiltersOn: ['range', 'listType'],
  refine: (view, context) => withinPlan(lastReachablePage(view), context),
})

export type AppListView = ListStateOf<typeof fields, typeof filters>
export type AppListChange = ListChange<typeof fields, typeof filters>
/** The parts of the user record the list reads: frozen time (B052) and the plan (B054-B059). */
export type AppListUser = NonNullable<ListContext['user']>

/** B097: no page past the 10,000th record. */
function lastReachablePage(view: AppListView): AppListView {
  return { ...view, page: Math.min(view.page, Math.max(1, Math.ceil(MAX_RECORDS / view.pageSize))) }
}

/**
 * B054 B058 B059 C20: what a freemium user may not have, taken out of a state that came from an
 * address (a shared link, a hand-typed URL): the server would refuse it (403), so the list shows
 * the nearest allowed state instead of an empty page. (A range longer than the plan allows is
 * the range field's own fallback.)
 */
function withinPlan(view: AppListView, { user }: ListContext): AppListView {
  if (user?.plan !== 'freemium') return view
  const locked = view.listType === 'inefficient' && !isActionAllowed('freemium', 'inefficientTab')
  const listType = locked ? 'all' : view.listType
  return {
    ...view,
    listType,
    sort: locked || isCostSortKey(view.sort.key) ? tabSort(listType) : view.sort,
    pageSize: locked ? defaultPageSize(listType) : view.pageSize,
    filters: { ...view.filters, tags: {}, insights: locked ? [] : view.filters.insights },
  }
}

/** B033: the list from the address, at the page clock's `now`, within the user's limits. */
export const readAppListView = (search: string, now: number, user?: AppListUser) =>
  appListState.read(search, { now, user })
/** B030: the address for a list, keys sorted, defaults left out so a plain visit stays a plain URL. */
export const appListSearch = (view: AppListView, now: number) => appListState.write(view, { now })
export const changeAppList = (view: AppListView, event: AppListChange, now: number) =>
  appListState.change(view, event, { now })

const minMax = (range: Range | null) => range && { min: range[0], max: range[1] }

/**
 * The unified-search body of a list (02 §7): the filters by the list rules (B173, B178, B179),
 * the cluster ('*' when all, B182, within the user's platform), the page as from/size (B099), the
 * sort in its Elasticsearch form.
 */
export function appListBody(
  view: AppListView,
  options: { bigQueryEnabled: boolean; clusterType?: string },
): UnifiedSearchBody {
  const { filters: f } = view
  const filters = unifiedSearchFilters(
    view.listType,
    {
      ...f,
      tags: tagFilterParams(f.tags)?.appTags ?? {},
      duration: minMax(f.duration),
      cost: minMax(f.cost),
      events: minMax(f.events),
    },
    view.dateRange,
    options,
  )
  const from = pageOffset(view.page, view.pageSize)
  return {
    ...filters,
    appStatus: filters.appStatus as UnifiedSearchBody['appStatus'],
    // 'All clusters' means all the user's clusters: those of their platform (an EMR user is not
    // shown the on-premises clusters' work), as the cluster dropdown lists them.
    ...(view.clusters.length
      ? { clusters: [...view.clusters] }
      : { wildcardCluster: '*', ...(options.clusterType ? { clusterTypes: [options.clusterType] } : {}) }),
    from,
    // B097: the last reachable page is cut at the 10,000th record, as the server requires.
    size: Math.min(view.pageSize, MAX_RECORDS - from),
    sort: [{ [view.sort.key]: { order: view.sort.direction } }],
  }
}
