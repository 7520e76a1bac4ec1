import {
  DATABRICKS_TASK_TYPES,
  DATABRICKS_USAGE_SOURCES,
  databricksRunKey,
  type AppStatusCode,
  type DatabricksJobList,
  type DatabricksJobListBody,
  type DatabricksJobSearch,
  type DatabricksJobSortField,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { instant } from './applications.ts'
import { centsOf, databricksReadClock, dbusOf, finalRunFigures, usdOf } from './databricks-figures.ts'
import { CLUSTER_TYPE_OF_KIND } from './databricks-runs.ts'
import { RUNS_BY_ROWID, runRowidParams, runRowidsSql } from './databricks-run-window.ts'
import { rollupDays, runDaysUsable } from './databricks-runs-days.ts'
import { SqlParts } from './snowflake-common.ts'

/*
 * The Databricks jobs list (E017) and the pipelines list (E017 with taskType PIPELINE: the jobs with
 * a DLT pipeline task), and the runs list's job selector (E018). A job is listed when it has runs in
 * the window; its figures are those runs' (one pass over the window's rows, grouped by job), its
 * status and start time its latest run's.
 */

const DAY = 86_400_000
const DEFAULT_SPAN = 7 * DAY
const MAX_SPAN = 366 * DAY

/** What the plan limits read of a jobs list: its window. */
export function jobListWindow(body: DatabricksJobListBody, now: number): { start: number; end: number } {
  const end = instant(body.end_time, 'end_time') ?? now
  const start = instant(body.start_time, 'start_time') ?? end - DEFAULT_SPAN
  return { start, end }
}

/** Sort fields to the column of the grouped rows; only these reach the SQL. */
const SORT_COLUMNS: Record<DatabricksJobSortField, string> = {
  startTime: 'g.last_start',
  jobName: 'j.job_name',
  runCount: 'g.n',
  duration: 'g.duration',
  dbuCost: 'g.dbu_cost_e4',
  cents: 'g.vm_cost_e4',
  dbus: 'g.dbus_e4',
  totalCost: '(g.dbu_cost_e4 + g.vm_cost_e4)',
  user: 'p.name',
  workSpace: 'w.workspace_name',
}

interface JobDbRow {
  job_id: number
  job_name: string
  status: AppStatusCode
  workspace_id: string
  workspace_name: string
  owner: string
  last_start: number
  last_run: number
  n: number
  duration: number
  dbus_e4: number
  dbu_cost_e4: number
  vm_cost_e4: number
  schedule: string | null
  compute_kind: number
  total: number
}

/** E017: the jobs with runs in the window, one page in the asked order (default latest run first). */
export function listJobs(db: Db, body: DatabricksJobListBody, now: number): DatabricksJobList {
  const window = jobListWindow(body, now)
  if (window.start > window.end) throw new HttpError(400, 'body/start_time must not be after body/end_time')
  if (window.end - window.start > MAX_SPAN)
    throw new HttpError(400, 'body/start_time: the window may span at most 366 days')
  const { shift, storedNow } = databricksReadClock(db, now)
  const sql = new SqlParts()
  sql.params.storedNow = storedNow
  sql.params.from = window.start - shift
  sql.params.to = window.end - shift
  if (body.status) sql.inList('g.status', body.status)
  if (body.workspace) sql.inList('w.workspace_name', body.workspace)
  const search = body.search?.trim()
  if (search) {
    const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    sql.clauses.push(
      `(lower(j.job_name) LIKE ${sql.param(like)} ESCAPE '\\' OR CAST(j.job_id AS TEXT) = ${sql.param(search)})`,
    )
  }
  if (body.taskType)
    sql.clauses.push(
      `EXISTS (SELECT 1 FROM db_job_tasks t WHERE t.job = j.code AND t.task_type = ${DATABRICKS_TASK_TYPES.indexOf(body.taskType)})`,
    )
  const dir = body.order === 'asc' ? 'ASC' : 'DESC'
  const key = body.sort ?? 'startTime'
  const from = body.from ?? 0
  const size = body.size ?? 15
  const days = runDaysUsable(db)
    ? rollupDays(db, sql.params.from as number, sql.params.to as number, storedNow)
    : undefined
  if (days) Object.assign(sql.params, { first: days.first, end: days.end })
  Object.assign(sql.params, jobGroupRowids(db, sql.params as { from: number; to: number }, days))
  const rows = cachedStatement(
    db,
    `WITH ${jobGroups(days !== undefined)}
     SELECT j.job_id, j.job_name, g.status, w.workspace_id, w.workspace_name, p.name AS owner, g.last_start,
            g.last_run, g.n, g.duration, g.dbus_e4, g.dbu_cost_e4, g.vm_cost_e4, j.schedule, j.compute_kind,
            count(*) OVER () AS total
       FROM g JOIN db_jobs j ON j.code = g.job JOIN db_workspaces w ON w.code = j.workspace
       JOIN db_principals p ON p.code = j.owner
      ${sql.where('WHERE')}
      ORDER BY ${SORT_COLUMNS[key]} ${dir}, g.last_start ${dir}, j.code ${dir}
      LIMIT ${size} OFFSET ${from}`,
  ).all(sql.params) as JobDbRow[]
  return {
    totalRecords: rows[0]?.total ?? (from > 0 ? countJobs(db, sql, days !== undefined) : 0),
    results: rows.map((row) => ({
      jobId: String(row.job_id),
      jobName: row.job_name,
      status: row.status,
      workSpace: row.workspace_name,
      workspaceId: row.workspace_id,
      user: row.owner,
      startTime: row.last_start + shift,
      runCount: row.n,
      duration: row.duration,
      dbuCost: usdOf(row.dbu_cost_e4),
      cents: centsOf(row.vm_cost_e4),
      dbus: dbusOf(row.dbus_e4),
      totalCost: usdOf(row.dbu_cost_e4 + row.vm_cost_e4),
      schedule: row.schedule,
      computeKind: CLUSTER_TYPE_OF_KIND[row.compute_kind] ?? 'db_job_cluster',
      latestRunKey: databricksRunKey(row.workspace_id, row.job_id, row.last_run),
    })),
  }
}

/** The count of a page past the end (no row carries the window count then). */
function countJobs(db: Db, sql: SqlParts, fromDays: boolean): number {
  return cachedStatement(
    db,
    `WITH ${jobGroups(fromDays)}
     SELECT count(*) FROM g JOIN db_jobs j ON j.code = g.job JOIN db_workspaces w ON w.code = j.workspace
       JOIN db_principals p ON p.code = j.owner ${sql.where('WHERE')}`,
  )
    .pluck()
    .get(sql.params) as number
}

/** The rowid ranges of the runs jobGroups reads: the window [@from, @to], or its edges around the days. */
function jobGroupRowids(
  db: Db,
  window: { from: number; to: number },
  days: { first: number; end: number } | undefined,
): Record<string, number> {
  if (!days) return runRowidParams(db, window.from, window.to + 1)
  return {
    ...runRowidParams(db, window.from, days.first, 'before'),
    ...runRowidParams(db, days.end, window.to + 1, 'after'),
  }
}

/**
 * The CTE `g`: each job with runs in [@from, @to] (stored), its runs, their total duration and final
 * DBUs and costs, and its latest run. `fromDays`: the whole billed days [@first, @end) come from the
 * usage rollup db_usage_days (its job-run rows; every run of those days is final, so its sums are the
 * final ones) and only the edges from the runs; otherwise every run is read.
 */
function jobGroups(fromDays: boolean): string {
  const f = finalRunFigures('r')
  const runs = (edge: string, where: string) =>
    `SELECT r.job AS source, 1 AS n, r.duration, ${f.dbusE4} AS dbus_e4, ${f.dbuCostE4} AS dbu_cost_e4,
            ${f.vmCostE4} AS vm_cost_e4
       FROM ${RUNS_BY_ROWID} WHERE ${runRowidsSql(edge)} AND ${where}`
  if (!fromDays)
    // The one max() makes SQLite take status and id from each job's latest run (its bare-column rule).
    return `g AS (
       SELECT r.job, max(r.start_time) AS last_start, r.status, r.id AS last_run, count(*) AS n,
              sum(r.duration) AS duration, sum(${f.dbusE4}) AS dbus_e4, sum(${f.dbuCostE4}) AS dbu_cost_e4,
              sum(${f.vmCostE4}) AS vm_cost_e4
         FROM ${RUNS_BY_ROWID}
        WHERE ${runRowidsSql()} AND r.start_time >= @from AND r.start_time <= @to
        GROUP BY r.job)`
  return `g0 AS (
       SELECT source AS job, sum(n) AS n, sum(duration) AS duration, sum(dbus_e4) AS dbus_e4,
              sum(dbu_cost_e4) AS dbu_cost_e4, sum(vm_cost_e4) AS vm_cost_e4
         FROM (SELECT source, n, duration, dbus_e4, dbu_cost_e4, vm_cost_e4 FROM db_usage_days
                WHERE day >= @first AND day < @end AND source_type = ${DATABRICKS_USAGE_SOURCES.indexOf('JOB_RUN')}
               UNION ALL ${runs('before', 'r.start_time >= @from AND r.start_time < @first')}
               UNION ALL ${runs('after', 'r.start_time >= @end AND r.start_time <= @to')})
        GROUP BY source),
     g AS (
       SELECT g0.*, l.start_time AS last_start, l.status, l.id AS last_run FROM g0 JOIN db_runs l
           ON l.id = (SELECT x.id FROM db_runs x INDEXED BY db_runs_job
                       WHERE x.job = g0.job AND x.start_time >= @from AND x.start_time <= @to
                       ORDER BY x.start_time DESC, x.id DESC LIMIT 1))`
}

/** E018: jobs whose name holds the text (or whose id it is), those run most recently first. */
export function searchJobNames(db: Db, body: { query?: string; size?: number }): DatabricksJobSearch {
  const text = body.query?.trim() ?? ''
  const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const rows = cachedStatement(
    db,
    `SELECT j.job_id, j.job_name, w.workspace_name
       FROM db_jobs j JOIN db_workspaces w ON w.code = j.workspace
      WHERE lower(j.job_name) LIKE @like ESCAPE '\\' OR CAST(j.job_id AS TEXT) = @text
      ORDER BY (SELECT max(start_time) FROM db_runs INDEXED BY db_runs_job WHERE job = j.code) DESC, j.code
      LIMIT @size`,
  ).all({ like, text, size: body.size ?? 20 }) as {
    job_id: number
    job_name: string
    workspace_name: string
  }[]
  return rows.map((r) => ({ jobId: String(r.job_id), jobName: r.job_name, workspace: r.workspace_name }))
}
