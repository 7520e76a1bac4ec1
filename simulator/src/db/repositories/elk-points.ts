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
  const times = frame.grid.points
  const step = frame.grid.step
  // A point's start is mostly the previous one's end: its integrals are read once.
  let edge = Number.NaN
  let edgeCum: Cum = [0, 0]
  for (let k = 0; k < times.length; k++) {
    const [a, b] = frame.bounds[k]!
    if (b <= a) continue
    const from = a === edge ? edgeCum : track.at(a)
    const to = track.at(b)
    edge = b
    edgeCum = to
    const seconds = (b - a) / 1000
    out.push({
      time: times[k]!,
      at: a,
      to: b,
      cumFrom: from,
      cumAt: from,
      cumTo: to,
      seconds,
      complete: b - a >= step,
      rates: [(to[0] - from[0]) / seconds, (to[1] - from[1]) / seconds],
    })
  }
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
 * The integrals at any instant: the load averages and queues look back from every point's start
 * (LoadTrack reads an instant in a few steps, cheaper than keeping them by instant).
 */
export function integralsOf(track: LoadTrack): (x: number) => Cum {
  return (x) => track.at(x)
}

/** Average [queries/s, documents/s] over the `minutes` before each point's start (LoadTrack.rates). */
export function trailingRates(at: (x: number) => Cum, points: readonly PointLoad[], minutes: number): Cum[] {
  const span = minutes * 60_000
  const s = span / 1000
  const out: Cum[] = new Array<Cum>(points.length)
  for (let k = 0; k < points.length; k++) {
    const p = points[k]!
    const x = at(p.at - span)
    const y = p.cumAt
    out[k] = [(y[0] - x[0]) / s, (y[1] - x[1]) / s]
  }
  return out
}
