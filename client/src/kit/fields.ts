import {
  ALL_CLUSTERS,
  clampToNow,
  formatSortParam,
  frozenRange,
  isPageSizeChoice,
  isRangeAllowedForPlan,
  parseSortParam,
  presetRange,
  readList,
  readNumber,
  validDateRangeOr,
  type PresetValue,
  type Range,
  type SortState,
} from '@costlens/shared'
import type { Field, ListContext, RangeState } from './list-state.ts'

/**
 * The field builders of `defineListState`: each knows its address key(s), how to read a value
 * (anything unknown or malformed falls back to the default rather than an empty or broken list,
 * B033), how to write it, and its default.
 */

/** One of a fixed set of values (a tab, a mode); anything else is the default. */
export function tabs<const T extends string>(
  key: string,
  values: readonly T[],
  fallback: T = values[0]!,
): Field<T> {
  return {
    read: (params) => values.find((v) => v === params.get(key)) ?? fallback,
    write: (value) => ({ [key]: value }),
    defaultValue: () => fallback,
  }
}

/** Free text, trimmed; '' (or `fallback`) when absent. */
export function text(key: string, fallback = ''): Field<string> {
  return {
    read: (params) => params.get(key)?.trim() || fallback,
    write: (value) => ({ [key]: value }),
    defaultValue: () => fallback,
  }
}

/** Text that is absent (null) unless given, e.g. an id that stands in for every other filter (B238 queryId). */
export function optionalText(key: string): Field<string | null> {
  return {
    read: (params) => params.get(key)?.trim() || null,
    write: (value) => ({ [key]: value ?? undefined }),
    defaultValue: () => null,
  }
}

/**
 * A comma-separated list. With `values`, unknown items are dropped and the rest kept in the
 * declared order; `emptyMeansAll` makes "none" read as every value (none would list nothing, never
 * what was meant) and every value the default.
 */
export function many<const T extends string>(
  key: string,
  values?: readonly T[],
  options: { emptyMeansAll?: boolean } = {},
): Field<T[]> {
  const all = options.emptyMeansAll && values ? [...values] : []
  return {
    read: (params) => {
      const items = readList(params, key)
      const known = values ? values.filter((v) => items.includes(v)) : (items as T[])
      return known.length ? known : [...all]
    },
    write: (value) => ({ [key]: value }),
    defaultValue: () => [...all],
  }
}

/** A [min, max] pair of two keys (minCost, maxCost), or null when either is missing or they are upside down. */
export function numberRange(minKey: string, maxKey: string): Field<Range | null> {
  return {
    read: (params) => {
      const min = readNumber(params, minKey)
      const max = readNumber(params, maxKey)
      return min !== undefined && max !== undefined && min >= 0 && min <= max ? [min, max] : null
    },
    write: (value) => ({ [minKey]: value?.[0], [maxKey]: value?.[1] }),
    defaultValue: () => null,
  }
}

/** A switch, written as `key=true` when on. */
export function flag(key: string): Field<boolean> {
  return {
    read: (params) => params.get(key) === 'true',
    write: (value) => ({ [key]: value ? 'true' : undefined }),
    defaultValue: () => false,
  }
}

/** Tags as `key:value` items (a key may not hold ':', a value may), like the application list's `tags`. */
export function tagMap(key: string): Field<Record<string, string[]>> {
  return {
    read: (params) => {
      const tags: Record<string, string[]> = {}
      for (const item of readList(params, key)) {
        const at = item.indexOf(':')
        if (at > 0) (tags[item.slice(0, at)] ??= []).push(item.slice(at + 1))
      }
      return tags
    },
    write: (value) => ({ [key]: Object.entries(value).flatMap(([k, vs]) => vs.map((v) => `${k}:${v}`)) }),
    defaultValue: () => ({}),
  }
}

/**
 * A default that is one value, or one per tab (`context.tab`, see the declaration's `tab`): the
 * application lists sort and page each tab its own way (B096, B180).
 */
export type PerTab<T> = T | ((tab: string) => T)

function perTab<T>(fallback: PerTab<T>) {
  return {
    value: ({ tab }: ListContext): T =>
      typeof fallback === 'function' ? (fallback as (tab: string) => T)(tab ?? '') : fallback,
    followsTab: typeof fallback === 'function',
  }
}

/**
 * A sort as `key-direction` (01 §2.5 `s`); a key the table cannot sort by is the default sort.
 * `keys` lists the sortable keys, or decides per user (B059: no cost sort on the free plan).
 */
export function sort(
  key: string,
  fallback: PerTab<SortState>,
  keys?: readonly string[] | ((sortKey: string, context: ListContext) => boolean),
): Field<SortState> {
  const { value, followsTab } = perTab(fallback)
  const allowed = (sortKey: string, context: ListContext) =>
    !keys || (typeof keys === 'function' ? keys(sortKey, context) : keys.includes(sortKey))
  return {
    followsTab,
    read: (params, context) => {
      const parsed = parseSortParam(params.get(key))
      return parsed && allowed(parsed.key, context) ? parsed : value(context)
    },
    write: (sortState) => ({ [key]: formatSortParam(sortState) }),
    defaultValue: value,
  }
}

