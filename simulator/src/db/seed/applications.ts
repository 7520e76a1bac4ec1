import type { Db } from '../open-database.ts'
import { storedSeedDiagnostics } from './app-diagnostics.ts'
import { storedTasks } from './app-tasks.ts'
import { SIGNATURE_SPREAD, storedSignature } from './app-signature.ts'
import { RowInserter } from './bulk-insert.ts'
import type { SeedCluster } from './clusters.ts'
import type { Prng } from './prng.ts'
import { SILENT_PROGRESS, type SeedProgress } from './progress.ts'
import type { RollupNameField } from './app-rollups.ts'
import { codesInNameOrder } from './name-codes.ts'
import { SPARK_SERVICE_ACCOUNT, sparkApplicationHomes } from './kubernetes-catalogue.ts'
import { RollupBatcher, type RollupSink } from './rollup-batch.ts'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** How far back application history goes. */
export const APP_HISTORY_DAYS = 30

/**
 * Who submits work: a few service accounts run most of it, people run the long tail (W1-W4 in
 * DOMAIN.md: few users and queues dominate). Weights are relative.
 */
const SUBMITTERS: readonly [string, number][] = [
  ['etl_svc', 30],
  ['airflow', 22],
  ['hive', 12],
  ['reporting_svc', 9],
  ['ml_pipeline', 6],
  ['alice.nguyen', 4],
  ['bob.martin', 3],
  ['carol.singh', 3],
  ['dmitri.petrov', 2],
  ['erin.oconnor', 2],
  ['farid.haddad', 2],
  ['grace.kim', 1.5],
  ['hiro.tanaka', 1.5],
  ['ines.garcia', 1],
  ['jonas.berg', 1],
]
const QUEUES: readonly [string, number][] = [
  ['root.etl', 40],
  ['root.adhoc', 20],
  ['root.reporting', 18],
  ['root.ml', 10],
  ['root.default', 8],
  ['root.backfill', 4],
]
/** Presto resource groups, the "queue" a Presto query is admitted to. */
const PRESTO_RESOURCE_GROUPS: readonly [string, number][] = [
  ['global.adhoc', 45],
  ['global.bi', 35],
  ['global.etl', 20],
]
/** Work mix per engine; impala only on CDH/CDP Impala clusters (BigQuery jobs are in bq_jobs, seed/bigquery.ts). */
const YARN_KINDS: readonly [string, number][] = [
  ['spark', 45],
  ['hive', 20],
  ['tez', 18],
  ['mr', 17],
]
/** The recurring application names: the pipelines list (E026) and the scheduled jobs calendar group runs by them. */
export const PIPELINE_NAMES = [
  'daily_sales_rollup',
  'customer_360_refresh',
  'clickstream_sessionize',
  'inventory_snapshot',
  'fraud_features',
  'marketing_attribution',
  'finance_ledger_close',
  'recommendations_train',
]
const TABLES = [
  'sales.orders',
  'sales.order_items',
  'crm.customers',
  'web.clicks',
  'ops.inventory',
  'fin.ledger',
]

/**
 * Insight event types (B182: 2 and 6 make an app inefficient) with the event names the
 * inefficient-apps lists filter on, and their insight category (vt, B229).
 */
export const APP_EVENT_TYPES: readonly {
  type: number
  name: string
  vt: string
  kinds: readonly string[]
}[] = [
  { type: 2, name: 'Contended Driver', vt: 'IR', kinds: ['spark'] },
  { type: 2, name: 'Data Skew', vt: 'IR', kinds: ['spark', 'hive', 'tez', 'mr'] },
  { type: 6, name: 'Too Many Partitions', vt: 'IA', kinds: ['spark'] },
  { type: 6, name: 'Memory Over-allocation', vt: 'IA', kinds: ['spark', 'mr', 'tez'] },
  { type: 6, name: 'Small Files', vt: 'IA', kinds: ['hive', 'tez', 'mr', 'impala'] },
  { type: 3, name: 'Executor GC Overhead', vt: 'SU', kinds: ['spark'] },
  {
    type: 4,
    name: 'SLA Missed',
    vt: 'SE',
    kinds: ['spark', 'hive', 'tez', 'mr', 'impala', 'presto'],
  },
  {
    type: 5,
    name: 'Application Failure',
    vt: 'AF',
    kinds: ['spark', 'hive', 'tez', 'mr', 'impala', 'presto'],
  },
]

