/**
 * Budgets (03 §2 Budgets, 02 §3 Cost day row, B256): a monthly amount in USD over a scope of cost
 * (EMR clusters, or Databricks usage), its spend to date, its forecast to the month's end, its
 * status and the cost day rows of its details page. Platform-neutral: everything here reads day
 * costs, never where they come from. Months and days are UTC, like every date of the API.
 */
import type { BUDGET_STATUSES } from './status-maps.ts'
import { budgetNameProblem } from './forms.ts'
import { formatMessage, MESSAGES } from '../messages.ts'

/** Ok, At Risk or Exceeded (B256). */
export type BudgetStatus = (typeof BUDGET_STATUSES)[number]

/** The alert threshold a budget gets when none is given: At Risk once the forecast passes 80 %. */
export const DEFAULT_BUDGET_THRESHOLD_PERCENT = 80
/** How many whole days before today the forecast's daily rate is averaged over. */
export const BUDGET_FORECAST_DAYS = 7

const DAY_MS = 86_400_000
/** Dollars to the cent: every figure a budget shows. */
export const roundCents = (n: number) => Math.round(n * 100) / 100
const finiteOrZero = (n: number) => (Number.isFinite(n) ? n : 0)

/** The UTC calendar month a budget is measured in, as seen at `now` (epoch ms). */
export interface BudgetMonth {
  /** The month's first instant, epoch ms (UTC midnight of the 1st). */
  start: number
  /** The next month's first instant, epoch ms: the month is [start, end). */
  end: number
  /** `YYYY-MM`. */
  label: string
  /** Days of the month (28 to 31). */
  days: number
  /** Today's date, `YYYY-MM-DD`: the last cost day row. */
  today: string
  /** Days left until the month ends, counted from `now` with the fraction of today still to come. */
  remainingDays: number
}

/** `YYYY-MM-DD` of an instant (UTC). */
export const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The month `now` falls in, and what is left of it. */
export function budgetMonth(now: number): BudgetMonth {
  const date = new Date(now)
  const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)
  const end = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)
  return {
    start,
    end,
    label: utcDate(start).slice(0, 7),
    days: Math.round((end - start) / DAY_MS),
    today: utcDate(now),
    remainingDays: Math.max(0, (end - now) / DAY_MS),
  }
}

/**
 * The forecast of a month's spend at its end: the spend to date plus the average daily cost of the
 * last {@link BUDGET_FORECAST_DAYS} whole UTC days before today (a day with no cost counts as 0,
 * whichever month it fell in) times the days still to come, today's unspent fraction included. So
 * on the 1st at 00:00 the forecast is a full month at last week's rate, and on the last evening it is
 * almost the spend itself. Never below the spend to date. USD to the cent.
 */
export function budgetForecast(input: {
  spendToDate: number
  /** Cost of each of the whole days before today (up to 7 are read; fewer count the rest as 0). */
  recentDayCosts: readonly number[]
  remainingDays: number
}): number {
  const recent = input.recentDayCosts.slice(-BUDGET_FORECAST_DAYS)
  const perDay = recent.reduce((sum, cost) => sum + Math.max(0, finiteOrZero(cost)), 0) / BUDGET_FORECAST_DAYS
  const spend = Math.max(0, finiteOrZero(input.spendToDate))
  return roundCents(spend + perDay * Math.max(0, finiteOrZero(input.remainingDays)))
}

/**
 * B256: Exceeded once the spend to date is above the amount; At Risk when the forecast to the month's
 * end is above the threshold's share of the amount; Ok otherwise. Spending exactly the amount is
 * not yet exceeding it, and a forecast exactly at the threshold is not yet a risk.
 */
export function budgetStatus(input: {
  amount: number
  spendToDate: number
  forecast: number
  thresholdPercent?: number
}): BudgetStatus {
  const threshold = input.thresholdPercent ?? DEFAULT_BUDGET_THRESHOLD_PERCENT
  if (input.spendToDate > input.amount) return 'Exceeded'
  if (input.forecast > (input.amount * threshold) / 100) return 'At Risk'
  return 'Ok'
}

/** One day's cost as a source gives it: the day and what it cost, with the part that was neglected. */
export interface DayCost {
  /** `YYYY-MM-DD` (UTC). */
  date: string
  /** USD. */
  cost: number
  /** USD: the cost of clusters that did no useful work that day (see the source's definition). */
  neglectedCost?: number
}

/** 02 §3 Cost day row, against a budget. */
export interface BudgetCostDayRow {
  date: string
  /** The day's cost, USD. */
  cost: number
  /** The day's cost minus the day before's, USD (0 for the first day when the day before is unknown). */
  costChange: number
  /** USD; never above the day's cost. */
  neglectedCost: number
  /** The part of the day's cost above the budget line: what the month's running spend passed the amount by that day. */
  budgetOverrunCost: number
  /** The month's spend up to and including this day, USD. */
  cumulativeCost: number
}

/**
 * The cost day rows of a month against a budget of `amount` (02 §3): each day's cost, its change
 * from the day before (`previousDayCost`, the last day of the previous month, for the 1st), its
 * neglected part, and its overrun: the part of that day's cost that took the running spend above
 * the amount (so the overruns of a month add up to how far its spend passed the amount, and a day
 * before the line is crossed has none).
 */
