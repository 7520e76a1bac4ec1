import {
  SNOWFLAKE_INSIGHT_KEYS,
  SNOWFLAKE_INSIGHTS,
  SNOWFLAKE_MAX_WINDOW,
  SNOWFLAKE_QUERY_SORT_KEYS,
  SNOWFLAKE_QUERY_STATUSES,
  SAVINGS_WINDOW_DAYS,
  savingsBasis,
  type SnowflakeInsightKey,
  type SnowflakeQueryDetails,
  type SnowflakeQueryMetadata,
  type SnowflakeQueryMetadataQuery,
  type SnowflakeQueryRow,
  type SnowflakeQuerySearchBody,
  type SnowflakeQuerySearchResponse,
  type SnowflakeQuerySortKey,
  type SnowflakeTableRef,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import { cachedStatement } from '../statement-cache.ts'
import type { Db } from '../open-database.ts'
import { renderSql } from '../seed/snowflake-catalogue.ts'
import { explainInsights, insightBit, insightKeysOf, querySavings } from '../seed/snowflake-insights.ts'
import { SF_DAY } from '../seed/snowflake-rollups.ts'
import {
  addDimensionFilters,
  boundQueryRowsSql,
  fromE4,
  iso,
  queryRowsOf,
  snowflakeWindow,
  SqlParts,
  storedRange,
  tallies,
  type DimensionFilters,
  type QueryRows,
} from './snowflake-common.ts'
import { queryIdBytes, snowflakeCodec, type SnowflakeCodec } from '../seed/snowflake-codes.ts'

export const DEFAULT_QUERY_PAGE_SIZE = 15
const DEFAULT_SORT = 'cost-desc'

/** A stored query joined with its statement and warehouse: what a row and the details read. */
interface StoredQuery {
  rid: number
  id: string
  account_id: string
  warehouse_uid: string
  warehouse_name: string
  user_name: string
  role_name: string
  client_connector: string
  query_tag: string
  template: string
  literal_seed: number
  signature: string
  query_type: string
  status: SnowflakeQueryRow['status']
  message: string
  session_id: number
  cluster_number: number
  start_time: number
  end_time: number | null
  duration: number
  bytes_scanned: number
  bytes_written: number
  rows_produced: number
  rows_affected: number
  credits_e4: number
  cost_e4: number
  insight_count: number
}

/** Read from snowflake_queries_named (schema.sql): the query with the names behind its codes. */
const ROW_COLUMNS = `q.rid, q.id, q.account_id, q.warehouse_uid, q.warehouse_name, q.user_name, q.role_name,
  q.client_connector, q.query_tag, q.template, q.literal_seed, q.signature, q.query_type, q.status, q.message,
  q.session_id, q.cluster_number, q.start_time, q.end_time, q.duration, q.bytes_scanned, q.bytes_written,
  q.rows_produced, q.rows_affected, q.credits_e4, q.cost_e4, q.insight_count`

function toRow(q: StoredQuery, shift: number): SnowflakeQueryRow {
  const sql = renderSql(q.template, q.literal_seed, iso(q.start_time, shift).slice(0, 10))
  return {
    id: q.id,
    accountId: q.account_id,
    sqlShort: sql.slice(0, 200),
    sqlFull: sql,
    status: q.status,
    insights: { count: q.insight_count },
    cost: fromE4(q.cost_e4),
    usage: fromE4(q.credits_e4),
    userName: q.user_name,
    warehouse: { name: q.warehouse_name, id: q.warehouse_uid },
    startTime: iso(q.start_time, shift),
    endTime: q.end_time === null ? null : iso(q.end_time, shift),
    duration: q.duration,
    clientConnector: q.client_connector,
    message: q.message,
    queryType: q.query_type,
    queryTag: q.query_tag,
    sessionId: String(q.session_id),
    clusterNumber: q.cluster_number,
    totalBytes: { read: q.bytes_scanned, write: q.bytes_written },
    bytesWritten: q.bytes_written,
    rowsAffected: q.rows_affected,
    rowsProduced: q.rows_produced,
    signature: q.signature,
  }
}

/** Sort keys to what ORDER BY reads; only these reach the SQL. */
const SORT_COLUMNS: Record<SnowflakeQuerySortKey, string> = {
  cost: 'q.cost_e4',
  // Cost is credits × one price, so it orders as credits do; cost first lets the cost index serve.
  usage: 'q.cost_e4 %DIR%, q.credits_e4',
  duration: 'q.duration',
  // Stored in start order (time-ordered-rows.ts): rowid order is start order, ties broken by rowid as
  // every sort's are, and a window's rows are read in it without sorting them.
  startTime: 'q.rowid',
  endTime: 'q.end_time',
  // Codes are given in the names' order (snowflake-codes.ts): sorted by code, sorted by name.
  userName: 'q.user_code',
  warehouse: '(SELECT name FROM snowflake_warehouses WHERE code = q.warehouse_code)',
  status: 'q.status',
  insights: 'q.insight_count',
  bytesScanned: 'q.bytes_scanned',
}

/** `key-direction`, split on the last dash (03 §5); 400 for an unknown key or direction. */
export function parseQuerySort(sort: string): { key: SnowflakeQuerySortKey; dir: 'ASC' | 'DESC' } {
  const dash = sort.lastIndexOf('-')
  const key = sort.slice(0, dash) as SnowflakeQuerySortKey
  const dir = sort.slice(dash + 1).toLowerCase()
  if (dash < 0 || !SNOWFLAKE_QUERY_SORT_KEYS.includes(key))
    throw new HttpError(
      400,
      `body/sort "${sort}" has an unknown key: use key-direction with one of ${SNOWFLAKE_QUERY_SORT_KEYS.join(', ')}`,
    )
  if (dir !== 'asc' && dir !== 'desc')
    throw new HttpError(400, `body/sort "${sort}" has an unknown direction: use asc or desc`)
  return { key, dir: dir === 'asc' ? 'ASC' : 'DESC' }
}

/** An insight by key or by title; 400 for anything else. */
function insightKeyOf(name: string): SnowflakeInsightKey {
  const key = SNOWFLAKE_INSIGHT_KEYS.find((k) => k === name || SNOWFLAKE_INSIGHTS[k] === name)
  if (!key)
    throw new HttpError(
      400,
      `body/insights has an unknown insight "${name}": use ${SNOWFLAKE_INSIGHT_KEYS.join(', ')}`,
    )
  return key
}

/** The filters of a search body, checked (400s) and turned into what the SQL compares. */
interface SearchFilters extends DimensionFilters {
  costE4?: { min?: number; max?: number }
  duration?: { min?: number; max?: number }
  signature?: string
}

function rangeOf(
  min: number | undefined,
  max: number | undefined,
  names: [string, string],
  scale: number,
): { min?: number; max?: number } | undefined {
  if (min === undefined && max === undefined) return undefined
  if (min !== undefined && max !== undefined && min > max)
    throw new HttpError(400, `body/${names[0]} (${min}) must not be above body/${names[1]} (${max})`)
  // Stored values are whole ten-thousandths (cost) or ms: a bound between two of them rounds inward.
  return {
    min: min === undefined ? undefined : Math.ceil(min * scale - 1e-6),
    max: max === undefined ? undefined : Math.floor(max * scale + 1e-6),
  }
}

function searchFilters(db: Db, body: SnowflakeQuerySearchBody): SearchFilters {
  for (const status of body.status ?? [])
    if (!(SNOWFLAKE_QUERY_STATUSES as readonly string[]).includes(status))
      throw new HttpError(
        400,
        `body/status has an unknown status "${status}": use ${SNOWFLAKE_QUERY_STATUSES.join(', ')}`,
      )
  const insightMask = body.insights?.length
    ? body.insights.map(insightKeyOf).reduce((mask, key) => mask | insightBit(key), 0)
    : undefined
  let warehouses = body.warehouseUid?.length ? [...body.warehouseUid] : undefined
  if (body.accounts?.length) {
    const sql = new SqlParts().inList('account_id', body.accounts)
    const ofAccounts = db
      .prepare(`SELECT uid FROM snowflake_warehouses ${sql.where('WHERE')}`)
      .pluck()
      .all(sql.params) as string[]
    warehouses = warehouses ? warehouses.filter((w) => ofAccounts.includes(w)) : ofAccounts
  }
  return {
    statuses: body.status?.length ? body.status : undefined,
    warehouses,
    users: body.userName?.length ? body.userName : undefined,
    connectors: body.clientConnectors?.length ? body.clientConnectors : undefined,
    insightMask,
    inefficientOnly: body.showInefficientOnly === true,
    costE4: rangeOf(body.minCost, body.maxCost, ['minCost', 'maxCost'], 10_000),
    duration: rangeOf(body.minDuration, body.maxDuration, ['minDuration', 'maxDuration'], 1),
    signature: body.signature || undefined,
  }
}

/** The statements of a signature (a few): a signature's queries are read through snowflake_queries_statement. */
export const STATEMENTS_OF = (signature: string) =>
  `SELECT id FROM snowflake_statements WHERE signature = ${signature}`

/**
 * How a read meets the window: seeking start_time in an index, checking it on each entry of an
 * index walked in sort order, or reading the window's rowid range of the table (its QueryRows).
 */
type WindowRead = 'seek' | 'walk' | QueryRows

/** Every filter as clauses on snowflake_queries (read without an alias or as q). */
function rawFilters(
  f: SearchFilters,
  range: { from: number; to: number },
  codec: SnowflakeCodec,
  read: WindowRead = 'seek',
): SqlParts {
  const sql = new SqlParts()
  if (typeof read === 'object') sql.clauses.push(boundQueryRowsSql(sql, '', read))
  else {
    // Walking an index in sort order, the window is checked on each entry (`+` keeps SQLite from a
    // skip-scan that jumps to the window under every distinct cost).
    const time = read === 'walk' ? '+start_time' : 'start_time'
    sql.clauses.push(`${time} >= ${sql.param(range.from)}`, `${time} < ${sql.param(range.to)}`)
  }
  addDimensionFilters(sql, f, codec)
  if (f.costE4?.min !== undefined) sql.clauses.push(`cost_e4 >= ${sql.param(f.costE4.min)}`)
  if (f.costE4?.max !== undefined) sql.clauses.push(`cost_e4 <= ${sql.param(f.costE4.max)}`)
  if (f.duration?.min !== undefined) sql.clauses.push(`duration >= ${sql.param(f.duration.min)}`)
  if (f.duration?.max !== undefined) sql.clauses.push(`duration <= ${sql.param(f.duration.max)}`)
  if (f.signature !== undefined)
    sql.clauses.push(`statement_id IN (${STATEMENTS_OF(sql.param(f.signature))})`)
  return sql
}

/** Queries in the table: the rowid of the last one is their count (the seed is the only writer). */
const tableRows = (db: Db) =>
  (db.prepare('SELECT max(rowid) FROM snowflake_queries').pluck().get() as number | null) ?? 0

/**
 * The total of a search: from the rollups when only list dimensions filter it, else counted from
 * the queries through the index that narrows most (a signature, a cost or duration range).
 */
function searchTotal(db: Db, f: SearchFilters, range: { from: number; to: number }): number {
  if (!f.costE4 && !f.duration && !f.signature) return tallies(db, range, f, [])[0]?.n ?? 0
  const index = f.signature
    ? 'snowflake_queries_statement'
    : f.costE4
      ? 'snowflake_queries_cost'
      : 'snowflake_queries_duration'
  const sql = rawFilters(f, range, snowflakeCodec(db))
  return db
    .prepare(`SELECT count(*) FROM snowflake_queries INDEXED BY ${index} ${sql.where('WHERE')}`)
    .pluck()
    .get(sql.params) as number
}

/**
 * Where a page is read from. Walking the cost (or duration) index in sort order stops after about
 * (offset + size) × table / matches entries; reading the window (its rowid range of the table) reads
 * every query of the window and sorts. The cheaper one is chosen from the total and the window's rows.
 * One warehouse's queries may all sit at one end of the cost order (a warehouse of cheap queries),
 * where a walk reads most of the index: its window is read from its own index and sorted instead
 * (90 days of the busiest, 266,000 entries: 25-38 ms at the large scale). One user's are walked like
 * any filter (90 days of the busiest: 20-28 ms). Their own cost-ordered indexes, 25 MB each at the
 * large scale, went in issue 18.
 */
function pageSource(
  db: Db,
  key: SnowflakeQuerySortKey,
  f: SearchFilters,
  windowRows: QueryRows,
  total: number,
  end: number,
): PageSource {
  if (f.signature) return 'snowflake_queries_statement'
  const walkable = key === 'cost' || key === 'usage' ? 'cost' : key === 'duration' ? 'duration' : undefined
  if (!walkable) return 'window'
  if (f.warehouses?.length === 1) return 'snowflake_queries_warehouse'
  const walk = (end * tableRows(db)) / Math.max(1, total)
  return walk < windowRows.end - windowRows.first ? `snowflake_queries_${walkable}` : 'window'
}

/**
 * What a page is read through: an index (the cost and duration ones walked in sort order), or the
 * window's rowid range of the table itself.
 */
type SnowflakeQueryIndex = `snowflake_queries_${'statement' | 'warehouse' | 'cost' | 'duration'}`
type PageSource = SnowflakeQueryIndex | 'window'
const WALKED_INDEXES: ReadonlySet<PageSource> = new Set([
  'snowflake_queries_cost',
  'snowflake_queries_duration',
])

/** E158: a page of the queries that match, in the sort asked (default cost descending). */
export function searchQueries(
  db: Db,
  body: SnowflakeQuerySearchBody,
  now: number,
): SnowflakeQuerySearchResponse {
  const page = body.page ?? 1
  const pageSize = body.pageSize ?? DEFAULT_QUERY_PAGE_SIZE
  if (page * pageSize > SNOWFLAKE_MAX_WINDOW)
    throw new HttpError(
      400,
      `Results are limited to ${SNOWFLAKE_MAX_WINDOW} queries: page × pageSize must be at most ${SNOWFLAKE_MAX_WINDOW}`,
    )
  const { key, dir } = parseQuerySort(body.sort ?? DEFAULT_SORT)
  const shift = snowflakeWindow(db, {}, now, 'body').shift
  // A query id overrides every other filter (B238): the window and filters are not even read.
  if (body.id !== undefined) {
    const found = cachedStatement(
      db,
      `SELECT ${ROW_COLUMNS} FROM snowflake_queries_named q WHERE q.id_bytes = ?`,
    ).get(queryIdBytes(body.id) ?? null) as StoredQuery | undefined
    const results = found && page === 1 ? [toRow(found, shift)] : []
    return { total: found ? 1 : 0, page, pageSize, results }
  }
  const window = snowflakeWindow(db, body, now, 'body')
  const f = searchFilters(db, body)
  const range = storedRange(window)
  const total = searchTotal(db, f, range)
  const offset = (page - 1) * pageSize
  if (offset >= total) return { total, page, pageSize, results: [] }
  const windowRows = queryRowsOf(db, range)
  const source = pageSource(db, key, f, windowRows, total, offset + pageSize)
  const read = source === 'window' ? windowRows : WALKED_INDEXES.has(source) ? 'walk' : 'seek'
  const sql = rawFilters(f, range, snowflakeCodec(db), read)
  const order = `${SORT_COLUMNS[key].replaceAll('%DIR%', dir)} ${dir}, q.rowid ${dir}`
  // The page's rowids come from the index or the window alone; only its rows are then read with their
  // names (one query: SQLite would otherwise be free to drive the join from the table in sort order).
  const rids = db
    .prepare(
      `SELECT q.rowid FROM snowflake_queries q ${source === 'window' ? 'NOT INDEXED' : `INDEXED BY ${source}`}
        ${sql.where('WHERE')}
        ORDER BY ${order} LIMIT ${sql.param(pageSize)} OFFSET ${sql.param(offset)}`,
    )
    .pluck()
    .all(sql.params) as number[]
  const byRid = new Map(
    // Cached: the view's seven-way join takes longer to compile than a page takes to read.
    (
      cachedStatement(
        db,
        `SELECT ${ROW_COLUMNS} FROM snowflake_queries_named q
          WHERE q.rid IN (SELECT value FROM json_each(?))`,
      ).all(JSON.stringify(rids)) as StoredQuery[]
    ).map((q) => [q.rid, q]),
  )
  const rows = rids.map((rid) => byRid.get(rid)!)
  return { total, page, pageSize, results: rows.map((q) => toRow(q, window.shift)) }
}

/** Options with their counts, most first (then by name). */
function options<K extends string>(counts: Map<string, number>, key: K) {
  return [...counts]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([value, count]) => ({ [key]: value, count }) as Record<K, string> & { count: number })
}

