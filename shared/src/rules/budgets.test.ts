import { describe, expect, it } from 'vitest'
import {
  BUDGET_FORECAST_DAYS,
  budgetCostDayRows,
  budgetDraftErrors,
  budgetForecast,
  budgetMonth,
  budgetStanding,
  budgetStatus,
  DEFAULT_BUDGET_THRESHOLD_PERCENT,
} from './budgets.ts'

const at = (iso: string) => Date.parse(iso)

describe('budget month (UTC)', () => {
  it.each([
    // now → month, days, today, remaining days
    ['2026-11-25T12:00:00Z', '2026-11', 30, '2026-11-25', 5.5],
    ['2026-11-01T00:00:00Z', '2026-11', 30, '2026-11-01', 30],
    ['2026-02-28T18:00:00Z', '2026-02', 28, '2026-02-28', 0.25],
    ['2028-02-10T00:00:00Z', '2028-02', 29, '2028-02-10', 20],
    ['2026-12-31T23:00:00Z', '2026-12', 31, '2026-12-31', 1 / 24],
  ])('%s is in %s (%s days), today %s, %s days left', (now, label, days, today, remaining) => {
    const month = budgetMonth(at(now))
    expect(month).toMatchObject({ label, days, today })
    expect(month.remainingDays).toBeCloseTo(remaining, 9)
    expect(month.end - month.start).toBe(days * 86_400_000)
  })
})

describe('budget forecast: spend to date + the last 7 whole days’ average × days left', () => {
  it.each([
    // spend, recent day costs, days left → forecast
    [1000, [100, 100, 100, 100, 100, 100, 100], 5.5, 1550],
    [0, [70, 0, 0, 0, 0, 0, 0], 30, 300],
    [24, [10, 10, 10, 10, 10, 10, 10], 27.75, 301.5],
    // only the last 7 are read; fewer days count the missing ones as 0
    [0, [999, 7, 7, 7, 7, 7, 7, 7], 10, 70],
    [0, [14], 10, 20],
    // nothing left of the month: the spend itself
    [812.34, [500, 500], 0, 812.34],
    // bad inputs never make a forecast below the spend or a NaN
    [50, [Number.NaN, -20, 0, 0, 0, 0, 0], 3, 50],
  ])('spend $%s, recent %j, %s days left → $%s', (spendToDate, recentDayCosts, remainingDays, forecast) => {
    expect(budgetForecast({ spendToDate, recentDayCosts, remainingDays })).toBe(forecast)
  })

  it('reads 7 days', () => expect(BUDGET_FORECAST_DAYS).toBe(7))
})

describe('B256 budget status: Ok, At Risk, Exceeded', () => {
  it.each([
    // amount, spend, forecast, threshold % → status
    [2000, 1000, 1550, 80, 'Ok'],
    [2000, 1000, 1600, 80, 'Ok'], // exactly at the threshold is not yet a risk
    [2000, 1000, 1600.01, 80, 'At Risk'],
    [2000, 2000, 2000, 80, 'At Risk'], // spending exactly the amount is not exceeding it
    [2000, 2000.01, 2100, 80, 'Exceeded'],
    [2000, 2500, 2500, 100, 'Exceeded'],
    [2000, 100, 1999, 100, 'Ok'],
    [2000, 100, 1001, 50, 'At Risk'],
    [300, 24, 301.5, undefined, 'At Risk'], // default threshold 80 %: 240
  ] as const)(
    'B256 amount $%s, spend $%s, forecast $%s, threshold %s%% → %s',
    (amount, spend, forecast, pct, status) => {
      expect(budgetStatus({ amount, spendToDate: spend, forecast, thresholdPercent: pct })).toBe(status)
    },
  )

  it('B256 the default threshold is 80 %', () => expect(DEFAULT_BUDGET_THRESHOLD_PERCENT).toBe(80))
})

