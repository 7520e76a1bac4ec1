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
import { impalaClusters, impalaCodes, impalaIndexWhere, usageWindow } from './impala-usage-common.ts'
import type { ClusterScope } from './scope.ts'

/*
 * GET impala/search (E077; decision 6 of contracts/impala-usage.ts): the window's queries through
 * applications_impala (schema.sql: the Impala queries only, by cluster and start, with every column
 * the filters and sorts name), counted, filtered, sorted and paged in SQL without reading a row;
 * only the page's rows are read whole and their query text and memory figures derived
 * (details/query.ts, as the query details show them). Sorted by start the page is a walk of each
 * cluster's range; by another column a sort of the window's entries (a month of one cluster: about
 * 34,000 at the large scale).
 */

/** A running query's duration is its run so far (the stored one is the seed's). */
const DURATION = "(CASE WHEN a.status = 'R' THEN @storedNow - a.start_time ELSE a.duration END)"

/**
 * API sort columns to SQL: only these reach ORDER BY, then the id (unique: a stable page order, and
 * the index's next column, so the start's order is the index's). Users and queues by their codes,
 * which are in name order (app-rollup-names.ts), so those sorts need no row either.
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
  const codes = impalaCodes(db)
  const where = impalaIndexWhere(db, clusters, {
    from: window.start - window.shift,
    to: window.end - window.shift,
  })
  const params: Record<string, number | string> = { ...where.params, storedNow: window.storedNow }
  const clauses = [where.sql]
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
  const source = `FROM applications a INDEXED BY applications_impala WHERE ${clauses.join(' AND ')}`
  const total = cachedStatement(db, `SELECT count(*) ${source}`).pluck().get(params) as number
  const signed = q.sort ?? '-startTime'
  const desc = signed.startsWith('-')
  const column = SORT_SQL[(desc ? signed.slice(1) : signed) as ImpalaSearchSort]
  const dir = desc ? 'DESC' : 'ASC'
  const rowids = cachedStatement(
    db,
    `SELECT a.rowid ${source} ORDER BY ${column} ${dir}, a.id ${dir} LIMIT @size OFFSET @from`,
  )
    .pluck()
    .all({ ...params, size, from }) as number[]
  const read = cachedStatement(db, `SELECT ${DETAIL_COLUMNS} FROM applications a WHERE a.rowid = ?`)
  const rows = rowids.map((rowid) => read.get(rowid) as DetailsRecord)
  return { total, hits: rows.map((r) => toRow(r, window.shift, now)) }
}
