import { describe, expect, it } from 'vitest'
import {
  badgeSummary,
  canSelectMore,
  clampSlider,
  costFilterDecimals,
  costFilterParams,
  durationFilterParams,
  filterValuesProblem,
  legendAllChecked,
  MULTI_SELECT_DEBOUNCE_MS,
  MULTI_SELECT_MAX_HEIGHT,
  moveDurationSlider,
  rangeFilterOrNone,
  searchTags,
  selectionCap,
  tagFilterParams,
  tagSelection,
  tagSelectorState,
  toggleTagParent,
  TREE_SELECT_LIMIT,
  visibleTags,
} from './filters.ts'

describe('B068 B236 full-range filters', () => {
  it.each([
    [[0, 100], [0, 100], null],
    [
      [0, 50],
      [0, 100],
      [0, 50],
    ],
    [[-1, 101], [0, 100], null],
    [null, [0, 100], null],
  ] as const)('B068 filter %j with metadata %j → %j', (filter, full, expected) => {
    expect(rangeFilterOrNone(filter, full)).toEqual(expected)
  })
})

describe('B116 B117 B118 B119 selection caps', () => {
  it.each([
    [10, false, 'max length'],
    [9, true, null],
  ])('B116 with %i selected, one more allowed: %s', (selected, more, message) => {
    expect(canSelectMore(selected)).toBe(more)
    expect(selectionCap(selected).message).toBe(message)
    expect(selectionCap(selected).othersDisabled).toBe(!more)
  })

  it('B117 the cluster select at maximumSelectionLength 2 says max select', () => {
    expect(selectionCap(2, 2, 'cluster')).toEqual({ othersDisabled: true, message: 'max select' })
    expect(canSelectMore(2, 2)).toBe(false)
  })

  it.each([
    [5, null],
    [6, 'Specify up to 5 values in a filter.'],
  ])('B118 %i values → %j', (count, problem) => {
    expect(filterValuesProblem(Array.from({ length: count }))).toBe(problem)
  })

  it.each([
    [['a', 'b', 'c', 'd', 'e', 'f'], { badges: ['a', 'b', 'c', 'd'], more: '+2' }],
    [['a', 'b'], { badges: ['a', 'b'], more: null }],
  ])('B119 %j shows %j', (values, summary) => {
    expect(badgeSummary(values)).toEqual(summary)
  })

  it('B119 debounce 300 ms, max height 150, tree-select limit 10', () => {
    expect([MULTI_SELECT_DEBOUNCE_MS, MULTI_SELECT_MAX_HEIGHT, TREE_SELECT_LIMIT]).toEqual([300, 150, 10])
  })
})

describe('B120 B121 B122 B123 B124 tags', () => {
  const tags = [{ key: 'env', values: ['prod', 'dev'] }]
  it.each([
    ['PROD', [{ key: 'env', values: ['prod'] }]],
    ['ENV', [{ key: 'env', values: ['prod', 'dev'] }]],
    ['zzz', []],
    ['', tags],
  ])('B120 searching %s gives %j', (search, result) => {
    expect(searchTags(tags, search)).toEqual(result)
  })

  it('B121 RealUser tags are removed', () => {
    expect(
      visibleTags([
        { key: 'RealUser', values: ['a'] },
        { key: 'env', values: ['prod'] },
      ]),
    ).toEqual([{ key: 'env', values: ['prod'] }])
  })

  it('B122 the selector outputs key → values', () => {
    expect(
      tagSelection([
        ['env', 'prod'],
        ['env', 'dev'],
        ['team', 'a'],
        ['env', 'prod'],
      ]),
    ).toEqual({ env: ['prod', 'dev'], team: ['a'] })
  })

  it.each([
    [10, true],
    [9, false],
  ])('B123 %i of 10 selected: disabled %s', (selected, disabled) => {
    const state = tagSelectorState(selected, 10)
    expect(state.disabled).toBe(disabled)
    expect(state.message !== null).toBe(disabled)
  })

  it.each([
    [['spark'], '', false],
    [[], 'sp', false],
    [[], '', true],
  ])('B124 hidden %j and search %j: all checked %s', (hidden, search, all) => {
    expect(legendAllChecked({ hidden: new Set(hidden), search })).toBe(all)
  })

  it('B124 checking a parent checks all its values; unchecking clears them', () => {
    const on = toggleTagParent(new Set(['team:a']), 'env', ['prod', 'dev'], true)
    expect([...on].sort()).toEqual(['env:dev', 'env:prod', 'team:a'])
    expect([...toggleTagParent(on, 'env', ['prod', 'dev'], false)]).toEqual(['team:a'])
  })
})

describe('B125 B126 B127 filters sent', () => {
  it.each([
    [false, [1, 5], 2, null],
    [true, [0, 0], 2, null],
    [true, [0.12345, 0.45671], 4, { minCost: 0.1234, maxCost: 0.4568 }],
    [true, [1.239, 7.891], 2, { minCost: 1.23, maxCost: 7.9 }],
    [true, [1.2, 3.4], 2, { minCost: 1.2, maxCost: 3.4 }],
  ] as const)('B125 touched %s, cost %j at %i decimals → %j', (touched, cost, decimals, params) => {
    expect(costFilterParams(touched, cost, decimals)).toEqual(params)
  })

  it.each([
    [0.5, 4],
    [1, 4],
    [1.5, 3],
    [5, 3],
    [7, 2],
    [10, 2],
    [25, 2],
  ])('B126 G15 a maximum of %s uses %i decimals', (max, decimals) => {
    expect(costFilterDecimals(max)).toBe(decimals)
  })

  it('B127 an untouched duration is not sent', () => {
    expect(durationFilterParams(false, [0, 10])).toBeNull()
    expect(durationFilterParams(true, [0, 10])).toEqual({ minDuration: 0, maxDuration: 10 })
  })

  it('B127 tag filters only for keys with values', () => {
    expect(tagFilterParams({ env: ['prod'], team: [] })).toEqual({ env: ['prod'] })
    expect(tagFilterParams({ team: [] })).toBeNull()
  })
})

describe('B128 B129 sliders', () => {
  it.each([
    [
      [-10, 4000],
      [0, 3600],
    ],
    [[100, 100], null],
    [[200, 100], null],
    [
      [100, 101],
      [100, 101],
    ],
  ] as const)('B128 setting %j on [0, 3600] gives %j', (set, result) => {
    expect(moveDurationSlider([0, 3600], set)).toEqual(result)
  })

  it.each([
    [
      [0, 900],
      [5, 500],
      [5, 500],
    ],
    [
      [10, 20],
      [5, 500],
      [10, 20],
    ],
    [
      [0, 5],
      [-0.01, 40],
      [0, 5],
    ],
    [
      [600, 900],
      [5, 500],
      [500, 500],
    ],
  ] as const)('B129 B236 slider %j with metadata %j → %j', (slider, metadata, clamped) => {
    expect(clampSlider(slider, metadata)).toEqual(clamped)
  })
})
