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

/*
 * The address of /cost_explorer/trends (issue 20; 02 §9 Cost trend, §3 Trend item): the UTC days
 * gte..lte (1–90, the free plan 7), the unit, the granularity, the breakdown, and the trend items:
 * the breakdown values drawn (at most 5, `item`) and the selected one. No items: the call's 5
 * largest values are drawn. A reload or a shared link shows the same trends.
 */

const DAY = 86_400_000
export const DEFAULT_TREND_DAYS = 30
const DATE = /^\d{4}-\d{2}-\d{2}$/

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const dayStart = (text: string) => Date.parse(`${text}T00:00:00Z`)

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
  const maxDays = freemium ? FREEMIUM_MAX_SPAN_DAYS : DATABRICKS_TREND_MAX_DAYS
  const today = utcDay(now)
  let lte = params.get('lte') ?? ''
  if (!DATE.test(lte) || Number.isNaN(dayStart(lte)) || lte > today) lte = today
  let gte = params.get('gte') ?? ''
  const fallback = utcDay(dayStart(lte) - (Math.min(DEFAULT_TREND_DAYS, maxDays) - 1) * DAY)
  if (!DATE.test(gte) || Number.isNaN(dayStart(gte)) || gte > lte) gte = fallback
  if ((dayStart(lte) - dayStart(gte)) / DAY + 1 > maxDays) gte = utcDay(dayStart(lte) - (maxDays - 1) * DAY)
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

/** The days a picked range [start, end] covers, as gte..lte: whole UTC days ending with end's. */
export function daysOfRange(range: { start: number; end: number }): { gte: string; lte: string } {
  const days = Math.max(1, Math.ceil((range.end - range.start) / DAY))
  const lte = utcDay(range.end)
  return { gte: utcDay(dayStart(lte) - (days - 1) * DAY), lte }
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
