import { ELK_MAX_RESPONSE_POINTS } from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Cum, LoadTrack, SeriesFrame } from './elk-common.ts'

/*
 * A series frame's points with their load (G99, G100): each point's stored span (clipped to the window
 * and to now), the integrals at its edges and its average rates. Gauges are read at the point's start.
 */

export interface PointLoad {
  /** Shown time of the point. */
  time: number
  /** Stored instant its gauges are read at (its start, within the window). */
  at: number
  /** Integrals at its start (= at) and at its end. */
  cumFrom: Cum
  cumAt: Cum
  cumTo: Cum
  seconds: number
  /** Whether it spans its whole step (not cut by the window's edges or by now, as the last one is). */
  complete: boolean
  /** Average [queries/s, documents/s] over it. */
  rates: Cum
}

export function pointsOf(frame: SeriesFrame, track: LoadTrack): PointLoad[] {
  const out: PointLoad[] = []
  frame.grid.points.forEach((time, k) => {
    const [a, b] = frame.bounds[k]!
    if (b <= a) return
    const from = track.at(a)
    const to = track.at(b)
    const seconds = (b - a) / 1000
    out.push({
      time,
      at: a,
      cumFrom: from,
      cumAt: from,
      cumTo: to,
      seconds,
      complete: b - a >= frame.grid.step,
      rates: [(to[0] - from[0]) / seconds, (to[1] - from[1]) / seconds],
    })
  })
  return out
}

/** G99: an answer of `series` series over the grid; too many points in all is 400. */
export function assertPoints(frame: SeriesFrame, series: number, narrower: string): void {
  const total = frame.grid.points.length * series
  if (total > ELK_MAX_RESPONSE_POINTS)
    throw new HttpError(
      400,
      `querystring/interval: ${series} series of ${frame.grid.points.length} points is ${total} points; at most ${ELK_MAX_RESPONSE_POINTS} (choose a coarser interval or ${narrower})`,
    )
}
