import { useMemo } from 'react'
import type { Options, Point } from 'highcharts'
import { CHART, percentOf, type ChartKind } from '@costlens/shared'
import { ChartShell } from './chart-shell.tsx'
import {
  barData,
  barHeader,
  barSeriesAndAxis,
  baseOptions,
  defaultValueFormat,
  hasPoints,
  tooltipHtml,
} from './chart-options.ts'
import type { BarData, ChartBaseProps, ValueFormat } from './chart-types.ts'

export type BreakdownBarChartProps = ChartBaseProps &
  BarData & {
    /** B091, for bars over time. */
    chartKind?: ChartKind
  }

/** A breakdown tooltip line's value: the value and its share of the column's total, to 1 decimal. */
export function breakdownValue(value: number, total: number, format: ValueFormat): string {
  return `${format(value)} (${percentOf(value, total)})`
}

/** The Highcharts options of a breakdown chart; pure, for the component and its tests. */
export function breakdownBarChartOptions(props: BreakdownBarChartProps): Options {
  const format = props.valueFormat ?? defaultValueFormat
  const { series, xAxis, interval } = barSeriesAndAxis(props, props.chartKind ?? 'generic')
  const base = baseOptions(props)
  return {
    ...base,
    chart: { ...base.chart, type: 'column' },
    xAxis,
    yAxis: {
      min: 0,
      max: CHART.breakdownAxisMax,
      title: { text: undefined },
      labels: { format: '{value}%' },
    },
    tooltip: {
      shared: true,
      formatter() {
        const points = this.points ?? [this]
        return tooltipHtml(
          barHeader(this, interval),
          points.map((p: Point) => ({
            name: p.series.name,
            value: breakdownValue(p.y ?? 0, p.total ?? 0, format),
            color: String(p.color),
          })),
        )
      },
    },
    plotOptions: {
      column: { stacking: 'percent', borderWidth: 0, maxPointWidth: CHART.barMaxWidth.breakdown },
    },
    series,
  }
}

/**
 * Columns stacked to 100 %: how each interval or category splits between series (share of CPU
 * hours per queue, of jobs per type), when the shares matter more than the sizes. The tooltip
 * gives each series' value and its percentage of the column's total (B269).
 */
export function BreakdownBarChart(props: BreakdownBarChartProps) {
  const { title, description, height, valueFormat, categories, series, chartKind } = props
  const from = props.range?.from
  const to = props.range?.to
  const options = useMemo(
    () =>
      breakdownBarChartOptions({
        title,
        description,
        height,
        valueFormat,
        chartKind,
        ...barData(categories, series, from, to),
      }),
    [title, description, height, valueFormat, categories, series, chartKind, from, to],
  )
  return (
    <ChartShell
      title={title}
      options={options}
      hasData={hasPoints(series)}
      height={height}
      exportAllowed={props.exportAllowed}
      emptyText={props.emptyText}
    />
  )
}
