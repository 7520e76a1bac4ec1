import {
  DATABRICKS_AVAILABILITY,
  DATABRICKS_COMPUTE_KINDS,
  DATABRICKS_LIFE_CYCLE_STATES,
  DATABRICKS_RESULT_STATES,
  DATABRICKS_SKUS,
  DATABRICKS_TASK_TYPES,
  DATABRICKS_TRIGGERS,
  DATABRICKS_UPDATE_STATES,
  databricksComputeCost,
  databricksRunStatus,
  databricksUsdPerDbu,
  type DatabricksLifeCycleState,
  type DatabricksResultState,
  type DatabricksSku,
} from '@costlens/shared'
import type { Db } from '../src/db/open-database.ts'
import { appsTimeShift } from '../src/db/repositories/applications.ts'
import { rollUpStoredDatabricksUsage } from '../src/db/seed/databricks-usage.ts'

/*
 * A small Databricks world whose every number the tests know: 3 workspaces (AWS Premium, Azure
 * Premium, AWS Enterprise), 4 principals (a service principal among them), 4 node types, 2
 * all-purpose clusters with 3 sessions, 4 jobs with 7 tasks, 16 runs placed around the test's now
 * (running, inside the last day, the last week, the last 30 days and before; one whose cost is not
 * final yet), a DLT pipeline with 3 updates (2 from job runs), a SQL warehouse with 2 sessions and 4
 * queries, and a billing contract. It replaces whatever Databricks data the seed holds, so the
 * assertions stay exact whatever the seed becomes. Times are given as "ms before now" and stored
 * less the read-time shift, as the seed stores them; costs come from databricksComputeCost, the one
 * definition. db_usage_days is rebuilt from the rows (rollUpStoredDatabricksUsage).
 */

const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR

/** code, workspace id, name, URL, cloud, tier, region. */
export const DB_FIXTURE_WORKSPACES = [
  [
    1,
    '4051729395532381',
    'acme-prod-aws',
    'https://dbc-4051729a-9553.cloud.databricks.com',
    'AWS',
    'PREMIUM',
    'us-east-1',
  ],
  [
    2,
    '7394025718364020',
    'acme-analytics-azure',
    'https://adb-7394025718364020.0.azuredatabricks.net',
    'AZURE',
    'PREMIUM',
    'eastus',
  ],
  [
    3,
    '2290176543817729',
    'acme-ml-enterprise',
    'https://dbc-2290176b-4381.cloud.databricks.com',
    'AWS',
    'ENTERPRISE',
    'us-west-2',
  ],
] as const

/** code, name, is service principal. */
export const DB_FIXTURE_PRINCIPALS = [
  [1, 'alice@acme.example', 0],
  [2, 'bob@acme.example', 0],
  [3, 'carol@acme.example', 0],
  [4, 'etl-service-principal', 1],
] as const

/** code, cloud, node type, cores, memory MB, GPUs, DBU/h, VM USD/h, spot discount. */
export const DB_FIXTURE_NODE_TYPES = [
  [1, 'AWS', 'i3.xlarge', 4, 31_232, 0, 1, 0.312, 0.6],
  [2, 'AWS', 'm5.xlarge', 4, 16_384, 0, 0.69, 0.192, 0.6],
  [3, 'AZURE', 'Standard_DS3_v2', 4, 14_336, 0, 0.75, 0.229, 0.7],
  [4, 'AZURE', 'Standard_DS4_v2', 8, 28_672, 0, 1.5, 0.458, 0.7],
] as const

/** code, key, value. */
export const DB_FIXTURE_TAGS = [
  [1, 'team', 'data-eng'],
  [2, 'team', 'analytics'],
  [3, 'env', 'prod'],
  [4, 'env', 'dev'],
  [5, 'cost_center', 'cc-1001'],
] as const

/** Tag set code → its tags. */
export const DB_FIXTURE_TAG_SETS: Readonly<Record<number, readonly number[]>> = {
  1: [1, 3, 5],
  2: [2, 3],
  3: [2, 4],
}

const availability = (name: (typeof DATABRICKS_AVAILABILITY)[number]) => DATABRICKS_AVAILABILITY.indexOf(name)
const compute = (name: (typeof DATABRICKS_COMPUTE_KINDS)[number]) => DATABRICKS_COMPUTE_KINDS.indexOf(name)

