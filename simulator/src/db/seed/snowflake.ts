import { createHash } from 'node:crypto'
import { SNOWFLAKE_QUERY_ANCHORS, type SnowflakeQueryAnchor } from '../../../../fixtures/snowflake-queries.ts'
import type { Db } from '../open-database.ts'
import { insertRows } from './bulk-insert.ts'
import type { Prng } from './prng.ts'
import { SILENT_PROGRESS, type SeedProgress } from './progress.ts'
import type { SnowflakeRollupBuilder, SnowflakeRollupInput } from './snowflake-rollups.ts'
import {
  FAILURE_MESSAGES,
  SNOWFLAKE_ACCOUNTS,
  SNOWFLAKE_TABLE_SPECS,
  SNOWFLAKE_WAREHOUSES,
  WORKLOADS,
  type SeedWarehouse,
  type TemplateSpec,
  type Workload,
} from './snowflake-catalogue.ts'
import { catalogueNames, nameRows, SnowflakeCodec, seededQueryIdBytes } from './snowflake-codes.ts'
import { insightMask, insightKeysOf } from './snowflake-insights.ts'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

/** How far back query history goes: the 90 days the cost pages look back, and some. */
export const SNOWFLAKE_HISTORY_DAYS = 100

/** How many queries a scale seeds, and how much of it is dashboards refreshing on a schedule. */
export interface SnowflakeSizes {
  queries: number
  /** Dashboard tiles refreshed every `everyMinutes` over the last `days` days (repeated queries). */
  refresh: { tiles: number; everyMinutes: number; days: number }
  /** Queries running, queued or blocked at seeding, besides the anchors. */
  now: number
}

interface Statement {
  id: number
  workload: Workload
  accountId: string
  template: string
  signature: string
  queryType: TemplateSpec['queryType']
  database: string
  schema: string
  inputs: number[]
  outputs: number[]
  inputRows: number
  inputPartitions: number[]
}

interface Table {
  id: number
  accountId: string
  qualified: string
  rows: number
  bytes: number
  partitions: number
}

/** Compressed bytes of a micro-partition, on average (50-500 MB uncompressed). */
const PARTITION_BYTES = 16 * 2 ** 20

const QUERY_COLUMNS = [
  'id_bytes',
  'warehouse_code',
  'user_code',
  'role_code',
  'connector_code',
  'tag_code',
  'statement_id',
  'literal_seed',
  'status',
  'message',
  'session_id',
  'cluster_number',
  'start_time',
  'end_time',
  'duration',
  'compilation_time',
  'execution_time',
  'queued_provisioning_time',
  'queued_repair_time',
  'queued_overload_time',
  'transaction_blocked_time',
  'list_external_files_time',
  'bytes_scanned',
  'bytes_written',
  'bytes_spilled_local',
  'bytes_spilled_remote',
  'partitions_scanned',
  'partitions_total',
  'rows_produced',
  'rows_affected',
  'credits_e4',
  'cost_e4',
  'insight_mask',
  'insight_count',
] as const

/** A query's columns, and the names its cost rollups are keyed by (not columns: snowflake-codes.ts). */
type QueryRow = Record<(typeof QUERY_COLUMNS)[number], string | number | Buffer | null> & {
  query_tag: string
  signature: string
}

/** Lognormal: most queries take seconds, a few take hours (DOMAIN.md W1). */
function lognormal(prng: Prng, median: number, sigma: number): number {
  const u = Math.max(prng.next(), 1e-12)
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * prng.next())
  return median * Math.exp(sigma * z)
}

/** The catalogue's tables with ids, sizes from their row counts. */
function buildTables(prng: Prng): Table[] {
  const tables: Table[] = []
  for (const [accountId, specs] of Object.entries(SNOWFLAKE_TABLE_SPECS))
    for (const [database, schema, name, rows, partitions] of specs)
      tables.push({
        id: tables.length + 1,
        accountId,
        qualified: `${database}.${schema}.${name}`,
        rows,
        partitions,
        bytes: Math.round(partitions * PARTITION_BYTES * (0.8 + prng.next() * 0.4)),
      })
  return tables
}

