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
  /** Stored instant it ends at (its step's end, or the window's end or now if earlier). */
  to: number
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
      to: b,
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

/**
 * The integrals at any instant, each instant read once per request: the load averages and queues
 * look back from every point's start, and at 1m those instants are the earlier points' starts.
 */
export function integralsOf(track: LoadTrack, points: readonly PointLoad[]): (x: number) => Cum {
  const known = new Map<number, Cum>(points.map((p) => [p.at, p.cumAt]))
  return (x) => {
    let cum = known.get(x)
    if (cum === undefined) {
      cum = track.at(x)
      known.set(x, cum)
    }
    return cum
  }
}

/** Average [queries/s, documents/s] over the `minutes` before each point's start (LoadTrack.rates). */
export function trailingRates(at: (x: number) => Cum, points: readonly PointLoad[], minutes: number): Cum[] {
  const span = minutes * 60_000
  return points.map((p) => {
    const x = at(p.at - span)
    const y = p.cumAt
    const s = span / 1000
    return [(y[0] - x[0]) / s, (y[1] - x[1]) / s]
  })
}