const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n)

/**
 * E159: each filter option with its count in the window (and among inefficient queries only when
 * asked), and the cost (USD) and duration (ms) ranges; a negative minimum is sent as 0.
 */
export function queryMetadata(
  db: Db,
  query: SnowflakeQueryMetadataQuery,
  now: number,
): SnowflakeQueryMetadata {
  const window = snowflakeWindow(db, query, now, 'querystring')
  const range = storedRange(window)
  const filters: DimensionFilters = { inefficientOnly: query.showInefficientOnly === true }
  const byWarehouse = tallies(db, range, filters, ['status', 'warehouse_uid', 'insight_mask'])
  const byUser = tallies(db, range, filters, ['user_name', 'client_connector'])
  const accountOf = new Map(
    (
      db.prepare('SELECT uid, account_id FROM snowflake_warehouses').all() as {
        uid: string
        account_id: string
      }[]
    ).map((w) => [w.uid, w.account_id]),
  )
  const statuses = new Map<string, number>()
  const warehouses = new Map<string, number>()
  const accounts = new Map<string, number>()
  const insights = new Map<string, number>()
  const cost = { min: Infinity, max: 0 }
  const duration = { min: Infinity, max: 0 }
  for (const t of byWarehouse) {
    add(statuses, t.status as string, t.n)
    add(warehouses, t.warehouse_uid as string, t.n)
    add(accounts, accountOf.get(t.warehouse_uid as string) ?? '', t.n)
    for (const key of insightKeysOf(t.insight_mask as number)) add(insights, key, t.n)
    cost.min = Math.min(cost.min, t.costMin)
    cost.max = Math.max(cost.max, t.costMax)
    duration.min = Math.min(duration.min, t.durationMin)
    duration.max = Math.max(duration.max, t.durationMax)
  }
  const users = new Map<string, number>()
  const connectors = new Map<string, number>()
  for (const t of byUser) {
    add(users, t.user_name as string, t.n)
    add(connectors, t.client_connector as string, t.n)
  }
  const bounds = (b: { min: number; max: number }, scale: (n: number) => number) =>
    b.min === Infinity
      ? { min: 0, max: 0 }
      : { min: Math.max(0, scale(b.min)), max: Math.max(0, scale(b.max)) }
  return {
    users: options(users, 'userName'),
    warehouses: options(warehouses, 'warehouseUid'),
    cost: bounds(cost, fromE4),
    duration: bounds(duration, (n) => n),
    insights: options(insights, 'name'),
    clientConnectors: options(connectors, 'clientConnector'),
    accounts: options(accounts, 'accountId'),
    statuses: options(statuses, 'status'),
  }
}