/** The all-purpose clusters (ids as the `clusters` rows of platform DB). */
export const DB_FIXTURE_CLUSTERS = [
  {
    code: 1,
    clusterId: '0412-083152-abc123',
    workspace: 1,
    name: 'shared-analytics',
    creator: 1,
    nodeType: 1,
    minWorkers: 2,
    maxWorkers: 8,
    availability: availability('SPOT_WITH_FALLBACK'),
    autoTermination: 120,
    tagSet: 2,
  },
  {
    code: 2,
    clusterId: '0519-101010-dsx77',
    workspace: 2,
    name: 'data-science-azure',
    creator: 2,
    nodeType: 3,
    minWorkers: 4,
    maxWorkers: 4,
    availability: availability('ON_DEMAND'),
    autoTermination: 120,
    tagSet: 3,
  },
] as const

/** Sessions: cluster, who started it, started ago, hours up (null: running), busy hours, workers. */
export const DB_FIXTURE_SESSIONS = [
  { id: 1, cluster: 1, principal: 1, ago: 3 * DAY, hours: 10, busy: 6, workers: 4, reason: 0 },
  { id: 2, cluster: 1, principal: 3, ago: 26 * HOUR, hours: 4, busy: 1, workers: 2, reason: 0 },
  { id: 3, cluster: 2, principal: 2, ago: 5 * HOUR, hours: null, busy: 3, workers: 4, reason: null },
] as const

/** The jobs; `cluster` for an all-purpose job, else a new job cluster's node type and workers. */
export const DB_FIXTURE_JOBS = [
  {
    code: 1,
    workspace: 1,
    jobId: 101,
    name: 'daily_ingest',
    owner: 4,
    runAs: 4,
    schedule: '0 0 2 * * ?',
    compute: compute('JOB'),
    cluster: null,
    nodeType: 1,
    minWorkers: 2,
    maxWorkers: 8,
    availability: availability('SPOT_WITH_FALLBACK'),
    tagSet: 1,
  },
  {
    code: 2,
    workspace: 1,
    jobId: 102,
    name: 'hourly_aggregates',
    owner: 1,
    runAs: 1,
    schedule: '0 0 * * * ?',
    compute: compute('ALL_PURPOSE'),
    cluster: 1,
    nodeType: 1,
    minWorkers: 2,
    maxWorkers: 8,
    availability: availability('SPOT_WITH_FALLBACK'),
    tagSet: 2,
  },
  {
    code: 3,
    workspace: 2,
    jobId: 201,
    name: 'customer_churn_model',
    owner: 2,
    runAs: 2,
    schedule: null,
    compute: compute('JOB'),
    cluster: null,
    nodeType: 4,
    minWorkers: 6,
    maxWorkers: 6,
    availability: availability('ON_DEMAND'),
    tagSet: 3,
  },
  {
    code: 4,
    workspace: 3,
    jobId: 301,
    name: 'orders_dlt_refresh',
    owner: 4,
    runAs: 4,
    schedule: '0 30 */6 * * ?',
    compute: compute('JOB'),
    cluster: null,
    nodeType: 2,
    minWorkers: 2,
    maxWorkers: 4,
    availability: availability('SPOT'),
    tagSet: 1,
  },
] as const

const task = (name: (typeof DATABRICKS_TASK_TYPES)[number]) => DATABRICKS_TASK_TYPES.indexOf(name)

export const DB_FIXTURE_PIPELINE_ID = '6f1c2a9e-3b7d-4e58-9a41-0c2d8e7f5b13'

/** job, task key, position, type, source, depends on. */
export const DB_FIXTURE_TASKS = [
  [1, 'ingest', 0, task('NOTEBOOK'), '/Repos/etl/ingest/raw_events', ''],
  [1, 'transform', 1, task('PYTHON_WHEEL'), 'acme_etl:transform', 'ingest'],
  [2, 'aggregate', 0, task('SQL'), 'queries/hourly_aggregates.sql', ''],
  [3, 'features', 0, task('NOTEBOOK'), '/Users/bob@acme.example/churn/features', ''],
  [3, 'train', 1, task('NOTEBOOK'), '/Users/bob@acme.example/churn/train', 'features'],
  [3, 'publish', 2, task('PYTHON_WHEEL'), 'churn_model:publish', 'train'],
  [4, 'refresh', 0, task('PIPELINE'), DB_FIXTURE_PIPELINE_ID, ''],
] as const

