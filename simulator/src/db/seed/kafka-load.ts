import type { Db } from '../open-database.ts'
import { RowInserter } from './bulk-insert.ts'
import type { Prng } from './prng.ts'
import type { Scale } from './scale.ts'

/*
 * A Kafka cluster's traffic: three load profiles per minute (1 = the topics' base rate on average),
 * which every topic mixes in its own proportions (kafka_topics w_*). Storage (schema.sql): minute
 * rows for the recent days and hour rows for the whole history, each with the integral of the load
 * from the history's start (cum_*), from which offsets and lag follow at any instant.
 *
 * Why two grains: the pages ask for today at 1m (up to 1,440 points) and ranges of days at 1h (744
 * points for 31 days). Minutes for 33 days would be 47,520 rows per cluster (380k for the 8
 * clusters), and 31 days at 1h would read 44,640 of them; minutes for the recent days and hours for
 * all serve both reading at most about 1,440 rows per request, and keep the small seed near 15k
 * rows (0.1-0.2 s). Hour rows are the averages of the same minutes, so the two grains agree where
 * both exist.
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** Days of hour rows before the seed's now: a 31-day window and some to spare. */
export const KAFKA_HISTORY_DAYS = 33
/**
 * Whole days of minute rows, by scale, counting the seed's own day: the pages read today at 1m, so the
 * small seed (every test and CI start) keeps today only; the demo adds yesterday, large a week.
 */
export const KAFKA_MINUTE_DAYS: Record<Scale, number> = { small: 1, demo: 2, large: 7 }
/** Hour rows run this far past the seed's now, so a session stays current for a day. */
export const KAFKA_AHEAD_MS = DAY + HOUR
/**
 * Minute rows run this far past the seed's now, by scale: a day at the demo and large scales; three
 * hours at the small one, whose sessions are tests and CI starts (after that a chart at 1m gets a
 * point per hour): the day ahead was two thirds of its minute rows and of its seed time.
 */
export const KAFKA_MINUTES_AHEAD_MS: Record<Scale, number> = {
  small: 3 * HOUR,
  demo: DAY + HOUR,
  large: DAY + HOUR,
}

/** The history's first instant (an hour boundary): offsets are counted from here. */
export const kafkaHistoryStart = (now: number) => Math.floor(now / HOUR) * HOUR - KAFKA_HISTORY_DAYS * DAY

/** The diurnal shapes at an instant: business hours (16:00 UTC peak), the 02:30 ETL, and flat. */
function shapes(ts: number, out: number[]): void {
  const hour = (ts % DAY) / HOUR
  // Days since the epoch, a Thursday: 0 is Sunday, 6 Saturday.
  const weekday = (Math.floor(ts / DAY) + 4) % 7
  const weekend = weekday === 0 || weekday === 6 ? 0.78 : 1.04
  out[0] = (0.55 + 0.9 * (0.5 - 0.5 * Math.cos((2 * Math.PI * (hour - 4)) / 24))) * weekend
  out[1] = 0.6 + 4.4 * Math.exp(-(((hour - 2.5) / 1) ** 2))
  out[2] = 1
}

interface Rows {
  minutes: RowInserter
  hours: RowInserter
}

/** Draws one load value of profile k around its shape, moving the profile's slow wander by `step`. */
function draw(prng: Prng, wander: number[], k: number, shape: number, step: number, burst: number): number {
  wander[k] = (1 - 0.015 * step) * wander[k]! + 0.25 * Math.sqrt(step) * (prng.next() - 0.5)
  const white = 1 + ((prng.next() - 0.5) * (k === 1 ? 0.2 : 0.08)) / Math.sqrt(step)
  const value = shape * (1 + 0.12 * wander[k]!) * white * (k === 0 ? 1 + burst : 1)
  return Math.max(0.02, Math.round(value * 10_000) / 10_000)
}

/**
 * Seeds one cluster's minute and hour rows; returns the rows written. Hours before the minute rows
 * are drawn whole (one draw per hour: the small seed's budget), hours with minute rows average
 * their minutes, so every hour row is its minutes' average where both exist.
 */
function seedClusterLoad(rows: Rows, prng: Prng, clusterId: number, now: number, scale: Scale): number {
  const first = kafkaHistoryStart(now)
  const last = Math.floor((now + KAFKA_AHEAD_MS) / HOUR) * HOUR
  const minuteFrom = Math.floor(now / DAY) * DAY - (KAFKA_MINUTE_DAYS[scale] - 1) * DAY
  const minuteTo = Math.floor(now / HOUR) * HOUR + KAFKA_MINUTES_AHEAD_MS[scale]
  // Slow wander (an AR(1) per profile) and the odd producer burst, on top of the shapes.
  const wander = [0, 0, 0]
  let burstLeft = 0
  let burst = 0
  const cum = [0, 0, 0]
  const shape = [0, 0, 0]
  const load = [0, 0, 0]
  let written = 0
  for (let hour = first; hour < last; hour += HOUR) {
    const hourCum = [cum[0]!, cum[1]!, cum[2]!]
    const sum = [0, 0, 0]
    if (hour < minuteFrom || hour >= minuteTo) {
      shapes(hour + 30 * MINUTE, shape)
      const spike = prng.next() < 0.02 ? 0.2 + prng.next() * 0.3 : 0
      for (let k = 0; k < 3; k++) sum[k] = draw(prng, wander, k, shape[k]!, 60, spike) * 60
    } else
      for (let ts = hour; ts < hour + HOUR; ts += MINUTE) {
        shapes(ts, shape)
        if (burstLeft > 0) burstLeft--
        else if (prng.next() < 0.0006) {
          burst = 0.5 + prng.next() * 1.2
          burstLeft = 5 + Math.floor(prng.next() * 20)
        }
        for (let k = 0; k < 3; k++) load[k] = draw(prng, wander, k, shape[k]!, 1, burstLeft > 0 ? burst : 0)
        rows.minutes.push(clusterId, ts, load[0], load[1], load[2], cum[0], cum[1], cum[2])
        written++
        for (let k = 0; k < 3; k++) {
          sum[k] = sum[k]! + load[k]!
          cum[k] = cum[k]! + load[k]! * 60
        }
      }
    if (hour < minuteFrom || hour >= minuteTo) for (let k = 0; k < 3; k++) cum[k] = cum[k]! + sum[k]! * 60
    rows.hours.push(
      clusterId,
      hour,
      sum[0]! / 60,
      sum[1]! / 60,
      sum[2]! / 60,
      hourCum[0],
      hourCum[1],
      hourCum[2],
    )
    written++
  }
  return written
}

/** Seeds the load rows of the given clusters (ids); returns the rows written. */
export function seedKafkaLoad(
  db: Db,
  prng: Prng,
  clusterIds: readonly number[],
  now: number,
  scale: Scale,
): number {
  const columns = ['cluster_id', 'ts', 'day', 'etl', 'flat', 'cum_day', 'cum_etl', 'cum_flat']
  const rows: Rows = {
    minutes: new RowInserter(db, 'kafka_load_minutes', columns),
    hours: new RowInserter(db, 'kafka_load_hours', columns),
  }
  let written = 0
  db.transaction(() => {
    for (const id of clusterIds) written += seedClusterLoad(rows, prng, id, now, scale)
    rows.minutes.flush()
    rows.hours.flush()
  })()
  return written
}
