import { describe, expect, it } from 'vitest'
import { VALUE_DASHBOARD_DEFAULTS, valueDashboardQuery, valueDashboardResult } from './value-dashboard.ts'

describe('B247 B248 B249 B250 value dashboard address', () => {
  const now = Date.parse('2025-06-15T10:00Z')
  it('B250 C11 defaults: 10 rows, untappedSavings descending, last 7 completed UTC days', () => {
    const q = valueDashboardQuery('', now, [])
    expect(VALUE_DASHBOARD_DEFAULTS.pageSize).toBe(10)
    expect(q.sort).toEqual({ key: 'untappedSavings', direction: 'desc' })
    expect(q.range).toEqual({
      start: Date.parse('2025-06-08T00:00Z'),
      end: Date.parse('2025-06-15T00:00Z') - 1,
    })
  })

  it.each([
    ['?dateRange=30_d', '30_d'],
    ['?dateRange=14_d', '14_d'],
    ['?dateRange=999_d', '7_d'],
    ['?dateRange=yesterday', 'yesterday'],
  ])('B248 G20 %s applies %s', (search, dateRange) => {
    expect(valueDashboardQuery(search, now, []).dateRange).toBe(dateRange)
  })

  it.each([
    ['?totalCostMin=1&totalCostMax=10', { totalCost: { min: 1, max: 10 } }],
    ['?totalCostMin=1', {}],
    ['?totalCostMin=x&totalCostMax=10', {}],
  ])('B247 %s → %j', (search, roi) => {
    expect(valueDashboardQuery(search, now, ['totalCost']).roi).toEqual(roi)
  })

  it('B249 the sort parameter is split on the last dash', () => {
    expect(valueDashboardQuery('?sort=a-b-asc', now, []).sort).toEqual({ key: 'a-b', direction: 'asc' })
  })
})

describe('B251 value dashboard no-data error', () => {
  it.each([
    ['Internal Server Error', true],
    [{ failed: true }, true],
    [{ rows: [] }, false],
  ])('B251 %j is the no-data error: %s', (response, error) => {
    const result = valueDashboardResult(response)
    expect(result.error !== null).toBe(error)
    if (error) expect(result.error).toMatch(/No data is available/)
  })
})
