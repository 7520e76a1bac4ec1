import { Link } from 'react-router-dom'
import { Anchor, Group, Paper, Stack, Title } from '@mantine/core'
import { formatCount, formatDollars, formatPercent, type RealizedSavingsSummary } from '@costlens/shared'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { KpiRow } from '../../kit/kpi-row.tsx'

export interface SavingsPanelProps {
  summary: RealizedSavingsSummary | undefined
  isLoading: boolean
  error?: unknown
  onRetry?: () => void
  /** The period's words in the figures' names ('last 7 days'). */
  period: string
}

/** A part of the cost as its share, '--' when there is no cost to share. */
const shareOf = (part: number, total: number) => (total > 0 ? formatPercent((100 * part) / total) : '--')

/**
 * The home's savings (issue 20; E054's RealizedSavingsSummary): untapped (the open insights'
 * estimated saving) and realised (what the actions marked done now earn), each in USD with its share
 * of the period's cost, and the way to the insights. Both are capped per run by the run's cost, so
 * a share never passes 100 %.
 */
export function SavingsPanel({ summary, isLoading, error, onRetry, period }: SavingsPanelProps) {
  const status = isLoading ? 'loading' : error ? 'failed' : 'ready'
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="db-home-savings">
      <Stack gap="xs">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h5" id="db-home-savings">
            Savings
          </Title>
          <Anchor component={Link} to="/jobs/insights" size="sm">
            See insights
          </Anchor>
        </Group>
        <PanelState what="The savings" status={status} error={error} onRetry={onRetry ?? (() => {})} compact>
          {summary && (
            <KpiRow
              label="Savings figures"
              kpis={[
                {
                  label: `Untapped savings, ${period} (USD)`,
                  value: formatDollars(summary.untappedSavings),
                  note: `${shareOf(summary.untappedSavings, summary.totalCost)} of the cost · ${formatCount(summary.actionsOpen)} open`,
                },
                {
                  label: `Realised savings, ${period} (USD)`,
                  value: formatDollars(summary.realizedCostSavings),
                  note: `${shareOf(summary.realizedCostSavings, summary.totalCost)} of the cost · ${formatCount(summary.actionsDone)} done`,
                },
                { label: `Cost, ${period} (USD)`, value: formatDollars(summary.totalCost) },
              ]}
            />
          )}
        </PanelState>
      </Stack>
    </Paper>
  )
}
