import { randomBytes } from 'node:crypto'
import { faker } from '@faker-js/faker'
import type { Db } from '../open-database.ts'
import { writeSetting } from '../repositories/settings.ts'
import { ROLLUP_GRAINS_SETTING } from '../repositories/app-rollup-grains.ts'
import { createPrng } from './prng.ts'
import { SCALE_SIZES, type Scale } from './scale.ts'
import { buildClusters, databricksClusterRows, type SeedCluster } from './clusters.ts'
import { PersonaHashing, buildUsers } from './users.ts'
import { buildTags } from './tags.ts'
import { appNameDomain, seedApplications } from './applications.ts'
import { resourceDeltasFor, seedClusterResources } from './cluster-resources.ts'
import { AppRollupBuilder, type RollupGrains } from './app-rollups.ts'
import { ChargebackRollupBuilder } from './chargeback-rollups.ts'
import { seedSnowflake } from './snowflake.ts'
import { DEFAULT_USD_PER_CREDIT } from './snowflake-catalogue.ts'
import { SnowflakeRollupBuilder } from './snowflake-rollups.ts'
import { seedBudgets } from '../repositories/budgets.ts'
import { insertSeedAwsAccount } from '../repositories/aws-accounts.ts'
import { seedEmrClusters } from './emr-clusters.ts'
import { buildSearchIndex } from './search-index.ts'
import { SILENT_PROGRESS, type SeedProgress } from './progress.ts'
import { SideSeed, sideBySideFits } from './side-seed.ts'
import type { SnowflakeSideInput } from './snowflake-worker.ts'
import type { RollupSink } from './rollup-batch.ts'
import { RollupSide } from './rollup-side.ts'
import { BIGQUERY_PRNG_OFFSET, BIGQUERY_TABLES, seedBigQuery } from './bigquery.ts'
import { BIGQUERY_SIZES } from './bigquery-catalogue.ts'
import { BigQueryRollupBuilder } from './bigquery-rollups.ts'
import type { BigQuerySideInput } from './bigquery-worker.ts'
import { markDatabricksRunDays } from '../repositories/databricks-runs-days.ts'
import { DATABRICKS_TABLES, seedDatabricks } from './databricks.ts'
import { DATABRICKS_PRNG_OFFSET, DATABRICKS_SIZES } from './databricks-catalogue.ts'
import type { DatabricksSideInput } from './databricks-worker.ts'
import { HBASE_PRNG_OFFSET, seedHbase } from './hbase.ts'
import { KAFKA_PRNG_OFFSET, seedKafka } from './kafka.ts'
import { ELK_PRNG_OFFSET, seedElk } from './elk.ts'
import { KUBERNETES_PRNG_OFFSET, planKubernetes, writeKubernetes } from './kubernetes.ts'
import { KUBERNETES_SPARK_APPS_PRNG_OFFSET, kubernetesSparkApps } from './kubernetes-spark-apps.ts'
import { KUBERNETES_TABLES, type KubernetesSideInput } from './kubernetes-worker.ts'
import { KUBERNETES_LOGS_PRNG_OFFSET, seedKubernetesLogs } from './kubernetes-logs.ts'
import { seedNotificationChannels } from './notification-channels.ts'
import { seedOsAccess } from './os-access.ts'
import { seedOsAlerting } from './os-alerting.ts'
import { seedOsAnomalies } from './os-anomalies.ts'
import { INGESTION_PRNG_OFFSET, seedIngestion } from './ingestion.ts'
import { seedOsDashboards } from './os-dashboard.ts'

export interface SeedOptions {
  scale: Scale
  seed: number
  /** The simulated now at seeding (epoch ms): history ends here. */
  now: number
  /** USD per Snowflake credit (SNOWFLAKE_USD_PER_CREDIT); default 3.00, Enterprise on demand. */
  snowflakeUsdPerCredit?: number
  /** Told as each step begins, advances and ends (the seed script's bars); silent by default. */
  progress?: SeedProgress
  /**
   * Seed the platforms side by side (side-seed.ts): by default into a file at the demo and large
   * scales; in-thread for ':memory:', `small` and resets. Tests force it either way.
   */
  sideBySide?: boolean
}

