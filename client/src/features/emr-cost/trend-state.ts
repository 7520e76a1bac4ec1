import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import {
  addTrendItem,
  removeCostTrendItem,
  trendItemsFromAddress,
  trendToken,
  type Budget,
  type CostTrendItem,
  type TrendScope,
} from '@costlens/shared'

/** The cost range choices of 03 §9 (7, 14, 30, 90 days); 30 by default on the trends page, 90 at most. */
export const TREND_DAYS = [7, 14, 30, 90] as const
export const DEFAULT_TREND_DAYS = 30

/** The address of the trends page: `days`, repeated `item` values and the `selected` item (1-based). */
export function useTrendState() {
  const [params, setParams] = useSearchParams()
  const rawDays = Number(params.get('days'))
  const days = (TREND_DAYS as readonly number[]).includes(rawDays) ? rawDays : DEFAULT_TREND_DAYS
  // The tokens' text is their identity: the items stay the same object while the address does.
  const tokenText = params.getAll('item').join('\n')
  const selectedParam = params.get('selected')
  const items = useMemo(
    () =>
      trendItemsFromAddress(
        tokenText ? tokenText.split('\n') : [],
        selectedParam === null ? null : Number(selectedParam),
      ),
    [tokenText, selectedParam],
  )

  const write = useCallback(
    (next: { days?: number; items?: readonly CostTrendItem[] }) =>
      setParams(
        (current) => {
          const out = new URLSearchParams(current)
          if (next.days !== undefined) out.set('days', String(next.days))
          if (next.items) {
            out.delete('item')
            for (const item of next.items) out.append('item', trendToken(item.scope))
            out.set('selected', String(next.items.find((i) => i.selected)?.index ?? 1))
          }
          return out
        },
        // A reload or a shared link shows the same trends; the picker's steps are not history entries.
        { replace: true },
      ),
    [setParams],
  )

  return {
    days,
    items,
    selected: items.find((i) => i.selected) ?? items[0]!,
    setDays: (d: number) => write({ days: d }),
    add: (scope: TrendScope) => write({ items: addTrendItem(items, scope) }),
    remove: (index: number) => write({ items: removeCostTrendItem(items, index) }),
    select: (index: number) =>
      write({
        items: items.map(({ selected: _, ...i }) => (i.index === index ? { ...i, selected: true } : i)),
      }),
  }
}

/** The budget that covers exactly a trend's scope: all clusters, that one cluster, or that tag. */
export function budgetForScope(budgets: readonly Budget[], scope: TrendScope): Budget | undefined {
  return budgets.find((b) => {
    if (scope.kind === 'global') return b.scopeType === 'all'
    if (scope.kind === 'cluster')
      return b.scopeType === 'clusters' && b.clusterIds.length === 1 && b.clusterIds[0] === scope.clusterId
    return b.scopeType === 'tag' && b.tagKey === scope.key && b.tagValue === scope.value
  })
}

/** A trend's name in the legend and its chip. */
export function trendLabel(scope: TrendScope, clusterNames: Readonly<Record<string, string>> = {}): string {
  if (scope.kind === 'cluster') return `Cluster ${clusterNames[scope.clusterId] ?? scope.clusterId}`
  if (scope.kind === 'tag') return `Tag ${scope.key} = ${scope.value}`
  return 'All EMR clusters'
}
