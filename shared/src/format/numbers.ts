/**
 * B137: currency symbols by the user's currency; an unknown or missing currency is USD.
 * The keys are the values the user record carries.
 */
export const CURRENCY_SYMBOLS: Record<string, string> = { usd: '$', euros: '€', pounds: '£' }

export function currencySymbol(currency: string | null | undefined): string {
  return CURRENCY_SYMBOLS[(currency ?? 'usd').toLowerCase()] ?? '$'
}

/** B135: costs (USD or credits) to 4 decimals. */
export function formatCost(value: number): string {
  return value.toFixed(4)
}

/** B136, B141: chargeback and computed costs: '$ ' and 2 decimals. */
export function formatDollars(value: number): string {
  return `$ ${value.toFixed(2)}`
}

/** B140: hours from seconds, 2 decimals. */
export function secondsToHours(seconds: number): string {
  return (seconds / 3600).toFixed(2)
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

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB'] as const

/** B139: binary bytes (1024), 2 decimals; labels KB, MB… as the console shows them. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B'
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), BYTE_UNITS.length - 1)
  if (exponent === 0) return `${bytes} B`
  return `${(bytes / 1024 ** exponent).toFixed(2)} ${BYTE_UNITS[exponent]}`
}
