const MINUTE = 60_000
const HOUR = 60 * MINUTE

/**
 * A load's integrals over a stored range, from rows stored per minute where there are and per hour
 * around them (Kafka's and Elasticsearch's loads are stored so), read once: the integral at an
 * instant is its row's integral plus the row's rate times the time into it, continuous across rows
 * and grains, found by a binary search. Instants outside the rows read through `outside`.
 */
export class GrainedTrack<Row extends { ts: number }, V> {
  private readonly rows: Row[]
  private readonly grains: number[]

  /**
   * `minutes`: the minute rows from a minute before the range to its end; `hours`: the hour rows from
   * an hour before it. Hours before the first minute row and after the last are kept (the small
   * seed's minutes end hours past its now); an hour holding a minute row would overlap the minutes.
   */
  constructor(
    minutes: readonly Row[],
    hours: readonly Row[],
    private readonly integral: (row: Row, x: number, grain: number) => V,
    private readonly outside: (x: number) => V,
  ) {
    const first = minutes.length ? minutes[0]!.ts : Infinity
    const end = minutes.length ? minutes[minutes.length - 1]!.ts + MINUTE : -Infinity
    const before = hours.filter((h) => h.ts + HOUR <= first)
    const after = minutes.length ? hours.filter((h) => h.ts >= end) : []
    this.rows = [...before, ...minutes, ...after]
    this.grains = [...before.map(() => HOUR), ...minutes.map(() => MINUTE), ...after.map(() => HOUR)]
  }

  /** The integrals at stored instant x. */
  at(x: number): V {
    const rows = this.rows
    const last = rows.length - 1
    if (last < 0 || x < rows[0]!.ts || x >= rows[last]!.ts + this.grains[last]!) return this.outside(x)
    let lo = 0
    let hi = last
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (rows[mid]!.ts <= x) lo = mid
      else hi = mid - 1
    }
    return this.integral(rows[lo]!, x, this.grains[lo]!)
  }
}
