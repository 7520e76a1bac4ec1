import type { Db } from '../open-database.ts'
import { RowInserter } from './bulk-insert.ts'

export const SF_HOUR = 3_600_000
export const SF_DAY = 86_400_000
/** A long window reads a dozen weeks instead of ninety days. */
export const SF_WEEK = 7 * SF_DAY

/**
 * The rollup slices of snowflake_query_rollups, the list dimensions each keeps (the others are
 * summed over and stored as '' or 0) and its grains. 'full' keeps every dimension, so any mix of
 * filters reads it, but per hour it would hold about a row per query: it is kept per day only.
 * Warehouse, user and connector are the queries' codes (snowflake-codes.ts).
 */
export const SNOWFLAKE_ROLLUP_SLICES = {
  full: {
    keeps: ['status', 'warehouse_code', 'user_code', 'connector_code', 'insight_mask'],
    grains: [SF_WEEK, SF_DAY],
  },
  wh: { keeps: ['status', 'warehouse_code', 'insight_mask'], grains: [SF_WEEK, SF_DAY, SF_HOUR] },
  user: { keeps: ['user_code', 'connector_code', 'insight_mask'], grains: [SF_WEEK, SF_DAY, SF_HOUR] },
} as const
export type SnowflakeRollupSlice = keyof typeof SNOWFLAKE_ROLLUP_SLICES

const DIMENSIONS = ['status', 'warehouse_code', 'user_code', 'connector_code', 'insight_mask'] as const
const MEASURES_FROM_QUERIES = `count(*), min(cost_e4), max(cost_e4), min(duration), max(duration), sum(cost_e4),
  sum(credits_e4), sum(execution_time), sum(queued_overload_time)`
const MEASURES_FROM_ROLLUPS = `sum(n), min(cost_min), max(cost_max), min(duration_min), max(duration_max),
  sum(cost_e4), sum(credits_e4), sum(execution_time), sum(queued_overload_time)`
const COLUMNS = `slice, grain, bucket, ${DIMENSIONS.join(', ')}, n, cost_min, cost_max, duration_min, duration_max,
  cost_e4, credits_e4, execution_time, queued_overload_time`

/**
 * Builds the rollups from the queries in SQL (the seed is their only writer, so they hold exactly
 * what the queries hold): each slice's finest grain from the queries, coarser grains from it.
 * Grains are integer literals (constants above): a bound JS number is a REAL to SQLite, and
 * start_time / 86400000.0 would not cut time into days.
 */
export function buildSnowflakeRollups(db: Db): void {
  db.transaction(() => {
    db.exec('DELETE FROM snowflake_query_rollups; DELETE FROM snowflake_cost_rollups')
    for (const [slice, spec] of Object.entries(SNOWFLAKE_ROLLUP_SLICES)) {
      const keeps = spec.keeps as readonly string[]
      const dims = DIMENSIONS.map((d) => (keeps.includes(d) ? d : d === 'status' ? "''" : '0'))
      const grains = [...spec.grains].sort((a, b) => a - b)
      const finest = grains[0]!
      db.exec(
        `INSERT INTO snowflake_query_rollups (${COLUMNS})
         SELECT '${slice}', ${finest}, (start_time / ${finest}) * ${finest}, ${dims.join(', ')}, ${MEASURES_FROM_QUERIES}
           FROM snowflake_queries GROUP BY 3, ${keeps.join(', ')}`,
      )
      for (const [i, grain] of grains.slice(1).entries())
        db.exec(
          `INSERT INTO snowflake_query_rollups (${COLUMNS})
           SELECT slice, ${grain}, (bucket / ${grain}) * ${grain}, ${DIMENSIONS.join(', ')}, ${MEASURES_FROM_ROLLUPS}
             FROM snowflake_query_rollups WHERE slice = '${slice}' AND grain = ${grains[i]!}
            GROUP BY 3, ${DIMENSIONS.join(', ')}`,
        )
    }
    for (const [dim, column] of [
      ['tag', 'query_tag'],
      ['signature', 'signature'],
    ] as const)
      db.exec(
        `INSERT INTO snowflake_cost_rollups (dim, bucket, key, n, cost_e4, credits_e4, duration)
         SELECT '${dim}', (start_time / ${SF_DAY}) * ${SF_DAY}, ${column}, count(*), sum(cost_e4), sum(credits_e4),
                sum(duration)
           FROM snowflake_queries_named GROUP BY 2, 3`,
      )
  })()
}