/** The bit of each event name in applications.event_mask: its position in APP_EVENT_TYPES. */
export function eventMask(names: readonly string[]): number {
  return APP_EVENT_TYPES.reduce((mask, e, bit) => (names.includes(e.name) ? mask | (1 << bit) : mask), 0)
}

/** The mask of the event names of some event types (B182: 2 and 6 are the inefficient ones). */
export function eventTypeMask(types: readonly number[]): number {
  return APP_EVENT_TYPES.reduce((mask, e, bit) => (types.includes(e.type) ? mask | (1 << bit) : mask), 0)
}

/** OpenCost default rates (DOMAIN.md K2): what an on-premises core-hour and GB-hour cost, in cents. */
const CENTS_PER_VCORE_HOUR = 3.1611
const CENTS_PER_GB_HOUR = 0.4237

/**
 * How much of the batch work each Yarn cluster of a platform runs, against 1 for the others. Every
 * list is scoped to the signed-in user's platform, so the demo's main persona (admin, CDH: three Yarn
 * clusters of fourteen) would otherwise see a fifth of the work; the CDH clusters are the big
 * production ones, and the quietest evening hour of the demo scale still lists tens of apps there.
 */
const YARN_WORK_WEIGHT: Partial<Record<SeedCluster['platform'], number>> = { CDH: 3.5 }

function weighted<T>(prng: Prng, items: readonly [T, number][]): T {
  const total = items.reduce((n, [, w]) => n + w, 0)
  let roll = prng.next() * total
  for (const [item, w] of items) if ((roll -= w) < 0) return item
  return items[items.length - 1]![0]
}

/** Lognormal: most work is short, a few runs take hours (DOMAIN.md W1). */
function lognormal(prng: Prng, medianMs: number, sigma: number): number {
  const u = Math.max(prng.next(), 1e-12)
  const v = prng.next()
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
  return Math.round(medianMs * Math.exp(sigma * z))
}

/**
 * Relative submissions per hour of the day (UTC): a nightly ETL burst at 01:00-05:00, the working
 * day 08:00-18:00, and a floor in the evening and early morning that still looks like a working
 * cluster (streaming, schedulers, other time zones). DOMAIN.md W1-W2 find diurnal patterns that are
 * irregular; a sales demo opens on the last hour at any hour, so the quietest hour keeps 0.7 of the
 * mean rather than the near-idle evening real traces can show.
 */
export const HOURLY_WEIGHTS: readonly number[] = [
  0.7, 1.6, 1.8, 1.8, 1.4, 0.8, 0.7, 0.9, 1.2, 1.4, 1.4, 1.4, 1.2, 1.4, 1.4, 1.4, 1.3, 1.1, 0.8, 0.7, 0.7,
  0.7, 0.7, 0.7,
]
const WEIGHT_SUM = HOURLY_WEIGHTS.reduce((n, w) => n + w, 0)

/**
 * How many of `count` applications start, on average, in an hour of the day `hour` (UTC): the
 * seed's daily rhythm. Demo (60,000 apps): 51 in the quietest hour, 132 in the busiest, 83 on
 * average; small (3,000): 2.6, 6.6 and 4.2.
 */
export function expectedAppsPerHour(count: number, hour: number): number {
  return (count / APP_HISTORY_DAYS) * (HOURLY_WEIGHTS[hour]! / WEIGHT_SUM)
}

function hourOfDay(roll: number): number {
  let left = roll * WEIGHT_SUM
  for (let h = 0; h < HOURLY_WEIGHTS.length; h++) if ((left -= HOURLY_WEIGHTS[h]!) < 0) return h
  return HOURLY_WEIGHTS.length - 1
}

/**
 * A submission time in the history [now - 30 days, now): a day, an hour of the day by the rhythm
 * above and a moment in it. A moment of today that has not come yet is taken from the oldest day,
 * so every hour of every day of the history has its share (none piled up at "now" or yesterday).
 */
function startTime(prng: Prng, now: number): number {
  const day = Math.floor(prng.next() * APP_HISTORY_DAYS)
  const hour = hourOfDay(prng.next())
  const t = Math.floor(now / DAY) * DAY - day * DAY + hour * HOUR + prng.int(0, HOUR - 1)
  return t < now ? t : t - APP_HISTORY_DAYS * DAY
}

