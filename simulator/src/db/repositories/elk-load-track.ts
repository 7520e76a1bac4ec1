import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import type { Cum } from './elk-common.ts'
import { lastAtOrBefore, spliceGrains } from './grained-track.ts'

/*
 * An Elasticsearch cluster's load integrals (schema.sql es_load_minutes/hours), read once per
 * request: every ELK rate, total and gauge follows from them.
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE

interface LoadRow {
  ts: number
  search: number
  indexing: number
  cumSearch: number
  cumIndexing: number
}
const COLUMNS = 'ts, search, indexing, cum_search AS cumSearch, cum_indexing AS cumIndexing'

/** The load's measures a read needs: both, or the queries or the documents alone. */
export type LoadMeasures = 'both' | 'queries' | 'documents'

const COLUMNS_OF: Record<LoadMeasures, string> = {
  both: 'search, indexing, cum_search, cum_indexing',
  queries: 'search, cum_search',
  documents: 'indexing, cum_indexing',
}

/**
 * A cluster's load integrals over a stored range ([queries, documents]): the minute rows from a
 * minute before the range to its end, the hour rows around them (an hour holding a minute row would
 * overlap the minutes: spliceGrains, shared with Kafka's GrainedTrack). Held as typed columns rather
 * than row objects: a day at 1m is 1,440 rows read twice per point, and objects cost more than the
 * arithmetic. Instants outside the rows read their own row.
 */
export class LoadTrack {
  private readonly ts: Float64Array
  private readonly grain: Float64Array
  private readonly search: Float64Array
  private readonly indexing: Float64Array
  private readonly cumSearch: Float64Array
  private readonly cumIndexing: Float64Array
  /** The row the last instant fell in: a series reads its instants in order. */
  private hint = 0

  constructor(
    private readonly db: Db,
    private readonly clusterId: number,
    from: number,
    to: number,
    measures: LoadMeasures = 'both',
  ) {
    // Rows as arrays of the columns asked for: a third less to read for one measure.
    const read = (table: string, grain: number) =>
      cachedStatement(
        db,
        `SELECT ts, ${COLUMNS_OF[measures]} FROM ${table}
         WHERE cluster_id = ? AND ts BETWEEN ? AND ? ORDER BY ts`,
      )
        .raw()
        .all(clusterId, from - grain, to) as number[][]
    const minutes = read('es_load_minutes', MINUTE)
    const hours = read('es_load_hours', HOUR)
    const { rows, grains } = spliceGrains(minutes, hours, (r) => r[0]!)
    const n = rows.length
    this.ts = new Float64Array(n)
    this.grain = new Float64Array(n)
    // A measure not read is NaN: used by mistake, it shows.
    this.search = new Float64Array(n).fill(Number.NaN)
    this.indexing = new Float64Array(n).fill(Number.NaN)
    this.cumSearch = new Float64Array(n).fill(Number.NaN)
    this.cumIndexing = new Float64Array(n).fill(Number.NaN)
    const [rate, cum] =
      measures === 'queries' ? [this.search, this.cumSearch] : [this.indexing, this.cumIndexing]
    for (let k = 0; k < n; k++) {
      const r = rows[k]!
      this.ts[k] = r[0]!
      this.grain[k] = grains[k]!
      if (measures === 'both') {
        this.search[k] = r[1]!
        this.indexing[k] = r[2]!
        this.cumSearch[k] = r[3]!
        this.cumIndexing[k] = r[4]!
      } else {
        rate[k] = r[1]!
        cum[k] = r[2]!
      }
    }
  }

  /** The integrals at stored instant x. */
  at(x: number): Cum {
    const i = this.rowOf(x)
    if (i < 0) return this.lookup(x)
    const s = Math.max(0, Math.min(x - this.ts[i]!, this.grain[i]!)) / 1000
    return [this.cumSearch[i]! + this.search[i]! * s, this.cumIndexing[i]! + this.indexing[i]! * s]
  }

  /** Average [queries/s, documents/s] over stored [a, b]. */
  rates(a: number, b: number): Cum {
    if (b <= a) return [0, 0]
    const x = this.at(a)
    const y = this.at(b)
    const s = (b - a) / 1000
    return [(y[0] - x[0]) / s, (y[1] - x[1]) / s]
  }

  /** The row holding x (the last starting at or before it), or -1 outside the rows. */
  private rowOf(x: number): number {
    const ts = this.ts
    const last = ts.length - 1
    if (last < 0 || x < ts[0]! || x >= ts[last]! + this.grain[last]!) return -1
    // The row of the previous instant or the next one, else a binary search.
    const h = this.hint
    if (h <= last && ts[h]! <= x) {
      if (h === last || ts[h + 1]! > x) return h
      if (h + 1 === last || ts[h + 2]! > x) return (this.hint = h + 1)
    }
    return (this.hint = lastAtOrBefore(ts, x))
  }

  private lookup(x: number): Cum {
    const row = (table: string) =>
      cachedStatement(
        this.db,
        `SELECT ${COLUMNS} FROM ${table} WHERE cluster_id = ? AND ts <= ? ORDER BY ts DESC LIMIT 1`,
      ).get(this.clusterId, x) as LoadRow | undefined
    const minute = row('es_load_minutes')
    if (minute && x - minute.ts < MINUTE) return integral(minute, x, MINUTE)
    const hour = row('es_load_hours')
    return hour ? integral(hour, x, HOUR) : [0, 0]
  }
}

const integral = (row: LoadRow, x: number, grain: number): Cum => {
  const s = Math.max(0, Math.min(x - row.ts, grain)) / 1000
  return [row.cumSearch + row.search * s, row.cumIndexing + row.indexing * s]
}
