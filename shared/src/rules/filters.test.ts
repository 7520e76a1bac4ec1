import { describe, expect, it } from 'vitest'
import {
  badgeSummary,
  canSelectMore,
  clampSlider,
  costFilterDecimals,
  costFilterParams,
  DURATION_MIN_RANGE,
  DURATION_PLACEHOLDER,
  durationFilterParams,
  filterValuesProblem,
  formatHms,
  isKnownValueDashboardRange,
  isOptionDisabled,
  legendAllChecked,
  legendParentState,
  legendReducer,
  type LegendState,
  legendTagId,
  listCostFilter,
  listDurationFilter,
  MAXIMUM_SELECTION_LENGTH,
  MULTI_SELECT_BADGES,
  MULTI_SELECT_DEBOUNCE_MS,
  MULTI_SELECT_MAX,
  MULTI_SELECT_MAX_HEIGHT,
  moveDurationSlider,
  parseHms,
  NO_MATCH_TEXT,
  nonNegativeRange,
  queryIdFromAddress,
  type Range,
  rangeFilterOrNone,
  roiFiltersFromAddress,
  searchTags,
  selectionCap,
  sliderAfterMetadata,
  tagFilterParams,
  tagSelection,
  tagSelectorState,
  TREE_SELECT_LIMIT,
  valueDashboardDefaults,
  valueDashboardNoDataError,
  valueDashboardRangeParam,
  visibleTags,
  withQueryIdOverride,
} from './filters.ts'

const DAY = 86_400_000

describe('B068 B236 full-range filters', () => {
  it.each([
    [[0, 100], [0, 100], null],
    [
      [0, 50],
      [0, 100],
      [0, 50],
    ],
    [
      [10, 100],
      [0, 100],
      [10, 100],
    ],
    [[-1, 101], [0, 100], null],
    [null, [0, 100], null],
  ] as [Range | null, Range, Range | null][])(
    'B068 filter %j with metadata %j → %j',
    (filter, full, expected) => {
      expect(rangeFilterOrNone(filter, full)).toEqual(expected)
    },
  )

  it.each([
    [
      [-0.01, 40],
      [0, 40],
    ],
    [
      [5, 40],
      [5, 40],
    ],
    [
      [-3, -1],
      [0, 0],
    ],
  ] as [Range, Range][])('B236 metadata %j reads as %j', (metadata, range) => {
    expect(nonNegativeRange(metadata)).toEqual(range)
  })

  it('B236 a filter equal to [metadata min, metadata max] is dropped, even with a negative metadata minimum', () => {
    expect(listCostFilter(true, [0, 40], [-0.01, 40])).toBeNull()
    expect(listDurationFilter(true, [0, 40], [-0.01, 40])).toBeNull()
  })
})

describe('B116 B117 B118 B119 selection caps', () => {
  it.each([
    [10, false, 'max length'],
    [9, true, null],
    [0, true, null],
  ])('B116 with %i selected, one more allowed: %s', (selected, more, message) => {
    expect(canSelectMore(selected)).toBe(more)
    expect(selectionCap(selected)).toEqual({ othersDisabled: !more, message })
  })

  it.each([
    ['k', 9, false],
    ['k', 10, true],
    ['v0', 10, false],
  ])('B116 option %s with %i chosen is disabled: %s', (option, chosen, disabled) => {
    const selected = Array.from({ length: chosen }, (_, i) => `v${i}`)
    expect(isOptionDisabled(option, selected)).toBe(disabled)
  })

  it('B116 the default cap is 10', () => {
    expect(MULTI_SELECT_MAX).toBe(10)
  })

  it.each([
    [1, true, null],
    [2, false, 'max select'],
  ])(
    'B117 C22 at maximumSelectionLength 2, with %i chosen, one more allowed: %s',
    (selected, more, message) => {
      expect(MAXIMUM_SELECTION_LENGTH).toBe(2)
      expect(canSelectMore(selected, MAXIMUM_SELECTION_LENGTH)).toBe(more)
      expect(selectionCap(selected, MAXIMUM_SELECTION_LENGTH, 'cluster').message).toBe(message)
    },
  )

  it.each([
    [0, null],
    [5, null],
    [6, 'Specify up to 5 values in a filter.'],
  ])('B118 %i values → %j', (count, problem) => {
    expect(filterValuesProblem(Array.from({ length: count }))).toBe(problem)
  })

  it.each([
    [['a', 'b', 'c', 'd', 'e', 'f'], { badges: ['a', 'b', 'c', 'd'], more: '+2' }],
    [['a', 'b', 'c', 'd'], { badges: ['a', 'b', 'c', 'd'], more: null }],
    [['a', 'b', 'c', 'd', 'e'], { badges: ['a', 'b', 'c', 'd'], more: '+1' }],
    [['a', 'b'], { badges: ['a', 'b'], more: null }],
    [[], { badges: [], more: null }],
  ])('B119 %j shows %j', (values, summary) => {
    expect(badgeSummary(values)).toEqual(summary)
  })

  it('B119 debounce 300 ms, max height 150, 4 badges, tree-select limit 10', () => {
    expect([
      MULTI_SELECT_DEBOUNCE_MS,
      MULTI_SELECT_MAX_HEIGHT,
      MULTI_SELECT_BADGES,
      TREE_SELECT_LIMIT,
    ]).toEqual([300, 150, 4, 10])
  })
})

