import {
  APP_LIST_TYPES,
  DEFAULT_PAGE_SIZES,
  MAX_RECORDS,
  appListQueryFromSearch,
  isActionAllowed,
  isCostSortKey,
  isRangeAllowedForPlan,
  defaultAppListSort,
  formatSortParam,
  isPageSizeChoice,
  listTransition,
  pageOffset,
  parseSortParam,
  presetRange,
  queryStringFromState,
  readList,
  readNumber,
  tagFilterParams,
  unifiedSearchFilters,
  validDateRangeOr,
  SCREEN_DEFAULT_RANGES,
  type AppListFilters,
  type AppListType,
  type DateRange,
  type FrozenTimeUser,
  type ListEvent,
  type ListState,
  type Plan,
  type UnifiedSearchBody,
} from '@costlens/shared'

/**
 * The application list's whole state, kept in the address (02 §2, 01 §2.5) so a link, a reload or
 * the back button shows the same list. What a change resets is the shared list reducer
 * (`listTransition`, B066 B067 B103 B177); this module only reads and writes the address.
 */
export interface AppListView extends ListState<AppListFilters> {
  listType: AppListType
  /** The preset the range came from (`1_h`, `today` …), or 'custom' for picked dates. */
  rangeLabel: string
}

export const EMPTY_FILTERS: AppListFilters = {
  statuses: [],
  users: [],
  queues: [],
  appTypes: [],
  tags: {},
  duration: null,
  cost: null,
  events: null,
  insights: [],
}

/** B096: 15 rows a page, 50 on the inefficient list. */
export function defaultPageSize(listType: AppListType): number {
  return listType === 'inefficient' ? DEFAULT_PAGE_SIZES.inefficientApps : DEFAULT_PAGE_SIZES.appList
}

/** The list as it opens: last hour (B085), no filters, the tab's default sort (B180). */
export function appListDefaults(listType: AppListType, now: number, frozen?: FrozenTimeUser): AppListView {
  const rangeLabel = SCREEN_DEFAULT_RANGES.appList.range
  const frozenRange =
    frozen?.frozenTime && frozen.frozenTimeStart !== null && frozen.frozenTimeEnd !== null
      ? { start: frozen.frozenTimeStart, end: frozen.frozenTimeEnd }
      : null
  return {
    listType,
    dateRange: frozenRange ?? presetRange(rangeLabel, now)!,
    rangeLabel: frozenRange ? 'custom' : rangeLabel,
    datesChanged: false,
    clusters: [],
    filters: EMPTY_FILTERS,
    sort: defaultAppListSort(listType),
    page: 1,
    pageSize: defaultPageSize(listType),
  }
}

const range = (params: URLSearchParams, lo: string, hi: string): { min: number; max: number } | null => {
  const min = readNumber(params, lo)
  const max = readNumber(params, hi)
  return min !== undefined && max !== undefined && min >= 0 && min <= max ? { min, max } : null
}

/** Tags travel as `key:value` items (a key may not hold ':', a value may). */
function readTags(params: URLSearchParams): Record<string, string[]> {
  const tags: Record<string, string[]> = {}
  for (const item of readList(params, 'tags')) {
    const at = item.indexOf(':')
    if (at <= 0) continue
    ;(tags[item.slice(0, at)] ??= []).push(item.slice(at + 1))
  }
  return tags
}

/** The parts of the user record the list reads: frozen time (B052) and the plan (B054-B059). */
export type AppListUser = FrozenTimeUser & { plan?: Plan }

/**
 * B054 B058 B059 C20: what a freemium user may not have, taken out of a state that came from an
 * address (a shared link, a hand-typed URL): the server would refuse it (403), so the list shows
 * the nearest allowed state instead of an empty page.
 */
function withinPlan(view: AppListView, now: number, user?: AppListUser): AppListView {
  if (user?.plan !== 'freemium') return view
  const inefficientLocked = !isActionAllowed('freemium', 'inefficientTab')
  const listType = inefficientLocked && view.listType === 'inefficient' ? 'all' : view.listType
  const defaults = appListDefaults(listType, now, user)
  const rangeOk = isRangeAllowedForPlan('freemium', view.dateRange)
  return {
    ...view,
    listType,
    dateRange: rangeOk ? view.dateRange : defaults.dateRange,
    rangeLabel: rangeOk ? view.rangeLabel : defaults.rangeLabel,
    sort: listType !== view.listType || isCostSortKey(view.sort.key) ? defaults.sort : view.sort,
    pageSize: listType !== view.listType ? defaults.pageSize : view.pageSize,
    filters: { ...view.filters, tags: {}, insights: listType !== view.listType ? [] : view.filters.insights },
  }
}

/**
 * B033: the list from the address. Unknown or malformed values fall back to the defaults (an
 * invalid date resets the dates, B237) rather than showing an empty or broken list. A preset label
 * is re-evaluated at `now`, so "last 1 hour" stays the last hour on a reload.
 */
