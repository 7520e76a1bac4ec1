import { Text } from '@mantine/core'
import {
  bigQueryCentsUsd,
  bigQueryCostUsd,
  formatCount,
  type BigQueryInsightSummary,
  type BigQueryInsightsOverview,
  type DateRange,
} from '@costlens/shared'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { CostPage, costWindowParams, useCostCall, type CostViewProps } from '../../kit/cost-page.tsx'
import { DashboardPanel } from '../../kit/dashboard-panel.tsx'
import type { Kpi } from '../../kit/kpi-row.tsx'
import { ReturnLink } from '../../kit/return-link.tsx'
import { ShareBars } from '../../kit/share-bars.tsx'
import { jobListHref } from '../../kit/bigquery-job-list.ts'
import { useBigqueryInsightsOverviewQuery } from './api.ts'

/** The 03 §2 insight categories' words. */
const CATEGORY: Record<string, string> = {
  RE: 'Resource efficiency',
  EF: 'Efficiency',
  AF: 'Application failure',
  SE: 'SLA',
  NA: 'Other',
}

/** The job list over the same window showing the jobs with the insight (tab inefficient). */
const insightJobsHref = (range: DateRange, key: string) =>
  jobListHref(range, { tab: 'inefficient', insights: key })

function kpis(d: BigQueryInsightsOverview): Kpi[] {
  const share = d.jobCount ? (100 * d.jobsWithInsights) / d.jobCount : 0
  return [
    {
      label: 'Jobs with insights',
      value: formatCount(d.jobsWithInsights),
      note: `${share.toFixed(1)} % of ${formatCount(d.jobCount)} jobs`,
    },
    {
      label: 'Their cost (USD)',
      value: bigQueryCentsUsd(d.costWithInsights),
      note: `of ${bigQueryCentsUsd(d.cost)} in the window`,
    },
    {
      label: 'Estimated saving (USD)',
      value: bigQueryCentsUsd(d.estimatedSaving),
      note: "every job's insights fixed",
    },
  ]
}

function insightColumns(range: DateRange): DataColumn<BigQueryInsightSummary>[] {
  return [
    {
      key: 'name',
      title: 'Insight',
      width: 320,
      priority: 1,
      sticky: true,
      render: (r) => (
        <>
          <ReturnLink to={insightJobsHref(range, r.key)}>{r.name}</ReturnLink>
          <Text size="xs" c="dimmed">
            {CATEGORY[r.category] ?? r.category}
          </Text>
        </>
      ),
      exportValue: (r) => r.name,
    },
    {
      key: 'jobCount',
      title: 'Jobs',
      width: 100,
      align: 'right',
      priority: 1,
      render: (r) => formatCount(r.jobCount),
    },
    {
      key: 'cost',
      title: 'Their cost (USD)',
      width: 150,
      align: 'right',
      priority: 1,
      render: (r) => bigQueryCentsUsd(r.cost),
      exportValue: (r) => bigQueryCostUsd(r.cost),
    },
    {
      key: 'estimatedSaving',
      title: 'Estimated saving (USD)',
      width: 180,
      align: 'right',
      priority: 1,
      render: (r) => bigQueryCentsUsd(r.estimatedSaving),
      exportValue: (r) => bigQueryCostUsd(r.estimatedSaving),
    },
    { key: 'recommendation', title: 'What to do', width: 420, priority: 2, render: (r) => r.recommendation },
  ]
}

/**
 * /osd_insights (R163): the insights raised on the window's BigQuery jobs, how many jobs each
 * concerns, what they cost and what fixing them would save; each leads to those jobs in the job list.
 * A job with two insights counts under both, so the savings overlap: the total fixes each job's
 * insights together and is less than their sum.
 */
function InsightsView(props: CostViewProps) {
  const { dateRange } = props.range
  const result = useCostCall(useBigqueryInsightsOverviewQuery, costWindowParams(dateRange), props.now)
  return (
    <DashboardPanel what="The insights" result={result} kpiLabel="Insight totals" kpis={kpis}>
      {(d) => (
        <>
          <ShareBars
            caption="Estimated saving by insight"
            labelTitle="Insight"
            valueTitles={['Estimated saving (USD)']}
            barsTitle="Against the greatest saving"
            rows={d.insights.map((i) => ({ key: i.key, label: i.name, values: [i.estimatedSaving] }))}
            format={bigQueryCentsUsd}
          />
          <DataTable<BigQueryInsightSummary>
            caption="Insights"
            columns={insightColumns(dateRange)}
            rows={d.insights}
            rowKey={(r) => r.key}
            defaultView={{ sort: { key: 'estimatedSaving', direction: 'desc' }, pageSize: 10 }}
            download={{ name: 'bigquery_insights', formats: ['csv'], locked: !props.exportAllowed }}
          />
        </>
      )}
    </DashboardPanel>
  )
}

export default function BigQueryInsightsOverviewPage() {
  return <CostPage title="Insights Overview">{(props) => <InsightsView {...props} />}</CostPage>
}