describe('B120 B121 B122 B123 tags', () => {
  const tags = [
    { key: 'env', values: ['prod', 'dev'] },
    { key: 'team', values: ['data', 'web'] },
  ]
  it.each([
    ['PROD', [{ key: 'env', values: ['prod'] }]],
    ['ENV', [{ key: 'env', values: ['prod', 'dev'] }]],
    [' B ', [{ key: 'team', values: ['web'] }]],
    ['e', tags],
    ['zzz', []],
    ['', tags],
  ])('B120 searching %j gives %j', (search, result) => {
    expect(searchTags(tags, search)).toEqual(result)
  })

  it('B120 C15 an empty result reads No match found', () => {
    expect(searchTags(tags, 'zzz')).toHaveLength(0)
    expect(NO_MATCH_TEXT).toBe('No match found')
  })

  it.each([
    [
      [
        { key: 'RealUser', values: ['a'] },
        { key: 'env', values: ['prod'] },
      ],
      [{ key: 'env', values: ['prod'] }],
    ],
    [[{ key: 'env', values: ['prod'] }], [{ key: 'env', values: ['prod'] }]],
  ])('B121 %j lists as %j', (input, output) => {
    expect(visibleTags(input)).toEqual(output)
  })

  it.each([
    [
      [
        ['env', 'prod'],
        ['env', 'dev'],
        ['team', 'a'],
      ],
      { env: ['prod', 'dev'], team: ['a'] },
    ],
    [
      [
        ['env', 'prod'],
        ['env', 'prod'],
      ],
      { env: ['prod'] },
    ],
    [[], {}],
  ] as [[string, string][], Record<string, string[]>][])('B122 checked %j outputs %j', (checked, output) => {
    expect(tagSelection(checked)).toEqual(output)
  })

  it.each([
    [10, 10, true, 'You can select up to 10 tags.'],
    [9, 10, false, null],
    [3, 3, true, 'You can select up to 3 tags.'],
  ])('B123 %i of %i selected: disabled %s, message %j', (selected, max, disabled, message) => {
    expect(tagSelectorState(selected, max)).toEqual({ disabled, message })
  })
})

describe('B124 pie legend', () => {
  const none: LegendState = { hidden: new Set(), search: '' }
  const env = legendTagId('env', 'prod')
  const dev = legendTagId('env', 'dev')

  it.each([
    [['spark'], '', false],
    [[], 'sp', false],
    [[], '  ', true],
    [[], '', true],
  ])('B124 hidden %j and search %j: all checked %s', (hidden, search, all) => {
    expect(legendAllChecked({ hidden: new Set(hidden), search })).toBe(all)
  })

  it('B124 checking a parent checks env:prod and env:dev; unchecking hides both', () => {
    const off = legendReducer(none, { type: 'parent', key: 'env', values: ['prod', 'dev'], checked: false })
    expect([...off.hidden].sort()).toEqual([dev, env].sort())
    expect(legendParentState(off, 'env', ['prod', 'dev'])).toBe('unchecked')
    const on = legendReducer(off, { type: 'parent', key: 'env', values: ['prod', 'dev'], checked: true })
    expect(on.hidden.size).toBe(0)
    expect(legendParentState(on, 'env', ['prod', 'dev'])).toBe('checked')
  })

  it('B124 one child unchecked leaves its parent mixed and clears the all checkbox', () => {
    const state = legendReducer(none, { type: 'toggle', id: dev })
    expect(legendParentState(state, 'env', ['prod', 'dev'])).toBe('mixed')
    expect(legendAllChecked(state)).toBe(false)
    expect(legendAllChecked(legendReducer(state, { type: 'toggle', id: dev }))).toBe(true)
  })

  it('B124 the all checkbox hides or shows every item; a search clears it without hiding anything', () => {
    const ids = ['spark', 'hive']
    const hiddenAll = legendReducer(none, { type: 'all', checked: false, ids })
    expect([...hiddenAll.hidden]).toEqual(ids)
    expect(legendReducer(hiddenAll, { type: 'all', checked: true, ids }).hidden.size).toBe(0)
    const searching = legendReducer(none, { type: 'search', search: 'sp' })
    expect(searching.hidden.size).toBe(0)
    expect(legendAllChecked(searching)).toBe(false)
  })

  it('B124 tag ids stay distinct when keys or values hold a colon', () => {
    expect(legendTagId('a:b', 'c')).not.toBe(legendTagId('a', 'b:c'))
  })
})

