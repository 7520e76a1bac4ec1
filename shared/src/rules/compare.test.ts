import { describe, expect, it } from 'vitest'
import {
  addToCompare,
  COMPARE_CONFIG_PROBLEMS,
  COMPARE_MAX_ITEMS,
  COMPARE_MIN_ITEMS,
  COMPARE_TYPES,
  compareCheckboxDisabled,
  compareConfigProblem,
  compareControls,
  comparePanel,
  compareStorageKey,
  compareTarget,
  pressCompare,
  removeFromCompare,
  restoreCompareSelection,
  toggleCompare,
} from './compare.ts'

describe('B260 compare lists', () => {
  it('B260 hold 1 to 2 items by default', () => {
    expect([COMPARE_MIN_ITEMS, COMPARE_MAX_ITEMS]).toEqual([1, 2])
  })

  it.each([
    [['q1'], 'q1', ['q1']],
    [['q1', 'q2'], 'q3', ['q1', 'q2']],
    [[], 'q1', ['q1']],
    [['q1'], 'q2', ['q1', 'q2']],
  ])('B260 %j + %s → %j', (selection, id, result) => {
    expect(addToCompare(selection, id)).toEqual(result)
  })

  it('B260 a larger maximum lets more in', () => {
    expect(addToCompare(['q1', 'q2'], 'q3', { maxItems: 3 })).toEqual(['q1', 'q2', 'q3'])
  })

  it.each([
    [['q1', 'q2'], 'q1', ['q2']],
    [['q1'], 'q9', ['q1']],
  ])('B260 %j - %s → %j', (selection, id, result) => {
    expect(removeFromCompare(selection, id)).toEqual(result)
  })

  it.each([
    [['q1'], 'q1', []],
    [['q1'], 'q2', ['q1', 'q2']],
    [['q1', 'q2'], 'q3', ['q1', 'q2']],
    [['q1', 'q2'], 'q2', ['q1']],
  ] as [string[], string, string[]][])('B260 toggling %j with %s → %j', (selection, id, result) => {
    expect(toggleCompare(selection, id)).toEqual(result)
  })

  it('B260 the input list is never changed', () => {
    const selection = ['q1']
    addToCompare(selection, 'q2')
    expect(selection).toEqual(['q1'])
  })

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

  it('B261 custom bounds: button disabled below minItems', () => {
    expect(compareControls(1, { minItems: 2, maxItems: 4 })).toEqual({
      uncheckedDisabled: false,
      buttonDisabled: true,
    })
  })

  it.each([
    [['q1', 'q2'], 'q3', true],
    [['q1', 'q2'], 'q1', false],
    [['q1'], 'q3', false],
  ])('B261 with %j the checkbox of %s is disabled: %s', (selection, id, disabled) => {
    expect(compareCheckboxDisabled(selection, id)).toBe(disabled)
  })
})

describe('B262 compare navigation', () => {
  it.each([
    ['query', ['q1', 'q2'], '/query/compare?ids=q1,q2'],
    ['job', ['j1'], '/job/compare?ids=j1'],
    ['job', ['j1', 'j1'], '/job/compare?ids=j1'],
    ['query', ['a,b', 'c d'], '/query/compare?ids=a%2Cb,c%20d'],
  ] as const)('B262 %s %j → %s', (type, ids, target) => {
    expect(compareTarget(type, ids)).toBe(target)
  })

  it('B262 pressing Compare navigates, then the selection is cleared', () => {
    expect(pressCompare('query', ['q1', 'q2'])).toEqual({ to: '/query/compare?ids=q1,q2', selection: [] })
    expect(pressCompare('job', ['j1'])).toEqual({ to: '/job/compare?ids=j1', selection: [] })
  })

  it('B262 B261 pressing a disabled Compare does nothing', () => {
    expect(pressCompare('query', [])).toBeNull()
    expect(pressCompare('query', ['q1', 'q2', 'q3'])).toBeNull()
  })
})

describe('B263 compare storage and config', () => {
  it('B263 selections are stored per type', () => {
    expect(compareStorageKey('query')).toBe('costlens.compare.query')
    expect(compareStorageKey('query')).not.toBe(compareStorageKey('job'))
  })

  it.each([
    [null, []],
    ['["q1","q2"]', ['q1', 'q2']],
    ['["q1","q1"]', ['q1']],
    ['["q1","q2","q3"]', ['q1', 'q2']],
    ['["q1",3,null,""]', ['q1']],
    ['{"ids":["q1"]}', []],
    ['not json', []],
  ])('B263 a stored %s is restored as %j', (raw, selection) => {
    expect(restoreCompareSelection(raw)).toEqual(selection)
  })

  it.each([
    [{ type: 'query' }, COMPARE_CONFIG_PROBLEMS.valueKey],
    [{ valueKey: 'queryUid' }, COMPARE_CONFIG_PROBLEMS.type],
    [{ type: '', valueKey: 'queryUid' }, COMPARE_CONFIG_PROBLEMS.type],
    [{ type: 'query', valueKey: 7 }, COMPARE_CONFIG_PROBLEMS.valueKey],
    [{ type: 'query', valueKey: 'queryUid' }, null],
  ])('B263 config %j → %j', (config, problem) => {
    expect(compareConfigProblem(config)).toBe(problem)
  })
})

describe('B264 compare panel', () => {
  it('B264 the panel is collapsed when empty, even under the pointer', () => {
    expect(comparePanel('query', [], true)).toMatchObject({ collapsed: true, expanded: false, count: 0 })
  })

  it.each([
    [true, true],
    [false, false],
  ])('B264 pointer inside %s → expanded %s', (inside, expanded) => {
    expect(comparePanel('query', ['q1'], inside).expanded).toBe(expanded)
  })

  it('B264 the panel names the type, counts and links each id to its details', () => {
    expect(comparePanel('job', ['j1', 'j/2'])).toEqual({
      title: 'Compare Jobs',
      count: 2,
      collapsed: false,
      expanded: false,
      links: [
        { id: 'j1', href: '/job/j1/details' },
        { id: 'j/2', href: '/job/j%2F2/details' },
      ],
    })
    expect(comparePanel('query', ['q1']).title).toBe('Compare Queries')
  })
})