export interface AppRow {
  id: string
  kind: string
  status: string
  cluster_uid: string
  cluster_type: string
  user: string
  queue: string
  name: string
  parent_id: string | null
  start_time: number
  finished_time: number | null
  duration: number
  vcore_seconds: number
  memory_seconds: number
  cents: number
  dfs_read: number
  dfs_written: number
  num_events: number
  inefficient: number
  event_mask: number
  map_tasks: string
  reduce_tasks: string
  num_jobs: number
  num_stages: number
  num_completed_stages: number
  num_skipped_stages: number
  app_attempts: number
  task_count: number
  setup_duration: number
  cleanup_duration: number
  sensor_enabled: number
  large_rdd: number
  input_tables: string | null
  output_tables: string | null
  diagnostics: string | null
  signature: string
  executed_by_unravel: number
}

/** Tags teams put on their jobs; about a quarter of the work carries some. */
const APP_TAG_VALUES: Record<string, readonly string[]> = {
  team: ['data-eng', 'analytics', 'ml', 'finance'],
  env: ['prod', 'staging'],
  project: ['customer360', 'pricing', 'forecasting', 'supply-chain'],
}

export interface TagRow {
  app_id: string
  key: string
  value: string
}

export interface EventRow {
  app_id: string
  event_type: number
  event_name: string
  vt: string
}

const COLUMNS: readonly (keyof AppRow)[] = [
  'id',
  'kind',
  'status',
  'cluster_uid',
  'cluster_type',
  'user',
  'queue',
  'name',
  'parent_id',
  'start_time',
  'finished_time',
  'duration',
  'vcore_seconds',
  'memory_seconds',
  'cents',
  'dfs_read',
  'dfs_written',
  'num_events',
  'inefficient',
  'event_mask',
  'map_tasks',
  'reduce_tasks',
  'num_jobs',
  'num_stages',
  'num_completed_stages',
  'num_skipped_stages',
  'app_attempts',
  'task_count',
  'setup_duration',
  'cleanup_duration',
  'sensor_enabled',
  'large_rdd',
  'input_tables',
  'output_tables',
  'diagnostics',
  'signature',
  'executed_by_unravel',
]
/** The coded twins of kind, cluster_uid, user and queue (schema.sql), after COLUMNS in each row. */
const CODE_COLUMNS = ['kind_code', 'cluster_code', 'user_code', 'queue_code'] as const

/** An application as the seed makes it, with its events and tags. */
export interface MadeApp {
  app: AppRow
  events: EventRow[]
  tags: TagRow[]
}

/** The clusters the seed runs apps on (seedApplications): long-lived YARN, Impala and Presto. */
function appClusters<C extends Pick<SeedCluster, 'kind' | 'terminatedAt'>>(clusters: readonly C[]) {
  return {
    yarn: clusters.filter((c) => c.kind === 'Yarn' && c.terminatedAt === null),
    impala: clusters.filter((c) => c.kind === 'Impala'),
    presto: clusters.filter((c) => c.kind === 'Presto'),
  }
}

/**
 * Every name an app of this seed can hold in each coded field: the apps' codes and app_rollups'
 * (app_rollup_names) are both given in name order over these (AppRollupBuilder), so one codec reads
 * both, and the codes are known before the first app is written.
 */
export function appNameDomain(
  clusters: readonly Pick<SeedCluster, 'unravelId' | 'kind' | 'terminatedAt'>[],
): Record<RollupNameField, string[]> {
  const { yarn, impala, presto } = appClusters(clusters)
  // The Kubernetes Spark applications' (seed/kubernetes-spark-apps.ts): their clusters, the Spark
  // operator's service account, and their namespaces as queues.
  const spark = sparkApplicationHomes()
  const kubernetes = clusters.filter(
    (c) => c.kind === 'k8s' && c.terminatedAt === null && spark.clusters.includes(c.unravelId),
  )
  return {
    kind: [...YARN_KINDS.map(([k]) => k), 'impala', 'presto'],
    cluster: [...yarn, ...impala, ...presto, ...kubernetes].map((c) => c.unravelId),
    user: [...SUBMITTERS.map(([u]) => u), SPARK_SERVICE_ACCOUNT],
    queue: [...[...QUEUES, ...PRESTO_RESOURCE_GROUPS].map(([q]) => q), ...spark.namespaces],
  }
}

