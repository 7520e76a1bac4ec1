import type { ImpalaGroupBy } from '@costlens/shared'
import { DAY } from '../seed/app-rollups.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { impalaCodes, queriesBetween, type ImpalaCluster, type UsageWindow } from './impala-usage-common.ts'
import { coverWindow } from './unified-search.ts'

/*
 * The window's queries per user or queue (count, vcore seconds, MB seconds) for queryop/stats and
 * queryop/new's default values (E075, E074; decisions 3-4). A month of Impala queries is about
 * 100,000 entries of applications_chargeback at the large scale, read twice (users, queues): 100-200 ms.
 * The chargeback rollups (schema.sql cb_rollups, kept exact by every write of an app) already hold
 * these sums per cluster, start day (stored time), kind and user ('ku') or queue ('kq'): the window's
 * whole days are a few thousand of their rows, and only the partial days at its edges are read
 * from the index.
 */

export interface GroupTotal {
  key: string
  n: number
  vcoreSeconds: number
  memorySeconds: number
}

const SLICE: Readonly<Record<ImpalaGroupBy, 'ku' | 'kq'>> = { user: 'ku', queue: 'kq' }
const CODE_COLUMN: Readonly<Record<ImpalaGroupBy, string>> = { user: 'a.user_code', queue: 'a.queue_code' }

/** The queries of `clusters` started in [from, to] (stored time) per group, from the index. */
function fromIndex(
  db: Db,
  clusters: readonly ImpalaCluster[],
  range: { from: number; to: number },
  groupBy: ImpalaGroupBy,
): GroupTotal[] {
  const codes = impalaCodes(db)
  const where = queriesBetween(db, clusters, range.from, range.to)
  const name = groupBy === 'user' ? codes.userName : codes.queueName
  const rows = cachedStatement(
    db,
    `SELECT ${CODE_COLUMN[groupBy]} AS code, count(*) AS n, sum(a.vcore_seconds) AS v, sum(a.memory_seconds) AS m
         FROM applications a INDEXED BY applications_chargeback
        WHERE ${where.sql} GROUP BY code`,
  ).all(where.params) as { code: number; n: number; v: number; m: number }[]
  return rows.map((r) => ({ key: name(r.code), n: r.n, vcoreSeconds: r.v, memorySeconds: r.m }))
}

/** The queries of `clusters` started in the whole stored days [from, to) per group, from cb_rollups. */
function fromRollups(
  db: Db,
  clusters: readonly ImpalaCluster[],
  days: { from: number; to: number },
  groupBy: ImpalaGroupBy,
): GroupTotal[] {
  const list = clusters.map(() => '?').join(', ')
  const column = groupBy === 'user' ? 'user' : 'queue'
  return cachedStatement(
    db,
    `SELECT ${column} AS key, sum(n) AS n, sum(vs) AS vcoreSeconds, sum(ms) AS memorySeconds
       FROM cb_rollups
      WHERE dims = ? AND grain = ${DAY} AND cluster_uid IN (${list}) AND bucket >= ? AND bucket < ?
        AND kind = 'impala'
      GROUP BY ${column}`,
  ).all(SLICE[groupBy], ...clusters.map((c) => c.uid), days.from, days.to) as GroupTotal[]
}

/** Decision 4: every user or queue with a query started in the window, with its sums (no order). */
export function groupTotals(
  db: Db,
  clusters: readonly ImpalaCluster[],
  window: UsageWindow,
  groupBy: ImpalaGroupBy,
): GroupTotal[] {
  if (!clusters.length) return []
  // The window is inclusive at both ends (queriesWhere): its whole stored days from the rollups,
  // the rest (each part inclusive again) from the index.
  const cover = coverWindow(window.start - window.shift, window.end - window.shift + 1, [DAY])
  const parts = [
    ...cover.buckets.map((days) => fromRollups(db, clusters, days, groupBy)),
    ...cover.raw.map((edge) => fromIndex(db, clusters, { from: edge.from, to: edge.to - 1 }, groupBy)),
  ]
  const byKey = new Map<string, GroupTotal>()
  for (const row of parts.flat()) {
    const sum = byKey.get(row.key)
    if (!sum) byKey.set(row.key, { ...row })
    else {
      sum.n += row.n
      sum.vcoreSeconds += row.vcoreSeconds
      sum.memorySeconds += row.memorySeconds
    }
  }
  return [...byKey.values()]
}
