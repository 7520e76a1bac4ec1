import { describe, expect, it } from 'vitest'
import {
  changeQueryList,
  queryListBody,
  queryListDefaults,
  queryListSearch,
  rangeFilter,
  readQueryListView,
} from './query-list-state.ts'

const NOW = Date.parse('2025-06-15T10:30:00Z')
const TODAY = Date.parse('2025-06-15T00:00:00Z')
const metadata = { cost: { min: -0.01, max: 4 }, duration: { min: 0, max: 60_000 } }

describe('Snowflake query list address', () => {
  it('B233 B237 B239 opens on the inefficient tab, start of today to now, 15 rows by cost descending', () => {
    const view = readQueryListView('', NOW)
    expect(view).toMatchObject({
      listType: 'inefficient',
      dateRange: { start: TODAY, end: NOW },
      page: 1,
      pageSize: 15,
      sort: { key: 'cost', direction: 'desc' },
      queryId: null,
    })
    expect(queryListSearch(view, NOW)).toBe('')
  })

  it.each([
    ['?tab=all', { listType: 'all' }],
    ['?tab=nonsense', { listType: 'inefficient' }],
    ['?s=duration-asc', { sort: { key: 'duration', direction: 'asc' } }],
    ['?s=sqlFull-asc', { sort: { key: 'cost', direction: 'desc' } }],
    ['?pageSize=7', { pageSize: 15 }],
    ['?page=-3', { page: 1 }],
    ['?page=100000', { page: 667 }],
    ['?minCost=2&maxCost=1', { filters: expect.objectContaining({ cost: null }) }],
    ['?startDate=not-a-date&endDate=2025-06-14T00:00:00Z', { dateRange: { start: TODAY, end: NOW } }],
    [
      '?startDate=2025-06-10T00:00:00.000Z&endDate=2025-06-20T00:00:00.000Z',
      { dateRange: { start: Date.parse('2025-06-10T00:00:00Z'), end: NOW }, rangeLabel: 'custom' },
    ],
  ])('reads %s', (search, expected) => {
    expect(readQueryListView(search, NOW)).toMatchObject(expected)
  })

  it('round-trips every parameter of 03 §2', () => {
    const search =
      '?accounts=acc-1&clientConnectors=JDBC,Python&endDate=2025-06-14T12%3A00%3A00.000Z' +
      '&insights=FULL_TABLE_SCAN&maxCost=2.5&maxDuration=50000&minCost=0.5&minDuration=1000&page=3' +
      '&pageSize=25&queryId=01ab&s=duration-asc&signature=sig-9&startDate=2025-06-14T00%3A00%3A00.000Z' +
      '&status=F,P&tab=all&userName=bob&warehouseUid=wh-1'
    const view = readQueryListView(search, NOW)
    expect(view.filters).toEqual({
      insights: ['FULL_TABLE_SCAN'],
      accounts: ['acc-1'],
      clientConnectors: ['JDBC', 'Python'],
      userName: ['bob'],
      warehouseUid: ['wh-1'],
      status: ['F', 'P'],
      signature: 'sig-9',
      cost: [0.5, 2.5],
      duration: [1000, 50000],
    })
    expect(queryListSearch(view, NOW)).toBe(search.replace(/,/g, '%2C'))
  })

  it('writes a preset range as its label and reads it back at the new now', () => {
    const view = changeQueryList(
      readQueryListView('', NOW),
      { type: 'range', dateRange: { start: NOW - 7 * 86_400_000, end: NOW }, label: '7_d' },
      NOW,
    )
    const search = queryListSearch(view, NOW)
    expect(search).toBe('?dateRangeLabel=7_d')
    expect(readQueryListView(search, NOW + 60_000).dateRange.end).toBe(NOW + 60_000)
  })
})

describe('Snowflake query list changes', () => {
  const filtered = readQueryListView(
    '?tab=inefficient&insights=FULL_TABLE_SCAN&userName=bob&minCost=1&maxCost=2&page=4',
    NOW,
  )

  it('B233 a tab change clears the insights filter only, and goes back to page 1', () => {
    const next = changeQueryList(filtered, { type: 'listType', listType: 'all' }, NOW)
    expect(next).toMatchObject({ listType: 'all', page: 1 })
    expect(next.filters).toMatchObject({ insights: [], userName: ['bob'], cost: [1, 2] })
  })

  it('B234 a new date range resets every filter', () => {
    const next = changeQueryList(
      filtered,
      { type: 'range', dateRange: { start: TODAY - 86_400_000, end: TODAY }, label: 'yesterday' },
      NOW,
    )
    expect(next.filters).toEqual(queryListDefaults(NOW).filters)
    expect(next).toMatchObject({ page: 1, rangeLabel: 'yesterday', listType: 'inefficient' })
  })

  it.each([
    [{ type: 'filters' as const, filters: { status: ['F'] } }, 1],
    [{ type: 'sort' as const, sort: { key: 'duration', direction: 'asc' as const } }, 1],
    [{ type: 'pageSize' as const, pageSize: 50 }, 1],
    [{ type: 'page' as const, page: 5 }, 5],
  ])('B103 %o leaves the list on page %i', (event, page) => {
    expect(changeQueryList(filtered, event, NOW).page).toBe(page)
  })

  it('B236 a slider spanning the whole range is no filter; a negative metadata minimum reads as 0', () => {
    expect(rangeFilter([0, 4], metadata.cost)).toBeNull()
    expect(rangeFilter([0, 3], metadata.cost)).toEqual([0, 3])
  })
})

describe('Snowflake query list body', () => {
  it('B240 B125 B239 sends ISO times, showInefficientOnly, the rounded cost, the page and the sort', () => {
    const view = readQueryListView('?minCost=0.12345&maxCost=1.23456&status=F&page=2', NOW)
    expect(queryListBody(view, metadata)).toEqual({
      startTime: '2025-06-15T00:00:00.000Z',
      endTime: '2025-06-15T10:30:00.000Z',
      showInefficientOnly: true,
      status: ['F'],
      minCost: 0.123,
      maxCost: 1.235,
      page: 2,
      pageSize: 15,
      sort: 'cost-desc',
    })
  })

  it('B238 a queryId sends the id alone', () => {
    const view = readQueryListView('?queryId=01ab&userName=bob&status=F', NOW)
    expect(queryListBody(view, metadata)).toEqual({ id: '01ab' })
  })

  it('B233 insights are sent on the inefficient tab only', () => {
    const view = readQueryListView('?tab=all&insights=FULL_TABLE_SCAN', NOW)
    expect(queryListBody(view, metadata)).not.toHaveProperty('insights')
    expect(queryListBody(view, metadata)).toMatchObject({ showInefficientOnly: false })
  })
})