/** An app's values in COLUMNS order then its CODE_COLUMNS, for the positional insert; `seq` is its seed sequence. */
function appValues(a: AppRow, codes: Record<RollupNameField, Map<string, number>>, seq: number): unknown[] {
  const code = (field: RollupNameField, name: string) => {
    const c = codes[field].get(name)
    if (c === undefined) throw new Error(`appNameDomain lacks the ${field} "${name}"`)
    return c
  }
  return [
    a.id,
    a.kind,
    a.status,
    a.cluster_uid,
    a.cluster_type,
    a.user,
    a.queue,
    a.name,
    a.parent_id,
    a.start_time,
    a.finished_time,
    a.duration,
    a.vcore_seconds,
    a.memory_seconds,
    a.cents,
    a.dfs_read,
    a.dfs_written,
    a.num_events,
    a.inefficient,
    a.event_mask,
    storedTasks(a.map_tasks),
    storedTasks(a.reduce_tasks),
    a.num_jobs,
    a.num_stages,
    a.num_completed_stages,
    a.num_skipped_stages,
    a.app_attempts,
    a.task_count,
    a.setup_duration,
    a.cleanup_duration,
    a.sensor_enabled,
    a.large_rdd,
    a.input_tables,
    a.output_tables,
    a.diagnostics,
    storedSignature(a, seq, PIPELINE_NAMES.includes(a.name)),
    a.executed_by_unravel,
    code('kind', a.kind),
    code('cluster', a.cluster_uid),
    code('user', a.user),
    code('queue', a.queue),
  ]
}

/** A Presto query id: the coordinator's start date and time, a sequence and a random suffix. */
function prestoQueryId(start: number, seq: number, prng: Prng): string {
  const at = new Date(start).toISOString().replace(/[-:T]/g, '')
  const suffix = Array.from({ length: 5 }, () => prng.pick([...'abcdefghijkmnpqrstuvwxyz23456789'])).join('')
  return `${at.slice(0, 8)}_${at.slice(8, 14)}_${String(seq % 100_000).padStart(5, '0')}_${suffix}`
}

