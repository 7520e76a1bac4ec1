import { formatCount, formatCredits, formatNumber, formatPercent, formatUsd } from '@costlens/shared'

/** Units counted in whole things: shown without decimals. */
const COUNTS = new Set(['queries', 'jobs'])

/**
 * A panel's value with its unit, as the platforms' own screens write it: USD and credits to 4
 * decimals (03 §9), counts whole, percentages to 1 decimal, other measures to 2 with the unit after.
 */
export function formatPanelValue(value: number, unit: string): string {
  if (unit === 'USD') return formatUsd(value)
  if (unit === 'credits') return `${formatCredits(value)} credits`
  if (unit === '%') return formatPercent(value, 1)
  if (COUNTS.has(unit)) return formatCount(value)
  return `${formatNumber(value, 2)} ${unit}`
}

/** A table cell's value: its column's title carries the unit, so the cell does not repeat it (but $ and %). */
export function formatCellValue(value: number, unit: string): string {
  if (unit === 'USD' || unit === '%' || COUNTS.has(unit)) return formatPanelValue(value, unit)
  return formatNumber(value, unit === 'credits' ? 4 : 2)
}

/** The unit as a column title adds it (' (GiB-hours)'): nothing for counts or where the title says it. */
export const unitTitle = (unit: string, title = '') =>
  COUNTS.has(unit) || title.toLowerCase() === unit.toLowerCase() ? '' : ` (${unit})`