interface StoredDetails extends StoredQuery {
  database_name: string
  schema_name: string
  input_tables: string
  output_tables: string
  compilation_time: number
  execution_time: number
  queued_provisioning_time: number
  queued_repair_time: number
  queued_overload_time: number
  transaction_blocked_time: number
  list_external_files_time: number
  bytes_spilled_local: number
  bytes_spilled_remote: number
  partitions_scanned: number
  partitions_total: number
  insight_mask: number
  size: string
  credits_per_hour: number
  min_cluster_count: number
  max_cluster_count: number
  scaling_policy: string
  auto_suspend_seconds: number
}

interface StoredTable {
  id: number
  database_name: string
  schema_name: string
  name: string
  row_count: number
  bytes: number
  partitions: number
}

/**
 * The tables of a statement; a query's scanned partitions are shared among its input tables in
 * proportion to their partitions (the seed scans each table alike), the rounding left on the last.
 */
function tableRefs(db: Db, ids: number[], scanned?: { scanned: number; total: number }): SnowflakeTableRef[] {
  const sql = new SqlParts().inList('id', ids)
  const byId = new Map(
    (db.prepare(`SELECT * FROM snowflake_tables ${sql.where('WHERE')}`).all(sql.params) as StoredTable[]).map(
      (t) => [t.id, t],
    ),
  )
  let left = scanned?.scanned ?? 0
  return ids.map((id, i) => {
    const t = byId.get(id)!
    const share =
      !scanned || scanned.total === 0
        ? 0
        : i === ids.length - 1
          ? left
          : Math.min(left, Math.round((scanned.scanned * t.partitions) / scanned.total))
    left -= share
    return {
      database: t.database_name,
      schema: t.schema_name,
      name: t.name,
      rows: t.row_count,
      bytes: t.bytes,
      partitionsScanned: share,
      partitionsTotal: scanned ? t.partitions : 0,
    }
  })
}

