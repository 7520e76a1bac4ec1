import { describe, expect, it } from 'vitest'
import {
  apiIdleSeconds,
  clusterOption,
  IDLE_REFRESH_TIMEOUT_S,
  isApiIdle,
  isRangePoint,
  isSeriesPoint,
} from './data-shapes.ts'

describe('B297 cluster dropdown items', () => {
  it.each([
    [
      { unravelId: 'u-1', displayName: 'Prod', clusterType: null },
      { id: 'u-1', text: 'Prod', clusterType: 'Yarn' },
    ],
    [
      { unravelId: 'u-2', displayName: 'Impala prod', clusterType: 'Impala' },
      { id: 'u-2', text: 'Impala prod', clusterType: 'Impala' },
    ],
    [
      { unravelId: 'u-3', displayName: '' },
      { id: 'u-3', text: 'u-3', clusterType: 'Yarn' },
    ],
  ])('B297 %j → %j', (item, option) => {
    expect(clusterOption(item)).toEqual(option)
  })
})

describe('B298 time series and range points', () => {
  it.each([
    [[1700000000000, 3], true],
    [[1700000000000, 0.5], true],
    [[1700000000000, null], true],
    [[1700000000000], false],
    [['1700000000000', 3], false],
    [[1700000000000, Number.NaN], false],
    [[-1, 3], false],
    [[1700000000000, 1, 5], false],
  ])('B298 series point %j valid: %s', (point, valid) => {
    expect(isSeriesPoint(point)).toBe(valid)
  })

  it.each([
    [[1700000000000, 1, 5], true],
    [[1700000000000, 2, 2], true],
    [[1700000000000, 5, 1], false],
    [[1700000000000, 1], false],
    [[1700000000000, 1, null], false],
  ])('B298 range point %j valid: %s', (point, valid) => {
    expect(isRangePoint(point)).toBe(valid)
  })
})

describe('B020 B021 idle refresh and API idle time', () => {
  it('B020 the idle refresh timeout is 1800 seconds', () => {
    expect(IDLE_REFRESH_TIMEOUT_S).toBe(1800)
  })

  it.each([
    [0, 0, 0, false],
    [0, 999, 0, false],
    [0, 1_799_999, 1799, false],
    [0, 1_800_000, 1800, true],
    [5_000, 0, 0, false],
  ])('B021 last call at %i, now %i: %i s idle, idle %s', (last, now, seconds, idle) => {
    expect(apiIdleSeconds(last, now)).toBe(seconds)
    expect(isApiIdle(last, now)).toBe(idle)
  })
})
