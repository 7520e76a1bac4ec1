/**
 * What a file writes for a number with a unit (issue 22): the plain number in the unit a spreadsheet
 * adds up as it is (seconds, bytes, US dollars), with that unit named in the column's heading
 * ('Duration (s)'), where the screen shows '1h 2m' or '$ 12.35'.
 */
interface FileUnit {
  /** The unit a file's heading names. */
  heading: string
  /** The value in that unit. */
  toFile: (value: number) => number
}

const same = (value: number) => value

/** The units a column's plain value can be in (the key), and what files write it as. */
export const FILE_UNITS = {
  ms: { heading: 's', toFile: (ms) => ms / 1000 },
  s: { heading: 's', toFile: same },
  bytes: { heading: 'bytes', toFile: same },
  cents: { heading: 'USD', toFile: (cents) => cents / 100 },
  usd: { heading: 'USD', toFile: same },
} as const satisfies Record<string, FileUnit>

/** The unit a column's plain value is in: `ms` for a duration in milliseconds, `cents` for a cost in cents. */
export type ValueUnit = keyof typeof FILE_UNITS

/** A value as a file writes it in its unit's file unit; null when it is no number (no figure yet). */
export function fileNumber(value: unknown, unit: ValueUnit): number | null {
  if (value === null || value === undefined || value === '') return null
  const number = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(number) ? FILE_UNITS[unit].toFile(number) : null
}

/** A heading that names the file unit, once: 'Duration (s)'; 'Cost (USD)' stays as it is. */
export function unitHeading(title: string, unit?: ValueUnit): string {
  if (!unit) return title
  const suffix = `(${FILE_UNITS[unit].heading})`
  return title.endsWith(suffix) ? title : `${title} ${suffix}`
}
