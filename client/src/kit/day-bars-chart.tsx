import { useMemo } from 'react'
import type { DashStyleValue, Options, Point, SeriesColumnOptions, SeriesLineOptions } from 'highcharts'
import { ChartShell } from '../components/charts/chart-shell.tsx'
import { baseOptions, tooltipHtml, valueAxisLabels } from '../components/charts/chart-options.ts'
import type { ChartBaseProps, TimePoint, TimeSeries, ValueFormat } from '../components/charts/chart-types.ts'

const DAY_MS = 86_400_000

/** A line over the bars: a budget, a running total, its forecast. */
export interface OverlayLine {
  name: string
  data: readonly TimePoint[]
  color: string
  dashStyle?: DashStyleValue
  /** Held level across each day (a daily amount), rather than drawn from day to day. */
  step?: boolean
  /** Point markers (a line of one or two points shows nothing without them). */
  markers?: boolean
  /** Drawn against the second value axis, on the right. */
  rightAxis?: boolean
}

export interface DayBarsChartProps extends ChartBaseProps {
  /** One series per part of each UTC day's total, stacked (`daySeries`), each with its colour. */
  bars: readonly TimeSeries[]
  lines?: readonly OverlayLine[]
  valueFormat: ValueFormat
  yAxisTitle: string
  /** The right-hand axis of the lines that ask for it; `softMax` keeps a far-off level in view. */
  rightAxis?: { title: string; softMax?: number }
  /** The last day the axis reaches (epoch ms), when it must run past the data (to a month's end). */
  lastDay?: number
}

/**
 * The options of stacked day bars with lines over them; pure, for the component and its tests. The
 * tooltip gives each series and the day's total of the bars only (a budget is not spend).
 */
export function dayBarsChartOptions(props: DayBarsChartProps): Options {
  const { valueFormat: format, lines = [], rightAxis } = props
  const columns = props.bars.map((s): SeriesColumnOptions => ({
    ...s,
    type: 'column',
    yAxis: 0,
    pointRange: DAY_MS,
    data: [...s.data],
  }))
  const overlays = lines.map(({ rightAxis: right, markers, step, data, ...line }): SeriesLineOptions => ({
    ...line,
    type: 'line',
    yAxis: right ? 1 : 0,
    marker: { enabled: markers ?? false, radius: 3 },
    ...(step && { step: 'center' }),
    data: [...data],
  }))
  const axis = (title: string) => ({ min: 0, title: { text: title }, labels: valueAxisLabels(format) })
  return {
    ...baseOptions(props),
    xAxis: {
      type: 'datetime',
      title: { text: 'Day (UTC)' },
      ...(props.lastDay !== undefined && { max: props.lastDay + DAY_MS / 2 }),
    },
    yAxis: [
      axis(props.yAxisTitle),
      ...(rightAxis ? [{ ...axis(rightAxis.title), softMax: rightAxis.softMax, opposite: true }] : []),
    ],
    tooltip: {
      shared: true,
      formatter() {
        const points = this.points ?? [this]
        const bars = points.filter((p: Point) => p.series.type === 'column')
        const total = bars.reduce((sum, p) => sum + (p.y ?? 0), 0)
        return tooltipHtml(new Date(this.x).toISOString().slice(0, 10), [
          ...points.map((p: Point) => ({
            name: p.series.name,
            value: format(p.y ?? 0),
            color: String(p.color),
          })),
          { name: 'Day total', value: format(total) },
        ])
      },
    },
    plotOptions: { column: { stacking: 'normal', borderWidth: 0, maxPointWidth: 20 } },
    series: [...columns, ...overlays],
  }
}

/** Stacked bars of UTC days (a day's cost by its parts) with the lines they are held against. */
export function DayBarsChart(props: DayBarsChartProps) {
  const { title, description, height, bars, lines, valueFormat, yAxisTitle, rightAxis, lastDay } = props
  // The caller keeps bars, lines and the right axis the same objects while they do not change.
  const options = useMemo(
    () =>
      dayBarsChartOptions({
        title,
        description,
        height,
        bars,
        lines,
        valueFormat,
        yAxisTitle,
        rightAxis,
        lastDay,
      }),
    [title, description, height, bars, lines, valueFormat, yAxisTitle, rightAxis, lastDay],
  )
  return (
    <ChartShell
      title={title}
      options={options}
      hasData={bars.some((s) => s.data.length > 0)}
      height={height}
    />
  )
}
