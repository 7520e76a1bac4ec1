import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { pointOrigin, type Grid } from './kafka-common.ts'
import {
  impalaIndexWhere,
  queriesWhere,
  type ImpalaCluster,
  type UsageWindow,
} from './impala-usage-common.ts'

/*
 * The memory the Impala queries hold over time (E076; decision 5 of contracts/impala-usage.ts),
 * derived at read time from the seeded queries rather than from a seeded grid: a query holds its MB
 * seconds spread evenly over its life (the query details' per-host memory, details/impala.ts), so
 * the daemons, the query list and the details never disagree. Two index-only reads:
 * - applications_chargeback (cluster, start, memory_seconds): each point's MB seconds of the queries
 *   started in it, all of which a query that ends in its own point holds there;
 * - applications_impala (cluster, start, …, status, duration, memory_seconds; the Impala queries
 *   only): the queries that run past the end of their start's point (or are running), from the
 *   window's start less the longest run. (Until issue 21 they came from applications_kind_duration,
 *   whose key starts with the duration: a walk of every Impala query seeded, 40-85 ms of CPU a call
 *   for any window at the large scale.)
 */

const MB = 1024 ** 2
/** Seeded queries run at most 12 hours (seed/applications.ts): the lookback that finds every one running. */
export const LONGEST_QUERY_MS = 12 * 3_600_000

export interface QueryRun {
  id: string
  cluster_uid: string
  start_time: number
  duration: number
  status: string
  vcore_seconds: number
  memory_seconds: number
}

/** What a query's memory over time needs of it. */
export type QuerySpan = Pick<QueryRun, 'start_time' | 'duration' | 'status' | 'memory_seconds'>

/** A query's end in stored time: a running one runs until now. */
export const endOf = (r: QuerySpan, storedNow: number) =>
  r.status === 'R' ? Math.max(r.start_time, storedNow) : r.start_time + Math.max(0, r.duration)

/** The bytes a query holds while it runs, over all its hosts: its MB seconds over its stored life. */
export const heldBytes = (r: QuerySpan) => (r.memory_seconds * MB) / Math.max(1, r.duration / 1000)

/**
 * The WHERE over applications_impala `k` of the queries of `clusters` started in [from, to] (stored
 * time) that `condition` keeps: the range is the index's key, the rest is checked in its entries.
 */
function whileWhere(
  db: Db,
  clusters: readonly ImpalaCluster[],
  range: { from: number; to: number },
  condition: string,
  extra: Record<string, number>,
) {
  const where = impalaIndexWhere(db, clusters, range, 'k')
  return {
    sql: `FROM applications k INDEXED BY applications_impala WHERE ${where.sql} AND (k.status = 'R' OR ${condition})`,
    params: { ...where.params, ...extra },
  }
}

/** The queries running at stored instant t (a few dozen: their rows are read). */
export function runningAt(
  db: Db,
  clusters: readonly ImpalaCluster[],
  t: number,
  storedNow: number,
): QueryRun[] {
  const where = whileWhere(
    db,
    clusters,
    { from: t - LONGEST_QUERY_MS, to: t },
    'k.start_time + k.duration > @t',
    { t },
  )
  const rows = cachedStatement(
    db,
    `SELECT a.id, a.cluster_uid, a.start_time, a.duration, a.status, a.vcore_seconds, a.memory_seconds
         FROM applications a WHERE a.rowid IN (SELECT k.rowid ${where.sql})`,
  ).all(where.params) as QueryRun[]
  return rows.filter((r) => endOf(r, storedNow) > t)
}

/**
 * The bytes the queries held on average over each point of the grid (shown time), summed over the
 * clusters: a point's own queries from the index, then each query that crosses a point's end moved
 * from its start's point to the points it ran in, by the part of each it ran.
 */
export function heldSeries(
  db: Db,
  clusters: readonly ImpalaCluster[],
  window: UsageWindow,
  grid: Grid,
  now: number,
): number[] {
  const held = grid.points.map(() => 0)
  const first = grid.points[0]
  if (first === undefined) return held
  const origin = pointOrigin(grid.step)
  const step = grid.step
  const where = queriesWhere(db, clusters, window, first)
  const own = cachedStatement(
    db,
    `SELECT CAST((a.start_time + @shift - @origin) / @step AS INTEGER) AS p, sum(a.memory_seconds) AS ms
         FROM applications a INDEXED BY applications_chargeback WHERE ${where.sql} GROUP BY p`,
  ).all({ ...where.params, shift: window.shift, origin, step }) as { p: number; ms: number }[]
  const indexOf = (t: number) => Math.floor((t - first) / step)
  // A point's MB seconds, held for that long within it: bytes x ms.
  for (const r of own) {
    const i = r.p - (first - origin) / step
    if (i >= 0 && i < held.length) held[i]! += r.ms * MB * 1000
  }
  const crossing = whileWhere(
    db,
    clusters,
    { from: first - window.shift - LONGEST_QUERY_MS, to: window.end - window.shift },
    // Started before the window and still running at its start, or ending past its start's point.
    `((k.start_time < @first AND k.start_time + k.duration > @first)
      OR (k.start_time >= @first AND CAST((k.start_time + k.duration + @shift - @origin) / @step AS INTEGER)
        > CAST((k.start_time + @shift - @origin) / @step AS INTEGER)))`,
    { first: first - window.shift, shift: window.shift, origin, step },
  )
  const crossers = cachedStatement(
    db,
    `SELECT k.start_time, k.duration, k.status, k.memory_seconds ${crossing.sql}`,
  ).all(crossing.params) as QuerySpan[]
  for (const r of crossers) {
    const s = r.start_time + window.shift
    const e = endOf(r, window.storedNow) + window.shift
    const own = indexOf(s)
    if (own >= 0 && own < held.length && s <= window.end) held[own]! -= r.memory_seconds * MB * 1000
    const rate = heldBytes(r)
    for (let i = Math.max(0, own); i < held.length; i++) {
      const p0 = first + i * step
      if (p0 >= e) break
      held[i]! += rate * (Math.min(e, p0 + step) - Math.max(s, p0))
    }
  }
  // Bytes x ms over each point's length (the point in progress: its part up to now).
  return held.map((v, i) => Math.max(0, v) / Math.max(1, Math.min(step, now - grid.points[i]!)))
}
