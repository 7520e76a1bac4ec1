import { Link } from 'react-router-dom'
import { Anchor, SimpleGrid } from '@mantine/core'
import {
  bigQueryCostUsd,
  formatPercent,
  formatUsd,
  type BigQueryCostRow,
  bigQueryCentsUsd,
} from '@costlens/shared'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { costTimeRange, costWindowParams, useCostCall, type CostViewProps } from '../../kit/cost-page.tsx'
import { DashboardPanel } from '../../kit/dashboard-panel.tsx'
import { useBigqueryCostOverviewQuery } from './api.ts'
import { amountColumns, jobListHref, nameColumn, totalsKpis } from './cost-format.tsx'

/** Where a breakdown's row leads: its jobs in the job list, where the list filters by it. */
type Breakdown = 'projects' | 'users' | 'reservations' | 'jobTypes'

const BREAKDOWNS: readonly { key: Breakdown; title: string; row: string; filter?: string }[] = [
  { key: 'projects', title: 'Cost by project', row: 'Project', filter: 'projectId' },
  { key: 'users', title: 'Cost by user', row: 'User', filter: 'userName' },
  { key: 'reservations', title: 'Cost by reservation', row: 'Reservation' },
  { key: 'jobTypes', title: 'Cost by job type', row: 'Job type', filter: 'type' },
]

/** The row's cost before, and the change: '▲ +12.50%' more spent, '▼ −3.00%' less, '--' without cost before. */
const beforeColumns = (): DataColumn<BigQueryCostRow>[] => [
  {
    key: 'previousCost',
    title: 'Cost before (USD)',
    width: 140,
    align: 'right',
    priority: 2,
    render: (r) => bigQueryCentsUsd(r.previousCost),
    exportValue: (r) => bigQueryCostUsd(r.previousCost),
  },
  {
    key: 'changePercent',
    title: 'Change',
    width: 110,
    align: 'right',
    priority: 2,
    value: (r) => r.changePercent ?? -Infinity,
    render: (r) =>
      r.changePercent === null
        ? '--'
        : `${r.changePercent > 0 ? '▲ +' : r.changePercent < 0 ? '▼ ' : ''}${formatPercent(r.changePercent)}`,
  },
]

/**
 * /cost/osd_cost360 (R152): the window's BigQuery spend against the period before, its trend by
 * job type, and the spend by project, user, reservation (on demand its own row) and job type.
 */
export function Cost360View(props: CostViewProps) {
  const { dateRange } = props.range
  const result = useCostCall(useBigqueryCostOverviewQuery, costWindowParams(dateRange), props.now)
  return (
    <DashboardPanel
      what="The cost"
      result={result}
      kpiLabel="Cost totals"
      kpis={(d) => totalsKpis(d.total, d)}
      cols={1}
      charts={(d) => [
        {
          kind: 'stacked-bars',
          title: `Cost per ${d.pointInterval} by job type (USD)`,
          // Job types that cost nothing in the window (loads and copies are free) add only a legend entry.
          series: d.trend
            .filter((s) => s.data.some(([, cents]) => cents > 0))
            .map((s) => ({
              name: s.name,
              data: s.data.map(([t, cents]) => [t, bigQueryCostUsd(cents)] as const),
            })),
          range: costTimeRange(dateRange),
          cost: true,
          valueFormat: formatUsd,
          exportAllowed: props.exportAllowed,
        },
      ]}
    >
      {(d) => (
        <>
          <Anchor component={Link} to={jobListHref(dateRange)} size="sm">
            Open the {d.total.jobCount.toLocaleString('en-US')} jobs of this window in the job list
          </Anchor>
          <SimpleGrid cols={{ base: 1, xl: 2 }}>
            {BREAKDOWNS.map((b) => (
              <DataTable<BigQueryCostRow>
                key={b.key}
                caption={b.title}
                columns={[
                  nameColumn<BigQueryCostRow>(b.row, (r) =>
                    b.filter ? jobListHref(dateRange, { [b.filter]: r.id }) : null,
                  ),
                  ...amountColumns<BigQueryCostRow>(),
                  ...beforeColumns(),
                ]}
                rows={d[b.key]}
                rowKey={(r) => r.id}
                defaultView={{ sort: { key: 'cost', direction: 'desc' }, pageSize: 10 }}
                download={{ name: `bigquery_cost_${b.key}`, formats: ['csv'], locked: !props.exportAllowed }}
              />
            ))}
          </SimpleGrid>
        </>
      )}
    </DashboardPanel>
  )
}