/**
 * Where the Snowflake worker (side-seed.ts) starts beside the applications, by scale: as early as
 * possible where memory is plenty (the demo scale: its whole run hidden behind the apps'), later at
 * the large one, where its heap beside the applications' generation and rollup accumulators is what
 * sets the peak. Measured with scripts/seed-memory.ts on 2026-11-26: at the large scale, with the
 * worker's old 470 MB heap, started with the applications the peak was 1.34 GB, before the rollups'
 * write 1.19 GB, after them 0.93-0.96 GB but 26 s of waiting at the join (the steps left after the
 * rollups take about 15 s, the worker about 40 s); with its heap now under 300 MB (rollups written
 * day by day), after the apps' indexes. With the rollups added up in their own worker
 * (ROLLUPS_IN_WORKER, app_rollups in Int32 measures) the large seed's peak with this start was 818 MB
 * (2026-11-26, a heavily loaded machine). Measured again on 2026-11-28 (scripts/seed-memory.ts,
 * large): started after the indexes, the main thread waited 17 s for it at its join and the peak,
 * 1,088 MB, came while it ran beside Databricks' worker after the indexes; started after the
 * applications (before their indexes, which then take longer beside it) it is done before its
 * join: 91 s instead of 98 s and a peak of 899 MB (during the indexes).
 * (small, ':memory:' and resets seed in-thread: sideBySideFits.)
 */
const SNOWFLAKE_START: Record<Scale, 'first' | 'after applications' | 'after indexes' | 'after rollups'> = {
  small: 'first',
  demo: 'first',
  large: 'after applications',
}

/**
 * Where the app and chargeback rollups are added up (when side by side fits: sideBySideFits): in a
 * worker thread at the large scale, where that was about half of the applications' 46-50 s on this
 * thread; at the demo scale too since 2026-11-28: in this thread they were 1.8 s of the demo seed's
 * critical path (its writing alone, after the applications, while the other core sat idle once the
 * Snowflake and BigQuery workers were done); in the worker the demo seed took 8.5-9.4 s (median
 * 8.7) against 10.1-10.3 s measured beside it on the same machine, peak 580 MB. (Tests force either.)
 */
const ROLLUPS_IN_WORKER: Record<Scale, boolean> = { small: false, demo: true, large: true }

/**
 * Where Kubernetes and its log lines are seeded (when side by side fits): in a worker at the demo
 * scale, started after the applications' indexes, where this thread otherwise spent 1.2-1.3 s on
 * them (2026-11-28, four alternate pairs: in this thread 8.9-9.3 s, in the worker 8.3-8.8 s); in this
 * thread at the large scale, whose peak memory (999 MB of 1,024 on 2026-11-28) has no room for
 * another worker's heap beside Databricks'.
 */
const KUBERNETES_IN_WORKER: Record<Scale, boolean> = { small: false, demo: true, large: false }

/**
 * The app rollup rows an in-thread builder makes room for at once (AppRollupBuilder): at the demo
 * scale its 60,000 apps add up into about 600,000 rows before the sparse grains are dropped, which
 * took six grows from the default 65,536 (each a copy and a rehash): 800 ms of the main thread's
 * adding up against 530 ms made room for at once (2026-11-28). The large scale adds up in the
 * rollup worker, where memory sets the peak: it grows as needed.
 */
const ROLLUP_ROWS_HINT: Record<Scale, number> = { small: 65_536, demo: 700_000, large: 65_536 }

/**
 * Every scale keeps the dense rollup grains (app-rollups.ts). The tests set EVERY_ROLLUP_GRAIN_ENV
 * (vitest.config.ts), so the small seeds they make keep every candidate grain and they read every
 * slice and grain. Without it a small seed writes about 1,000 rollup rows instead of 112,000: a
 * quarter of its time (issue 18's small seed budget, 2 s).
 */
