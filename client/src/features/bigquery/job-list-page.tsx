import { useMemo } from 'react'
import {
  formatBytes,
  type BigQueryJobMetadata as Meta,
  type BigQueryJobSearchResponse,
  bigQueryCentsUsd,
  bigQueryJobStatusLabel,
  bigQueryJobTypeLabel,
} from '@costlens/shared'
import { ComparePanel } from '../../components/compare/compare-panel.tsx'
import { useCompareSelection } from '../../components/compare/use-compare-selection.ts'
import type { FilterSpec } from '../../kit/filter-panel.tsx'
import type { Kpi } from '../../kit/kpi-row.tsx'
import { ListPage } from '../../kit/list-page.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useJobMetadataQuery, useJobSearchQuery, useLazyJobSearchPageQuery } from './api.ts'
import { JOB_COLUMNS } from './job-columns.tsx'
import { insightTitle, jobStatusStyle, pricingLabel, slotTime } from './job-format.tsx'
import {
  JOB_LIST_TABS,
  jobListState,
  jobMetadataParams,
  jobSearchBody,
  type JobListView,
} from './job-list-state.ts'

/** A slider's bounds; none (no slider) while the window holds a single value. */
const sliderBounds = (range: { min: number; max: number } | undefined) =>
  range && range.max > Math.max(0, range.min) ? range : undefined

/**
 * The job list's filters (03 §2), each offering E164's options with their counts. A running list
 * ignores the window, users, statuses and ranges (03 §4), so those are not offered there; the
 * insights filter belongs to the inefficient list. Insights and pricing show every option ticked
 * while nothing narrows them (B244).
 */
const filterSpecs = (listType: JobListView['listType']): FilterSpec<JobListView['filters'], Meta>[] => {
  const running = listType === 'running'
  return [
    {
      kind: 'text',
      field: 'jobId',
      label: 'Job ID',
      placeholder: 'Press Enter to apply',
      commitOn: 'enter',
    },
    {
      kind: 'multi',
      field: 'projectId',
      label: 'Project',
      options: (m) => (m?.projects ?? []).map((o) => ({ value: o.projectId, count: o.count })),
      searchable: 6,
    },
    {
      kind: 'multi',
      field: 'jobType',
      label: 'Job type',
      options: (m) =>
        (m?.types ?? []).map((o) => ({ value: o.type, label: bigQueryJobTypeLabel(o.type), count: o.count })),
    },
    {
      kind: 'multi',
      field: 'userName',
      label: 'User',
      options: (m) => (m?.users ?? []).map((o) => ({ value: o.userName, count: o.count })),
      searchable: true,
      hidden: running,
    },
    {
      kind: 'multi',
      field: 'status',
      label: 'Status',
      options: (m) =>
        (m?.statuses ?? []).map((o) => ({
          value: o.status,
          label: bigQueryJobStatusLabel(o.status),
          count: o.count,
        })),
      hidden: running,
    },
    {
      kind: 'multi',
      field: 'insights',
      label: 'Insights',
      options: (m) =>
        (m?.insights ?? []).map((o) => ({ value: o.name, label: insightTitle(o.name), count: o.count })),
      allWhenEmpty: true,
      hidden: listType !== 'inefficient',
    },
    {
      kind: 'multi',
      field: 'pricing',
      label: 'Pricing',
      options: (m) =>
        (m?.pricing ?? []).map((o) => ({ value: o.pricing, label: pricingLabel(o.pricing), count: o.count })),
      allWhenEmpty: true,
    },
    {
      kind: 'tags',
      field: 'tags',
      label: 'Labels',
      tags: (m) => (m?.tags ?? []).map((t) => ({ key: t.key, values: t.values.map((v) => v.value) })),
    },
    {
      kind: 'text',
      field: 'signature',
      label: 'Signature',
      description: 'Jobs repeating one statement',
      placeholder: 'Press Enter to apply',
      commitOn: 'enter',
    },
    // B068: a range over the whole metadata range is no filter.
    {
      kind: 'range',
      field: 'billedBytes',
      label: 'Bytes billed',
      variant: 'bytes',
      bounds: (m) => sliderBounds(m?.billedBytes),
      wholeIsNoFilter: true,
      keepOutside: true,
      hidden: running,
    },
    {
      kind: 'range',
      field: 'slotMs',
      label: 'Slot time',
      variant: 'duration',
      bounds: (m) => sliderBounds(m?.slotMs),
      wholeIsNoFilter: true,
      keepOutside: true,
      hidden: running,
    },
    {
      kind: 'range',
      field: 'duration',
      label: 'Duration',
      variant: 'duration',
      bounds: (m) => sliderBounds(m?.duration),
      wholeIsNoFilter: true,
      keepOutside: true,
      hidden: running,
    },
    { kind: 'flag', field: 'showUnravelJobs', label: 'Show jobs costlens ran' },
  ]
}

/** The totals of every matching job (not only the page), with their units. */
const totalsKpis = (data: BigQueryJobSearchResponse | undefined): Kpi[] => [
  { label: 'Jobs', value: data ? data.total.toLocaleString('en-US') : '--' },
  { label: 'Cost (USD)', value: data ? bigQueryCentsUsd(data.totals.cost) : '--' },
  { label: 'Bytes billed', value: data ? formatBytes(data.totals.billedBytes) : '--' },
  { label: 'Slot time', value: data ? slotTime(data.totals.slotMs) : '--' },
]

/**
 * /job/list (R156, 03 §2 BigQuery job list, §4): all, running and inefficient jobs over E163, the
 * filters bound to E164's options and counts, the totals of the window, the whole state in the
 * address (written back with replace), compare checkboxes by Job ID and the CSV download.
 */
export default function JobListPage() {
  const list = useListState(jobListState)
  const { listType } = list.state
  const selection = useCompareSelection('job')
  const metadata = useJobMetadataQuery(jobMetadataParams(list.state))
  const request = useMemo(() => jobSearchBody(list.state, metadata.data), [list.state, metadata.data])
  const [fetchPage] = useLazyJobSearchPageQuery()
  return (
    <>
      <ListPage
        title="Jobs"
        caption={`${JOB_LIST_TABS.find((t) => t.value === listType)!.label} BigQuery jobs`}
        what="The jobs"
        list={list}
        result={useJobSearchQuery(request)}
        request={request}
        onRefresh={() => void metadata.refetch()}
        pickerKind="bigQueryJobs"
        rangeNote={listType === 'running' ? 'Every job running now, whatever the date range' : undefined}
        rows={(data) => data?.results ?? []}
        total={(data) => data?.total ?? 0}
        metadata={() => metadata.data}
        tabs={{ field: 'listType', label: 'Job lists', options: JOB_LIST_TABS }}
        filters={{ specs: filterSpecs(listType), layout: 'side', width: 250 }}
        kpis={totalsKpis}
        kpiLabel="Totals of the matching jobs"
        columns={JOB_COLUMNS}
        rowKey={(r) => r.id}
        rowStatus={(r) => jobStatusStyle(r.status)}
        emptyText="No jobs match these filters"
        selection={selection}
        download={{
          name: `${listType}_bigquery_jobs`,
          formats: ['csv'],
          page: (page, pageSize) => fetchPage({ ...request, page, pageSize }).unwrap(),
        }}
      />
      <ComparePanel type="job" />
    </>
  )
}
