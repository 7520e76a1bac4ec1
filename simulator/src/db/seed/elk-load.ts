import type { Db } from '../open-database.ts'
import { RowInserter } from './bulk-insert.ts'
import type { Prng } from './prng.ts'

/*
 * An Elasticsearch cluster's load (schema.sql es_load_minutes/hours): queries/s and documents/s per
 * minute for today and per hour for the whole history, each row with the integrals from the
 * history's start to its start (cum_*), from which every window total, index share and document
 * count follows (repositories/elk-load.ts). Two grains for the same reason as Kafka's
 * (seed/kafka-load.ts): today at 1m and 31 days at 1h each read at most about 1,500 rows.
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** Whole days of hour rows before the seed's day: a 31-day window and some to spare. */
export const ELK_HISTORY_DAYS = 33
/**
 * The ELK read clock moves in whole days (repositories/elk-common.ts), so the stored "now" a read
 * sees lies within half a day of the seed's (plus the session's length): minute rows cover the days
 * that can be "today" then and half a day of session more (later, a 1m chart gets a point per hour),
 * and hour rows run two days past the seed's now.
 */
const MINUTES_BEHIND = 12 * HOUR
const MINUTES_AHEAD = 25 * HOUR
const HOURS_AHEAD = 2 * DAY

/** The history's first instant (a day boundary): integrals count from here. */
export const elkHistoryStart = (now: number) => Math.floor(now / DAY) * DAY - ELK_HISTORY_DAYS * DAY

export interface LoadBase {
  /** queries/s on an average weekday afternoon */
  search: number
  /** documents/s on average */
  indexing: number
}

/** Search follows office hours (15:00 UTC peak, quiet weekends); indexing is flatter, with a 02:00 batch. */
function shape(ts: number): [number, number] {
  const hour = (ts % DAY) / HOUR
  const weekday = (Math.floor(ts / DAY) + 4) % 7
  const weekend = weekday === 0 || weekday === 6
  const office = 0.5 - 0.5 * Math.cos((2 * Math.PI * (hour - 3)) / 24)
  const search = (0.25 + 1.5 * office) * (weekend ? 0.45 : 1)
  const indexing = (0.75 + 0.45 * office + 1.2 * Math.exp(-(((hour - 2) / 0.7) ** 2))) * (weekend ? 0.85 : 1)
  return [search, indexing]
}

interface Walk {
  wander: [number, number]
  burst: number
  burstLeft: number
}

/** One row's rates around the shapes: a slow wander, white noise, and the odd search burst. */
function draw(prng: Prng, walk: Walk, ts: number, step: number, base: LoadBase): [number, number] {
  const [s, i] = shape(ts)
  for (let k = 0; k < 2; k++)
    walk.wander[k] = (1 - 0.02 * step) * walk.wander[k]! + 0.2 * Math.sqrt(step) * (prng.next() - 0.5)
  if (walk.burstLeft > 0) walk.burstLeft -= step
  else if (prng.next() < 0.0008 * step) {
    walk.burst = 0.6 + prng.next()
    walk.burstLeft = 5 + prng.int(0, 25)
  }
  const noise = () => 1 + (prng.next() - 0.5) * (0.16 / Math.sqrt(step))
  const burst = walk.burstLeft > 0 ? 1 + walk.burst : 1
  const search = base.search * s * (1 + 0.15 * walk.wander[0]) * noise() * burst
  const indexing = base.indexing * i * (1 + 0.12 * walk.wander[1]) * noise()
  return [Math.round(search * 1000) / 1000, Math.round(indexing * 100) / 100]
}

/** Seeds one cluster's rows; returns the integral (docs indexed, queries) at each day's start and the rows. */
function seedCluster(
  minutes: RowInserter,
  hours: RowInserter,
  prng: Prng,
  clusterId: number,
  now: number,
  base: LoadBase,
): { dayCum: Map<number, [number, number]>; rows: number } {
  const first = elkHistoryStart(now)
  const last = Math.floor((now + HOURS_AHEAD) / HOUR) * HOUR
  const minuteFrom = Math.floor((now - MINUTES_BEHIND) / DAY) * DAY
  const minuteTo = Math.floor((now + MINUTES_AHEAD) / HOUR) * HOUR
  const walk: Walk = { wander: [0, 0], burst: 0, burstLeft: 0 }
  const cum: [number, number] = [0, 0]
  const dayCum = new Map<number, [number, number]>()
  let rows = 0
  for (let hour = first; hour < last; hour += HOUR) {
    if (hour % DAY === 0) dayCum.set(hour, [cum[0], cum[1]])
    const atStart: [number, number] = [cum[0], cum[1]]
    if (hour >= minuteFrom && hour < minuteTo) {
      for (let ts = hour; ts < hour + HOUR; ts += MINUTE) {
        const [s, i] = draw(prng, walk, ts, 1, base)
        minutes.push(clusterId, ts, s, i, cum[0], cum[1])
        cum[0] += s * 60
        cum[1] += i * 60
        rows++
      }
    } else {
      const [s, i] = draw(prng, walk, hour + 30 * MINUTE, 60, base)
      cum[0] += s * 3600
      cum[1] += i * 3600
    }
    // An hour row is the average of its minutes where they exist, so the grains agree.
    hours.push(
      clusterId,
      hour,
      (cum[0] - atStart[0]) / 3600,
      (cum[1] - atStart[1]) / 3600,
      atStart[0],
      atStart[1],
    )
    rows++
  }
  return { dayCum, rows }
}

export interface ClusterLoad {
  /** [queries, documents] integrated from the history's start to each day's start (stored ms). */
  dayCum: Map<number, [number, number]>
}

/** Seeds the load rows of the given clusters; returns each one's day integrals and the rows written. */
export function seedElkLoad(
  db: Db,
  prng: Prng,
  clusters: readonly { id: number; base: LoadBase }[],
  now: number,
): { loads: Map<number, ClusterLoad>; rows: number } {
  const columns = ['cluster_id', 'ts', 'search', 'indexing', 'cum_search', 'cum_indexing']
  const minutes = new RowInserter(db, 'es_load_minutes', columns)
  const hours = new RowInserter(db, 'es_load_hours', columns)
  const loads = new Map<number, ClusterLoad>()
  let rows = 0
  for (const c of clusters) {
    const seeded = seedCluster(minutes, hours, prng, c.id, now, c.base)
    loads.set(c.id, { dayCum: seeded.dayCum })
    rows += seeded.rows
  }
  minutes.flush()
  hours.flush()
  return { loads, rows }
}