export function readAppListView(search: string, now: number, frozen?: AppListUser): AppListView {
  const params = new URLSearchParams(search)
  const entry = appListQueryFromSearch(search)
  const listType = entry.listType ?? 'all'
  const defaults = appListDefaults(listType, now, frozen)
  const label = params.get('dateRangeLabel')
  let dateRange: DateRange = defaults.dateRange
  let rangeLabel = defaults.rangeLabel
  const frozenTime = frozen?.frozenTime === true
  if (!frozenTime && label && label !== 'custom' && presetRange(label as never, now)) {
    dateRange = presetRange(label as never, now)!
    rangeLabel = label
  } else if (!frozenTime && entry.start_date !== undefined && entry.end_date !== undefined) {
    dateRange = validDateRangeOr({ start: entry.start_date, end: entry.end_date }, defaults.dateRange)
    rangeLabel = dateRange === defaults.dateRange ? defaults.rangeLabel : 'custom'
  }
  const sort = parseSortParam(params.get('s')) ?? defaults.sort
  const pageSize = readNumber(params, 'pageSize')
  const page = readNumber(params, 'page')
  const size = pageSize !== undefined && isPageSizeChoice(pageSize) ? pageSize : defaults.pageSize
  const lastPage = Math.max(1, Math.ceil(MAX_RECORDS / size))
  const duration = range(params, 'minDuration', 'maxDuration')
  const cost = range(params, 'minCost', 'maxCost')
  const events = range(params, 'minEvents', 'maxEvents')
  return withinPlan(
    {
      ...defaults,
      dateRange,
      rangeLabel,
      datesChanged: rangeLabel !== defaults.rangeLabel,
      clusters: entry.clusterUid && entry.clusterUid !== '*' ? [entry.clusterUid] : [],
      filters: {
        statuses: (entry.statuses ?? []) as AppListFilters['statuses'],
        users: entry.users ?? [],
        queues: entry.queues ?? [],
        appTypes: readList(params, 'appType'),
        tags: readTags(params),
        duration,
        cost,
        events,
        insights: readList(params, 'insights'),
      },
      sort,
      pageSize: size,
      page: page !== undefined && Number.isInteger(page) ? Math.min(Math.max(page, 1), lastPage) : 1,
    },
    now,
    frozen,
  )
}

/**
 * B030: the address for a list, keys sorted, defaults left out so a plain visit stays a plain URL.
 * A preset range is written as its label (it moves with the clock), a picked range as its dates.
 */
export function appListSearch(view: AppListView, now: number): string {
  const defaults = appListDefaults(view.listType, now)
  const custom = view.rangeLabel === 'custom'
  return queryStringFromState({
    appListType: view.listType === 'all' ? undefined : view.listType,
    dateRangeLabel: custom || view.rangeLabel === defaults.rangeLabel ? undefined : view.rangeLabel,
    start_date: custom ? view.dateRange.start : undefined,
    end_date: custom ? view.dateRange.end : undefined,
    clusterUid: view.clusters[0],
    status: view.filters.statuses,
    user: view.filters.users,
    queue: view.filters.queues,
    appType: view.filters.appTypes,
    tags: Object.entries(view.filters.tags).flatMap(([k, values]) => values.map((v) => `${k}:${v}`)),
    minDuration: view.filters.duration?.min,
    maxDuration: view.filters.duration?.max,
    minCost: view.filters.cost?.min,
    maxCost: view.filters.cost?.max,
    minEvents: view.filters.events?.min,
    maxEvents: view.filters.events?.max,
    insights: view.filters.insights,
    s:
      view.sort.key === defaults.sort.key && view.sort.direction === defaults.sort.direction
        ? undefined
        : formatSortParam(view.sort),
    page: view.page === 1 ? undefined : view.page,
    pageSize: view.pageSize === defaults.pageSize ? undefined : view.pageSize,
  })
}

/** One change to the list, by the shared list reducer; a new tab also takes its own sort and page size. */
export function changeAppList(
  view: AppListView,
  event: ListEvent<AppListFilters> | { type: 'range'; dateRange: DateRange; label: string },
  now: number,
): AppListView {
  if (event.type === 'range') {
    const next = listTransition(view, { type: 'dateRange', dateRange: event.dateRange }, view).state
    return { ...view, ...next, listType: view.listType, filters: EMPTY_FILTERS, rangeLabel: event.label }
  }
  const defaults = appListDefaults(view.listType, now)
  const next = listTransition(view, event, { ...defaults, dateRange: view.dateRange }).state as AppListView
  if (event.type === 'listType') {
    const type = event.listType as AppListType
    return {
      ...next,
      listType: (APP_LIST_TYPES as readonly string[]).includes(type) ? type : 'all',
      sort: defaultAppListSort(type),
      pageSize: defaultPageSize(type),
    }
  }
  return next
}

/**
 * The unified-search body of a list (02 §7): the filters by the list rules (B173, B178, B179),
 * the cluster ('*' when all, B182, within the user's platform), the page as from/size (B099), the sort in its Elasticsearch form.
 */
export function appListBody(
  view: AppListView,
  options: { bigQueryEnabled: boolean; clusterType?: string },
): UnifiedSearchBody {
  const filters = unifiedSearchFilters(
    view.listType,
    { ...view.filters, tags: tagFilterParams(view.filters.tags)?.appTags ?? {} },
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