/**
 * The page number, 1 when absent or not a whole number ≥ 1; every other change sends it back to 1.
 * With `maxRecords` a page past the last one a list may reach (B097: 10,000 records, so page 667
 * at 15 a page) reads as that last page.
 */
export function page(key = 'page', options: { maxRecords?: number } = {}): Field<number> {
  return {
    isPage: true,
    maxRecords: options.maxRecords,
    read: (params) => {
      const value = readNumber(params, key)
      return value !== undefined && Number.isInteger(value) && value >= 1 ? value : 1
    },
    write: (value) => ({ [key]: value }),
    defaultValue: () => 1,
  }
}

/** The rows a page, one of the table's choices (B096, or the list's own `choices`) or the default. */
export function pageSize(
  fallback: PerTab<number>,
  key = 'pageSize',
  choices?: readonly number[],
): Field<number> {
  const { value, followsTab } = perTab(fallback)
  const isChoice = (size: number) => (choices ? choices.includes(size) : isPageSizeChoice(size))
  return {
    isPageSize: true,
    followsTab,
    read: (params, context) => {
      const size = readNumber(params, key)
      return size !== undefined && isChoice(size) ? size : value(context)
    },
    write: (size) => ({ [key]: size }),
    defaultValue: value,
  }
}

/**
 * The cluster picker's choice as a list, the shared list state's `clusters` (B182): [] for every
 * cluster, which the address leaves out (or shows as '*').
 */
export function clusters(key = 'clusterUid'): Field<string[]> {
  return {
    read: (params) => {
      const id = params.get(key)?.trim()
      return id && id !== ALL_CLUSTERS ? [id] : []
    },
    write: (value) => ({ [key]: value[0] }),
    defaultValue: () => [],
  }
}

/** An address instant: epoch ms or an ISO date; NaN for anything else (then the default range holds). */
function readInstant(params: URLSearchParams, key: string): number | undefined {
  const raw = params.get(key)?.trim()
  if (!raw) return undefined
  return /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw)
}

export interface AddressRangeOptions {
  /** The preset the list opens on (`today`, `24_h` …). */
  preset: PresetValue
  /** The keys of picked dates: `start_date`/`end_date` (01 §2.5) unless the list says otherwise (EMR: startDate/endDate). */
  startKey?: string
  endKey?: string
  /** How picked dates are written: epoch ms (01 §2.5) or ISO instants (the Snowflake query list, 03 §2). */
  instants?: 'ms' | 'iso'
  /** Picked dates never run past now (03 §5): a later end reads as now. */
  clampToNow?: boolean
}

/**
 * The list's date range. A preset (`dateRangeLabel`) is re-evaluated at the page clock's now, so
 * "today" stays today on a reload and moves forward with polling; picked dates come as two
 * instants, and invalid ones fall back to the default (B237). A frozen user keeps the frozen range
 * (B052); a range longer than the plan allows falls back too (B054: freemium, 7 days).
 */
export function addressRange({
  preset,
  startKey = 'start_date',
  endKey = 'end_date',
  instants = 'ms',
  clampToNow: clamps = false,
}: AddressRangeOptions): Field<RangeState> {
  const instant = (ms: number) => (instants === 'iso' ? new Date(ms).toISOString() : ms)
  const defaultValue = ({ now, user }: ListContext): RangeState => {
    const frozen = user ? frozenRange(user) : null
    return frozen
      ? { dateRange: frozen, rangeLabel: 'custom' }
      : { dateRange: presetRange(preset, now)!, rangeLabel: preset }
  }
  return {
    defaultValue,
    read: (params, context) => {
      const fallback = defaultValue(context)
      if (context.user?.frozenTime) return fallback
      const label = params.get('dateRangeLabel')
      const labelled = label && label !== 'custom' ? presetRange(label as PresetValue, context.now) : null
      let value = fallback
      if (labelled) value = { dateRange: labelled, rangeLabel: label! }
      else {
        const start = readInstant(params, startKey)
        const end = readInstant(params, endKey)
        const picked =
          start !== undefined && end !== undefined
            ? validDateRangeOr({ start, end }, fallback.dateRange)
            : null
        // validDateRangeOr hands back the fallback itself when the dates are refused.
        if (picked && picked !== fallback.dateRange)
          value = { dateRange: clamps ? clampToNow(picked, context.now) : picked, rangeLabel: 'custom' }
      }
      return isRangeAllowedForPlan(context.user?.plan ?? 'enterprise', value.dateRange) ? value : fallback
    },
    write: ({ dateRange, rangeLabel }) =>
      rangeLabel === 'custom'
        ? { [startKey]: instant(dateRange.start), [endKey]: instant(dateRange.end) }
        : { dateRangeLabel: rangeLabel },
  }
}
