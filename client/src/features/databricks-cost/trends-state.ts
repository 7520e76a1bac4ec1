import {
  DATABRICKS_TREND_GRANULARITIES,
  DATABRICKS_TREND_MAX_DAYS,
  DATABRICKS_TREND_MAX_FILTERS,
  DATABRICKS_TREND_TYPES,
  DATABRICKS_TREND_UNITS,
  FREEMIUM_MAX_SPAN_DAYS,
  removeTrendItem,
  type DatabricksCostTrendsQuery,
  type DatabricksTrendGranularity,
  type DatabricksTrendType,
  type DatabricksTrendUnit,
} from '@costlens/shared'
import { readUtcDays } from '../../kit/utc-days.ts'

/*
 * The address of /cost_explorer/trends (issue 20; 02 §9 Cost trend, §3 Trend item): the UTC days
 * gte..lte (1–90, the free plan 7), the unit, the granularity, the breakdown, and the trend items:
 * the breakdown values drawn (at most 5, `item`) and the selected one. No items: the call's 5
 * largest values are drawn. A reload or a shared link shows the same trends.
 */

export const DEFAULT_TREND_DAYS = 30

export interface DatabricksTrendsView {
  gte: string
  lte: string
  unit: DatabricksTrendUnit
  granularity: DatabricksTrendGranularity
  type: DatabricksTrendType
  /** The breakdown values chosen as trend items, in order (1-based positions). */
  items: string[]
  /** The selected item's position (1-based); 0 when the items are the call's default ones. */
  selected: number
}

const oneOf = <T extends string>(values: readonly T[], text: string | null, fallback: T): T =>
  (values as readonly string[]).includes(text ?? '') ? (text as T) : fallback

/** The view an address asks for, the range clamped to what the user may see (1–90 days, free plan 7). */
export function readTrendsView(search: string, now: number, freemium: boolean): DatabricksTrendsView {
  const params = new URLSearchParams(search)
  const { gte, lte } = readUtcDays(params, now, {
    defaultDays: DEFAULT_TREND_DAYS,
    maxDays: freemium ? FREEMIUM_MAX_SPAN_DAYS : DATABRICKS_TREND_MAX_DAYS,
  })
  const type = oneOf(DATABRICKS_TREND_TYPES, params.get('type'), 'workspaces')
  const items = [...new Set(params.getAll('item').filter(Boolean))].slice(0, DATABRICKS_TREND_MAX_FILTERS)
  const selected = Number(params.get('selected'))
  return {
    gte,
    lte,
    unit: oneOf(DATABRICKS_TREND_UNITS, params.get('unit'), 'USD'),
    granularity: oneOf(DATABRICKS_TREND_GRANULARITIES, params.get('granularity'), 'daily'),
    // C20: no tag breakdown on the free plan.
    type: freemium && type === 'tags' ? 'workspaces' : type,
    items,
    selected: items.length ? (selected >= 1 && selected <= items.length ? selected : 1) : 0,
  }
}

/** The address of a view. */
export function trendsSearch(view: DatabricksTrendsView): string {
  const params = new URLSearchParams({
    gte: view.gte,
    lte: view.lte,
    unit: view.unit,
    granularity: view.granularity,
    type: view.type,
  })
  for (const item of view.items) params.append('item', item)
  if (view.items.length) params.set('selected', String(view.selected))
  return `?${params.toString()}`
}

/** The call of a view (user breakdown sent as userName, 02 §7). */
export function trendsArgs(view: DatabricksTrendsView): DatabricksCostTrendsQuery {
  return {
    gte: view.gte,
    lte: view.lte,
    unit: view.unit,
    granularity: view.granularity,
    type: view.type,
    ...(view.items.length && { filters: view.items.join(',') }),
  }
}

/**
 * Adds a breakdown value as a trend item and selects it (one already there is selected instead);
 * at 5 nothing is added. `shown` are the values drawn now: with no items chosen yet, the call's
 * default ones become the items, so adding one keeps the lines on the chart.
 */
export function addTrendValue(
  view: DatabricksTrendsView,
  shown: readonly string[],
  value: string,
): DatabricksTrendsView {
  const items = view.items.length ? view.items : [...shown]
  const at = items.indexOf(value)
  if (at >= 0) return { ...view, items, selected: at + 1 }
  if (items.length >= DATABRICKS_TREND_MAX_FILTERS) return { ...view, items }
  return { ...view, items: [...items, value], selected: items.length + 1 }
}

/**
 * B168: removes a trend item; the rest are renumbered and, when none is selected any more, the
 * last is. With no items chosen yet the call's default ones become the items first.
 */
export function removeTrendValue(
  view: DatabricksTrendsView,
  shown: readonly string[],
  index: number,
): DatabricksTrendsView {
  const items = view.items.length ? view.items : [...shown]
  const selected = view.items.length ? view.selected : 0
  const rest = removeTrendItem(
    items.map((value, i) => ({ value, index: i + 1, ...(i + 1 === selected && { selected: true }) })),
    index,
  )
  return { ...view, items: rest.map((i) => i.value), selected: rest.find((i) => i.selected)?.index ?? 0 }
}
