import { createHash } from 'node:crypto'
import {
  BIGQUERY_PRICING_PLAN_KEYS,
  bigQueryBilledBytes,
  bigQueryOnDemandCostE4,
  bigQuerySlotCostE4,
  type BigQueryPricingPlan,
  bigQueryInsightKeysOf,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { insertRows, RowInserter } from './bulk-insert.ts'
import type { Prng } from './prng.ts'
import { SILENT_PROGRESS, type SeedProgress } from './progress.ts'
import {
  BIGQUERY_RESERVATIONS,
  bigQueryProjects,
  bigQueryUsers,
  COSTLENS_WORKLOAD,
  FAILURE_MESSAGES,
  PARTITION_DAYS,
  SERVICE_ACCOUNTS,
  TABLE_SPECS,
  WORKLOADS,
  type BigQuerySizes,
  type SeedProject,
  type TemplateSpec,
  type Workload,
} from './bigquery-catalogue.ts'
import { bigQueryInsightMask, type BigQueryInsightFacts } from './bigquery-insights.ts'
import type { BigQueryRollupBuilder } from './bigquery-rollups.ts'
import { buildBigQueryStatementDays, seedBigQueryTableStorage } from './bigquery-storage.ts'
import { SNOWFLAKE_HISTORY_DAYS } from './snowflake.ts'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const GIB = 2 ** 30

/** Job history spans the Snowflake queries' (100 days up to now), so the cost pages compare alike. */
export const BIGQUERY_HISTORY_DAYS = SNOWFLAKE_HISTORY_DAYS

/** BigQuery's generator is its own (seed + 19): adding it left every other table's rows as they were. */
export const BIGQUERY_PRNG_OFFSET = 19

/** Every table the BigQuery seeder fills, parents before children (the order a side seed copies them in). */
export const BIGQUERY_TABLES = [
  'bq_reservations',
  'bq_projects',
  'bq_principals',
  'bq_tables',
  'bq_table_storage',
  'bq_statements',
  'bq_labels',
  'bq_label_sets',
  'bq_jobs',
  'bq_job_days',
  'bq_statement_days',
] as const

/**
 * A statement's text as a job ran it: `{n}` filled from the job's literal_seed (repeats of one
 * signature differ in their literals only). The readers show this.
 */
export function renderBigQueryStatement(template: string, literalSeed: number): string {
  return template.replaceAll('{n}', String((literalSeed % 97) + 1))
}

interface Table {
  code: number
  project: number
  qualified: string
  partitioned: boolean
  clustered: boolean
  storageBytes: number
  rows: number
}

interface Statement {
  id: number
  project: SeedProject
  projectCode: number
  workload: Workload
  spec: TemplateSpec
  template: string
  signature: string
  reads: Table[]
  destination: Table | null
  destinationUri: string | null
}

const JOB_COLUMNS = [
  'id_text',
  'project',
  'principal',
  'reservation',
  'statement_id',
  'literal_seed',
  'label_set',
  'job_type',
  'status',
  'error_message',
  'priority',
  'pricing',
  'cache_hit',
  'executed_by_unravel',
  'create_time',
  'start_time',
  'end_time',
  'duration',
  'bytes_processed',
  'bytes_billed',
  'bytes_scanned',
  'slot_ms',
  'cost_e4',
  'rows_affected',
  'records_read',
  'records_written',
  'shuffle_bytes',
  'spilled_bytes',
  'wait_avg_ms',
  'wait_max_ms',
  'read_avg_ms',
  'read_max_ms',
  'compute_avg_ms',
  'compute_max_ms',
  'write_avg_ms',
  'write_max_ms',
  'destination_file_count',
  'insight_mask',
  'insight_count',
  'id_tail',
  'seq',
] as const

type JobRow = Record<(typeof JOB_COLUMNS)[number], string | number | null>

/** Lognormal: most jobs take seconds, a few hours (DOMAIN.md W1). */
function lognormal(prng: Prng, median: number, sigma: number): number {
  const u = Math.max(prng.next(), 1e-12)
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * prng.next())
  return median * Math.exp(sigma * z)
}

