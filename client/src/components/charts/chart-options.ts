import type {
  AxisLabelsFormatterCallbackFunction,
  AxisTickPositionerCallbackFunction,
  Options,
  Point,
  SeriesColumnOptions,
  TooltipFormatterCallbackFunction,
  XAxisOptions,
} from 'highcharts'
import {
  POINT_INTERVAL_MS,
  axisTickLabel,
  byteUnitExponent,
  chartPointInterval,
  formatBytesIn,
  displayZone,
  formatDate,
  formatDateTime,
  formatNumber,
  withZone,
  zoneLabel,
  tooltipSeriesName,
  type ChartKind,
  type PointInterval,
} from '@costlens/shared'
import { CHART_PALETTE } from './chart-palette.ts'
import type { BarData, CategorySeries, TimePoint, TimeRange, TimeSeries, ValueFormat } from './chart-types.ts'

// Options builders shared by the chart components. Only Highcharts' types are imported here: the
// options are plain objects, so building (and testing) them never loads Highcharts itself.

export const DEFAULT_CHART_HEIGHT = 300

/**
 * Points per series from which a line or band is drawn by the boost module (WebGL, one canvas)
 * instead of an SVG path with a tracker per point: a week of 1-minute points (10,080) renders at
 * once instead of freezing the page.
 */
export const BOOST_THRESHOLD = 5000

export const defaultValueFormat: ValueFormat = (value) => formatNumber(value)

/** Tooltip text is markup: a name such as '<b>' or 'R&D' must read as typed. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** One line of a tooltip: a colour dot, the series name cut at 40 characters (B272), the value. */
export interface TooltipRow {
  name: string
  value: string
  color?: string
}

/** A tooltip's markup: a bold header (the time or category; null for none), then one line per series. */
export function tooltipHtml(header: string | null, rows: readonly TooltipRow[]): string {
  const lines = rows.map(
    (row) =>
      `<span style="color:${escapeHtml(row.color ?? 'currentColor')}">\u25CF</span> ` +
      `${escapeHtml(tooltipSeriesName(row.name))}: <b>${escapeHtml(row.value)}</b>`,
  )
  return (header === null ? lines : [`<b>${escapeHtml(header)}</b>`, ...lines]).join('<br/>')
}

/**
 * B091: the point interval for a time chart. From the selected range when there is one, else
 * from the span of the data itself (an empty chart counts as the shortest span).
 */
export function pointIntervalFor(
  range: TimeRange | undefined,
  timestamps: readonly number[],
  chart: ChartKind = 'generic',
): PointInterval {
  if (range) return chartPointInterval(range.to - range.from, chart)
  if (timestamps.length === 0) return chartPointInterval(0, chart)
  let min = Infinity
  let max = -Infinity
  for (const ts of timestamps) {
    if (ts < min) min = ts
    if (ts > max) max = ts
  }
  return chartPointInterval(max - min, chart)
}

/** The first timestamp of each series and the last: the data's span, without copying the points. */
export function seriesEnds(series: readonly { data: readonly (readonly [number, ...unknown[]])[] }[]) {
  return series.flatMap((s) => (s.data.length ? [s.data[0]![0], s.data.at(-1)![0]] : []))
}

const DAY_MS = POINT_INTERVAL_MS.daily

/**
 * A point's time in a tooltip: the date alone once points are a day or more apart, else date and
 * time with the zone it is in ('UTC', or the local zone's short name): the axis follows the same
 * display zone, and the tooltip is where the reader learns which one it is.
 */
export function tooltipTime(epochMs: number, interval: PointInterval): string {
  if (POINT_INTERVAL_MS[interval] >= DAY_MS) return formatDate(epochMs)
  return `${formatDateTime(epochMs)} ${zoneLabel(displayZone(), epochMs)}`
}

/**
 * A datetime x axis covering the selected range, when there is one, drawn in the display zone and
 * titled with it ('Time (UTC)', 'Day (GMT+5:30)'), so a reader knows which zone the ticks are in.
 */
export function timeXAxis(range: TimeRange | undefined, interval: PointInterval): XAxisOptions {
  const title = withZone(POINT_INTERVAL_MS[interval] >= DAY_MS ? 'Day' : 'Time')
  return { type: 'datetime', min: range?.from, max: range?.to, title: { text: title } }
}

/** A value axis whose labels read like the tooltips, rounded: '$ 1,000' where a tooltip says '$ 1,000.0000'. */
export function valueAxisLabels(format: ValueFormat): { formatter: AxisLabelsFormatterCallbackFunction } {
  return {
    formatter() {
      return escapeHtml(axisTickLabel(format(Number(this.value))))
    },
  }
}

const NICE_STEPS = [1, 2, 2.5, 5, 10] as const

/**
 * Ticks on round binary sizes from `min` to `max`, values counted in `unitBytes`: about `count`
 * intervals, each 1, 2, 2.5 or 5 × 10ⁿ of the binary unit (KB, MB, GB …) the top of the axis is in.
 * Highcharts' own ticks are round in decimal (20,000,000 MB), which reads as '19.07 TB'.
 */
export function binaryTicks(min: number, max: number, unitBytes: number, count = 4): number[] {
  const top = Math.max(max, min, 0)
  const bottom = Math.min(min, 0)
  if (!(top > bottom) || !Number.isFinite(top)) return [bottom, bottom + 1]
  const exponent = Math.max(0, Math.floor(Math.log(top * unitBytes) / Math.log(1024)))
  const unit = 1024 ** exponent / unitBytes
  const raw = (top - bottom) / unit / count
  const magnitude = 10 ** Math.floor(Math.log10(raw))
  const step = NICE_STEPS.find((s) => s * magnitude >= raw)! * magnitude * unit
  const ticks: number[] = []
  for (let t = Math.floor(bottom / step) * step; t < top + step; t += step) ticks.push(t)
  return ticks
}

