import { describe, expect, it } from 'vitest'
import { expectedLagMinutes, lagMinutes, sourceStatus, type SourceState } from './ingestion-status.ts'

const T0 = Date.UTC(2026, 10, 22, 12, 0)
const minutes = (m: number) => m * 60_000

describe('the lag of a source', () => {
  it.each([
    // now, ingested until, lag (minutes)
    [T0, T0 - minutes(65), 65],
    [T0, T0 - minutes(65) - 59_999, 65],
    [T0, T0, 0],
    // A clock behind the data reads no negative lag.
    [T0, T0 + minutes(5), 0],
    [T0, null, null],
  ])('now %i, ingested until %s: %s min', (now, until, lag) => {
    expect(lagMinutes(now, until)).toBe(lag)
  })

  it.each([
    // schedule, latency, window, expected
    [60, 45, 60, 165],
    [60, 180, 60, 300],
    [1440, 90, 0, 1530],
    [15, 10, 15, 40],
  ])(
    'every %i min, %i min late, %i min windows: at most %i min',
    (scheduleMinutes, latencyMinutes, windowMinutes, expected) => {
      expect(expectedLagMinutes({ scheduleMinutes, latencyMinutes, windowMinutes })).toBe(expected)
    },
  )
})

describe('the status of a source', () => {
  const state = (s: Partial<SourceState>): SourceState => ({
    lastRun: 'succeeded',
    consecutiveFailures: 0,
    lagMinutes: 70,
    expectedLagMinutes: 165,
    ...s,
  })
  it.each<[string, Partial<SourceState>, string, RegExp]>([
    ['on time', {}, 'healthy', /within the 165 min/],
    ['at the limit', { lagMinutes: 165 }, 'healthy', /within/],
    ['one minute over', { lagMinutes: 166 }, 'delayed', /Lag 166 min, over the 165 min/],
    ['catching up after failures', { lagMinutes: 400 }, 'delayed', /over/],
    ['the last run failed', { lastRun: 'failed', consecutiveFailures: 1 }, 'failing', /The last run failed/],
    [
      'failing while lag is still low',
      { lastRun: 'failed', consecutiveFailures: 3, lagMinutes: 90 },
      'failing',
      /The last 3 runs failed/,
    ],
    [
      'never succeeded',
      { lastRun: 'failed', consecutiveFailures: 4, lagMinutes: null },
      'failing',
      /No successful run/,
    ],
    ['never ran', { lastRun: null, lagMinutes: null }, 'failing', /No run yet/],
  ])('%s', (_, given, status, reason) => {
    const result = sourceStatus(state(given))
    expect(result.status).toBe(status)
    expect(result.reason).toMatch(reason)
  })
})