export interface DbFixtureRun {
  id: number
  job: number
  /** ms before the test's now that the run started. */
  ago: number
  /** ms from start to end; for a running run, from start to now. */
  duration: number
  setup: number
  lifeCycle: DatabricksLifeCycleState
  result: DatabricksResultState | null
  workers: number
  trigger: (typeof DATABRICKS_TRIGGERS)[number]
  /** ms after now that its cost becomes final (negative: already final). */
  finalIn: number
  error?: string
  insightMask?: number
}

/** The runs, newest first. Bits of insightMask: DATABRICKS_INSIGHT_KEYS. */
export const DB_FIXTURE_RUNS: readonly DbFixtureRun[] = [
  {
    id: 9016,
    job: 2,
    ago: 20 * MIN,
    duration: 20 * MIN,
    setup: 0,
    lifeCycle: 'RUNNING',
    result: null,
    workers: 4,
    trigger: 'PERIODIC',
    finalIn: 3 * HOUR,
    insightMask: 0b1,
  },
  {
    id: 9015,
    job: 1,
    ago: 2 * HOUR,
    duration: 50 * MIN,
    setup: 4 * MIN,
    lifeCycle: 'TERMINATED',
    result: 'SUCCESS',
    workers: 6,
    trigger: 'PERIODIC',
    finalIn: 2 * HOUR,
  },
  {
    id: 9014,
    job: 2,
    ago: 3 * HOUR,
    duration: 15 * MIN,
    setup: 0,
    lifeCycle: 'TERMINATED',
    result: 'SUCCESS',
    workers: 4,
    trigger: 'PERIODIC',
    finalIn: -HOUR,
    insightMask: 0b1,
  },
  {
    id: 9013,
    job: 3,
    ago: 5 * HOUR,
    duration: 10 * MIN,
    setup: 5 * MIN,
    lifeCycle: 'WAITING_FOR_RETRY',
    result: null,
    workers: 0,
    trigger: 'RETRY',
    finalIn: 4 * HOUR,
  },
  {
    id: 9012,
    job: 3,
    ago: 6 * HOUR,
    duration: 2 * HOUR,
    setup: 6 * MIN,
    lifeCycle: 'TERMINATED',
    result: 'FAILED',
    workers: 6,
    trigger: 'ONE_TIME',
    finalIn: -HOUR,
    error:
      'org.apache.spark.SparkException: Job aborted due to stage failure: Task 12 in stage 4.0 failed 4 times; java.lang.OutOfMemoryError: Java heap space',
    insightMask: 0b11000,
  },
  {
    id: 9011,
    job: 4,
    ago: 8 * HOUR,
    duration: 40 * MIN,
    setup: 5 * MIN,
    lifeCycle: 'TERMINATED',
    result: 'SUCCESS',
    workers: 3,
    trigger: 'PERIODIC',
    finalIn: -HOUR,
  },
  {
    id: 9010,
    job: 1,
    ago: 26 * HOUR,
    duration: 55 * MIN,
    setup: 4 * MIN,
    lifeCycle: 'TERMINATED',
    result: 'SUCCESS',
    workers: 7,
    trigger: 'PERIODIC',
    finalIn: -DAY,
  },
  {
    id: 9009,
    job: 2,
    ago: 27 * HOUR,
    duration: 14 * MIN,
    setup: 0,
    lifeCycle: 'TERMINATED',
    result: 'CANCELED',
    workers: 4,
    trigger: 'PERIODIC',
    finalIn: -DAY,
    insightMask: 0b1,
  },
  {
    id: 9008,
    job: 4,
    ago: 2 * DAY,
    duration: 35 * MIN,
    setup: 5 * MIN,
    lifeCycle: 'TERMINATED',
    result: 'FAILED',
    workers: 4,
    trigger: 'PERIODIC',
    finalIn: -DAY,
    error: 'Update 4b1e failed: table orders_silver: expectation valid_order_id violated',
  },
  {
    id: 9007,
    job: 3,
    ago: 3 * DAY,
    duration: 3 * HOUR,
    setup: 7 * MIN,
    lifeCycle: 'TERMINATED',
    result: 'SUCCESS',
    workers: 6,
    trigger: 'ONE_TIME',
    finalIn: -DAY,
    insightMask: 0b11000,
  },
  {
    id: 9006,
    job: 1,
    ago: 4 * DAY,
    duration: 65 * MIN,
    setup: 4 * MIN,
    lifeCycle: 'TERMINATED',
    result: 'TIMEDOUT',
    workers: 8,
    trigger: 'PERIODIC',
    finalIn: -DAY,
    error: 'Run timed out after 3600 seconds',
  },
  {
    id: 9005,
    job: 2,
    ago: 6 * DAY,
    duration: 12 * MIN,
    setup: 0,
    lifeCycle: 'TERMINATED',
    result: 'SUCCESS',
    workers: 4,
    trigger: 'PERIODIC',
    finalIn: -DAY,
    insightMask: 0b1,
  },
  {
    id: 9004,
    job: 1,
    ago: 10 * DAY,
    duration: 52 * MIN,
    setup: 4 * MIN,
    lifeCycle: 'TERMINATED',
    result: 'SUCCESS',
    workers: 5,
    trigger: 'PERIODIC',
    finalIn: -DAY,
  },
  {
    id: 9003,
    job: 1,
    ago: 10 * DAY + HOUR,
    duration: 0,
    setup: 0,
    lifeCycle: 'SKIPPED',
    result: null,
    workers: 0,
    trigger: 'PERIODIC',
    finalIn: -DAY,
  },
  {
    id: 9002,
    job: 3,
    ago: 20 * DAY,
    duration: 150 * MIN,
    setup: 6 * MIN,
    lifeCycle: 'TERMINATED',
    result: 'SUCCESS',
    workers: 6,
    trigger: 'ONE_TIME',
    finalIn: -DAY,
    insightMask: 0b11000,
  },
  {
    id: 9001,
    job: 4,
    ago: 40 * DAY,
    duration: 30 * MIN,
    setup: 5 * MIN,
    lifeCycle: 'TERMINATED',
    result: 'SUCCESS',
    workers: 3,
    trigger: 'PERIODIC',
    finalIn: -DAY,
  },
]

