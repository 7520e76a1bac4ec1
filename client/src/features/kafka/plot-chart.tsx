import { useMemo } from 'react'
import { Grid, Paper } from '@mantine/core'
import type { SeriesAreaOptions } from 'highcharts'
import { ChartShell } from '../../components/charts/chart-shell.tsx'
import { hasPoints } from '../../components/charts/chart-options.ts'
import { lineChartOptions, type LineChartProps } from '../../components/charts/line-chart.tsx'
import type { PlotType } from './kafka-state.ts'

/** One Kafka chart: the kit's line chart, drawn as lines or as areas (02 §2 Kafka `plotType`). */
export type PlotChartSpec = Omit<LineChartProps, 'bands' | 'totals' | 'comparison' | 'chartKind'>

/**
 * The kit's line-chart options (axes, units, tooltips, the point interval of B091's Kafka row), with
 * the series filled down to zero when the plot type is area: the one thing the line chart lacks.
 */
function PlotChart({ spec, plotType }: { spec: PlotChartSpec; plotType: PlotType }) {
  const options = useMemo(() => {
    const base = lineChartOptions({ ...spec, chartKind: 'kafka' })
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

/** The Kafka charts two to a row on a wide screen, one under another on a narrow one. */
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
