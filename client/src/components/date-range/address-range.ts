import {
  isRangeAllowedForPlan,
  presetRange,
  readNumber,
  validDateRangeOr,
  type DateRange,
  type FrozenTimeUser,
  type Plan,
} from '@costlens/shared'

/** A screen's range as it is kept: the instants and the preset they came from ('custom' for picked dates). */
export interface AddressRange {
  dateRange: DateRange
  rangeLabel: string
}

/**
 * The range a list screen reads from its address (`dateRangeLabel`, or `start_date` and
 * `end_date`), over the screen's own defaults. A preset label is re-evaluated at `now`, so "last 1
 * hour" stays the last hour on a reload; invalid dates fall back to the defaults (B237); a frozen
 * user keeps the defaults, which hold the frozen range (B052); a range longer than the plan allows
 * falls back too (B054: freemium, 7 days).
 */
export function readAddressRange(
  params: URLSearchParams,
  now: number,
  defaults: AddressRange,
  user?: FrozenTimeUser & { plan?: Plan },
): AddressRange {
  if (user?.frozenTime) return defaults
  let { dateRange, rangeLabel } = defaults
  const label = params.get('dateRangeLabel')
  const start = readNumber(params, 'start_date')
  const end = readNumber(params, 'end_date')
  if (label && label !== 'custom' && presetRange(label as never, now)) {
    dateRange = presetRange(label as never, now)!
    rangeLabel = label
  } else if (start !== undefined && end !== undefined) {
    dateRange = validDateRangeOr({ start, end }, defaults.dateRange)
    // validDateRangeOr hands back the fallback itself when the dates are refused.
    rangeLabel = dateRange === defaults.dateRange ? defaults.rangeLabel : 'custom'
  }
  if (!isRangeAllowedForPlan(user?.plan ?? 'enterprise', dateRange)) return defaults
  return { dateRange, rangeLabel }
}