/** The DLT pipeline's updates: id, the run that triggered it (null: a manual refresh), ago, minutes. */
export const DB_FIXTURE_UPDATES = [
  { id: 1, jobRun: 9011, ago: 8 * HOUR, minutes: 35, workers: 3, state: 'COMPLETED' },
  { id: 2, jobRun: 9008, ago: 2 * DAY, minutes: 30, workers: 4, state: 'FAILED' },
  { id: 3, jobRun: null, ago: 4 * DAY, minutes: 45, workers: 4, state: 'COMPLETED' },
] as const

/** The SQL warehouse's sessions: ago, hours up (null: up now), busy hours, clusters. */
export const DB_FIXTURE_WAREHOUSE_SESSIONS = [
  { id: 1, ago: 30 * HOUR, hours: 9, busy: 7, clusters: 1.5 },
  { id: 2, ago: 2 * HOUR, hours: null, busy: 1, clusters: 1 },
] as const

/** Queries on the warehouse: id, principal, statement type, status, ago, duration ms, rows, bytes. */
export const DB_FIXTURE_QUERIES = [
  [1, 3, 'SELECT', 'S', 90 * MIN, 4_200, 1_250, 3_400_000_000],
  [2, 3, 'SELECT', 'F', 80 * MIN, 900, 0, 0],
  [3, 1, 'MERGE', 'S', 26 * HOUR, 65_000, 120_000, 48_000_000_000],
  [4, 2, 'SELECT', 'R', 5 * MIN, 5 * MIN, 0, 1_000_000_000],
] as const

const SKU = (name: DatabricksSku) => DATABRICKS_SKUS.indexOf(name)

const DB_TABLES = [
  'db_usage_days',
  'db_sql_queries',
  'db_warehouse_sessions',
  'db_warehouses',
  'db_pipeline_updates',
  'db_pipelines',
  'db_runs',
  'db_job_tasks',
  'db_jobs',
  'db_cluster_sessions',
  'db_clusters',
  'db_tag_sets',
  'db_tags',
  'db_node_types',
  'db_principals',
  'db_workspaces',
  'db_billing_contracts',
]

function nodeOf(code: number) {
  const row = DB_FIXTURE_NODE_TYPES.find(([c]) => c === code)!
  return { dbuPerHour: row[6], vmUsdPerHour: row[7], spotDiscount: row[8] }
}

function workspaceOf(code: number) {
  const row = DB_FIXTURE_WORKSPACES.find(([c]) => c === code)!
  return { cloud: row[4], tier: row[5] }
}

/** The SKU a fixture run is billed at: its pipeline's DLT edition, all-purpose, or jobs compute. */
function runSku(job: (typeof DB_FIXTURE_JOBS)[number]): DatabricksSku {
  if (job.code === 4) return 'DLT_ADVANCED'
  return job.compute === compute('ALL_PURPOSE') ? 'ALL_PURPOSE_COMPUTE' : 'JOBS_COMPUTE'
}

