import { describe, expect, it } from 'vitest'
import {
  addressRange,
  clusters,
  flag,
  many,
  numberRange,
  page,
  pageSize,
  sort,
  tabs,
  tagMap,
  text,
} from './fields.ts'
import { defineListState } from './list-state.ts'

const NOW = Date.parse('2026-11-23T12:00:00Z')
const DAY_START = Date.parse('2026-11-23T00:00:00Z')
const context = { now: NOW }

// A list in the EMR cluster list's shape (02 §2): every field kind the kit offers.
const list = defineListState({
  range: addressRange({ preset: 'today', startKey: 'startDate', endKey: 'endDate' }),
  fields: {
    tab: tabs('tab', ['all', 'active', 'inefficient']),
    sort: sort('s', { key: 'startTime', direction: 'desc' }, ['startTime', 'totalCost']),
    page: page(),
    pageSize: pageSize(15),
  },
  filters: {
    name: text('clusterName'),
    status: many('clusterStatus', ['active', 'terminated', 'failed']),
    cost: numberRange('minCost', 'maxCost'),
    withProduct: flag('withUnravelInstall'),
    tags: tagMap('clusterTags'),
  },
  resetFiltersOn: ['range', 'tab'],
})

describe('defineListState', () => {
  it('B069 B030 opens on its defaults, and the defaults write a plain address', () => {
    const state = list.defaults(context)
    expect(state).toMatchObject({
      dateRange: { start: DAY_START, end: NOW },
      rangeLabel: 'today',
      tab: 'all',
      page: 1,
      pageSize: 15,
      filters: { name: '', status: [], cost: null, withProduct: false, tags: {} },
    })
    expect(list.write(state, context)).toBe('')
  })

  it('01 §2.5 B030 round-trips every kind of field through the address, keys sorted', () => {
    const search =
      '?clusterName=etl&clusterStatus=active,failed&clusterTags=team:data,env:prod&endDate=1763856000000' +
      '&maxCost=40&minCost=2.5&page=3&pageSize=50&s=totalCost-asc&startDate=1763769600000&tab=active' +
      '&withUnravelInstall=true'
    const state = list.read(search, context)
    expect(state.filters).toEqual({
      name: 'etl',
      status: ['active', 'failed'],
      cost: [2.5, 40],
      withProduct: true,
      tags: { team: ['data'], env: ['prod'] },
    })
    expect(state.rangeLabel).toBe('custom')
    expect(decodeURIComponent(list.write(state, context))).toBe(search)
  })

  it('B033 B237 unknown or malformed values fall back to the defaults, never to an empty list', () => {
    const state = list.read(
      '?tab=running&clusterStatus=gone&minCost=9&maxCost=1&s=nope-asc&page=-2&pageSize=7&startDate=x&endDate=1',
      context,
    )
    expect(state).toMatchObject({ tab: 'all', page: 1, pageSize: 15, rangeLabel: 'today' })
    expect(state.sort).toEqual({ key: 'startTime', direction: 'desc' })
    expect(state.filters).toMatchObject({ status: [], cost: null })
  })

  it('02 §4 EMR cluster list: a new tab or range resets the filters and the page, a filter keeps the tab', () => {
    const state = list.read('?tab=active&clusterName=etl&minCost=1&maxCost=2&page=4', context)
    const tabbed = list.change(state, { type: 'tab', tab: 'inefficient' }, context)
    expect(tabbed).toMatchObject({ tab: 'inefficient', page: 1, filters: { name: '', cost: null } })
    const ranged = list.change(
      state,
      { type: 'range', dateRange: { start: 1, end: 2 }, label: 'custom' },
      context,
    )
    expect(ranged).toMatchObject({ tab: 'active', page: 1, filters: { name: '' } })
    const filtered = list.change(state, { type: 'filters', filters: { withProduct: true } }, context)
    expect(filtered).toMatchObject({ tab: 'active', page: 1, filters: { name: 'etl', withProduct: true } })
  })

  it('B102 B104 a page change keeps the filters and its page; a sort or page size goes back to page 1', () => {
    const state = list.read('?clusterName=etl&page=2', context)
    expect(list.change(state, { type: 'page', page: 5 }, context)).toMatchObject({
      page: 5,
      filters: { name: 'etl' },
    })
    expect(
      list.change(state, { type: 'sort', sort: { key: 'totalCost', direction: 'asc' } }, context).page,
    ).toBe(1)
    expect(list.change(state, { type: 'pageSize', pageSize: 50 }, context).page).toBe(1)
    expect(list.change(state, { type: 'reset' }, context)).toMatchObject({ page: 1, filters: { name: '' } })
  })

  it('B052 B054 a frozen user keeps the frozen range; a freemium range over 7 days is the default', () => {
    const frozen = { frozenTime: true, frozenTimeStart: 1000, frozenTimeEnd: 2000 }
    expect(list.read('?dateRangeLabel=7_d', { now: NOW, user: frozen }).dateRange).toEqual({
      start: 1000,
      end: 2000,
    })
    const freemium = {
      frozenTime: false,
      frozenTimeStart: null,
      frozenTimeEnd: null,
      plan: 'freemium' as const,
    }
    expect(list.read('?dateRangeLabel=30_d', { now: NOW, user: freemium }).rangeLabel).toBe('today')
  })

  it('a preset is re-evaluated at the page clock: "today" moves forward with it', () => {
    const later = NOW + 120_000
    expect(list.read('', { now: later }).dateRange).toEqual({ start: DAY_START, end: later })
  })
})

