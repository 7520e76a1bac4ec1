import { Paper } from '@mantine/core'
import { DonutChart, type DonutSlice } from '../components/charts/donut-chart.tsx'
import { StackedBarChart } from '../components/charts/stacked-bar-chart.tsx'
import type { ChartBaseProps, TimeRange, TimeSeries } from '../components/charts/chart-types.ts'

/**
 * A chart of a page, declared as data: which of the console's charts (components/charts) and what
 * it shows. The chart brings its own empty state, export menu and accessible description.
 */
export type ChartPanelSpec = ChartBaseProps &
  (
    | {
        kind: 'stacked-bars'
        series: readonly TimeSeries[]
        range?: TimeRange
        cost?: boolean
        yAxisTitle?: string
      }
    | { kind: 'donut'; slices: readonly DonutSlice[] }
  )

/** One chart panel: the spec's chart in a bordered panel. */
export function ChartPanel({ spec }: { spec: ChartPanelSpec }) {
  return (
    <Paper withBorder p="sm">
      {spec.kind === 'donut' ? <DonutChart {...spec} /> : <StackedBarChart {...spec} />}
    </Paper>
  )
}