export const EVERY_ROLLUP_GRAIN_ENV = 'COSTLENS_SEED_EVERY_ROLLUP_GRAIN'
const rollupKeep = (scale: Scale) =>
  scale === 'small' && process.env[EVERY_ROLLUP_GRAIN_ENV] === '1' ? 'every' : 'dense'

/** What the chargeback rollups read of a cluster (its platform scope), as the rollup worker gets it. */
const scopeFields = ({ unravelId, platform, kind, terminatedAt }: SeedCluster) => ({
  unravelId,
  platform,
  kind,
  terminatedAt,
})

/**
 * Where the BigQuery worker starts beside the applications, by scale (issue 19): at the large scale
 * first, on the second core the applications leave idle until the Snowflake worker starts after
 * their indexes; at the demo scale with Snowflake's. Measured with scripts/seed-memory.ts on
 * 2026-11-26 (a machine shared with another large seed, so times stretched): large, peak 951 MB
 * (maxRSS 968 MB, as before BigQuery), the worker done before its join (bigquery.wait 0), copy
 * 15 s of that loaded wall time; a million jobs take about 17 s of CPU and 200-250 MB alone.
 */
const BIGQUERY_START: Record<Scale, 'first' | 'after indexes' | 'after rollups'> = {
  small: 'first',
  demo: 'first',
  large: 'first',
}

/**
 * Where the Databricks worker starts beside the applications, by scale (issue 20): after the
 * applications' indexes at both the demo and the large scale. By then the second core is free at
 * the demo scale (Snowflake's and BigQuery's workers are done) and the main thread has about 4 s of
 * steps left (rollups, search index, cluster resources, EMR), which hide the worker's start and its
 * 20,000 runs (about 0.4 s of CPU); started first, as a fourth thread beside the applications, it
 * slowed them (2026-11-26, a loaded machine: applications 14.6 s against 10.3 s, the seed 49.5 s
 * against 42.6 s, medians of 3). At the large scale the main thread used to wait about 16 s for
 * Snowflake's join (snowflake.wait 15.8 s): the million runs (about 6.9 s of CPU, 215 MB) fill that
 * idle core rather than compete with the applications, the rollup worker and BigQuery's for both,
 * and stay out of the applications' peak (968 MB, unchanged). Started after the applications beside
 * Snowflake's (2026-11-28, to fill the core idle while the main thread waits for it at the end):
 * 99.7 s and a peak of 1,246 MB during the indexes, against 91-96 s and 899-936 MB.
 */
const DATABRICKS_START: Record<Scale, 'first' | 'after indexes' | 'after rollups'> = {
  small: 'first',
  demo: 'after indexes',
  large: 'after indexes',
}

/**
 * The BigQuery worker's old-generation heap cap. It runs beside the applications at the large scale,
 * where the seed's peak memory is reached. Uncapped, V8 let its heap grow lazily, and the peak RSS
 * varied from 981 to 1,039 MB over three seeds (budget 1,024). With the cap, V8 collects sooner:
 * 906 MB sampled, 984-990 maxRSS (scripts/seed-memory.ts, 2026-11-28). The worker also completed
 * under a 128 MB cap.
 */
const BIGQUERY_HEAP_MB = 192

/** Bumped whenever a table changes: a file of another version is refused with a re-seed hint. */
export const SCHEMA_VERSION = '37'

/** The tables that take most rows: their secondary indexes are built after the rows go in. */
const BULK_TABLES = ['applications', 'app_event_links', 'app_tag_links'] as const
const SNOWFLAKE_BULK_TABLES = ['snowflake_queries'] as const
/** Every table the Snowflake seeder fills, parents before children (the order a side seed copies them in). */
export const SNOWFLAKE_TABLES = [
  'snowflake_accounts',
  'snowflake_warehouses',
  'snowflake_names',
  'snowflake_tables',
  'snowflake_statements',
  'snowflake_queries',
  'snowflake_query_rollups',
  'snowflake_cost_rollups',
] as const

/**
 * Runs a bulk fill with the tables' secondary indexes dropped, then builds them again from their
 * own definitions: one sorted build per index instead of a million scattered index updates, which
 * took the large scale from about three minutes to well under one. Names and SQL come from
 * sqlite_master, never from input.
 */
