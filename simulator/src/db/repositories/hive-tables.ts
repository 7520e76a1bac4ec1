import type { HiveTableApp, HiveTableAppsQuery, HiveTableAppsResponse } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { clusterCodesIn } from './app-rollup-names.ts'
import { appsTimeShift, checkPaging } from './applications.ts'
import { scopedClusters, type ClusterScope } from './scope.ts'

interface TableAppRow {
  id: string
  name: string
  kind: string
  status: HiveTableApp['status']
  user: string
  queue: string
  cluster_uid: string
  display_name: string
  start_time: number
  finished_time: number | null
  duration: number
  input_tables: string | null
  output_tables: string | null
}

/** The codes of the user's clusters (the indexes below hold a cluster as its code). */
const SCOPE_CODES = clusterCodesIn('SELECT value FROM json_each(@clusters)')

/**
 * The apps of the user's clusters that read or wrote a table, as (rowid, start): each side from its
 * partial index alone (applications_input_table, applications_output_table, schema.sql: table,
 * start, cluster code), in start order, so a page is a merge of the two; an app that both read and
 * wrote it is one row (UNION).
 */
const TOUCHING = `SELECT rowid AS rid, start_time FROM applications INDEXED BY applications_input_table
                   WHERE input_tables = @table AND cluster_code IN ${SCOPE_CODES}
                  UNION
                  SELECT rowid AS rid, start_time FROM applications INDEXED BY applications_output_table
                   WHERE output_tables = @table AND output_tables <> ''
                     AND cluster_code IN ${SCOPE_CODES}`

/**
 * E073 (G96, G97): one page of the apps that read or wrote `table` on the user's platform, newest
 * first by default, with the total. Times are the stored times plus the apps' shift; a running
 * app's duration runs until now.
 */
export function hiveTableApps(
  db: Db,
  scope: ClusterScope,
  table: string,
  q: HiveTableAppsQuery,
  now: number,
): HiveTableAppsResponse {
  const from = q.from ?? 0
  const size = q.size ?? 10
  checkPaging(from, size)
  const order = q.sort === 'startTime' ? 'ASC' : 'DESC'
  const params = { table, clusters: JSON.stringify(scopedClusters(scope)), from, size }
  const total = cachedStatement(db, `SELECT count(*) FROM (${TOUCHING})`).pluck().get(params) as number
  const rows = cachedStatement(
    db,
    `WITH page AS (${TOUCHING} ORDER BY start_time ${order}, rid ${order} LIMIT @size OFFSET @from)
     SELECT a.id, a.name, a.kind, a.status, a.user, a.queue, a.cluster_uid, c.display_name, a.start_time,
            a.finished_time, a.duration, a.input_tables, a.output_tables
       FROM page JOIN applications a ON a.rowid = page.rid JOIN clusters c ON c.unravel_id = a.cluster_uid
      ORDER BY page.start_time ${order}, page.rid ${order}`,
  ).all(params) as TableAppRow[]
  const shift = appsTimeShift(db)
  const hits = rows.map((r): HiveTableApp => {
    const read = r.input_tables === table
    const written = r.output_tables === table
    return {
      id: r.id,
      name: r.name,
      kind: r.kind,
      status: r.status,
      user: r.user,
      queue: r.queue,
      clusterUid: r.cluster_uid,
      clusterId: r.display_name,
      startTime: r.start_time + shift,
      finishedTime: r.finished_time === null ? null : r.finished_time + shift,
      duration: r.finished_time === null ? Math.max(0, now - (r.start_time + shift)) : r.duration,
      access: read && written ? 'read-write' : written ? 'write' : 'read',
    }
  })
  return { hits, total }
}