/** The people who run a project's ad-hoc queries. */
const USERS_PER_PROJECT = 6

/** Bytes an average row takes, to turn bytes into records. */
const ROW_BYTES = 220

/** The catalogue's tables in every project, storage lognormal about the spec's median. */
function buildTables(prng: Prng, projects: readonly SeedProject[]): Table[] {
  const tables: Table[] = []
  projects.forEach((project, p) => {
    // The first projects are the busiest and hold the most data.
    const scale = 1 / (1 + p * 0.15)
    for (const [dataset, name, partitioned, clustered, medianGib] of TABLE_SPECS) {
      const storageBytes = Math.max(GIB / 64, Math.round(lognormal(prng, medianGib * GIB * scale, 0.5)))
      tables.push({
        code: tables.length + 1,
        project: p + 1,
        qualified: `${project.projectId}.${dataset}.${name}`,
        partitioned,
        clustered,
        storageBytes,
        rows: Math.round(storageBytes / ROW_BYTES),
      })
    }
  })
  return tables
}

/** Each project's statements of each workload: templates on its tables, comments making texts differ. */
function buildStatements(
  prng: Prng,
  projects: readonly SeedProject[],
  tables: readonly Table[],
): Statement[] {
  const statements: Statement[] = []
  projects.forEach((project, p) => {
    const own = tables.filter((t) => t.project === p + 1)
    const partitioned = own.filter((t) => t.partitioned)
    for (const workload of WORKLOADS)
      for (let s = 0; s < workload.statementsPerProject; s++) {
        const spec = workload.templates[s % workload.templates.length]!
        const shuffled = [...own].sort(() => prng.next() - 0.5)
        const reads = shuffled.slice(0, spec.reads)
        // A missing partition filter reads a partitioned table whole.
        if (spec.patterns.includes('NO_PARTITION_FILTER') && reads[0] && !reads[0].partitioned)
          reads[0] = prng.pick(partitioned)
        const destination = spec.writes ? (shuffled.find((t) => !reads.includes(t)) ?? own[0]!) : null
        let text = spec.text
        reads.forEach((t, i) => (text = text.replaceAll(`{t${i}}`, t.qualified)))
        if (destination) text = text.replaceAll('{out}', destination.qualified)
        text = text.replaceAll('{location}', project.location.toLowerCase())
        if (workload.name === 'etl')
          text = `/* {"app": "dbt", "node_id": "model.${project.projectId}.m_${s}"} */\n${text}`
        else if (workload.name === 'adhoc' && s >= workload.templates.length) text = `-- draft ${s}\n${text}`
        const destinationUri =
          spec.jobType === 'E'
            ? `gs://acme-exports/${reads[0]!.qualified.replaceAll('.', '/')}/${s}/part-*.csv.gz`
            : null
        statements.push({
          id: statements.length + 1,
          project,
          projectCode: p + 1,
          workload,
          spec,
          template: text,
          signature: createHash('md5').update(text).digest('hex'),
          reads,
          destination,
          destinationUri,
        })
      }
  })
  return statements
}

/** Submissions follow the working day with a nightly batch burst; weekends are quieter. */
function createTime(prng: Prng, now: number, historyStart: number): number {
  for (;;) {
    const day = Math.floor(prng.next() * BIGQUERY_HISTORY_DAYS)
    const dayStart = Math.floor(now / DAY) * DAY - day * DAY
    const weekday = new Date(dayStart).getUTCDay()
    if ((weekday === 0 || weekday === 6) && prng.chance(0.5)) continue
    const roll = prng.next()
    const hour = roll < 0.25 ? prng.int(1, 5) : roll < 0.85 ? prng.int(8, 18) : prng.int(0, 23)
    const t = dayStart + hour * HOUR + prng.int(0, HOUR - 1)
    if (t < now && t >= historyStart) return t
  }
}

