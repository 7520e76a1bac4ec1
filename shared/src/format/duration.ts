const UNITS = [
  ['Y', 365 * 24 * 3600],
  ['M', 30 * 24 * 3600],
  ['D', 24 * 3600],
  ['h', 3600],
  ['m', 60],
  ['s', 1],
] as const

/**
 * B138: a duration in seconds as Y M D h m s, largest unit first, zero units left out, one space
 * between parts (the composition is not shown in the spec; this is the real product's own
 * "2Y 8M 8D 16h 44m 45s" form, REAL-API-NOTES §5). Under one second it is '<1s'.
 */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 1) return '<1s'
  let rest = Math.floor(seconds)
  const parts: string[] = []
  for (const [unit, size] of UNITS) {
    const count = Math.floor(rest / size)
    if (count > 0) parts.push(`${count}${unit}`)
    rest -= count * size
  }
  return parts.join(' ')
}

/** The same from milliseconds, the unit every API duration uses. */
export function formatDurationMs(ms: number): string {
  return formatDuration(ms / 1000)
}
