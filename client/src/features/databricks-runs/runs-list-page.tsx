import { useMemo } from 'react'
import {
  APP_STATUS_LABELS,
  APP_STATUS_CODES,
  DATABRICKS_CLUSTER_TYPES,
  DATABRICKS_TAB_STATUSES,
  formatDollars,
  type DatabricksJobSearch,
  type DatabricksRunFilters,
  type DatabricksRunSearchResponse as Response,
} from '@costlens/shared'
import { statusWords } from '../../kit/columns.tsx'
import type { FilterSpec } from '../../kit/filter-panel.tsx'
import type { Kpi } from '../../kit/kpi-row.tsx'
import { ListPage } from '../../kit/list-page.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useSavedList } from '../../kit/use-saved-list.ts'
import {
  useDatabricksJobRunsQuery,
  useDatabricksJobSearchQuery,
  useDatabricksRunFiltersQuery,
  useDatabricksRunsQuery,
} from './api.ts'
import { CLUSTER_TYPE_LABELS, INSIGHT_TITLES, RUN_COLUMNS } from './run-columns.tsx'
import { runStatusStyle } from './run-format.ts'
import { RUN_LIST_TABS, runListState, runSearchBody, singleJob, type RunListView } from './runs-list-state.ts'

/** What the filters read: the runs call's ranges and insights, and E038's users, workspaces and tags. */
type Meta = Partial<Response['metadata'] & DatabricksRunFilters & { jobs: DatabricksJobSearch }>

/** A slider's bounds; none while the window holds a single value. */
const sliderBounds = (range: { min: number; max: number } | undefined) =>
  range && range.max > Math.max(0, range.min) ? range : undefined

/** 02 §2 job-runs filters: the tab's statuses, the sliders bound to the answer's ranges, insights. */
const filterSpecs = (tab: RunListView['tab']): FilterSpec<RunListView['filters'], Meta>[] => [
  {
    kind: 'text',
    field: 'search',
    label: 'Run key or job name',
    placeholder: 'Press Enter to apply',
    commitOn: 'enter',
  },
  {
    kind: 'multi',
    field: 'status',
    label: 'Status',
    options: () =>
      APP_STATUS_CODES.filter((s) => DATABRICKS_TAB_STATUSES[tab].includes(s)).map((s) => ({
        value: s,
        label: statusWords(APP_STATUS_LABELS[s]),
      })),
    allWhenEmpty: true,
    hidden: tab === 'running',
  },
  {
    kind: 'multi',
    field: 'jobIds',
    label: 'Job',
    options: (m) => (m?.jobs ?? []).map((j) => ({ value: j.jobId, label: `${j.jobName} (${j.workspace})` })),
    searchable: true,
  },
  {
    kind: 'multi',
    field: 'users',
    label: 'User',
    options: (m) => (m?.users ?? []).map((o) => ({ value: o.name, count: o.count })),
    searchable: 6,
  },
  {
    kind: 'multi',
    field: 'queues',
    label: 'Workspace',
    options: (m) => (m?.queues ?? []).map((o) => ({ value: o.name, count: o.count })),
    searchable: 6,
  },
  {
    kind: 'tags',
    field: 'tags',
    label: 'Tags',
    tags: (m) => (m?.tags ?? []).map((t) => ({ key: t.key, values: t.values.map((v) => v.value) })),
  },
  {
    kind: 'multi',
    field: 'clusterType',
    label: 'Cluster type',
    options: () => DATABRICKS_CLUSTER_TYPES.map((t) => ({ value: t, label: CLUSTER_TYPE_LABELS[t] })),
    allWhenEmpty: true,
  },
  {
    kind: 'multi',
    field: 'insights',
    label: 'Insights',
    options: (m) =>
      (m?.appEvents ?? []).map((e) => ({
        value: e.name,
        label: INSIGHT_TITLES[e.name as keyof typeof INSIGHT_TITLES] ?? e.name,
        count: e.count,
      })),
  },
  {
    kind: 'range',
    field: 'duration',
    label: 'Duration',
    variant: 'duration',
    bounds: (m) => sliderBounds(m?.duration),
    wholeIsNoFilter: true,
    keepOutside: true,
  },
  {
    kind: 'range',
    field: 'cost',
    label: 'Total cost',
    variant: 'cost',
    bounds: (m) => sliderBounds(m?.cost),
    wholeIsNoFilter: true,
    keepOutside: true,
  },
]

const totalsKpis = (data: Response | undefined): Kpi[] => [
  { label: 'Runs', value: data ? data.metadata.totalRecords.toLocaleString('en-US') : '--' },
  { label: 'Costliest run (USD)', value: data ? formatDollars(data.metadata.cost.max) : '--' },
]

/**
 * /jobs/runs (R186, 02 §2 Databricks job runs, §4): the all, finished and running tabs over the
 * runs call — or, with exactly one job selected, that job's own runs call (B192) — 15 a page,
 * sorted and filtered on the server, the state in the address and saved per tab (B184); each run
 * links to its details; a run not yet billed shows its actual cost fetched on its own (B195).
 */
export default function RunsListPage() {
  const list = useListState(runListState)
  useSavedList('databricks-runs', list, 'tab')
  const { tab } = list.state
  const request = useMemo(() => runSearchBody(list.state), [list.state])
  const jobId = singleJob(list.state)
  const all = useDatabricksRunsQuery(request, { skip: jobId !== undefined })
  // E038, reloaded with the window (02 §4: a tab or range change reloads the tags).
  const values = useDatabricksRunFiltersQuery({
    start_time: list.state.dateRange.start,
    end_time: list.state.dateRange.end,
  })
  // E018: the job selector offers the 100 jobs run most recently (its search box narrows them).
  const jobs = useDatabricksJobSearchQuery({ size: 100 })
  const one = useDatabricksJobRunsQuery({ ...request, jobId: jobId ?? '0' }, { skip: jobId === undefined })
  return (
    <ListPage
      title="Job Runs"
      caption={`${RUN_LIST_TABS.find((t) => t.value === tab)!.label} Databricks job runs`}
      what="The job runs"
      list={list}
      result={jobId === undefined ? all : one}
      request={request}
      rangeNote={tab === 'running' ? 'Every run running now, whatever the date range' : undefined}
      rows={(data) => data?.results ?? []}
      total={(data) => data?.metadata.totalRecords ?? 0}
      metadata={(data): Meta => ({ ...data?.metadata, ...values.data, jobs: jobs.data })}
      onRefresh={() => void values.refetch()}
      tabs={{ field: 'tab', label: 'Job run lists', options: RUN_LIST_TABS }}
      filters={{ specs: filterSpecs(tab), layout: 'side', width: 250 }}
      kpis={totalsKpis}
      kpiLabel="Totals of the matching runs"
      columns={RUN_COLUMNS}
      rowKey={(r) => r.id}
      rowStatus={(r) => runStatusStyle(r.status)}
      emptyText="No runs match these filters"
      download={{ name: `${tab}_databricks_runs`, formats: ['csv'] }}
    />
  )
}
