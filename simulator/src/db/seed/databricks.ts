import {
  DATABRICKS_DLT_EDITIONS,
  DATABRICKS_SKUS,
  DATABRICKS_UPDATE_STATES,
  DATABRICKS_USAGE_SOURCES,
  databricksComputeCost,
  databricksUsdPerDbu,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { insertRows, RowInserter } from './bulk-insert.ts'
import { DATABRICKS_HISTORY_DAYS, type DatabricksSizes } from './databricks-catalogue.ts'
import { COMPUTE_ALL_PURPOSE, JobPlanner, RUNS_PER_DAY } from './databricks-jobs.ts'
import { RunPlanner, writeRuns, type PlannedUpdate } from './databricks-runs.ts'
import { ClusterSessions } from './databricks-sessions.ts'
import { seedDatabricksSql } from './databricks-sql.ts'
import { DatabricksRunDaysBuilder } from './databricks-run-days.ts'
import { DatabricksUsageBuilder } from './databricks-usage.ts'
import { seedDatabricksInsights } from './databricks-insights.ts'
import { seedDatabricksWorld, uuid, type DatabricksWorld } from './databricks-world.ts'
import type { Prng } from './prng.ts'
import { SILENT_PROGRESS, type SeedProgress } from './progress.ts'

/*
 * The Databricks seed (issue 20): workspaces, principals, node types, tags, all-purpose clusters
 * and their sessions, jobs and their tasks, a million runs at the large scale, DLT pipelines and
 * their updates, SQL warehouses with their sessions and queries, a billing contract, and the daily
 * usage rollup accumulated as all of it is generated. Its own generator and no other table read:
 * seeded side by side with the applications in a worker (databricks-worker.ts) or in-thread, the
 * same rows.
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Every table the Databricks seeder fills, parents before children (the order a side seed copies them in). */
export const DATABRICKS_TABLES = [
  'db_workspaces',
  'db_principals',
  'db_node_types',
  'db_tags',
  'db_tag_sets',
  'db_clusters',
  'db_cluster_sessions',
  'db_jobs',
  'db_job_tasks',
  'db_runs',
  'db_pipelines',
  'db_pipeline_updates',
  'db_warehouses',
  'db_warehouse_sessions',
  'db_sql_queries',
  'db_usage_days',
  'db_run_days',
  'db_run_day_splits',
  'db_billing_contracts',
  'db_run_insights',
  'db_insight_days',
  'db_insight_rollup_of',
  'db_insight_actions',
] as const

/** What seedDatabricks wrote (counts for the seed's summary and the tests). */
export interface DatabricksSeeded {
  runs: number
  jobs: number
  queries: number
}

/**
 * Seeds every db_* table (inside one transaction, nested in the caller's if any). Deterministic for
 * (prng seed, sizes, now). Exactly `sizes.runs` runs: jobs are added until their runs over the
 * history reach it, and the oldest runs of the last one (a job created during the history) are cut.
 */
export function seedDatabricks(
  db: Db,
  prng: Prng,
  now: number,
  sizes: DatabricksSizes,
  progress: SeedProgress = SILENT_PROGRESS,
): DatabricksSeeded {
  const historyStart = now - DATABRICKS_HISTORY_DAYS * DAY
  const usage = new DatabricksUsageBuilder()
  let seeded: DatabricksSeeded = { runs: 0, jobs: 0, queries: 0 }
  db.transaction(() => {
    const world = seedDatabricksWorld(db, prng, now, sizes)
    const jobs = new JobPlanner(prng, world, now, historyStart, sizes.scheduleMix)
    const runs = new RunPlanner(prng, historyStart, now, sizes.runs + 12_000)
    // The jobs every scale has (every SKU and compute kind): one per job-triggered pipeline, a Jobs
    // Light job on the Standard workspace, a job on an all-purpose cluster, a serverless one.
    for (const pipeline of world.pipelines.filter((p) => p.mode === 'triggered'))
      runs.addJob(jobs.plan('pipeline', pipeline))
    runs.addJob(jobs.plan('light'))
    runs.addJob(jobs.plan('allPurpose'))
    runs.addJob(jobs.plan('serverless'))
    while (runs.plan.count + sizes.live < sizes.runs) runs.addJob(jobs.plan('random'))
    for (let i = 0; i < sizes.live; i++) runs.addLive(prng.pick(jobs.jobs.slice(0, -1)), i)
    const last = jobs.jobs[jobs.jobs.length - 1]!
    const { keys, trimmedFrom } = runs.ordered(last.code, runs.plan.count - sizes.runs)
    // The trimmed job was created during the history, a little before its first run.
    last.createdAt = trimmedFrom - prng.int(1, 48) * HOUR
    jobs.write(db)
    const sessions = new ClusterSessions(
      prng,
      world,
      historyStart,
      now,
      new Set(jobs.jobs.filter((j) => j.computeKind === COMPUTE_ALL_PURPOSE).map((j) => j.cluster!.code)),
    )
    const updates: PlannedUpdate[] = []
    const runDays = new DatabricksRunDaysBuilder()
    const runCount = writeRuns(
      db,
      prng,
      now,
      jobs.jobs,
      runs,
      keys,
      sessions,
      usage,
      runDays,
      updates,
      progress,
    )
    sessions.write(db, usage)
    writePipelineUpdates(db, prng, now, historyStart, world, updates, usage)
    const queries = seedDatabricksSql(db, prng, now, historyStart, sizes, world, usage)
    usage.write(db)
    // The runs lists' day rollup and its splits (repositories/databricks-runs-days.ts), accumulated
    // as the runs were written.
    runDays.write(db)
    seedDatabricksInsights(db, now)
    writeBillingContract(db, prng, now, usage)
    seeded = { runs: runCount, jobs: jobs.jobs.length, queries }
  })()
  return seeded
}

/** How many runs per day a scale's schedule mix gives per job (sizing notes and tests). */
export function runsPerJobPerDay(mix: readonly number[]): number {
  const kinds = Object.values(RUNS_PER_DAY)
  return mix.reduce((sum, share, i) => sum + share * kinds[i]!, 0) / mix.reduce((a, b) => a + b, 0)
}

/**
 * The pipelines' updates: those their jobs' runs made (cost on the run) and those of continuous
 * pipelines (one update a day, restarted at midnight; the last one running) and of pipelines
 * refreshed by hand (a few a week), which carry their own cost at the edition's DLT SKU. Written in
 * start order.
 */
function writePipelineUpdates(
  db: Db,
  prng: Prng,
  now: number,
  historyStart: number,
  world: DatabricksWorld,
  updates: PlannedUpdate[],
  usage: DatabricksUsageBuilder,
): void {
  const state = (name: (typeof DATABRICKS_UPDATE_STATES)[number]) => DATABRICKS_UPDATE_STATES.indexOf(name)
  for (const pipeline of world.pipelines) {
    if (pipeline.mode === 'triggered') continue
    const workspace = world.workspaces[pipeline.workspace - 1]!
    const edition = DATABRICKS_DLT_EDITIONS[pipeline.edition]!
    const usdPerDbu = databricksUsdPerDbu(`DLT_${edition}`, workspace.cloud, workspace.tier)!
    for (let day = historyStart - (historyStart % DAY) + DAY; day < now; day += DAY) {
      const starts =
        pipeline.mode === 'continuous'
          ? [day + prng.int(0, 300) * 1000]
          : prng.chance(0.5)
            ? [day + workspace.workdayStartUtc * HOUR + prng.int(0, 8 * 60) * MINUTE]
            : []
      for (const start of starts) {
        if (start >= now) continue
        const planned = pipeline.mode === 'continuous' ? DAY - 10 * MINUTE : prng.int(8, 70) * MINUTE
        const live = start + planned > now
        const v = prng.next()
        const outcome = live ? 'RUNNING' : v < 0.05 ? 'FAILED' : v < 0.07 ? 'CANCELED' : 'COMPLETED'
        const duration = live
          ? now - start
          : outcome === 'COMPLETED'
            ? planned
            : Math.round(planned * prng.next())
        const workers =
          pipeline.minWorkers + Math.round((pipeline.maxWorkers - pipeline.minWorkers) * prng.next())
        const cost = databricksComputeCost(
          pipeline.node ?? { dbuPerHour: pipeline.serverlessDbuPerHour, vmUsdPerHour: 0, spotDiscount: 0 },
          pipeline.node ? workers : 0,
          true,
          duration / HOUR,
          usdPerDbu,
        )
        updates.push({
          pipeline,
          jobRun: null,
          state: state(outcome),
          status: live ? 'R' : outcome === 'COMPLETED' ? 'S' : outcome === 'FAILED' ? 'F' : 'K',
          start,
          end: live ? null : start + duration,
          duration,
          ...cost,
        })
      }
    }
  }
  updates.sort((a, b) => a.start - b.start || a.pipeline.code - b.pipeline.code)
  const inserter = new RowInserter(db, 'db_pipeline_updates', [
    'id',
    'update_id',
    'pipeline',
    'job_run',
    'state',
    'status',
    'start_time',
    'end_time',
    'duration',
    'dbus_e4',
    'dbu_cost_e4',
    'vm_cost_e4',
  ])
  const source = DATABRICKS_USAGE_SOURCES.indexOf('PIPELINE')
  updates.forEach((u, i) => {
    inserter.push(
      i + 1,
      uuid(prng),
      u.pipeline.code,
      u.jobRun,
      u.state,
      u.status,
      u.start,
      u.end,
      u.duration,
      u.dbusE4,
      u.dbuCostE4,
      u.vmCostE4,
    )
    // Only updates no job run made add usage (a run's carries its own: every DBU once).
    if (u.jobRun === null)
      usage.add(
        {
          start: u.start,
          workspace: u.pipeline.workspace,
          principal: u.pipeline.owner,
          sku: DATABRICKS_SKUS.indexOf('DLT_CORE') + u.pipeline.edition,
          sourceType: source,
          source: u.pipeline.code,
          tagSet: u.pipeline.tagSet,
        },
        u.duration,
        u.dbusE4,
        u.dbuCostE4,
        u.vmCostE4,
      )
  })
  inserter.flush()
}

/**
 * The commit contract (/manage/billing): signed 6-11 months ago, ending in 2-5 weeks (the expiry
 * warning shows), sized on the last 30 days of DBU spend: a year of it plus 10 % as the starting
 * credit, the month's spend plus 5 % as the monthly threshold.
 */
function writeBillingContract(db: Db, prng: Prng, now: number, usage: DatabricksUsageBuilder): void {
  const monthUsd = usage.dbuCostSince(now - 30 * DAY) / 1_000_000
  const start = now - prng.int(183, 335) * DAY
  insertRows(
    db,
    'db_billing_contracts',
    ['id', 'plan', 'start_date', 'end_date', 'starting_credit', 'monthly_threshold', 'created_at'],
    [
      [
        1,
        'Databricks Committed Use (annual)',
        start,
        now + prng.int(14, 35) * DAY,
        Math.max(1_000, Math.round((monthUsd * 12 * 1.1) / 1_000) * 1_000),
        Math.max(100, Math.round((monthUsd * 1.05) / 100) * 100),
        start,
      ],
    ],
  )
}
