import { describe, expect, it } from 'vitest'
import { jobListState, jobMetadataParams, jobSearchBody } from './job-list-state.ts'
import { testJobMetadata } from './bigquery-test-data.ts'

const NOW = Date.parse('2025-06-15T12:00:00.000Z')
const context = { now: NOW }
const read = (search: string) => jobListState.read(search, context)
const body = (search: string) => jobSearchBody(read(search), testJobMetadata)

describe('BigQuery job list state', () => {
  it('G14 B245 opens on all jobs of the last 12 hours, 15 a page, newest first, with no address', () => {
    const view = read('')
    expect(view).toMatchObject({ listType: 'all', rangeLabel: '12_h', page: 1, pageSize: 15 })
    expect(view.dateRange).toEqual({ start: NOW - 12 * 3_600_000, end: NOW })
    expect(view.sort).toEqual({ key: 'createTime', direction: 'desc' })
    expect(jobListState.write(view, context)).toBe('')
  })

  it.each([
    ['B244 an unknown list type reads as all', '?tab=finished', { listType: 'all' }],
    [
      'a sort key the list cannot sort by reads as the default',
      '?sort=statement-asc',
      { sort: { key: 'createTime', direction: 'desc' } },
    ],
    ['B097 a page past the 10,000th row reads as the last one', '?page=900', { page: 667 }],
    [
      'B242 B243 unknown job types and statuses are dropped',
      '?type=Q,X&status=S,Z',
      { filters: { jobType: ['Q'], status: ['S'] } },
    ],
  ])('%s', (_name, search, expected) => {
    expect(read(search)).toMatchObject(expected)
  })

  it('keeps every filter of 03 §2 in the address and reads it back (a reload shows the same list)', () => {
    const search =
      '?billedBytes=&insights=SELECT_STAR&jobId=j1&maxBilledBytes=2048&maxDuration=9000&maxSlotMs=5000' +
      '&minBilledBytes=1024&minDuration=2000&minSlotMs=1000&page=2&pricing=ON_DEMAND&projectId=p1,p2' +
      '&showUnravelJobs=true&signature=sig&sort=cost-desc&status=F&tab=inefficient&tags=team:sales' +
      '&type=Q&userName=alice@acme.com'
    const view = read(search)
    expect(view.filters).toEqual({
      jobId: 'j1',
      projectId: ['p1', 'p2'],
      jobType: ['Q'],
      userName: ['alice@acme.com'],
      status: ['F'],
      tags: { team: ['sales'] },
      insights: ['SELECT_STAR'],
      pricing: ['ON_DEMAND'],
      signature: 'sig',
      duration: [2000, 9000],
      slotMs: [1000, 5000],
      billedBytes: [1024, 2048],
      showUnravelJobs: true,
    })
    expect(read(jobListState.write(view, context))).toEqual(view)
  })

  it.each([
    ['B244 a new list type resets every filter', { type: 'listType', listType: 'running' } as const],
    [
      'B244 a new date range resets every filter',
      { type: 'range', dateRange: { start: NOW - 86_400_000, end: NOW }, label: '1_d' } as const,
    ],
  ])('%s', (_name, event) => {
    const view = read('?status=F&projectId=p1&page=3')
    const next = jobListState.change(view, event, context)
    expect(next.filters).toEqual(read('').filters)
    expect(next.page).toBe(1)
  })

  it.each([
    [
      'B244 running ignores the window, users, statuses and ranges',
      '?tab=running&userName=a&status=F&minDuration=1&maxDuration=2',
      { filterType: 'running' },
      ['startTime', 'endTime', 'userName', 'status', 'minDuration'],
    ],
    [
      'B244 insights belong to the inefficient list',
      '?tab=all&insights=SELECT_STAR',
      { filterType: 'all' },
      ['insights'],
    ],
    [
      'B244 every pricing plan is no filter',
      '?pricing=ON_DEMAND,STANDARD,ENTERPRISE,ENTERPRISE_PLUS',
      {},
      ['pricing'],
    ],
    [
      'B068 a range over the whole metadata range is no filter',
      `?minDuration=0&maxDuration=3600000`,
      {},
      ['minDuration', 'maxDuration'],
    ],
    [
      'B127 tags go as key/value pairs',
      '?tags=team:sales,team:finance',
      {
        tags: [
          { key: 'team', value: 'sales' },
          { key: 'team', value: 'finance' },
        ],
      },
      [],
    ],
    ['showUnravelJobs is sent only when on', '?showUnravelJobs=true', { showUnravelJobs: true }, []],
  ])('%s', (_name, search, sent, left) => {
    const request = body(search)
    expect(request).toMatchObject(sent)
    for (const key of left) expect(request).not.toHaveProperty(key)
  })

  it('E164 counts the options over the list window and type', () => {
    expect(jobMetadataParams(read('?tab=inefficient&showUnravelJobs=true'))).toEqual({
      startTime: '2025-06-15T00:00:00.000Z',
      endTime: '2025-06-15T12:00:00.000Z',
      filterType: 'inefficient',
      showUnravelJobs: true,
    })
  })
})