describe('cost day rows against a budget (02 §3 Cost day row)', () => {
  const days = [
    { date: '2026-11-01', cost: 100, neglectedCost: 30 },
    { date: '2026-11-02', cost: 100, neglectedCost: 150 },
    { date: '2026-11-03', cost: 100 },
    { date: '2026-11-04', cost: 50 },
  ]
  const rows = budgetCostDayRows(days, 250, 80)

  it.each([
    // date, cost, change, neglected, overrun, cumulative
    ['2026-11-01', 100, 20, 30, 0, 100],
    ['2026-11-02', 100, 0, 100, 0, 200], // neglected never above the day's cost
    ['2026-11-03', 100, 0, 0, 50, 300], // the line (250) is crossed this day: 50 of its 100 is over
    ['2026-11-04', 50, -50, 0, 50, 350], // past the line, the whole day is over
  ])(
    '%s: $%s, change %s, neglected %s, overrun %s, month so far %s',
    (date, cost, change, neglected, overrun, cum) => {
      expect(rows.find((r) => r.date === date)).toEqual({
        date,
        cost,
        costChange: change,
        neglectedCost: neglected,
        budgetOverrunCost: overrun,
        cumulativeCost: cum,
      })
    },
  )

  it('the overruns add up to how far the month passed the amount', () => {
    expect(rows.reduce((s, r) => s + r.budgetOverrunCost, 0)).toBe(350 - 250)
  })

  it('without the day before, the first change is 0; under the line nothing overruns', () => {
    const under = budgetCostDayRows(days, 10_000)
    expect(under[0]!.costChange).toBe(0)
    expect(under.every((r) => r.budgetOverrunCost === 0)).toBe(true)
  })
})

describe('budget standing at a moment', () => {
  // October's last week at $10 a day (and an expensive day before it, outside the 7), then $10, $10
  // and $4 so far in November.
  const days = [
    { date: '2026-10-26', cost: 999 },
    ...['27', '28', '29', '30', '31'].map((d) => ({ date: `2026-10-${d}`, cost: 10 })),
    { date: '2026-11-01', cost: 10 },
    { date: '2026-11-02', cost: 10 },
    { date: '2026-11-03', cost: 4 },
  ]

  it.each([
    // amount, threshold → status (spend $24, forecast $301.50 on 3 Nov 06:00)
    [300, 80, 'At Risk'],
    [400, 80, 'Ok'],
    [20, 80, 'Exceeded'],
    [350, 90, 'Ok'],
  ] as const)('amount $%s at %s%%: %s', (amount, thresholdPercent, status) => {
    expect(budgetStanding({ amount, thresholdPercent, now: at('2026-11-03T06:00:00Z'), days })).toEqual({
      month: '2026-11',
      spendToDate: 24,
      forecast: 301.5,
      status,
      spentPercent: Math.round((24 / amount) * 1000) / 10,
    })
  })
})

describe('B257 M077 budget form checks', () => {
  const ok = {
    name: 'Nightly ETL',
    amount: 1200 as number | '',
    scopeType: 'all' as const,
    clusterIds: [],
    workspaces: [],
    tagKey: '',
    tagValue: '',
    thresholdPercent: 80 as number | '',
  }
  it.each([
    // change → field, message
    [{ name: '  ' }, 'name', 'Budget name is required.'],
    [{ name: ' all emr ' }, 'name', 'Budget name already exists.'],
    [{ amount: '' }, 'amount', 'Amount is required.'],
    [{ amount: 0 }, 'amount', 'Value cannot be zero.'],
    [{ amount: -5 }, 'amount', 'Value cannot be zero.'],
    [{ amount: 10.005 }, 'amount', 'Maximum two decimal points.'],
    [{ scopeType: 'clusters' }, 'clusterIds', 'At least one cluster is required.'],
    [{ scopeType: 'workspaces' }, 'workspaces', 'At least one workspace is required.'],
    [{ scopeType: 'tag', tagKey: 'team' }, 'tag', 'A tag is required.'],
    [{ thresholdPercent: 0 }, 'thresholdPercent', 'Ensure to maintain the value between 1 and 100.'],
    [{ thresholdPercent: 101 }, 'thresholdPercent', 'Ensure to maintain the value between 1 and 100.'],
  ] as const)('B257 M077 %j: %s says %j', (change, field, message) => {
    expect(budgetDraftErrors({ ...ok, ...change } as typeof ok, ['All EMR'])).toEqual({ [field]: message })
  })

  it.each([
    [{}],
    [{ amount: 0.01 }],
    [{ amount: 1234.56 }],
    [{ scopeType: 'clusters', clusterIds: ['j-1'] }],
    [{ scopeType: 'workspaces', workspaces: ['analytics-prod'] }],
    [{ scopeType: 'tag', tagKey: 'team', tagValue: 'data' }],
    [{ thresholdPercent: 100 }],
  ] as const)('a valid budget %j has no errors', (change) => {
    expect(budgetDraftErrors({ ...ok, ...change } as typeof ok, ['All EMR'])).toEqual({})
  })
})