interface Plan {
  create: number
  statement: Statement
  /** R or W: a job running or pending at seeding. */
  inFlight?: 'R' | 'W'
}

interface Context {
  prng: Prng
  now: number
  principals: Map<string, number>
  users: readonly string[]
  labelSets: Map<Workload, number[]>
  reservationCodes: Map<string, number>
  rates: Map<string, number>
}

/**
 * A job id as the console makes them: bquxjob_<8 hex: the sequence>_<11 hex>: ids sort in creation
 * order. Stored as the 11 hex digits' number (bq_jobs.id_tail) beside the sequence (the rowid - 1),
 * rendered back by repositories/bigquery-codes.ts jobIdSql.
 */
function jobIdTail(prng: Prng): number {
  const high = prng.int(0, 16 ** 6 - 1)
  return high * 16 ** 5 + prng.int(0, 16 ** 5 - 1)
}

/** Average and maximum of a stage over the job's stages (ms). */
function stage(prng: Prng, total: number): [number, number] {
  const avg = Math.round(total)
  return [avg, Math.round(avg * (1.2 + prng.next() * 2.8))]
}

/** The numbers of one job; insights are set later, when its day's signature counts are known. */
function makeJob(ctx: Context, plan: Plan, seq: number): { row: JobRow; facts: BigQueryInsightFacts } {
  const { prng, now } = ctx
  const { statement } = plan
  const { spec, workload, project } = statement
  // People work in a few projects each: a project's ad-hoc jobs come from its own handful of users
  // (which also keeps the day rollup's project × principal groups few).
  const principalEmail =
    workload.principals === 'users'
      ? ctx.users[
          (statement.projectCode * 7 + Math.floor(USERS_PER_PROJECT * prng.next() ** 2)) % ctx.users.length
        ]!
      : prng.pick(workload.principals)
  const labelSets = ctx.labelSets.get(workload)!
  const labelSet = labelSets.length ? prng.pick(labelSets) || null : null
  const pricingKey: BigQueryPricingPlan = project.reservationId
    ? (BIGQUERY_RESERVATIONS.find((r) => r.reservationId === project.reservationId)!
        .edition as BigQueryPricingPlan)
    : 'ON_DEMAND'
  const onDemand = pricingKey === 'ON_DEMAND'
  const isQuery = spec.jobType === 'Q'
  const isSelect = spec.statementType === 'SELECT'

  // Cached: a deterministic SELECT repeated within a day (never one with CURRENT_TIMESTAMP()).
  const cacheable =
    isSelect && !spec.patterns.includes('CURRENT_TIMESTAMP') && workload.name !== COSTLENS_WORKLOAD
  const cacheHit =
    !plan.inFlight && cacheable && prng.chance(workload.name === 'dashboards' ? 0.45 : 0.06) ? 1 : 0

  // Bytes the job reads: columns and partitions of its tables.
  const tiny = spec.patterns.includes('TINY')
  const columnShare = spec.patterns.includes('SELECT_STAR') ? 1 : 0.08 + prng.next() * 0.3
  let processed = 0
  for (const t of statement.reads) {
    const partitionShare =
      t.partitioned && !spec.patterns.includes('NO_PARTITION_FILTER')
        ? Math.min(1, prng.int(1, 30) / PARTITION_DAYS)
        : t.clustered
          ? 0.3 + prng.next() * 0.7
          : 1
    processed += t.storageBytes * columnShare * partitionShare
  }
  if (tiny) processed = lognormal(prng, 300 * 1024, 1)
  if (workload.name === COSTLENS_WORKLOAD) processed = lognormal(prng, 4 * 2 ** 20, 0.8)
  processed = Math.round(processed)
  const loadBytes = spec.jobType === 'L' ? Math.round(lognormal(prng, 2 * GIB, 1.2)) : 0

  // Times: a queue wait (slots busy), then the stages.
  const exploded = spec.patterns.includes('CROSS_JOIN') ? 4 : 1
  let execution = Math.round(
    Math.min(6 * HOUR, Math.max(150, lognormal(prng, workload.medianMs, workload.sigma) * exploded)),
  )
  if (cacheHit) execution = prng.int(40, 400)
  const hour = new Date(plan.create).getUTCHours()
  let wait = prng.chance(hour >= 8 && hour <= 18 ? 0.12 : 0.03) ? Math.round(lognormal(prng, 3_000, 1)) : 0
  if (cacheHit) wait = 0

  let status: string = plan.inFlight ?? 'S'
  let end: number | null = plan.create + wait + execution
  if (!plan.inFlight && end > now) status = 'R'
  if (status === 'S' && prng.chance(0.03)) status = 'F'
  let errorMessage: string | null = null
  if (status === 'F') {
    errorMessage = prng.pick(FAILURE_MESSAGES[spec.jobType])
    execution = Math.round(execution * (0.05 + prng.next() * 0.9))
    end = plan.create + wait + execution
  }
  let start: number | null = plan.create + wait
  if (status === 'R') {
    end = null
    execution = Math.max(0, now - plan.create - wait)
    if (execution === 0) status = 'W'
  }
  if (status === 'W') {
    wait = Math.max(SECOND, now - plan.create)
    execution = 0
    start = null
    end = null
  }
  const duration = end === null ? Math.max(SECOND, now - plan.create) : end - plan.create
  const done = status === 'S'
  const ran = status === 'S' || status === 'F' || status === 'R'
  const workShare = done ? 1 : status === 'W' ? 0 : Math.min(1, execution / Math.max(1, execution + 1_000))

  // Slots: parallelism grows with the bytes read (about 1,000 slots for a TiB), a cross join's more.
  const parallelism = Math.min(2_000, Math.max(1, Math.sqrt(processed / 2 ** 20))) * exploded
  const slotMs = cacheHit || !ran ? 0 : Math.round(execution * parallelism * (0.5 + prng.next() * 0.5))
  const bytesProcessed = cacheHit ? 0 : Math.round((isQuery ? processed : 0) * workShare)
  // Billed bytes once done (failures and cache hits free, load/extract/copy in the free shared pool).
  const bytesBilled =
    done && isQuery && !cacheHit ? bigQueryBilledBytes(bytesProcessed, statement.reads.length) : 0
  const costE4 =
    !done || !isQuery || cacheHit
      ? 0
      : onDemand
        ? bigQueryOnDemandCostE4(bytesBilled)
        : bigQuerySlotCostE4(slotMs, ctx.rates.get(project.reservationId!)!)
  const bytesScanned = cacheHit
    ? 0
    : spec.jobType === 'L'
      ? Math.round(loadBytes * workShare)
      : spec.jobType === 'Q'
        ? bytesProcessed
        : Math.round(statement.reads.reduce((n, t) => n + t.storageBytes, 0) * workShare)

  const recordsRead = Math.round(bytesScanned / ROW_BYTES)
  const dml = ['MERGE', 'INSERT', 'CREATE_TABLE_AS_SELECT'].includes(spec.statementType)
  const rowsAffected =
    !done || cacheHit
      ? 0
      : dml
        ? Math.round(Math.min(recordsRead || 1e8, lognormal(prng, 80_000, 1.6)))
        : spec.jobType === 'L'
          ? recordsRead
          : 0
  const recordsWritten = !done
    ? 0
    : isSelect
      ? Math.max(1, Math.round(lognormal(prng, tiny ? 20 : 1_500, 1.5) * exploded))
      : spec.jobType === 'Q'
        ? rowsAffected
        : recordsRead
  const shuffle =
    isQuery && !cacheHit && ran ? Math.round(bytesProcessed * (0.02 + prng.next() * 0.3) * exploded) : 0
  const spilled = shuffle > 50 * GIB && prng.chance(0.2) ? Math.round(shuffle * prng.next() * 0.3) : 0
  const readShare = 0.3 + prng.next() * 0.2
  const writeShare = spec.writes ? 0.1 + prng.next() * 0.2 : 0.03
  const [waitAvg, waitMax] = stage(prng, wait)
  const [readAvg, readMax] = stage(prng, execution * readShare)
  const [computeAvg, computeMax] = stage(prng, execution * (1 - readShare - writeShare))
  const [writeAvg, writeMax] = stage(prng, execution * writeShare)
  const fileCount = spec.jobType === 'E' && done ? Math.max(1, Math.ceil(bytesScanned / (256 * 2 ** 20))) : 0

  const reservationCode = project.reservationId ? ctx.reservationCodes.get(project.reservationId)! : null
  const row: JobRow = {
    id_text: null,
    id_tail: jobIdTail(prng),
    // The rowid, which a lookup by id seeks (schema.sql bq_jobs, repositories/bigquery-codes.ts jobIdWhere).
    seq: seq + 1,
    project: statement.projectCode,
    principal: ctx.principals.get(principalEmail)!,
    reservation: reservationCode,
    statement_id: statement.id,
    literal_seed: prng.int(0, 2 ** 31 - 1),
    label_set: labelSet,
    job_type: spec.jobType,
    status,
    error_message: errorMessage,
    priority: workload.priority,
    pricing: BIGQUERY_PRICING_PLAN_KEYS.indexOf(pricingKey),
    cache_hit: cacheHit,
    executed_by_unravel: workload.name === COSTLENS_WORKLOAD ? 1 : 0,
    create_time: plan.create,
    start_time: start,
    end_time: end,
    duration,
    bytes_processed: bytesProcessed,
    bytes_billed: bytesBilled,
    bytes_scanned: bytesScanned,
    slot_ms: slotMs,
    cost_e4: costE4,
    rows_affected: rowsAffected,
    records_read: recordsRead,
    records_written: recordsWritten,
    shuffle_bytes: shuffle,
    spilled_bytes: spilled,
    wait_avg_ms: waitAvg,
    wait_max_ms: waitMax,
    read_avg_ms: readAvg,
    read_max_ms: readMax,
    compute_avg_ms: computeAvg,
    compute_max_ms: computeMax,
    write_avg_ms: writeAvg,
    write_max_ms: writeMax,
    destination_file_count: fileCount,
    insight_mask: 0,
    insight_count: 0,
  }
  return {
    row,
    facts: {
      jobType: spec.jobType,
      status,
      cacheHit: cacheHit === 1,
      onDemand,
      patterns: spec.patterns,
      bytesProcessed,
      bytesBilled,
      signatureRunsThatDay: 0,
    },
  }
}

