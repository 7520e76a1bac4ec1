import type { ChargebackGroupKey, FinishedAppsQuery, FinishedAppsResponse } from '@costlens/shared'
import { TAG_GROUP_PREFIX } from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { renderBigQueryStatement } from '../seed/bigquery.ts'
import { appsTimeShift } from './applications.ts'
import { jobIdSql } from './bigquery-codes.ts'
import { jobsCreatedIn } from './bigquery-job-window.ts'

/*
 * The BigQuery chargeback (bqcb, E046) and the finished BigQuery jobs (fbqapps, E022) read the jobs
 * of bq_jobs (issue 19), the same jobs the BigQuery job list and cost pages show, so they agree:
 * the count, bytes billed and cost in cents of a window are the jobs' own. Users are the jobs'
 * principals (user emails and service accounts), a queue is a project, tags are labels and the one
 * application type is 'bigquery'. Times are stored as seeded and move at read time by
 * appsTimeShift (time-columns.ts APP_TIME_COLUMNS), as the applications'.
 */

const DAY = 86_400_000
/** The application type BigQuery jobs are in the chargeback and the finished list. */
export const BIGQUERY_KIND = 'bigquery'

/**
 * A chargeback group on the jobs: the code column it groups on in SQL (over `a`, bq_jobs or
 * bq_job_days, same columns) and the name of a code. Grouping on the small integer codes and naming
 * the groups after reads no text per row (a 30-day window at the large scale: about 70,000 day rows).
 */
function grouping(db: Db, key: string): { column: string; name: (code: number | null) => string } {
  const named = (sql: string, ...params: unknown[]) => {
    const names = new Map(
      (
        db
          .prepare(sql)
          .raw()
          .all(...params) as [number, string][]
      ).map(([code, name]) => [code, name]),
    )
    return (code: number | null) => (code === null ? '' : (names.get(code) ?? ''))
  }
  if (key.startsWith(TAG_GROUP_PREFIX))
    // A label set holds one value per key; a job without the key (or without labels) groups as ''.
    return {
      column: 'a.label_set',
      name: named(
        'SELECT s.code, l.value FROM bq_label_sets s JOIN bq_labels l ON l.code = s.label WHERE l.key = ?',
        key.slice(TAG_GROUP_PREFIX.length),
      ),
    }
  const principal = { column: 'a.principal', name: named('SELECT code, email FROM bq_principals') }
  const kind = { column: '0', name: () => BIGQUERY_KIND }
  const columns: Record<ChargebackGroupKey, () => { column: string; name: (code: number | null) => string }> =
    {
      appt: () => kind,
      appType: () => kind,
      user: () => principal,
      realuser: () => principal,
      queue: () => ({ column: 'a.project', name: named('SELECT code, project_id FROM bq_projects') }),
    }
  return columns[key as ChargebackGroupKey]()
}

/** A piece of a seeded window and where it is read from: its table and job count. */
export interface BigQueryWindowPiece {
  table: 'bq_jobs' | 'bq_job_days'
  count: 'count(*)' | 'sum(a.n)'
  from: number
  to: number
}

/**
 * The pieces a seeded window [from, to) is read from, so that every BigQuery sum (bqcb, the cost
 * pages) cuts it the same way: its whole seeded UTC days from bq_job_days, the partial days at its
 * edges from bq_jobs (their rowid ranges, bigquery-job-window.ts); empty pieces left out.
 */
export function bigQueryWindowPieces(window: { from: number; to: number }): BigQueryWindowPiece[] {
  const jobs = (from: number, to: number): BigQueryWindowPiece => ({
    table: 'bq_jobs',
    count: 'count(*)',
    from,
    to,
  })
  const firstDay = Math.ceil(window.from / DAY) * DAY
  const lastDay = Math.floor(window.to / DAY) * DAY
  const pieces =
    firstDay >= lastDay
      ? [jobs(window.from, window.to)]
      : [
          jobs(window.from, firstDay),
          { table: 'bq_job_days', count: 'sum(a.n)', from: firstDay, to: lastDay } as const,
          jobs(lastDay, window.to),
        ]
  return pieces.filter((p) => p.from < p.to)
}

/**
 * A piece as the parts of a query over it, aliased `a` (bq_jobs and bq_job_days have the same
 * columns): the FROM item, its clauses and their parameters.
 */
export function pieceSource(
  db: Db,
  piece: BigQueryWindowPiece,
): { table: string; where: string; params: Record<string, number> } {
  if (piece.table === 'bq_jobs') return jobsCreatedIn(db, piece, 'a')
  return {
    table: 'bq_job_days a',
    where: 'a.day >= @dayFrom AND a.day < @dayTo',
    params: { dayFrom: piece.from, dayTo: piece.to },
  }
}

