import type { Prng } from '../simulator/src/db/seed/prng.ts'

const DAY = 86_400_000
const HOUR = 3_600_000

/**
 * The day windows the metrics pages (HBase, Kafka, Elasticsearch…) are measured over, drawn from the
 * row's prng: today so far, yesterday, or the 24 hours to a varied hour of the last two days.
 */
export function dayWindows(prng: Prng, now: number) {
  return () => {
    const today = now - (now % DAY)
    const kind = prng.int(0, 2)
    const end = now - prng.int(0, 47) * HOUR
    const [start, stop] = kind === 0 ? [today, now] : kind === 1 ? [today - DAY, today] : [end - DAY, end]
    return { start_time: String(start), end_time: String(stop) }
  }
}

/** A query string of the parameters that are set (an optional one drawn as absent is left out). */
export const queryOf = (params: Record<string, string | undefined>) =>
  new URLSearchParams(
    Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString()
