const MINUTE = 60_000
const HOUR = 60 * MINUTE

/**
 * The rows of a load stored per minute where there are and per hour around them (Kafka's and
 * Elasticsearch's loads are stored so), in time order with each row's grain. `minutes`: the minute
 * rows from a minute before the range to its end; `hours`: the hour rows from an hour before it.
 * Hours before the first minute row and after the last are kept (the small seed's minutes end hours
 * past its now); an hour holding a minute row would overlap the minutes.
 */
export function spliceGrains<Row>(
  minutes: readonly Row[],
  hours: readonly Row[],
  tsOf: (row: Row) => number,
): { rows: Row[]; grains: number[] } {
  const first = minutes.length ? tsOf(minutes[0]!) : Infinity
  const end = minutes.length ? tsOf(minutes[minutes.length - 1]!) + MINUTE : -Infinity
  const before = hours.filter((h) => tsOf(h) + HOUR <= first)
  const after = minutes.length ? hours.filter((h) => tsOf(h) >= end) : []
  return {
    rows: [...before, ...minutes, ...after],
    grains: [...before.map(() => HOUR), ...minutes.map(() => MINUTE), ...after.map(() => HOUR)],
  }
}

/** The last index whose time is at or before x, in times sorted ascending with ts[0] <= x. */
export function lastAtOrBefore(ts: ArrayLike<number>, x: number): number {
  let lo = 0
  let hi = ts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (ts[mid]! <= x) lo = mid
    else hi = mid - 1
  }
  return lo
}

/**
 * A load's integrals over a stored range, from rows spliced by grain (spliceGrains), read once: the
 * integral at an instant is its row's integral plus the row's rate times the time into it,
 * continuous across rows and grains, found by a binary search. Instants outside the rows read
 * through `outside`.
 */
export class GrainedTrack<Row extends { ts: number }, V> {
  private readonly rows: Row[]
  private readonly grains: number[]
  /** The rows' times, for the search. */
  private readonly ts: Float64Array

  constructor(
    minutes: readonly Row[],
    hours: readonly Row[],
    private readonly integral: (row: Row, x: number, grain: number) => V,
    private readonly outside: (x: number) => V,
  ) {
    ;({ rows: this.rows, grains: this.grains } = spliceGrains(minutes, hours, (r) => r.ts))
    this.ts = Float64Array.from(this.rows, (r) => r.ts)
  }

  /** The integrals at stored instant x. */
  at(x: number): V {
    const rows = this.rows
    const last = rows.length - 1
    if (last < 0 || x < rows[0]!.ts || x >= rows[last]!.ts + this.grains[last]!) return this.outside(x)
    const i = lastAtOrBefore(this.ts, x)
    return this.integral(rows[i]!, x, this.grains[i]!)
  }
}
