import { useMemo, useState } from 'react'
import type { Options, Point, PointOptionsObject } from 'highcharts'
import { CHART, percentOf, toggleDonutSlice } from '@costlens/shared'
import { ChartShell } from './chart-shell.tsx'
import { baseOptions, defaultValueFormat, tooltipHtml } from './chart-options.ts'
import type { ChartBaseProps, ValueFormat } from './chart-types.ts'

export interface DonutSlice {
  name: string
  value: number
  color?: string
}

export interface DonutChartProps extends ChartBaseProps {
  slices: readonly DonutSlice[]
  /**
   * The names of hidden slices, for a parent that keeps them (e.g. in the address); without it the
   * chart keeps its own, starting with all shown.
   */
  hidden?: readonly string[]
  /** Told the hidden slices after each toggle. */
  onHiddenChange?: (hidden: string[]) => void
}

/** B143, B269: a slice's tooltip value: the value and its share of the shown slices, to 1 decimal. */
export function donutValue(value: number, total: number, format: ValueFormat): string {
  return `${format(value)} (${percentOf(value, total)})`
}

/** Highcharts reads a point's `visible` (Point#setVisible updates it), though its typings omit it. */
type SlicePoint = PointOptionsObject & { visible: boolean }

/** Room for the title above a 180 px donut (the legend sits beside it). */
const DONUT_CHART_HEIGHT = CHART.donut.size + 70

/** The Highcharts options of a donut; pure, for the component and its tests. */
export function donutChartOptions(
  props: DonutChartProps & { hidden: readonly string[]; onToggle: (slice: string) => void },
): Options {
  const format = props.valueFormat ?? defaultValueFormat
  const base = baseOptions({ ...props, height: props.height ?? DONUT_CHART_HEIGHT })
  const { onToggle } = props
  return {
    ...base,
    chart: { ...base.chart, type: 'pie' },
    legend: { ...base.legend, layout: 'vertical', align: 'right', verticalAlign: 'middle' },
    tooltip: {
      formatter() {
        return tooltipHtml(null, [
          {
            name: this.name,
            value: donutValue(this.y ?? 0, this.total ?? 0, format),
            color: String(this.color),
          },
        ])
      },
    },
    plotOptions: {
      pie: {
        size: CHART.donut.size,
        innerSize: CHART.donut.innerSize,
        showInLegend: true,
        dataLabels: { enabled: false },
        borderWidth: 1,
        // A click hides the slice (B269); it returns through its legend entry.
        allowPointSelect: false,
        cursor: 'pointer',
        point: {
          events: {
            click(this: Point) {
              onToggle(this.name)
            },
            legendItemClick(this: Point, event) {
              event.preventDefault()
              onToggle(this.name)
            },
          },
        },
      },
    },
    series: [
      {
        type: 'pie',
        name: props.title,
        data: props.slices.map((s): SlicePoint => ({
          name: s.name,
          y: s.value,
          color: s.color,
          visible: !props.hidden.includes(s.name),
        })),
      },
    ],
  }
}

/**
 * A donut (180 × 180, the hole 75 % across) with its legend: how one total splits into a few
 * parts (cost by cluster, jobs by state). Clicking a slice or its legend entry hides or shows it,
 * and the other slices' percentages follow. For more than a dozen parts, or parts over time, a
 * bar chart reads better.
 */
export function DonutChart(props: DonutChartProps) {
  const { title, description, height, valueFormat, slices, onHiddenChange } = props
  const [ownHidden, setOwnHidden] = useState<readonly string[]>([])
  const hidden = props.hidden ?? ownHidden
  const options = useMemo(() => {
    const onToggle = (slice: string) => {
      const next = toggleDonutSlice(hidden, slice)
      setOwnHidden(next)
      onHiddenChange?.(next)
    }
    return donutChartOptions({ title, description, height, valueFormat, slices, hidden, onToggle })
  }, [title, description, height, valueFormat, slices, hidden, onHiddenChange])
  return (
    <ChartShell
      title={title}
      options={options}
      hasData={slices.some((s) => s.value > 0)}
      height={height ?? DONUT_CHART_HEIGHT}
      exportAllowed={props.exportAllowed}
      emptyText={props.emptyText}
    />
  )
}
