import { describe, expect, it } from 'vitest'
import {
  BIGQUERY_JOB_LIST_DEFAULTS,
  filtersAfterListTypeChange,
  RECENT_APPS_SIZE,
  SNOWFLAKE_LIST_DEFAULTS,
  snowflakeListBody,
  STREAM_QUERY_SIZE,
  VALUE_DASHBOARD_DEFAULTS,
  valueDashboardQuery,
  valueDashboardResult,
  warehouseFilterBody,
  type WarehouseFilters,
} from './warehouse-lists.ts'

const none: WarehouseFilters = { insights: [], users: [], statuses: [], cost: null, duration: null }
const range = { start: Date.parse('2026-11-22T00:00:00Z'), end: Date.parse('2026-11-22T12:00:00Z') }

describe('B101 query sizes', () => {
  it('B101 stream queries ask for 10000, recent apps for 100', () => {
    expect(STREAM_QUERY_SIZE).toBe(10000)
    expect(RECENT_APPS_SIZE).toBe(100)
  })
})

describe('B233 B239 B240 B238 Snowflake query list', () => {
  it('B233 B239 opens on inefficient, 15 rows, cost descending', () => {
    expect(SNOWFLAKE_LIST_DEFAULTS).toEqual({
      listType: 'inefficient',
      pageSize: 15,
      sort: { key: 'cost', direction: 'desc' },
    })
  })

  it('B233 changing the list type clears the insights filter', () => {
    expect(filtersAfterListTypeChange({ ...none, insights: ['X'] }).insights).toEqual([])
  })

  it.each([
    ['inefficient', true],
    ['all', false],
  ] as const)('B240 the %s tab sends showInefficientOnly %s and ISO times', (tab, only) => {
    expect(snowflakeListBody(tab, range, none)).toEqual({
      startTime: '2026-11-22T00:00:00.000Z',
      endTime: '2026-11-22T12:00:00.000Z',
      showInefficientOnly: only,
    })
  })

  it('B238 a queryId overrides every other filter', () => {
    expect(snowflakeListBody('all', range, { ...none, users: ['bob'], statuses: ['F'] }, '01ab')).toEqual({
      id: '01ab',
    })
  })
})

describe('B244 B245 BigQuery job list', () => {
  it('B245 opens with 15 rows, createTime descending', () => {
    expect(BIGQUERY_JOB_LIST_DEFAULTS.pageSize).toBe(15)
    expect(BIGQUERY_JOB_LIST_DEFAULTS.sort).toEqual({ key: 'createTime', direction: 'desc' })
  })

  it('B244 running lists send no user, status, range or date filters', () => {
    expect(warehouseFilterBody('running', { ...none, users: ['bob'], cost: [1, 2] }, range)).toEqual({})
  })

  it('B244 inefficient lists send the insights filter', () => {
    expect(warehouseFilterBody('inefficient', { ...none, insights: ['I1'] }, range)).toMatchObject({
      insights: ['I1'],
    })
    expect(warehouseFilterBody('all', { ...none, insights: ['I1'] }, range)).not.toHaveProperty('insights')
  })
})

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
