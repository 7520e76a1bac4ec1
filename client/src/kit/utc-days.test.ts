import { describe, expect, it } from 'vitest'
import { daysIn, daysOfRange, pickerRangeOf, readUtcDays } from './utc-days.ts'

const NOW = Date.parse('2026-11-22T15:30:00Z')
const LIMITS = { defaultDays: 30, maxDays: 90 }

describe('whole UTC days gte..lte', () => {
  it.each([
    ['nothing asked: the last 30 days', '', LIMITS, { gte: '2026-10-24', lte: '2026-11-22' }],
    ['a range as asked', 'gte=2026-11-01&lte=2026-11-07', LIMITS, { gte: '2026-11-01', lte: '2026-11-07' }],
    [
      'lte after today: today',
      'gte=2026-11-20&lte=2026-12-31',
      LIMITS,
      { gte: '2026-11-20', lte: '2026-11-22' },
    ],
    [
      'gte after lte: the default days',
      'gte=2026-11-10&lte=2026-11-05',
      LIMITS,
      { gte: '2026-10-07', lte: '2026-11-05' },
    ],
    [
      'not a date: the default',
      'gte=yesterday&lte=2026-02-31',
      LIMITS,
      { gte: '2026-10-24', lte: '2026-11-22' },
    ],
    [
      'past the max: cut to the max',
      'gte=2026-01-01&lte=2026-11-22',
      LIMITS,
      { gte: '2026-08-25', lte: '2026-11-22' },
    ],
    ['the free plan: 7 days', '', { defaultDays: 30, maxDays: 7 }, { gte: '2026-11-16', lte: '2026-11-22' }],
  ])('%s', (_label, search, limits, expected) => {
    const days = readUtcDays(new URLSearchParams(search), NOW, limits)
    expect(days).toEqual(expected)
    expect(daysIn(days)).toBeLessThanOrEqual(limits.maxDays)
  })

  it('the picker range of the days ends at now on today, and comes back as the same days', () => {
    const days = { gte: '2026-11-16', lte: '2026-11-22' }
    expect(daysIn(days)).toBe(7)
    const range = pickerRangeOf(days, NOW)
    expect(range).toEqual({ start: Date.parse('2026-11-16T00:00:00Z'), end: NOW })
    expect(daysOfRange(range)).toEqual(days)
  })
})
