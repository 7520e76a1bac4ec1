import { describe, expect, it } from 'vitest'
import {
  addToCompare,
  compareConfigProblem,
  compareControls,
  comparePanel,
  compareStorageKey,
  compareTarget,
  COMPARE_TYPES,
  removeFromCompare,
} from './compare.ts'

describe('B260 compare lists', () => {
  it.each([
    [['q1'], 'q1', ['q1']],
    [['q1', 'q2'], 'q3', ['q1', 'q2']],
    [[], 'q1', ['q1']],
  ])('B260 %j + %s → %j', (selection, id, result) => {
    expect(addToCompare(selection, id)).toEqual(result)
  })

  it('B260 removing an id', () => expect(removeFromCompare(['q1', 'q2'], 'q1')).toEqual(['q2']))

  it('B260 Snowflake compares by query UID, BigQuery by job id', () => {
    expect(COMPARE_TYPES.query.valueKey).toBe('queryUid')
    expect(COMPARE_TYPES.job.valueKey).toBe('jobId')
  })
})

describe('B261 compare controls', () => {
  it.each([
    [0, { uncheckedDisabled: false, buttonDisabled: true }],
    [1, { uncheckedDisabled: false, buttonDisabled: false }],
    [2, { uncheckedDisabled: true, buttonDisabled: false }],
    [3, { uncheckedDisabled: true, buttonDisabled: true }],
  ])('B261 %i selected → %j', (selected, controls) => {
    expect(compareControls(selected)).toEqual(controls)
  })
})

describe('B262 B263 B264 compare navigation and panel', () => {
  it.each([
    ['query', ['q1', 'q2'], '/query/compare?ids=q1,q2'],
    ['job', ['j1'], '/job/compare?ids=j1'],
  ] as const)('B262 %s %j → %s', (type, ids, target) => {
    expect(compareTarget(type, ids)).toBe(target)
  })

  it('B263 selections are stored per type; a config needs valueKey and type', () => {
    expect(compareStorageKey('query')).not.toBe(compareStorageKey('job'))
    expect(compareConfigProblem({ type: 'query' })).toMatch(/valueKey/)
    expect(compareConfigProblem({ valueKey: 'id' })).toMatch(/type/)
    expect(compareConfigProblem({ type: 'query', valueKey: 'queryUid' })).toBeNull()
  })

  it('B264 the panel is collapsed when empty', () => {
    expect(comparePanel('query', [])).toMatchObject({ collapsed: true, count: 0 })
  })

  it('B264 the panel names the type, counts and links each id to its details', () => {
    expect(comparePanel('job', ['j1', 'j2'])).toEqual({
      title: 'Compare Jobs',
      count: 2,
      collapsed: false,
      links: [
        { id: 'j1', href: '/job/j1/details' },
        { id: 'j2', href: '/job/j2/details' },
      ],
    })
  })
})