/** E160: the row and its details tabs; 404 when no query has the id. */
export function queryDetails(db: Db, queryUid: string, now: number): SnowflakeQueryDetails {
  const q = cachedStatement(
    db,
    `SELECT ${ROW_COLUMNS}, s.database_name, s.schema_name, s.input_tables, s.output_tables, q.compilation_time,
              q.execution_time, q.queued_provisioning_time, q.queued_repair_time, q.queued_overload_time,
              q.transaction_blocked_time, q.list_external_files_time, q.bytes_spilled_local, q.bytes_spilled_remote,
              q.partitions_scanned, q.partitions_total, q.insight_mask, w.size, w.credits_per_hour,
              w.min_cluster_count, w.max_cluster_count, w.scaling_policy, w.auto_suspend_seconds
         FROM snowflake_queries_named q JOIN snowflake_statements s ON s.id = q.statement_id
         JOIN snowflake_warehouses w ON w.code = q.warehouse_code
        WHERE q.id_bytes = ?`,
  ).get(queryIdBytes(queryUid) ?? null) as StoredDetails | undefined
  if (!q) throw new HttpError(404, `Snowflake query ${queryUid} not found.`)
  const shift = snowflakeWindow(db, {}, now, 'querystring').shift
  const day = Math.floor(q.start_time / SF_DAY) * SF_DAY
  const runsThatDay = db
    .prepare(
      `SELECT count(*) FROM snowflake_queries INDEXED BY snowflake_queries_statement
        WHERE statement_id IN (${STATEMENTS_OF('?')}) AND start_time >= ? AND start_time < ?`,
    )
    .pluck()
    .get(q.signature, day, day + SF_DAY) as number
  const inputs = JSON.parse(q.input_tables) as number[]
  const inputTables = tableRefs(db, inputs, { scanned: q.partitions_scanned, total: q.partitions_total })
  // Savings are shares of what the signature cost over the last days (rules/savings.ts).
  const signatureCostE4 = db
    .prepare(
      `SELECT coalesce(sum(cost_e4), 0) FROM snowflake_queries INDEXED BY snowflake_queries_statement
        WHERE statement_id IN (${STATEMENTS_OF('?')}) AND start_time >= ? AND start_time <= ?`,
    )
    .pluck()
    .get(q.signature, now - SAVINGS_WINDOW_DAYS * SF_DAY - shift, now - shift) as number
  const basis = savingsBasis({
    signatureCostInWindowUsd: fromE4(signatureCostE4),
    queryCostUsd: fromE4(q.cost_e4),
  })
  const context = {
    status: q.status,
    queryType: q.query_type,
    creditsPerHour: q.credits_per_hour,
    executionTime: q.execution_time,
    queuedOverloadTime: q.queued_overload_time,
    bytesScanned: q.bytes_scanned,
    bytesSpilledLocal: q.bytes_spilled_local,
    bytesSpilledRemote: q.bytes_spilled_remote,
    partitionsScanned: q.partitions_scanned,
    partitionsTotal: q.partitions_total,
    rowsProduced: q.rows_produced,
    inputTables: inputs.length,
    inputRows: inputTables.reduce((n, t) => n + t.rows, 0),
    signatureRunsThatDay: runsThatDay,
    cost: fromE4(q.cost_e4),
    warehouseName: q.warehouse_name,
    warehouseSize: q.size,
  }
  return {
    query: toRow(q, shift),
    roleName: q.role_name,
    databaseName: q.database_name,
    schemaName: q.schema_name,
    warehouse: {
      uid: q.warehouse_uid,
      name: q.warehouse_name,
      size: q.size,
      creditsPerHour: q.credits_per_hour,
      minClusterCount: q.min_cluster_count,
      maxClusterCount: q.max_cluster_count,
      scalingPolicy: q.scaling_policy,
      autoSuspendSeconds: q.auto_suspend_seconds,
      accountId: q.account_id,
    },
    insights: explainInsights(q.insight_mask, context, basis),
    savings: querySavings(q.insight_mask, context, basis),
    inputTables,
    outputTables: tableRefs(db, JSON.parse(q.output_tables) as number[]),
    metrics: {
      queuedProvisioningTime: q.queued_provisioning_time,
      compilationTime: q.compilation_time,
      queuedRepairTime: q.queued_repair_time,
      queuedOverloadTime: q.queued_overload_time,
      transactionBlockedTime: q.transaction_blocked_time,
      listExternalFilesTime: q.list_external_files_time,
      executionTime: q.execution_time,
      bytesSpilledToLocalStorage: q.bytes_spilled_local,
      bytesSpilledToRemoteStorage: q.bytes_spilled_remote,
      partitionsScanned: q.partitions_scanned,
      partitionsTotal: q.partitions_total,
    },
  }
}