/**
 * Each workload's statements: a template on some of its tables. A comment names the dbt model or
 * the dashboard tile, as those tools do, so statements of one template differ in text and in
 * signature (the parameterized hash: the text with its literals left as placeholders).
 */
function buildStatements(prng: Prng, tables: readonly Table[]): Statement[] {
  const statements: Statement[] = []
  for (const workload of WORKLOADS) {
    const own = workload.tables.map((q) =>
      tables.find((t) => t.accountId === workload.accountId && t.qualified === q)!,
    )
    for (let s = 0; s < workload.statements; s++) {
      const spec = workload.templates[s % workload.templates.length]!
      const shuffled = [...own].sort(() => prng.next() - 0.5)
      const inputs = shuffled.slice(0, spec.inputs)
      const outputs = spec.output ? [shuffled[spec.inputs] ?? shuffled[0]!] : []
      const prefix =
        workload.name === 'transforms'
          ? `/* {"app": "dbt", "node_id": "model.acme.m_${s}"} */\n`
          : workload.name === 'dashboards'
            ? `-- Looker Query Context '{"tile_id": ${s}}'\n`
            : ''
      let text = prefix + spec.text
      inputs.forEach((t, i) => (text = text.replaceAll(`{t${i}}`, t.qualified)))
      if (outputs[0]) text = text.replaceAll('{out}', outputs[0].qualified)
      const home = (outputs[0] ?? inputs[0] ?? own[0]!).qualified.split('.')
      statements.push({
        id: statements.length + 1,
        workload,
        accountId: workload.accountId,
        template: text,
        signature: createHash('md5').update(text).digest('hex'),
        queryType: spec.queryType,
        database: home[0]!,
        schema: home[1]!,
        inputs: inputs.map((t) => t.id),
        outputs: outputs.map((t) => t.id),
        inputRows: inputs.reduce((n, t) => n + t.rows, 0),
        inputPartitions: inputs.map((t) => t.partitions),
      })
    }
  }
  return statements
}

/** Submissions follow the working day, with a nightly ETL burst; weekends are quieter. */
function startTime(prng: Prng, now: number, historyStart: number): number {
  for (;;) {
    const day = Math.floor(prng.next() * SNOWFLAKE_HISTORY_DAYS)
    const dayStart = Math.floor(now / DAY) * DAY - day * DAY
    const weekday = new Date(dayStart).getUTCDay()
    if ((weekday === 0 || weekday === 6) && prng.chance(0.55)) continue
    const roll = prng.next()
    const hour = roll < 0.25 ? prng.int(1, 4) : roll < 0.85 ? prng.int(8, 18) : prng.int(0, 23)
    const t = dayStart + hour * HOUR + prng.int(0, HOUR - 1)
    if (t < now && t >= historyStart) return t
  }
}

/** Query rows held before they are written (a day's at the large scale: about 10,000). */
const WRITE_EVERY_ROWS = 5_000
/** Rollup buckets held before they are written (a week's at the large scale). */
const FLUSH_EVERY_BUCKETS = 20_000

/** What decides a query before its numbers are drawn. */
interface Plan {
  start: number
  statement: Statement
  userName?: string
  warehouse?: string
  anchor?: SnowflakeQueryAnchor
  /** R, W, U or P: a query in flight at seeding. */
  inFlight?: 'R' | 'W' | 'U' | 'P'
}

/** A Snowflake query id: 8-4-4-4-12 hex; the last group carries the sequence, so ids are unique. */
function queryId(prng: Prng, seq: number): string {
  const hex = (digits: number) =>
    Math.floor(prng.next() * 16 ** digits)
      .toString(16)
      .padStart(digits, '0')
  return `01${hex(6)}-${hex(4)}-${hex(4)}-0000-${seq.toString(16).padStart(12, '0')}`
}

class QueryMaker {
  private seq = 0
  private readonly warehouses = new Map<string, SeedWarehouse>()

  constructor(
    private readonly prng: Prng,
    private readonly now: number,
    private readonly usdPerCredit: number,
    private readonly codec: SnowflakeCodec,
  ) {
    for (const w of SNOWFLAKE_WAREHOUSES) this.warehouses.set(`${w.accountId}/${w.name}`, w)
  }