/** The generator of one application and its events; ids are unique per cluster. */
function makeApp(
  prng: Prng,
  cluster: SeedCluster,
  kind: string,
  seq: number,
  now: number,
  parent?: AppRow,
  longRun?: { start: number; planned: number },
): MadeApp {
  const start = parent
    ? parent.start_time + Math.min(prng.int(1, 30) * SECOND, Math.floor(parent.duration / 4))
    : (longRun?.start ?? startTime(prng, now))
  const median =
    {
      spark: 6 * MINUTE,
      hive: 3 * MINUTE,
      tez: 2 * MINUTE,
      mr: 5 * MINUTE,
      impala: 8 * SECOND,
      presto: 4 * SECOND,
    }[kind] ?? MINUTE
  // Long tail, but capped: YARN work past half a day is a stuck job, and an uncapped tail would
  // leave thousands of apps "running" at any moment where a real cluster has a few hundred.
  const drawn = longRun?.planned ?? Math.min(12 * HOUR, Math.max(200, lognormal(prng, median, 1.3)))
  // A Hive query's job runs inside the query: it ends by the time the query does.
  const planned = parent
    ? Math.max(SECOND, Math.min(drawn, parent.start_time + parent.duration - start))
    : drawn
  // What is running now is the work whose run reaches past now: a steady set, as on a real cluster.
  const stillRunning = start + planned > now
  const duration = stillRunning ? Math.max(SECOND, now - start) : planned
  const roll = prng.next()
  const status = stillRunning
    ? 'R'
    : // A query that succeeded had every job of it succeed (one failed job fails the query).
      parent?.status === 'S' || roll < 0.9
      ? 'S'
      : roll < 0.96
        ? 'F'
        : roll < 0.985
          ? 'K'
          : roll < 0.993
            ? 'U'
            : 'W'
  const user = parent?.user ?? weighted(prng, SUBMITTERS)
  const queue =
    parent?.queue ?? (kind === 'presto' ? weighted(prng, PRESTO_RESOURCE_GROUPS) : weighted(prng, QUEUES))
  const pipeline = prng.chance(0.35) ? prng.pick(PIPELINE_NAMES) : undefined
  // Impala and Presto run a fragment on every worker.
  const executors =
    kind === 'spark'
      ? prng.int(2, 60)
      : kind === 'impala' || kind === 'presto'
        ? prng.int(4, 20)
        : prng.int(1, 40)
  const vcoreSeconds = Math.round((duration / 1000) * executors * (kind === 'spark' ? prng.int(2, 5) : 1))
  const memorySeconds = Math.round(vcoreSeconds * prng.int(2048, 8192))
  const dfsRead = Math.round(lognormal(prng, 2 * 2 ** 30, 2))
  const dfsWritten = Math.round(dfsRead * prng.next() * 0.4)
  const cents = Math.round(
    (vcoreSeconds / 3600) * CENTS_PER_VCORE_HOUR + (memorySeconds / 1024 / 3600) * CENTS_PER_GB_HOUR,
  )
  const id =
    kind === 'impala'
      ? `${seq.toString(16).padStart(16, '0')}:${prng.int(0, 0xffffff).toString(16).padStart(8, '0')}00000000`
      : kind === 'presto'
        ? prestoQueryId(start, seq, prng)
        : `application_${Math.floor(cluster.createdAt / 1000)}_${String(seq).padStart(6, '0')}`
  const finished = stillRunning ? null : start + duration
  const maps = kind === 'mr' || kind === 'hive' || kind === 'tez' ? prng.int(1, 400) : 0
  const reduces = maps ? prng.int(0, Math.max(1, Math.round(maps / 8))) : 0
  const failedMaps = status === 'F' ? Math.min(maps, prng.int(1, 4)) : 0
  const killedMaps = status === 'K' ? Math.min(maps - failedMaps, prng.int(1, 10)) : 0
  const stages = kind === 'spark' ? prng.int(1, 40) : 0
  const skipped = stages ? prng.int(0, Math.floor(stages / 5)) : 0

  const events: EventRow[] = []
  const candidates = APP_EVENT_TYPES.filter((e) => e.kinds.includes(kind))
  // About one app in five carries insight events; failed apps always explain their failure.
  if (prng.chance(0.2))
    for (const e of candidates)
      if (e.type !== 5 && prng.chance(0.3))
        events.push({ app_id: id, event_type: e.type, event_name: e.name, vt: e.vt })
  if (status === 'F') events.push({ app_id: id, event_type: 5, event_name: 'Application Failure', vt: 'AF' })

  const app: AppRow = {
    id,
    kind,
    status,
    cluster_uid: cluster.unravelId,
    cluster_type: cluster.platform,
    user,
    queue,
    name: parent
      ? `${parent.name} (stage ${seq % 7})`
      : pipeline
        ? `${pipeline}`
        : `${kind}_${prng.pick(['adhoc', 'query', 'job', 'report'])}_${seq % 997}`,
    parent_id: parent?.id ?? null,
    start_time: start,
    finished_time: finished,
    duration,
    vcore_seconds: vcoreSeconds,
    memory_seconds: memorySeconds,
    cents,
    dfs_read: dfsRead,
    dfs_written: dfsWritten,
    num_events: events.length,
    inefficient: events.some((e) => e.event_type === 2 || e.event_type === 6) ? 1 : 0,
    event_mask: eventMask(events.map((e) => e.event_name)),
    // s/k/f counts of map (sm, km, fm) and reduce (sr, kr, fr) tasks.
    map_tasks: `${maps - failedMaps - killedMaps}/${killedMaps}/${failedMaps}`,
    // A map task that failed all its attempts fails the job, and a kill lands in its map phase (it
    // has killed maps): either way no reduce ran to the end, since a reduce needs every map's output.
    reduce_tasks: failedMaps || killedMaps ? `0/${reduces}/0` : `${reduces}/0/0`,
    num_jobs: kind === 'spark' ? prng.int(1, 12) : kind === 'hive' ? prng.int(1, 4) : 1,
    num_stages: stages,
    num_completed_stages: status === 'S' ? stages - skipped : Math.max(0, stages - skipped - prng.int(0, 3)),
    num_skipped_stages: skipped,
    app_attempts: status === 'F' ? prng.int(1, 2) : 1,
    task_count: maps + reduces + stages * prng.int(10, 200),
    setup_duration: prng.int(500, 20_000),
    cleanup_duration: prng.int(100, 5_000),
    sensor_enabled: prng.chance(0.7) ? 1 : 0,
    large_rdd: kind === 'spark' && prng.chance(0.05) ? 1 : 0,
    input_tables: ['hive', 'impala', 'presto'].includes(kind) ? prng.pick(TABLES) : null,
    output_tables: kind === 'hive' && prng.chance(0.5) ? prng.pick(TABLES) : null,
    diagnostics: null,
    signature: pipeline ?? `${kind}-${seq % SIGNATURE_SPREAD}`,
    // costlens' own work is BigQuery jobs (bq_jobs.executed_by_unravel); no application is.
    executed_by_unravel: 0,
  }
  // Chosen by seq from the record's own figures when read, with no draw of the generator
  // (app-diagnostics.ts): the row stores only that it has one.
  app.diagnostics = storedSeedDiagnostics(status)
  const tags: TagRow[] = []
  if (prng.chance(0.25))
    for (const [key, values] of Object.entries(APP_TAG_VALUES))
      if (prng.chance(0.6)) tags.push({ app_id: id, key, value: prng.pick(values) })
  return { app, events, tags }
}

