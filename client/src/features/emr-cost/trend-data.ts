import { useMemo } from 'react'
import {
  budgetCostDayRows,
  type Budget,
  type CostTrendItem,
  type EmrCostDayRow,
  type TrendScope,
} from '@costlens/shared'
import { useEachQuery } from '../../kit/use-each-query.ts'
import { costTrendsApi } from './trends-api.ts'

const DAY_MS = 86_400_000

/**
 * The window a trend asks for: the last `days` UTC days up to now, started at the first of that
 * month, so a budget's running spend (and each day's overrun) counts the month from its start.
 */
export function trendWindow(days: number, now: number): { shownFrom: string; from: number } {
  const firstDay = Math.floor(now / DAY_MS) * DAY_MS - (days - 1) * DAY_MS
  const first = new Date(firstDay)
  return {
    shownFrom: first.toISOString().slice(0, 10),
    from: Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1),
  }
}

export function trendArgs(scope: TrendScope, from: number) {
  return {
    from: String(from),
    ...(scope.kind === 'cluster' && { clusterId: scope.clusterId }),
    ...(scope.kind === 'tag' && { tag: `${scope.key}:${scope.value}` }),
  }
}

/** Each trend item's daily cost: one cached call per item, however many items there are. */
export function useTrendData(items: readonly CostTrendItem[], from: number) {
  const args = useMemo(() => items.map((item) => trendArgs(item.scope, from)), [items, from])
  return useEachQuery(costTrendsApi.endpoints.costTrends, args)
}

/**
 * The cost day rows of a trend with a budget's overrun filled in, month by month: each month's
 * running spend from its 1st against the amount (shared `budgetCostDayRows`). Without a budget
 * the rows are as the server gave them.
 */
export function rowsAgainstBudget(
  rows: readonly EmrCostDayRow[],
  budget: Budget | undefined,
): EmrCostDayRow[] {
  if (!budget) return [...rows]
  const byMonth = new Map<string, EmrCostDayRow[]>()
  for (const row of rows) {
    const month = row.date.slice(0, 7)
    byMonth.set(month, [...(byMonth.get(month) ?? []), row])
  }
  return [...byMonth.values()].flatMap((monthRows) => {
    const overruns = budgetCostDayRows(monthRows, budget.amount)
    return monthRows.map((row, i) => ({ ...row, budgetOverrunCost: overruns[i]!.budgetOverrunCost }))
  })
}
