import { Link, useParams } from 'react-router-dom'
import { Anchor, Breadcrumbs, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { formatDollars, formatMessage, type BudgetCostDayRowBody, type BudgetDetails } from '@costlens/shared'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { useBudgetDetailsQuery } from '../../api/budgets-api.ts'
import { KpiRow, type Kpi } from '../../kit/kpi-row.tsx'
import { BUDGET_STATUS_MEANINGS, BudgetStatusBadge } from '../../kit/budget-status-badge.tsx'
import { costDayColumns } from '../../kit/cost-day-columns.ts'
import { DailyCostChart, type CostParts } from '../../kit/daily-cost-chart.tsx'
import { useBudgetPlatform } from './budget-platform.ts'
import { budgetScopeText } from './budget-scope.ts'

/** The cost day rows (02 §3) with the platform's split of a day's cost, newest first. */
export const costDayRowColumns = (parts: CostParts): DataColumn<BudgetCostDayRowBody>[] => [
  ...costDayColumns<BudgetCostDayRowBody>(parts),
  {
    key: 'cumulativeCost',
    title: 'Month to date',
    align: 'right',
    render: (r) => formatDollars(r.cumulativeCost),
  },
]

/** The budget's figures: its amount, this month's spend and forecast, and its status in words. */
function budgetKpis({ budget, daysInMonth, rows }: BudgetDetails): Kpi[] {
  return [
    {
      label: 'Amount a month',
      value: formatDollars(budget.amount),
      note: `Alert at ${budget.thresholdPercent}%`,
    },
    {
      label: 'Spend to date',
      value: formatDollars(budget.spendToDate),
      note: `${budget.spentPercent}% of the amount, ${rows.length} of ${daysInMonth} days`,
    },
    {
      label: 'Forecast to month end',
      value: formatDollars(budget.forecast),
      note: 'Spend to date + the last 7 whole days’ average × the days left',
    },
    { label: 'Status', value: budget.status, note: BUDGET_STATUS_MEANINGS[budget.status] },
  ]
}

/**
 * /cost/budget/{budget_id}/details/ (R101) and /cost_explorer/budgets/{budget_id}/details/ (ours),
 * E169: the budget's figures, the month's daily cost stacked by its parts (EC2 / EMR / EBS, or DBUs
 * / cloud VMs) against its running spend and amount, and the cost day rows.
 */
export default function BudgetDetailsPage() {
  const view = useBudgetPlatform()
  const { budget_id: raw = '' } = useParams()
  const id = Number(raw)
  const valid = Number.isInteger(id) && id > 0
  const details = useBudgetDetailsQuery({ id }, { skip: !valid })
  const budget = details.data?.budget
  useDocumentTitle(budget ? `Budget ${budget.name}` : 'Budget')
  const panel = valid
    ? queryPanel(details, !details.data)
    : {
        status: 'failed' as const,
        error: { message: formatMessage('M066', { pageName: 'budget', id: raw }) },
        onRetry: () => {},
      }

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={view.listPath} size="sm">
          Budgets
        </Anchor>
        <Text size="sm">{budget?.name ?? raw}</Text>
      </Breadcrumbs>
      <PanelState what="The budget" {...panel}>
        {details.data && budget && (
          <>
            <Group gap="sm" align="baseline">
              <Title order={1} size="h3">
                {budget.name}
              </Title>
              <BudgetStatusBadge status={budget.status} />
              <Text size="sm" c="dimmed">
                {budgetScopeText(budget)} · {budget.month} (UTC) · monthly
              </Text>
            </Group>
            <KpiRow kpis={budgetKpis(details.data)} label="Budget figures" />
            <Paper withBorder p="xs" radius="md">
              <DailyCostChart
                title={`Daily cost in ${budget.month} against the budget`}
                description={`Columns: ${view.partsText} (left axis). Lines, on the right axis: the month's running spend, its forecast to the month end, and the budget amount.`}
                days={details.data.rows}
                parts={view.parts}
                budget={{
                  kind: 'cumulative',
                  amount: budget.amount,
                  name: `Budget ${formatDollars(budget.amount)}`,
                  lastDay: new Date(details.data.monthEnd - 86_400_000).toISOString().slice(0, 10),
                  forecast: budget.forecast,
                }}
              />
            </Paper>
            <DataTable
              caption="Cost by day"
              columns={costDayRowColumns(view.parts)}
              rows={details.data.rows}
              rowKey={(r) => r.date}
              defaultView={{ sort: { key: 'date', direction: 'desc' } }}
              download={{ name: `budget_${budget.id}_days`, formats: ['csv'] }}
            />
          </>
        )}
      </PanelState>
    </Stack>
  )
}
