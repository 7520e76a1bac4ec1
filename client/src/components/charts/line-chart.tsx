import { useMemo } from 'react'
import type { Options, SeriesArearangeOptions, SeriesLineOptions, XAxisOptions } from 'highcharts'
import type { ChartKind } from '@costlens/shared'
import { ChartShell } from './chart-shell.tsx'
import {
  baseOptions,
  binaryAxisLabels,
  binaryTickPositioner,
  BOOST_THRESHOLD,
  copyPoints,
  defaultValueFormat,
  hasPoints,
  paletteColour,
  pointIntervalFor,
  seriesEnds,
  timeTooltip,
  timeXAxis,
  valueAxisLabels,
} from './chart-options.ts'
import type { ChartBaseProps, RangePoint, TimePoint, TimeRange, TimeSeries } from './chart-types.ts'

/** A band and its average (02 §7 cluster resources: `range` and `avg`), drawn in one colour. */
export interface BandSeries {
  /** The average line's name; the band is named after it. */
  name: string
  average: readonly TimePoint[]
  range: readonly RangePoint[]
  color?: string
}

export interface LineChartProps extends ChartBaseProps {
  /** Solid lines. */
  series: readonly TimeSeries[]
  /** Shaded low-high bands, each with its average line; legend entries toggle both together. */
  bands?: readonly BandSeries[]
  /** Limits such as the cluster's total capacity (02 §7 `total`): dashed lines. */
  totals?: readonly TimeSeries[]
  /**
   * The same measures over an earlier range (the compare range of the cluster summary), dashed,
   * against a second time axis along the top. The n-th takes the n-th series' colour.
   */
  comparison?: readonly TimeSeries[]
  /** The comparison axis' title, e.g. 'Last 7 days'. */
  comparisonLabel?: string
  /** The selected range: the time axis spans it, and the point interval follows from it (B091). */
  range?: TimeRange
  /** B091: cluster charts start at 2m, Kafka's at 5m. */
  chartKind?: ChartKind
  yAxisTitle?: string
  /**
   * Where a period still in progress starts (today so far, on a chart of whole days): the lines are
   * dotted from the last whole point on, so a day a few minutes old does not read as a collapse.
   */
  partialFrom?: number
}

/** The Highcharts options of a line chart; pure, for the component and its tests. */
export function lineChartOptions(props: LineChartProps): Options {
  const { series, bands = [], totals = [], comparison = [], range, chartKind = 'generic' } = props
  const format = props.valueFormat ?? defaultValueFormat
  const interval = pointIntervalFor(
    range,
    seriesEnds([...series, ...bands.map((b) => ({ data: b.average })), ...totals]),
    chartKind,
  )
  const seriesColour = series.map((s, i) => s.color ?? paletteColour(i))
  let next = series.length
  // Highcharts zones: solid up to the last whole point before the partial period, dotted after it.
  const lastWhole = props.partialFrom === undefined ? undefined : props.partialFrom - 1
  const lines: SeriesLineOptions[] = series.map((s, i) => ({
    type: 'line',
    name: s.name,
    color: seriesColour[i],
    data: copyPoints<TimePoint>(s.data) as [number, number | null][],
    ...(lastWhole !== undefined && {
      zoneAxis: 'x' as const,
      zones: [
        { value: s.data.filter(([t]) => t <= lastWhole).at(-1)?.[0] ?? lastWhole },
        { dashStyle: 'Dot' as const },
      ],
    }),
  }))
  const bandSeries = bands.flatMap((b, i): (SeriesLineOptions | SeriesArearangeOptions)[] => {
    const color = b.color ?? paletteColour(next++)
    const id = `band-${i}`
    return [
      {
        type: 'line',
        id,
        name: b.name,
        color,
        zIndex: 1,
        data: copyPoints<TimePoint>(b.average) as [number, number | null][],
      },
      {
        type: 'arearange',
        name: `${b.name} range`,
        linkedTo: id,
        color,
        fillOpacity: 0.25,
        lineWidth: 0,
        zIndex: 0,
        marker: { enabled: false },
        data: copyPoints<RangePoint>(b.range) as [number, number | null, number | null][],
      },
    ]
  })
  const totalLines: SeriesLineOptions[] = totals.map((s) => ({
    type: 'line',
    name: s.name,
    color: s.color ?? paletteColour(next++),
    dashStyle: 'ShortDash',
    data: copyPoints<TimePoint>(s.data) as [number, number | null][],
  }))
  const comparisonLines: SeriesLineOptions[] = comparison.map((s, i) => ({
    type: 'line',
    name: props.comparisonLabel ? `${s.name} (${props.comparisonLabel})` : s.name,
    color: s.color ?? seriesColour[i] ?? paletteColour(next++),
    dashStyle: 'Dash',
    xAxis: 1,
    data: copyPoints<TimePoint>(s.data) as [number, number | null][],
  }))
  const xAxis: XAxisOptions[] = [timeXAxis(range, interval)]
  if (comparisonLines.length)
    xAxis.push({ type: 'datetime', opposite: true, title: { text: props.comparisonLabel } })
  const pointCount = [...series, ...totals, ...comparison].reduce((n, s) => n + s.data.length, 0)
  const base = baseOptions(props)
  return {
    ...base,
    chart: { ...base.chart, type: 'line', zooming: { type: 'x' } },
    xAxis,
    yAxis: {
      title: { text: props.yAxisTitle },
      softMin: 0,
      allowDecimals: props.integerValues !== true,
      labels: props.binaryUnit ? binaryAxisLabels(props.binaryUnit) : valueAxisLabels(format),
      tickPositioner: props.binaryUnit ? binaryTickPositioner(props.binaryUnit) : undefined,
    },
    tooltip: { shared: true, formatter: timeTooltip(format, interval) },
    plotOptions: {
      series: {
        boostThreshold: BOOST_THRESHOLD,
        // Animating thousands of points is what makes a large chart feel stuck.
        animation: pointCount < 1000,
        // Highcharts shows markers only where points are sparse; a lone point still shows.
        marker: { radius: 3 },
      },
    },
    boost: { useGPUTranslations: true },
    series: [...lines, ...bandSeries, ...totalLines, ...comparisonLines],
  }
}