export function budgetCostDayRows(
  days: readonly DayCost[],
  amount: number,
  previousDayCost?: number,
): BudgetCostDayRow[] {
  let cumulative = 0
  let previous = previousDayCost
  return days.map((day) => {
    const cost = roundCents(Math.max(0, finiteOrZero(day.cost)))
    const before = cumulative
    cumulative = roundCents(cumulative + cost)
    const overrun = roundCents(Math.min(cost, Math.max(0, cumulative - Math.max(before, amount))))
    const row: BudgetCostDayRow = {
      date: day.date,
      cost,
      costChange: previous === undefined ? 0 : roundCents(cost - previous),
      neglectedCost: roundCents(Math.min(cost, Math.max(0, finiteOrZero(day.neglectedCost ?? 0)))),
      budgetOverrunCost: overrun,
      cumulativeCost: cumulative,
    }
    previous = cost
    return row
  })
}

/** What a budget list row and details page show of a budget's month. */
export interface BudgetStanding {
  month: string
  spendToDate: number
  forecast: number
  status: BudgetStatus
  /** Spend to date as a percent of the amount (one decimal). */
  spentPercent: number
}

/**
 * A budget's standing at `now` from the cost of each day of its scope: the days of this month up
 * to today (today's cost so far) and the {@link BUDGET_FORECAST_DAYS} whole days before today.
 * Days missing from `days` cost nothing.
 */
export function budgetStanding(input: {
  amount: number
  thresholdPercent?: number
  now: number
  days: readonly DayCost[]
}): BudgetStanding {
  const month = budgetMonth(input.now)
  const monthStart = utcDate(month.start)
  const costByDate = new Map(input.days.map((d) => [d.date, Math.max(0, finiteOrZero(d.cost))]))
  const spendToDate = roundCents(
    [...costByDate]
      .filter(([date]) => date >= monthStart && date <= month.today)
      .reduce((s, [, c]) => s + c, 0),
  )
  const todayStart = Date.UTC(
    Number(month.today.slice(0, 4)),
    Number(month.today.slice(5, 7)) - 1,
    Number(month.today.slice(8, 10)),
  )
  const recentDayCosts = Array.from(
    { length: BUDGET_FORECAST_DAYS },
    (_, i) => costByDate.get(utcDate(todayStart - (BUDGET_FORECAST_DAYS - i) * DAY_MS)) ?? 0,
  )
  const forecast = budgetForecast({ spendToDate, recentDayCosts, remainingDays: month.remainingDays })
  return {
    month: month.label,
    spendToDate,
    forecast,
    status: budgetStatus({
      amount: input.amount,
      spendToDate,
      forecast,
      thresholdPercent: input.thresholdPercent,
    }),
    spentPercent: input.amount > 0 ? Math.round((spendToDate / input.amount) * 1000) / 10 : 0,
  }
}

/** A budget form as typed: numbers stay '' until the user gives one. */
export interface BudgetDraft {
  name: string
  amount: number | ''
  scopeType: 'all' | 'clusters' | 'workspaces' | 'tag'
  clusterIds: readonly string[]
  /** Databricks workspace names (scope workspaces). */
  workspaces: readonly string[]
  tagKey: string
  tagValue: string
  thresholdPercent: number | ''
}

export type BudgetDraftErrors = Partial<
  Record<'name' | 'amount' | 'clusterIds' | 'workspaces' | 'tag' | 'thresholdPercent', string>
>

/**
 * What the budget form says before sending (the server checks the same): a name (M072), not another
 * budget's (B257, M076); an amount above 0 (M077) with at most two decimals (M086); at least one
 * cluster, one workspace or a tag for those scopes; a threshold from 1 to 100 % (M085). `otherNames` are the other
 * budgets' names (an edited budget keeps its own).
 */
export function budgetDraftErrors(draft: BudgetDraft, otherNames: readonly string[]): BudgetDraftErrors {
  const errors: BudgetDraftErrors = {}
  if (!draft.name.trim()) errors.name = formatMessage('M072', { item_name: 'Budget name' })
  else {
    const taken = budgetNameProblem(draft.name, otherNames)
    if (taken) errors.name = taken
  }
  if (draft.amount === '') errors.amount = formatMessage('M072', { item_name: 'Amount' })
  else if (!(draft.amount > 0)) errors.amount = MESSAGES.M077
  else if (Math.round(draft.amount * 100) !== draft.amount * 100) errors.amount = MESSAGES.M086
  if (draft.scopeType === 'clusters' && draft.clusterIds.length === 0)
    errors.clusterIds = formatMessage('M072', { item_name: 'At least one cluster' })
  if (draft.scopeType === 'workspaces' && draft.workspaces.length === 0)
    errors.workspaces = formatMessage('M072', { item_name: 'At least one workspace' })
  if (draft.scopeType === 'tag' && (!draft.tagKey || !draft.tagValue))
    errors.tag = formatMessage('M072', { item_name: 'A tag' })
  const pct = draft.thresholdPercent
  if (pct === '' || !Number.isInteger(pct) || pct < 1 || pct > 100) errors.thresholdPercent = MESSAGES.M085
  return errors
}