function withoutSecondaryIndexes(
  db: Db,
  tables: readonly string[],
  fill: () => void,
  timed: (name: string, step: () => void, total?: number) => void,
  progress: SeedProgress,
  fillTotal: number,
  phase = 'applications',
): void {
  const indexes = db
    .prepare(
      `SELECT name, sql FROM sqlite_master
       WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${tables.map(() => '?').join(', ')})`,
    )
    .all(...tables) as { name: string; sql: string }[]
  for (const index of indexes) db.exec(`DROP INDEX "${index.name}"`)
  timed(phase, fill, fillTotal)
  timed(
    phase === 'applications' ? 'indexes' : `${phase}.indexes`,
    () => {
      for (const index of indexes) {
        db.exec(index.sql)
        progress.advance(1)
      }
    },
    indexes.length,
  )
}

/** What a reseed carries over from the data it replaces. */
export interface SeedKeep {
  /** The install's JWT secret: kept by a reset, so the tokens it signed stay valid. */
  jwtSecret?: string
}

/**
 * Seeds an empty database. Deterministic for (seed, scale, now) except the password-hash salts
 * and the JWT secret, which must never be predictable. One transaction per table (nested in the
 * caller's, if any). The settings, `seeded_at` among them, are written last, in one transaction:
 * a file without `seeded_at` holds an unfinished seed.
 */
export function seedDatabase(db: Db, options: SeedOptions, keep: SeedKeep = {}): Record<string, number> {
  const { scale, seed, now, snowflakeUsdPerCredit = DEFAULT_USD_PER_CREDIT, sideBySide } = options
  // Snowflake reads no other table and draws from its own generator: at the demo and large scales
  // it is generated in a worker thread while this thread seeds the applications (side-seed.ts).
  const snowflakeInput: SnowflakeSideInput = {
    seed,
    now,
    sizes: SCALE_SIZES[scale].snowflake,
    usdPerCredit: snowflakeUsdPerCredit,
  }
  let snowflakeSide: SideSeed | undefined
  // The app and chargeback rollups are added up and written in a worker thread beside the
  // applications at the large scale (rollup-side.ts, ROLLUPS_IN_WORKER), else in this thread.
  let rollupSide: RollupSide | undefined
  const startRollupSide = sideBySideFits(
    db,
    scale,
    sideBySide ?? (ROLLUPS_IN_WORKER[scale] ? undefined : false),
  )
    ? (clusters: SeedCluster[]) =>
        (rollupSide = new RollupSide(db, { keep: rollupKeep(scale), clusters: clusters.map(scopeFields) }))
    : undefined
  let bigQuerySide: SideSeed | undefined
  const bigQueryInput: BigQuerySideInput = { seed, now, sizes: BIGQUERY_SIZES[scale] }
  const startBigQuerySide = sideBySideFits(db, scale, sideBySide)
    ? () =>
        (bigQuerySide = new SideSeed(
          db,
          'bigquery',
          new URL('./bigquery-worker.ts', import.meta.url),
          BIGQUERY_TABLES,
          bigQueryInput,
          BIGQUERY_HEAP_MB,
        ))
    : undefined
  let databricksSide: SideSeed | undefined
  const databricksInput: DatabricksSideInput = { seed, now, sizes: DATABRICKS_SIZES[scale] }
  const startDatabricksSide = sideBySideFits(db, scale, sideBySide)
    ? () =>
        (databricksSide = new SideSeed(
          db,
          'databricks',
          new URL('./databricks-worker.ts', import.meta.url),
          DATABRICKS_TABLES,
          databricksInput,
        ))
    : undefined
  let kubernetesSide: SideSeed | undefined
  const startKubernetesSide = sideBySideFits(
    db,
    scale,
    sideBySide ?? (KUBERNETES_IN_WORKER[scale] ? undefined : false),
  )
    ? (clusters: SeedCluster[]) =>
        (kubernetesSide = new SideSeed(
          db,
          'kubernetes',
          new URL('./kubernetes-worker.ts', import.meta.url),
          KUBERNETES_TABLES,
          { seed, now, scale, clusters } satisfies KubernetesSideInput,
        ))
    : undefined
  const startSnowflakeSide = sideBySideFits(db, scale, sideBySide)
    ? () =>
        (snowflakeSide = new SideSeed(
          db,
          'snowflake',
          new URL('./snowflake-worker.ts', import.meta.url),
          SNOWFLAKE_TABLES,
          snowflakeInput,
        ))
    : undefined
  // First of all: the personas' password hashes are derived in a thread of their own meanwhile (users.ts).
  const hashing = new PersonaHashing()
  try {
    return seedTables(
      db,
      options,
      keep,
      hashing,
      startSnowflakeSide,
      startRollupSide,
      startBigQuerySide,
      startDatabricksSide,
      startKubernetesSide,
    )
  } finally {
    // Whatever happened: the workers stopped and their side files gone (a no-op after a join).
    hashing.cancel()
    snowflakeSide?.cancel()
    rollupSide?.cancel()
    bigQuerySide?.cancel()
    databricksSide?.cancel()
    kubernetesSide?.cancel()
  }
}

