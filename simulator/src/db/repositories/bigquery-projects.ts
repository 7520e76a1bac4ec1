import {
  BIGQUERY_DEFAULT_PROJECT_SORT,
  BIGQUERY_MAX_WINDOW,
  BIGQUERY_PAGE_SIZE,
  BIGQUERY_PRICING_PLAN_KEYS,
  BIGQUERY_PROJECT_SORT_KEYS,
  type BigQueryPricingPlan,
  type BigQueryProjectList,
  type BigQueryProjectListQuery,
  type BigQueryProjectMetadata,
  type BigQueryProjectRow,
  type BigQueryProjectSortKey,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { appsTimeShift } from './applications.ts'
import { readCodec, type BigQueryCodec, type BigQueryProject } from './bigquery-codes.ts'
import { tallyWindow } from './bigquery-job-tallies.ts'
import { addJobsCreatedIn } from './bigquery-job-window.ts'
import { fromE4, SqlParts } from './snowflake-common.ts'

/*
 * The BigQuery project list (E165) and its filter options (E166). Tens of projects: their 30-day
 * figures are one grouped read of the jobs, and filters, sort and paging run over the projects.
 */

const DAY = 86_400_000
/** The project list's figures: 29 whole UTC days and today up to now (its state has no window). */
export const PROJECT_WINDOW_DAYS = 30
/** The reservation filter's value for projects without one. */
export const ON_DEMAND = 'on-demand'

const reservationIdOf = (codec: BigQueryCodec, p: BigQueryProject) =>
  p.reservation === null ? ON_DEMAND : (codec.reservations.get(p.reservation)?.reservationId ?? ON_DEMAND)

/** A project's plan: on demand, or its reservation's edition. */
function pricingPlanOf(codec: BigQueryCodec, p: BigQueryProject): BigQueryPricingPlan {
  const edition = p.reservation === null ? undefined : codec.reservations.get(p.reservation)?.edition
  return edition && BIGQUERY_PRICING_PLAN_KEYS.includes(edition) ? edition : 'ON_DEMAND'
}

function parseProjectSort(sort: string): { key: BigQueryProjectSortKey; desc: boolean } {
  const dash = sort.lastIndexOf('-')
  const key = sort.slice(0, dash) as BigQueryProjectSortKey
  const dir = sort.slice(dash + 1).toLowerCase()
  if (dash < 0 || !BIGQUERY_PROJECT_SORT_KEYS.includes(key))
    throw new HttpError(
      400,
      `querystring/sort "${sort}" has an unknown key: use key-direction with one of ${BIGQUERY_PROJECT_SORT_KEYS.join(', ')}`,
    )
  if (dir !== 'asc' && dir !== 'desc')
    throw new HttpError(400, `querystring/sort "${sort}" has an unknown direction: use asc or desc`)
  return { key, desc: dir === 'desc' }
}

const SORT_VALUE: Record<BigQueryProjectSortKey, (r: BigQueryProjectRow) => string | number> = {
  projectId: (r) => r.projectId,
  organization: (r) => r.organization,
  reservation: (r) => r.reservation?.reservationId ?? '',
  jobCount: (r) => r.jobCount,
  cost: (r) => r.cost,
  billedBytes: (r) => r.billedBytes,
  slotMs: (r) => r.slotMs,
}

/** E165: the projects with their last 30 days of jobs, filtered, sorted and paged. */
export function listProjects(db: Db, query: BigQueryProjectListQuery, now: number): BigQueryProjectList {
  const page = query.page ?? 1
  const pageSize = query.pageSize ?? BIGQUERY_PAGE_SIZE
  if (page * pageSize > BIGQUERY_MAX_WINDOW)
    throw new HttpError(
      400,
      `Results are limited to ${BIGQUERY_MAX_WINDOW} projects: page × pageSize must be at most ${BIGQUERY_MAX_WINDOW}`,
    )
  const { key, desc } = parseProjectSort(query.sort ?? BIGQUERY_DEFAULT_PROJECT_SORT)
  const codec = readCodec(db)
  const shift = appsTimeShift(db)
  const start = Math.floor(now / DAY) * DAY - (PROJECT_WINDOW_DAYS - 1) * DAY
  // Every job but costlens' own, the whole days from the day tallies (bigquery-job-tallies.ts).
  const range = { from: start - shift, to: now - shift + 1 }
  const figures = tallyWindow(
    db,
    'NOT INDEXED', // the window's rowid range (bigquery-job-window.ts)
    range,
    'all:',
    (r) => {
      const sql = new SqlParts()
      addJobsCreatedIn(sql, db, r!)
      sql.clauses.push('executed_by_unravel = 0')
      return sql
    },
    'unravel = 0',
  )
  const rows: BigQueryProjectRow[] = [...codec.projects.values()]
    .filter((p) => query.organization === undefined || p.organization === query.organization)
    .filter((p) => query.reservation === undefined || reservationIdOf(codec, p) === query.reservation)
    .map((p) => {
      const f = figures.projectSums.get(p.code)
      return {
        projectId: p.projectId,
        projectName: p.projectName,
        projectNumber: p.projectNumber,
        organization: p.organization,
        location: p.location,
        pricingPlan: pricingPlanOf(codec, p),
        reservation: p.reservation === null ? null : (codec.reservations.get(p.reservation) ?? null),
        jobCount: figures.projects.get(p.code) ?? 0,
        cost: fromE4(f?.costE4 ?? 0),
        billedBytes: f?.billedBytes ?? 0,
        slotMs: f?.slotMs ?? 0,
        inefficientJobCount: f?.inefficient ?? 0,
      }
    })
  const value = SORT_VALUE[key]
  rows.sort((a, b) => {
    const x = value(a)
    const y = value(b)
    const order = typeof x === 'number' ? x - (y as number) : x.localeCompare(y as string)
    return (desc ? -order : order) || a.projectId.localeCompare(b.projectId)
  })
  return {
    total: rows.length,
    page,
    pageSize,
    startTime: new Date(start).toISOString(),
    endTime: new Date(now).toISOString(),
    results: rows.slice((page - 1) * pageSize, page * pageSize),
  }
}

/** E166: the organizations and reservations (with 'on-demand') with their project counts, most first. */
export function projectMetadata(db: Db): BigQueryProjectMetadata {
  const codec = readCodec(db)
  const organizations = new Map<string, number>()
  const reservations = new Map<string, number>()
  for (const p of codec.projects.values()) {
    organizations.set(p.organization, (organizations.get(p.organization) ?? 0) + 1)
    const id = reservationIdOf(codec, p)
    reservations.set(id, (reservations.get(id) ?? 0) + 1)
  }
  const mostFirst = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
  return {
    organizations: mostFirst(organizations).map(([organization, count]) => ({ organization, count })),
    reservations: mostFirst(reservations).map(([reservationId, count]) => ({ reservationId, count })),
  }
}
