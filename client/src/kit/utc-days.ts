/*
 * Ranges of whole UTC days, gte..lte (YYYY-MM-DD, both included), as the Databricks cost calls take
 * them (cost trends, drill-downs, home): read from an address within what a user may see, turned
 * into the picker's range and back. One definition, so the pages count the same days.
 */

const DAY = 86_400_000
const DATE = /^\d{4}-\d{2}-\d{2}$/

export interface UtcDays {
  gte: string
  lte: string
}

/** The UTC day of an instant, YYYY-MM-DD. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
/** The start of a UTC day, epoch ms. */
export const utcDayStart = (day: string) => Date.parse(`${day}T00:00:00Z`)

/** A real calendar day (2026-02-31 is not one, though Date.parse rolls it over into March). */
const isDay = (text: string) => DATE.test(text) && utcDay(utcDayStart(text) || 0) === text

/**
 * The days an address's gte and lte ask for: lte no later than today, gte not after it, at most
 * `maxDays` of them; a missing or broken bound falls back to the last `defaultDays` (within the max).
 */
export function readUtcDays(
  params: URLSearchParams,
  now: number,
  { defaultDays, maxDays }: { defaultDays: number; maxDays: number },
): UtcDays {
  const today = utcDay(now)
  let lte = params.get('lte') ?? ''
  if (!isDay(lte) || lte > today) lte = today
  let gte = params.get('gte') ?? ''
  if (!isDay(gte) || gte > lte) gte = utcDay(utcDayStart(lte) - (Math.min(defaultDays, maxDays) - 1) * DAY)
  if (daysIn({ gte, lte }) > maxDays) gte = utcDay(utcDayStart(lte) - (maxDays - 1) * DAY)
  return { gte, lte }
}

/** How many days gte..lte holds. */
export const daysIn = ({ gte, lte }: UtcDays) => Math.round((utcDayStart(lte) - utcDayStart(gte)) / DAY) + 1

/** The picker's range for the days: from the first day's start to the last day's end, cut at now. */
export const pickerRangeOf = ({ gte, lte }: UtcDays, now: number) => ({
  start: utcDayStart(gte),
  end: Math.min(utcDayStart(lte) + DAY, now),
})

/** The days a picked range [start, end] covers, as gte..lte: whole UTC days ending with end's. */
export function daysOfRange(range: { start: number; end: number }): UtcDays {
  const days = Math.max(1, Math.ceil((range.end - range.start) / DAY))
  const lte = utcDay(range.end)
  return { gte: utcDay(utcDayStart(lte) - (days - 1) * DAY), lte }
}
