import { describe, expect, it } from 'vitest'
import { appListBody, appListSearch, changeAppList, readAppListView } from './app-list-state.ts'

const NOW = Date.parse('2026-11-23T12:00:00Z')
const HOUR = 3_600_000
const noBigQuery = { bigQueryEnabled: false }

describe('application list state in the address', () => {
  it('B085 B180 opens on the last hour, every app, start time descending, 15 a page', () => {
    const view = readAppListView('', NOW)
    expect(view).toMatchObject({
      listType: 'all',
      dateRange: { start: NOW - HOUR, end: NOW },
      rangeLabel: '1_h',
      sort: { key: 'startTime', direction: 'desc' },
      page: 1,
      pageSize: 15,
    })
    expect(appListSearch(view, NOW)).toBe('')
  })

  it('B033 reads appListType, status, user, queue and clusterUid on entry', () => {
    const view = readAppListView(
      '?appListType=finished&status=F,K&user=etl_svc&queue=root.etl&clusterUid=c-1',
      NOW,
    )
    expect(view.listType).toBe('finished')
    expect(view.filters).toMatchObject({ statuses: ['F', 'K'], users: ['etl_svc'], queues: ['root.etl'] })
    expect(view.clusters).toEqual(['c-1'])
    expect(view.sort).toEqual({ key: 'finishedTime', direction: 'desc' })
  })

  it('B030 round-trips every filter, the sort and the page through the address, keys sorted', () => {
    const search =
      '?appListType=inefficient&appType=spark%2Chive&dateRangeLabel=7_d&insights=Data+Skew&maxCost=12.5&maxDuration=600000' +
      '&maxEvents=4&minCost=0.5&minDuration=1000&minEvents=1&page=3&pageSize=100&queue=root.etl&s=cents-asc&tags=env%3Aprod%2Cteam%3Aa%3Ab&user=airflow'
    const view = readAppListView(search, NOW)
    expect(view.filters.tags).toEqual({ env: ['prod'], team: ['a:b'] })
    expect(view.dateRange).toEqual({ start: NOW - 7 * 24 * HOUR, end: NOW })
    expect(appListSearch(view, NOW)).toBe(search)
  })

  it('B237 falls back to the default range for an invalid or reversed date, and a picked range stays as dates', () => {
    expect(readAppListView('?start_date=abc&end_date=5', NOW).dateRange).toEqual({
      start: NOW - HOUR,
      end: NOW,
    })
    expect(readAppListView(`?start_date=${NOW}&end_date=${NOW - HOUR}`, NOW).rangeLabel).toBe('1_h')
    const picked = readAppListView(`?end_date=${NOW - HOUR}&start_date=${NOW - 5 * HOUR}`, NOW)
    expect(picked.rangeLabel).toBe('custom')
    expect(appListSearch(picked, NOW)).toBe(`?end_date=${NOW - HOUR}&start_date=${NOW - 5 * HOUR}`)
  })

  it('B095 B097 ignores a page size that is not offered and keeps the page within the 10,000-record cap', () => {
    const view = readAppListView('?pageSize=7&page=99999', NOW)
    expect(view.pageSize).toBe(15)
    expect(view.page).toBe(667)
  })

  it('B052 a frozen-time user sees only the frozen range, whatever the address says', () => {
    const frozen = { frozenTime: true, frozenTimeStart: NOW - 48 * HOUR, frozenTimeEnd: NOW - 24 * HOUR }
    const view = readAppListView('?dateRangeLabel=7_d', NOW, frozen)
    expect(view.dateRange).toEqual({ start: NOW - 48 * HOUR, end: NOW - 24 * HOUR })
  })

  it('B066 a new list type resets the filters and takes its own sort and page size', () => {
    const view = readAppListView('?user=airflow&page=4&dateRangeLabel=24_h', NOW)
    const next = changeAppList(view, { type: 'listType', listType: 'inefficient' }, NOW)
    expect(next.filters.users).toEqual([])
    expect(next).toMatchObject({ page: 1, pageSize: 50, sort: { key: 'duration', direction: 'desc' } })
    expect(next.dateRange).toEqual(view.dateRange)
  })

  it('B067 a new date range resets the filters and the page and keeps the list type', () => {
    const view = readAppListView('?appListType=finished&user=airflow&page=4', NOW)
    const range = { start: NOW - 6 * HOUR, end: NOW }
    const next = changeAppList(view, { type: 'range', dateRange: range, label: '6_h' }, NOW)
    expect(next).toMatchObject({ listType: 'finished', page: 1, rangeLabel: '6_h', dateRange: range })
    expect(next.filters.users).toEqual([])
    expect(appListSearch(next, NOW)).toBe('?appListType=finished&dateRangeLabel=6_h')
  })

  it('B103 a filter or sort change goes back to page 1', () => {
    const view = readAppListView('?page=5', NOW)
    expect(changeAppList(view, { type: 'filters', filters: { queues: ['root.ml'] } }, NOW).page).toBe(1)
    expect(changeAppList(view, { type: 'sort', sort: { key: 'user', direction: 'asc' } }, NOW).page).toBe(1)
  })
})

