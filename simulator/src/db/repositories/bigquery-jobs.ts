import {
  BIGQUERY_DEFAULT_JOB_SORT,
  BIGQUERY_INSIGHT_KEYS,
  BIGQUERY_JOB_SORT_KEYS,
  BIGQUERY_MAX_WINDOW,
  BIGQUERY_PAGE_SIZE,
  BIGQUERY_PRICING_PLAN_KEYS,
  BIGQUERY_PRICING_PLANS,
  BIGQUERY_PRIORITIES,
  type BigQueryCostBasis,
  type BigQueryJobDetails,
  type BigQueryJobMetadata,
  type BigQueryJobMetadataQuery,
  type BigQueryJobRow,
  type BigQueryJobSearchBody,
  type BigQueryJobSearchResponse,
  type BigQueryJobSortKey,
  bigQueryInsightBit,
  bigQueryInsightKeysOf,
  formatBytes,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { renderBigQueryStatement } from '../seed/bigquery.ts'
import { appsTimeShift, instant } from './applications.ts'
import {
  codesOf,
  jobIdSql,
  jobIdWhere,
  labelCodeOf,
  readCodec,
  sourceTableCodes,
  tableName,
  tableRefs,
  type BigQueryCodec,
} from './bigquery-codes.ts'
import {
  filterSql,
  pageRowids,
  searchTotals,
  windowRead,
  type Bounds,
  type JobFilters,
} from './bigquery-job-pages.ts'
import { tallyWindow } from './bigquery-job-tallies.ts'
import { jobSavings } from './bigquery-savings.ts'
import { fromE4 } from './snowflake-common.ts'

/*
 * The BigQuery job list (E163), its metadata (E164) and a job's details (E167) over bq_jobs
 * (schema.sql). Times are stored as seeded and shown moved by appsTimeShift, like the applications
 * and the Snowflake queries: stored = shown − shift.
 */

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** The first preset of 03 §9. */
export const DEFAULT_JOB_WINDOW_MS = 12 * HOUR
export const MAX_JOB_WINDOW_DAYS = 366
/** The details' signature runs count the jobs of the last week. */
const SIGNATURE_RUNS_DAYS = 7
/** BigQuery's MB (2^20 bytes) and the on-demand minimum per query and per table referenced. */
const MIB = 2 ** 20
export const MINIMUM_BILLED_BYTES = 10 * MIB
export const USD_PER_TIB = 6.25

/** A window in shown time, [start, end] both included, and the read-time shift. */
export interface JobWindow {
  start: number
  end: number
  shift: number
}

/** startTime/endTime (ISO): default the 12 hours before now; reversed or over 366 days is a 400. */
export function jobWindow(
  db: Db,
  params: { startTime?: string; endTime?: string },
  now: number,
  location: 'body' | 'querystring',
): JobWindow {
  const end = instant(params.endTime, 'endTime', location, 'iso') ?? now
  const start = instant(params.startTime, 'startTime', location, 'iso') ?? end - DEFAULT_JOB_WINDOW_MS
  if (start > end) throw new HttpError(400, `${location}/startTime must not be after ${location}/endTime`)
  if (end - start > MAX_JOB_WINDOW_DAYS * DAY)
    throw new HttpError(
      400,
      `${location}: the window from startTime to endTime is at most ${MAX_JOB_WINDOW_DAYS} days`,
    )
  return { start, end, shift: appsTimeShift(db) }
}

/** A range of whole numbers; min above max is a 400; a fractional bound rounds inward. */
function bounds(
  min: number | undefined,
  max: number | undefined,
  names: [string, string],
): Bounds | undefined {
  if (min === undefined && max === undefined) return undefined
  if (min !== undefined && max !== undefined && min > max)
    throw new HttpError(400, `body/${names[0]} (${min}) must not be above body/${names[1]} (${max})`)
  return {
    min: min === undefined ? undefined : Math.ceil(min),
    max: max === undefined ? undefined : Math.floor(max),
  }
}

/** The label sets that carry any of the pairs (a job matches when it carries any pair asked). */
function labelSetsWithAny(codec: BigQueryCodec, tags: BigQueryJobSearchBody['tags'] = []): number[] {
  const wanted = new Set(tags.flatMap((t) => labelCodeOf(codec, t) ?? []))
  const sets: number[] = []
  for (const [set, pairs] of codec.labelSets)
    if (pairs.some((p) => wanted.has(labelCodeOf(codec, p)!))) sets.push(set)
  return sets
}

/**
 * The body's filters in codes. The running list ignores the window, users, statuses and ranges
 * (03 §4) and keeps the running and pending jobs; the inefficient list keeps jobs with an insight
 * (of `insights` when given). Insights filter only the inefficient list ("Inefficient lists use the
 * insights filter", 03 §4): the other lists start with every insight selected and would otherwise
 * hide every job without one.
 */
function jobFilters(
  codec: BigQueryCodec,
  body: Omit<BigQueryJobSearchBody, 'page' | 'pageSize' | 'sort' | 'id'>,
  window: JobWindow,
): JobFilters {
  const running = body.filterType === 'running'
  const inefficient = body.filterType === 'inefficient'
  const insightMask =
    inefficient && body.insights?.length
      ? body.insights.reduce((mask, key) => mask | bigQueryInsightBit(key), 0)
      : undefined
  return {
    range: running ? undefined : { from: window.start - window.shift, to: window.end - window.shift + 1 },
    running,
    projects: body.projectId?.length ? codesOf(body.projectId, codec.projectCode) : undefined,
    types: body.type?.length ? body.type : undefined,
    principals: !running && body.userName?.length ? codesOf(body.userName, codec.principalCode) : undefined,
    statuses: running ? ['R', 'W'] : body.status?.length ? body.status : undefined,
    labelSets: body.tags?.length ? labelSetsWithAny(codec, body.tags) : undefined,
    pricing: body.pricing?.length
      ? body.pricing.map((p) => BIGQUERY_PRICING_PLAN_KEYS.indexOf(p))
      : undefined,
    insightMask,
    inefficient,
    duration: running
      ? undefined
      : bounds(body.minDuration, body.maxDuration, ['minDuration', 'maxDuration']),
    slotMs: running ? undefined : bounds(body.minSlotMs, body.maxSlotMs, ['minSlotMs', 'maxSlotMs']),
    billedBytes: running
      ? undefined
      : bounds(body.minBilledBytes, body.maxBilledBytes, ['minBilledBytes', 'maxBilledBytes']),
    signature: body.signature || undefined,
    showUnravelJobs: body.showUnravelJobs === true,
  }
}

/** `key-direction`, split on the last dash; 400 for an unknown key or direction. */
export function parseJobSort(sort: string): { key: BigQueryJobSortKey; dir: 'ASC' | 'DESC' } {
  const dash = sort.lastIndexOf('-')
  const key = sort.slice(0, dash) as BigQueryJobSortKey
  const dir = sort.slice(dash + 1).toLowerCase()
  if (dash < 0 || !BIGQUERY_JOB_SORT_KEYS.includes(key))
    throw new HttpError(
      400,
      `body/sort "${sort}" has an unknown key: use key-direction with one of ${BIGQUERY_JOB_SORT_KEYS.join(', ')}`,
    )
  if (dir !== 'asc' && dir !== 'desc')
    throw new HttpError(400, `body/sort "${sort}" has an unknown direction: use asc or desc`)
  return { key, dir: dir === 'asc' ? 'ASC' : 'DESC' }
}

/** A stored job with its statement: what a row and the details read. */
interface StoredJob {
  rid: number
  id: string
  project: number
  principal: number
  reservation: number | null
  literal_seed: number
  label_set: number | null
  job_type: BigQueryJobRow['type']
  status: BigQueryJobRow['status']
  error_message: string | null
  priority: number
  pricing: number
  cache_hit: number
  executed_by_unravel: number
  create_time: number
  start_time: number | null
  end_time: number | null
  duration: number
  bytes_processed: number
  bytes_billed: number
  bytes_scanned: number
  slot_ms: number
  cost_e4: number
  rows_affected: number
  records_read: number
  records_written: number
  shuffle_bytes: number
  spilled_bytes: number
  wait_avg_ms: number
  wait_max_ms: number
  read_avg_ms: number
  read_max_ms: number
  compute_avg_ms: number
  compute_max_ms: number
  write_avg_ms: number
  write_max_ms: number
  destination_file_count: number
  insight_mask: number
  insight_count: number
  statement_type: string
  template: string
  signature: string
  source_tables: string
  destination_table: number | null
  destination_uri: string | null
}

const JOB_COLUMNS = `j.rowid AS rid, j.*, ${jobIdSql('j')} AS id, s.statement_type, s.template, s.signature, s.source_tables,
  s.destination_table, s.destination_uri`
const JOB_JOIN = 'JOIN bq_statements s ON s.id = j.statement_id'

const isoAt = (storedMs: number, shift: number) => new Date(storedMs + shift).toISOString()

/** The tables named by the jobs' statements, read once for a page. */
function tablesOf(db: Db, jobs: readonly StoredJob[]) {
  const codes = new Set<number>()
  for (const j of jobs) {
    for (const c of sourceTableCodes(j.source_tables)) codes.add(c)
    if (j.destination_table !== null) codes.add(j.destination_table)
  }
  if (!codes.size) return new Map<number, { project: number; dataset: string; table_name: string }>()
  const rows = db
    .prepare(
      'SELECT code, project, dataset, table_name FROM bq_tables WHERE code IN (SELECT value FROM json_each(?))',
    )
    .all(JSON.stringify([...codes])) as {
    code: number
    project: number
    dataset: string
    table_name: string
  }[]
  return new Map(rows.map((t) => [t.code, t]))
}

function toRow(
  j: StoredJob,
  codec: BigQueryCodec,
  tables: ReturnType<typeof tablesOf>,
  shift: number,
  now: number,
): BigQueryJobRow {
  const created = isoAt(j.create_time, shift)
  const text = renderBigQueryStatement(j.template, j.literal_seed)
  const destination = j.destination_table === null ? undefined : tables.get(j.destination_table)
  const project = codec.projects.get(j.project)
  return {
    id: j.id,
    projectId: project?.projectId ?? '',
    statement: { short: text.slice(0, 200), full: text },
    statementType: j.statement_type,
    insights: { count: j.insight_count },
    type: j.job_type,
    status: j.status,
    errorMessage: j.error_message ?? '',
    billingType: billingTypeOf(j),
    pricingPlan: BIGQUERY_PRICING_PLAN_KEYS[j.pricing] ?? 'ON_DEMAND',
    reservation:
      j.reservation === null ? null : (codec.reservations.get(j.reservation)?.reservationId ?? null),
    cost: fromE4(j.cost_e4),
    billedBytes: j.bytes_billed,
    bytesProcessed: j.bytes_processed,
    bytesScanned: j.bytes_scanned,
    slotMs: j.slot_ms,
    cacheHit: j.cache_hit === 1,
    userName: codec.principals.get(j.principal)?.email ?? '',
    createTime: created,
    startTime: j.start_time === null ? null : isoAt(j.start_time, shift),
    endTime: j.end_time === null ? null : isoAt(j.end_time, shift),
    // A job not yet ended has run from its creation until now.
    duration: j.end_time === null ? Math.max(0, now - (j.create_time + shift)) : j.duration,
    priority: BIGQUERY_PRIORITIES[j.priority] ?? 'INTERACTIVE',
    location: project?.location ?? '',
    rowsAffected: j.rows_affected,
    bytes: { shuffled: j.shuffle_bytes, spilledToDisk: j.spilled_bytes },
    records: { read: j.records_read, written: j.records_written },
    waitTime: { avg: j.wait_avg_ms, max: j.wait_max_ms },
    readTime: { avg: j.read_avg_ms, max: j.read_max_ms },
    computeTime: { avg: j.compute_avg_ms, max: j.compute_max_ms },
    writeTime: { avg: j.write_avg_ms, max: j.write_max_ms },
    tags: j.label_set === null ? [] : (codec.labelSets.get(j.label_set) ?? []),
    dataset: destination
      ? `${codec.projects.get(destination.project)?.projectId ?? '?'}.${destination.dataset}`
      : null,
    dataSources: sourceTableCodes(j.source_tables).flatMap((c) => {
      const t = tables.get(c)
      return t ? [tableName(codec, t)] : []
    }),
    destinationUri: j.destination_uri,
    destinationFileCount: j.destination_file_count,
    signature: j.signature,
    executedByUnravel: j.executed_by_unravel === 1,
  }
}

/** Cache hits and failed jobs are free (DOMAIN.md §2); else bytes on demand, slot time in a reservation. */
function billingTypeOf(j: Pick<StoredJob, 'cache_hit' | 'status' | 'pricing' | 'cost_e4'>) {
  if (j.cache_hit === 1 || j.status === 'F') return 'NOT_BILLED' as const
  return j.pricing === 0 ? ('BYTES_BILLED' as const) : ('SLOT_TIME' as const)
}

/** The rows of some jobs by rowid, in the order given. */
function jobsByRowid(db: Db, rids: readonly number[]): StoredJob[] {
  const byRid = new Map(
    (
      db
        .prepare(
          `SELECT ${JOB_COLUMNS} FROM bq_jobs j ${JOB_JOIN} WHERE j.rowid IN (SELECT value FROM json_each(?))`,
        )
        .all(JSON.stringify(rids)) as StoredJob[]
    ).map((j) => [j.rid, j]),
  )
  return rids.map((rid) => byRid.get(rid)!)
}

/** E163: a page of the jobs that match (or the one with the id), and the totals of all that match. */
export function searchJobs(db: Db, body: BigQueryJobSearchBody, now: number): BigQueryJobSearchResponse {
  const page = body.page ?? 1
  const pageSize = body.pageSize ?? BIGQUERY_PAGE_SIZE
  if (page * pageSize > BIGQUERY_MAX_WINDOW)
    throw new HttpError(
      400,
      `Results are limited to ${BIGQUERY_MAX_WINDOW} jobs: page × pageSize must be at most ${BIGQUERY_MAX_WINDOW}`,
    )
  const { key, dir } = parseJobSort(body.sort ?? BIGQUERY_DEFAULT_JOB_SORT)
  const codec = readCodec(db)
  // A job id overrides every other filter: the window and the filters are not even read.
  if (body.id !== undefined) {
    const shift = appsTimeShift(db)
    const byId = jobIdWhere('j', body.id)
    const found = db
      .prepare(`SELECT ${JOB_COLUMNS} FROM bq_jobs j ${JOB_JOIN} WHERE ${byId.sql}`)
      .get(...byId.params) as StoredJob | undefined
    const results = found && page === 1 ? [toRow(found, codec, tablesOf(db, [found]), shift, now)] : []
    return {
      total: found ? 1 : 0,
      page,
      pageSize,
      totals: {
        cost: found ? fromE4(found.cost_e4) : 0,
        billedBytes: found?.bytes_billed ?? 0,
        slotMs: found?.slot_ms ?? 0,
      },
      results,
    }
  }
  const window = jobWindow(db, body, now, 'body')
  const f = jobFilters(codec, body, window)
  const t = searchTotals(db, f)
  const totals = { cost: fromE4(t.cost), billedBytes: t.bytes, slotMs: t.slot }
  const offset = (page - 1) * pageSize
  if (offset >= t.n) return { total: t.n, page, pageSize, totals, results: [] }
  // Only the page's rows are then read from the table.
  const rids = pageRowids(db, f, { key, dir, offset, pageSize, total: t.n })
  const jobs = jobsByRowid(db, rids)
  const tables = tablesOf(db, jobs)
  return {
    total: t.n,
    page,
    pageSize,
    totals,
    results: jobs.map((j) => toRow(j, codec, tables, window.shift, now)),
  }
}

/** Options with their counts, most first (then by name); `keepZero` lists every option given. */
function options<K extends string>(counts: Map<string, number>, key: K, keepZero = false) {
  return [...counts]
    .filter(([, n]) => keepZero || n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([value, count]) => ({ [key]: value, count }) as Record<K, string> & { count: number })
}

const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n)

