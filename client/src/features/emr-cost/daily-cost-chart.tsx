import { formatDollars } from '@costlens/shared'
import { useMemo } from 'react'
import type { Options, Point, SeriesColumnOptions, SeriesLineOptions } from 'highcharts'
import { ChartShell } from '../../components/charts/chart-shell.tsx'
import {
  baseOptions,
  paletteColour,
  tooltipHtml,
  valueAxisLabels,
} from '../../components/charts/chart-options.ts'

const DAY_MS = 86_400_000

/** One day's cost split, as the trends and the budget details answer it. */
export interface DailyCostPoint {
  /** `YYYY-MM-DD` (UTC). */
  date: string
  ec2: number
  emr: number
  ebs: number
  /** Month to date, for the cumulative budget view. */
  cumulativeCost?: number
}

/**
 * A budget drawn against the days: `daily` as the amount spread over its month (a dashed line
 * beside each day's column), `cumulative` as the amount against the month's running spend, on a
 * second axis (the budget details).
 */
export type BudgetLine =
  | { kind: 'daily'; amount: number; name: string }
  | {
      kind: 'cumulative'
      amount: number
      name: string
      /** The month's last day (`YYYY-MM-DD`): the axis spans the whole month. */
      lastDay: string
      /** The forecast at the month's end, drawn from today's running spend. */
      forecast: number
    }

export interface DailyCostChartProps {
  title: string
  description?: string
  days: readonly DailyCostPoint[]
  budget?: BudgetLine | null
  height?: number
}

const PARTS = [
  { key: 'ec2', name: 'EC2', color: paletteColour(0) },
  { key: 'emr', name: 'EMR', color: paletteColour(3) },
  { key: 'ebs', name: 'EBS', color: paletteColour(1) },
] as const

const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`)
const daysInMonthOf = (date: string) => {
  const d = new Date(dayStart(date))
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
}

/** The chart's Highcharts options; pure, for the component and its tests. */
export function dailyCostChartOptions(props: DailyCostChartProps): Options {
  const base = baseOptions(props)
  const columns: SeriesColumnOptions[] = PARTS.map((part) => ({
    type: 'column',
    name: part.name,
    color: part.color,
    yAxis: 0,
    pointRange: DAY_MS,
    data: props.days.map((d) => [dayStart(d.date), d[part.key]]),
  }))
  const lines: SeriesLineOptions[] = []
  const budget = props.budget
  if (budget?.kind === 'daily')
    lines.push({
      type: 'line',
      name: budget.name,
      color: paletteColour(7),
      dashStyle: 'Dash',
      step: 'center',
      marker: { enabled: false },
      yAxis: 0,
      data: props.days.map((d) => [dayStart(d.date), budget.amount / daysInMonthOf(d.date)]),
    })
  const last = props.days.at(-1)
  if (budget?.kind === 'cumulative') {
    const monthEnd = dayStart(budget.lastDay)
    lines.push(
      {
        type: 'line',
        name: 'Spend this month',
        color: paletteColour(2),
        marker: { enabled: props.days.length < 2 },
        yAxis: 1,
        data: props.days.map((d) => [dayStart(d.date), d.cumulativeCost ?? null]),
      },
      {
        type: 'line',
        name: 'Forecast to month end',
        color: paletteColour(2),
        dashStyle: 'ShortDot',
        marker: { enabled: true, radius: 3 },
        yAxis: 1,
        data: last
          ? [
              [dayStart(last.date), last.cumulativeCost ?? 0],
              [monthEnd, budget.forecast],
            ]
          : [],
      },
      {
        type: 'line',
        name: budget.name,
        color: paletteColour(7),
        dashStyle: 'Dash',
        marker: { enabled: false },
        yAxis: 1,
        data: [
          [dayStart(props.days[0]?.date ?? budget.lastDay), budget.amount],
          [monthEnd, budget.amount],
        ],
      },
    )
  }
  return {
    ...base,
    xAxis: {
      type: 'datetime',
      title: { text: 'Day (UTC)' },
      // The budget view spans its whole month, so the forecast reaches the month's end.
      ...(budget?.kind === 'cumulative' && { max: dayStart(budget.lastDay) + DAY_MS / 2 }),
    },
    yAxis: [
      { min: 0, title: { text: 'Cost a day (USD)' }, labels: valueAxisLabels(formatDollars) },
      ...(budget?.kind === 'cumulative'
        ? [
            {
              min: 0,
              // The amount and the forecast always show, even while the spend is far below them.
              softMax: Math.max(budget.amount, budget.forecast),
              opposite: true,
              title: { text: 'Month to date (USD)' },
              labels: valueAxisLabels(formatDollars),
            },
          ]
        : []),
    ],
    tooltip: {
      shared: true,
      formatter() {
        const points = this.points ?? [this]
        const parts = points.filter((p: Point) => p.series.type === 'column')
        const total = parts.reduce((sum, p) => sum + (p.y ?? 0), 0)
        return tooltipHtml(new Date(this.x).toISOString().slice(0, 10), [
          ...points.map((p: Point) => ({
            name: p.series.name,
            value: formatDollars(p.y ?? 0),
            color: String(p.color),
          })),
          { name: 'Day total', value: formatDollars(total) },
        ])
      },
    },
    plotOptions: { column: { stacking: 'normal', borderWidth: 0, maxPointWidth: 20 } },
    series: [...columns, ...lines],
  }
}

/** Daily cost stacked by EC2, EMR and EBS, with the budget it is held against when there is one. */
export function DailyCostChart(props: DailyCostChartProps) {
  const { title, description, days, budget, height } = props
  const options = useMemo(
    () => dailyCostChartOptions({ title, description, days, budget, height }),
    [title, description, days, budget, height],
  )
  return <ChartShell title={title} options={options} hasData={days.length > 0} height={height} />
}
