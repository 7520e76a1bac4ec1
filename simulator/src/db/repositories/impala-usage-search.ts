import {
  impalaQueryStatus,
  type ImpalaQueryRow,
  type ImpalaSearchQuery,
  type ImpalaSearchResponse,
  type ImpalaSearchSort,
} from '@costlens/shared'
import { deriveQuery } from '../../details/query.ts'
import { DETAILS_COLUMNS, recordAsRead, type DetailsRecord } from '../../details/record.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { checkPaging, likePattern } from './applications.ts'
import { impalaClusters, impalaCodes, queriesWhere, usageWindow } from './impala-usage-common.ts'
import type { ClusterScope } from './scope.ts'

/*
 * GET impala/search (E077; decision 6 of contracts/impala-usage.ts): the window's queries through
 * applications_chargeback, filtered, sorted and paged in SQL; only the page's rows are read whole
 * and their query text and memory figures derived (details/query.ts, as the query details show them).
 */

/** A running query's duration is its run so far (the stored one is the seed's). */
const DURATION = "(CASE WHEN a.status = 'R' THEN @storedNow - a.start_time ELSE a.duration END)"

/**
 * API sort columns to SQL: only these reach ORDER BY. Users and queues by their codes, which are in
 * name order (app-rollup-names.ts), so those sorts stay inside the index like the start's.
 */
const SORT_SQL: Readonly<Record<ImpalaSearchSort, string>> = {
  startTime: 'a.start_time',
  duration: DURATION,
  user: 'a.user_code',
  queue: 'a.queue_code',
  status: 'a.status',
  name: 'a.name',
  id: 'a.id',
}

/** What deriveQuery reads of each row (details/record.ts). */
const DETAIL_COLUMNS = DETAILS_COLUMNS.map((c) => `a.${c}`).join(', ')

/** B213: the codes a status filter names (codes or words). */
const statusCodes = (status: string) => [...new Set(status.split(',').map((s) => impalaQueryStatus(s).code))]

function toRow(stored: DetailsRecord, shift: number, now: number): ImpalaQueryRow {
  const app = recordAsRead(stored, shift)
  const query = deriveQuery({ ...app, kind: 'impala' }, now)
  return {
    kind: 'impala',
    id: app.id,
    status: impalaQueryStatus(app.status).code,
    user: app.user,
    name: app.name,
    startTime: app.start_time,
    startTimeInDate: new Date(app.start_time).toISOString(),
    duration: app.status === 'R' ? Math.max(0, now - app.start_time) : app.duration,
    queue: app.queue,
    queryStringFull: query.queryStringFull,
    queryMemLimit: query.queryMemLimit,
    perHostMemEst: query.perHostMemEst,
    perHostPeakMemUsage: query.perHostPeakMemUsage,
    clusterUid: app.cluster_uid,
  }
}

/** E077: a page of the window's Impala queries. */
export function impalaSearch(
  db: Db,
  scope: ClusterScope,
  q: ImpalaSearchQuery,
  now: number,
): ImpalaSearchResponse {
  const from = q.from ?? 0
  const size = q.size ?? 10
  checkPaging(from, size)
  const clusters = impalaClusters(db, scope, q.clusterUid)
  const window = usageWindow(db, q, now)
  const where = queriesWhere(db, clusters, window)
  const codes = impalaCodes(db)
  const clauses = [where.sql]
  const params: Record<string, number | string> = { ...where.params, storedNow: window.storedNow }
  if (q.user !== undefined) {
    clauses.push('a.user_code = @user')
    params.user = codes.user(q.user)
  }
  if (q.queue !== undefined) {
    clauses.push('a.queue_code = @queue')
    params.queue = codes.queue(q.queue)
  }
  if (q.status !== undefined) {
    const list = statusCodes(q.status)
    list.forEach((c, i) => (params[`s${i}`] = c))
    clauses.push(`a.status IN (${list.map((_, i) => `@s${i}`).join(', ')})`)
  }
  if (q.search !== undefined) {
    params.search = likePattern(q.search)
    clauses.push("(a.id LIKE @search ESCAPE '\\' OR a.name LIKE @search ESCAPE '\\')")
  }
  const sql = clauses.join(' AND ')
  const total = db
    .prepare(`SELECT count(*) FROM applications a INDEXED BY applications_chargeback WHERE ${sql}`)
    .pluck()
    .get(params) as number
  const signed = q.sort ?? '-startTime'
  const desc = signed.startsWith('-')
  const column = SORT_SQL[(desc ? signed.slice(1) : signed) as ImpalaSearchSort]
  const dir = desc ? 'DESC' : 'ASC'
  // The page's rowids first: sorted by start, user or queue this stays inside the index, and only
  // the page's rows are read whole.
  const rowids = db
    .prepare(
      `SELECT a.rowid FROM applications a INDEXED BY applications_chargeback WHERE ${sql}
        ORDER BY ${column} ${dir}, a.rowid ${dir} LIMIT @size OFFSET @from`,
    )
    .pluck()
    .all({ ...params, size, from }) as number[]
  const read = cachedStatement(db, `SELECT ${DETAIL_COLUMNS} FROM applications a WHERE a.rowid = ?`)
  const rows = rowids.map((rowid) => read.get(rowid) as DetailsRecord)
  return { total, hits: rows.map((r) => toRow(r, window.shift, now)) }
}