/**
 * E164: every option of the list's filters with its count of jobs in the window (of the list type:
 * running ignores the window; inefficient counts jobs with an insight), most first; every insight
 * and pricing plan even at 0, since both filters start with every option selected; and the ranges
 * of duration, slot-ms and bytes billed.
 */
export function jobMetadata(db: Db, query: BigQueryJobMetadataQuery, now: number): BigQueryJobMetadata {
  const window = jobWindow(db, query, now, 'querystring')
  const codec = readCodec(db)
  const f = jobFilters(
    codec,
    { filterType: query.filterType, showUnravelJobs: query.showUnravelJobs },
    window,
  )
  // Whole days from the day tallies, the window's edges counted (bigquery-job-tallies.ts).
  const variant = `${f.inefficient ? 'inefficient' : 'all'}:${f.showUnravelJobs ? 'own' : ''}`
  const daysWhere = [f.showUnravelJobs ? '' : 'unravel = 0', f.inefficient ? 'insight_mask != 0' : '']
  const t = tallyWindow(
    db,
    windowRead(f),
    f.range,
    variant,
    (range) => filterSql(db, { ...f, range }),
    daysWhere.filter(Boolean).join(' AND '),
  )
  const { duration, slotMs, billedBytes } = t
  const projects = new Map<string, number>()
  const users = new Map<string, number>()
  const insights = new Map<string, number>(BIGQUERY_INSIGHT_KEYS.map((k) => [k, 0]))
  const pricing = new Map<string, number>(BIGQUERY_PRICING_PLAN_KEYS.map((k) => [k, 0]))
  const tags = new Map<string, Map<string, number>>()
  for (const [code, n] of t.projects) add(projects, codec.projects.get(code)?.projectId ?? '', n)
  for (const [code, n] of t.principals) add(users, codec.principals.get(code)?.email ?? '', n)
  for (const [plan, n] of t.pricing) add(pricing, BIGQUERY_PRICING_PLAN_KEYS[plan] ?? 'ON_DEMAND', n)
  for (const [mask, n] of t.masks) for (const key of bigQueryInsightKeysOf(mask)) add(insights, key, n)
  for (const [set, n] of t.labelSets)
    for (const tag of codec.labelSets.get(set) ?? [])
      add(tags.get(tag.key) ?? tags.set(tag.key, new Map()).get(tag.key)!, tag.value, n)
  const types = t.types
  const statuses = t.statuses
  const closed = (r: { min: number; max: number }) => (r.min === Infinity ? { min: 0, max: 0 } : r)
  return {
    projects: options(projects, 'projectId'),
    users: options(users, 'userName'),
    types: options(types, 'type'),
    statuses: options(statuses, 'status'),
    insights: options(insights, 'name', true),
    pricing: options(pricing, 'pricing', true),
    tags: [...tags]
      .map(([key, values]) => ({
        key,
        values: options(values, 'value'),
        n: [...values.values()].reduce((a, b) => a + b, 0),
      }))
      .sort((a, b) => b.n - a.n || a.key.localeCompare(b.key))
      .map(({ key, values }) => ({ key, values })),
    duration: closed(duration),
    slotMs: closed(slotMs),
    billedBytes: closed(billedBytes),
  }
}

