import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { appsTimeShift } from './applications.ts'
import { rollupNames, clusterCodesIn } from './app-rollup-names.ts'
import { timeWindow, type Window } from './kafka-common.ts'
import type { ClusterScope } from './scope.ts'

/*
 * What every Impala usage read shares (contracts/impala-usage.ts decisions 1-2): the Impala clusters
 * asked, the window in shown and in stored time, and the WHERE that picks their queries from the
 * applications_chargeback index (cluster, start, and the kind, user and queue codes it carries).
 */

export interface ImpalaCluster {
  uid: string
  clusterName: string
  nodeCount: number
}

/** Decision 1: the user's Impala clusters named by clusterUid ('*' or absent: all); another is 404. */
export function impalaClusters(db: Db, scope: ClusterScope, clusterUid: string | undefined): ImpalaCluster[] {
  const rows = cachedStatement(
    db,
    `SELECT unravel_id AS uid, cluster_name AS clusterName, node_count AS nodeCount
       FROM clusters WHERE kind = 'Impala' ORDER BY unravel_id`,
  ).all() as ImpalaCluster[]
  const mine = rows.filter((c) => scope.clusterUids.includes(c.uid))
  if (clusterUid === undefined || clusterUid === '*') return mine
  const one = mine.find((c) => c.uid === clusterUid)
  if (!one) throw new HttpError(404, `No Impala cluster "${clusterUid}"`)
  return [one]
}

/** A window read: its shown bounds, the shift from stored to shown time, and now in stored time. */
export interface UsageWindow extends Window {
  shift: number
  storedNow: number
}

export function usageWindow(db: Db, q: { start_time?: string; end_time?: string }, now: number): UsageWindow {
  const shift = appsTimeShift(db)
  return { ...timeWindow(q, now), shift, storedNow: now - shift }
}

/** The codes the applications' covering indexes hold (schema.sql kind_code, user_code, queue_code). */
export function impalaCodes(db: Db) {
  const names = rollupNames(db)
  return {
    kind: names.code('kind', 'impala'),
    cluster: (uid: string) => names.code('cluster', uid),
    user: (name: string) => names.code('user', name),
    queue: (name: string) => names.code('queue', name),
    userName: (code: number) => names.name('user', code),
    queueName: (code: number) => names.name('queue', code),
  }
}

/** A WHERE over applications `a` and its named parameters. */
export interface QueriesWhere {
  sql: string
  params: Record<string, number | string>
}

/**
 * The queries of some Impala clusters started in [start, end] (shown time): read through
 * applications_chargeback, whose key is (cluster_uid, start_time) and which carries the codes, so a
 * count or a group needs no row.
 */
export function queriesWhere(
  db: Db,
  clusters: readonly ImpalaCluster[],
  window: UsageWindow,
  from = window.start,
): QueriesWhere {
  return queriesBetween(db, clusters, from - window.shift, window.end - window.shift)
}

/** The same over [from, to] in stored time. */
export function queriesBetween(
  db: Db,
  clusters: readonly ImpalaCluster[],
  from: number,
  to: number,
): QueriesWhere {
  const params: Record<string, number | string> = { start: from, end: to, kind: impalaCodes(db).kind }
  clusters.forEach((c, i) => (params[`c${i}`] = c.uid))
  const list = clusters.map((_, i) => `@c${i}`).join(', ') || 'NULL'
  return {
    sql: `a.cluster_code IN ${clusterCodesIn(list)} AND a.start_time BETWEEN @start AND @end AND a.kind_code = @kind`,
    params,
  }
}

/**
 * The same through applications_impala (schema.sql: the Impala queries only, by cluster code and
 * start) over alias `k`: what the filters and sorts of search, the crossers of
 * metrics and the duration metric read without a row.
 */
export function impalaIndexWhere(
  db: Db,
  clusters: readonly ImpalaCluster[],
  range: { from: number; to: number },
  alias = 'a',
): QueriesWhere {
  const codes = impalaCodes(db)
  const params: Record<string, number | string> = { start: range.from, end: range.to }
  clusters.forEach((c, i) => (params[`c${i}`] = codes.cluster(c.uid)))
  const list = clusters.map((_, i) => `@c${i}`).join(', ') || 'NULL'
  return {
    sql:
      `${alias}.kind = 'impala' AND ${alias}.start_time BETWEEN @start AND @end ` +
      `AND ${alias}.cluster_code IN (${list})`,
    params,
  }
}

export const round3 = (n: number) => Math.round(n * 1000) / 1000
