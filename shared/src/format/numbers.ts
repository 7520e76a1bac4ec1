// The console's numbers, in one place: money with the spec's decimals, counts, hours, resource
// measures with their units, bytes in one unit system, shares. Screens show grouped thousands
// ('1,234.5678'); files get plain numbers (formatCost), since a comma inside a CSV number splits it.

const grouped = new Map<string, Intl.NumberFormat>()

/** A number with thousands separators and `min`..`max` decimals (en-US, as every screen of the spec). */
function group(value: number, min: number, max = min): string {
  const key = `${min}:${max}`
  let format = grouped.get(key)
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max })
    grouped.set(key, format)
  }
  // -0 (a tiny negative rounded away) reads as 0, not '-0.00'.
  return format.format(value).replace(/^-(?=0(\.0*)?$)/, '')
}

/**
 * B137: currency symbols by the user's currency; an unknown or missing currency is USD.
 * The keys are the values the user record carries.
 */
export const CURRENCY_SYMBOLS: Record<string, string> = { usd: '$', euros: '€', pounds: '£' }

export function currencySymbol(currency: string | null | undefined): string {
  return CURRENCY_SYMBOLS[(currency ?? 'usd').toLowerCase()] ?? '$'
}

/** M106: the currency prefix of every dollar figure on screen, '$ ' with its space. */
export const DOLLAR_PREFIX = '$ '

/** B135: a cost (USD or credits) to 4 decimals, plain: the form exported files carry. */
export function formatCost(value: number): string {
  return value.toFixed(4)
}

/** 03 §9: a Snowflake cost in USD on screen: '$ ', thousands grouped, 4 decimals ('$ 3,713.0763'). */
export function formatUsd(value: number): string {
  return `${DOLLAR_PREFIX}${group(value, 4)}`
}

/** 03 §9: Snowflake credits on screen: thousands grouped, 4 decimals ('1,237.6921'). */
export function formatCredits(value: number): string {
  return group(value, 4)
}

/** B136, B141, B157: chargeback, EMR and computed dollars: '$ ', thousands grouped, 2 decimals. */
export function formatDollars(value: number): string {
  return `${DOLLAR_PREFIX}${group(value, 2)}`
}

/** A count: whole, thousands grouped ('12,345'); a fractional count (an average) is rounded. */
export function formatCount(value: number): string {
  return group(Math.round(value), 0)
}

/** A measured value with thousands grouped and at most `maxDecimals` decimals ('1,234.5', '7'). */
export function formatNumber(value: number, maxDecimals = 2): string {
  return group(value, 0, maxDecimals)
}

/** A value with thousands grouped and exactly `decimals` decimals ('1,234.500' at 3). */
export function formatDecimal(value: number, decimals: number): string {
  return group(value, decimals)
}

/** A share already in percent, to `decimals` decimals ('12.34%'), the spec's 2 unless asked. */
export function formatPercent(percent: number, decimals = 2): string {
  return `${group(percent, decimals)}%`
}

/** B140: hours from seconds, 2 decimals, plain ('1234.50'): for files and for parsing back. */
export function secondsToHours(seconds: number): string {
  return (seconds / 3600).toFixed(2)
}

/** B140: hours from seconds on screen, 2 decimals, thousands grouped ('1,234.50'). */
export function formatHours(seconds: number): string {
  return group(seconds / 3600, 2)
}

/** The units the resource measures carry wherever they are shown: cells, tooltips, axis titles. */
export const MEASURE_UNITS = {
  vcoreHours: 'vcore·hours',
  gbHours: 'GB·hours',
} as const

/** CPU use from YARN's vcore-seconds, in vcore·hours, 2 decimals ('12.50 vcore·hours'). */
export function formatVcoreHours(vcoreSeconds: number): string {
  return `${formatHours(vcoreSeconds)} ${MEASURE_UNITS.vcoreHours}`
}

/**
 * Memory use from YARN's MB-seconds, in GB·hours (binary GB, as every byte figure here), 2
 * decimals: a raw '3,686,400 MB-hours' means nothing at a glance; '3.00 GB·hours' does.
 */
export function mbSecondsToGbHours(mbSeconds: number): number {
  return mbSeconds / 1024 / 3600
}

export function formatGbHours(mbSeconds: number): string {
  return `${group(mbSecondsToGbHours(mbSeconds), 2)} ${MEASURE_UNITS.gbHours}`
}

/**
 * B143, B156: a share of the total, with a total of 0 (or missing) counted as 1 so an empty group
 * shows 0% instead of NaN. Donut tooltips use 1 decimal (B143), chargeback tables 2 (B155).
 */
export function percentOf(value: number, total: number, decimals = 1): string {
  return `${((value / (total || 1)) * 100).toFixed(decimals)}%`
}

/** B144: Impala reports nanoseconds; the console shows milliseconds. */
export function nanosToMillis(ns: number): number {
  return ns / 1e6
}

/**
 * B139: the console's one byte unit system is binary: 1 KB = 1,024 bytes, 1 MB = 1,024 KB, and so
 * on, labelled KB, MB, GB as the spec's console labels them (JEDEC), with 2 decimals. Memory
 * (YARN's MB) is binary too, so memory and data sizes read in the same units.
 */
export const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB'] as const
const BYTES_PER_UNIT = 1024

/** B139: bytes in the largest binary unit under the value, 2 decimals ('1.50 KB', '512 B'). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B'
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(BYTES_PER_UNIT)), BYTE_UNITS.length - 1)
  if (exponent === 0) return `${bytes} B`
  return `${group(bytes / BYTES_PER_UNIT ** exponent, 2)} ${BYTE_UNITS[exponent]}`
}

/** The binary unit exponent of a byte count (0 for B, 1 for KB, 2 for MB …): the unit formatBytes picks. */
export function byteUnitExponent(bytes: number): number {
  if (!Number.isFinite(bytes) || bytes < BYTES_PER_UNIT) return 0
  return Math.min(Math.floor(Math.log(bytes) / Math.log(BYTES_PER_UNIT)), BYTE_UNITS.length - 1)
}

/**
 * Bytes in a given binary unit, 2 decimals ('0.50 TB' at exponent 4): an axis writes every tick in
 * the unit of its top tick, so '512 GB' never sits between '0 TB' and '1 TB'.
 */
export function formatBytesIn(bytes: number, exponent: number): string {
  return `${group(bytes / BYTES_PER_UNIT ** exponent, 2)} ${BYTE_UNITS[exponent]}`
}

/** Memory the APIs give in (binary) MB, in the same units as any other bytes ('6.00 GB'). */
export function formatMegabytes(mb: number): string {
  return formatBytes(mb * BYTES_PER_UNIT * BYTES_PER_UNIT)
}

/**
 * An axis tick as the console prints it: the value's own format with the trailing zero decimals
 * dropped, so a cost axis reads '$ 1,000' and '$ 0.25' where its tooltips say '$ 1,000.0000'.
 * Highcharts already picks round tick values; this only keeps the format from un-rounding them.
 */
export function axisTickLabel(formatted: string): string {
  return formatted.replace(/(\d)\.(\d*?)0+(?!\d)/g, (_, digit: string, kept: string) =>
    kept ? `${digit}.${kept}` : digit,
  )
}
