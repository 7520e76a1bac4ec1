import { startOfUtcDay } from '../format/dates.ts'
import { monthsBefore } from './date-presets.ts'

/*
 * The one rule every date parameter of the API obeys (01 §5, 02 §5: the picker never goes past
 * now, at most one day ahead where a source allows it, and starts 2 years back by default).
 * The contract (contracts/dates.ts) holds what a static schema can say, the form and an absolute
 * range; this holds what depends on the simulated now, which /__sim can move, so it is checked per
 * request by one hook in the simulator. Without it a year of -271821 or 9999 made the series
 * endpoints build millions of points.
 */

const DAY = 86_400_000

/** The absolute range any date parameter may name: 2000-01-01 to 2100-01-01 (UTC). */
export const DATE_PARAM_MIN_MS = Date.UTC(2000, 0, 1)
export const DATE_PARAM_MAX_MS = Date.UTC(2100, 0, 1)
/** 01 §5: the picker disables dates more than 1 day ahead. */
export const DATE_PARAM_AHEAD_MS = DAY
/** 01 §5: the default minimum date is 2 years back (from the start of today, as the picker, B064). */
export const DATE_PARAM_BACK_MONTHS = 24

/**
 * How a date parameter is written: epoch milliseconds or ISO-8601 (most routes), ISO-8601 only
 * (Snowflake), or epoch seconds or a date (the documented from/to of REAL-API-NOTES §5-§7; a
 * number of 10^11 or more is read as milliseconds, as 10^11 seconds is the year 5138).
 */
export const DATE_PARAM_KINDS = ['epoch-ms-or-iso', 'iso', 'epoch-s-or-iso'] as const
export type DateParamKind = (typeof DATE_PARAM_KINDS)[number]

/** What a malformed value of each kind is told it must be. */
export const DATE_PARAM_EXPECTED: Record<DateParamKind, string> = {
  'epoch-ms-or-iso': 'epoch milliseconds or an ISO-8601 date (4-digit year)',
  iso: 'an ISO-8601 date-time (4-digit year)',
  'epoch-s-or-iso': 'YYYY-MM-DD or epoch seconds',
}

/** A date parameter as epoch ms; NaN when it is neither digits (or a number) nor a parseable ISO date. */
export function parseDateParam(value: string | number, kind: DateParamKind = 'epoch-ms-or-iso'): number {
  const epoch = (n: number) => (kind === 'epoch-s-or-iso' && n < 1e11 ? n * 1000 : n)
  if (typeof value === 'number') return Number.isFinite(value) ? epoch(value) : NaN
  if (/^\d{1,16}$/.test(value)) return kind === 'iso' ? NaN : epoch(Number(value))
  // Only a 4-digit year: Date.parse also reads '+275760-09-13' and '-271821-04-20', which no
  // picker can produce and no series can be built over.
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return NaN
  return Date.parse(value)
}

/** The first and last instant a date parameter may name at `now` (01 §5). */
export function dateParamBounds(now: number): { earliest: number; latest: number } {
  return {
    earliest: Math.max(DATE_PARAM_MIN_MS, monthsBefore(startOfUtcDay(now), DATE_PARAM_BACK_MONTHS)),
    latest: Math.min(DATE_PARAM_MAX_MS, now + DATE_PARAM_AHEAD_MS),
  }
}

const shown = (value: string | number) => {
  const text = String(value)
  return text.length > 40 ? `${text.slice(0, 40)}…` : text
}

/**
 * Why a date parameter is refused, or null when it is accepted. `field` is where it was sent, as
 * the 400 names it (e.g. `querystring/startTime`).
 */
export function dateParamProblem(
  field: string,
  value: string | number,
  now: number,
  kind: DateParamKind = 'epoch-ms-or-iso',
): string | null {
  const ms = parseDateParam(value, kind)
  if (Number.isNaN(ms)) return `${field} must be ${DATE_PARAM_EXPECTED[kind]}, got "${shown(value)}"`
  const { earliest, latest } = dateParamBounds(now)
  if (ms > latest)
    return `${field} must not be later than ${new Date(latest).toISOString()} (1 day after now)`
  if (ms < earliest)
    return `${field} must not be earlier than ${new Date(earliest).toISOString()} (2 years before today)`
  return null
}
