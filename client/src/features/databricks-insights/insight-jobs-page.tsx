import { useMemo } from 'react'
import { useLocation } from 'react-router-dom'
import { Badge, Group } from '@mantine/core'
import {
  DATABRICKS_INSIGHT_KEYS,
  formatDollars,
  type DatabricksInsightJob,
  type DatabricksInsightJobs,
} from '@costlens/shared'
import type { DataColumn } from '../../components/table/table-types.ts'
import { useAppSelector } from '../../app/hooks.ts'
import { columns } from '../../kit/columns.tsx'
import type { FilterSpec } from '../../kit/filter-panel.tsx'
import type { Kpi } from '../../kit/kpi-row.tsx'
import { ListPage } from '../../kit/list-page.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useDatabricksInsightJobsQuery } from './api.ts'
import {
  INSIGHT_TITLES,
  insightFilterArgs,
  insightJobsState,
  insightRangeArgs,
  sortParam,
} from './insights-state.ts'

type View = ReturnType<typeof insightJobsState.defaults>

/** 03 §2: 10 rows a page by default, among the table's choices. */
export const PAGE_SIZES = [10, 15, 25, 50, 100] as const

/**
 * A job's actions page, keeping the list's address state (range, insights filter, search) and
 * naming the job's workspace, so the way back restores the list.
 */
export function actionsHref(job: DatabricksInsightJob, search: string): string {
  const params = new URLSearchParams(search)
  for (const key of ['page', 'pageSize', 'sort']) params.delete(key)
  params.set('workspace', job.workspaceId)
  return `/jobs/insights/${encodeURIComponent(job.jobName)}/actions?${params}`
}

function jobColumns(search: string): readonly DataColumn<DatabricksInsightJob>[] {
  return [
    {
      ...columns.link<DatabricksInsightJob>('jobName', 'Job', (j) => actionsHref(j, search), 260),
      priority: 1,
    },
    { ...columns.text<DatabricksInsightJob>('workspaceName', 'Workspace', 160), priority: 2 },
    {
      key: 'insights',
      title: 'Insights',
      width: 280,
      priority: 1,
      sortable: false,
      render: (j) => (
        <Group gap={4} wrap="wrap">
          {j.insights.map((i) => (
            <Badge key={i.key} color="dark" variant="outline" size="sm" tt="none">
              {`${i.name} · ${i.runs}`}
            </Badge>
          ))}
        </Group>
      ),
      exportValue: (j) => j.insights.map((i) => `${i.name} (${i.runs})`).join('; '),
    },
    { ...columns.count<DatabricksInsightJob>('runs', 'Runs', 80), priority: 2 },
    { ...columns.usd<DatabricksInsightJob>('cost', 'Cost', 120), priority: 3 },
    { ...columns.usd<DatabricksInsightJob>('untappedSavings', 'Untapped', 140), priority: 1 },
    { ...columns.usd<DatabricksInsightJob>('realizedCostSavings', 'Realised', 140), priority: 1 },
    { ...columns.count<DatabricksInsightJob>('actionsDone', 'Done', 70), priority: 3 },
  ]
}

const filterSpecs: FilterSpec<View['filters'], DatabricksInsightJobs>[] = [
  { kind: 'text', field: 'name', label: 'Job name', placeholder: 'Press Enter to apply', commitOn: 'enter' },
  {
    kind: 'multi',
    field: 'insights',
    label: 'Insights',
    options: () => DATABRICKS_INSIGHT_KEYS.map((k) => ({ value: k, label: INSIGHT_TITLES[k] })),
    allWhenEmpty: true,
  },
  {
    kind: 'text',
    field: 'workspace',
    label: 'Workspace ID',
    placeholder: 'Press Enter to apply',
    commitOn: 'enter',
  },
]

function kpis(data: DatabricksInsightJobs | undefined): readonly Kpi[] {
  const t = data?.totals
  return [
    { label: 'Untapped savings (USD)', value: t ? formatDollars(t.untappedSavings) : '--' },
    { label: 'Realised savings (USD)', value: t ? formatDollars(t.realizedCostSavings) : '--' },
    {
      label: 'Runs with insights',
      value: t ? t.runs.toLocaleString('en-US') : '--',
      note: t ? `${t.jobs} jobs` : undefined,
    },
    { label: 'Cost of those runs (USD)', value: t ? formatDollars(t.cost) : '--' },
  ]
}

/**
 * /jobs/insights (R189; 03 §2): the jobs whose finished runs show waste patterns, with what the
 * open insights would save (untapped) and what the actions marked done already save (realised), 10
 * a page by untapped savings; a job opens its actions page with the list's state.
 */
export default function InsightJobsPage() {
  const user = useAppSelector((s) => s.session.user)!
  const list = useListState(insightJobsState)
  const { search } = useLocation()
  const request = useMemo(() => {
    const view = list.state
    return {
      ...insightRangeArgs(view, user.plan),
      ...insightFilterArgs(view.filters),
      page: view.page,
      pageSize: view.pageSize,
      sort: sortParam(view.sort),
    }
  }, [list.state, user.plan])
  const cols = useMemo(() => jobColumns(search), [search])
  return (
    <ListPage
      title="Insights"
      caption="Databricks jobs with insights"
      what="The jobs with insights"
      description="Waste patterns in finished job runs: what fixing them would save, and what the fixes already save."
      list={list}
      result={useDatabricksInsightJobsQuery(request)}
      request={request}
      pickerKind="cost"
      rows={(data) => data?.rows ?? []}
      total={(data) => data?.total ?? 0}
      kpis={kpis}
      filters={{ specs: filterSpecs, layout: 'side', width: 230 }}
      columns={cols}
      rowKey={(j) => `${j.workspaceId}_${j.jobId}`}
      emptyText="No job run shows an insight in this range"
      pageSizes={PAGE_SIZES}
    />
  )
}
