import { seriesPointsProblem } from '@costlens/shared'
import { HttpError } from '../../errors.ts'

/** The one cap on series points (shared rules/series.ts) as a 400, before any point is built. */
export function assertSeriesPoints(n: number, interval: string, field?: string): void {
  const problem = seriesPointsProblem(n, interval, field)
  if (problem) throw new HttpError(400, problem)
}
