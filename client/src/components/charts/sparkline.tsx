import { Suspense, memo, useMemo } from 'react'
import type { Chart, Options } from 'highcharts'
import { formatDateTime, zoneLabel } from '@costlens/shared'
import { LazyHighchartsFrame } from './load-highcharts.tsx'
import { useDeferredMount } from './use-deferred-mount.ts'

/** One point of a trend: [epoch ms, value]. */
export type SparkPoint = readonly [number, number]

export interface SparklineProps {
  /** What the line shows, e.g. 'Duration trend'; the start of the accessible summary. */
  name: string
  /** Oldest first. */
  data: readonly SparkPoint[]
  /** How a value reads in the tooltip and the summary (a duration, bytes). */
  format: (value: number) => string
  width?: number
  height?: number
  color?: string
}

/** B272-style plain summary for screen readers: "Duration trend: 12 runs, last 4m 3s". */
export function sparklineSummary(name: string, data: readonly SparkPoint[], format: (v: number) => string) {
  const last = data.at(-1)
  if (!last) return `${name}: no runs`
  return `${name}: ${data.length} run${data.length === 1 ? '' : 's'}, last ${format(last[1])}`
}

/**
 * A tiny line chart for a table cell: no axes, legend or title, a marker on the latest point (so
 * a one-run series still shows), and a tooltip with the run's time and formatted value. The
 * tooltip is drawn outside the chart, since a 28 px tall cell would clip it. Highcharts' own
 * accessibility module is off: the wrapper is one image whose label summarises the line.
 *
 * Drawn in a task after the row (useDeferredMount): a table's rows and count show first, and its
 * lines follow one by one.
 *
 * Memoised, on the points' values (sameSparkline): highcharts-react updates its chart on every
 * render it gets, and a chart update can change the table's layout, whose resize observer
 * re-renders the cells: without the memo the charts of a page kept redrawing each other and
 * starved every other update. A refetch (a filter, a new range) brings the same runs in new
 * arrays; comparing arrays, every kept row's lines were updated again, half a second a page.
 */
export const Sparkline = memo(function Sparkline({
  name,
  data,
  format,
  width = 96,
  height = 28,
  color,
}: SparklineProps) {
  const drawn = useDeferredMount()
  const options = useMemo<Options>(
    () => ({
      chart: {
        type: 'line',
        width,
        height,
        margin: [3, 3, 3, 3],
        backgroundColor: 'transparent',
        animation: false,
        // A fixed size: nothing to reflow, so no resize observer per chart.
        reflow: false,
        style: { fontFamily: 'inherit' },
      },
      accessibility: { enabled: false },
      title: { text: undefined },
      credits: { enabled: false },
      legend: { enabled: false },
      // No ticks on either axis: a 72 px line has none to show, and a datetime axis still formatted
      // its hidden labels (about 0.1 s of a page of 45 lines in a profile). The tooltip formats the
      // time itself.
      xAxis: { visible: false, tickPositions: [] },
      yAxis: { visible: false, startOnTick: false, endOnTick: false, tickPositions: [] },
      tooltip: {
        outside: true,
        hideDelay: 0,
        formatter() {
          return `${formatDateTime(Number(this.x))} ${zoneLabel()}<br/><b>${format(Number(this.y))}</b>`
        },
      },
      plotOptions: {
        series: {
          animation: false,
          lineWidth: 1.5,
          color: color ?? 'var(--mantine-color-blue-8)',
          marker: { enabled: false, radius: 2, states: { hover: { radius: 3 } } },
          states: { hover: { lineWidthPlus: 0 } },
        },
      },
      series: [
        {
          type: 'line',
          name,
          data: data.map(([x, y], i) =>
            i === data.length - 1 ? { x, y, marker: { enabled: true } } : { x, y },
          ),
        },
      ],
    }),
    [data, format, name, width, height, color],
  )
  return (
    <div role="img" aria-label={sparklineSummary(name, data, format)} style={{ width, height }}>
      {/* Nothing until drawn or while Highcharts loads: the label already says what the line shows. */}
      {/* Hidden from the first frame: Highcharts gives its container an image role of its own, which
          hideFromAssistiveTech removes only once the chart is made (axe caught one in between). */}
      {drawn && (
        <div aria-hidden="true">
          <Suspense fallback={null}>
            <LazyHighchartsFrame
              options={options}
              containerProps={{ style: { width, height } }}
              onChart={hideFromAssistiveTech}
            />
          </Suspense>
        </div>
      )}
    </div>
  )
}, sameSparkline)

/** The same line: every prop the same, the points compared by value. */
export function sameSparkline(before: SparklineProps, after: SparklineProps): boolean {
  const { data: a, ...restBefore } = before
  const { data: b, ...restAfter } = after
  const keys = Object.keys(restBefore) as (keyof typeof restBefore)[]
  if (keys.length !== Object.keys(restAfter).length) return false
  if (keys.some((key) => restBefore[key] !== restAfter[key])) return false
  return a.length === b.length && a.every((point, i) => point[0] === b[i]![0] && point[1] === b[i]![1])
}

/** The drawing itself is decoration: the wrapper's label already says what it shows. */
function hideFromAssistiveTech(chart: Chart | null) {
  if (!chart) return
  // Highcharts gives its own elements an image role too; one labelled image is enough.
  for (const element of [chart.container.parentElement, chart.container, chart.renderer.box]) {
    if (!element) continue
    element.setAttribute('aria-hidden', 'true')
    element.removeAttribute('role')
  }
}
