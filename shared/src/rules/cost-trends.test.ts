import { describe, expect, it } from 'vitest'
import {
  addTrendItem,
  MAX_TREND_ITEMS,
  parseTrendToken,
  removeCostTrendItem,
  trendItemsFromAddress,
  trendToken,
  type CostTrendItem,
} from './cost-trends.ts'

const global = { kind: 'global' } as const
const cluster = (clusterId: string) => ({ kind: 'cluster', clusterId }) as const
const tag = (key: string, value: string) => ({ kind: 'tag', key, value }) as const

describe('trend item address values', () => {
  it.each([
    ['global', global],
    ['cluster:j-2AXXXXXXGAPLF', cluster('j-2AXXXXXXGAPLF')],
    ['tag:team=data-eng', tag('team', 'data-eng')],
    ['tag:aws:cost-center=a=b', tag('aws:cost-center', 'a=b')],
    ['cluster:', null],
    ['tag:team', null],
    ['everything', null],
  ] as const)('%j ↔ %j', (token, scope) => {
    expect(parseTrendToken(token)).toEqual(scope)
    if (scope) expect(trendToken(scope)).toBe(token)
  })

  it.each([
    // tokens, selected → selected index, scopes
    [[], null, 1, [global]],
    [['global', 'cluster:j-1', 'tag:team=data'], 3, 3, [global, cluster('j-1'), tag('team', 'data')]],
    [['global', 'cluster:j-1'], 7, 1, [global, cluster('j-1')]],
    [['bogus', 'cluster:j-1', 'cluster:j-1'], 1, 1, [cluster('j-1')]],
  ] as const)('items %j, selected %s → item %s selected of %j', (tokens, selected, chosen, scopes) => {
    const items = trendItemsFromAddress(tokens, selected)
    expect(items.map((i) => i.scope)).toEqual(scopes)
    expect(items.map((i) => i.index)).toEqual(scopes.map((_, i) => i + 1))
    expect(items.filter((i) => i.selected).map((i) => i.index)).toEqual([chosen])
  })

  it(`keeps at most ${MAX_TREND_ITEMS}`, () => {
    const tokens = Array.from({ length: 15 }, (_, i) => `cluster:j-${i}`)
    expect(trendItemsFromAddress(tokens, null)).toHaveLength(MAX_TREND_ITEMS)
  })
})

describe('B168 adding and removing trend items', () => {
  const three: CostTrendItem[] = [
    { index: 1, selected: true, scope: global },
    { index: 2, scope: cluster('j-1') },
    { index: 3, scope: tag('team', 'data') },
  ]
  const selectedOf = (items: CostTrendItem[]) => items.filter((i) => i.selected).map((i) => i.index)

  it.each([
    // remove, from the three above with a selection → indexes left, selected
    ['B168 the selected first item: the last is selected, the rest renumbered', 1, 1, [1, 2], [2]],
    ['B168 an unselected item: the selection stays', 1, 3, [1, 2], [1]],
    ['B168 the selected middle item', 2, 2, [1, 2], [2]],
  ] as const)('%s', (_title, selected, remove, indexes, chosen) => {
    const items = three.map(({ selected: _, ...i }) => (i.index === selected ? { ...i, selected: true } : i))
    const after = removeCostTrendItem(items, remove)
    expect(after.map((i) => i.index)).toEqual(indexes)
    expect(selectedOf(after)).toEqual(chosen)
  })

  it('B168 the spec example: removing item 1 of 3 selects the new last', () => {
    const after = removeCostTrendItem(three, 1)
    expect(after.map(({ index, selected }) => ({ index, ...(selected ? { selected } : {}) }))).toEqual([
      { index: 1 },
      { index: 2, selected: true },
    ])
  })

  it('the last item stays: the chart always has a trend', () => {
    expect(removeCostTrendItem([{ index: 1, selected: true, scope: global }], 1)).toHaveLength(1)
  })

  it('adding selects the new item; adding one already there selects it instead', () => {
    const added = addTrendItem(three, cluster('j-9'))
    expect(added.map((i) => i.index)).toEqual([1, 2, 3, 4])
    expect(selectedOf(added)).toEqual([4])
    const again = addTrendItem(three, cluster('j-1'))
    expect(again).toHaveLength(3)
    expect(selectedOf(again)).toEqual([2])
  })

  it(`adds nothing at ${MAX_TREND_ITEMS} items`, () => {
    const full = Array.from({ length: MAX_TREND_ITEMS }, (_, i) => ({
      index: i + 1,
      scope: cluster(`j-${i}`),
    }))
    expect(addTrendItem(full, cluster('j-new'))).toHaveLength(MAX_TREND_ITEMS)
  })
})
