import { Grid, Paper } from '@mantine/core'
import { DonutChart, type DonutSlice } from '../components/charts/donut-chart.tsx'
import { LineChart } from '../components/charts/line-chart.tsx'
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
    | { kind: 'line'; series: readonly TimeSeries[]; range?: TimeRange; yAxisTitle?: string }
    | { kind: 'donut'; slices: readonly DonutSlice[] }
  )

/** One chart panel: the spec's chart in a bordered panel, as tall as the others of its row. */
export function ChartPanel({ spec }: { spec: ChartPanelSpec }) {
  return (
    <Paper withBorder p="sm" h="100%">
      {spec.kind === 'donut' ? (
        <DonutChart {...spec} />
      ) : spec.kind === 'line' ? (
        <LineChart {...spec} />
      ) : (
        <StackedBarChart {...spec} />
      )}
    </Paper>
  )
}

/**
 * The stacked series of rows of UTC days split into parts (a day's cost by EC2, EMR and EBS): one
 * series per part, named as `parts` says, each point at its day's start.
 */
export function daySeries<R extends { date: string }, K extends keyof R & string>(
  days: readonly R[],
  parts: Readonly<Record<K, string>>,
): TimeSeries[] {
  return (Object.keys(parts) as K[]).map((part) => ({
    name: parts[part],
    data: days.map((day) => [Date.parse(`${day.date}T00:00:00Z`), Number(day[part])] as const),
  }))
}

/**
 * A page's charts side by side, `cols` to a row on a wide screen and one under another on a
 * narrow one; `span` gives one chart the width of several columns (a trend beside its donut).
 */
export function ChartGrid({
  specs,
  cols = 2,
}: {
  specs: readonly (ChartPanelSpec & { span?: number })[]
  cols?: number
}) {
  return (
    <Grid gap="sm">
      {specs.map(({ span = 1, ...spec }) => (
        <Grid.Col key={spec.title} span={{ base: 12, lg: (12 / cols) * span }}>
          <ChartPanel spec={spec as ChartPanelSpec} />
        </Grid.Col>
      ))}
    </Grid>
  )
}