describe('B125 B126 B127 filters sent', () => {
  it.each([
    [false, [1, 5], 2, null],
    [true, [0, 0], 2, null],
    [true, [0, 3], 2, { minCost: 0, maxCost: 3 }],
    [true, [0.12345, 0.45671], 4, { minCost: 0.1234, maxCost: 0.4568 }],
    [true, [1.239, 7.891], 2, { minCost: 1.23, maxCost: 7.9 }],
    [true, [1.2, 3.4], 2, { minCost: 1.2, maxCost: 3.4 }],
    [true, [1.23, 4.56], 2, { minCost: 1.23, maxCost: 4.56 }],
  ] as [boolean, Range, number, unknown][])(
    'B125 touched %s, cost %j at %i decimals → %j',
    (touched, cost, decimals, params) => {
      expect(costFilterParams(touched, cost, decimals)).toEqual(params)
    },
  )

  it.each([
    [0.5, 4],
    [1, 4],
    [1.5, 3],
    [5, 3],
    [7, 2],
    [10, 2],
    [25, 2],
    [10_000, 2],
  ])('B126 G15 a maximum of %s uses %i decimals', (max, decimals) => {
    expect(costFilterDecimals(max)).toBe(decimals)
  })

  it.each([
    [false, [0.1, 0.5], [0, 1], null],
    [true, [0.12345, 0.45671], [0, 1], { minCost: 0.1234, maxCost: 0.4568 }],
    [true, [1.2345, 3.4561], [0, 5], { minCost: 1.234, maxCost: 3.457 }],
    [true, [12.345, 30.001], [0, 40], { minCost: 12.34, maxCost: 30.01 }],
    [true, [0, 40], [0, 40], null],
  ] as [boolean, Range, Range, unknown][])(
    'B125 B126 a list cost filter, touched %s, %j against metadata %j → %j',
    (touched, cost, metadata, params) => {
      expect(listCostFilter(touched, cost, metadata)).toEqual(params)
    },
  )

  it.each([
    [false, [0, 10], null],
    [true, [0, 10], { minDuration: 0, maxDuration: 10 }],
  ] as [boolean, Range, unknown][])('B127 duration touched %s, %j → %j', (touched, duration, params) => {
    expect(durationFilterParams(touched, duration)).toEqual(params)
  })

  it.each([
    [false, [5, 60], null],
    [true, [5, 60], { minDuration: 5, maxDuration: 60 }],
    [true, [0, 100], null],
  ] as [boolean, Range, unknown][])(
    'B127 B068 a list duration filter, touched %s, %j on [0, 100] → %j',
    (touched, duration, params) => {
      expect(listDurationFilter(touched, duration, [0, 100])).toEqual(params)
    },
  )

  it.each([
    [{ env: ['prod'], team: [] }, { appTags: { env: ['prod'] } }],
    [{ team: [] }, null],
    [{}, null],
  ])('B127 tags %j are sent as %j', (tags, params) => {
    expect(tagFilterParams(tags)).toEqual(params)
  })
})

