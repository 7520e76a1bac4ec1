import { describe, expect, it } from 'vitest'
import {
  appListQueryFromSearch,
  queryStringFromState,
  readSharedQuery,
  resourcesQueryFromSearch,
} from './query-state.ts'

describe('B030 query state written back to the address', () => {
  it.each([
    [
      { status: 'R', clusterUid: 'c1', appListType: 'running' },
      '?appListType=running&clusterUid=c1&status=R',
    ],
    [{ b: 2, a: 1 }, '?a=1&b=2'],
    [{ user: ['ann', 'bob'], page: 3 }, '?page=3&user=ann%2Cbob'],
    [{ empty: '', none: null, missing: undefined, list: [] }, ''],
    [{ isUTCTime: false }, '?isUTCTime=false'],
    [{ q: 'a&b=c' }, '?q=a%26b%3Dc'],
  ])('B030 %j gives %s, keys sorted', (state, expected) => {
    expect(queryStringFromState(state)).toBe(expected)
  })

  it('B030 the same state in any key order gives the same address', () => {
    expect(queryStringFromState({ z: 1, a: 2, m: 3 })).toBe(queryStringFromState({ m: 3, z: 1, a: 2 }))
  })
})

describe('B031, B032 shared query parameters', () => {
  it.each([
    ['?queue=ws-1', { workspace: 'ws-1' }],
    ['?workspace=ws-2&queue=ws-1', { workspace: 'ws-2' }],
    ['?start_date=1700000000000', { start_date: 1700000000000 }],
    [
      '?start_date=1700000000000&end_date=1700003600000',
      { start_date: 1700000000000, end_date: 1700003600000 },
    ],
    ['?start_date=yesterday', {}],
    ['?cluster_type=EMR', { clusterType: 'EMR' }],
    ['?clusterType=DB', { clusterType: 'DB' }],
    ['?cluster_type=EMR&clusterType=DB', { clusterType: 'DB' }],
    ['?status=R,F&user=ann&user=bob', { status: ['R', 'F'], user: ['ann', 'bob'] }],
    ['?isUTCTime=true&tab=running', { isUTCTime: true, tab: 'running' }],
    ['?isUTCTime=maybe', {}],
    ['', {}],
  ])('B031 B032 %s reads as %j', (search, expected) => {
    expect(readSharedQuery(search)).toEqual(expected)
  })
})

describe('B033 application list filters from the address', () => {
  it.each([
    ['?appListType=running&user=bob', { listType: 'running', users: ['bob'] }],
    [
      '?appListType=finished&status=S,F&queue=root.etl&clusterUid=c1',
      { listType: 'finished', statuses: ['S', 'F'], queues: ['root.etl'], clusterUid: 'c1' },
    ],
    ['?appListType=everything', {}],
    [
      '?start_date=1700000000000&end_date=1700003600000',
      { start_date: 1700000000000, end_date: 1700003600000 },
    ],
  ])('B033 %s sets %j', (search, expected) => {
    expect(appListQueryFromSearch(search)).toEqual(expected)
  })
})

describe('B034 resources route query', () => {
  it.each([
    ['?clusterUid=c1&startTime=1700000000000', { cluster: 'c1', startTime: 1700000000000 }],
    ['?clusterUid=c1', { cluster: 'c1' }],
    ['?startTime=soon', {}],
  ])('B034 %s reads %j', (search, expected) => {
    expect(resourcesQueryFromSearch(search)).toEqual(expected)
  })
})
