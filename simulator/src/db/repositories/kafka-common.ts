import {
  JOB_INTERVAL_MS,
  KAFKA_MAX_RESPONSE_POINTS,
  KAFKA_MAX_WINDOW_DAYS,
  MAX_SERIES_POINTS,
  type KafkaInterval,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { gridClock, instant, type StoredClock } from './applications.ts'
import type { ClusterScope } from './scope.ts'

/*
 * What every Kafka read shares (contracts/kafka.ts G88-G90): the cluster of the path, the window,
 * the point grid and the read clock. Stored times are the seeded ones; a read compares them with
 * `storedNow` and adds `shift` to the times it answers.
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** The read clock: the applications' shift rounded to whole hours, so hour rows stay on the hour. */
export type KafkaClock = StoredClock
export const kafkaClock = (db: Db, now: number): KafkaClock => gridClock(db, now, HOUR)

export interface KafkaCluster {
  id: number
  name: string
  kafkaClusterId: string
  clusterUid: string
  hadoopCluster: string
  clusterType: string
  version: string
  createdAt: number
  controllerId: number
}

const CLUSTER_SQL = `SELECT k.id, k.name, k.kafka_cluster_id AS kafkaClusterId, k.cluster_uid AS clusterUid,
    c.display_name AS hadoopCluster, c.platform AS clusterType, k.version, k.created_at AS createdAt,
    k.controller_id AS controllerId
  FROM kafka_clusters k JOIN clusters c ON c.unravel_id = k.cluster_uid`

/** G88: one of the user's Kafka clusters by name, else 404 (another's or none: not revealed). */
export function kafkaCluster(db: Db, scope: ClusterScope, name: string): KafkaCluster {
  const row = cachedStatement(db, `${CLUSTER_SQL} WHERE k.name = ?`).get(name) as KafkaCluster | undefined
  if (!row || !scope.clusterUids.includes(row.clusterUid))
    throw new HttpError(404, `No Kafka cluster "${name}"`)
  return row
}

/** The user's Kafka clusters, by name. */
export function kafkaClusters(db: Db, scope: ClusterScope): KafkaCluster[] {
  const rows = cachedStatement(db, `${CLUSTER_SQL} ORDER BY k.name`).all() as KafkaCluster[]
  return rows.filter((r) => scope.clusterUids.includes(r.clusterUid))
}

export interface Window {
  start: number
  end: number
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** A window's end: a date alone means the end of that day (G89). */
function endOf(value: string | undefined, field: string): number | undefined {
  const ms = instant(value, field, 'querystring')
  return ms !== undefined && value !== undefined && DATE_ONLY.test(value) ? ms + DAY - 1 : ms
}

/** G89: the window, default today 00:00 UTC to now; start after end and over 31 days are 400. */
export function kafkaWindow(
  q: { start?: string; end?: string },
  now: number,
  names: { start: string; end: string } = { start: 'start_time', end: 'end_time' },
): Window {
  const end = endOf(q.end, names.end) ?? now
  const start = instant(q.start, names.start, 'querystring') ?? Math.min(Math.floor(now / DAY) * DAY, end)
  if (start > end)
    throw new HttpError(400, `querystring/${names.start} must not be after querystring/${names.end}`)
  if (end - start > KAFKA_MAX_WINDOW_DAYS * DAY)
    throw new HttpError(
      400,
      `querystring/${names.start}: the window is ${Math.ceil((end - start) / DAY)} days; at most ${KAFKA_MAX_WINDOW_DAYS}`,
    )
  return { start, end }
}

/** The start_time/end_time window of most calls. */
export const timeWindow = (q: { start_time?: string; end_time?: string }, now: number) =>
  kafkaWindow({ start: q.start_time, end: q.end_time }, now)

/** Where points are counted from: weeks from Monday 00:00 UTC (the epoch is a Thursday), the rest from 0. */
export const pointOrigin = (step: number) => (step === 7 * DAY ? 4 * DAY : 0)

/** Where the point holding t starts. */
export function pointOf(t: number, step: number): number {
  const origin = pointOrigin(step)
  return Math.floor((t - origin) / step) * step + origin
}

export interface Grid {
  interval: KafkaInterval
  step: number
  /** The points' times (shown), from the window's start to its end or now. */
  points: number[]
}

/** G89: the points of a window at an interval (default 1h); over 2,000 per series is 400. */
export function kafkaGrid(window: Window, interval: KafkaInterval = '1h', now: number): Grid {
  const step = JOB_INTERVAL_MS[interval]
  const first = pointOf(window.start, step)
  const n = Math.max(1, Math.ceil((window.end - first) / step))
  if (n > MAX_SERIES_POINTS)
    throw new HttpError(
      400,
      `querystring/interval: ${n} points of ${interval} in the window; at most ${MAX_SERIES_POINTS} per series (choose a coarser interval or a shorter window)`,
    )
  const last = Math.min(window.end, now)
  const points: number[] = []
  for (let p = first; p <= last && points.length < n; p += step) points.push(p)
  return { interval, step, points }
}

/** G89: a response of `series` series over the grid; too many points in all is 400. */
export function assertResponsePoints(grid: Grid, series: number, narrower: string): void {
  const total = grid.points.length * series
  if (total > KAFKA_MAX_RESPONSE_POINTS)
    throw new HttpError(
      400,
      `querystring/interval: ${series} series of ${grid.points.length} points is ${total} points; at most ${KAFKA_MAX_RESPONSE_POINTS} (choose a coarser interval or ${narrower})`,
    )
}

/** The moment offsets, lag and states are read at: the window's end or now, whichever is first. */
export const asOf = (window: Window, now: number) => Math.min(window.end, now)

export const round3 = (n: number) => Math.round(n * 1000) / 1000

/** What a read as of a window's end works in: the cluster, its clock and the window in stored time. */
export interface KafkaReadFrame {
  cluster: KafkaCluster
  clock: KafkaClock
  /** The window's start, stored time. */
  from: number
  /** The window's end, not after now, stored time (shown: `to + clock.shift`). */
  to: number
}

/** The cluster (404 unless the user's) and the window (400 when bad) of a Kafka read. */
export function kafkaReadFrame(
  db: Db,
  scope: ClusterScope,
  name: string,
  q: { start_time?: string; end_time?: string },
  now: number,
): KafkaReadFrame {
  const cluster = kafkaCluster(db, scope, name)
  const window = timeWindow(q, now)
  const clock = kafkaClock(db, now)
  return { cluster, clock, from: window.start - clock.shift, to: asOf(window, now) - clock.shift }
}
