import { useMemo, useState } from 'react'
import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core'
import type { EmrCostDayRow, TrendScope } from '@costlens/shared'
import { MAX_TREND_ITEMS, formatDollars } from '@costlens/shared'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { LineChart } from '../../components/charts/line-chart.tsx'
import { paletteColour } from '../../components/charts/chart-options.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queriesPanel } from '../../components/panel-state/panel-status.ts'
import { SeriesChips } from '../../kit/series-chips.tsx'
import { TagValueSelect } from '../../kit/tag-value-select.tsx'
import { useBudgetsQuery } from '../../api/budgets-api.ts'
import { useAwsTagsQuery } from '../../api/aws-tags-api.ts'
import { BudgetStatusBadge } from '../../kit/budget-status-badge.tsx'
import { DailyCostChart } from '../../kit/daily-cost-chart.tsx'
import { costDayColumns } from '../../kit/cost-day-columns.ts'
import { EmrClusterSelect } from '../../kit/emr-cluster-picker.tsx'
import { rowsAgainstBudget, trendWindow, useTrendData } from './trend-data.ts'
import { budgetForScope, TREND_DAYS, trendLabel, useTrendState } from './trend-state.ts'

const DAY_MS = 86_400_000
const DAY_COLUMNS = costDayColumns<EmrCostDayRow>()

/** Adds a trend for one cluster or one tag. */
function AddTrend({ onAdd, disabled }: { onAdd: (scope: TrendScope) => void; disabled: boolean }) {
  const [kind, setKind] = useState<'cluster' | 'tag'>('cluster')
  const [clusterId, setClusterId] = useState('')
  const [tag, setTag] = useState({ key: '', value: '' })
  const tags = useAwsTagsQuery({})
  const scope: TrendScope | null =
    kind === 'cluster'
      ? clusterId
        ? { kind: 'cluster', clusterId }
        : null
      : tag.key && tag.value
        ? { kind: 'tag', ...tag }
        : null
  return (
    <Group
      align="flex-end"
      gap="sm"
      wrap="wrap"
      component="fieldset"
      style={{ border: 0, padding: 0, margin: 0 }}
    >
      <Text component="legend" size="sm" fw={600} mb={4}>
        Add a trend
      </Text>
      <SegmentedControl
        aria-label="Trend of"
        value={kind}
        onChange={(v) => setKind(v as 'cluster' | 'tag')}
        data={[
          { value: 'cluster', label: 'A cluster' },
          { value: 'tag', label: 'A tag' },
        ]}
      />
      {kind === 'cluster' ? (
        <div style={{ width: 280 }}>
          <EmrClusterSelect value={clusterId} onChange={(id) => setClusterId(id)} />
        </div>
      ) : (
        <TagValueSelect tags={tags.data ?? []} value={tag} onChange={setTag} width={180} />
      )}
      <Button variant="light" disabled={!scope || disabled} onClick={() => scope && onAdd(scope)}>
        Add trend
      </Button>
      {disabled && (
        <Text size="xs" c="dimmed">
          At most {MAX_TREND_ITEMS} trends.
        </Text>
      )}
    </Group>
  )
}

/**
 * /cost/trends (R098), the EMR landing: the daily cost of every EMR cluster and of chosen clusters
 * or tags (trend items, 02 §3), each a line of its colour; the selected one's cost stacked by EC2,
 * EMR and EBS against its budget when a budget covers exactly it, and its cost day rows. The range,
 * the trends and the selection live in the address.
 */
export default function CostTrendsPage() {
  useDocumentTitle('Cost Trends')
  const state = useTrendState()
  const [now] = useState(() => Date.now())
  const { shownFrom, from } = trendWindow(state.days, now)
  const { results, refetch } = useTrendData(state.items, from)
  const budgets = useBudgetsQuery().data?.budgets ?? []
  const budget = budgetForScope(budgets, state.selected.scope)
  // Each trend's days in the range shown (the calls start at the month's first, for the overruns).
  const shown = useMemo(
    () => results.map((r) => (r.data?.days ?? []).filter((d) => d.date >= shownFrom)),
    [results, shownFrom],
  )
  const lines = useMemo(
    () =>
      state.items.map((item, i) => ({
        name: trendLabel(item.scope),
        color: paletteColour(item.index - 1),
        data: (shown[i] ?? []).map((d) => [d.ts, d.cost] as const),
      })),
    [state.items, shown],
  )
  const selectedDays = results[state.selected.index - 1]?.data?.days
  const rows = useMemo(
    () => rowsAgainstBudget(selectedDays ?? [], budget).filter((d) => d.date >= shownFrom),
    [selectedDays, budget, shownFrom],
  )
  const total = rows.reduce((sum, r) => sum + r.cost, 0)

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} size="h3">
            Cost Trends
          </Title>
          <Text size="sm" c="dimmed">
            EMR cost a day (EC2 + EMR uplift + EBS, USD, UTC days) over the last {state.days} days.
          </Text>
        </div>
        <SegmentedControl
          aria-label="Range"
          value={String(state.days)}
          onChange={(v) => state.setDays(Number(v))}
          data={TREND_DAYS.map((d) => ({ value: String(d), label: `${d} days` }))}
        />
      </Group>
      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <SeriesChips
            label="Trends"
            itemName="the trend"
            chips={state.items.map((item, i) => {
              const covering = budgetForScope(budgets, item.scope)
              return {
                index: item.index,
                label: trendLabel(item.scope),
                color: paletteColour(item.index - 1),
                selected: Boolean(item.selected),
                note: results[i]?.data ? formatDollars(shown[i]!.reduce((s, d) => s + d.cost, 0)) : '…',
                badge: covering && <BudgetStatusBadge status={covering.status} />,
              }
            })}
            onSelect={state.select}
            onRemove={state.remove}
          />
          <AddTrend onAdd={state.add} disabled={state.items.length >= MAX_TREND_ITEMS} />
        </Stack>
      </Paper>
      <PanelState
        what="Cost trends"
        {...queriesPanel(
          results.map((r) => ({ ...r, refetch })),
          false,
        )}
      >
        <Paper withBorder p="xs" radius="md">
          <LineChart
            title="Cost a day by trend (USD)"
            description="One line per trend: its EMR cost each UTC day; today, still in progress, dotted."
            series={lines}
            valueFormat={formatDollars}
            range={{ from: Date.parse(`${shownFrom}T00:00:00Z`), to: now }}
            partialFrom={Math.floor(now / DAY_MS) * DAY_MS}
          />
        </Paper>
        <Paper withBorder p="xs" radius="md">
          <DailyCostChart
            title={`${trendLabel(state.selected.scope)}: cost a day by EC2, EMR and EBS`}
            description={`Total ${formatDollars(total)} over the range.${budget ? ` Dashed: the budget “${budget.name}” spread over each month’s days.` : ''}`}
            days={rows}
            budget={
              budget ? { kind: 'daily', amount: budget.amount, name: `Budget ${budget.name} (a day)` } : null
            }
          />
        </Paper>
        <DataTable
          caption={`Cost by day: ${trendLabel(state.selected.scope)}`}
          columns={DAY_COLUMNS}
          rows={rows}
          rowKey={(r) => r.date}
          defaultView={{ sort: { key: 'date', direction: 'desc' } }}
          download={{ name: 'emr_cost_days', formats: ['csv'] }}
        />
      </PanelState>
    </Stack>
  )
}
