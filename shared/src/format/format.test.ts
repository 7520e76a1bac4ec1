import { describe, expect, it } from 'vitest'
import { formatDateTime, startOfUtcDay } from './dates.ts'
import { formatDuration, formatDurationMs } from './duration.ts'
import {
  currencySymbol,
  formatBytes,
  formatCost,
  formatDollars,
  nanosToMillis,
  percentOf,
  secondsToHours,
} from './numbers.ts'

describe('B071 date display', () => {
  it('B071 2024-03-05T14:07:09 shows as 03/05/2024 14:07:09', () => {
    expect(formatDateTime(Date.UTC(2024, 2, 5, 14, 7, 9))).toBe('03/05/2024 14:07:09')
  })
  it('start of the UTC day', () => {
    expect(startOfUtcDay(Date.UTC(2026, 10, 22, 17, 5))).toBe(Date.UTC(2026, 10, 22))
  })
})

describe('B135 cost to 4 decimals', () => {
  it.each([
    [1.234567, '1.2346'],
    [4e-5, '0.0000'],
  ])('B135 %f shows %s', (value, expected) => {
    expect(formatCost(value)).toBe(expected)
  })
})

describe('B136 B141 dollars', () => {
  it('B136 chargeback 12.3456 shows $ 12.35', () => expect(formatDollars(12.3456)).toBe('$ 12.35'))
  it('B141 10 shows $ 10.00', () => expect(formatDollars(10)).toBe('$ 10.00'))
})

describe('B137 currency symbols', () => {
  it.each([
    ['usd', '$'],
    ['euros', '€'],
    ['pounds', '£'],
    [null, '$'],
    ['USD', '$'],
  ])('B137 %s is %s', (currency, symbol) => {
    expect(currencySymbol(currency)).toBe(symbol)
  })
})

describe('B138 durations', () => {
  it.each([
    [0.4, '<1s'],
    [0.999, '<1s'],
    [1, '1s'],
    [61, '1m 1s'],
    [3600, '1h'],
    [90061, '1D 1h 1m 1s'],
    [365 * 86400 + 30 * 86400, '1Y 1M'],
  ])('B138 %f seconds shows %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected)
  })
  it('B138 from milliseconds', () => expect(formatDurationMs(1500)).toBe('1s'))
})

describe('B139 binary bytes', () => {
  it.each([
    [1536, '1.50 KB'],
    [1048576, '1.00 MB'],
    [1073741824, '1.00 GB'],
    [512, '512 B'],
    [0, '0 B'],
  ])('B139 %i bytes shows %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected)
  })
})

describe('B140 hours', () => {
  it.each([
    [5400, '1.50'],
    [7200, '2.00'],
  ])('B140 %i seconds is %s hours', (seconds, expected) => {
    expect(secondsToHours(seconds)).toBe(expected)
  })
})

describe('B143 donut percentage', () => {
  it('B143 one slice of three is 33.3%', () => expect(percentOf(1, 3)).toBe('33.3%'))
  it('a total of 0 counts as 1', () => expect(percentOf(0, 0)).toBe('0.0%'))
})

describe('B144 Impala nanoseconds', () => {
  it.each([
    [5_000_000, 5],
    [1_500_000, 1.5],
  ])('B144 %i ns is %f ms', (ns, ms) => {
    expect(nanosToMillis(ns)).toBe(ms)
  })
})