// A list whose tabs sort and page their own way, in the application lists' shape (B096, B180).
const tabbed = defineListState({
  tab: 'kind',
  fields: {
    kind: tabs('kind', ['all', 'finished']),
    clusters: clusters(),
    sort: sort('s', (kind) => ({
      key: kind === 'finished' ? 'finishedTime' : 'startTime',
      direction: 'desc',
    })),
    page: page(),
    pageSize: pageSize((kind) => (kind === 'finished' ? 50 : 15)),
  },
  filters: { user: many('user') },
  resetFiltersOn: ['kind'],
  // A list rule across fields: no page past the 1,000th row.
  refine: (state) => ({ ...state, page: Math.min(state.page, Math.ceil(1000 / state.pageSize)) }),
})

describe('defineListState with per-tab defaults', () => {
  it('B180 B096 each tab opens on its own sort and page size, which the address leaves out', () => {
    const finished = tabbed.read('?kind=finished', context)
    expect(finished).toMatchObject({ pageSize: 50, sort: { key: 'finishedTime', direction: 'desc' } })
    expect(tabbed.write(finished, context)).toBe('?kind=finished')
    expect(tabbed.write({ ...finished, pageSize: 15 }, context)).toBe('?kind=finished&pageSize=15')
  })

  it('B066 a new tab takes its own sort and page size and resets the filters; other changes keep them', () => {
    const state = tabbed.read('?s=user-asc&pageSize=25&user=etl&page=3', context)
    expect(tabbed.change(state, { type: 'kind', kind: 'finished' }, context)).toMatchObject({
      kind: 'finished',
      sort: { key: 'finishedTime' },
      pageSize: 50,
      page: 1,
      filters: { user: [] },
    })
    expect(tabbed.change(state, { type: 'filters', filters: { user: ['a'] } }, context)).toMatchObject({
      sort: { key: 'user' },
      pageSize: 25,
    })
  })

  it('B182 clusters: one chosen cluster as a list, every cluster ([] or *) left out of the address', () => {
    expect(tabbed.read('?clusterUid=c-1', context).clusters).toEqual(['c-1'])
    expect(tabbed.read('?clusterUid=*', context).clusters).toEqual([])
    expect(tabbed.write(tabbed.read('?clusterUid=*', context), context)).toBe('')
  })

  it('B097 the last reachable page is counted with the tab’s own page size', () => {
    const capped = defineListState({
      tab: 'kind',
      fields: {
        kind: tabs('kind', ['all', 'finished']),
        page: page('page', { maxRecords: 10_000 }),
        pageSize: pageSize((kind) => (kind === 'finished' ? 50 : 15)),
      },
      filters: {},
    })
    expect(capped.read('?page=100000', context).page).toBe(667)
    expect(capped.read('?kind=finished&page=100000', context).page).toBe(200)
  })

  it('B097 refine applies the list rule to what the address says', () => {
    expect(tabbed.read('?page=500&pageSize=100', context).page).toBe(10)
  })
})

describe('defineListState, the rules some lists add', () => {
  const results = defineListState({
    fields: {
      tab: tabs('tab', ['inefficient', 'all']),
      // B059: a cost sort is for paying users only.
      sort: sort('s', { key: 'startTime', direction: 'desc' }, (key, { user }) =>
        ['startTime', 'user', 'cents'].includes(key)
          ? !(key === 'cents' && user?.plan === 'freemium')
          : false,
      ),
      page: page('page', { maxRecords: 10_000 }),
      pageSize: pageSize(15, 'pageSize', [15, 25, 50, 100]),
    },
    filters: { insights: many('insights'), user: many('userName') },
    resetFiltersOn: [],
    clearFiltersOn: { tab: ['insights'] },
  })

  it('B097 a page past the 10,000th record reads as the last reachable page, at the size asked for', () => {
    expect(results.read('?page=100000', context).page).toBe(667)
    expect(results.read('?page=100000&pageSize=50', context).page).toBe(200)
    expect(results.read('?page=0', context).page).toBe(1)
  })

  it('B096 page sizes outside the list’s own choices fall back to its default', () => {
    expect(results.read('?pageSize=10', context).pageSize).toBe(15)
    expect(results.read('?pageSize=25', context).pageSize).toBe(25)
  })

  it('B059 a sort may depend on the user: no cost sort on the free plan, not even from the address', () => {
    const freemium = {
      frozenTime: false,
      frozenTimeStart: null,
      frozenTimeEnd: null,
      plan: 'freemium' as const,
    }
    expect(results.read('?s=cents-desc', context).sort).toEqual({ key: 'cents', direction: 'desc' })
    expect(results.read('?s=cents-desc', { now: NOW, user: freemium }).sort.key).toBe('startTime')
    expect(results.read('?s=queue-asc', context).sort.key).toBe('startTime')
  })

  it('B233 a change may clear some filters only: a new tab clears insights and keeps the user', () => {
    const state = results.read('?insights=FULL_TABLE_SCAN&userName=bob&page=3', context)
    expect(results.change(state, { type: 'tab', tab: 'all' }, context)).toMatchObject({
      tab: 'all',
      page: 1,
      filters: { insights: [], user: ['bob'] },
    })
  })

  it('03 §2 §5 picked dates may be written as ISO instants and never run past now', () => {
    const iso = defineListState({
      range: addressRange({
        preset: 'today',
        startKey: 'startDate',
        endKey: 'endDate',
        instants: 'iso',
        clampToNow: true,
      }),
      fields: {},
      filters: {},
    })
    const state = iso.read('?startDate=2026-11-20T00:00:00.000Z&endDate=2026-11-30T00:00:00.000Z', context)
    expect(state.dateRange).toEqual({ start: Date.parse('2026-11-20T00:00:00Z'), end: NOW })
    expect(decodeURIComponent(iso.write(state, context))).toBe(
      '?endDate=2026-11-23T12:00:00.000Z&startDate=2026-11-20T00:00:00.000Z',
    )
  })
})
