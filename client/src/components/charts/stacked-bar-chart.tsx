import { useMemo } from 'react'
import type { Options, Point } from 'highcharts'
import { CHART, type ChartKind } from '@costlens/shared'
import { ChartShell } from './chart-shell.tsx'
import {
  barData,
  barHeader,
  barSeriesAndAxis,
  baseOptions,
  defaultValueFormat,
  hasPoints,
  tooltipHtml,
  valueAxisLabels,
} from './chart-options.ts'
import type { BarData, ChartBaseProps } from './chart-types.ts'

export type StackedBarChartProps = ChartBaseProps &
  BarData & {
    /** Cost charts draw thinner bars (20 px at most, B269); others up to 120 px. */
    cost?: boolean
    /** B091, for bars over time. */
    chartKind?: ChartKind
    yAxisTitle?: string
    /** A title for category bars whose categories are times ('Time (UTC)'): it names their zone. */
    xAxisTitle?: string
    /** A level the bars are held against (a monthly threshold), drawn as a dashed line and kept in view. */
    threshold?: { value: number; label: string }
  }

/** The Highcharts options of a stacked bar chart; pure, for the component and its tests. */
export function stackedBarChartOptions(props: StackedBarChartProps): Options {
  const format = props.valueFormat ?? defaultValueFormat
  const { series, xAxis, interval } = barSeriesAndAxis(props, props.chartKind ?? 'generic')
  const base = baseOptions(props)
  return {
    ...base,
    chart: { ...base.chart, type: 'column' },
    xAxis: props.xAxisTitle ? { ...xAxis, title: { text: props.xAxisTitle } } : xAxis,
    yAxis: {
      min: 0,
      title: { text: props.yAxisTitle },
      allowDecimals: props.integerValues !== true,
      ...(props.threshold && {
        softMax: props.threshold.value,
        plotLines: [
          {
            value: props.threshold.value,
            color: '#c92a2a',
            dashStyle: 'Dash',
            width: 2,
            zIndex: 5,
            label: { text: props.threshold.label, align: 'right', style: { color: '#c92a2a' } },
          },
        ],
      }),
      labels: valueAxisLabels(props.axisValueFormat ?? format),
    },
    tooltip: {
      shared: true,
      formatter() {
        const points = this.points ?? [this]
        const total = points.reduce((sum, p) => sum + (p.y ?? 0), 0)
        return tooltipHtml(barHeader(this, interval), [
          ...points.map((p: Point) => ({
            name: p.series.name,
            value: format(p.y ?? 0),
            color: String(p.color),
          })),
          ...(points.length > 1 ? [{ name: 'Total', value: format(total) }] : []),
        ])
      },
    },
    plotOptions: {
      column: {
        stacking: 'normal',
        borderWidth: 0,
        maxPointWidth: props.cost ? CHART.barMaxWidth.cost : CHART.barMaxWidth.default,
      },
    },
    series,
  }
}

/**
 * Stacked columns: totals per interval or per category split into their parts (jobs by status per
 * hour, cost by queue per day), where both the total and each part's size matter. Set `cost` on
 * cost charts. For shares rather than sizes use BreakdownBarChart.
 */
export function StackedBarChart(props: StackedBarChartProps) {
  const { title, description, height, valueFormat, categories, series, cost, chartKind, yAxisTitle } = props
  const { integerValues, axisValueFormat, threshold } = props
  const from = props.range?.from
  const to = props.range?.to
  const options = useMemo(
    () =>
      stackedBarChartOptions({
        title,
        description,
        height,
        valueFormat,
        cost,
        chartKind,
        yAxisTitle,
        integerValues,
        axisValueFormat,
        threshold,
        ...barData(categories, series, from, to),
      }),
    [
      title,
      description,
      height,
      valueFormat,
      categories,
      series,
      cost,
      chartKind,
      yAxisTitle,
      integerValues,
      axisValueFormat,
      threshold,
      from,
      to,
    ],
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
