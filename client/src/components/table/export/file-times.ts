import type { DisplayZone } from '@costlens/shared'

const MINUTE = 60_000
const pad = (n: number) => String(n).padStart(2, '0')

/** Minutes the zone's clock is ahead of UTC at that instant (negative west of Greenwich). */
function offsetMinutes(epochMs: number, zone: DisplayZone): number {
  return zone === 'utc' ? 0 : -new Date(epochMs).getTimezoneOffset()
}

/**
 * An instant as text files write it (issue 22): ISO 8601 to the second, in the display zone with
 * its offset, '2026-11-25T09:05:07Z' in UTC or '2026-11-25T10:05:07+01:00' in Paris, so any tool
 * reads it back as the same instant whatever its own zone.
 */
export function isoDateTime(epochMs: number, zone: DisplayZone): string {
  const offset = offsetMinutes(epochMs, zone)
  const wallClock = new Date(epochMs + offset * MINUTE).toISOString().slice(0, 19)
  if (zone === 'utc') return `${wallClock}Z`
  const size = Math.abs(offset)
  return `${wallClock}${offset < 0 ? '-' : '+'}${pad(Math.floor(size / 60))}:${pad(size % 60)}`
}

/**
 * An instant as a spreadsheet date: spreadsheets keep dates without a zone and show them as they
 * are, and the workbook library writes a Date's UTC fields. The Date whose UTC fields are the
 * display zone's clock then shows the time the screen shows (the heading names the zone).
 */
export function wallClockDate(epochMs: number, zone: DisplayZone): Date {
  return new Date(epochMs + offsetMinutes(epochMs, zone) * MINUTE)
}
