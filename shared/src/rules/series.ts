/*
 * Every time series the API answers (cluster resources, job counts, Snowflake warehouse and cost
 * trends) is cut into points at an interval; a long window at a short interval, or a window
 * stretched to year 9999, asked for millions. One cap for all, refused with a 400 before any point
 * is built.
 */

/** The most points one series may have. */
export const MAX_SERIES_POINTS = 2000

/** A series' points over [start, end] at `step`: whole steps, the first holding `start`, the last `end`. */
export function seriesGrid(start: number, end: number, step: number): { first: number; n: number } {
  const first = Math.floor(start / step) * step
  return { first, n: Math.max(1, Math.floor((end - first) / step) + 1) }
}

/**
 * Why a series of `n` points is refused, or null. `field` is what the caller can change: the
 * interval parameter where there is one, else the window's start.
 */
export function seriesPointsProblem(
  n: number,
  interval: string,
  field = 'querystring/interval',
): string | null {
  if (n <= MAX_SERIES_POINTS) return null
  const remedy = field.endsWith('interval')
    ? 'choose a longer interval or a shorter window'
    : 'choose a shorter window'
  return `${field}: ${n} points of ${interval} in the window; at most ${MAX_SERIES_POINTS} (${remedy})`
}