  /** The numbers of one query; insights are set later, when its day's signature counts are known. */
  make(plan: Plan): { row: QueryRow; facts: Parameters<typeof insightMask>[0] } {
    const { prng, now } = this
    const { statement, anchor } = plan
    const workload = statement.workload
    const warehouse = this.warehouses.get(
      `${statement.accountId}/${plan.warehouse ?? prng.pick(workload.warehouses)}`,
    )!
    const userName = plan.userName ?? prng.pick(workload.users)
    const codec = this.codec
    const hour = new Date(plan.start).getUTCHours()
    const busyHours = hour >= 8 && hour <= 18
    const queueChance =
      warehouse.name === 'BI_WH' || warehouse.name === 'ANALYST_WH' ? (busyHours ? 0.09 : 0.02) : 0.01

    let execution = anchor
      ? anchor.executionMs
      : Math.round(Math.min(4 * HOUR, Math.max(20, lognormal(prng, workload.medianMs, workload.sigma))))
    const compilation = Math.round(Math.min(60_000, Math.max(15, lognormal(prng, 180, 0.9))))
    const provisioning = prng.chance(0.04) ? prng.int(300, 4_000) : 0
    let overload = prng.chance(queueChance) ? Math.round(Math.max(50, lognormal(prng, 2_500, 1))) : 0
    const repair = prng.chance(0.002) ? prng.int(1_000, 20_000) : 0
    let blocked =
      (statement.queryType === 'MERGE' || statement.queryType === 'INSERT') && prng.chance(0.03)
        ? Math.round(lognormal(prng, 4_000, 1))
        : 0
    const listFiles = statement.queryType === 'COPY' ? prng.int(200, 6_000) : 0

    // Pruning: most queries read a sliver of their tables; a full scan reads them all.
    const fullScan = anchor ? Boolean(anchor.fullScan) : prng.chance(workload.fullScan)
    const share = fullScan ? 1 : Math.min(0.6, 0.004 * Math.exp(1.6 * (prng.next() * 2 - 1) * 2))
    const partitionsTotal = statement.inputPartitions.reduce((n, p) => n + p, 0)
    const partitionsScanned = statement.inputPartitions.reduce(
      (n, p) => n + (fullScan ? p : Math.max(1, Math.round(p * share))),
      0,
    )
    // SELECT * reads every column; lookups and aggregates a few of them.
    const columnShare = statement.template.includes('SELECT *') ? 1 : workload.name === 'api' ? 0.1 : 0.3
    const bytesScanned =
      statement.queryType === 'COPY'
        ? Math.round(lognormal(prng, 400 * 2 ** 20, 1))
        : Math.round(partitionsScanned * PARTITION_BYTES * columnShare * (0.7 + prng.next() * 0.6))

    // Spills: big reads on warehouses too small for them.
    let spilledLocal = 0
    let spilledRemote = 0
    if (anchor?.spilledRemoteBytes) {
      spilledRemote = anchor.spilledRemoteBytes
      spilledLocal = anchor.spilledRemoteBytes
    } else if (!anchor && bytesScanned > 2 * 2 ** 30 && warehouse.creditsPerHour <= 32) {
      if (prng.chance(0.18)) spilledLocal = Math.round(bytesScanned * (0.05 + prng.next() * 0.4))
      if (spilledLocal && prng.chance(0.25)) spilledRemote = Math.round(spilledLocal * prng.next() * 0.8)
    }

    const isSelect = statement.queryType === 'SELECT'
    const exploding =
      !anchor && isSelect && statement.inputs.length >= 2 && statement.workload.name !== 'dashboards'
        ? prng.chance(0.012)
        : false
    const rowsAffected = isSelect
      ? 0
      : Math.round(Math.min(statement.inputRows || 5e7, lognormal(prng, 60_000, 1.6)))
    const rowsProduced = isSelect
      ? exploding
        ? statement.inputRows * prng.int(2, 20)
        : Math.max(1, Math.round(Math.min(statement.inputRows * 0.5, lognormal(prng, 1_500, 2))))
      : rowsAffected
    const bytesWritten = isSelect ? 0 : Math.round(rowsAffected * (60 + prng.next() * 80))

    // Status: in flight at seeding, failed (part of the work done) or succeeded.
    const waiting = compilation + provisioning + overload + repair + blocked + listFiles
    let status: string = plan.inFlight ?? anchor?.status ?? 'S'
    let end: number | null = plan.start + waiting + execution
    if (!plan.inFlight && !anchor && end > now) status = 'R'
    if (status === 'S' && !anchor && prng.chance(0.03)) status = 'F'
    let message = ''
    if (status === 'F') {
      message = prng.pick(FAILURE_MESSAGES[statement.queryType])
      if (!anchor) execution = Math.round(execution * (0.05 + prng.next() * 0.9))
      end = plan.start + waiting + execution
    }
    if (status === 'R' || status === 'W' || status === 'U' || status === 'P') {
      // In flight: the times so far. W waits for the warehouse to resume, P on a lock.
      const sofar = Math.max(SECOND, now - plan.start)
      if (status === 'W') overload = 0
      if (status === 'P') blocked = Math.max(0, sofar - compilation)
      const before =
        compilation + (status === 'W' ? 0 : provisioning) + overload + repair + blocked + listFiles
      execution = status === 'R' || status === 'U' ? Math.max(0, sofar - before) : 0
      end = null
    }
    const queuedProvisioning = status === 'W' ? Math.max(0, now - plan.start - compilation) : provisioning
    const duration =
      end === null
        ? Math.max(SECOND, now - plan.start)
        : compilation + queuedProvisioning + overload + repair + blocked + listFiles + execution
    if (end !== null) end = plan.start + duration
    const ran = status === 'W' || status === 'P' ? 0 : 1

    const creditsE4 = Math.round((warehouse.creditsPerHour * execution) / 360)
    const costE4 = Math.round(creditsE4 * this.usdPerCredit)
    const clusterNumber =
      warehouse.maxClusterCount > 1 && (overload > 0 || prng.chance(0.3))
        ? prng.int(1, warehouse.maxClusterCount)
        : 1
    const seq = this.seq++
    const row: QueryRow = {
      id_bytes: seededQueryIdBytes(anchor?.id ?? queryId(prng, seq)),
      warehouse_code: codec.code('warehouse', warehouse.uid)!,
      user_code: codec.code('user', userName)!,
      role_code: codec.code('role', workload.role)!,
      connector_code: codec.code('connector', prng.pick(workload.connectors))!,
      query_tag: prng.pick(workload.tags),
      tag_code: 0,
      statement_id: statement.id,
      literal_seed: prng.int(0, 2 ** 31 - 1),
      signature: statement.signature,
      status,
      message,
      session_id:
        24_000_000_000_000 +
        Math.floor(plan.start / DAY) * 100_000 +
        workload.users.indexOf(userName) * 100 +
        prng.int(0, 9),
      cluster_number: clusterNumber,
      start_time: plan.start,
      end_time: end,
      duration,
      compilation_time: compilation,
      execution_time: execution,
      queued_provisioning_time: queuedProvisioning,
      queued_repair_time: repair,
      queued_overload_time: overload,
      transaction_blocked_time: blocked,
      list_external_files_time: listFiles,
      bytes_scanned: ran ? bytesScanned : 0,
      bytes_written: status === 'S' ? bytesWritten : 0,
      bytes_spilled_local: ran ? spilledLocal : 0,
      bytes_spilled_remote: ran ? spilledRemote : 0,
      partitions_scanned: ran ? partitionsScanned : 0,
      partitions_total: partitionsTotal,
      rows_produced: status === 'S' ? rowsProduced : 0,
      rows_affected: status === 'S' ? rowsAffected : 0,
      credits_e4: creditsE4,
      cost_e4: costE4,
      insight_mask: 0,
      insight_count: 0,
    }
    row.tag_code = codec.code('tag', row.query_tag)!
    return {
      row,
      facts: {
        status,
        queryType: statement.queryType,
        creditsPerHour: warehouse.creditsPerHour,
        executionTime: execution,
        queuedOverloadTime: overload,
        bytesScanned: row.bytes_scanned as number,
        bytesSpilledLocal: row.bytes_spilled_local as number,
        bytesSpilledRemote: row.bytes_spilled_remote as number,
        partitionsScanned: row.partitions_scanned as number,
        partitionsTotal,
        rowsProduced: row.rows_produced as number,
        inputTables: statement.inputs.length,
        inputRows: statement.inputRows,
        signatureRunsThatDay: 0,
      },
    }
  }
}

