import {
  APP_STATUS_CODES,
  DATABRICKS_CLUSTER_TYPES,
  DATABRICKS_INSIGHT_KEYS,
  DATABRICKS_TAB_STATUSES,
  MAX_RECORDS,
  SCREEN_DEFAULT_RANGES,
  isCostSortKey,
  jobRunsPath,
  type DatabricksRunSearchBody,
  type PresetValue,
} from '@costlens/shared'
import * as field from '../../kit/fields.ts'
import { defineListState } from '../../kit/list-state.ts'

/** B191: the job-runs tabs, all first (the default). */
export const RUN_LIST_TABS = [
  { value: 'all', label: 'All' },
  { value: 'finished', label: 'Finished' },
  { value: 'running', label: 'Running' },
] as const
export type RunListTab = (typeof RUN_LIST_TABS)[number]['value']

/**
 * /jobs/runs state (02 §2, §4 Databricks lists), kept in the address: `tab`, `dateRangeLabel` or
 * `start_date`/`end_date` (default the last 7 days, 02 §9), `status`, `jobIds`, `users`, `queues`
 * (workspaces), `tags` (key:value), `search` (a run key
 * or part of a job name), `clusterType`, `minDuration`/`maxDuration` (ms), `minCost`/`maxCost`
 * (USD), `insights`, `page`, `pageSize` (15), `s` (key-direction, default startTime-desc; no cost
 * sort on the free plan, B059). A tab or range change resets the filters (02 §4: the tab's statuses
 * all checked, the sliders back to the new metadata).
 */
export const runListState = defineListState({
  range: field.addressRange({ preset: SCREEN_DEFAULT_RANGES.databricksJobList.range as PresetValue }),
  fields: {
    tab: field.tabs(
      'tab',
      RUN_LIST_TABS.map((t) => t.value),
    ),
    sort: field.sort(
      's',
      { key: 'startTime', direction: 'desc' },
      (key, context) => context.user?.plan !== 'freemium' || !isCostSortKey(key),
    ),
    page: field.page('page', { maxRecords: MAX_RECORDS }),
    pageSize: field.pageSize(15),
  },
  filters: {
    status: field.many('status', APP_STATUS_CODES),
    jobIds: field.many('jobIds'),
    users: field.many('users'),
    queues: field.many('queues'),
    tags: field.tagMap('tags'),
    search: field.text('search'),
    clusterType: field.many('clusterType', DATABRICKS_CLUSTER_TYPES),
    duration: field.numberRange('minDuration', 'maxDuration'),
    cost: field.numberRange('minCost', 'maxCost'),
    insights: field.many('insights', DATABRICKS_INSIGHT_KEYS),
  },
  resetFiltersOn: ['range', 'tab'],
})

export type RunListView = ReturnType<typeof runListState.defaults>

/**
 * E015/E016 body: the tab's statuses unless the status filter narrows them (02 §4), the window
 * except on the running tab, the filters given, the page as from/size and the sort in the unified
 * search form.
 */
export function runSearchBody(view: RunListView): DatabricksRunSearchBody {
  const { filters, tab } = view
  const tabStatuses = DATABRICKS_TAB_STATUSES[tab]
  const statuses = filters.status.filter((s) => tabStatuses.includes(s))
  const range = (r: readonly [number, number] | null) => (r ? { min: r[0], max: r[1] } : undefined)
  return {
    appTypes: ['db'],
    appStatus: statuses.length ? statuses : [...tabStatuses],
    ...(tab !== 'running' && { start_time: view.dateRange.start, end_time: view.dateRange.end }),
    ...(filters.jobIds.length && { jobIds: filters.jobIds }),
    ...(filters.search && { globalsearchpattern: filters.search }),
    ...(filters.users.length && { users: filters.users }),
    ...(filters.queues.length && { queues: filters.queues }),
    ...(Object.keys(filters.tags).length && { appTags: filters.tags }),
    ...(filters.clusterType.length && { clusterTypes: filters.clusterType }),
    ...(filters.duration && { durations: range(filters.duration) }),
    ...(filters.cost && { cost: range(filters.cost) }),
    ...(filters.insights.length && { insights: filters.insights }),
    from: (view.page - 1) * view.pageSize,
    size: view.pageSize,
    sort: [{ [view.sort.key]: { order: view.sort.direction } }],
  }
}

/** B192: the one job whose own runs call answers the list, or undefined for the runs call. */
export function singleJob(view: RunListView): string | undefined {
  return jobRunsPath(view.filters.jobIds).includes('/jobs/') ? view.filters.jobIds[0] : undefined
}