const usd = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`

/** How the job's cost was computed, in numbers and in the sentence the details page shows. */
function costBasisOf(j: StoredJob, codec: BigQueryCodec, tablesReferenced: number): BigQueryCostBasis {
  const billingType = billingTypeOf(j)
  const cost = fromE4(j.cost_e4)
  if (billingType === 'NOT_BILLED')
    return {
      billingType,
      usdPerTiB: null,
      usdPerSlotHour: null,
      minimumApplied: false,
      text:
        j.status === 'F'
          ? 'Not billed: failed jobs are free.'
          : 'Not billed: the result came from the cache, and cache hits are free.',
    }
  if (billingType === 'BYTES_BILLED') {
    const minimum = MINIMUM_BILLED_BYTES * Math.max(1, tablesReferenced)
    const minimumApplied = j.bytes_processed < minimum && j.bytes_billed >= minimum
    return {
      billingType,
      usdPerTiB: USD_PER_TIB,
      usdPerSlotHour: null,
      minimumApplied,
      text:
        // The bytes in the unit every other byte figure of the console uses (binary, as BigQuery bills).
        `On demand: ${formatBytes(j.bytes_billed)} billed at $${USD_PER_TIB} per TiB = ${usd(cost)}` +
        (minimumApplied
          ? ` (the 10 MB minimum per query and per table referenced applied: ${Math.max(1, tablesReferenced)} × 10 MB).`
          : '.'),
    }
  }
  const rate = j.reservation === null ? null : (codec.reservations.get(j.reservation)?.usdPerSlotHour ?? null)
  const hours = (j.slot_ms / HOUR).toLocaleString('en-US', { maximumFractionDigits: 4 })
  const plan = BIGQUERY_PRICING_PLANS[BIGQUERY_PRICING_PLAN_KEYS[j.pricing] ?? 'STANDARD']
  return {
    billingType,
    usdPerTiB: null,
    usdPerSlotHour: rate,
    minimumApplied: false,
    text: `${plan}: ${hours} slot-hours at $${rate ?? 0} per slot-hour = ${usd(cost)}.`,
  }
}

/** E167: the job's row, cost basis, reservation, insights and tables; 404 when no job has the id. */
export function jobDetails(db: Db, jobId: string, now: number): BigQueryJobDetails {
  const byId = jobIdWhere('j', jobId)
  const j = db
    .prepare(`SELECT ${JOB_COLUMNS} FROM bq_jobs j ${JOB_JOIN} WHERE ${byId.sql}`)
    .get(...byId.params) as StoredJob | undefined
  if (!j) throw new HttpError(404, `BigQuery job ${jobId} not found.`)
  const codec = readCodec(db)
  const shift = appsTimeShift(db)
  const read = sourceTableCodes(j.source_tables)
  const { insights, total } = jobSavings(j.insight_mask, fromE4(j.cost_e4), {
    bytesProcessed: j.bytes_processed,
    bytesBilled: j.bytes_billed,
  })
  const signatureRuns = db
    .prepare(
      `SELECT count(*) FROM bq_jobs INDEXED BY bq_jobs_statement
        WHERE statement_id IN (SELECT id FROM bq_statements WHERE signature = ?)
          AND create_time > ? AND create_time <= ?`,
    )
    .pluck()
    .get(j.signature, now - shift - SIGNATURE_RUNS_DAYS * DAY, now - shift) as number
  return {
    job: toRow(j, codec, tablesOf(db, [j]), shift, now),
    costBasis: costBasisOf(j, codec, read.length),
    reservation: j.reservation === null ? null : (codec.reservations.get(j.reservation) ?? null),
    insights,
    totalSavingCents: total,
    tablesRead: tableRefs(db, codec, read),
    tablesWritten: tableRefs(db, codec, j.destination_table === null ? [] : [j.destination_table]),
    // The job itself counts, even when it ran before the last week.
    signatureRuns: Math.max(1, signatureRuns),
  }
}