describe('B128 B129 sliders', () => {
  it.each([
    [0, '00:00:00'],
    [999, '00:00:00'],
    [61_000, '00:01:01'],
    [3_723_000, '01:02:03'],
    [30 * 3_600_000, '30:00:00'],
    [-5, '00:00:00'],
  ])('B128 %d ms shows as %s in the duration field', (ms, text) => {
    expect(formatHms(ms)).toBe(text)
  })

  it.each([
    ['01:02:03', 3_723_000],
    [' 0:00:59 ', 59_000],
    ['30:00:00', 108_000_000],
    ['1:60:00', null],
    ['01:02', null],
    ['abc', null],
    ['', null],
  ])('B128 the duration field text %j reads as %j ms', (text, ms) => {
    expect(parseHms(text)).toBe(ms)
  })

  it.each([
    [
      [-10, 4000],
      [0, 3600],
    ],
    [[100, 100], null],
    [[200, 100], null],
    [[4000, 5000], null],
    [
      [100, 101],
      [100, 101],
    ],
  ] as [Range, Range | null][])('B128 setting %j on [0, 3600] gives %j', (set, result) => {
    expect(moveDurationSlider([0, 3600], set)).toEqual(result)
  })

  it('B128 hh:mm:ss placeholder, minimum range 1', () => {
    expect([DURATION_PLACEHOLDER, DURATION_MIN_RANGE]).toEqual(['hh:mm:ss', 1])
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
  ] as [Range, Range, Range][])('B129 B236 slider %j with metadata %j → %j', (slider, metadata, clamped) => {
    expect(clampSlider(slider, metadata)).toEqual(clamped)
  })

  it.each([
    [null, false, [5, 500], [5, 500]],
    [[5, 500], false, [2, 800], [2, 800]],
    [[10, 20], true, [5, 500], [10, 20]],
    [[0, 900], true, [5, 500], [5, 500]],
    [null, false, [-0.01, 40], [0, 40]],
  ] as [Range | null, boolean, Range, Range][])(
    'B129 slider %j (touched %s) after metadata %j sits at %j',
    (slider, touched, metadata, result) => {
      expect(sliderAfterMetadata(slider, touched, metadata)).toEqual(result)
    },
  )
})

describe('B238 queryId override', () => {
  it.each([
    ['?queryId=01ab&userName=bob&status=F', { id: '01ab' }],
    ['?userName=bob&status=F', { userName: 'bob', status: 'F' }],
    ['?queryId=%20&userName=bob', { userName: 'bob' }],
  ])('B238 %s sends %j', (address, body) => {
    const params = new URLSearchParams(address)
    const filters: Record<string, string> = {}
    for (const key of ['userName', 'status']) {
      const value = params.get(key)
      if (value) filters[key] = value
    }
    expect(withQueryIdOverride(filters, queryIdFromAddress(address))).toEqual(body)
  })
})

describe('B247 B248 B250 B251 value dashboard', () => {
  it.each([
    ['?totalCostMin=1&totalCostMax=10', { totalCost: { min: 1, max: 10 } }],
    ['?totalCostMin=1', {}],
    ['?totalCostMax=10', {}],
    ['?totalCostMin=1&totalCostMax=abc', {}],
    ['?totalRoiMin=10&totalRoiMax=2', { totalRoi: { min: 2, max: 10 } }],
    [
      '?untappedSavingsMin=0&untappedSavingsMax=5&otherMin=1&otherMax=2',
      { untappedSavings: { min: 0, max: 5 } },
    ],
  ])('B247 %s applies %j', (address, filters) => {
    expect(roiFiltersFromAddress(address)).toEqual(filters)
  })

  it.each([
    ['30_d', '30_d'],
    ['7_d', '7_d'],
    ['14_d', '14_d'],
    ['yesterday', 'yesterday'],
    ['999_d', '7_d'],
    ['1_y', '7_d'],
    ['', '7_d'],
    [null, '7_d'],
  ])('B248 G20 dateRange %j gives %s', (value, applied) => {
    expect(valueDashboardRangeParam(value)).toBe(applied)
    expect(isKnownValueDashboardRange(value)).toBe(value === applied)
  })

  it('B250 C11 defaults: 10 rows, untappedSavings descending, the last 7 completed UTC days', () => {
    const now = Date.UTC(2024, 5, 15, 13, 45)
    expect(valueDashboardDefaults(now)).toEqual({
      pageSize: 10,
      sort: { key: 'untappedSavings', direction: 'desc' },
      dateRange: '7_d',
      range: { start: Date.UTC(2024, 5, 8), end: Date.UTC(2024, 5, 15) - 1 },
    })
    const { range } = valueDashboardDefaults(now)
    expect(range.end + 1 - range.start).toBe(7 * DAY)
  })

  it.each([
    ['Internal Server Error', false, 'No data is available for the selected date range.'],
    [' Internal Server Error ', false, 'No data is available for the selected date range.'],
    [undefined, true, 'No data is available for the selected date range.'],
    [{ rows: [] }, false, null],
    ['internal server error?', false, null],
  ])('B251 response %j (failed %s) → %j', (response, failed, error) => {
    expect(valueDashboardNoDataError(response, failed)).toBe(error)
  })
})
