import { describe, expect, it } from 'vitest'
import { MAX_RESOURCE_POINTS } from '@costlens/shared'
import { intervalFits, intervalForRange, providerInterval, readScreenRange } from './range-state.ts'
import {
  changeResources,
  readResourcesView,
  resourcesSearch,
  selectedGroupValues,
  yarnJobsArgs,
} from './resources-state.ts'
import { queueAnalysisSearch, readQueueAnalysisView } from './queue-analysis-state.ts'
import { jobCountPoints, readWorkloadView, workloadGrid, workloadSearch } from './workload-state.ts'

const NOW = Date.parse('2026-11-23T10:30:00Z')
const HOUR = 3_600_000
const DAY = 24 * HOUR

describe('resources address state', () => {
  it('B087 opens on all clusters, the last hour at 2 mins, the first group-by and the first 4 values', () => {
    const view = readResourcesView('', NOW)
    expect(view).toMatchObject({
      cluster: '*',
      main: { range: { start: NOW - HOUR, end: NOW }, label: '1_h', problem: null },
      interval: '2 mins',
      groupBy: 'applicationType',
      values: null,
      compare: false,
      comparison: { range: { start: NOW - 7 * DAY, end: NOW }, label: '7_d' },
      jobs: { page: 1, pageSize: 15, sort: { key: 'finishedTime', direction: 'desc' } },
    })
    expect(selectedGroupValues(view.values, ['a', 'b', 'c', 'd', 'e'])).toEqual(['a', 'b', 'c', 'd'])
    expect(resourcesSearch(view)).toBe('')
  })

  it('B034 reads clusterUid and startTime (to now when no endTime is given)', () => {
    const view = readResourcesView('?clusterUid=c1&startTime=1795000000000', NOW)
    expect(view.cluster).toBe('c1')
    expect(view.main).toMatchObject({ range: { start: 1795000000000, end: NOW }, label: 'custom' })
  })

  it.each([
    '?clusterUid=cdh-prod-01&dateRangeLabel=7_d&groupBy=queue&interval=1h&values=root.etl%2Croot.ml',
    '?endTime=1795400000000&startTime=1795300000000',
    '?compare=true&compareRangeLabel=30_d&jobsPage=3&jobsPageSize=50&jobsSort=vcoreSeconds-asc',
    '?compare=true&compareEnd=1795000000000&compareStart=1794900000000&groupBy=user&values=',
  ])('B030 %s reads back to the same address', (search) => {
    expect(resourcesSearch(readResourcesView(search, NOW))).toBe(search)
  })

  it('an empty choice of values stays empty; a new group-by or cluster goes back to the first 4', () => {
    const none = changeResources(readResourcesView('', NOW), { type: 'values', values: [] })
    expect(readResourcesView(resourcesSearch(none), NOW).values).toEqual([])
    const user = changeResources(none, { type: 'groupBy', groupBy: 'user' })
    expect(user.values).toBeNull()
    const chosen = changeResources(user, { type: 'values', values: ['alice'] })
    expect(changeResources(chosen, { type: 'cluster', cluster: 'c2' }).values).toBeNull()
  })

  it('B092 a new range sets the interval from its span, and goes back to the first page of jobs', () => {
    const view = readResourcesView('?jobsPage=4', NOW)
    const week = changeResources(view, {
      type: 'range',
      screen: { range: { start: NOW - 7 * DAY, end: NOW }, label: '7_d' },
    })
    expect(week.interval).toBe('30 mins')
    expect(week.jobs.page).toBe(1)
    expect(yarnJobsArgs(week)).toMatchObject({ sort: '-finishedTime', from: 0, size: 15 })
  })

  it('an interval too fine for the range is made coarser: the server answers at most 2,000 points', () => {
    const month = { start: NOW - 30 * DAY, end: NOW }
    expect(intervalFits('2 mins', month)).toBe(false)
    expect(intervalFits('30 mins', month)).toBe(true)
    expect(readResourcesView(`?interval=2m&dateRangeLabel=30_d`, NOW).interval).toBe('30 mins')
    expect((month.end - month.start) / 1_800_000).toBeLessThanOrEqual(MAX_RESOURCE_POINTS)
    expect(intervalForRange({ start: NOW - 2 * DAY, end: NOW })).toBe('2 mins')
  })

  it('C26 the comparison range takes its interval from the provider rule: 7 days in 3-hour points', () => {
    expect(providerInterval({ start: NOW - 7 * DAY, end: NOW })).toBe('3h')
  })

  it('B054 a freemium user is not given a range over 7 days from a link', () => {
    const params = new URLSearchParams('dateRangeLabel=30_d')
    const user = { frozenTime: false, frozenTimeStart: null, frozenTimeEnd: null, plan: 'freemium' as const }
    expect(readScreenRange(params, 'default', '1_h', NOW, user).label).toBe('1_h')
  })
})

describe('queue analysis address state', () => {
  it('B255 keeps at most 5 queues from a link and says why', () => {
    const view = readQueueAnalysisView('?queue=a,b,c,d,e,f', NOW)
    expect(view.queues).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(view.problem).toBe('You can only select 5 Queues')
  })

  it('B030 reads back to the same address', () => {
    const search = '?clusterUid=cdh-prod-01&dateRangeLabel=30_d&metric=memory&queue=root.etl%2Croot.ml'
    expect(queueAnalysisSearch(readQueueAnalysisView(search, NOW))).toBe(search)
  })
})

describe('cluster workload', () => {
  it('B065 B079 refuses a link over the 60-day maximum and opens on 7 days', () => {
    const view = readWorkloadView(`?startTime=${NOW - 90 * DAY}&endTime=${NOW}`, NOW)
    expect(view.main.problem).toBe('The date range maximum is 60 days.')
    expect(view.main.label).toBe('7_d')
    expect(readWorkloadView('?dateRangeLabel=90_d', NOW).main.label).toBe('7_d')
    const search = `?dateRangeLabel=60_d&measure=vcores`
    expect(workloadSearch(readWorkloadView(search, NOW))).toBe(search)
  })

  it('lays hourly points out as UTC days by hour, leaving hours outside the range empty', () => {
    const day = Date.parse('2026-11-22T00:00:00Z')
    const range = { start: day + 22 * HOUR, end: day + DAY + 2 * HOUR }
    const grid = workloadGrid(
      [
        [day + 22 * HOUR, 3],
        [day + 23 * HOUR, 5],
        [day + DAY, 1],
        [day + DAY + HOUR, 2],
      ],
      range,
    )
    expect(grid.days.map((d) => d.day)).toEqual([day, day + DAY])
    expect(grid.days[0]!.hours.slice(21)).toEqual([null, 3, 5])
    expect(grid.days[1]!.hours.slice(0, 3)).toEqual([1, 2, null])
    expect(grid.max).toBe(5)
    expect(grid.hourAverages[22]).toBe(3)
  })

  it('E027 adds the group values of each bucket', () => {
    expect(
      jobCountPoints({ date: [1, 2], RUNNING: { '1': 2, '2': 1 }, SUCCESS: { '1': 3 } } as never),
    ).toEqual([
      [1, 5],
      [2, 1],
    ])
  })
})
