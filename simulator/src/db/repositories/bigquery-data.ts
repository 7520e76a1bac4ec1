import {
  BIGQUERY_DEFAULT_TABLE_SORT,
  BIGQUERY_MAX_WINDOW,
  BIGQUERY_PAGE_SIZE,
  BIGQUERY_TABLE_SORT_KEYS,
  bigQueryStorageCostE4,
  parseSortParam,
  type BigQueryDataTableRow,
  type BigQueryDatasetList,
  type BigQueryDatasetQuery,
  type BigQueryDatasetRow,
  type BigQueryStorageBillingModel,
  type BigQueryTableJob,
  type BigQueryTableJobList,
  type BigQueryTableJobsQuery,
  type BigQueryTableList,
  type BigQueryTableListQuery,
  type BigQueryTableSortKey,
  type BigQueryTableWindowQuery,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { appsTimeShift, instant } from './applications.ts'
import { jobIdSql, readCodec, sourceTableCodes, type BigQueryCodec } from './bigquery-codes.ts'
import { jobsCreatedIn } from './bigquery-job-window.ts'
import { readSetting } from './settings.ts'
import { fromE4 } from './snowflake-common.ts'
import { cachedStatement } from '../statement-cache.ts'

/*
 * The BigQuery /data page (R159; issue 19): tables with their storage (bq_tables, bq_table_storage)
 * and the jobs of a window that read them. A job reads the tables of its statement
 * (bq_statements.source_tables), so a window's reads are summed per statement, from the day rollup
 * bq_statement_days for whole seeded days and from bq_jobs for the window's edges, then spread over
 * the statements' tables: hundreds of tables and thousands of statements, never a million jobs.
 * Times are stored as seeded and shown moved by appsTimeShift: stored = shown − shift.
 */

const DAY = 86_400_000
/** The default window: 29 whole UTC days and today, like the project list's figures. */
export const DATA_WINDOW_DAYS = 30
const MAX_WINDOW_DAYS = 366

/** A window in shown time, [start, end] both included, and the read-time shift. */
interface DataWindow {
  start: number
  end: number
  shift: number
}

function dataWindow(db: Db, query: BigQueryTableWindowQuery, now: number): DataWindow {
  const end = instant(query.endTime, 'endTime', 'querystring', 'iso') ?? now
  const start =
    instant(query.startTime, 'startTime', 'querystring', 'iso') ??
    Math.floor(end / DAY) * DAY - (DATA_WINDOW_DAYS - 1) * DAY
  if (start > end) throw new HttpError(400, 'querystring/startTime must not be after querystring/endTime')
  if (end - start > MAX_WINDOW_DAYS * DAY)
    throw new HttpError(
      400,
      `querystring: the window from startTime to endTime is at most ${MAX_WINDOW_DAYS} days`,
    )
  return { start, end, shift: appsTimeShift(db) }
}

const iso = (ms: number) => new Date(ms).toISOString()

function checkPage(page: number, pageSize: number, what: string): void {
  if (page * pageSize > BIGQUERY_MAX_WINDOW)
    throw new HttpError(
      400,
      `Results are limited to ${BIGQUERY_MAX_WINDOW} ${what}: page × pageSize must be at most ${BIGQUERY_MAX_WINDOW}`,
    )
}

// ------------------------------------------------------------------------------------------ tables

/** A stored table with its storage; figures the seed has not written fall back to "all active, logical". */
interface StoredTable {
  code: number
  project: number
  projectId: string
  dataset: string
  table: string
  partitioned: boolean
  clustered: boolean
  rows: number
  billingModel: BigQueryStorageBillingModel
  logical: number
  activeLogical: number
  physical: number
  activePhysical: number
  partitionCount: number
  createdAt: number
  lastModified: number
}

const tableId = (t: Pick<StoredTable, 'projectId' | 'dataset' | 'table'>) =>
  `${t.projectId}.${t.dataset}.${t.table}`

function readTables(db: Db, codec: BigQueryCodec): StoredTable[] {
  const rows = db
    .prepare(
      `SELECT t.code, t.project, t.dataset, t.table_name, t.partitioned, t.clustered, t.storage_bytes,
              t.row_count, p.created_at AS project_created, s.billing_model, s.active_logical_bytes,
              s.physical_bytes, s.active_physical_bytes, s.partition_count, s.created_at, s.last_modified
         FROM bq_tables t JOIN bq_projects p ON p.code = t.project
         LEFT JOIN bq_table_storage s ON s.table_code = t.code`,
    )
    .all() as {
    code: number
    project: number
    dataset: string
    table_name: string
    partitioned: number
    clustered: number
    storage_bytes: number
    row_count: number
    project_created: number
    billing_model: BigQueryStorageBillingModel | null
    active_logical_bytes: number | null
    physical_bytes: number | null
    active_physical_bytes: number | null
    partition_count: number | null
    created_at: number | null
    last_modified: number | null
  }[]
  return rows.map((r) => ({
    code: r.code,
    project: r.project,
    projectId: codec.projects.get(r.project)?.projectId ?? '?',
    dataset: r.dataset,
    table: r.table_name,
    partitioned: r.partitioned === 1,
    clustered: r.clustered === 1,
    rows: r.row_count,
    billingModel: r.billing_model ?? 'LOGICAL',
    logical: r.storage_bytes,
    activeLogical: r.active_logical_bytes ?? r.storage_bytes,
    physical: r.physical_bytes ?? r.storage_bytes,
    activePhysical: r.active_physical_bytes ?? r.physical_bytes ?? r.storage_bytes,
    partitionCount: r.partition_count ?? 0,
    createdAt: r.created_at ?? r.project_created,
    lastModified: r.last_modified ?? r.project_created,
  }))
}

/** The storage figures of a table (StorageFigures of the contract), cost in cents a month. */
function storageOf(t: StoredTable) {
  const bytes = {
    activeLogicalBytes: t.activeLogical,
    longTermLogicalBytes: t.logical - t.activeLogical,
    activePhysicalBytes: t.activePhysical,
    longTermPhysicalBytes: t.physical - t.activePhysical,
  }
  return {
    logicalBytes: t.logical,
    ...bytes,
    physicalBytes: t.physical,
    storageCostE4: bigQueryStorageCostE4(bytes, t.billingModel),
  }
}

type Storage = ReturnType<typeof storageOf>

const noStorage = (): Storage => ({
  logicalBytes: 0,
  activeLogicalBytes: 0,
  longTermLogicalBytes: 0,
  physicalBytes: 0,
  activePhysicalBytes: 0,
  longTermPhysicalBytes: 0,
  storageCostE4: 0,
})

function addStorage(into: Storage, add: Storage): void {
  for (const key of Object.keys(into) as (keyof Storage)[]) into[key] += add[key]
}

const storageFields = ({ storageCostE4, ...bytes }: Storage) => ({
  ...bytes,
  storageCost: fromE4(storageCostE4),
})

// ------------------------------------------------------------------------------------------- reads

/** What the jobs of one statement (or of several, summed) did in a window. */
interface Reads {
  n: number
  bytesScanned: number
  costE4: number
  /** The latest creation, stored time; -Infinity when none. */
  last: number
}

const noReads = (): Reads => ({ n: 0, bytesScanned: 0, costE4: 0, last: -Infinity })

function addReads(into: Reads, add: Reads): void {
  into.n += add.n
  into.bytesScanned += add.bytesScanned
  into.costE4 += add.costE4
  if (add.last > into.last) into.last = add.last
}

const readFields = (r: Reads) => ({ jobCount: r.n, bytesScanned: r.bytesScanned, jobCost: fromE4(r.costE4) })

type ReadRow = [number, number, number, number, number]

/** One seeded day of bq_statement_days: a statement's sums at its id's place. */
interface DayReads {
  statements: Int32Array
  n: Float64Array
  bytesScanned: Float64Array
  costE4: Float64Array
  last: Float64Array
}

/**
 * Days read, by database, kept while its seed (seeded_at) is the same: the seed is the only writer of
 * the jobs, so a stored day always sums the same. A 30-day window then adds its days' few thousand
 * rows in memory (summing them in SQL took 20-40 ms at the large scale: a sort of 54,000 rows).
 */
const dayCache = new WeakMap<Db, { seededAt: string | undefined; days: Map<number, DayReads> }>()

/** The days read of this database's seed. */
function heldDays(db: Db): Map<number, DayReads> {
  const seededAt = readSetting(db, 'seeded_at')
  let held = dayCache.get(db)
  if (!held || held.seededAt !== seededAt) dayCache.set(db, (held = { seededAt, days: new Map() }))
  return held.days
}

function dayReads(db: Db, days: Map<number, DayReads>, day: number): DayReads {
  let reads = days.get(day)
  if (!reads) {
    const rows = db
      .prepare(
        'SELECT statement_id, n, bytes_scanned, cost_e4, last_create FROM bq_statement_days WHERE day = ?',
      )
      .raw()
      .all(day) as ReadRow[]
    reads = {
      statements: Int32Array.from(rows, (r) => r[0]),
      n: Float64Array.from(rows, (r) => r[1]),
      bytesScanned: Float64Array.from(rows, (r) => r[2]),
      costE4: Float64Array.from(rows, (r) => r[3]),
      last: Float64Array.from(rows, (r) => r[4]),
    }
    days.set(day, reads)
  }
  return reads
}

/**
 * Each statement's jobs created in the window: whole seeded days from bq_statement_days (dayReads),
 * the window's partial days from bq_jobs (their rowid ranges, bigquery-job-window.ts).
 */
function statementReads(db: Db, window: DataWindow, maxStatement: number): Map<number, Reads> {
  const from = window.start - window.shift
  const to = window.end - window.shift + 1 // exclusive
  const firstDay = Math.ceil(from / DAY) * DAY
  const lastDay = Math.floor(to / DAY) * DAY
  // Sums at each statement id's place: a window adds thousands of rows a day, no object for each.
  const size = maxStatement + 1
  const n = new Float64Array(size)
  const bytesScanned = new Float64Array(size)
  const costE4 = new Float64Array(size)
  const last = new Float64Array(size).fill(-Infinity)
  const fromJobs = (lo: number, hi: number) => {
    const jobs = jobsCreatedIn(db, { from: lo, to: hi })
    const rows = cachedStatement(
      db,
      `SELECT statement_id, count(*), sum(bytes_scanned), sum(cost_e4), max(create_time)
         FROM ${jobs.table} WHERE ${jobs.where} GROUP BY statement_id`,
    )
      .raw()
      .all(jobs.params) as ReadRow[]
    for (const [s, jobs, bytes, e4, latest] of rows) {
      if (s >= size) continue
      n[s] = n[s]! + jobs
      bytesScanned[s] = bytesScanned[s]! + bytes
      costE4[s] = costE4[s]! + e4
      if (latest > last[s]!) last[s] = latest
    }
  }
  if (firstDay >= lastDay) fromJobs(from, to)
  else {
    const days = heldDays(db)
    for (let day = firstDay; day < lastDay; day += DAY) {
      const d = dayReads(db, days, day)
      for (let i = 0; i < d.statements.length; i++) {
        const s = d.statements[i]!
        if (s >= size) continue
        n[s] = n[s]! + d.n[i]!
        bytesScanned[s] = bytesScanned[s]! + d.bytesScanned[i]!
        costE4[s] = costE4[s]! + d.costE4[i]!
        if (d.last[i]! > last[s]!) last[s] = d.last[i]!
      }
    }
    if (from < firstDay) fromJobs(from, firstDay)
    if (lastDay < to) fromJobs(lastDay, to)
  }
  const reads = new Map<number, Reads>()
  for (let s = 0; s < size; s++)
    if (n[s]) reads.set(s, { n: n[s]!, bytesScanned: bytesScanned[s]!, costE4: costE4[s]!, last: last[s]! })
  return reads
}

const maxKey = (map: Map<number, unknown>) => Math.max(0, ...map.keys())

/** Each statement's source tables (codes). */
function statementTables(db: Db): Map<number, number[]> {
  const rows = cachedStatement(db, 'SELECT id, source_tables FROM bq_statements').raw().all() as [
    number,
    string,
  ][]
  return new Map(rows.map(([id, sources]) => [id, sourceTableCodes(sources)]))
}

/**
 * The reads by group of tables (a table, a dataset, the matching tables): each statement's jobs count
 * once for every group its tables fall in, so a job reading two tables of one dataset counts once for
 * it. `groupOf` gives a table's group, or undefined when the table is in none.
 */
function readsByGroup<K>(
  sources: Map<number, number[]>,
  reads: Map<number, Reads>,
  groupOf: (tableCode: number) => K | undefined,
): Map<K, Reads> {
  const byGroup = new Map<K, Reads>()
  for (const [statement, r] of reads) {
    const groups = new Set<K>()
    for (const code of sources.get(statement) ?? []) {
      const group = groupOf(code)
      if (group !== undefined) groups.add(group)
    }
    for (const group of groups) {
      let g = byGroup.get(group)
      if (!g) byGroup.set(group, (g = noReads()))
      addReads(g, r)
    }
  }
  return byGroup
}

/** The reads of the statements that read any of `tables` (each statement once). */
const readsOfAny = (tables: ReadonlySet<number>, sources: Map<number, number[]>, reads: Map<number, Reads>) =>
  readsByGroup(sources, reads, (code) => (tables.has(code) ? 'any' : undefined)).get('any') ?? noReads()

function tableRow(t: StoredTable, r: Reads, shift: number): BigQueryDataTableRow {
  return {
    tableId: tableId(t),
    projectId: t.projectId,
    dataset: t.dataset,
    table: t.table,
    partitioned: t.partitioned,
    partitionCount: t.partitionCount,
    clustered: t.clustered,
    billingModel: t.billingModel,
    rows: t.rows,
    creationTime: iso(t.createdAt),
    lastModifiedTime: iso(t.lastModified),
    ...storageFields(storageOf(t)),
    ...readFields(r),
    lastReadTime: r.n ? iso(r.last + shift) : null,
  }
}

// ------------------------------------------------------------------------------------- the calls

/** Datasets: their tables' storage summed, and the jobs reading any of their tables (each once). */
export function listDatasets(db: Db, query: BigQueryDatasetQuery, now: number): BigQueryDatasetList {
  const window = dataWindow(db, query, now)
  const codec = readCodec(db)
  const tables = readTables(db, codec).filter(
    (t) => query.project === undefined || t.projectId === query.project,
  )
  const sources = statementTables(db)
  const reads = statementReads(db, window, maxKey(sources))
  const datasets = new Map<string, StoredTable[]>()
  const datasetOf = new Map<number, string>()
  for (const t of tables) {
    const key = `${t.projectId}.${t.dataset}`
    ;(datasets.get(key) ?? datasets.set(key, []).get(key)!).push(t)
    datasetOf.set(t.code, key)
  }
  const byDataset = readsByGroup(sources, reads, (code) => datasetOf.get(code))
  const results: (BigQueryDatasetRow & { costE4: number })[] = [...datasets.values()].map((own) => {
    const storage = noStorage()
    for (const t of own) addStorage(storage, storageOf(t))
    return {
      projectId: own[0]!.projectId,
      dataset: own[0]!.dataset,
      billingModel: own[0]!.billingModel,
      tableCount: own.length,
      rows: own.reduce((n, t) => n + t.rows, 0),
      ...storageFields(storage),
      ...readFields(byDataset.get(`${own[0]!.projectId}.${own[0]!.dataset}`) ?? noReads()),
      costE4: storage.storageCostE4,
    }
  })
  results.sort(
    (a, b) =>
      b.costE4 - a.costE4 || a.projectId.localeCompare(b.projectId) || a.dataset.localeCompare(b.dataset),
  )
  return {
    startTime: iso(window.start),
    endTime: iso(window.end),
    results: results.map(({ costE4: _, ...row }) => row),
  }
}

function parseTableSort(sort: string): { key: BigQueryTableSortKey; desc: boolean } {
  const parsed = parseSortParam(sort)
  if (!parsed || !(BIGQUERY_TABLE_SORT_KEYS as readonly string[]).includes(parsed.key))
    throw new HttpError(
      400,
      `querystring/sort "${sort}" must be key-direction (asc or desc) with one of ${BIGQUERY_TABLE_SORT_KEYS.join(', ')}`,
    )
  return { key: parsed.key as BigQueryTableSortKey, desc: parsed.direction === 'desc' }
}

const SORT_VALUE: Record<BigQueryTableSortKey, (r: BigQueryDataTableRow) => string | number> = {
  table: (r) => r.tableId,
  logicalBytes: (r) => r.logicalBytes,
  physicalBytes: (r) => r.physicalBytes,
  storageCost: (r) => r.storageCost,
  rows: (r) => r.rows,
  lastModifiedTime: (r) => Date.parse(r.lastModifiedTime),
  jobCount: (r) => r.jobCount,
  bytesScanned: (r) => r.bytesScanned,
  jobCost: (r) => r.jobCost,
}

/** The tables that match the filters, sorted and paged, with the totals of every match. */
export function listTables(db: Db, query: BigQueryTableListQuery, now: number): BigQueryTableList {
  const page = query.page ?? 1
  const pageSize = query.pageSize ?? BIGQUERY_PAGE_SIZE
  checkPage(page, pageSize, 'tables')
  const { key, desc } = parseTableSort(query.sort ?? BIGQUERY_DEFAULT_TABLE_SORT)
  const window = dataWindow(db, query, now)
  const codec = readCodec(db)
  const name = query.name?.toLowerCase()
  const tables = readTables(db, codec).filter(
    (t) =>
      (query.project === undefined || t.projectId === query.project) &&
      (query.dataset === undefined || t.dataset === query.dataset) &&
      (name === undefined || tableId(t).toLowerCase().includes(name)),
  )
  const sources = statementTables(db)
  const reads = statementReads(db, window, maxKey(sources))
  const byTable = readsByGroup(sources, reads, (code) => code)
  const rows = tables.map((t) => tableRow(t, byTable.get(t.code) ?? noReads(), window.shift))
  const value = SORT_VALUE[key]
  rows.sort((a, b) => {
    const x = value(a)
    const y = value(b)
    const order = typeof x === 'number' ? x - (y as number) : x.localeCompare(y as string)
    return (desc ? -order : order) || a.tableId.localeCompare(b.tableId)
  })
  const storage = noStorage()
  for (const t of tables) addStorage(storage, storageOf(t))
  return {
    total: rows.length,
    page,
    pageSize,
    startTime: iso(window.start),
    endTime: iso(window.end),
    totals: {
      tableCount: tables.length,
      ...storageFields(storage),
      ...readFields(readsOfAny(new Set(tables.map((t) => t.code)), sources, reads)),
    },
    results: rows.slice((page - 1) * pageSize, page * pageSize),
  }
}

function findTable(db: Db, codec: BigQueryCodec, id: string): StoredTable {
  const [projectId, dataset, table] = id.split('.')
  const project = codec.projectCode.get(projectId ?? '')
  const found =
    project === undefined
      ? undefined
      : readTables(db, codec).find((t) => t.project === project && t.dataset === dataset && t.table === table)
  if (!found) throw new HttpError(404, `BigQuery table ${id} not found`)
  return found
}

/** One table: its storage and the reads of the window. */
export function tableDetails(
  db: Db,
  id: string,
  query: BigQueryTableWindowQuery,
  now: number,
): BigQueryDataTableRow {
  const window = dataWindow(db, query, now)
  const codec = readCodec(db)
  const table = findTable(db, codec, id)
  const sources = statementTables(db)
  const reads = readsOfAny(new Set([table.code]), sources, statementReads(db, window, maxKey(sources)))
  return tableRow(table, reads, window.shift)
}

/**
 * The jobs of the window whose statement reads the table, the newest first: the few statements that
 * read it, then their jobs in the window through bq_jobs_statement (statement, creation time).
 */
export function tableJobs(
  db: Db,
  id: string,
  query: BigQueryTableJobsQuery,
  now: number,
): BigQueryTableJobList {
  const page = query.page ?? 1
  const pageSize = query.pageSize ?? BIGQUERY_PAGE_SIZE
  checkPage(page, pageSize, 'jobs')
  const window = dataWindow(db, query, now)
  const codec = readCodec(db)
  const table = findTable(db, codec, id)
  const sources = statementTables(db)
  const statements = [...sources].filter(([, codes]) => codes.includes(table.code))
  const otherTables = new Map(statements.map(([s, codes]) => [s, new Set(codes).size - 1]))
  const ids = JSON.stringify(statements.map(([s]) => s))
  const range = [window.start - window.shift, window.end - window.shift]
  const total = db
    .prepare(
      `SELECT count(*) FROM bq_jobs INDEXED BY bq_jobs_statement
        WHERE statement_id IN (SELECT value FROM json_each(?)) AND create_time BETWEEN ? AND ?`,
    )
    .pluck()
    .get(ids, ...range) as number
  const rows = db
    .prepare(
      `SELECT ${jobIdSql('j')} AS id, j.project, j.principal, j.job_type, s.statement_type, j.status, j.create_time, j.duration,
              j.bytes_scanned, j.bytes_billed, j.cost_e4, j.cache_hit, j.statement_id
         FROM bq_jobs j INDEXED BY bq_jobs_statement JOIN bq_statements s ON s.id = j.statement_id
        WHERE j.statement_id IN (SELECT value FROM json_each(?)) AND j.create_time BETWEEN ? AND ?
        ORDER BY j.create_time DESC, j.rowid DESC LIMIT ? OFFSET ?`,
    )
    .all(ids, ...range, pageSize, (page - 1) * pageSize) as {
    id: string
    project: number
    principal: number
    job_type: BigQueryTableJob['jobType']
    statement_type: string
    status: BigQueryTableJob['status']
    create_time: number
    duration: number
    bytes_scanned: number
    bytes_billed: number
    cost_e4: number
    cache_hit: number
    statement_id: number
  }[]
  return {
    tableId: tableId(table),
    total,
    page,
    pageSize,
    startTime: iso(window.start),
    endTime: iso(window.end),
    results: rows.map((j) => ({
      jobId: j.id,
      projectId: codec.projects.get(j.project)?.projectId ?? '?',
      user: codec.principals.get(j.principal)?.email ?? '?',
      jobType: j.job_type,
      statementType: j.statement_type,
      status: j.status,
      createTime: iso(j.create_time + window.shift),
      duration: j.duration,
      bytesScanned: j.bytes_scanned,
      bytesBilled: j.bytes_billed,
      cost: fromE4(j.cost_e4),
      cacheHit: j.cache_hit === 1,
      otherTables: otherTables.get(j.statement_id) ?? 0,
    })),
  }
}
