import { describe, expect, it } from 'vitest'
import type { PipelineRow } from '@costlens/shared'
import {
  changePipelineList,
  pipelineListBody,
  pipelineListDefaults,
  pipelineListSearch,
  pipelineTableRows,
  readPipelineListView,
} from './pipeline-list-state.ts'

const NOW = Date.parse('2026-11-23T12:00:00Z')
const HOUR = 3_600_000

const row = (key: string, docCount: number, startTime: number, runName = key): PipelineRow => ({
  key,
  clusterUid: 'c-1',
  pipelineType: 'spark',
  runName,
  docCount,
  latestInstance: {
    startTime,
    userName: 'u',
    duration: 1000,
    status: 'S',
    queue: 'q',
    jobId: 'j',
    costs: 0,
    clusterId: 'C 1',
    totalDfsBytesRead: 0,
    totalDfsBytesWritten: 0,
  },
  trends: { duration: [], read: [], write: [] },
})

describe('pipelines list state', () => {
  it('B086 B180 B096 opens on the last 24 hours, every type, latest start first, 15 a page', () => {
    const view = pipelineListDefaults(NOW)
    expect(view).toMatchObject({
      dateRange: { start: NOW - 24 * HOUR, end: NOW },
      rangeLabel: '24_h',
      cluster: '*',
      filters: { types: ['hivemr', 'hivetz', 'impala', 'spark'], searchText: '' },
      sort: { key: 'startTime', direction: 'desc' },
      page: 1,
      pageSize: 15,
    })
    expect(pipelineListSearch(view, NOW)).toBe('')
  })

  it('B030 B033 round-trips through the address; unknown types and sort keys fall back', () => {
    const search = '?clusterUid=c-7&dateRangeLabel=7_d&page=2&s=docCount-asc&searchText=etl&type=impala,spark'
    const view = readPipelineListView(search, NOW)
    expect(view.filters.types).toEqual(['impala', 'spark'])
    expect(decodeURIComponent(pipelineListSearch(view, NOW))).toBe(search)
    const odd = readPipelineListView('?type=presto&s=costs-asc&pageSize=7', NOW)
    expect(odd.filters.types).toHaveLength(4)
    expect(odd.sort).toEqual({ key: 'startTime', direction: 'desc' })
    expect(odd.pageSize).toBe(15)
  })

  it('B052 a frozen user keeps the frozen range whatever the address asks', () => {
    const frozen = { frozenTime: true, frozenTimeStart: 1000, frozenTimeEnd: 2000 }
    expect(readPipelineListView('?dateRangeLabel=7_d', NOW, frozen).dateRange).toEqual({
      start: 1000,
      end: 2000,
    })
  })

  it('B187 every change but paging goes back to page 1; reset restores the default filters only', () => {
    const view = { ...readPipelineListView('?page=3&type=spark&searchText=x&clusterUid=c-7', NOW) }
    expect(changePipelineList(view, { type: 'sort', sort: { key: 'duration', direction: 'asc' } }).page).toBe(
      1,
    )
    expect(changePipelineList(view, { type: 'filters', filters: { types: ['impala'] } }).page).toBe(1)
    expect(changePipelineList(view, { type: 'page', page: 4 }).page).toBe(4)
    const reset = changePipelineList(view, { type: 'reset' })
    expect(reset).toMatchObject({
      page: 1,
      cluster: 'c-7',
      filters: { types: ['hivemr', 'hivetz', 'impala', 'spark'], searchText: '' },
    })
    // Unlike the application list (B067), a new range keeps the filters: their options do not depend on it.
    const ranged = changePipelineList(view, {
      type: 'range',
      dateRange: { start: 1, end: 2 },
      label: 'custom',
    })
    expect(ranged.filters).toEqual(view.filters)
  })

  it('E026 the body carries window, clusters, types and search, never the sort', () => {
    const body = pipelineListBody(readPipelineListView('?searchText=etl&s=docCount-asc', NOW))
    expect(body).toEqual({
      clusters: ['*'],
      start_time: NOW - 24 * HOUR,
      end_time: NOW,
      pipelineTypes: ['hivemr', 'hivetz', 'impala', 'spark'],
      search_text: 'etl',
    })
  })

  it('B187 rows sort on the client by the column key, runName defaulting to the key', () => {
    const rows = [row('b', 3, 10), row('a', 1, 30, ''), row('c', 2, 20)]
    expect(pipelineTableRows(rows, { key: 'startTime', direction: 'desc' }).map((r) => r.name)).toEqual([
      'a',
      'c',
      'b',
    ])
    expect(pipelineTableRows(rows, { key: 'docCount', direction: 'asc' }).map((r) => r.docCount)).toEqual([
      1, 2, 3,
    ])
  })
})
