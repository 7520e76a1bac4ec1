import { describe, expect, it } from 'vitest'
import {
  applyStatusFilterAction,
  autoSelectFirst,
  clearRangesOutsideMetadata,
  EMR_LIST_POLL_MS,
  fillEmptyFilters,
  type ListEvent,
  type ListState,
  listTransition,
  restoredListState,
  validDateRangeOr,
} from './list-state.ts'
import { startOfUtcDay } from '../format/dates.ts'

interface Filters {
  users: string[]
  statuses: string[]
}

const defaults: ListState<Filters> = {
  listType: 'all',
  dateRange: { start: 0, end: 3_600_000 },
  datesChanged: false,
  clusters: ['*'],
  filters: { users: [], statuses: [] },
  sort: { key: 'startTime', direction: 'desc' },
  page: 1,
  pageSize: 15,
}
const onPage3: ListState<Filters> = {
  ...defaults,
  filters: { users: ['bob'], statuses: ['R'] },
  page: 3,
}

describe('B066 B067 B103 B177 B188 B234 list state transitions', () => {
  it.each([
    [
      'B188 a filter change',
      { type: 'filters', filters: { users: ['ann'] } },
      { page: 1, filters: { users: ['ann'], statuses: ['R'] } },
    ],
    ['B103 a sort change', { type: 'sort', sort: { key: 'duration', direction: 'asc' } }, { page: 1 }],
    ['B103 a page-size change', { type: 'pageSize', pageSize: 50 }, { page: 1, pageSize: 50 }],
    ['B188 a cluster change', { type: 'clusters', clusters: ['c1'] }, { page: 1, clusters: ['c1'] }],
    ['B177 a page change', { type: 'page', page: 4 }, { page: 4, filters: onPage3.filters }],
    [
      'B067 B177 B234 a date-range change',
      { type: 'dateRange', dateRange: { start: 10, end: 20 } },
      { page: 1, filters: defaults.filters, datesChanged: true, dateRange: { start: 10, end: 20 } },
    ],
    [
      'B177 a list-type change',
      { type: 'listType', listType: 'running' },
      { page: 1, filters: defaults.filters, listType: 'running' },
    ],
    ['B177 show all', { type: 'showAll' }, { page: 1, filters: defaults.filters }],
  ] as [string, ListEvent<Filters>, Partial<ListState<Filters>>][])(
    '%s refetches with %j',
    (_label, event, expected) => {
      const { state, refetch } = listTransition(onPage3, event, defaults)
      expect(state).toMatchObject(expected)
      expect(refetch).toBe(true)
    },
  )

  it('B066 B234 entering another page path resets dates and filters, and does not fetch', () => {
    expect(listTransition({ ...onPage3, datesChanged: true }, { type: 'pathChange' }, defaults)).toEqual({
      state: defaults,
      refetch: false,
    })
  })

  it('B177 clicking the current page again does not refetch', () => {
    expect(listTransition(onPage3, { type: 'page', page: 3 }, defaults).refetch).toBe(false)
  })
})

describe('B184 saved list state', () => {
  const saved = { running: { ...onPage3, listType: 'running' } }
  const same = { dateRange: onPage3.dateRange, clusters: ['*'], query: '' }

  it.each([
    ['the same range and clusters and an empty query', same, true],
    ['a query of its own', { ...same, query: '?status=R' }, false],
    ['another date range', { ...same, dateRange: { start: 5, end: 6 } }, false],
    ['other clusters', { ...same, clusters: ['c1'] }, false],
  ])('B184 returning with %s restores: %s', (_label, context, restored) => {
    expect(restoredListState(saved, 'running', context)).toBe(restored ? saved.running : null)
  })

  it('B184 state is kept per list type', () => {
    expect(restoredListState(saved, 'finished', same)).toBeNull()
  })
})

describe('B193 status filter actions', () => {
  const options = ['R', 'S', 'F', 'K']
  it.each([
    [['R', 'S'], { type: 'toggle', status: 'S' }, ['R']],
    [['R'], { type: 'toggle', status: 'F' }, ['R', 'F']],
    [['R'], { type: 'toggle', status: 'R' }, options],
    [['R', 'S'], { type: 'only', status: 'K' }, ['K']],
    [['K'], { type: 'showAll' }, options],
  ] as const)('B193 %j then %j gives %j', (checked, action, expected) => {
    expect(applyStatusFilterAction(checked, options, action)).toEqual(expected)
  })
})

describe('B235 Snowflake metadata fills empty filters', () => {
  it.each([
    [
      { accounts: [], insights: [] },
      { accounts: ['a1', 'a2'], insights: ['i1'] },
      { accounts: ['a1', 'a2'], insights: ['i1'] },
    ],
    [
      { accounts: ['a2'], insights: [] },
      { accounts: ['a1', 'a2'], insights: ['i1'] },
      { accounts: ['a2'], insights: ['i1'] },
    ],
    [{ accounts: [], insights: [] }, {}, { accounts: [], insights: [] }],
  ])('B235 %j with metadata %j gives %j', (filters, metadata, expected) => {
    expect(fillEmptyFilters(filters, metadata, ['accounts', 'insights'])).toEqual(expected)
  })
})

describe('B204 EMR range filters against new metadata', () => {
  it.each([
    [{ cost: [50, 80] }, { cost: [0, 40] }, { cost: null }, true],
    [{ cost: [10, 30] }, { cost: [0, 40] }, { cost: [10, 30] }, false],
    [{ cost: null }, { cost: [0, 40] }, { cost: null }, false],
    [{ duration: [0, 5000] }, { duration: [100, 9000] }, { duration: null }, true],
  ] as [Record<string, [number, number] | null>, Record<string, [number, number]>, unknown, boolean][])(
    'B204 filter %j with metadata %j → %j, reload %s',
    (filters, metadata, expected, reload) => {
      expect(clearRangesOutsideMetadata(filters, metadata)).toEqual({ filters: expected, reload })
    },
  )

  it('B204 the list is polled every 120000 ms', () => {
    expect(EMR_LIST_POLL_MS).toBe(120_000)
  })
})

describe('B237 Snowflake date range update', () => {
  const now = Date.UTC(2026, 10, 22, 12)
  const today = { start: startOfUtcDay(now), end: now }
  it.each([
    [{ start: 'not-a-date', end: now }, today],
    [{ start: Number.NaN, end: now }, today],
    [{ start: now, end: now - 1 }, today],
    [
      { start: now - 3_600_000, end: now },
      { start: now - 3_600_000, end: now },
    ],
  ])('B237 %j gives %j', (update, expected) => {
    expect(validDateRangeOr(update, today)).toEqual(expected)
  })
})

describe('B210 HBase auto-selection', () => {
  it.each([
    [['h1', 'h2'], null, 'h1'],
    [['h1', 'h2'], 'h2', 'h2'],
    [['h1', 'h2'], 'gone', 'h1'],
    [[], null, null],
  ])('B210 hosts %j with %s selected → %s', (hosts, selected, expected) => {
    expect(autoSelectFirst(hosts, selected)).toBe(expected)
  })
})
