import {
  DATABRICKS_WAREHOUSE_SIZES,
  DATABRICKS_WAREHOUSE_TYPES,
  type DatabricksSqlOverview,
  type DatabricksSqlQueries,
  type DatabricksSqlQueriesQuery,
  type DatabricksSqlQueryRow,
  type DatabricksSqlUsers,
  type DatabricksSqlUsersQuery,
  type DatabricksSqlWarehouseRow,
  type DatabricksSqlWarehouses,
  type DatabricksSqlWarehousesQuery,
  type DatabricksSqlWindowQuery,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import {
  SQL_IDLE_COST,
  SQL_SESSIONS,
  SQL_SHARES,
  dbus2,
  hoursOf,
  likeAnywhere,
  listParam,
  marks,
  sqlWindow,
  usdOf,
} from './databricks-sql-figures.ts'

/*
 * The Databricks SQL pages' reads (R191-R194): overview, warehouses, users and queries, every
 * filter, sort, page and sum in SQL over the sessions and queries of the window (a few thousand
 * sessions and at most 90 days of queries; the indexes of schema.sql's Databricks section serve
 * the window and the query-to-session join). Figures: databricks-sql-figures.ts.
 */

const DAY = 86_400_000
const DEFAULT_LIMIT = 15
const dir = (order: 'asc' | 'desc' | undefined) => (order === 'asc' ? 'ASC' : 'DESC')
const page = (q: { offset?: number; limit?: number }) => ({
  offset: q.offset ?? 0,
  limit: q.limit ?? DEFAULT_LIMIT,
})

/** The window's queries: started in [start, end) (stored time). */
const QUERIES_IN_WINDOW = 'q.start_time >= @start AND q.start_time < @end'

interface UserSums {
  user: string
  queries: number
  failed: number
  duration_ms: number
  read_bytes: number
  rows: number
  cost_e4: number
}

/** Per user: the window's queries and the attributed cost (users with either), named. */
const USER_ROWS = `WITH ${SQL_SESSIONS}, ${SQL_SHARES},
user_queries AS (
  SELECT q.principal, COUNT(*) AS queries, SUM(q.status = 'F') AS failed, SUM(q.duration) AS duration_ms,
    SUM(q.read_bytes) AS read_bytes, SUM(q.rows_produced) AS rows
  FROM db_sql_queries q WHERE ${QUERIES_IN_WINDOW} GROUP BY q.principal
), user_keys AS (SELECT principal FROM user_queries UNION SELECT principal FROM sql_attributed),
user_rows AS (
  SELECT p.name AS user, COALESCE(uq.queries, 0) AS queries, COALESCE(uq.failed, 0) AS failed,
    COALESCE(uq.duration_ms, 0) AS duration_ms, COALESCE(uq.read_bytes, 0) AS read_bytes,
    COALESCE(uq.rows, 0) AS rows, COALESCE(a.cost_e4, 0) AS cost_e4
  FROM user_keys k JOIN db_principals p ON p.code = k.principal
  LEFT JOIN user_queries uq ON uq.principal = k.principal LEFT JOIN sql_attributed a ON a.principal = k.principal
)`

const USER_SORTS: Record<string, string> = {
  user: 'user',
  queries: 'queries',
  failed: 'failed',
  durationMs: 'duration_ms',
  readBytes: 'read_bytes',
  rows: 'rows',
  cost: 'cost_e4',
}

const userRow = (u: UserSums) => ({
  user: u.user,
  queries: u.queries,
  failed: u.failed,
  durationMs: u.duration_ms,
  readBytes: u.read_bytes,
  rows: u.rows,
  cost: usdOf(u.cost_e4),
})

/** R192: per user queries, failures, run time, bytes, rows and attributed cost; idle apart. */
export function databricksSqlUsers(db: Db, query: DatabricksSqlUsersQuery, now: number): DatabricksSqlUsers {
  const window = sqlWindow(db, query, now)
  const { offset, limit } = page(query)
  const search = query.search?.trim()
  const where = search ? "WHERE user LIKE @search ESCAPE '\\'" : ''
  const params = { ...window.params, ...(search && { search: likeAnywhere(search) }) }
  const sort = USER_SORTS[query.sort ?? 'cost']!
  // One statement for the page and its count (a window count, before LIMIT), one for the sums.
  const rows = cachedStatement(
    db,
    `${USER_ROWS} SELECT *, COUNT(*) OVER () AS total FROM user_rows ${where}
     ORDER BY ${sort} ${dir(query.order)}, user LIMIT @limit OFFSET @offset`,
  ).all({ ...params, limit, offset }) as (UserSums & { total: number })[]
  const total =
    rows[0]?.total ??
    (cachedStatement(db, `${USER_ROWS} SELECT COUNT(*) FROM user_rows ${where}`)
      .pluck()
      .get(params) as number)
  const sums = cachedStatement(
    db,
    `WITH ${SQL_SESSIONS}, ${SQL_SHARES}
     SELECT (SELECT COALESCE(SUM(cost_e4), 0) FROM sql_attributed) AS attributed_e4,
       (SELECT COALESCE(SUM(cost_e4), 0) FROM sql_sessions) AS cost_e4,
       (SELECT COALESCE(SUM(idle_ms), 0) FROM sql_sessions) AS idle_ms,
       (${SQL_IDLE_COST}) AS idle_e4`,
  ).get(window.params) as { attributed_e4: number; cost_e4: number; idle_ms: number; idle_e4: number }
  const idleE4 = sums.idle_e4
  return {
    start: window.start,
    end: window.end,
    total,
    rows: rows.map(userRow),
    idle: { cost: usdOf(idleE4), hours: hoursOf(sums.idle_ms) },
    warehouseCost: usdOf(sums.cost_e4),
    attributedCost: usdOf(sums.attributed_e4),
  }
}

interface WarehouseSums {
  warehouse_id: string
  name: string
  workspace: string
  type: number
  size: number
  min_clusters: number
  max_clusters: number
  auto_stop_minutes: number
  sessions: number
  up_ms: number
  busy_ms: number
  idle_ms: number
  idle_cost_e4: number
  dbus_e4: number
  cost_e4: number
  queries: number
  failed: number
}

const WAREHOUSE_SORTS: Record<string, string> = {
  name: 'name',
  workspace: 'workspace',
  type: 'type',
  size: 'size',
  uptimeHours: 'up_ms',
  busyHours: 'busy_ms',
  idleHours: 'idle_ms',
  idleCost: 'idle_cost_e4',
  dbus: 'dbus_e4',
  cost: 'cost_e4',
  queries: 'queries',
  failed: 'failed',
}

/** Per warehouse: its configuration, the window's session sums and query counts. */
const WAREHOUSE_ROWS = `WITH ${SQL_SESSIONS},
session_sums AS (
  SELECT warehouse, COUNT(*) AS sessions, SUM(up) AS up_ms, SUM(busy_ms) AS busy_ms, SUM(idle_ms) AS idle_ms,
    SUM(cost_e4 - busy_cost_e4) AS idle_cost_e4, SUM(dbus_e4) AS dbus_e4, SUM(cost_e4) AS cost_e4
  FROM sql_sessions GROUP BY warehouse
), query_sums AS (
  SELECT q.warehouse, COUNT(*) AS queries, SUM(q.status = 'F') AS failed
  FROM db_sql_queries q WHERE ${QUERIES_IN_WINDOW} GROUP BY q.warehouse
), warehouse_rows AS (
  SELECT w.code, w.warehouse_id, w.name, ws.workspace_name AS workspace, w.warehouse_type AS type, w.size,
    w.min_clusters, w.max_clusters, w.auto_stop_minutes,
    COALESCE(ss.sessions, 0) AS sessions, COALESCE(ss.up_ms, 0) AS up_ms, COALESCE(ss.busy_ms, 0) AS busy_ms,
    COALESCE(ss.idle_ms, 0) AS idle_ms, COALESCE(ss.idle_cost_e4, 0) AS idle_cost_e4,
    COALESCE(ss.dbus_e4, 0) AS dbus_e4, COALESCE(ss.cost_e4, 0) AS cost_e4,
    COALESCE(qs.queries, 0) AS queries, COALESCE(qs.failed, 0) AS failed
  FROM db_warehouses w JOIN db_workspaces ws ON ws.code = w.workspace
  LEFT JOIN session_sums ss ON ss.warehouse = w.code LEFT JOIN query_sums qs ON qs.warehouse = w.code
)`

const warehouseRow = (w: WarehouseSums): DatabricksSqlWarehouseRow => ({
  warehouseId: w.warehouse_id,
  name: w.name,
  workspace: w.workspace,
  type: DATABRICKS_WAREHOUSE_TYPES[w.type] ?? String(w.type),
  size: DATABRICKS_WAREHOUSE_SIZES[w.size]?.size ?? String(w.size),
  dbuPerHour: DATABRICKS_WAREHOUSE_SIZES[w.size]?.dbuPerHour ?? 0,
  minClusters: w.min_clusters,
  maxClusters: w.max_clusters,
  autoStopMinutes: w.auto_stop_minutes,
  sessions: w.sessions,
  uptimeHours: hoursOf(w.up_ms),
  busyHours: hoursOf(w.busy_ms),
  idleHours: hoursOf(w.idle_ms),
  idleCost: usdOf(w.idle_cost_e4),
  dbus: dbus2(w.dbus_e4),
  cost: usdOf(w.cost_e4),
  queries: w.queries,
  failed: w.failed,
})

/** Names to the codes of a catalogue array (its index); an unknown name is a 400 naming the field. */
function codesOf(values: string[], names: readonly string[], field: string): number[] {
  return values.map((v) => {
    const code = names.indexOf(v)
    if (code < 0) throw new HttpError(400, `querystring/${field}: unknown value "${v}"`)
    return code
  })
}

/** R193: the warehouses, filtered, sorted and paged, with their totals and the filters' values. */
export function databricksSqlWarehouses(
  db: Db,
  query: DatabricksSqlWarehousesQuery,
  now: number,
): DatabricksSqlWarehouses {
  const window = sqlWindow(db, query, now)
  const { offset, limit } = page(query)
  const workspaces = listParam(query.workspace)
  const types = codesOf(listParam(query.type), DATABRICKS_WAREHOUSE_TYPES, 'type')
  const sizes = codesOf(
    listParam(query.warehouseSize),
    DATABRICKS_WAREHOUSE_SIZES.map((s) => s.size),
    'warehouseSize',
  )
  const search = query.search?.trim()
  const where: string[] = []
  const values: unknown[] = []
  const add = (clause: string, ...bound: unknown[]) => {
    where.push(clause)
    values.push(...bound)
  }
  if (workspaces.length) add(`workspace IN (${marks(workspaces.length)})`, ...workspaces)
  if (types.length) add(`type IN (${marks(types.length)})`, ...types)
  if (sizes.length) add(`size IN (${marks(sizes.length)})`, ...sizes)
  if (search)
    add(
      "(name LIKE ? ESCAPE '\\' OR warehouse_id LIKE ? ESCAPE '\\')",
      likeAnywhere(search),
      likeAnywhere(search),
    )
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : ''
  const sort = WAREHOUSE_SORTS[query.sort ?? 'cost']!
  // Positional values for the filters, named ones for the window: better-sqlite3 takes both. The
  // totals over every matching warehouse are window sums (before LIMIT), in the same statement.
  type Totals = {
    total: number
    t_cost_e4: number
    t_dbus_e4: number
    t_idle_cost_e4: number
    t_queries: number
  }
  const TOTALS = `COUNT(*) OVER () AS total, SUM(cost_e4) OVER () AS t_cost_e4, SUM(dbus_e4) OVER () AS t_dbus_e4,
    SUM(idle_cost_e4) OVER () AS t_idle_cost_e4, SUM(queries) OVER () AS t_queries`
  const rows = cachedStatement(
    db,
    `${WAREHOUSE_ROWS} SELECT *, ${TOTALS} FROM warehouse_rows ${filter}
     ORDER BY ${sort} ${dir(query.order)}, name, code LIMIT ${limit} OFFSET ${offset}`,
  ).all(...values, window.params) as (WarehouseSums & Totals)[]
  // A page past the end has no row to carry the totals: read them alone.
  const t: Totals = rows[0] ??
    (cachedStatement(db, `${WAREHOUSE_ROWS} SELECT ${TOTALS} FROM warehouse_rows ${filter} LIMIT 1`).get(
      ...values,
      window.params,
    ) as Totals | undefined) ?? { total: 0, t_cost_e4: 0, t_dbus_e4: 0, t_idle_cost_e4: 0, t_queries: 0 }
  const totals = {
    total: t.total,
    cost_e4: t.t_cost_e4,
    dbus_e4: t.t_dbus_e4,
    idle_cost_e4: t.t_idle_cost_e4,
    queries: t.t_queries,
  }
  const facet = (column: string) =>
    cachedStatement(
      db,
      `SELECT ${column} AS value, COUNT(*) AS count FROM db_warehouses w
       JOIN db_workspaces ws ON ws.code = w.workspace GROUP BY 1 ORDER BY 1`,
    ).all() as { value: string | number; count: number }[]
  return {
    start: window.start,
    end: window.end,
    total: totals.total,
    rows: rows.map(warehouseRow),
    totals: {
      cost: usdOf(totals.cost_e4),
      dbus: dbus2(totals.dbus_e4),
      idleCost: usdOf(totals.idle_cost_e4),
      queries: totals.queries,
    },
    facets: {
      workspaces: facet('ws.workspace_name').map((f) => ({ value: String(f.value), count: f.count })),
      types: facet('w.warehouse_type').map((f) => ({
        value: DATABRICKS_WAREHOUSE_TYPES[Number(f.value)] ?? String(f.value),
        count: f.count,
      })),
      sizes: facet('w.size').map((f) => ({
        value: DATABRICKS_WAREHOUSE_SIZES[Number(f.value)]?.size ?? String(f.value),
        count: f.count,
      })),
    },
  }
}

const QUERY_SORTS: Record<string, string> = {
  startTime: 'q.start_time',
  duration: 'q.duration',
  rows: 'q.rows_produced',
  readBytes: 'q.read_bytes',
  user: 'p.name',
  warehouse: 'w.name',
  status: 'q.status',
  statementType: 'q.statement_type',
}

interface QueryRecord {
  query_id: string
  status: DatabricksSqlQueryRow['status']
  statement_type: string
  user: string
  warehouse_id: string
  warehouse: string
  workspace: string
  start_time: number
  end_time: number | null
  duration: number
  rows_produced: number
  read_bytes: number
  query_text: string
  error_message: string | null
}

/** R194: the window's queries, filtered (status, user, warehouse, type, duration, text), sorted and paged. */
export function databricksSqlQueries(
  db: Db,
  query: DatabricksSqlQueriesQuery,
  now: number,
): DatabricksSqlQueries {
  const window = sqlWindow(db, query, now)
  const { offset, limit } = page(query)
  const where = [QUERIES_IN_WINDOW]
  const values: unknown[] = []
  const inList = (column: string, list: string[]) => {
    if (!list.length) return
    where.push(`${column} IN (${marks(list.length)})`)
    values.push(...list)
  }
  inList('q.status', listParam(query.status))
  inList('p.name', listParam(query.user))
  inList('w.warehouse_id', listParam(query.warehouse))
  inList('q.statement_type', listParam(query.statementType))
  if (
    query.minDuration !== undefined &&
    query.maxDuration !== undefined &&
    query.minDuration > query.maxDuration
  )
    throw new HttpError(400, 'querystring/minDuration must not be above querystring/maxDuration')
  const add = (clause: string, ...bound: unknown[]) => {
    where.push(clause)
    values.push(...bound)
  }
  if (query.minDuration !== undefined) add('q.duration >= ?', query.minDuration)
  if (query.maxDuration !== undefined) add('q.duration <= ?', query.maxDuration)
  const search = query.search?.trim()
  if (search)
    add(
      "(q.query_text LIKE ? ESCAPE '\\' OR q.query_id LIKE ? ESCAPE '\\')",
      likeAnywhere(search),
      likeAnywhere(search),
    )
  const from = `FROM db_sql_queries q JOIN db_principals p ON p.code = q.principal
    JOIN db_warehouses w ON w.code = q.warehouse JOIN db_workspaces ws ON ws.code = w.workspace
    WHERE ${where.join(' AND ')}`
  const sort = QUERY_SORTS[query.sort ?? 'startTime']!
  const rows = cachedStatement(
    db,
    `SELECT q.query_id, q.status, q.statement_type, p.name AS user, w.warehouse_id, w.name AS warehouse,
       ws.workspace_name AS workspace, q.start_time, q.end_time, q.duration, q.rows_produced, q.read_bytes,
       q.query_text, q.error_message
     ${from} ORDER BY ${sort} ${dir(query.order)}, q.id ${dir(query.order)} LIMIT ${limit} OFFSET ${offset}`,
  ).all(...values, window.params) as QueryRecord[]
  const total = cachedStatement(db, `SELECT COUNT(*) ${from}`)
    .pluck()
    .get(...values, window.params) as number
  const users = cachedStatement(
    db,
    `SELECT p.name FROM (SELECT DISTINCT q.principal FROM db_sql_queries q WHERE ${QUERIES_IN_WINDOW}) u
     JOIN db_principals p ON p.code = u.principal ORDER BY p.name LIMIT 1000`,
  )
    .pluck()
    .all(window.params) as string[]
  const warehouses = cachedStatement(
    db,
    `SELECT w.warehouse_id AS warehouseId, w.name FROM db_warehouses w
     WHERE EXISTS (SELECT 1 FROM db_sql_queries q WHERE q.warehouse = w.code AND ${QUERIES_IN_WINDOW})
     ORDER BY w.name LIMIT 500`,
  ).all(window.params) as { warehouseId: string; name: string }[]
  const shift = window.clock.shift
  return {
    start: window.start,
    end: window.end,
    total,
    rows: rows.map((r) => ({
      queryId: r.query_id,
      status: r.status,
      statementType: r.statement_type,
      user: r.user,
      warehouseId: r.warehouse_id,
      warehouse: r.warehouse,
      workspace: r.workspace,
      startTime: r.start_time + shift,
      endTime: r.end_time === null ? null : r.end_time + shift,
      duration: r.duration,
      rows: r.rows_produced,
      readBytes: r.read_bytes,
      queryText: r.query_text,
      errorMessage: r.error_message,
    })),
    users,
    warehouses,
  }
}

/** Nearest-rank percentile of the window's finished queries' durations (0 when none). */
function durationPercentile(db: Db, params: Record<string, number>, count: number, p: number): number {
  if (count === 0) return 0
  return cachedStatement(
    db,
    `SELECT q.duration FROM db_sql_queries q WHERE ${QUERIES_IN_WINDOW} AND q.status <> 'R'
     ORDER BY q.duration LIMIT 1 OFFSET @rank`,
  )
    .pluck()
    .get({ ...params, rank: Math.max(0, Math.ceil(p * count) - 1) }) as number
}

/** R191: spend per day by warehouse, KPIs, top warehouses and users. */
export function databricksSqlOverview(
  db: Db,
  query: DatabricksSqlWindowQuery,
  now: number,
): DatabricksSqlOverview {
  const window = sqlWindow(db, query, now)
  const { params } = window
  const totals = cachedStatement(
    db,
    `WITH ${SQL_SESSIONS} SELECT COUNT(*) AS sessions, COALESCE(SUM(cost_e4), 0) AS cost_e4,
       COALESCE(SUM(dbus_e4), 0) AS dbus_e4, COALESCE(SUM(busy_ms), 0) AS busy_ms,
       COALESCE(SUM(idle_ms), 0) AS idle_ms, COALESCE(SUM(cost_e4 - busy_cost_e4), 0) AS idle_cost_e4
     FROM sql_sessions`,
  ).get(params) as {
    sessions: number
    cost_e4: number
    dbus_e4: number
    busy_ms: number
    idle_ms: number
    idle_cost_e4: number
  }
  const counts = cachedStatement(
    db,
    `SELECT COUNT(*) AS queries, COALESCE(SUM(q.status = 'F'), 0) AS failed, COALESCE(SUM(q.status <> 'R'), 0) AS finished
     FROM db_sql_queries q WHERE ${QUERIES_IN_WINDOW}`,
  ).get(params) as { queries: number; failed: number; finished: number }

  // UTC days of the window (real time), and the sessions' spend per real UTC day and warehouse.
  const firstDay = Math.floor(window.start / DAY) * DAY
  const days: number[] = []
  for (let d = firstDay; d < window.end; d += DAY) days.push(d)
  const perDay = cachedStatement(
    db,
    `WITH ${SQL_SESSIONS} SELECT warehouse, CAST((start_time + @shift) / ${DAY} AS INTEGER) * ${DAY} AS day,
       SUM(cost_e4) AS cost_e4, SUM(dbus_e4) AS dbus_e4 FROM sql_sessions GROUP BY warehouse, day`,
  ).all(params) as { warehouse: number; day: number; cost_e4: number; dbus_e4: number }[]
  const warehouses = cachedStatement(
    db,
    `WITH ${SQL_SESSIONS},
     q AS (SELECT q.warehouse, COUNT(*) AS queries FROM db_sql_queries q WHERE ${QUERIES_IN_WINDOW} GROUP BY q.warehouse),
     s AS (SELECT warehouse, SUM(cost_e4) AS cost_e4, SUM(dbus_e4) AS dbus_e4, SUM(cost_e4 - busy_cost_e4) AS idle_cost_e4
           FROM sql_sessions GROUP BY warehouse)
     SELECT w.code, w.warehouse_id, w.name, ws.workspace_name AS workspace, s.cost_e4, s.dbus_e4, s.idle_cost_e4,
       COALESCE(q.queries, 0) AS queries
     FROM s JOIN db_warehouses w ON w.code = s.warehouse JOIN db_workspaces ws ON ws.code = w.workspace
     LEFT JOIN q ON q.warehouse = s.warehouse ORDER BY s.cost_e4 DESC, w.name`,
  ).all(params) as {
    code: number
    warehouse_id: string
    name: string
    workspace: string
    cost_e4: number
    dbus_e4: number
    idle_cost_e4: number
    queries: number
  }[]
  const dayIndex = new Map(days.map((d, i) => [d, i]))
  const series = warehouses.map((w) => {
    const cost = days.map(() => 0)
    const dbus = days.map(() => 0)
    for (const p of perDay) {
      const i = dayIndex.get(p.day)
      if (p.warehouse !== w.code || i === undefined) continue
      cost[i] = usdOf(p.cost_e4)
      dbus[i] = dbus2(p.dbus_e4)
    }
    return { warehouseId: w.warehouse_id, name: w.name, workspace: w.workspace, cost, dbus }
  })
  const topUsers = cachedStatement(
    db,
    `${USER_ROWS} SELECT * FROM user_rows ORDER BY cost_e4 DESC, user LIMIT 5`,
  ).all(params) as UserSums[]
  return {
    start: window.start,
    end: window.end,
    totals: {
      cost: usdOf(totals.cost_e4),
      dbus: dbus2(totals.dbus_e4),
      sessions: totals.sessions,
      queries: counts.queries,
      failedQueries: counts.failed,
      p50Ms: durationPercentile(db, params, counts.finished, 0.5),
      p95Ms: durationPercentile(db, params, counts.finished, 0.95),
      busyHours: hoursOf(totals.busy_ms),
      idleHours: hoursOf(totals.idle_ms),
      idleCost: usdOf(totals.idle_cost_e4),
    },
    days,
    series,
    topWarehouses: warehouses.slice(0, 5).map((w) => ({
      warehouseId: w.warehouse_id,
      name: w.name,
      workspace: w.workspace,
      cost: usdOf(w.cost_e4),
      dbus: dbus2(w.dbus_e4),
      idleCost: usdOf(w.idle_cost_e4),
      queries: w.queries,
    })),
    topUsers: topUsers.map((u) => ({ user: u.user, queries: u.queries, cost: usdOf(u.cost_e4) })),
  }
}