/**
 * What a query gives its rollups: the columns of snowflake_queries they group by and sum, and the
 * tag and signature the cost rollups are keyed by (names: snowflake_queries_named).
 */
export interface SnowflakeRollupInput {
  start_time: number
  status: string
  warehouse_code: number
  user_code: number
  connector_code: number
  insight_mask: number
  cost_e4: number
  duration: number
  credits_e4: number
  execution_time: number
  queued_overload_time: number
  query_tag: string
  signature: string
}

/** n, cost_min, cost_max, duration_min, duration_max, cost_e4, credits_e4, execution_time, queued_overload_time. */
type QueryMeasures = [number, number, number, number, number, number, number, number, number]
const SEP = '\u0001'

function mergeInto(map: Map<string, QueryMeasures>, key: string, m: QueryMeasures) {
  const t = map.get(key)
  if (!t) {
    map.set(key, [...m])
    return
  }
  t[0] += m[0]
  if (m[1] < t[1]) t[1] = m[1]
  if (m[2] > t[2]) t[2] = m[2]
  if (m[3] < t[3]) t[3] = m[3]
  if (m[4] > t[4]) t[4] = m[4]
  t[5] += m[5]
  t[6] += m[6]
  t[7] += m[7]
  t[8] += m[8]
}

type SliceSpec = (typeof SNOWFLAKE_ROLLUP_SLICES)[SnowflakeRollupSlice]
const SLICES = (Object.entries(SNOWFLAKE_ROLLUP_SLICES) as [SnowflakeRollupSlice, SliceSpec][]).map(
  ([slice, spec]) => {
    const keeps = spec.keeps as readonly string[]
    const grains = [...spec.grains].sort((a, b) => a - b)
    return {
      slice,
      grains,
      status: keeps.includes('status'),
      warehouse: keeps.includes('warehouse_code'),
      user: keeps.includes('user_code'),
      connector: keeps.includes('connector_code'),
      mask: keeps.includes('insight_mask'),
    }
  },
)
const QUERY_ROLLUP_COLUMNS = COLUMNS.split(',').map((c) => c.trim())
const COST_ROLLUP_COLUMNS = ['dim', 'bucket', 'key', 'n', 'cost_e4', 'credits_e4', 'duration']

/** A level's buckets, each moved to the bucket of `grain` that holds it (a coarser grain from a finer one). */
function coarsen(level: Map<string, QueryMeasures>, grain: number, into = new Map<string, QueryMeasures>()) {
  for (const [key, m] of level) {
    const cut = key.indexOf(SEP)
    const bucket = Math.floor(Number(key.slice(0, cut)) / grain) * grain
    mergeInto(into, `${bucket}${key.slice(cut)}`, m)
  }
  return into
}

/**
 * The same rollups as buildSnowflakeRollups, accumulated as the seed generates the queries (add
 * each one) and written as days of them are complete (flush, and write once at the end): no
 * second pass over the queries in SQL, which took a third of the Snowflake seed at the large scale,
 * and only a few days' buckets in memory (a week's more for the week grain). Holding every bucket
 * of the 100 days until the end kept about 70 MB alive through the generation at the large scale,
 * and V8 let the heap grow to several times what is alive (345 MB at its peak). Every measure is an
 * integer, so the sums are exact and equal to the SQL's (a test compares both). Queries must come
 * day after day (the seed generates them so): a query of a day already flushed fails the write.
 */
export class SnowflakeRollupBuilder {
  /** Per slice, its finest grain's buckets not yet written: key = bucket and the slice's dimensions. */
  private readonly finest = new Map<SnowflakeRollupSlice, Map<string, QueryMeasures>>()
  /** Per slice, its week buckets not yet written, from the finer grains of the days flushed. */
  private readonly weeks = new Map<SnowflakeRollupSlice, Map<string, QueryMeasures>>()
  /** Cost per day: key = dim, day and tag or signature → n, cost_e4, credits_e4, duration. */
  private readonly cost = new Map<string, [number, number, number, number]>()
  /** Whether the tables were emptied (the first flush replaces what they held). */
  private started = false
  /**
   * The two tables' inserters, kept from flush to flush (a flush a day: preparing their statements
   * every time was about a tenth of the small seed's Snowflake step); `write` writes their rest.
   */
  private inserters: { db: Db; queries: RowInserter; cost: RowInserter } | undefined

