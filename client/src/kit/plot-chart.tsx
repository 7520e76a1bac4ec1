import { useMemo } from 'react'
import { Grid, Paper } from '@mantine/core'
import type { SeriesAreaOptions } from 'highcharts'
import { ChartShell } from '../components/charts/chart-shell.tsx'
import { hasPoints } from '../components/charts/chart-options.ts'
import { lineChartOptions, type LineChartProps } from '../components/charts/line-chart.tsx'

/** How a metrics page draws its series: lines, or areas filled down to zero (Kafka's `plotType`). */
export const PLOT_TYPES = ['line', 'area'] as const
export type PlotType = (typeof PLOT_TYPES)[number]

/**
 * One chart of a metrics page (Kafka, the Elastic stack): the kit's line chart without bands,
 * totals or comparison. `chartKind` picks the point interval rule (B091: Kafka's starts at 5m).
 */
export type PlotChartSpec = Omit<LineChartProps, 'bands' | 'totals' | 'comparison'>

/**
 * The kit's line-chart options (axes, units, tooltips, the point interval of B091), with the
 * series filled down to zero when the plot type is area: the one thing the line chart lacks.
 */
function PlotChart({ spec, plotType }: { spec: PlotChartSpec; plotType: PlotType }) {
  const options = useMemo(() => {
    const base = lineChartOptions(spec)
    if (plotType === 'line') return base
    const areas = (base.series ?? []).map(
      (s): SeriesAreaOptions => ({ ...(s as object), type: 'area', fillOpacity: 0.2 }) as SeriesAreaOptions,
    )
    return { ...base, chart: { ...base.chart, type: 'area' }, series: areas }
  }, [spec, plotType])
  return (
    <ChartShell
      title={spec.title}
      options={options}
      hasData={hasPoints(spec.series)}
      height={spec.height}
      exportAllowed={spec.exportAllowed}
      emptyText={spec.emptyText}
    />
  )
}

/** A metrics page's charts two to a row on a wide screen, one under another on a narrow one. */
export function PlotGrid({
  specs,
  plotType = 'line',
}: {
  specs: readonly PlotChartSpec[]
  plotType?: PlotType
}) {
  return (
    <Grid gap="sm">
      {specs.map((spec) => (
        <Grid.Col key={spec.title} span={{ base: 12, lg: specs.length === 1 ? 12 : 6 }}>
          <Paper withBorder p="sm" h="100%">
            <PlotChart spec={spec} plotType={plotType} />
          </Paper>
        </Grid.Col>
      ))}
    </Grid>
  )
}
