/*
 * Times the derivation of application details (simulator/src/details): the largest seeded Spark
 * app of a database, 200 apps of every kind drawn from it, and a constructed 10,000-task /
 * 2,000-stage Spark app. p50 and p99 in ms per call. No assertion: figures for reading.
 *
 *   npx tsx scripts/details-timing.ts [DB_PATH]     a seeded database (npm run seed -- --scale demo)
 *   npx tsx scripts/details-timing.ts               the constructed app alone
 */
import Database from 'better-sqlite3'
import type { AppRow } from '../simulator/src/db/seed/applications.ts'
import { deriveFailure } from '../simulator/src/details/diagnostics.ts'
import { deriveMr, mrTasks } from '../simulator/src/details/mr.ts'
import type { DetailsRecord } from '../simulator/src/details/record.ts'
import { deriveResources } from '../simulator/src/details/resources.ts'
import { deriveSpark, sparkStageTasks } from '../simulator/src/details/spark.ts'

const RUNS = 200

function time(label: string, calls: (() => unknown)[]): void {
  for (const call of calls.slice(0, 20)) call() // warm the JIT
  const ms: number[] = []
  for (let i = 0; i < Math.max(RUNS, calls.length); i++) {
    const t = performance.now()
    calls[i % calls.length]!()
    ms.push(performance.now() - t)
  }
  ms.sort((a, b) => a - b)
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(2)
  console.log(`${label.padEnd(58)} p50 ${at(0.5).padStart(7)} ms   p99 ${at(0.99).padStart(7)} ms`)
}

/** A fixed loop, so figures taken on a busy machine can be read against it (≈ 10 ms on an idle core). */
function calibrate(): void {
  const t = performance.now()
  let x = 0
  for (let i = 0; i < 1e7; i++) x += Math.sqrt(i)
  console.log(
    `calibration: 10^7 square roots in ${(performance.now() - t).toFixed(1)} ms (${x > 0 ? 'ok' : ''})`,
  )
}

const now = Date.parse('2026-11-22T12:00:00Z')
const huge: DetailsRecord = {
  id: 'application_1761099553_999999',
  kind: 'spark',
  status: 'F',
  cluster_uid: 'cdh-prod-01',
  cluster_type: 'CDH',
  user: 'etl_svc',
  queue: 'root.etl',
  name: 'huge_backfill',
  start_time: now - 6 * 3_600_000,
  duration: 5 * 3_600_000,
  vcore_seconds: 5 * 3600 * 200,
  memory_seconds: 5 * 3600 * 200 * 4096,
  dfs_read: 8 * 2 ** 40,
  dfs_written: 2 ** 40,
  event_mask: 0b10,
  map_tasks: '0/0/0',
  reduce_tasks: '0/0/0',
  num_jobs: 12,
  num_stages: 2000,
  num_completed_stages: 1790,
  num_skipped_stages: 200,
  app_attempts: 2,
  task_count: 10_000,
  setup_duration: 20_000,
  cleanup_duration: 4000,
  input_tables: 'sales.orders',
  output_tables: 'sales.orders_daily',
  diagnostics: null,
}

calibrate()
console.log(
  `constructed Spark app: ${huge.task_count} tasks, ${huge.num_stages} stages, 200 executors × 4 cores`,
)
time('  deriveSpark (jobs, stages, executors, executions)', [() => deriveSpark(huge, now)])
time('  deriveResources', [() => deriveResources(huge, now)])
time('  deriveFailure', [() => deriveFailure(huge, now)])
time('  sparkStageTasks, a page of 100', [
  () => sparkStageTasks(huge, now, 1500, 0, { offset: 0, limit: 100 }),
])

const path = process.argv[2]
if (path) {
  const db = new Database(path, { readonly: true })
  const largest = db
    .prepare("SELECT * FROM applications WHERE kind = 'spark' ORDER BY task_count DESC LIMIT 1")
    .get() as AppRow
  console.log(
    `\n${path}: largest Spark app ${largest.id}, ${largest.task_count} tasks, ${largest.num_stages} stages`,
  )
  time('  deriveSpark', [() => deriveSpark(largest, now)])
  time('  deriveResources', [() => deriveResources(largest, now)])
  const draw = (kind: string) => {
    const count = db.prepare('SELECT count(*) FROM applications WHERE kind = ?').pluck().get(kind) as number
    return db
      .prepare(
        'SELECT * FROM (SELECT *, row_number() OVER (ORDER BY id) AS n FROM applications WHERE kind = ?) WHERE n % ? = 0',
      )
      .all(kind, Math.max(1, Math.floor(count / RUNS))) as AppRow[]
  }
  const spark = draw('spark')
  const mr = draw('mr')
  console.log(`\n${RUNS} apps of each kind, by id with a stride`)
  time(
    '  spark: deriveSpark',
    spark.map((a) => () => deriveSpark(a, now)),
  )
  time(
    '  spark: deriveResources',
    spark.map((a) => () => deriveResources(a, now)),
  )
  time(
    '  spark: deriveFailure',
    spark.map((a) => () => deriveFailure(a, now)),
  )
  time(
    '  mr: deriveMr',
    mr.map((a) => () => deriveMr(a, now)),
  )
  time(
    '  mr: mrTasks, a page of 100 maps',
    mr.map((a) => () => mrTasks(a, now, 'MAP', { offset: 0, limit: 100 })),
  )
  time(
    '  mr: deriveResources',
    mr.map((a) => () => deriveResources(a, now)),
  )
  for (const kind of ['hive', 'tez', 'impala', 'presto', 'bigquery']) {
    const apps = draw(kind)
    time(
      `  ${kind}: deriveResources + deriveFailure`,
      apps.map((a) => () => [deriveResources(a, now), deriveFailure(a, now)]),
    )
  }
}