/** A byte axis' labels, every tick in the unit of the top one ('0 TB', '0.5 TB', '1 TB'). */
export function binaryAxisLabels(unitBytes: number): { formatter: AxisLabelsFormatterCallbackFunction } {
  return {
    formatter() {
      const top = Math.max(0, ...(this.axis.tickPositions ?? [0]))
      return escapeHtml(
        axisTickLabel(formatBytesIn(Number(this.value) * unitBytes, byteUnitExponent(top * unitBytes))),
      )
    },
  }
}

/** A value axis' tick positions on round binary sizes (see binaryTicks). */
export function binaryTickPositioner(unitBytes: number): AxisTickPositionerCallbackFunction {
  return function (min, max) {
    return binaryTicks(min, max, unitBytes)
  }
}

/** The chart's mutable copy of points Highcharts may hold on to. */
export function copyPoints<P extends readonly (number | null)[]>(data: readonly P[]): (number | null)[][] {
  return data.map((p) => [...p])
}

type AnyPoint = number | null | readonly (number | null)[]

/** Whether any series has a value to draw: points whose values are all null draw nothing. */
export function hasPoints(...groups: readonly (readonly { data: readonly AnyPoint[] }[])[]): boolean {
  const drawn = (p: AnyPoint) => (Array.isArray(p) ? p.slice(1).some((v) => v !== null) : p !== null)
  return groups.some((group) => group.some((s) => s.data.some(drawn)))
}

/**
 * What every console chart shares: the title inside the chart (so exported files carry it), the
 * screen-reader description, a fixed height and no Highcharts credits or export button (the
 * console's own export menu replaces it, chart-export-menu.tsx).
 */
export function baseOptions(props: { title: string; description?: string; height?: number }): Options {
  return {
    chart: {
      height: props.height ?? DEFAULT_CHART_HEIGHT,
      style: { fontFamily: 'inherit' },
      // Leaves the top right corner to the export menu button.
      spacingRight: 12,
    },
    title: {
      text: props.title,
      align: 'left',
      style: { fontSize: '14px', fontWeight: '600' },
    },
    accessibility: { enabled: true, description: props.description },
    credits: { enabled: false },
    exporting: { enabled: false, fallbackToExportServer: false },
    legend: { enabled: true, itemStyle: { fontWeight: 'normal' } },
  }
}

/**
 * A shared tooltip for time charts: the time of the hovered points, then each series' value (a
 * band's low to high). Exported for tests, which call it with plain point-like objects.
 */
export function timeTooltip(format: ValueFormat, interval: PointInterval): TooltipFormatterCallbackFunction {
  return function (this: Point) {
    const points = this.points ?? [this]
    return tooltipHtml(
      tooltipTime(this.x, interval),
      points.map((p) => ({ name: p.series.name, value: pointValue(p, format), color: String(p.color) })),
    )
  }
}

/** A point's value as a tooltip reads it: 'low – high' for a band point, else its y. */
export function pointValue(point: Point, format: ValueFormat): string {
  const { low, high } = point as Point & { low?: number; high?: number }
  if (typeof low === 'number' && typeof high === 'number') return `${format(low)} – ${format(high)}`
  return typeof point.y === 'number' ? format(point.y) : '–'
}

/** Column series and x axis of a bar chart, over time or over categories (BarData). */
export function barSeriesAndAxis(
  data: BarData,
  chart: ChartKind,
): { series: SeriesColumnOptions[]; xAxis: XAxisOptions; interval: PointInterval | null } {
  if (data.categories !== undefined) {
    return {
      series: data.series.map((s) => ({ type: 'column', name: s.name, color: s.color, data: [...s.data] })),
      xAxis: { type: 'category', categories: [...data.categories] },
      interval: null,
    }
  }
  const interval = pointIntervalFor(data.range, seriesEnds(data.series), chart)
  return {
    series: data.series.map((s) => ({
      type: 'column',
      name: s.name,
      color: s.color,
      data: copyPoints<TimePoint>(s.data) as [number, number | null][],
      // A column is as wide as its interval, so sparse data does not draw one wide bar.
      pointRange: POINT_INTERVAL_MS[interval],
    })),
    xAxis: timeXAxis(data.range, interval),
    interval,
  }
}

/** A tooltip header for a bar point: its category, or its time. */
export function barHeader(point: Point, interval: PointInterval | null): string {
  return interval === null ? String(point.category) : tooltipTime(point.x, interval)
}

/** The palette colour of the n-th series, wrapping after 15. */
export function paletteColour(index: number): string {
  return CHART_PALETTE[index % CHART_PALETTE.length]!
}

/**
 * BarData from its parts, the range from its two numbers: a bar chart's memo depends on these,
 * since the props object, and often an inline range, are new on every render.
 */
export function barData(
  categories: readonly string[] | undefined,
  series: readonly CategorySeries[] | readonly TimeSeries[],
  from: number | undefined,
  to: number | undefined,
): BarData {
  if (categories !== undefined) return { categories, series: series as readonly CategorySeries[] }
  const range = from !== undefined && to !== undefined ? { from, to } : undefined
  return { series: series as readonly TimeSeries[], range }
}