describe('the unified-search body of a list (02 §7)', () => {
  it('B173 the running list sends status R and no dates, users or ranges', () => {
    const view = readAppListView(
      '?appListType=running&user=airflow&queue=root.etl&minDuration=1&maxDuration=9',
      NOW,
    )
    expect(appListBody(view, noBigQuery)).toEqual({
      appStatus: ['R'],
      queues: ['root.etl'],
      wildcardCluster: '*',
      from: 0,
      size: 15,
      sort: [{ startTime: { order: 'desc' } }],
    })
  })

  it('B179 B099 the finished list asks by finish time for S, F and K, page 3 from offset 30', () => {
    const view = readAppListView('?appListType=finished&page=3&clusterUid=c-9', NOW)
    expect(appListBody(view, noBigQuery)).toMatchObject({
      appStatus: ['S', 'F', 'K'],
      queryOnFinishedTime: true,
      start_time: NOW - HOUR,
      end_time: NOW,
      clusters: ['c-9'],
      from: 30,
      size: 15,
      sort: [{ finishedTime: { order: 'desc' } }],
    })
  })

  it('B182 the inefficient list sends the inefficient event types and the chosen insights', () => {
    const view = readAppListView('?appListType=inefficient&insights=Data+Skew', NOW)
    expect(appListBody(view, { bigQueryEnabled: true })).toMatchObject({
      eventTypes: [2, 6],
      insights: ['Data Skew'],
      executed_by_unravel: true,
      size: 50,
    })
  })

  it('B097 the last page is cut at the 10,000th record', () => {
    const view = readAppListView('?page=667', NOW)
    expect(appListBody(view, noBigQuery)).toMatchObject({ from: 9990, size: 10 })
  })

  it('B127 sends tags, durations and cost only when set', () => {
    const bare = appListBody(readAppListView('', NOW), noBigQuery)
    expect(bare).not.toHaveProperty('appTags')
    expect(bare).not.toHaveProperty('durations')
    const view = readAppListView('?tags=env:prod&minDuration=1000&maxDuration=5000&minCost=1&maxCost=2', NOW)
    expect(appListBody(view, noBigQuery)).toMatchObject({
      appTags: { env: ['prod'] },
      durations: { min: 1000, max: 5000 },
      cost: { min: 1, max: 2 },
    })
  })
})

describe('the free plan on the application list address', () => {
  const trial = { frozenTime: false, frozenTimeStart: null, frozenTimeEnd: null, plan: 'freemium' as const }
  it('B058 B059 B054 C20 an address asking for more than the plan gives becomes the nearest allowed list', () => {
    const view = readAppListView(
      '?appListType=inefficient&dateRangeLabel=30_d&s=cents-desc&tags=env:prod',
      NOW,
      trial,
    )
    expect(view).toMatchObject({
      listType: 'all',
      rangeLabel: '1_h',
      sort: { key: 'startTime', direction: 'desc' },
    })
    expect(view.filters.tags).toEqual({})
    expect(readAppListView('?dateRangeLabel=7_d&s=user-asc', NOW, trial)).toMatchObject({
      rangeLabel: '7_d',
      sort: { key: 'user', direction: 'asc' },
    })
  })
})

describe("the user's clusters", () => {
  it("B182 all clusters means every cluster of the user's platform; a chosen cluster is sent alone", () => {
    const all = appListBody(readAppListView('', NOW), { bigQueryEnabled: false, clusterType: 'EMR' })
    expect(all).toMatchObject({ wildcardCluster: '*', clusterTypes: ['EMR'] })
    const one = appListBody(readAppListView('?clusterUid=j-1', NOW), {
      bigQueryEnabled: false,
      clusterType: 'EMR',
    })
    expect(one).toMatchObject({ clusters: ['j-1'] })
    expect(one).not.toHaveProperty('clusterTypes')
  })
})