  constructor() {
    for (const { slice } of SLICES) {
      this.finest.set(slice, new Map())
      this.weeks.set(slice, new Map())
    }
  }

  /** Buckets held, not yet written: finest grains and cost days. */
  get held(): number {
    let n = this.cost.size
    for (const level of this.finest.values()) n += level.size
    return n
  }

  add(q: SnowflakeRollupInput): void {
    const m: QueryMeasures = [
      1,
      q.cost_e4,
      q.cost_e4,
      q.duration,
      q.duration,
      q.cost_e4,
      q.credits_e4,
      q.execution_time,
      q.queued_overload_time,
    ]
    for (const spec of SLICES) {
      const grain = spec.grains[0]!
      const key = `${Math.floor(q.start_time / grain) * grain}${SEP}${spec.status ? q.status : ''}${SEP}${
        spec.warehouse ? q.warehouse_code : 0
      }${SEP}${spec.user ? q.user_code : 0}${SEP}${spec.connector ? q.connector_code : 0}${SEP}${
        spec.mask ? q.insight_mask : 0
      }`
      mergeInto(this.finest.get(spec.slice)!, key, m)
    }
    const day = Math.floor(q.start_time / SF_DAY) * SF_DAY
    for (const [dim, key] of [
      ['tag', q.query_tag],
      ['signature', q.signature],
    ] as const) {
      const k = `${dim}${SEP}${day}${SEP}${key}`
      const t = this.cost.get(k)
      if (t) {
        t[0]++
        t[1] += q.cost_e4
        t[2] += q.credits_e4
        t[3] += q.duration
      } else this.cost.set(k, [1, q.cost_e4, q.credits_e4, q.duration])
    }
  }

  /**
   * Writes the buckets of the queries added so far, which must be every query that starts before
   * `complete` (epoch ms, a day start): every grain finer than a week, and the weeks that end by
   * then. Runs inside the caller's transaction, if any.
   */
  flush(db: Db, complete = Infinity): void {
    if (!this.started) {
      db.exec('DELETE FROM snowflake_query_rollups; DELETE FROM snowflake_cost_rollups')
      this.started = true
    }
    const rows: unknown[][] = []
    const emit = (slice: string, grain: number, level: Map<string, QueryMeasures>) => {
      for (const [key, m] of level) {
        const [bucket, status, warehouse, user, connector, mask] = key.split(SEP)
        rows.push([
          slice,
          grain,
          Number(bucket),
          status,
          Number(warehouse),
          Number(user),
          Number(connector),
          Number(mask),
          ...m,
        ])
      }
    }
    for (const { slice, grains } of SLICES) {
      let level = this.finest.get(slice)!
      const weeks = this.weeks.get(slice)!
      for (const [i, grain] of grains.entries()) {
        if (grain === SF_WEEK) {
          // Weeks gather the days flushed; one is written once its last day is in.
          coarsen(level, grain, weeks)
          const done = new Map(
            [...weeks].filter(([key]) => Number(key.slice(0, key.indexOf(SEP))) + SF_WEEK <= complete),
          )
          for (const key of done.keys()) weeks.delete(key)
          emit(slice, grain, done)
          continue
        }
        if (i > 0) level = coarsen(level, grain)
        emit(slice, grain, level)
      }
      this.finest.set(slice, new Map())
    }
    if (this.inserters?.db !== db)
      this.inserters = {
        db,
        queries: new RowInserter(db, 'snowflake_query_rollups', QUERY_ROLLUP_COLUMNS),
        cost: new RowInserter(db, 'snowflake_cost_rollups', COST_ROLLUP_COLUMNS),
      }
    for (const row of rows) this.inserters.queries.pushRow(row)
    for (const [k, t] of this.cost) {
      const [dim, day, ...key] = k.split(SEP)
      this.inserters.cost.pushRow([dim, Number(day), key.join(SEP), ...t])
    }
    this.cost.clear()
  }

  /** Writes what is left: every bucket, as the last flush, and the inserters' rest. */
  write(db: Db): void {
    db.transaction(() => {
      this.flush(db)
      this.inserters!.queries.flush()
      this.inserters!.cost.flush()
    })()
  }
}
