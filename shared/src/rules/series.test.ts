import { describe, expect, it } from 'vitest'
import { MAX_SERIES_POINTS, seriesGrid, seriesPointsProblem } from './series.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

describe('the one cap on series points', () => {
  it.each([
    ['a day hourly', 0, DAY, HOUR, 0, 25],
    ['a start inside an interval rounds down', 30 * 60_000, 2 * HOUR, HOUR, 0, 3],
    ['an empty window is one point', 5 * HOUR, 5 * HOUR, HOUR, 5 * HOUR, 1],
  ])('%s', (_, start, end, step, first, n) => {
    expect(seriesGrid(start, end, step)).toEqual({ first, n })
  })

  it.each([
    [MAX_SERIES_POINTS, '1m', undefined, null],
    [
      MAX_SERIES_POINTS + 1,
      '1m',
      undefined,
      'querystring/interval: 2001 points of 1m in the window; at most 2000 (choose a longer interval or a shorter window)',
    ],
    [
      417_000,
      'weekly',
      'querystring/startTime',
      'querystring/startTime: 417000 points of weekly in the window; at most 2000 (choose a shorter window)',
    ],
  ])('%i points of %s: %s', (n, interval, field, problem) => {
    expect(seriesPointsProblem(n, interval, field)).toBe(problem)
  })
})