/** seedDatabase's steps, in order; Snowflake's rows come from a side seed when `startSnowflakeSide` is given. */
function seedTables(
  db: Db,
  {
    scale,
    seed,
    now,
    snowflakeUsdPerCredit = DEFAULT_USD_PER_CREDIT,
    progress = SILENT_PROGRESS,
  }: SeedOptions,
  keep: SeedKeep,
  hashing: PersonaHashing,
  startSnowflakeSide: (() => SideSeed) | undefined,
  startRollupSide: ((clusters: SeedCluster[]) => RollupSide) | undefined,
  startBigQuerySide?: () => SideSeed,
  startDatabricksSide?: () => SideSeed,
  startKubernetesSide?: (clusters: SeedCluster[]) => SideSeed,
): Record<string, number> {
  const prng = createPrng(seed)
  faker.seed(seed)
  const sizes = SCALE_SIZES[scale]
  const clusters = buildClusters(prng, now, sizes.transientEmrClusters)
  // How long each step took, kept in the settings for `npm run seed` and the benchmark to print.
  const phases: Record<string, number> = {}
  // total: the units the step will advance by (rows, indexes), 0 when it does not tell.
  const timed = (name: string, step: () => void, total = 0) => {
    const started = performance.now()
    progress.begin(name, total)
    step()
    progress.end()
    phases[name] = Math.round(performance.now() - started)
  }
  // Where the Snowflake worker starts (SNOWFLAKE_START): first at the demo scale, later at the large one.
  const startAt = (point: (typeof SNOWFLAKE_START)[Scale]) =>
    SNOWFLAKE_START[scale] === point ? startSnowflakeSide?.() : undefined
  let snowflakeSide = startAt('first')
  // Started before the users' password hashing, which its loading (about a second) then overlaps.
  const rollupSide = startRollupSide?.(clusters)
  const startBigQueryAt = (point: (typeof BIGQUERY_START)[Scale]) =>
    BIGQUERY_START[scale] === point ? startBigQuerySide?.() : undefined
  let bigQuerySide = startBigQueryAt('first')
  const startDatabricksAt = (point: (typeof DATABRICKS_START)[Scale]) =>
    DATABRICKS_START[scale] === point ? startDatabricksSide?.() : undefined
  let databricksSide = startDatabricksAt('first')
  // The users' rows (their password hashes come later, from `hashing`: see the users step).
  const users = buildUsers(prng, clusters, now, sizes.extraUsers)
  const tags = buildTags(prng, clusters, now)

  db.transaction(() => {
    const insert = db.prepare(
      `INSERT INTO clusters (unravel_id, display_name, cluster_name, kind, platform, region, node_count, created_at, terminated_at)
       VALUES (@unravelId, @displayName, @clusterName, @kind, @platform, @region, @nodeCount, @createdAt, @terminatedAt)`,
    )
    for (const c of clusters) insert.run(c)
    // The other Databricks all-purpose clusters (no draw: every other row stays as it was).
    for (const c of databricksClusterRows(now, scale)) insert.run(c)
  })()
  db.transaction(() => {
    const insert = db.prepare(
      `INSERT OR IGNORE INTO tags (cluster_uid, source, key, value, first_seen, last_seen)
       VALUES (@clusterUid, @source, @key, @value, @firstSeen, @lastSeen)`,
    )
    for (const t of tags) insert.run(t)
  })()
  // In this thread when there is no rollup worker: added up as the apps are generated.
  const inThread = rollupSide
    ? undefined
    : {
        apps: new AppRollupBuilder(rollupKeep(scale), appNameDomain(clusters), ROLLUP_ROWS_HINT[scale]),
        chargeback: new ChargebackRollupBuilder(clusters),
      }
  const rollups: RollupSink = rollupSide ?? {
    add(batch) {
      inThread!.apps.addBatch(batch)
      inThread!.chargeback.addBatch(batch)
    },
  }
  // The YARN resource series' rate changes are added up in this thread, as each batch goes by.
  const resourceDeltas = resourceDeltasFor(clusters, now)
  const rollupSink: RollupSink = {
    add(batch) {
      resourceDeltas.addBatch(batch)
      rollups.add(batch)
    },
  }
  // Kubernetes is planned here, before the applications, so its Spark applications' runs are known
  // to the applications step (seed/kubernetes-spark-apps.ts); its tables are written further down,
  // from the same plan and generator, so every Kubernetes row is what it was when planned there.
  const kubernetesPrng = createPrng(seed + KUBERNETES_PRNG_OFFSET)
  const kubernetesPlan = planKubernetes(kubernetesPrng, clusters, now, scale)
  const sparkApps = kubernetesSparkApps(
    createPrng(seed + KUBERNETES_SPARK_APPS_PRNG_OFFSET),
    kubernetesPlan,
    now,
  )
  withoutSecondaryIndexes(
    db,
    BULK_TABLES,
    () => {
      seedApplications(db, prng, clusters, now, sizes.applications, rollupSink, progress, sparkApps)
      rollupSide?.finish()
      snowflakeSide ??= startAt('after applications')
    },
    timed,
    progress,
    sizes.applications + sparkApps.length,
  )
  snowflakeSide ??= startAt('after indexes')
  bigQuerySide ??= startBigQueryAt('after indexes')
  databricksSide ??= startDatabricksAt('after indexes')
  // After the indexes too, beside the steps this thread has left (KUBERNETES_IN_WORKER).
  const kubernetesSide = startKubernetesSide?.(clusters)
  let rollupGrains: RollupGrains = {}
  if (inThread)
    timed('rollups', () => {
      inThread.apps.write(db)
      inThread.chargeback.write(db)
      rollupGrains = inThread.apps.keptGrains()
    })
  snowflakeSide ??= startAt('after rollups')
  bigQuerySide ??= startBigQueryAt('after rollups')
  databricksSide ??= startDatabricksAt('after rollups')
  timed('search index', () => buildSearchIndex(db, progress))
  timed('clusterResources', () => seedClusterResources(db, prng, clusters, resourceDeltas))
  if (rollupSide) {
    // Joined as late as possible: the worker writes its rows while this thread builds the indexes
    // and the steps above; the copy carries them in (side-seed.ts copyInto).
    const joined = rollupSide.join(db, progress)
    Object.assign(phases, joined.phases)
    rollupGrains = joined.grains
  }
  // Its own generator, so adding Snowflake left every other table's rows as they were.
  let snowflakeQueries = 0
  if (snowflakeSide) {
    // Joined here, after the applications: the worker has had all of their time to generate. It
    // built the indexes in its side file too; the copy carries them in (side-seed.ts copyInto).
    Object.assign(phases, snowflakeSide.join(db, progress, sizes.snowflake.queries))
    snowflakeQueries =
      (db.prepare('SELECT max(rowid) FROM snowflake_queries').pluck().get() as number | null) ?? 0
  } else {
    // Accumulated as the queries are generated: no pass over them in SQL afterwards.
    const snowflakeRollups = new SnowflakeRollupBuilder()
    withoutSecondaryIndexes(
      db,
      SNOWFLAKE_BULK_TABLES,
      () => {
        snowflakeQueries = seedSnowflake(
          db,
          createPrng(seed + 7),
          now,
          sizes.snowflake,
          snowflakeUsdPerCredit,
          progress,
          snowflakeRollups,
        )
      },
      timed,
      progress,
      sizes.snowflake.queries,
      'snowflake',
    )
    timed('snowflake.rollups', () => snowflakeRollups.write(db))
  }
  // BigQuery: its own generator like Snowflake's, side by side or in-thread the same rows.
  let bigQueryJobs = 0
  if (bigQuerySide) {
    Object.assign(phases, bigQuerySide.join(db, progress, BIGQUERY_SIZES[scale].jobs))
    bigQueryJobs = (db.prepare('SELECT max(rowid) FROM bq_jobs').pluck().get() as number | null) ?? 0
  } else {
    const bigQueryRollups = new BigQueryRollupBuilder()
    withoutSecondaryIndexes(
      db,
      ['bq_jobs'],
      () => {
        bigQueryJobs = seedBigQuery(
          db,
          createPrng(seed + BIGQUERY_PRNG_OFFSET),
          now,
          BIGQUERY_SIZES[scale],
          progress,
          bigQueryRollups,
        )
      },
      timed,
      progress,
      BIGQUERY_SIZES[scale].jobs,
      'bigquery',
    )
  }
  // The smaller platforms after the Snowflake and BigQuery joins and before Databricks': at the large
  // scale the Databricks worker, started after the indexes, still runs here, and these steps (about
  // 6 s there) fill the core it leaves idle, which this thread spent waiting at its join when they ran
  // before the other joins (2026-11-28: databricks.wait 6.5 s, the large seed 96.0 s; after the move
  // 0.5 s and 76.6 s, the waits for Snowflake's join 3.2 → 6.9 s, with both cores busy).
  // Its own generator, like Snowflake's; after the apps and YARN capacity its watched clusters are priced from.
  let emrClusters = 0
  timed('emr', () => {
    emrClusters = seedEmrClusters(db, createPrng(seed + 16), clusters, tags, now, scale)
  })
  // HBase (issue 21): its own generator, so every other table's rows stay as they were.
  let hbaseSeries = 0
  timed('hbase', () => {
    hbaseSeries = seedHbase(db, createPrng(seed + HBASE_PRNG_OFFSET), clusters, now, scale)
  })
  // Kafka (issue 21): its own generator too, so every other table's rows stay as they were.
  let kafkaRows = 0
  timed('kafka', () => {
    kafkaRows = seedKafka(db, createPrng(seed + KAFKA_PRNG_OFFSET), clusters, now, scale)
  })
  // Elasticsearch, Logstash and Kibana (E153): their own generator, so every other table's rows stay as they were.
  let elkRows = 0
  timed('elk', () => {
    elkRows = seedElk(db, createPrng(seed + ELK_PRNG_OFFSET), clusters, now)
  })
  // Kubernetes (issue 23): its own generator too, so every other table's rows stay as they were; its
  // containers' log lines after it, drawn from its pods and hours with a generator of their own. In
  // a worker at the demo scale (KUBERNETES_IN_WORKER), the same rows.
  let kubernetesRows = 0
  if (kubernetesSide) {
    Object.assign(phases, kubernetesSide.join(db, progress, 0))
    kubernetesRows = kubernetesSide.result as number
  } else {
    timed('kubernetes', () => {
      kubernetesRows = writeKubernetes(db, kubernetesPrng, kubernetesPlan)
    })
    timed('kubernetes-logs', () => {
      kubernetesRows += seedKubernetesLogs(db, createPrng(seed + KUBERNETES_LOGS_PRNG_OFFSET), now)
    })
  }
  // Databricks: its own generator like BigQuery's, side by side or in-thread the same rows.
  let databricksRuns = 0
  if (databricksSide) {
    Object.assign(phases, databricksSide.join(db, progress, DATABRICKS_SIZES[scale].runs))
    databricksRuns = DATABRICKS_SIZES[scale].runs // exactly, by construction (seedDatabricks)
  } else
    timed(
      'databricks',
      () => {
        databricksRuns = seedDatabricks(
          db,
          createPrng(seed + DATABRICKS_PRNG_OFFSET),
          now,
          DATABRICKS_SIZES[scale],
          progress,
        ).runs
      },
      DATABRICKS_SIZES[scale].runs,
    )
  // The runs' day rollup came with the runs (seedDatabricks); its marker is written here, in the
  // target's settings (a worker's stay in its own file).
  markDatabricksRunDays(db)
  // Late, so the personas' scrypt hashes (about 1.5 s of CPU, on purpose) are derived in their own
  // thread beside all the steps above (users.ts PersonaHashing); no step before reads the users.
  // (Derived here in-thread they were the seed's first step: 1.5 s of the demo seed, 0.6 s of the
  // small one. Hashing them in a tsx-loaded worker made the small seed slower on a loaded machine,
  // 3.25 s against 2.91 s; this worker loads nothing but node:crypto and derives one at a time.)
  timed('users', () =>
    db.transaction(() => {
      const insert = db.prepare(
        `INSERT INTO users (username, password_hash, email, org, role, cluster_type, created_at, frozen_start, frozen_end,
                            frozen_yarn_cluster, frozen_impala_cluster, profile_json)
         VALUES (@username, @passwordHash, @email, @org, @role, @clusterType, @createdAt, @frozenStart, @frozenEnd,
                 @frozenYarnCluster, @frozenImpalaCluster, @profileJson)`,
      )
      for (const u of users)
        insert.run({ ...u, passwordHash: hashing.hashOf(u), profileJson: JSON.stringify(u.profile) })
    })(),
  )
  // After the EMR clusters and their cost: the seeded budgets' amounts are set from that cost.
  timed('budgets', () => {
    seedBudgets(db, now)
    insertSeedAwsAccount(db, 'emr', now)
  })
  // The manage pages' records: every platform's notification channels, OpenSearch's users and roles.
  timed('manage', () => {
    seedNotificationChannels(db, now)
    seedOsAccess(db, now)
    // After the channels they notify, and the Snowflake and BigQuery series they read.
    seedOsAlerting(db, now)
    // After the BigQuery jobs and Snowflake rollups their detectors read.
    seedOsAnomalies(db, now)
    // The console's own ingestion runs: after BigQuery's hours (seedOsAlerting), which they count. Its
    // own generator, so every other table's rows stay as they were.
    seedIngestion(db, createPrng(seed + INGESTION_PRNG_OFFSET), now)
    seedOsDashboards(db, now)
  })
  // Statistics for the query planner: without them it cannot tell that running apps are few and
  // scans a whole window index instead of the partial index of running apps.
  // A sample of each index is enough for that and takes a fraction of a full pass over a million rows.
  timed('analyze', () => db.exec('PRAGMA analysis_limit = 1000; ANALYZE'))
  db.transaction(() => {
    writeSetting(db, 'seed_phases_ms', JSON.stringify(phases))
    writeSetting(db, ROLLUP_GRAINS_SETTING, JSON.stringify(rollupGrains))
    writeSetting(db, 'schema_version', SCHEMA_VERSION)
    writeSetting(db, 'seed', String(seed))
    writeSetting(db, 'scale', scale)
    writeSetting(db, 'seeded_at', String(now))
    writeSetting(db, 'anchor', String(now))
    // Where the application times were seeded: anchor - apps_anchor is how far they have moved since.
    writeSetting(db, 'apps_anchor', String(now))
    writeSetting(db, 'jwt_secret', keep.jwtSecret ?? randomBytes(32).toString('hex'))
  })()
  return {
    clusters: clusters.length,
    users: users.length,
    tags: tags.length,
    applications: sizes.applications,
    snowflakeQueries,
    bigQueryJobs,
    databricksRuns,
    emrClusters,
    hbaseSeries,
    kafkaRows,
    elkRows,
    kubernetesRows,
  }
}
