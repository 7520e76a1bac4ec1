import {
  DATABRICKS_CLUSTER_SORT_FIELDS,
  DATABRICKS_TAB_STATUSES,
  MAX_RECORDS,
  SCREEN_DEFAULT_RANGES,
  isActionAllowed,
  isCostSortKey,
  pageOffset,
  type AppStatusCode,
  type DatabricksTab,
  type Range,
  type UnifiedSearchBody,
} from '@costlens/shared'
import * as field from '../../kit/fields.ts'
import { defineListState, type ListContext, type ListStateOf } from '../../kit/list-state.ts'

/** B191: the clusters list's tabs, inefficient first (the freemium list leaves it locked). */
export const CLUSTER_TABS = [
  'inefficient',
  'finished',
  'running',
  'all',
] as const satisfies readonly DatabricksTab[]
export type ClusterTab = (typeof CLUSTER_TABS)[number]

export const CLUSTER_TAB_LABELS: Record<ClusterTab, string> = {
  inefficient: 'Inefficient',
  finished: 'Finished',
  running: 'Running',
  all: 'All',
}

const tabSort = (tab: string) => ({
  key: tab === 'finished' ? 'finishedTime' : tab === 'inefficient' ? 'idleCost' : 'startTime',
  direction: 'desc' as const,
})

const fields = {
  tab: field.tabs('tab', CLUSTER_TABS, 'all'),
  sort: field.sort('s', tabSort, DATABRICKS_CLUSTER_SORT_FIELDS),
  page: field.page('page', { maxRecords: MAX_RECORDS }),
  pageSize: field.pageSize(15),
}
const filters = {
  statuses: field.many<AppStatusCode>('status'),
  users: field.many('user'),
  queues: field.many('workspace'),
  clusterTypes: field.many('clusterType'),
  tags: field.tagMap('tags'),
  duration: field.numberRange('minDuration', 'maxDuration'),
  cost: field.numberRange('minCost', 'maxCost'),
  insights: field.many('insights'),
}

/**
 * /compute/dbclusters' whole state in the address (02 §4 Databricks lists): the last 7 days (the
 * Databricks lists' default, 02 §9), the all tab, newest first, 15 a page. A new tab or range
 * resets the filters and the page (the options came from the old answer). Freemium: no inefficient
 * tab, tags or cost sort (B059), taken out of an address that asks for them.
 */
export const clusterListState = defineListState({
  range: field.addressRange({ preset: SCREEN_DEFAULT_RANGES.databricksJobList.range }),
  tab: 'tab',
  fields,
  filters,
  resetFiltersOn: ['range', 'tab'],
  refine: (view, context) => withinPlan(view, context),
})

export type ClusterListView = ListStateOf<typeof fields, typeof filters>

function withinPlan(view: ClusterListView, { user }: ListContext): ClusterListView {
  if (user?.plan !== 'freemium') return view
  const locked = view.tab === 'inefficient' && !isActionAllowed('freemium', 'inefficientTab')
  const tab = locked ? 'all' : view.tab
  return {
    ...view,
    tab,
    sort: locked || isCostSortKey(view.sort.key) ? tabSort(tab) : view.sort,
    filters: { ...view.filters, tags: {}, insights: locked ? [] : view.filters.insights },
  }
}

const minMax = (range: Range | null) => range && { min: range[0], max: range[1] }

/**
 * The search body (02 §7 unified search, appTypes ['spark'] for clusters): the tab's statuses
 * (running R, finished K F S on the finish time, all seven), the window (none on the running tab),
 * the filters the user set, the page as from/size and the sort in its Elasticsearch form.
 */
export function clusterSearchBody(view: ClusterListView): UnifiedSearchBody {
  const f = view.filters
  const tabStatuses =
    view.tab === 'inefficient' ? DATABRICKS_TAB_STATUSES.all : DATABRICKS_TAB_STATUSES[view.tab]
  const statuses = f.statuses.length ? f.statuses.filter((s) => tabStatuses.includes(s)) : [...tabStatuses]
  const running = view.tab === 'running'
  const from = pageOffset(view.page, view.pageSize)
  const tags = Object.fromEntries(Object.entries(f.tags).filter(([, values]) => values.length))
  const duration = minMax(f.duration)
  const cost = minMax(f.cost)
  return {
    appTypes: ['spark'],
    appStatus: statuses.length ? statuses : [...tabStatuses],
    ...(!running && { start_time: view.dateRange.start, end_time: view.dateRange.end }),
    ...(view.tab === 'finished' && { queryOnFinishedTime: true }),
    ...(f.users.length && { users: [...f.users] }),
    ...(f.queues.length && { queues: [...f.queues] }),
    ...(f.clusterTypes.length && { clusterTypes: [...f.clusterTypes] }),
    ...(Object.keys(tags).length && { appTags: tags }),
    ...(duration && { durations: duration }),
    ...(cost && { cost }),
    ...(view.tab === 'inefficient' && f.insights.length && { insights: [...f.insights] }),
    from,
    size: Math.min(view.pageSize, MAX_RECORDS - from),
    sort: [{ [view.sort.key]: { order: view.sort.direction } }],
  }
}
