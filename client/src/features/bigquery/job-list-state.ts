import {
  BIGQUERY_INSIGHT_KEYS,
  BIGQUERY_JOB_LIST_TYPES,
  BIGQUERY_JOB_SORT_KEYS,
  BIGQUERY_JOB_STATUS_CODES,
  BIGQUERY_JOB_TYPE_CODES,
  BIGQUERY_MAX_WINDOW,
  BIGQUERY_PAGE_SIZE,
  BIGQUERY_PRICING_PLAN_KEYS,
  LIST_TABLE_DEFAULTS,
  PICKERS,
  bigQueryJobListBody,
  formatSortParam,
  type BigQueryJobFilterOptions,
  type BigQueryJobListType,
  type BigQueryJobMetadata,
  type BigQueryJobMetadataQuery,
  type BigQueryJobSearchBody,
} from '@costlens/shared'
import * as field from '../../kit/fields.ts'
import { defineListState } from '../../kit/list-state.ts'

/** The list types as tabs, in the order of B244 (all, the default, first). */
export const JOB_LIST_TABS = [
  { value: 'all', label: 'All' },
  { value: 'running', label: 'Running' },
  { value: 'inefficient', label: 'Inefficient' },
] as const satisfies readonly { value: BigQueryJobListType; label: string }[]

/**
 * The BigQuery job list's whole state, kept in the address (03 §2) so a link or a reload shows the
 * same list: `tab`, `dateRangeLabel` or `startTime`/`endTime` (ISO, never past now), `jobId`,
 * `projectId`, `type`, `userName`, `status`, `tags` (key:value), `insights`, `pricing`, `signature`,
 * `minDuration`/`maxDuration` (ms), `minSlotMs`/`maxSlotMs`, `minBilledBytes`/`maxBilledBytes`,
 * `showUnravelJobs`, `page`, `pageSize`, `sort` (key-direction). It opens on all jobs of the last
 * 12 hours (G14, 03 §9), 15 a page, newest first (B245). A new list type or range resets every
 * filter (B244): the options came from the old window's metadata. Insights and pricing hold every
 * option while nothing narrows them (B244: "start with all options selected"), which is kept as [].
 */
export const jobListState = defineListState({
  range: field.addressRange({
    preset: PICKERS.bigQueryJobs.defaultPreset!,
    startKey: 'startTime',
    endKey: 'endTime',
    instants: 'iso',
    clampToNow: true,
  }),
  fields: {
    listType: field.tabs('tab', BIGQUERY_JOB_LIST_TYPES),
    sort: field.sort('sort', LIST_TABLE_DEFAULTS.bigqueryJobs.sort, BIGQUERY_JOB_SORT_KEYS),
    page: field.page('page', { maxRecords: BIGQUERY_MAX_WINDOW }),
    pageSize: field.pageSize(BIGQUERY_PAGE_SIZE),
  },
  filters: {
    jobId: field.text('jobId'),
    projectId: field.many('projectId'),
    jobType: field.many('type', BIGQUERY_JOB_TYPE_CODES),
    userName: field.many('userName'),
    status: field.many('status', BIGQUERY_JOB_STATUS_CODES),
    tags: field.tagMap('tags'),
    insights: field.many('insights', BIGQUERY_INSIGHT_KEYS),
    pricing: field.many('pricing', BIGQUERY_PRICING_PLAN_KEYS),
    signature: field.text('signature'),
    duration: field.numberRange('minDuration', 'maxDuration'),
    slotMs: field.numberRange('minSlotMs', 'maxSlotMs'),
    billedBytes: field.numberRange('minBilledBytes', 'maxBilledBytes'),
    showUnravelJobs: field.flag('showUnravelJobs'),
  },
  resetFiltersOn: ['range', 'listType'],
})

export type JobListView = ReturnType<typeof jobListState.defaults>

/** What the shared body rule takes from the metadata (E164): the option keys and the [min, max] ranges. */
export function filterOptions(metadata: BigQueryJobMetadata | undefined): BigQueryJobFilterOptions | null {
  if (!metadata) return null
  return {
    insights: metadata.insights.map((o) => o.name),
    pricing: metadata.pricing.map((o) => o.pricing),
    duration: [metadata.duration.min, metadata.duration.max],
    slotMs: [metadata.slotMs.min, metadata.slotMs.max],
    billedBytes: [metadata.billedBytes.min, metadata.billedBytes.max],
  }
}

/** E164: the metadata is counted over the list's window and type (and whether costlens' own jobs count). */
export function jobMetadataParams(view: JobListView): BigQueryJobMetadataQuery {
  return {
    startTime: new Date(view.dateRange.start).toISOString(),
    endTime: new Date(view.dateRange.end).toISOString(),
    filterType: view.listType,
    ...(view.filters.showUnravelJobs && { showUnravelJobs: true }),
  }
}

/**
 * E163: the search body. The filters by the shared rule (B244, B068, B127: running ignores the
 * window, users, statuses and ranges; insights on the inefficient list only; insights and pricing
 * with every option, and ranges spanning the whole metadata range, left out; tags as key/value
 * pairs), then showUnravelJobs when on, the page, its size and the sort as key-direction.
 */
export function jobSearchBody(
  view: JobListView,
  metadata: BigQueryJobMetadata | undefined,
): BigQueryJobSearchBody {
  const filters = bigQueryJobListBody({
    listType: view.listType,
    range: view.dateRange,
    filters: view.filters,
    metadata: filterOptions(metadata),
  })
  return {
    // The job types and statuses come from the address through their enumerated fields only.
    ...(filters as BigQueryJobSearchBody),
    ...(view.filters.showUnravelJobs && { showUnravelJobs: true }),
    page: view.page,
    pageSize: view.pageSize,
    sort: formatSortParam(view.sort),
  }
}