interface GroupedUsage {
  v1: string
  v2: string
  count: number
  vs: number
  ms: number
  io: number
  cents: number
}

/** A group's usage as SQL gives it: the codes of its groups, named before summing. */
type CodedUsage = Omit<GroupedUsage, 'v1' | 'v2'> & { v1: number | null; v2: number | null }

/**
 * The usage of the BigQuery jobs created in the seeded window [from, to), grouped by v1 (and v2):
 * whole seeded UTC days from bq_job_days, the partial days at the edges from bq_jobs. vs: slot
 * seconds; ms: 0 (BigQuery bills no memory); io: bytes billed; cents: the jobs' cost, to the cent.
 */
export function bigQueryChargebackUsage(
  db: Db,
  groups: readonly string[],
  window: { from: number; to: number },
  filters: { project?: string; tags: Map<string, string[]> },
): GroupedUsage[] {
  const params: Record<string, unknown> = {}
  const by = groups.map((g) => grouping(db, g))
  const grouped = `${by[0]?.column ?? 'NULL'} AS v1, ${by[1]?.column ?? 'NULL'} AS v2`
  const clauses: string[] = []
  if (filters.project !== undefined) {
    clauses.push('a.project = (SELECT code FROM bq_projects WHERE project_id = @project)')
    params.project = filters.project
  }
  let t = 0
  for (const [key, values] of filters.tags) {
    params[`tk${t}`] = key
    params[`tv${t}`] = JSON.stringify(values)
    clauses.push(
      `a.label_set IN (SELECT s.code FROM bq_label_sets s JOIN bq_labels l ON l.code = s.label
                        WHERE l.key = @tk${t} AND l.value IN (SELECT value FROM json_each(@tv${t})))`,
    )
    t++
  }
  const where = clauses.map((c) => ` AND ${c}`).join('')
  const usage = (piece: BigQueryWindowPiece) => {
    const source = pieceSource(db, piece)
    return db
      .prepare(
        `SELECT ${grouped}, ${piece.count} AS count, sum(a.slot_ms) AS vs, 0 AS ms, sum(a.bytes_billed) AS io,
                sum(a.cost_e4) AS cents
           FROM ${source.table} WHERE ${source.where}${where} GROUP BY v1, v2`,
      )
      .all({ ...params, ...source.params }) as CodedUsage[]
  }
  const parts = bigQueryWindowPieces(window).flatMap(usage)
  // Summed exactly (slot-ms, cents × 10,000) over the days and edges, then rounded once per group
  // to the whole slot-second and cent the chargeback's integers hold.
  const summed = new Map<string, GroupedUsage>()
  for (const part of parts) {
    const p = { ...part, v1: by[0]?.name(part.v1) ?? '', v2: by[1]?.name(part.v2) ?? '' }
    const key = JSON.stringify([p.v1, p.v2])
    const g = summed.get(key)
    if (!g) summed.set(key, p)
    else {
      g.count += p.count
      g.vs += p.vs
      g.io += p.io
      g.cents += p.cents
    }
  }
  return [...summed.values()].map((g) => ({
    ...g,
    vs: Math.round(g.vs / 1000),
    cents: Math.round(g.cents / 10_000),
  }))
}

/**
 * E151 for BigQuery users: the label keys and values of the jobs created in the seeded window
 * [start, end] (the tags bqcb groups and filters by), each key with its values, sorted.
 */
export function bigQueryLabelsSeenIn(
  db: Db,
  start: number,
  end: number,
): { key: string; values: string[] }[] {
  // The label sets of the window's jobs: whole days from bq_job_days, the edges from bq_jobs.
  const sets = new Set<number>()
  for (const piece of bigQueryWindowPieces({ from: start, to: end + 1 })) {
    const source = pieceSource(db, piece)
    const read = db
      .prepare(`SELECT DISTINCT a.label_set FROM ${source.table} WHERE ${source.where}`)
      .pluck()
      .all(source.params) as (number | null)[]
    for (const set of read) if (set !== null) sets.add(set)
  }
  const pairs = db
    .prepare(
      `SELECT DISTINCT l.key, l.value FROM bq_labels l JOIN bq_label_sets s ON s.label = l.code
        WHERE s.code IN (SELECT value FROM json_each(?)) ORDER BY l.key, l.value`,
    )
    .all(JSON.stringify([...sets])) as { key: string; value: string }[]
  const tags = new Map<string, string[]>()
  for (const p of pairs) tags.set(p.key, [...(tags.get(p.key) ?? []), p.value])
  return [...tags].map(([key, values]) => ({ key, values }))
}

