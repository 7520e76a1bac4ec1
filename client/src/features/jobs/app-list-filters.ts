import {
  APP_STATUS_CODES,
  APP_STATUS_LABELS,
  appTypeFilterOptions,
  formatAppType,
  type AppListType,
  type AppStatusCode,
  type CurrentUser,
  type Range,
  type Tag,
  type UnifiedSearchResponse,
} from '@costlens/shared'
import type { FilterSpec } from '../../kit/filter-panel.tsx'
import type { UsersAndQueues } from './api.ts'
import type { AppListView } from './app-list-state.ts'

/** What the filters' options come from: the list's metadata, the users and queues call, the tags call. */
export interface AppFilterSources {
  metadata?: UnifiedSearchResponse['metadata']
  people?: UsersAndQueues
  tags?: Tag[]
  /** The tags' call failed: the tag filter says so with a retry; the list carries on. */
  tagsFailure: { error: unknown; onRetry: () => void } | null
}

/** B179: the statuses each list offers; running is fixed to R and offers none. */
const STATUS_OPTIONS: Record<AppListType, readonly AppStatusCode[]> = {
  all: APP_STATUS_CODES,
  running: [],
  finished: ['S', 'F', 'K'],
  inefficient: APP_STATUS_CODES,
}

/** The result's [min, max] of one measure (B129); no slider over an empty result. */
const bounds =
  (measure: 'duration' | 'cost' | 'events') =>
  (sources?: AppFilterSources): Range | undefined => {
    const m = sources?.metadata
    return m && m.totalRecords > 0 ? [m[measure].min, m[measure].max] : undefined
  }

/**
 * The application list's filter groups (02 §2): type (B171), status, user, queue, application
 * events on the inefficient list, the duration, cost and events sliders over the result's ranges
 * (B129; one over the whole range is no filter, B068), and tags (locked on the free plan, C20). The
 * running list has no dates, so neither users nor ranges (B173).
 */
export function appListFilters(
  listType: AppListType,
  user: CurrentUser,
): FilterSpec<AppListView['filters'], AppFilterSources>[] {
  const running = listType === 'running'
  const slider = { kind: 'range', hidden: running, keepOutside: true, wholeIsNoFilter: true } as const
  return [
    {
      kind: 'multi',
      field: 'appTypes',
      label: 'Application Type',
      options: () =>
        appTypeFilterOptions(user.clusterType, user.bigQueryEnabled, user.prestoEnabled).map((t) => ({
          value: t,
          label: formatAppType(t),
        })),
    },
    {
      kind: 'multi',
      field: 'statuses',
      label: 'Status',
      options: () => STATUS_OPTIONS[listType].map((s) => ({ value: s, label: APP_STATUS_LABELS[s] })),
      hidden: running,
    },
    {
      kind: 'multi',
      field: 'users',
      label: 'User',
      options: (s) => (s?.people?.users ?? []).map((value) => ({ value })),
      searchable: true,
      hidden: running,
    },
    {
      kind: 'multi',
      field: 'queues',
      label: 'Queue',
      options: (s) => (s?.people?.queues ?? []).map((value) => ({ value })),
      searchable: true,
    },
    {
      kind: 'multi',
      field: 'insights',
      label: 'Application Events',
      options: (s) => (s?.metadata?.appEvents ?? []).map((e) => ({ value: e.name, count: e.count })),
      hidden: listType !== 'inefficient',
    },
    { ...slider, field: 'duration', label: 'Duration', variant: 'duration', bounds: bounds('duration') },
    { ...slider, field: 'cost', label: 'Cost', variant: 'cost', bounds: bounds('cost') },
    { ...slider, field: 'events', label: 'Events', variant: 'count', bounds: bounds('events') },
    {
      kind: 'tags',
      field: 'tags',
      label: 'Tags',
      tags: (s) => s?.tags ?? [],
      failure: (s) => s?.tagsFailure ?? null,
    },
  ]
}
