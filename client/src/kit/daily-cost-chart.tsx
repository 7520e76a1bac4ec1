import { useMemo } from 'react'
import { formatDollars } from '@costlens/shared'
import { paletteColour } from '../components/charts/chart-options.ts'
import { daySeries } from './chart-panel.tsx'
import { DayBarsChart, type OverlayLine } from './day-bars-chart.tsx'

/**
 * One day's cost split, as the trends and the budget details answer it: EC2 / EMR / EBS for EMR,
 * DBU cost / VM cost for a Databricks budget (the parts the chart stacks are its `parts`).
 */
export interface DailyCostPoint {
  /** `YYYY-MM-DD` (UTC). */
  date: string
  ec2: number
  emr: number
  ebs: number
  dbuCost?: number
  vmCost?: number
  /** Month to date, for the cumulative budget view. */
  cumulativeCost?: number
}

/** The parts of a day's cost a chart stacks and a table splits, by field: label. */
export type CostParts = Readonly<Partial<Record<'ec2' | 'emr' | 'ebs' | 'dbuCost' | 'vmCost', string>>>
/** An EMR cluster's cost: its EC2 instances, the EMR charge and its EBS volumes. */
export const EMR_COST_PARTS: CostParts = { ec2: 'EC2', emr: 'EMR', ebs: 'EBS' }
/** Databricks compute: DBUs at their SKU list price, and the cloud VMs under them. */
export const DATABRICKS_COST_PARTS: CostParts = { dbuCost: 'DBUs', vmCost: 'Cloud VMs' }

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
  /** What the columns stack; EC2 / EMR / EBS unless said. */
  parts?: CostParts
}

const PART_COLOURS = [paletteColour(0), paletteColour(3), paletteColour(1)]
const BUDGET_COLOUR = paletteColour(7)
const SPEND_COLOUR = paletteColour(2)

const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`)
const daysInMonthOf = (date: string) => {
  const d = new Date(dayStart(date))
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
}

/** The budget's lines over the days: its daily share, or the month's running spend, forecast and amount. */
export function budgetLines(days: readonly DailyCostPoint[], budget: BudgetLine): OverlayLine[] {
  const at = (date: string, value: number | null) => [dayStart(date), value] as const
  if (budget.kind === 'daily') {
    const data = days.map((d) => at(d.date, budget.amount / daysInMonthOf(d.date)))
    return [{ name: budget.name, color: BUDGET_COLOUR, dashStyle: 'Dash', step: true, data }]
  }
  const last = days.at(-1)
  const spend = days.map((d) => at(d.date, d.cumulativeCost ?? null))
  const forecast = last ? [at(last.date, last.cumulativeCost ?? 0), at(budget.lastDay, budget.forecast)] : []
  const amount = [at(days[0]?.date ?? budget.lastDay, budget.amount), at(budget.lastDay, budget.amount)]
  return [
    { name: 'Spend this month', color: SPEND_COLOUR, markers: days.length < 2, rightAxis: true, data: spend },
    {
      name: 'Forecast to month end',
      color: SPEND_COLOUR,
      dashStyle: 'ShortDot',
      markers: true,
      rightAxis: true,
      data: forecast,
    },
    { name: budget.name, color: BUDGET_COLOUR, dashStyle: 'Dash', rightAxis: true, data: amount },
  ]
}

/** Daily cost stacked by its parts (EC2, EMR and EBS), with the budget it is held against when there is one. */
export function DailyCostChart({
  title,
  description,
  days,
  budget,
  height,
  parts = EMR_COST_PARTS,
}: DailyCostChartProps) {
  const chart = useMemo(() => {
    const cumulative = budget?.kind === 'cumulative' ? budget : undefined
    return {
      bars: daySeries(days, parts as Readonly<Record<keyof CostParts, string>>).map((s, i) => ({
        ...s,
        color: PART_COLOURS[i],
      })),
      lines: budget ? budgetLines(days, budget) : [],
      // The amount and the forecast always show, even while the spend is far below them.
      rightAxis: cumulative && {
        title: 'Month to date (USD)',
        softMax: Math.max(cumulative.amount, cumulative.forecast),
      },
      lastDay: cumulative && dayStart(cumulative.lastDay),
    }
  }, [days, budget, parts])
  return (
    <DayBarsChart
      title={title}
      description={description}
      height={height}
      {...chart}
      valueFormat={formatDollars}
      yAxisTitle="Cost a day (USD)"
    />
  )
}