/** A fixture run's cost (what the tests assert against): the one definition, at its workspace's price. */
export function dbFixtureRunCost(run: DbFixtureRun) {
  const job = DB_FIXTURE_JOBS.find((j) => j.code === run.job)!
  const { cloud, tier } = workspaceOf(job.workspace)
  const sku = runSku(job)
  const spot = job.availability !== availability('ON_DEMAND')
  return {
    sku,
    ...databricksComputeCost(
      nodeOf(job.nodeType),
      run.workers,
      spot,
      run.duration / HOUR,
      databricksUsdPerDbu(sku, cloud, tier)!,
    ),
  }
}

/** Writes the fixture in place of the seeded Databricks data (inside one transaction). */
export function insertDatabricksFixture(db: Db, now: number): void {
  const shift = appsTimeShift(db)
  const at = (ago: number) => now - ago - shift
  db.transaction(() => {
    for (const table of DB_TABLES) db.prepare(`DELETE FROM ${table}`).run()
    const insert = (table: string, rows: readonly (readonly unknown[])[]) => {
      if (!rows.length) return
      const stmt = db.prepare(`INSERT INTO ${table} VALUES (${rows[0]!.map(() => '?').join(', ')})`)
      for (const row of rows) stmt.run(...row)
    }
    const workspace = db.prepare(
      `INSERT INTO db_workspaces (code, workspace_id, workspace_name, instance_url, cloud, tier, region, token_set,
         account_id, seeded, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, 'acct-7f3e2a', 1, ?)`,
    )
    for (const w of DB_FIXTURE_WORKSPACES) workspace.run(...w, now - 500 * DAY)
    insert('db_principals', DB_FIXTURE_PRINCIPALS)
    insert('db_node_types', DB_FIXTURE_NODE_TYPES)
    insert('db_tags', DB_FIXTURE_TAGS)
    insert(
      'db_tag_sets',
      Object.entries(DB_FIXTURE_TAG_SETS).flatMap(([set, tags]) => tags.map((t) => [Number(set), t])),
    )
    insert(
      'db_clusters',
      DB_FIXTURE_CLUSTERS.map((c) => [
        c.code,
        c.clusterId,
        c.workspace,
        c.name,
        c.creator,
        c.nodeType,
        c.nodeType,
        c.minWorkers,
        c.maxWorkers,
        c.availability,
        c.autoTermination,
        '14.3.x-scala2.12',
        0,
        c.tagSet,
        now - 300 * DAY,
      ]),
    )
    insert(
      'db_cluster_sessions',
      DB_FIXTURE_SESSIONS.map((s) => {
        const cluster = DB_FIXTURE_CLUSTERS.find((c) => c.code === s.cluster)!
        const { cloud, tier } = workspaceOf(cluster.workspace)
        const hours = s.hours ?? s.ago / HOUR
        // The session's own share: its idle and interactive hours (the runs on it carry theirs).
        const cost = databricksComputeCost(
          nodeOf(cluster.nodeType),
          s.workers,
          cluster.availability !== availability('ON_DEMAND'),
          hours - s.busy / 2,
          databricksUsdPerDbu('ALL_PURPOSE_COMPUTE', cloud, tier)!,
        )
        return [
          s.id,
          s.cluster,
          s.principal,
          at(s.ago),
          s.hours === null ? null : at(s.ago - s.hours * HOUR),
          s.reason,
          s.busy * HOUR,
          s.workers,
          cost.dbusE4,
          cost.dbuCostE4,
          cost.vmCostE4,
        ]
      }),
    )
    insert(
      'db_jobs',
      DB_FIXTURE_JOBS.map((j) => [
        j.code,
        j.workspace,
        j.jobId,
        j.name,
        j.owner,
        j.runAs,
        j.schedule,
        j.compute,
        j.cluster,
        j.cluster === null ? j.nodeType : null,
        j.cluster === null ? j.minWorkers : null,
        j.cluster === null ? j.maxWorkers : null,
        j.cluster === null ? j.availability : null,
        j.tagSet,
        now - 200 * DAY,
      ]),
    )
    insert('db_job_tasks', DB_FIXTURE_TASKS)
    // Oldest first, as the seed writes them.
    for (const r of [...DB_FIXTURE_RUNS].sort((a, b) => b.ago - a.ago)) {
      const job = DB_FIXTURE_JOBS.find((j) => j.code === r.job)!
      const cost = dbFixtureRunCost(r)
      const ended =
        r.lifeCycle === 'TERMINATED' || r.lifeCycle === 'SKIPPED' || r.lifeCycle === 'INTERNAL_ERROR'
      insert('db_runs', [
        [
          r.id,
          r.job,
          job.workspace,
          job.runAs,
          DATABRICKS_TRIGGERS.indexOf(r.trigger),
          r.trigger === 'RETRY' ? 1 : 0,
          DATABRICKS_LIFE_CYCLE_STATES.indexOf(r.lifeCycle),
          r.result === null ? null : DATABRICKS_RESULT_STATES.indexOf(r.result),
          databricksRunStatus(r.lifeCycle, r.result),
          at(r.ago),
          r.setup,
          ended ? at(r.ago - r.duration) : null,
          r.duration,
          job.compute,
          job.cluster,
          job.nodeType,
          r.workers,
          job.availability,
          SKU(cost.sku),
          cost.dbusE4,
          cost.dbuCostE4,
          cost.vmCostE4,
          now + r.finalIn - shift,
          job.tagSet,
          r.insightMask ?? 0,
          r.error ?? null,
        ],
      ])
    }
    insert('db_pipelines', [
      [1, DB_FIXTURE_PIPELINE_ID, 3, 'orders_dlt', 4, 2, 0, 0, 2, 2, 4, 1, now - 200 * DAY],
    ])
    insert(
      'db_pipeline_updates',
      DB_FIXTURE_UPDATES.map((u) => {
        const run = DB_FIXTURE_RUNS.find((r) => r.id === u.jobRun)
        // A triggered update's DBUs are its run's; a manual refresh's are its own.
        const cost = run
          ? { dbusE4: 0, dbuCostE4: 0, vmCostE4: 0 }
          : databricksComputeCost(
              nodeOf(2),
              u.workers,
              true,
              u.minutes / 60,
              databricksUsdPerDbu('DLT_ADVANCED', 'AWS', 'ENTERPRISE')!,
            )
        const state = DATABRICKS_UPDATE_STATES.indexOf(u.state)
        return [
          u.id,
          `4b1e${u.id}c2d-0000-4000-8000-00000000000${u.id}`,
          1,
          u.jobRun,
          state,
          u.state === 'COMPLETED' ? 'S' : 'F',
          at(u.ago),
          at(u.ago - u.minutes * MIN),
          u.minutes * MIN,
          cost.dbusE4,
          cost.dbuCostE4,
          cost.vmCostE4,
        ]
      }),
    )
    insert('db_warehouses', [
      [1, '8a3f2c1d9e7b6a54', 1, 'bi-warehouse', 3, 1, 2, 1, 2, 10, 2, now - 250 * DAY],
    ])
    insert(
      'db_warehouse_sessions',
      DB_FIXTURE_WAREHOUSE_SESSIONS.map((s) => {
        const hours = s.hours ?? s.ago / HOUR
        // SQL Pro, size Small: 12 DBU/h per cluster at $0.55; Pro runs in the customer's cloud account,
        // so its VMs are billed too (here 4 i3.xlarge per cluster).
        const dbus = 12 * s.clusters * hours
        return [
          s.id,
          1,
          at(s.ago),
          s.hours === null ? null : at(s.ago - s.hours * HOUR),
          s.busy * HOUR,
          s.clusters,
          Math.round(dbus * 10_000),
          Math.round(dbus * 0.55 * 1_000_000),
          Math.round(4 * 0.312 * s.clusters * hours * 1_000_000),
        ]
      }),
    )
    insert(
      'db_sql_queries',
      DB_FIXTURE_QUERIES.map(([id, principal, type, status, ago, duration, rows, bytes]) => [
        id,
        `01ef${id}a2b-3c4d-1e5f-8a9b-0c1d2e3f4a5${id}`,
        1,
        principal,
        type,
        `${type} … FROM sales.orders /* fixture query ${id} */`,
        status,
        at(ago),
        status === 'R' ? null : at(ago - duration),
        duration,
        rows,
        bytes,
        status === 'F' ? '[TABLE_OR_VIEW_NOT_FOUND] The table or view `sales.order` cannot be found.' : null,
      ]),
    )
    insert('db_billing_contracts', [
      [1, 'Commit plan', now - 340 * DAY, now + 25 * DAY, 250_000, 30_000, now - 340 * DAY],
    ])
  })()
  rollUpStoredDatabricksUsage(db)
}
