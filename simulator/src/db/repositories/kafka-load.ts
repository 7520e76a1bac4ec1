import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { GrainedTrack } from './grained-track.ts'
import { pointOrigin, type KafkaClock } from './kafka-common.ts'

/*
 * Reading a Kafka cluster's load (schema.sql kafka_load_minutes/hours): the three profiles' load
 * averaged over a point, and their integral (cum) at any instant, from which offsets and lag follow.
 * A stored row holds the load over [ts, ts + grain) and the integral up to ts, so the integral at x
 * is cum + load x (x - ts), continuous and never decreasing across rows and grains.
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE

export type Vec3 = [number, number, number]

interface LoadRow {
  ts: number
  day: number
  etl: number
  flat: number
  cumDay: number
  cumEtl: number
  cumFlat: number
}

const COLUMNS = 'ts, day, etl, flat, cum_day AS cumDay, cum_etl AS cumEtl, cum_flat AS cumFlat'

const cumOfRow = (row: LoadRow, x: number, grain: number): Vec3 => {
  const s = Math.max(0, Math.min(x - row.ts, grain)) / 1000
  return [row.cumDay + row.day * s, row.cumEtl + row.etl * s, row.cumFlat + row.flat * s]
}

/** The integral of the load up to stored instant x: the minute row at or before it, else the hour row. */
export function cumAt(db: Db, clusterId: number, x: number): Vec3 {
  const minute = cachedStatement(
    db,
    `SELECT ${COLUMNS} FROM kafka_load_minutes WHERE cluster_id = ? AND ts <= ? ORDER BY ts DESC LIMIT 1`,
  ).get(clusterId, x) as LoadRow | undefined
  // A minute row at or before x is the finer one only if x is inside its minute.
  if (minute && x - minute.ts < MINUTE) return cumOfRow(minute, x, MINUTE)
  const hour = cachedStatement(
    db,
    `SELECT ${COLUMNS} FROM kafka_load_hours WHERE cluster_id = ? AND ts <= ? ORDER BY ts DESC LIMIT 1`,
  ).get(clusterId, x) as LoadRow | undefined
  return hour ? cumOfRow(hour, x, HOUR) : [0, 0, 0]
}

/** The average load of each profile over a stored range (the integral's growth over its length). */
export function averageLoad(db: Db, clusterId: number, from: number, to: number): Vec3 {
  if (to <= from) return [0, 0, 0]
  const a = cumAt(db, clusterId, from)
  const b = cumAt(db, clusterId, to)
  const s = (to - from) / 1000
  return [(b[0] - a[0]) / s, (b[1] - a[1]) / s, (b[2] - a[2]) / s]
}

/**
 * The integral over a stored range for many instants (the three profiles; grained-track.ts):
 * instants outside the range fall back to cumAt, remembered.
 */
export class CumTrack {
  private readonly track: GrainedTrack<LoadRow, Vec3>
  private readonly memo = new Map<number, Vec3>()

  constructor(
    private readonly db: Db,
    private readonly clusterId: number,
    from: number,
    to: number,
  ) {
    const read = (table: string, grain: number) =>
      cachedStatement(
        db,
        `SELECT ${COLUMNS} FROM ${table} WHERE cluster_id = ? AND ts BETWEEN ? AND ? ORDER BY ts`,
      ).all(clusterId, from - grain, to) as LoadRow[]
    this.track = new GrainedTrack(
      read('kafka_load_minutes', MINUTE),
      read('kafka_load_hours', HOUR),
      cumOfRow,
      (x) => this.outside(x),
    )
  }

  at(x: number): Vec3 {
    return this.track.at(x)
  }

  private outside(x: number): Vec3 {
    let cum = this.memo.get(x)
    if (!cum) {
      cum = cumAt(this.db, this.clusterId, x)
      this.memo.set(x, cum)
    }
    return cum
  }
}

/**
 * The average load per point (shown times) over stored [from, to]: from minute rows for intervals
 * under an hour (hour rows where the minutes do not reach), from hour rows otherwise. Grouped in SQL
 * and read as arrays: a day at 1m is 1,440 rows.
 */
export function loadPoints(
  db: Db,
  clusterId: number,
  range: { from: number; to: number },
  step: number,
  clock: KafkaClock,
): Map<number, Vec3> {
  // pointOf in SQL: whole steps from the origin (Monday for weeks), on shown times.
  const origin = pointOrigin(step)
  const group = (table: string, where = '') =>
    `SELECT CAST((ts + @shift - @origin) / @step AS INTEGER) * @step + @origin AS p, avg(day), avg(etl), avg(flat)
       FROM ${table} WHERE cluster_id = @cid AND ts BETWEEN @from AND @to ${where} GROUP BY p ORDER BY p`
  const params = { cid: clusterId, shift: clock.shift, origin, step, from: range.from, to: range.to }
  // Minutes span [mstart, mend] of the range (none: an empty span), for intervals under an hour.
  let span = { mstart: Infinity, mend: -Infinity }
  const out = new Map<number, Vec3>()
  if (step < HOUR) {
    const rows = cachedStatement(db, group('kafka_load_minutes')).raw().all(params) as number[][]
    for (const r of rows) out.set(r[0]!, [r[1]!, r[2]!, r[3]!])
    const found = cachedStatement(
      db,
      'SELECT min(ts) AS mstart, max(ts) AS mend FROM kafka_load_minutes WHERE cluster_id = ? AND ts BETWEEN ? AND ?',
    ).get(clusterId, range.from, range.to) as { mstart: number | null; mend: number | null }
    if (found.mstart !== null && found.mend !== null) span = { mstart: found.mstart, mend: found.mend }
  }
  // Hour rows where the minutes do not reach (all of them from an interval of an hour up).
  const hours = cachedStatement(db, group('kafka_load_hours', 'AND (ts + 3600000 <= @mstart OR ts > @mend)'))
    .raw()
    .all({
      ...params,
      mstart: Number.isFinite(span.mstart) ? span.mstart : Number.MAX_SAFE_INTEGER,
      mend: Number.isFinite(span.mend) ? span.mend : Number.MIN_SAFE_INTEGER,
    }) as number[][]
  for (const r of hours) if (!out.has(r[0]!)) out.set(r[0]!, [r[1]!, r[2]!, r[3]!])
  return out
}

export const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
