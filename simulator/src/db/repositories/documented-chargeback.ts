import type { ChargebackResponse, DocumentedChargebackRow } from '@costlens/shared'

const UNITS = [
  ['Y', 365 * 86_400],
  ['M', 30 * 86_400],
  ['D', 86_400],
  ['h', 3_600],
  ['m', 60],
  ['s', 1],
] as const

/** Seconds as the real product's duration text: "2Y 8M 8D 16h 44m 45s", leading zero units left out. */
export function durationText(seconds: number): string {
  let left = Math.max(0, Math.round(seconds))
  const parts: string[] = []
  for (const [unit, size] of UNITS) {
    const n = Math.floor(left / size)
    left -= n * size
    if (n > 0 || parts.length > 0) parts.push(`${n}${unit}`)
  }
  return parts.length ? parts.join(' ') : '0s'
}

/**
 * A search/cb/appt[/queue|/user] answer as the real product's documented chargeback/cb/* list
 * (REAL-API-NOTES §5): one row per type (and queue or user), cpuHours a 2-decimal string of
 * vcore-hours, memoryHours the memory GB-seconds as a duration text.
 */
export function documentedChargebackRows(
  answer: ChargebackResponse,
  second?: 'queue' | 'user',
): DocumentedChargebackRow[] {
  const row = (type: string, usage: { count: number; vs: number; ms: number }) => ({
    type,
    appCount: usage.count,
    cpuHours: (usage.vs / 3600).toFixed(2),
    memoryHours: durationText(usage.ms / 1024),
  })
  return answer.cb.flatMap((level) =>
    second
      ? (level.cb ?? []).map((inner) => ({ ...row(level.v1, inner), [second]: inner.v2 }))
      : [row(level.v1, level)],
  )
}
