import { useMemo } from 'react'
import {
  BIGQUERY_DEFAULT_PROJECT_SORT,
  BIGQUERY_MAX_WINDOW,
  BIGQUERY_PAGE_SIZE,
  BIGQUERY_PROJECT_SORT_KEYS,
  formatCount,
  formatDateTime,
  formatSortParam,
  parseSortParam,
  queryStringFromState,
  type BigQueryProjectListQuery,
  type BigQueryProjectMetadata as Meta,
  type BigQueryProjectRow as Row,
} from '@costlens/shared'
import type { DataColumn } from '../../components/table/table-types.ts'
import * as field from '../../kit/fields.ts'
import type { FilterSpec } from '../../kit/filter-panel.tsx'
import { defineListState } from '../../kit/list-state.ts'
import { ListPage } from '../../kit/list-page.tsx'
import { ReturnLink } from '../../kit/return-link.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useLazyProjectPageQuery, useProjectMetadataQuery, useProjectsQuery } from './api.ts'
import { usageColumns } from './job-columns.tsx'
import { pricingLabel } from './job-format.tsx'

/** The reservation filter's value for projects billed on demand (E165). */
const ON_DEMAND = 'on-demand'

/**
 * The project list's state, all of it in the address (03 §2 BigQuery project list): organization,
 * reservation, page, pageSize and sort as key-direction, by default the costliest first, 15 a page.
 * The figures are of the last 30 days (E165), so there is no date range.
 */
export const projectListState = defineListState({
  fields: {
    sort: field.sort('sort', parseSortParam(BIGQUERY_DEFAULT_PROJECT_SORT)!, BIGQUERY_PROJECT_SORT_KEYS),
    page: field.page('page', { maxRecords: BIGQUERY_MAX_WINDOW }),
    pageSize: field.pageSize(BIGQUERY_PAGE_SIZE),
  },
  filters: {
    organization: field.text('organization'),
    reservation: field.text('reservation'),
  },
})

export type ProjectListView = ReturnType<typeof projectListState.defaults>

/** E165's query: the filters when chosen, the page, its size and the sort. */
export function projectListQuery(view: ProjectListView): BigQueryProjectListQuery {
  const { organization, reservation } = view.filters
  return {
    ...(organization && { organization }),
    ...(reservation && { reservation }),
    page: view.page,
    pageSize: view.pageSize,
    sort: formatSortParam(view.sort),
  }
}

/** A project's jobs: the whole job list of the last 30 days narrowed to it (the span its figures cover). */
export const projectJobsHref = (projectId: string) =>
  `/job/list${queryStringFromState({ dateRangeLabel: '30_d', projectId })}`

const FILTERS: readonly FilterSpec<ProjectListView['filters'], Meta>[] = [
  {
    kind: 'select',
    field: 'organization',
    label: 'Organization',
    placeholder: 'All organizations',
    options: (m) => (m?.organizations ?? []).map((o) => ({ value: o.organization, count: o.count })),
  },
  {
    kind: 'select',
    field: 'reservation',
    label: 'Reservation',
    placeholder: 'All reservations',
    options: (m) =>
      (m?.reservations ?? []).map((o) => ({
        value: o.reservationId,
        label: o.reservationId === ON_DEMAND ? 'On-demand (no reservation)' : o.reservationId,
        count: o.count,
      })),
  },
]

/** The project list's columns; keys are the sort keys where a column sorts (BIGQUERY_PROJECT_SORT_KEYS). */
const COLUMNS: readonly DataColumn<Row>[] = [
  {
    key: 'projectId',
    title: 'Project',
    width: 220,
    priority: 1,
    sticky: true,
    render: (r) => (
      <ReturnLink to={projectJobsHref(r.projectId)} mono>
        {r.projectId}
      </ReturnLink>
    ),
  },
  { key: 'projectName', title: 'Name', width: 170, priority: 4, sortable: false, ellipsis: true },
  { key: 'organization', title: 'Organization', width: 150, priority: 3, ellipsis: true },
  {
    key: 'reservation',
    title: 'Reservation',
    width: 200,
    priority: 3,
    ellipsis: true,
    value: (r) => r.reservation?.reservationId ?? pricingLabel('ON_DEMAND'),
  },
  {
    key: 'pricingPlan',
    title: 'Pricing',
    width: 160,
    priority: 5,
    sortable: false,
    value: (r) => pricingLabel(r.pricingPlan),
  },
  {
    key: 'jobCount',
    title: 'Jobs',
    width: 90,
    priority: 2,
    align: 'right',
    render: (r) => formatCount(r.jobCount),
  },
  ...usageColumns<Row>({ cost: 130, billedBytes: 120, slotMs: 120 }),
  {
    key: 'inefficientJobCount',
    title: 'Inefficient jobs',
    width: 120,
    priority: 4,
    align: 'right',
    sortable: false,
    render: (r) => formatCount(r.inefficientJobCount),
  },
]

/**
 * /project/list (R155, 03 §2 BigQuery project list): the projects with their reservation and their
 * last 30 days of jobs, cost, bytes billed and slot time (E165), filtered by organization and
 * reservation from E166 with their counts; a project opens its jobs.
 */
export default function ProjectListPage() {
  const list = useListState(projectListState)
  const request = useMemo(() => projectListQuery(list.state), [list.state])
  const metadata = useProjectMetadataQuery()
  const result = useProjectsQuery(request)
  const [fetchPage] = useLazyProjectPageQuery()
  const answer = result.data
  return (
    <ListPage
      title="Projects"
      description={
        answer
          ? `Jobs, cost, bytes billed and slot time of the last 30 days: ${formatDateTime(Date.parse(answer.startTime))} – ${formatDateTime(Date.parse(answer.endTime))}`
          : 'Jobs, cost, bytes billed and slot time of the last 30 days'
      }
      caption="BigQuery projects"
      what="The projects"
      list={list}
      result={result}
      request={request}
      rangePicker={false}
      onRefresh={() => void metadata.refetch()}
      rows={(data) => data?.results ?? []}
      total={(data) => data?.total ?? 0}
      metadata={() => metadata.data}
      filters={{ specs: FILTERS, layout: 'row' }}
      columns={COLUMNS}
      rowKey={(r) => r.projectId}
      emptyText="No projects match these filters"
      download={{
        name: 'bigquery_projects',
        formats: ['csv'],
        page: (page, pageSize) => fetchPage({ ...request, page, pageSize }).unwrap(),
      }}
    />
  )
}
