// Dates and times on screen, and the one setting that decides their zone.
//
// The zone is a display setting (the account menu and `isUTCTime` in the address, 01 §2.5), read by
// every caller of formatDateTime without passing it: the console sets it once (the display
// settings hook) and re-renders the page, so no table, tooltip or chart has to thread it through.

/** Where times are shown: in UTC (the console's default, 01 §9) or in the browser's own zone. */
export type DisplayZone = 'utc' | 'local'

let currentZone: DisplayZone = 'utc'

/** Sets the zone every later formatDateTime call uses by default (the display settings do this). */
export function setDisplayZone(zone: DisplayZone): void {
  currentZone = zone
}

/** The zone times are shown in now. */
export function displayZone(): DisplayZone {
  return currentZone
}

/** The IANA name of a zone, for Highcharts' `time.timezone` and Intl: 'UTC' or the browser's. */
export function ianaZone(zone: DisplayZone = currentZone): string {
  return zone === 'utc' ? 'UTC' : Intl.DateTimeFormat().resolvedOptions().timeZone
}

/**
 * The short name a reader sees beside a time: 'UTC', or the local zone's own abbreviation at that
 * instant ('CET', 'EDT'; where the locale has none, the offset, 'GMT+5:30').
 */
export function zoneLabel(zone: DisplayZone = currentZone, at: number = Date.now()): string {
  if (zone === 'utc') return 'UTC'
  const part = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')
  return part?.value ?? 'local time'
}

/**
 * The zone a heading names, true of every time under it: 'UTC', or the local zone's name. A
 * column spans months, so where the local zone keeps summer time both names show, standard first
 * ('EST/EDT', 'GMT/GMT+1'): one name would be wrong for half the rows.
 */
export function headingZoneLabel(zone: DisplayZone = currentZone, at: number = Date.now()): string {
  if (zone === 'utc') return 'UTC'
  const year = new Date(at).getFullYear()
  const [january, july] = [Date.UTC(year, 0, 1), Date.UTC(year, 6, 1)]
  const [winter, summer] = [zoneLabel(zone, january), zoneLabel(zone, july)]
  if (winter === summer) return winter
  // getTimezoneOffset is minutes behind UTC: the standard time is the one further behind.
  const januaryIsStandard = new Date(january).getTimezoneOffset() > new Date(july).getTimezoneOffset()
  return januaryIsStandard ? `${winter}/${summer}` : `${summer}/${winter}`
}

/** A column header or a label that says which zone its times are in: 'Start Time (UTC)'. */
export function withZone(title: string, zone: DisplayZone = currentZone): string {
  return `${title} (${headingZoneLabel(zone)})`
}

const pad = (n: number) => String(n).padStart(2, '0')

function parts(epochMs: number, zone: DisplayZone): [number, number, number, number, number, number] {
  const d = new Date(epochMs)
  return zone === 'utc'
    ? [
        d.getUTCFullYear(),
        d.getUTCMonth() + 1,
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
        d.getUTCSeconds(),
      ]
    : [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()]
}

/** B071: the default display form MM/DD/YYYY HH:mm:ss, in the display zone unless one is named. */
export function formatDateTime(epochMs: number, zone: DisplayZone = currentZone): string {
  const [y, mo, day, h, mi, s] = parts(epochMs, zone)
  return `${pad(mo)}/${pad(day)}/${y} ${pad(h)}:${pad(mi)}:${pad(s)}`
}

/** The date alone, MM/DD/YYYY (B071's date part), in the display zone unless one is named. */
export function formatDate(epochMs: number, zone: DisplayZone = currentZone): string {
  const [y, mo, day] = parts(epochMs, zone)
  return `${pad(mo)}/${pad(day)}/${y}`
}

/** 01 §9: the start of the UTC day of an instant, where default ranges begin. */
export function startOfUtcDay(epochMs: number): number {
  const d = new Date(epochMs)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
}
