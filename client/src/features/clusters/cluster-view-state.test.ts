import { describe, expect, it } from 'vitest'
import { testUser } from '../../../test/users.ts'
import {
  defaultJobCountInterval,
  jobCountIntervalOptions,
  jobsSearch,
  overviewSearch,
  readJobsView,
  readOverviewView,
} from './cluster-view-state.ts'

const NOW = Date.parse('2026-11-23T12:00:00Z')
const HOUR = 3_600_000
const DAY = 24 * HOUR

describe('cluster screens address state', () => {
  it('B087 opens on all clusters and the last hour, and writes nothing for the defaults', () => {
    const view = readOverviewView('', NOW)
    expect(view).toMatchObject({
      cluster: '*',
      dateRange: { start: NOW - HOUR, end: NOW },
      rangeLabel: '1_h',
      jobs: 'running',
      breakdown: 'applicationType',
    })
    expect(overviewSearch(view)).toBe('')
  })

  it('reads cluster, preset, job set and breakdown back from the address it wrote, keys sorted', () => {
    const search = '?breakdown=queue&clusterUid=c-7&dateRangeLabel=6_h&jobs=finished'
    const view = readOverviewView(search, NOW)
    expect(view).toMatchObject({ cluster: 'c-7', dateRange: { start: NOW - 6 * HOUR, end: NOW } })
    expect(overviewSearch(view)).toBe(search)
  })

  it('keeps picked dates as dates; an invalid range or unknown values fall back to the defaults (B237)', () => {
    const picked = readOverviewView(`?start_date=${NOW - DAY}&end_date=${NOW}`, NOW)
    expect(picked).toMatchObject({ rangeLabel: 'custom', dateRange: { start: NOW - DAY, end: NOW } })
    expect(overviewSearch(picked)).toBe(`?end_date=${NOW}&start_date=${NOW - DAY}`)
    const broken = readOverviewView(`?start_date=${NOW}&end_date=${NOW - DAY}&jobs=all&breakdown=colour`, NOW)
    expect(broken).toMatchObject({ rangeLabel: '1_h', jobs: 'running', breakdown: 'applicationType' })
  })

  it('B052 B053 a frozen user keeps the frozen range and Yarn cluster whatever the address says', () => {
    const user = testUser({
      frozenTime: true,
      frozenTimeStart: NOW - 3 * DAY,
      frozenTimeEnd: NOW - 2 * DAY,
      frozenYarnCluster: 'c-7',
    })
    const view = readOverviewView('?clusterUid=c-1&dateRangeLabel=6_h', NOW, user)
    expect(view).toMatchObject({ cluster: 'c-7', dateRange: { start: NOW - 3 * DAY, end: NOW - 2 * DAY } })
  })

  it('B054 a freemium user never opens more than 7 days', () => {
    const view = readOverviewView('?dateRangeLabel=30_d', NOW, testUser({ plan: 'freemium' }))
    expect(view.rangeLabel).toBe('1_h')
  })
})

describe('jobs/count interval', () => {
  const span = (ms: number) => ({ start: NOW - ms, end: NOW })

  it.each([
    // B092 says 2 mins up to 2 days; jobs/count has no 2m, so the next choice it serves.
    [HOUR, '5m'],
    [2 * DAY, '5m'],
    [3 * DAY, '30m'],
    [10 * DAY, '1h'],
    [45 * DAY, '1d'],
  ])('B092 a span of %i ms opens on %s', (ms, interval) => {
    expect(defaultJobCountInterval(span(ms))).toBe(interval)
  })

  it('B093 offers the choices jobs/count serves, disabling those over 2,000 buckets', () => {
    const options = jobCountIntervalOptions(span(60 * DAY))
    expect(options.map((o) => o.choice)).toEqual([
      '5 mins',
      '10 mins',
      '30 mins',
      'Hourly',
      'Daily',
      'Weekly',
    ])
    expect(options.filter((o) => o.disabled).map((o) => o.interval)).toEqual(['5m', '10m', '30m'])
  })

  it('keeps a picked interval in the address; one the range cannot serve falls back to the default', () => {
    const picked = readJobsView('?groupBy=user&interval=1h', NOW)
    expect(picked).toMatchObject({ groupBy: 'user', interval: '1h', intervalChosen: true })
    expect(jobsSearch(picked)).toBe('?groupBy=user&interval=1h')
    const tooFine = readJobsView('?dateRangeLabel=90_d&interval=5m', NOW)
    expect(tooFine).toMatchObject({ interval: '1d', intervalChosen: false })
    expect(jobsSearch(tooFine)).toBe('?dateRangeLabel=90_d')
  })
})
