import { describe, expect, it } from 'vitest'
import { chartPointInterval, INTERVAL_CHOICES, intervalChoiceForSpan, type ChartKind } from './intervals.ts'

const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR

describe('B091 chart point interval by span (provider rule)', () => {
  it.each([
    [30 * MIN, 'generic', '1m'],
    [30 * MIN, 'cluster', '2m'],
    [HOUR, 'kafka', '5m'],
    [HOUR, 'generic', '1m'],
    [90 * MIN, 'generic', '5m'],
    [4 * HOUR, 'generic', '15m'],
    [10 * HOUR, 'generic', '30m'],
    [DAY, 'generic', 'hourly'],
    [2 * DAY, 'generic', 'hourly'],
    [3 * DAY, 'generic', '3h'],
    [8 * DAY, 'generic', '3h'],
    [10 * DAY, 'generic', 'daily'],
    [30 * DAY, 'generic', 'daily'],
    [45 * DAY, 'generic', '3d'],
    [60 * DAY, 'generic', '3d'],
    [90 * DAY, 'generic', 'weekly'],
  ] as [number, ChartKind, string][])(
    'B091 a span of %i ms on a %s chart gives %s',
    (span, chart, expected) => {
      expect(chartPointInterval(span, chart)).toBe(expected)
    },
  )

  it('B091 past an hour the chart kind no longer matters', () => {
    expect(chartPointInterval(HOUR + 1, 'cluster')).toBe('5m')
    expect(chartPointInterval(HOUR + 1, 'kafka')).toBe('5m')
  })
})

describe('B092 interval selector from the span in days', () => {
  it.each([
    [1, '2 mins'],
    [2, '2 mins'],
    [3, '30 mins'],
    [8, '30 mins'],
    [10, 'Hourly'],
    [29, 'Hourly'],
    [30, 'Daily'],
    [90, 'Daily'],
  ])('B092 %i days gives %s', (days, expected) => {
    expect(intervalChoiceForSpan(days)).toBe(expected)
  })
})

describe('B093 interval choices', () => {
  it('B093 are the seven selector values in order', () => {
    expect(INTERVAL_CHOICES).toEqual(['2 mins', '5 mins', '10 mins', '30 mins', 'Hourly', 'Daily', 'Weekly'])
  })
})
