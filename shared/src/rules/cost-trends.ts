/**
 * Trend items of the EMR cost trends page (02 §3 Trend item, B168): the global trend plus one per
 * cluster or per tag, each a line of its own colour; one is selected, and its cost split, day rows
 * and budget line are the ones shown. Kept in the address as `item` values: `global`,
 * `cluster:<id>`, `tag:<key>=<value>`.
 */
import { removeTrendItem } from './chargeback.ts'

/** The most trend items a chart holds (the multi-select cap, B116). */
export const MAX_TREND_ITEMS = 10

export type TrendScope =
  { kind: 'global' } | { kind: 'cluster'; clusterId: string } | { kind: 'tag'; key: string; value: string }

export interface CostTrendItem {
  /** 1-based position; the colour follows it. */
  index: number
  selected?: boolean
  scope: TrendScope
}

/** An item's address value. */
export function trendToken(scope: TrendScope): string {
  if (scope.kind === 'cluster') return `cluster:${scope.clusterId}`
  if (scope.kind === 'tag') return `tag:${scope.key}=${scope.value}`
  return 'global'
}

/** An address value's scope, or null when it is not one (a hand-edited address). */
export function parseTrendToken(token: string): TrendScope | null {
  if (token === 'global') return { kind: 'global' }
  if (token.startsWith('cluster:') && token.length > 8) return { kind: 'cluster', clusterId: token.slice(8) }
  const tag = /^tag:([^=]+)=(.+)$/.exec(token)
  return tag ? { kind: 'tag', key: tag[1]!, value: tag[2]! } : null
}

/**
 * The items of an address: its valid, distinct values in order (at most {@link MAX_TREND_ITEMS}),
 * the global trend when there are none (02 §3: value defaults to global), and `selected` (1-based)
 * selected, or the first when it names no item.
 */
export function trendItemsFromAddress(tokens: readonly string[], selected: number | null): CostTrendItem[] {
  const scopes = [...new Set(tokens)]
    .map(parseTrendToken)
    .filter((s): s is TrendScope => s !== null)
    .slice(0, MAX_TREND_ITEMS)
  const list: TrendScope[] = scopes.length > 0 ? scopes : [{ kind: 'global' }]
  const chosen = selected !== null && selected >= 1 && selected <= list.length ? selected : 1
  return list.map((scope, i) => ({ index: i + 1, scope, ...(i + 1 === chosen ? { selected: true } : {}) }))
}

/**
 * Adds a trend item at the end and selects it; an item of the same scope already there is selected
 * instead, and at {@link MAX_TREND_ITEMS} nothing is added.
 */
export function addTrendItem(items: readonly CostTrendItem[], scope: TrendScope): CostTrendItem[] {
  const token = trendToken(scope)
  const existing = items.find((item) => trendToken(item.scope) === token)
  if (!existing && items.length >= MAX_TREND_ITEMS) return [...items]
  const next = existing ? [...items] : [...items, { index: items.length + 1, scope }]
  const chosen = existing?.index ?? items.length + 1
  return next.map(({ selected: _, ...item }) => (item.index === chosen ? { ...item, selected: true } : item))
}

/**
 * B168: removes an item; the rest are renumbered from 1 and, when none of them is selected any
 * more, the last is. The last item cannot be removed: the chart always has a trend.
 */
export function removeCostTrendItem(items: readonly CostTrendItem[], index: number): CostTrendItem[] {
  if (items.length <= 1) return [...items]
  return removeTrendItem(items, index)
}