/**
 * Lines over time: usage, counts or costs per interval, several series at once, optionally with
 * the same measures over a comparison range, bands (AreaRangeChart) and capacity limits. Use it for
 * any measure against time where the shape of the change matters; for parts of a whole use
 * StackedBarChart or BreakdownBarChart. Tens of thousands of points stay responsive (boost).
 */
export function LineChart(props: LineChartProps) {
  const { title, description, height, valueFormat, series, bands, totals, comparison } = props
  const { comparisonLabel, chartKind, yAxisTitle, integerValues, binaryUnit } = props
  const from = props.range?.from
  const to = props.range?.to
  // Built only when something drawn changes: each new options object is a chart update.
  const options = useMemo(
    () =>
      lineChartOptions({
        title,
        description,
        height,
        valueFormat,
        series,
        bands,
        totals,
        comparison,
        comparisonLabel,
        chartKind,
        yAxisTitle,
        integerValues,
        binaryUnit,
        range: from !== undefined && to !== undefined ? { from, to } : undefined,
      }),
    [
      title,
      description,
      height,
      valueFormat,
      series,
      bands,
      totals,
      comparison,
      comparisonLabel,
      chartKind,
      yAxisTitle,
      integerValues,
      binaryUnit,
      from,
      to,
    ],
  )
  const hasData = hasPoints(
    series,
    bands?.map((b) => ({ data: b.average.length ? b.average : b.range })) ?? [],
    totals ?? [],
    comparison ?? [],
  )
  return (
    <ChartShell
      title={title}
      options={options}
      hasData={hasData}
      height={height}
      exportAllowed={props.exportAllowed}
      emptyText={props.emptyText}
    />
  )
}

export interface AreaRangeChartProps extends Omit<LineChartProps, 'series' | 'bands'> {
  /** Each a shaded low-high band with its average line. */
  series: readonly BandSeries[]
}

/**
 * Bands over time with their averages, such as the cluster's resource usage (02 §7: avg, range,
 * total): where a single line would hide how far values spread inside each interval. Totals
 * (capacity) draw as dashed lines on top.
 */
export function AreaRangeChart({ series, ...rest }: AreaRangeChartProps) {
  return <LineChart {...rest} series={EMPTY} bands={series} />
}

const EMPTY: readonly TimeSeries[] = []
