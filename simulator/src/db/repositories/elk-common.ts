import type { ElkInterval } from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { gridClock, type StoredClock } from './applications.ts'
import { LoadTrack, type LoadMeasures } from './elk-load-track.ts'
import { asOf, kafkaGrid, timeWindow, type Grid, type Window } from './kafka-common.ts'
import type { ClusterScope } from './scope.ts'

/*
 * What every ELK read shares (contracts/elk.ts G98-G100): the cluster of the path, the read clock,
 * the window and grid (Kafka's rules, kafka-common.ts), and the cluster's load integrals
 * (schema.sql es_load_minutes/hours), from which every rate, total and gauge follows.
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * The read clock: the applications' shift rounded to whole days, so a daily log index's stored day
 * is a shown day and its name (logs-app-YYYY.MM.DD) follows the shown calendar.
 */
export const elkClock = (db: Db, now: number): StoredClock => gridClock(db, now, DAY)

export interface EsCluster {
  id: number
  name: string
  clusterUuid: string
  clusterUid: string
  hadoopCluster: string
  clusterType: string
  version: string
  searchBase: number
  indexingBase: number
  searchLatencyMs: number
  indexingLatencyMs: number
  logstashShare: number
  kibanaPerQuery: number
}

const CLUSTER_SQL = `SELECT e.id, e.name, e.cluster_uuid AS clusterUuid, e.cluster_uid AS clusterUid,
    c.display_name AS hadoopCluster, c.platform AS clusterType, e.version, e.search_base AS searchBase,
    e.indexing_base AS indexingBase, e.search_latency_ms AS searchLatencyMs,
    e.indexing_latency_ms AS indexingLatencyMs, e.logstash_share AS logstashShare,
    e.kibana_per_query AS kibanaPerQuery
  FROM es_clusters e JOIN clusters c ON c.unravel_id = e.cluster_uid`

/** G98: one of the user's Elasticsearch clusters by name, else 404 (another's or none: not revealed). */
export function elkCluster(db: Db, scope: ClusterScope, name: string): EsCluster {
  const row = cachedStatement(db, `${CLUSTER_SQL} WHERE e.name = ?`).get(name) as EsCluster | undefined
  if (!row || !scope.clusterUids.includes(row.clusterUid))
    throw new HttpError(404, `No Elasticsearch cluster "${name}"`)
  return row
}

/** The user's Elasticsearch clusters, by name. */
export function elkClusters(db: Db, scope: ClusterScope): EsCluster[] {
  const rows = cachedStatement(db, `${CLUSTER_SQL} ORDER BY e.name`).all() as EsCluster[]
  return rows.filter((r) => scope.clusterUids.includes(r.clusterUid))
}

/** [queries, documents] integrated from the history's start. */
export type Cum = [number, number]

/** Read once per request; kept in its own module (elk-load-track.ts). */
export { LoadTrack }

/** A list call's window in stored times: [start, asOf], asOf the window's end or now. */
export interface StoredWindow {
  /** Shown window. */
  window: Window
  clock: StoredClock
  from: number
  /** The stored instant gauges are read at (G100). */
  at: number
  /** Shown `at`. */
  time: number
}

export function storedWindow(
  db: Db,
  q: { start_time?: string; end_time?: string },
  now: number,
): StoredWindow {
  const window = timeWindow(q, now)
  const clock = elkClock(db, now)
  const time = asOf(window, now)
  return { window, clock, from: Math.min(window.start, time) - clock.shift, at: time - clock.shift, time }
}

/** A series call's frame: the window, the grid (default interval per call) and stored point bounds. */
export interface SeriesFrame extends StoredWindow {
  grid: Grid
  /** Stored [start, end) of each point; the last ends at `at`. */
  bounds: [number, number][]
}

/** G99: more than 2,000 minutes with no interval asked: the Kibana default falls back to 1h. */
export function kibanaInterval(q: { interval?: ElkInterval }, window: Window): ElkInterval {
  if (q.interval) return q.interval
  return window.end - window.start > 2000 * MINUTE ? '1h' : '1m'
}

export function seriesFrame(
  db: Db,
  q: { start_time?: string; end_time?: string; interval?: ElkInterval },
  now: number,
  defaultInterval: (window: Window) => ElkInterval = () => '1h',
): SeriesFrame {
  const stored = storedWindow(db, q, now)
  const grid = kafkaGrid(stored.window, q.interval ?? defaultInterval(stored.window), now)
  const bounds = grid.points.map((p): [number, number] => [
    Math.max(p, stored.window.start) - stored.clock.shift,
    Math.min(p + grid.step, stored.time) - stored.clock.shift,
  ])
  return { ...stored, grid, bounds }
}

/**
 * The load over each point and at the window's edges, read once for the frame; `measures`: the
 * queries or documents alone when a call needs only one (the other reads NaN).
 */
export function trackOf(
  db: Db,
  clusterId: number,
  frame: { from: number; at: number },
  measures: LoadMeasures = 'both',
): LoadTrack {
  return new LoadTrack(db, clusterId, frame.from - 15 * MINUTE, frame.at, measures)
}

/** A deterministic wiggle in [0, 1) of (seed, instant): gauges' small movements, the same on every read. */
export function wiggle(seed: number, x: number): number {
  const v = Math.sin(seed * 12.9898 + (x / MINUTE) * 78.233) * 43758.5453
  return v - Math.floor(v)
}

/** A sawtooth in [0, 1): a JVM heap filling between collections, `period` ms apart. */
export const sawtooth = (seed: number, x: number, period: number) => {
  const v = x / period + seed * 0.37
  return v - Math.floor(v)
}

export const round3 = (n: number) => Math.round(n * 1000) / 1000

/** Series answer's common fields. */
export const seriesHead = (frame: SeriesFrame) => ({
  interval: frame.grid.interval,
  pointInterval: frame.grid.step,
})
