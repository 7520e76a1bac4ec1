import { describe, expect, it } from 'vitest'
import {
  clampPageInput,
  DEFAULT_PAGE_SIZES,
  finishedAppsPaging,
  isPageSizeChoice,
  lastReachablePage,
  MAX_RECORDS,
  pageOffset,
  recordCapNotice,
} from './paging.ts'

describe('B094 page input clamping', () => {
  it.each([
    ['0', 1],
    ['-3', 1],
    ['abc', 1],
    ['5', 5],
    ['12', 10],
    ['', 1],
    ['2.5', 2],
    [' 7 ', 7],
  ])('B094 "%s" of 10 pages gives page %i', (input, expected) => {
    expect(clampPageInput(input, 10)).toBe(expected)
  })
})

describe('B095 page-size choices (C09 union)', () => {
  it.each([
    [5, true],
    [4, true],
    [30, true],
    [20, false],
    [0, false],
  ])('B095 %i is a choice: %s', (size, ok) => {
    expect(isPageSizeChoice(size)).toBe(ok)
  })
})

describe('B096 default page sizes', () => {
  it('B096 per table, 15 where nothing is stated', () => {
    expect(DEFAULT_PAGE_SIZES).toMatchObject({
      appList: 15,
      inefficientApps: 50,
      genericClient: 10,
      genericServer: 15,
      runningApps: 10,
      impalaMetrics: 10,
      insightsActions: 10,
      alerts: 15,
      snowflakeQueries: 15,
      bigqueryJobs: 15,
      roiTable: 10,
      default: 15,
    })
  })
})

describe('B097 maximum records', () => {
  it.each([
    [25, 400],
    [100, 100],
    [50, 200],
    [15, 667],
  ])('B097 page size %i reaches page %i at most', (size, last) => {
    expect(lastReachablePage(1_000_000, size)).toBe(last)
  })
  it('B097 a short list ends at its own last page, an empty one at page 1', () => {
    expect(lastReachablePage(31, 15)).toBe(3)
    expect(lastReachablePage(0, 15)).toBe(1)
    expect(MAX_RECORDS).toBe(10_000)
  })
})

describe('B098 record cap notice', () => {
  it('B098 names the cap when it applies', () => {
    expect(recordCapNotice(25_000, 10_000)).toBe('Results are limited to 10000 records.')
    expect(recordCapNotice(9_999)).toBeUndefined()
  })
})

describe('B099 server-side offset', () => {
  it.each([
    [1, 15, 0],
    [3, 15, 30],
    [0, 15, 0],
  ])('B099 page %i of %i rows starts at %i', (page, limit, offset) => {
    expect(pageOffset(page, limit)).toBe(offset)
  })
})

describe('B100 finished-apps paging (C21)', () => {
  it.each([
    [1, null, { from: 0, size: 10, sort: '-startTime' }],
    [3, null, { from: 20, size: 10, sort: '-startTime' }],
    [1, { key: 'startTime', dir: 'desc' }, { from: 0, size: 10, sort: '-startTime' }],
    [1, { key: 'cpuTime', dir: 'asc' }, { from: 0, size: 10, sort: 'cpuTime' }],
  ] as const)('B100 page %i sorted %j', (page, sort, expected) => {
    expect(finishedAppsPaging(page, sort)).toEqual(expected)
  })
})
