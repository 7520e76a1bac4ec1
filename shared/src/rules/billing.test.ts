import { describe, expect, it } from 'vitest'
import { billingFrom, billingNotice } from './billing.ts'

describe('B169 billing from', () => {
  it.each([
    ['2025-01-01', '2025-01-16'],
    ['2025-02-20', '2025-03-07'],
    ['2024-12-31', '2025-01-15'],
  ])('B169 a contract starting %s sends from = %s', (start, from) => {
    expect(billingFrom(start)).toBe(from)
  })

  it('B169 a start that is not a date is refused', () => {
    expect(() => billingFrom('soon')).toThrow(RangeError)
  })
})

describe('B170 billing notices', () => {
  it.each([
    [{ daysLeft: 12 }, 'The Billing Contract will expire in 12 days; contact the sales team.'],
    [{ daysLeft: 30 }, 'The Billing Contract will expire in 30 days; contact the sales team.'],
    [{ daysLeft: -3 }, 'The Billing Contract will expire in 0 days; contact the sales team.'],
    [{ daysLeft: 31 }, null],
    [null, 'Billing data not available'],
  ])('B170 %j shows %j', (billing, notice) => {
    expect(billingNotice(billing)).toBe(notice)
  })
})
