/** One point of a time series: [epoch ms, value]; a null value is a gap in the line. */
export type TimePoint = readonly [number, number | null]

/** One point of a band: [epoch ms, low, high] (02 §7 cluster resources: the `range` series). */
export type RangePoint = readonly [number, number | null, number | null]

/** A named line over time, oldest point first. */
export interface TimeSeries {
  name: string
  data: readonly TimePoint[]
  /** Any CSS colour; by default the next palette colour. */
  color?: string
}

/** A named set of values, one per category of the chart, in the categories' order. */
export interface CategorySeries {
  name: string
  data: readonly (number | null)[]
  color?: string
}

/** The selected date range, epoch ms: the time axis spans it whole, even where data is missing. */
export interface TimeRange {
  from: number
  to: number
}

/** How a value reads on the axis and in tooltips (a duration, bytes, a cost). */
export type ValueFormat = (value: number) => string

/** What every chart of the console takes. */
export interface ChartBaseProps {
  /** Shown at the top of the chart; names the chart for screen readers and its exported files. */
  title: string
  /** One or two sentences for screen readers on what the chart shows. */
  description?: string
  /** Pixels; the width follows the container. */
  height?: number
  /** False hides the export menu (freemium accounts, B057/C19). Default true. */
  exportAllowed?: boolean
  /** What shows instead of an empty chart. Default 'No Data Available' (C14). */
  emptyText?: string
  /** Default: the number with thousands separators and at most 2 decimals. */
  valueFormat?: ValueFormat
  /**
   * The value axis' ticks, when they read differently from the tooltips: plain numbers under an
   * axis title that names the unit ('vcore·hours'), where every tooltip value carries it.
   */
  axisValueFormat?: ValueFormat
  /** Counts (queries, clusters): the value axis shows whole numbers only, never a 0.5 tick. */
  integerValues?: boolean
  /**
   * Sizes: the bytes one value counts (1 for bytes, 1,048,576 for MB). The value axis then ticks on
   * round binary sizes ('16 TB', not '19.07 TB'), the one byte unit system of the format module.
   */
  binaryUnit?: number
}

/**
 * Bars over time ([epoch ms, value] points) or over named categories (one value per category):
 * `categories` given means the second.
 */
export type BarData =
  | { categories: readonly string[]; series: readonly CategorySeries[]; range?: undefined }
  | { categories?: undefined; series: readonly TimeSeries[]; range?: TimeRange }