/** Weighted pick of a workload, then one of its statements, the first ones most often (Zipf-like). */
function pickStatement(prng: Prng, byWorkload: Map<Workload, Statement[]>, totalShare: number): Statement {
  let roll = prng.next() * totalShare
  const workload = WORKLOADS.find((w) => (roll -= w.share) < 0) ?? WORKLOADS[WORKLOADS.length - 1]!
  const own = byWorkload.get(workload)!
  return own[Math.floor(own.length * prng.next() ** 2)]!
}

/**
 * Seeds accounts, warehouses, tables, statements and `sizes.queries` queries over the last
 * SNOWFLAKE_HISTORY_DAYS days up to `now`, one UTC day at a time: a day's signature counts decide
 * its repeated queries, and only a day's rows are in memory at once. Returns the query count.
 */
export function seedSnowflake(
  db: Db,
  prng: Prng,
  now: number,
  sizes: SnowflakeSizes,
  usdPerCredit: number,
  progress: SeedProgress = SILENT_PROGRESS,
  rollups?: SnowflakeRollupBuilder,
): number {
  const tables = buildTables(prng)
  const statements = buildStatements(prng, tables)
  const names = catalogueNames()
  const codec = new SnowflakeCodec(names)
  db.transaction(() => {
    const price = Math.round(usdPerCredit * 10_000) / 10_000
    insertRows(
      db,
      'snowflake_accounts',
      ['account_id', 'cluster_uid', 'name', 'edition', 'usd_per_credit'],
      SNOWFLAKE_ACCOUNTS.map((a) => [a.accountId, a.clusterUid, a.name, a.edition, price]),
    )
    insertRows(
      db,
      'snowflake_warehouses',
      [
        'uid',
        'code',
        'account_id',
        'name',
        'size',
        'credits_per_hour',
        'min_cluster_count',
        'max_cluster_count',
        'scaling_policy',
        'auto_suspend_seconds',
      ],
      SNOWFLAKE_WAREHOUSES.map((w) => [
        w.uid,
        codec.code('warehouse', w.uid),
        w.accountId,
        w.name,
        w.size,
        w.creditsPerHour,
        w.minClusterCount,
        w.maxClusterCount,
        w.scalingPolicy,
        w.autoSuspendSeconds,
      ]),
    )
    insertRows(db, 'snowflake_names', ['dim', 'code', 'name'], nameRows(names))
    insertRows(
      db,
      'snowflake_tables',
      ['id', 'account_id', 'database_name', 'schema_name', 'name', 'row_count', 'bytes', 'partitions'],
      tables.map((t) => [t.id, t.accountId, ...t.qualified.split('.'), t.rows, t.bytes, t.partitions]),
    )
    insertRows(
      db,
      'snowflake_statements',
      [
        'id',
        'account_id',
        'template',
        'signature',
        'query_type',
        'database_name',
        'schema_name',
        'input_tables',
        'output_tables',
      ],
      statements.map((s) => [
        s.id,
        s.accountId,
        s.template,
        s.signature,
        s.queryType,
        s.database,
        s.schema,
        JSON.stringify(s.inputs),
        JSON.stringify(s.outputs),
      ]),
    )
  })()

  const byWorkload = new Map<Workload, Statement[]>()
  for (const s of statements) byWorkload.set(s.workload, [...(byWorkload.get(s.workload) ?? []), s])
  const totalShare = WORKLOADS.reduce((n, w) => n + w.share, 0)
  const historyStart = now - SNOWFLAKE_HISTORY_DAYS * DAY

  // The plans that are not drawn at random: anchors, queries in flight, scheduled refreshes.
  const fixed: Plan[] = []
  for (const anchor of SNOWFLAKE_QUERY_ANCHORS) {
    const workload = WORKLOADS.find((w) => w.name === anchor.workload)!
    fixed.push({
      start: now - anchor.startedAgoMs,
      statement: byWorkload.get(workload)![anchor.statement]!,
      userName: anchor.userName,
      warehouse: anchor.warehouse,
      anchor,
      inFlight: anchor.status === 'R' || anchor.status === 'W' ? anchor.status : undefined,
    })
  }
  const inFlight = ['R', 'R', 'W', 'R', 'P', 'U'] as const
  for (let i = 0; i < sizes.now; i++)
    fixed.push({
      start: now - prng.int(5 * SECOND, 10 * MINUTE),
      statement: pickStatement(prng, byWorkload, totalShare),
      inFlight: inFlight[i % inFlight.length],
    })
  const dashboards = byWorkload.get(WORKLOADS.find((w) => w.name === 'dashboards')!)!
  const { tiles, everyMinutes, days } = sizes.refresh
  for (let tile = 0; tile < tiles; tile++) {
    const offset = prng.int(0, everyMinutes * MINUTE - 1)
    for (let t = now - days * DAY + offset; t < now - MINUTE; t += everyMinutes * MINUTE)
      fixed.push({ start: t, statement: dashboards[tile % dashboards.length]! })
  }
  const randomCount = Math.max(0, sizes.queries - fixed.length)
  const starts = new Float64Array(randomCount)
  for (let i = 0; i < randomCount; i++) starts[i] = startTime(prng, now, historyStart)
  starts.sort()
  fixed.sort((a, b) => a.start - b.start)

  const maker = new QueryMaker(prng, now, usdPerCredit, codec)
  const write = db.transaction((rows: QueryRow[]) =>
    insertRows(
      db,
      'snowflake_queries',
      QUERY_COLUMNS,
      rows.map((r) => QUERY_COLUMNS.map((c) => r[c])),
    ),
  )
  let r = 0
  let f = 0
  let count = 0
  let pending: QueryRow[] = []
  for (let dayStart = Math.floor(historyStart / DAY) * DAY; dayStart <= now; dayStart += DAY) {
    const dayEnd = dayStart + DAY
    const made: ReturnType<QueryMaker['make']>[] = []
    while (r < randomCount && starts[r]! < dayEnd)
      made.push(maker.make({ start: starts[r++]!, statement: pickStatement(prng, byWorkload, totalShare) }))
    while (f < fixed.length && fixed[f]!.start < dayEnd) made.push(maker.make(fixed[f++]!))
    const runs = new Map<string, number>()
    for (const { row } of made)
      runs.set(row.signature as string, (runs.get(row.signature as string) ?? 0) + 1)
    for (const { row, facts } of made) {
      facts.signatureRunsThatDay = runs.get(row.signature as string)!
      row.insight_mask = insightMask(facts)
      row.insight_count = insightKeysOf(row.insight_mask).length
    }
    // The day's random queries were made before its fixed ones (so every draw, id included, stays
    // as it was); they are written in start order, so the table is stored in time order
    // (time-ordered-rows.ts). A stable sort: queries that start at the same instant keep their order.
    made.sort((a, b) => (a.row.start_time as number) - (b.row.start_time as number))
    for (const m of made) {
      pending.push(m.row)
      rollups?.add(m.row as SnowflakeRollupInput)
    }
    // Written once a few thousand are in (each write prepares its multi-row statement anew, 2 ms):
    // a day at a time at the large scale. Holding 20,000 rows across days kept twice as much alive,
    // and V8 grows the heap with what is alive.
    if (pending.length >= WRITE_EVERY_ROWS) {
      write(pending)
      pending = []
    }
    // The rollup buckets of the days so far are complete: written once there are many, so only a
    // few days of them are ever held.
    if (rollups && rollups.held >= FLUSH_EVERY_BUCKETS) db.transaction(() => rollups.flush(db, dayEnd))()
    // The day's rollup buckets are complete: written now, so only a day of them is ever held.
    if (rollups) db.transaction(() => rollups.flush(db, dayEnd))()
    count += made.length
    progress.advance(made.length)
  }
  write(pending)
  return count
}
