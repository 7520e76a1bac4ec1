import { useMemo } from 'react'
import { DEFAULT_THEME } from '@mantine/core'
import type { Options, Point, SeriesXrangeOptions } from 'highcharts'
import {
  APP_STATUS_LABELS,
  borderClass,
  formatAppType,
  formatDateTime,
  formatDollars,
  formatDurationMs,
  withZone,
  type AppStatusCode,
  type StatusStyle,
  type WorkflowChild,
} from '@costlens/shared'
import { ChartShell } from '../../components/charts/chart-shell.tsx'
import { baseOptions, tooltipHtml } from '../../components/charts/chart-options.ts'

/** A bar's colour per status style, the hues of the status badges (dark shades: 3:1 on white). */
const STATUS_BAR_COLOURS: Readonly<Record<StatusStyle, string>> = {
  success: DEFAULT_THEME.colors.green[8],
  error: DEFAULT_THEME.colors.red[8],
  killed: DEFAULT_THEME.colors.orange[8],
  running: DEFAULT_THEME.colors.blue[7],
  pending: '#b8860b',
  waiting: '#b8860b',
  unknown: DEFAULT_THEME.colors.gray[7],
}
/** Rows of bars: each child one row, this many pixels tall, under a title and above a time axis. */
const ROW_PX = 36
const FRAME_PX = 150

const statusWord = (code: string) => {
  const word = APP_STATUS_LABELS[code as AppStatusCode] ?? code
  return word.charAt(0).toUpperCase() + word.slice(1)
}

/** A child's row label: its place in the run, its type and its id. */
export const childLabel = (c: WorkflowChild, i: number) => `${i + 1}. ${formatAppType(c.kind)} ${c.id}`

interface GanttPoint {
  x: number
  x2: number
  y: number
  name: string
  custom: { child: WorkflowChild; label: string }
}

/**
 * The Highcharts options of a workflow's Gantt (pure, for the component and its tests): one row per
 * child in start order, a bar from its start to its end (now while it runs), one series per status
 * so the legend names the colours in words.
 */
export function workflowGanttOptions(children: readonly WorkflowChild[], title: string): Options {
  const labels = children.map(childLabel)
  const byStatus = new Map<string, GanttPoint[]>()
  children.forEach((child, y) => {
    const points = byStatus.get(child.status) ?? []
    points.push({
      x: child.startTime,
      // A running child's duration is up to the simulator's now: its bar ends there.
      x2: child.endTime ?? child.startTime + child.duration,
      y,
      name: labels[y]!,
      custom: { child, label: labels[y]! },
    })
    byStatus.set(child.status, points)
  })
  const series: SeriesXrangeOptions[] = [...byStatus].map(([status, data]) => ({
    type: 'xrange',
    name: statusWord(status),
    color: STATUS_BAR_COLOURS[borderClass(status)],
    data,
  }))
  const base = baseOptions({
    title,
    description: 'One bar per application, from its start to its end, coloured by its status.',
  })
  return {
    ...base,
    chart: { ...base.chart, type: 'xrange', height: FRAME_PX + ROW_PX * Math.max(children.length, 1) },
    xAxis: { type: 'datetime', title: { text: withZone('Time') } },
    yAxis: {
      type: 'category',
      categories: labels,
      reversed: true,
      title: { text: undefined },
      labels: { style: { fontSize: '11px' } },
    },
    tooltip: {
      formatter(this: Point) {
        const { child } = (this.options as { custom: { child: WorkflowChild } }).custom
        return tooltipHtml(`${formatAppType(child.kind)} ${child.id}`, [
          { name: 'Status', value: statusWord(child.status), color: String(this.color) },
          { name: withZone('Started'), value: formatDateTime(child.startTime) },
          {
            name: withZone('Ended'),
            value: child.endTime === null ? 'Still running' : formatDateTime(child.endTime),
          },
          { name: 'Duration', value: formatDurationMs(child.duration) },
          { name: 'Cost (USD)', value: formatDollars(child.cents / 100) },
          { name: 'User', value: child.user },
        ])
      },
    },
    plotOptions: {
      xrange: {
        // One row per child: bars of different statuses share no row, so no room is kept for them.
        grouping: false,
        // x-range colours each point apart by default: here the colour is the status, the series'.
        colorByPoint: false,
        borderRadius: 2,
        pointPadding: 0.15,
        minPointLength: 3,
        dataLabels: { enabled: false },
      },
    },
    series,
  }
}

/** The children of a workflow (or the queries of a session) over time (Highcharts x-range). */
export function WorkflowGantt({
  children,
  title = 'Children over time',
}: {
  children: readonly WorkflowChild[]
  title?: string
}) {
  const options = useMemo(() => workflowGanttOptions(children, title), [children, title])
  return (
    <ChartShell
      title={title}
      options={options}
      hasData={children.length > 0}
      height={FRAME_PX + ROW_PX * Math.max(children.length, 1)}
    />
  )
}