/** Jobs held before they are written. */
const WRITE_EVERY_ROWS = 5_000

/**
 * Seeds reservations, projects, principals, tables, statements, labels and `sizes.jobs` jobs over
 * the last BIGQUERY_HISTORY_DAYS days up to `now`, one UTC day at a time in creation order (so in
 * job-id order): a day's signature counts decide its repeat insights, and only a day's jobs are in
 * memory at once. The day rollup (bq_job_days) is written as each day completes. Returns the job count.
 */
export function seedBigQuery(
  db: Db,
  prng: Prng,
  now: number,
  sizes: BigQuerySizes,
  progress: SeedProgress = SILENT_PROGRESS,
  rollups?: BigQueryRollupBuilder,
): number {
  const projects = bigQueryProjects(sizes.projects, (n) => prng.int(0, n - 1))
  const users = bigQueryUsers(sizes.users)
  const tables = buildTables(prng, projects)
  const statements = buildStatements(prng, projects, tables)
  const principals = new Map<string, number>()
  for (const email of [...Object.values(SERVICE_ACCOUNTS), ...users])
    principals.set(email, principals.size + 1)
  const reservationCodes = new Map(BIGQUERY_RESERVATIONS.map((r, i) => [r.reservationId, i + 1]))
  const rates = new Map(BIGQUERY_RESERVATIONS.map((r) => [r.reservationId, r.usdPerSlotHour]))
  // Labels and label sets: each workload's sets, a code per distinct (key, value).
  const labels = new Map<string, number>()
  const labelSetRows: [number, number][] = []
  const labelSets = new Map<Workload, number[]>()
  let nextSet = 1
  for (const workload of WORKLOADS) {
    const codes: number[] = []
    for (const set of workload.labels) {
      if (set.length === 0) continue
      const code = nextSet++
      for (const [key, value] of set) {
        const k = `${key}\u0000${value}`
        if (!labels.has(k)) labels.set(k, labels.size + 1)
        labelSetRows.push([code, labels.get(k)!])
      }
      codes.push(code)
    }
    // A workload listing an empty set runs as many jobs without labels as with (0: none).
    if (workload.labels.some((s) => s.length === 0)) codes.push(...codes.map(() => 0))
    labelSets.set(workload, codes)
  }

  db.transaction(() => {
    insertRows(
      db,
      'bq_reservations',
      [
        'code',
        'reservation_id',
        'organization',
        'location',
        'edition',
        'slot_capacity',
        'max_slots',
        'commitment',
        'usd_per_slot_hour',
      ],
      BIGQUERY_RESERVATIONS.map((r, i) => [
        i + 1,
        r.reservationId,
        r.organization,
        r.location,
        r.edition,
        r.slotCapacity,
        r.maxSlots,
        r.commitment,
        r.usdPerSlotHour,
      ]),
    )
    insertRows(
      db,
      'bq_projects',
      [
        'code',
        'project_id',
        'project_name',
        'project_number',
        'organization',
        'location',
        'reservation',
        'created_at',
      ],
      projects.map((p, i) => [
        i + 1,
        p.projectId,
        p.projectName,
        String(100_000_000_000 + (((i + 1) * 7_919_357_117) % 899_999_999_999)),
        p.organization,
        p.location,
        p.reservationId ? reservationCodes.get(p.reservationId)! : null,
        Math.floor(now / DAY) * DAY - p.ageDays * DAY,
      ]),
    )
    insertRows(
      db,
      'bq_principals',
      ['code', 'email', 'is_service_account'],
      [...principals].map(([email, code]) => [code, email, email.endsWith('.gserviceaccount.com') ? 1 : 0]),
    )
    insertRows(
      db,
      'bq_tables',
      ['code', 'project', 'dataset', 'table_name', 'partitioned', 'clustered', 'storage_bytes', 'row_count'],
      tables.map((t) => {
        const [, dataset, name] = t.qualified.split('.')
        return [
          t.code,
          t.project,
          dataset,
          name,
          t.partitioned ? 1 : 0,
          t.clustered ? 1 : 0,
          t.storageBytes,
          t.rows,
        ]
      }),
    )
    insertRows(
      db,
      'bq_statements',
      [
        'id',
        'job_type',
        'statement_type',
        'template',
        'signature',
        'source_tables',
        'destination_table',
        'destination_uri',
      ],
      statements.map((s) => [
        s.id,
        s.spec.jobType,
        s.spec.statementType,
        s.template,
        s.signature,
        s.reads.map((t) => t.code).join(','),
        s.destination?.code ?? null,
        s.destinationUri,
      ]),
    )
    insertRows(
      db,
      'bq_labels',
      ['code', 'key', 'value'],
      [...labels].map(([k, code]) => [code, ...k.split('\u0000')]),
    )
    insertRows(db, 'bq_label_sets', ['code', 'label'], labelSetRows)
    // The /data page's storage figures, from the tables and statements just written.
    seedBigQueryTableStorage(db, now)
  })()
  // Statements by workload; a workload's jobs go to the busiest projects most (Zipf-like).
  const byWorkload = new Map<Workload, Statement[][]>()
  for (const workload of WORKLOADS)
    byWorkload.set(
      workload,
      projects.map((_, p) => statements.filter((s) => s.workload === workload && s.projectCode === p + 1)),
    )
  const totalShare = WORKLOADS.reduce((n, w) => n + w.share, 0)
  const pickStatement = (): Statement => {
    let roll = prng.next() * totalShare
    const workload = WORKLOADS.find((w) => (roll -= w.share) < 0) ?? WORKLOADS[WORKLOADS.length - 1]!
    const perProject = byWorkload.get(workload)!
    const own = perProject[Math.floor(perProject.length * prng.next() ** 2)]!
    return own[Math.floor(own.length * prng.next() ** 1.5)]!
  }

  const historyStart = now - BIGQUERY_HISTORY_DAYS * DAY
  const fixed: Plan[] = []
  for (let i = 0; i < sizes.now; i++)
    fixed.push({
      create: now - prng.int(5 * SECOND, 8 * MINUTE),
      statement: pickStatement(),
      inFlight: i % 3 === 2 ? 'W' : 'R',
    })
  // Dashboard tiles refreshing on a schedule on the on-demand cluster projects: repeated signatures
  // (cache misses with CURRENT_TIMESTAMP(), floods of tiny queries at the 10 MB minimum).
  const dashboards = WORKLOADS.find((w) => w.name === 'dashboards')!
  const tileStatements = byWorkload
    .get(dashboards)!
    .filter((own) => own[0] && !own[0].project.reservationId)
    .slice(0, 2)
    .flat()
  const { tiles, everyMinutes, days } = sizes.refresh
  for (let tile = 0; tile < tiles && tileStatements.length; tile++) {
    const offset = prng.int(0, everyMinutes * MINUTE - 1)
    for (let t = now - days * DAY + offset; t < now - MINUTE; t += everyMinutes * MINUTE)
      fixed.push({ create: t, statement: tileStatements[tile % tileStatements.length]! })
  }
  const randomCount = Math.max(0, sizes.jobs - fixed.length)
  const creates = new Float64Array(randomCount)
  for (let i = 0; i < randomCount; i++) creates[i] = createTime(prng, now, historyStart)
  creates.sort()
  fixed.sort((a, b) => a.create - b.create)

  const ctx: Context = { prng, now, principals, users, labelSets, reservationCodes, rates }
  const inserter = new RowInserter(db, 'bq_jobs', JOB_COLUMNS)
  const write = db.transaction((rows: JobRow[]) => {
    for (const r of rows) inserter.pushRow(JOB_COLUMNS.map((c) => r[c]))
    inserter.flush()
  })
  let r = 0
  let f = 0
  let seq = 0
  let pending: JobRow[] = []
  for (let dayStart = Math.floor(historyStart / DAY) * DAY; dayStart <= now; dayStart += DAY) {
    const dayEnd = dayStart + DAY
    const plans: Plan[] = []
    while (r < randomCount && creates[r]! < dayEnd)
      plans.push({ create: creates[r++]!, statement: pickStatement() })
    while (f < fixed.length && fixed[f]!.create < dayEnd) plans.push(fixed[f++]!)
    // In creation order, so the ids (which carry the sequence) are in key order.
    plans.sort((a, b) => a.create - b.create)
    const made = plans.map((plan) => makeJob(ctx, plan, seq++))
    const runs = new Map<string, number>()
    const signature = (row: JobRow) => statements[(row.statement_id as number) - 1]!.signature
    for (const { row } of made) runs.set(signature(row), (runs.get(signature(row)) ?? 0) + 1)
    for (const { row, facts } of made) {
      facts.signatureRunsThatDay = runs.get(signature(row))!
      row.insight_mask = bigQueryInsightMask(facts)
      row.insight_count = bigQueryInsightKeysOf(row.insight_mask).length
      pending.push(row)
      rollups?.add(row as unknown as Parameters<BigQueryRollupBuilder['add']>[0])
    }
    if (pending.length >= WRITE_EVERY_ROWS) {
      write(pending)
      pending = []
    }
    // The day's rollup groups are complete: written now, so only a day of them is ever held.
    if (rollups) db.transaction(() => rollups.flush(db))()
    progress.advance(made.length)
  }
  write(pending)
  // The /data page's reads by day and statement, from the jobs just written.
  db.transaction(() => buildBigQueryStatementDays(db))()
  return seq
}
