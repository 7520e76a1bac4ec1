import {
  EMR_CLUSTER_SORT_KEYS,
  EMR_STATE_GROUP_NAMES,
  SCREEN_DEFAULT_RANGES,
  formatSortParam,
  type EmrClusterSearchBody,
} from '@costlens/shared'
import * as field from '../../kit/fields.ts'
import { defineListState } from '../../kit/list-state.ts'

/**
 * The EMR cluster list's state (02 §2, §4; 01 §2.5), all of it in the address: tab, startDate,
 * endDate, clusterUid, clusterName, clusterStatus, minCost, maxCost, minDuration, maxDuration,
 * withUnravelInstall, withoutUnravelInstall, clusterTags, page, pageSize and s. It opens on the
 * UTC day so far (B069), latest cluster first, 15 a page; a new tab or range resets the filters.
 */
export const clusterListState = defineListState({
  range: field.addressRange({
    preset: SCREEN_DEFAULT_RANGES.emrClusterList.range,
    startKey: 'startDate',
    endKey: 'endDate',
  }),
  fields: {
    tab: field.tabs('tab', ['all', 'active', 'inefficient']),
    sort: field.sort('s', { key: 'startTime', direction: 'desc' }, EMR_CLUSTER_SORT_KEYS),
    page: field.page(),
    pageSize: field.pageSize(15),
  },
  filters: {
    clusterId: field.text('clusterUid'),
    clusterName: field.text('clusterName'),
    statuses: field.many('clusterStatus', EMR_STATE_GROUP_NAMES),
    cost: field.numberRange('minCost', 'maxCost'),
    duration: field.numberRange('minDuration', 'maxDuration'),
    withProduct: field.flag('withUnravelInstall'),
    withoutProduct: field.flag('withoutUnravelInstall'),
    tags: field.tagMap('clusterTags'),
  },
  resetFiltersOn: ['range', 'tab'],
})

export type ClusterListView = ReturnType<typeof clusterListState.defaults>

/**
 * E040: the search body. The active tab lists the active group whatever the status filter says;
 * the inefficient tab the clusters with node down-sizing events (02 §2). Unset filters are left out.
 */
export function clusterSearchBody(view: ClusterListView): EmrClusterSearchBody {
  const { tab, dateRange, filters: f } = view
  const statuses = tab === 'active' ? ['active' as const] : f.statuses
  return {
    platform: 'EMR',
    from: String(dateRange.start),
    to: String(dateRange.end),
    page: view.page,
    pageSize: view.pageSize,
    sort: formatSortParam(view.sort),
    ...(f.clusterId && { cluster_ids: [f.clusterId] }),
    ...(f.clusterName && { cluster_name_term: f.clusterName }),
    ...(statuses.length > 0 && { statuses }),
    ...(tab === 'inefficient' && { eventTypes: ['NODE_DOWNSIZING' as const] }),
    ...(f.withProduct && { includeClustersWithUnravel: true }),
    ...(f.withoutProduct && { includeClustersWithoutUnravel: true }),
    ...(f.cost && { minCost: f.cost[0], maxCost: f.cost[1] }),
    ...(f.duration && { minDuration: Math.floor(f.duration[0]), maxDuration: Math.ceil(f.duration[1]) }),
    ...(Object.keys(f.tags).length > 0 && { tags: f.tags }),
  }
}
