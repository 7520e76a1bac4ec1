import { DATABRICKS_SQL_DEFAULT_DAYS, DATABRICKS_SQL_MAX_DAYS } from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import { instant } from './applications.ts'
import { databricksReadClock, type DatabricksReadClock } from './databricks-figures.ts'

/*
 * The SQL warehouses' figures, defined once for the four /sql pages (contracts/databricks-sql.ts says
 * what counts where). Every reader builds on these WITH clauses, bound with @start and @end (the
 * window in stored time) and @storedNow:
 *
 * - sql_sessions: the sessions started in the window, with their uptime (to now while open), busy
 *   and idle time, cost (DBU cost + VM cost, cents × 10,000), busy cost and idle cost (the cost × the
 *   busy or idle share of the uptime; a session with no uptime is all busy) and the next session of
 *   the same warehouse (a query belongs to the latest session that started at or before it);
 *   (materialized: read once, then joined as the outer loop);
 * - sql_shares: per session and user, the query run time (ms) of the user's queries in it, and
 *   sql_attributed: per user, the busy cost of each session split by those shares. A session no
 *   query ran in attributes nothing: its whole cost is idle (unattributed), as is every idle time.
 */

const DAY = 86_400_000

export const SQL_SESSIONS = `sql_sessions AS MATERIALIZED (
  SELECT s.id, s.warehouse, s.start_time, s.dbus_e4,
    up, MIN(s.busy_ms, up) AS busy_ms, up - MIN(s.busy_ms, up) AS idle_ms,
    s.dbu_cost_e4 + s.vm_cost_e4 AS cost_e4,
    CASE WHEN up > 0 THEN (s.dbu_cost_e4 + s.vm_cost_e4) * MIN(s.busy_ms, up) * 1.0 / up
         ELSE s.dbu_cost_e4 + s.vm_cost_e4 END AS busy_cost_e4,
    (SELECT MIN(n.start_time) FROM db_warehouse_sessions n
      WHERE n.warehouse = s.warehouse AND n.start_time > s.start_time) AS next_start
  FROM (SELECT *, MAX(0, COALESCE(end_time, @storedNow) - start_time) AS up FROM db_warehouse_sessions
        WHERE start_time >= @start AND start_time < @end) s
)`

// CROSS JOIN keeps the sessions outside: each reads its own queries from db_sql_queries_session
// (warehouse, start_time range), never every query against every session.
export const SQL_SHARES = `sql_shares AS (
  SELECT s.id AS session, q.principal, SUM(q.duration) AS run_ms
  FROM sql_sessions s CROSS JOIN db_sql_queries q INDEXED BY db_sql_queries_session
    ON q.warehouse = s.warehouse AND q.start_time >= s.start_time
   AND q.start_time < COALESCE(s.next_start, 9007199254740991)
  GROUP BY s.id, q.principal
), sql_session_run AS (
  SELECT session, SUM(run_ms) AS run_ms FROM sql_shares GROUP BY session
), sql_attributed AS (
  SELECT sh.principal, SUM(s.busy_cost_e4 * sh.run_ms * 1.0 / t.run_ms) AS cost_e4
  FROM sql_shares sh JOIN sql_session_run t ON t.session = sh.session JOIN sql_sessions s ON s.id = sh.session
  WHERE t.run_ms > 0
  GROUP BY sh.principal
)`

/** The unattributed cost: every session's cost less the busy cost of those a query ran in. */
export const SQL_IDLE_COST = `SELECT COALESCE(SUM(s.cost_e4 - CASE WHEN t.run_ms > 0 THEN s.busy_cost_e4 ELSE 0 END), 0)
  FROM sql_sessions s LEFT JOIN sql_session_run t ON t.session = s.id`

export interface SqlWindow {
  /** Real time (what the request gave and the answer says). */
  start: number
  end: number
  clock: DatabricksReadClock
  /** The named parameters every statement here binds: the window in stored time and now. */
  params: { start: number; end: number; storedNow: number; shift: number }
}

/** The window of a request: default the last 7 days to now, at most 90 days, start before end (else 400). */
export function sqlWindow(
  db: Parameters<typeof databricksReadClock>[0],
  query: { start_time?: string; end_time?: string },
  now: number,
): SqlWindow {
  const end = instant(query.end_time, 'end_time', 'querystring') ?? now
  const start =
    instant(query.start_time, 'start_time', 'querystring') ?? end - DATABRICKS_SQL_DEFAULT_DAYS * DAY
  if (start >= end) throw new HttpError(400, 'querystring/start_time must be before querystring/end_time')
  if (end - start > DATABRICKS_SQL_MAX_DAYS * DAY)
    throw new HttpError(
      400,
      `querystring/start_time: the window may span at most ${DATABRICKS_SQL_MAX_DAYS} days`,
    )
  const clock = databricksReadClock(db, now)
  return {
    start,
    end,
    clock,
    params: {
      start: start - clock.shift,
      end: end - clock.shift,
      storedNow: clock.storedNow,
      shift: clock.shift,
    },
  }
}

/** A comma-separated list parameter's values (at most 100), trimmed, without blanks. */
export function listParam(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .slice(0, 100)
}

/** `?, ?, …` for n values. */
export const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ')

/** LIKE text matching `search` anywhere, its wildcards taken literally (ESCAPE '\'). */
export const likeAnywhere = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

const HOUR = 3_600_000
export const hoursOf = (ms: number | null) => Math.round(((ms ?? 0) / HOUR) * 100) / 100
/**
 * USD from cents × 10,000, not rounded to the cent: the users' attributed costs and the idle cost
 * then add up to the warehouses' cost (a cent's rounding each would not); the screens round.
 */
export const usdOf = (e4: number | null) => Math.round(e4 ?? 0) / 1_000_000
/** DBUs to two decimals, from DBUs × 10,000. */
export const dbus2 = (e4: number | null) => Math.round((e4 ?? 0) / 100) / 100