const SORTS: Record<string, string> = {
  startTime: 'j.start_time',
  finishedTime: 'j.end_time',
  duration: 'j.duration',
  user: '(SELECT email FROM bq_principals WHERE code = j.principal)',
  queue: '(SELECT project_id FROM bq_projects WHERE code = j.project)',
  name: 'j.statement_id',
  status: 'j.status',
  id: jobIdSql('j'),
  cpuTime: 'j.slot_ms',
  totBytesBilled: 'j.bytes_billed',
  cents: 'j.cost_e4',
}

interface FinishedJobRow {
  id: string
  template: string
  literal_seed: number
  status: 'S' | 'F'
  email: string
  project_id: string
  start_time: number
  end_time: number
  duration: number
  slot_ms: number
  bytes_billed: number
  cost_e4: number
}

/**
 * E022 over bq_jobs: the BigQuery jobs (done: S or F) that ended in [start, end] of the shifted
 * times, on one project (a BIGQUERYV2 cluster) or all, with user (principal), queue (project) and
 * kind filters, sorted by a column, one page and the total. cpuTime is the slot time (ms),
 * totBytesBilled the bytes billed and cents the job's cost, as in the chargeback.
 */
export function finishedBigQueryJobs(
  db: Db,
  q: FinishedAppsQuery,
  window: { start: number; end: number },
  page: { field: string; desc: boolean; from: number; size: number },
  project: string | undefined,
): FinishedAppsResponse<'fbqapps'> {
  const shift = appsTimeShift(db)
  const params: Record<string, unknown> = { start: window.start - shift, end: window.end - shift }
  const clauses = ["j.status IN ('S', 'F')", 'j.end_time >= @start', 'j.end_time <= @end']
  const kinds = q.kind
    ?.split(',')
    .map((k) => k.trim())
    .filter(Boolean)
  if (kinds?.length && !kinds.includes(BIGQUERY_KIND)) return { hits: [], total: 0 }
  if (project !== undefined) {
    clauses.push('j.project = (SELECT code FROM bq_projects WHERE project_id = @project)')
    params.project = project
  }
  if (q.user !== undefined) {
    clauses.push('j.principal = (SELECT code FROM bq_principals WHERE email = @user)')
    params.user = q.user
  }
  if (q.queue !== undefined) {
    clauses.push('j.project = (SELECT code FROM bq_projects WHERE project_id = @queue)')
    params.queue = q.queue
  }
  const sort = SORTS[page.field]
  if (!sort) throw new HttpError(400, `querystring/sort: "${page.field}" is not a column of this table`)
  const where = clauses.join(' AND ')
  const total = db.prepare(`SELECT count(*) FROM bq_jobs j WHERE ${where}`).pluck().get(params) as number
  const direction = page.desc ? 'DESC' : 'ASC'
  const rows = db
    .prepare(
      `SELECT ${jobIdSql('j')} AS id, s.template, j.literal_seed, j.status, p.email, pr.project_id, j.start_time, j.end_time,
              j.duration, j.slot_ms, j.bytes_billed, j.cost_e4
         FROM (SELECT j.rowid AS rid FROM bq_jobs j WHERE ${where}
                ORDER BY ${sort} ${direction}, j.rowid ${direction} LIMIT @size OFFSET @from) page
         JOIN bq_jobs j ON j.rowid = page.rid
         JOIN bq_statements s ON s.id = j.statement_id
         JOIN bq_principals p ON p.code = j.principal
         JOIN bq_projects pr ON pr.code = j.project
        ORDER BY ${sort} ${direction}, j.rowid ${direction}`,
    )
    .all({ ...params, size: page.size, from: page.from }) as FinishedJobRow[]
  return {
    total,
    hits: rows.map((r) => ({
      id: r.id,
      name: renderBigQueryStatement(r.template, r.literal_seed).split('\n').join(' ').slice(0, 120),
      kind: BIGQUERY_KIND,
      status: r.status,
      user: r.email,
      queue: r.project_id,
      startTime: r.start_time + shift,
      finishedTime: r.end_time + shift,
      duration: r.duration,
      clusterUid: r.project_id,
      clusterId: r.project_id,
      cpuTime: r.slot_ms,
      totBytesBilled: r.bytes_billed,
      // Whole cents, as the contract and the chargeback hold them.
      cents: Math.round(r.cost_e4 / 10_000),
    })),
  }
}