/**
 * Seeds `count` applications across the clusters that run them: YARN work on the on-premises and
 * EMR clusters, Impala queries on the Impala clusters, Presto queries on the Presto clusters
 * (BigQuery jobs are not applications: they are seeded into bq_jobs, seed/bigquery.ts). One Hive
 * query in ten runs as MR or Tez child jobs (parent/child apps). Rows are inserted in batches so
 * a million of them never sit in memory at once. Each batch is also handed to the rollups (as
 * packed records, rollup-batch.ts), and each batch advances `progress` by its apps (the step's total is `count`).
 * `appended` (made by the caller from a generator of their own: the Kubernetes Spark runs) follow
 * the `count` apps, so they go through the same rollups, codes and search index.
 */
export function seedApplications(
  db: Db,
  prng: Prng,
  clusters: readonly SeedCluster[],
  now: number,
  count: number,
  rollups: RollupSink,
  progress: SeedProgress = SILENT_PROGRESS,
  appended: readonly MadeApp[] = [],
): void {
  // Transient EMR clusters come and go; history runs on the long-lived ones.
  const { yarn, impala, presto } = appClusters(clusters)
  const domain = appNameDomain(clusters)
  const codes = Object.fromEntries(
    Object.entries(domain).map(([field, names]) => [field, codesInNameOrder(names)]),
  ) as Record<RollupNameField, Map<string, number>>
  const yarnByWeight = yarn.map((c) => [c, YARN_WORK_WEIGHT[c.platform] ?? 1] as [SeedCluster, number])
  // Positional multi-row inserts (bulk-insert.ts): a third of the time of a named-parameter
  // statement call per row, which was most of this step after the rollups.
  const apps = new RowInserter(db, 'applications', [...COLUMNS, ...CODE_COLUMNS])
  // Events as integers too (schema.sql app_event_links): the app's rowid, the event's place and its
  // kind's code, named the first time a kind is seen.
  const appEvents = new RowInserter(db, 'app_event_links', ['app', 'seq', 'event'])
  const nameEvent = db.prepare(
    'INSERT INTO app_event_names (code, event_type, event_name, vt) VALUES (?, ?, ?, ?)',
  )
  const eventCodes = new Map<string, number>()
  const eventCode = (type: number, name: string, vt: string) => {
    const kind = `${type}|${name}|${vt}`
    let code = eventCodes.get(kind)
    if (code === undefined) {
      code = eventCodes.size + 1
      eventCodes.set(kind, code)
      nameEvent.run(code, type, name, vt)
    }
    return code
  }
  // Tags as integers (schema.sql app_tag_links): the app's rowid, and its pair's code, named the
  // first time a pair is seen. The apps go into an empty table in this order, so the n-th app made
  // is rowid n (checked at the end); events likewise (app_event_links).
  const appTags = new RowInserter(db, 'app_tag_links', ['app', 'tag'])
  const nameTag = db.prepare('INSERT INTO app_tag_names (code, key, value) VALUES (?, ?, ?)')
  const tagCodes = new Map<string, number>()
  const tagCode = (key: string, value: string) => {
    const pair = `${key}=${value}`
    let code = tagCodes.get(pair)
    if (code === undefined) {
      code = tagCodes.size + 1
      tagCodes.set(pair, code)
      nameTag.run(code, key, value)
    }
    return code
  }
  let appRowid = 0
  type Made = MadeApp
  // The rollups get each batch as packed records before it is inserted: in the rollup worker
  // (rollup-side.ts) they are added up while this thread inserts.
  const batcher = new RollupBatcher()
  const write = db.transaction((batch: Made[]) => {
    rollups.add(batcher.batch(batch.map((made) => made.app)))
    // The n-th app made is rowid n: its seed sequence is the count written before it.
    batch.forEach(({ app }, i) => apps.pushRow(appValues(app, codes, appRowid + i)))
    // Events and tags after their apps: their foreign keys are checked as each statement runs.
    apps.flush()
    for (const { events, tags } of batch) {
      appRowid++
      events.forEach((e, seq) => appEvents.push(appRowid, seq, eventCode(e.event_type, e.event_name, e.vt)))
      for (const tag of new Set(tags.map((t) => tagCode(t.key, t.value)))) appTags.push(appRowid, tag)
    }
    appEvents.flush()
    appTags.flush()
    progress.advance(batch.length)
  })
  let batch: Made[] = []
  let seq = 0
  // Streaming and long ETL work that is running at any hour of the day, night included: a real
  // cluster is never idle, and the running list must show something at 3 a.m. as at 3 p.m. Each
  // slot is one such job restarted back to back over the whole history (runs of one to two days),
  // so as many run at any past moment as now and the resource history has no step at its end.
  const slots = Math.min(400, Math.max(2 * yarn.length, Math.round(count * 0.003)))
  const historyStart = now - APP_HISTORY_DAYS * DAY
  for (let slot = 0; slot < slots && seq < count; slot++) {
    const kind = prng.chance(0.7) ? 'spark' : weighted(prng, YARN_KINDS)
    const cluster = prng.pick(yarn)
    let start = historyStart - prng.int(0, DAY)
    while (start <= now && seq < count) {
      const planned = prng.int(DAY, 2 * DAY)
      // The run that reaches past now is still running; on into the future by up to four hours.
      const run =
        start + planned > now
          ? { start, planned: now - start + prng.int(10 * MINUTE, 4 * HOUR) }
          : { start, planned }
      if (start + planned >= historyStart)
        batch.push(makeApp(prng, cluster, kind, seq++, now, undefined, run))
      start += planned + prng.int(MINUTE, 10 * MINUTE)
    }
  }
  while (seq < count) {
    // Impala 10 parts, Presto 4, YARN 80 (of 94): the shares they had beside the 6 parts of
    // BigQuery apps, scaled up now that BigQuery jobs live in bq_jobs only (issue 19).
    const roll = prng.next() * 0.94
    const [cluster, kind] =
      roll < 0.1 && impala.length
        ? [prng.pick(impala), 'impala']
        : roll < 0.14 && presto.length
          ? [prng.pick(presto), 'presto']
          : [weighted(prng, yarnByWeight), weighted(prng, YARN_KINDS)]
    const made = makeApp(prng, cluster, kind, seq++, now)
    batch.push(made)
    if (kind === 'hive' && made.app.status !== 'R' && prng.chance(0.1)) {
      const children = prng.int(1, 3)
      for (let i = 0; i < children && seq < count; i++)
        batch.push(makeApp(prng, cluster, prng.chance(0.6) ? 'tez' : 'mr', seq++, now, made.app))
    }
    if (batch.length >= 5000) {
      write(batch)
      batch = []
    }
  }
  // Made elsewhere from their own generator (the Kubernetes Spark applications), after every app
  // above so those stay as they were; numbered on from them.
  for (const made of appended) {
    batch.push(made)
    seq++
  }
  write(batch)
  const lastRowid = db.prepare('SELECT max(rowid) FROM applications').pluck().get() as number | null
  if ((lastRowid ?? 0) !== appRowid)
    throw new Error(`app_tag_links counted ${appRowid} apps where applications ends at rowid ${lastRowid}`)
}
