import { useMemo } from 'react'
import {
  APP_STATUS_LABELS,
  APP_STATUS_CODES,
  DATABRICKS_JOB_SORT_FIELDS,
  MAX_RECORDS,
  SCREEN_DEFAULT_RANGES,
  isCostSortKey,
  type DatabricksJobListBody,
  type DatabricksJobSortField,
  type PresetValue,
} from '@costlens/shared'
import { statusWords } from '../../kit/columns.tsx'
import * as field from '../../kit/fields.ts'
import type { FilterSpec } from '../../kit/filter-panel.tsx'
import { defineListState } from '../../kit/list-state.ts'
import { ListPage } from '../../kit/list-page.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useDatabricksJobsQuery } from './api.ts'
import { JOB_COLUMNS } from './job-columns.tsx'

/**
 * /jobs/jobs state: `dateRangeLabel` or dates (default the last 7 days, the job list's, 02 §9),
 * `search`, `status` (the latest run's), `page`, `pageSize` (15), `s` (default startTime-desc; no
 * cost sort on the free plan).
 */
export const jobListState = defineListState({
  range: field.addressRange({ preset: SCREEN_DEFAULT_RANGES.databricksJobList.range as PresetValue }),
  fields: {
    sort: field.sort(
      's',
      { key: 'startTime', direction: 'desc' },
      (key, context) =>
        (DATABRICKS_JOB_SORT_FIELDS as readonly string[]).includes(key) &&
        (context.user?.plan !== 'freemium' || !isCostSortKey(key)),
    ),
    page: field.page('page', { maxRecords: MAX_RECORDS }),
    pageSize: field.pageSize(15),
  },
  filters: { search: field.text('search'), status: field.many('status', APP_STATUS_CODES) },
  resetFiltersOn: ['range'],
})
type JobListView = ReturnType<typeof jobListState.defaults>

/** E017 body: the window, the filters given, the page and the sort. */
export function jobListBody(view: JobListView): DatabricksJobListBody {
  return {
    start_time: view.dateRange.start,
    end_time: view.dateRange.end,
    ...(view.filters.search && { search: view.filters.search }),
    ...(view.filters.status.length && { status: view.filters.status }),
    from: (view.page - 1) * view.pageSize,
    size: view.pageSize,
    sort: view.sort.key as DatabricksJobSortField,
    order: view.sort.direction,
  }
}

const filterSpecs: FilterSpec<JobListView['filters'], undefined>[] = [
  {
    kind: 'text',
    field: 'search',
    label: 'Job name or ID',
    placeholder: 'Press Enter to apply',
    commitOn: 'enter',
  },
  {
    kind: 'multi',
    field: 'status',
    label: 'Latest run status',
    options: () => APP_STATUS_CODES.map((s) => ({ value: s, label: statusWords(APP_STATUS_LABELS[s]) })),
    allWhenEmpty: true,
  },
]

/**
 * /jobs/jobs (R187): the Databricks jobs with runs in the window (E017), paged and sorted on the
 * server; each job links to its runs (/jobs/runs filtered to it).
 */
export default function JobsListPage() {
  const list = useListState(jobListState)
  const request = useMemo(() => jobListBody(list.state), [list.state])
  return (
    <ListPage
      title="Jobs"
      caption="Databricks jobs"
      what="The jobs"
      list={list}
      result={useDatabricksJobsQuery(request)}
      request={request}
      rows={(data) => data?.results ?? []}
      total={(data) => data?.totalRecords ?? 0}
      filters={{ specs: filterSpecs, layout: 'side', width: 230 }}
      columns={JOB_COLUMNS}
      rowKey={(j) => `${j.workspaceId}_${j.jobId}`}
      emptyText="No job ran in this window"
      download={{ name: 'databricks_jobs', formats: ['csv'] }}
    />
  )
}
