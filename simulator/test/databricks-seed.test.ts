import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DATABRICKS_AVAILABILITY,
  DATABRICKS_COMPUTE_KINDS,
  DATABRICKS_LIFE_CYCLE_STATES,
  DATABRICKS_RESULT_STATES,
  DATABRICKS_SKUS,
  DATABRICKS_TASK_TYPES,
  DATABRICKS_TERMINATION_REASONS,
  DATABRICKS_TRIGGERS,
  DATABRICKS_WAREHOUSE_TYPES,
  databricksComputeCost,
  databricksRunStatus,
  databricksUsdPerDbu,
  type DatabricksCloud,
  type DatabricksLifeCycleState,
  type DatabricksResultState,
  type DatabricksSku,
  type DatabricksWorkspaceTier,
} from '@costlens/shared'
import { createSchema } from '../src/db/schema.ts'
import { shiftToClock } from '../src/db/open-database.ts'
import { appsTimeShift } from '../src/db/repositories/applications.ts'
import { DATABRICKS_TABLES, seedDatabricks } from '../src/db/seed/databricks.ts'
import {
  DATABRICKS_ALL_PURPOSE_CLUSTERS,
  DATABRICKS_PRNG_OFFSET,
  DATABRICKS_SIZES,
} from '../src/db/seed/databricks-catalogue.ts'
import { rollUpStoredDatabricksUsage } from '../src/db/seed/databricks-usage.ts'
import { rollUpDatabricksRunDays } from '../src/db/repositories/databricks-runs-days.ts'
import { seedDatabase } from '../src/db/seed/index.ts'
import { createPrng } from '../src/db/seed/prng.ts'
import { RunPlanner } from '../src/db/seed/databricks-runs.ts'
import { seedFile } from '../src/db/seed-file.ts'
import { timeOrderBreaks } from '../src/db/time-ordered-rows.ts'
import { APP_TIME_COLUMNS, TIME_COLUMNS } from '../src/db/time-columns.ts'

const NOW = Date.parse('2026-11-22T12:00:00Z')
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Databricks alone at a scale, as seedDatabase seeds it (its own generator). */
function seeded(scale: 'small' | 'demo', seed = 7, now = NOW) {
  const db = new Database(':memory:')
  db.pragma('foreign_keys = ON')
  createSchema(db)
  const counts = seedDatabricks(db, createPrng(seed + DATABRICKS_PRNG_OFFSET), now, DATABRICKS_SIZES[scale])
  return { db, counts }
}

const all = <T = Record<string, unknown>>(db: Database.Database, sql: string, params: unknown[] = []) =>
  db.prepare(sql).all(...params) as T[]
const one = (db: Database.Database, sql: string, params: unknown[] = []) =>
  db
    .prepare(sql)
    .pluck()
    .get(...params) as number

/** Every row of every db_* table, in key order: what determinism compares. */
function dump(db: Database.Database): string {
  // Every column orders the rows: a table of one column (a rollup's marker) has no second one.
  const orderBy = (t: string) =>
    all<{ name: string }>(db, 'SELECT name FROM pragma_table_info(?)', [t])
      .map((_, i) => i + 1)
      .join(', ')
  return DATABRICKS_TABLES.map((t) =>
    JSON.stringify(all(db, `SELECT * FROM ${t} ORDER BY ${orderBy(t)}`)),
  ).join('\n')
}

let small: Database.Database
beforeAll(() => {
  small = seeded('small').db
})
afterAll(() => small.close())

describe('Databricks seed: sizes and determinism', () => {
  it('seeds exactly the runs of each scale (small 4,000, demo 20,000, large 1,000,000 over 90 days)', () => {
    expect(DATABRICKS_SIZES.small.runs).toBe(4_000)
    expect(DATABRICKS_SIZES.demo.runs).toBe(20_000)
    expect(DATABRICKS_SIZES.large.runs).toBe(1_000_000)
    expect(one(small, 'SELECT count(*) FROM db_runs')).toBe(4_000)
    expect(one(small, 'SELECT min(start_time) FROM db_runs')).toBeGreaterThanOrEqual(NOW - 90 * DAY)
    expect(one(small, 'SELECT min(start_time) FROM db_runs')).toBeLessThan(NOW - 89 * DAY)
    const demo = seeded('demo')
    expect(demo.counts.runs).toBe(20_000)
    expect(one(demo.db, 'SELECT count(*) FROM db_runs')).toBe(20_000)
    expect(one(demo.db, 'SELECT count(*) FROM db_sql_queries')).toBe(DATABRICKS_SIZES.demo.queries)
    demo.db.close()
  })

  it('gives the same rows for the same (seed, scale, now), other rows for another seed', () => {
    const again = seeded('small').db
    expect(dump(again)).toBe(dump(small))
    const other = seeded('small', 8).db
    expect(dump(other)).not.toBe(dump(small))
    again.close()
    other.close()
  })

  it('ids grow with the start time (run ids as Databricks gives them) and keys are unique', () => {
    const outOfOrder = one(
      small,
      `SELECT count(*) FROM (SELECT start_time, lag(start_time) OVER (ORDER BY id) AS before FROM db_runs)
        WHERE start_time < before - 1000`,
    )
    expect(outOfOrder).toBe(0)
    expect(one(small, 'SELECT count(DISTINCT workspace || job_id) FROM db_jobs')).toBe(
      one(small, 'SELECT count(*) FROM db_jobs'),
    )
  })

  it('stores the runs in start order, to the millisecond (a start window is a rowid range of db_runs)', () => {
    expect(timeOrderBreaks(small, 'db_runs')).toBe(0)
    // A retry starts to the millisecond (its failed attempt's end plus the delay); planned before a
    // run starting earlier in the same second, it still follows it.
    const historyStart = NOW - 90 * DAY + 965
    const planner = new RunPlanner(createPrng(1), historyStart, NOW, 4)
    const retry = historyStart + 10 * MINUTE + 461
    planner.plan.push(retry, 1, MINUTE, 0, 1, 0, 1, DATABRICKS_TRIGGERS.indexOf('RETRY'))
    planner.plan.push(retry - 461, 2, MINUTE, 0, 1, 0, 0, DATABRICKS_TRIGGERS.indexOf('PERIODIC'))
    planner.plan.push(retry - 200, 3, MINUTE, 0, 1, 0, 0, DATABRICKS_TRIGGERS.indexOf('PERIODIC'))
    const { keys } = planner.ordered(0, 0)
    expect([...keys].map((key) => planner.plan.time[key % 2 ** 22])).toEqual([
      retry - 461,
      retry - 200,
      retry,
    ])
  })
})

describe('Databricks seed: everything a Databricks engineer expects is there at the small scale', () => {
  it('every console status (S, F, K, R, P, W, U), retries, skips and time-outs', () => {
    const statuses = all<{ status: string }>(small, 'SELECT DISTINCT status FROM db_runs ORDER BY 1')
    expect(statuses.map((s) => s.status)).toEqual(['F', 'K', 'P', 'R', 'S', 'U', 'W'])
    const retries = one(
      small,
      `SELECT count(*) FROM db_runs WHERE attempt > 0 AND trigger_type = ${DATABRICKS_TRIGGERS.indexOf('RETRY')}`,
    )
    expect(retries).toBeGreaterThan(0)
    const result = (name: DatabricksResultState) => DATABRICKS_RESULT_STATES.indexOf(name)
    for (const r of ['SUCCESS', 'FAILED', 'TIMEDOUT', 'CANCELED', 'MAXIMUM_CONCURRENT_RUNS_REACHED'] as const)
      expect(
        one(small, 'SELECT count(*) FROM db_runs WHERE result_state = ?', [result(r)]),
        r,
      ).toBeGreaterThan(0)
    // About nine runs in ten succeed.
    const success = one(small, `SELECT avg(status = 'S') FROM db_runs`)
    expect(success).toBeGreaterThan(0.85)
    expect(success).toBeLessThan(0.97)
    // Failures say why, as the Jobs API's state message does.
    expect(one(small, `SELECT count(*) FROM db_runs WHERE status = 'F' AND error_message IS NULL`)).toBe(0)
  })

  it('status is databricksRunStatus of the stored life cycle and result, on every row', () => {
    const pairs = all<{ lc: number; result: number | null; status: string }>(
      small,
      'SELECT DISTINCT life_cycle_state AS lc, result_state AS result, status FROM db_runs',
    )
    for (const { lc, result, status } of pairs)
      expect(
        databricksRunStatus(
          DATABRICKS_LIFE_CYCLE_STATES[lc] as DatabricksLifeCycleState,
          result === null ? null : (DATABRICKS_RESULT_STATES[result] as DatabricksResultState),
        ),
        `${lc}/${result}`,
      ).toBe(status)
  })

  it('a handful of live runs near now: running, pending, queued, waiting to retry, none ended', () => {
    const live = all<{ lc: number; end: number | null; start: number }>(
      small,
      `SELECT life_cycle_state AS lc, end_time AS end, start_time AS start FROM db_runs WHERE status IN ('R', 'P', 'W')`,
    )
    const names = new Set(live.map((r) => DATABRICKS_LIFE_CYCLE_STATES[r.lc]))
    for (const state of ['RUNNING', 'PENDING', 'QUEUED', 'WAITING_FOR_RETRY']) expect(names).toContain(state)
    for (const run of live) {
      expect(run.end).toBeNull()
      expect(run.start).toBeLessThanOrEqual(NOW)
    }
    expect(one(small, `SELECT count(*) FROM db_runs WHERE end_time > ${NOW}`)).toBe(0)
  })

  it('every SKU the seeded objects are billed at, every compute kind, task type and warehouse type', () => {
    const skus = all<{ sku: number }>(small, 'SELECT DISTINCT sku FROM db_usage_days').map(
      (r) => DATABRICKS_SKUS[r.sku],
    )
    // ALL_PURPOSE_SERVERLESS (serverless notebooks) has no seeded object: interactive serverless is not modelled.
    expect(new Set(skus)).toEqual(new Set(DATABRICKS_SKUS.filter((s) => s !== 'ALL_PURPOSE_SERVERLESS')))
    const distinct = (sql: string) => all<{ v: number }>(small, sql).map((r) => r.v)
    expect(distinct('SELECT DISTINCT compute_kind AS v FROM db_runs ORDER BY 1')).toEqual(
      DATABRICKS_COMPUTE_KINDS.map((_, i) => i),
    )
    expect(distinct('SELECT DISTINCT task_type AS v FROM db_job_tasks ORDER BY 1')).toEqual(
      DATABRICKS_TASK_TYPES.map((_, i) => i),
    )
    expect(distinct('SELECT DISTINCT warehouse_type AS v FROM db_warehouses ORDER BY 1')).toEqual(
      DATABRICKS_WAREHOUSE_TYPES.map((_, i) => i),
    )
    expect(
      distinct('SELECT DISTINCT availability AS v FROM db_runs WHERE compute_kind = 0 ORDER BY 1'),
    ).toEqual(DATABRICKS_AVAILABILITY.map((_, i) => i))
  })

  it('workspaces on AWS and Azure, Premium, Enterprise and one legacy Standard, with real-looking URLs', () => {
    const workspaces = all<{ workspace_id: string; instance_url: string; cloud: string; tier: string }>(
      small,
      'SELECT workspace_id, instance_url, cloud, tier FROM db_workspaces',
    )
    expect(workspaces.length).toBeGreaterThanOrEqual(6)
    expect(workspaces.length).toBeLessThanOrEqual(8)
    expect(new Set(workspaces.map((w) => w.tier))).toEqual(new Set(['PREMIUM', 'ENTERPRISE', 'STANDARD']))
    for (const w of workspaces) {
      expect(w.workspace_id).toMatch(/^\d{16}$/)
      expect(w.instance_url).toMatch(
        w.cloud === 'AWS'
          ? /^https:\/\/dbc-[0-9a-f]{8}-[0-9a-f]{4}\.cloud\.databricks\.com$/
          : new RegExp(`^https://adb-${w.workspace_id}\\.\\d+\\.azuredatabricks\\.net$`),
      )
    }
    expect(one(small, 'SELECT count(*) FROM db_workspaces WHERE seeded = 1 AND token_set = 1')).toBe(
      workspaces.length,
    )
    // The legacy Standard tier sells no DLT, SQL or serverless: nothing of them there.
    const standard = one(small, `SELECT code FROM db_workspaces WHERE tier = 'STANDARD'`)
    expect(
      one(small, 'SELECT count(*) FROM db_runs WHERE workspace = ? AND compute_kind = 2', [standard]),
    ).toBe(0)
    expect(one(small, 'SELECT count(*) FROM db_warehouses WHERE workspace = ?', [standard])).toBe(0)
    expect(one(small, 'SELECT count(*) FROM db_pipelines WHERE workspace = ?', [standard])).toBe(0)
  })

  it('service principals own the scheduled ETL; all-purpose clusters idle to their timeout (INACTIVITY)', () => {
    const bySp = one(
      small,
      `SELECT avg(p.is_service_principal) FROM db_jobs j JOIN db_principals p ON p.code = j.owner WHERE j.schedule IS NOT NULL`,
    )
    expect(bySp).toBeGreaterThan(0.4)
    const inactivity = DATABRICKS_TERMINATION_REASONS.indexOf('INACTIVITY')
    expect(
      one(small, 'SELECT count(*) FROM db_cluster_sessions WHERE termination_reason = ?', [inactivity]),
    ).toBeGreaterThan(10)
    // A cluster that never terminates by itself runs for days: the idle waste.
    expect(
      one(
        small,
        `SELECT max(s.end_time - s.start_time) FROM db_cluster_sessions s JOIN db_clusters c ON c.code = s.cluster
          WHERE c.auto_termination_minutes = 0`,
      ),
    ).toBeGreaterThan(DAY)
  })

  it('the billing contract ends in a few weeks (the expiry warning shows) and started 6-11 months ago', () => {
    const contract = all<{ start_date: number; end_date: number; starting_credit: number }>(
      small,
      'SELECT * FROM db_billing_contracts',
    )
    expect(contract).toHaveLength(1)
    expect(contract[0]!.end_date - NOW).toBeGreaterThanOrEqual(14 * DAY)
    expect(contract[0]!.end_date - NOW).toBeLessThanOrEqual(35 * DAY)
    expect(NOW - contract[0]!.start_date).toBeGreaterThanOrEqual(183 * DAY)
    expect(NOW - contract[0]!.start_date).toBeLessThanOrEqual(335 * DAY)
    expect(contract[0]!.starting_credit).toBeGreaterThan(0)
  })
})

describe('Databricks seed: costs (one definition)', () => {
  type Priced = {
    sku: number
    cloud: DatabricksCloud
    tier: DatabricksWorkspaceTier
    duration: number
    workers: number
    availability: number
    dbu_per_hour: number | null
    vm_usd_per_hour: number | null
    spot_discount: number | null
    dbus_e4: number
    dbu_cost_e4: number
    vm_cost_e4: number
    compute_kind: number
    status: string
    lc: number
  }
  const runs = () =>
    all<Priced>(
      small,
      `SELECT r.sku, w.cloud, w.tier, r.duration, r.workers, r.availability, n.dbu_per_hour, n.vm_usd_per_hour,
              n.spot_discount, r.dbus_e4, r.dbu_cost_e4, r.vm_cost_e4, r.compute_kind, r.status,
              r.life_cycle_state AS lc
         FROM db_runs r JOIN db_workspaces w ON w.code = r.workspace LEFT JOIN db_node_types n ON n.code = r.node_type
        WHERE r.id % 7 = 0`,
    )

  it('a classic run costs databricksComputeCost of its own node type, workers, availability, time and SKU price', () => {
    let checked = 0
    for (const r of runs()) {
      if (r.compute_kind === DATABRICKS_COMPUTE_KINDS.indexOf('SERVERLESS')) continue
      const ran = !['QUEUED', 'WAITING_FOR_RETRY', 'SKIPPED'].includes(DATABRICKS_LIFE_CYCLE_STATES[r.lc]!)
      const price = databricksUsdPerDbu(DATABRICKS_SKUS[r.sku] as DatabricksSku, r.cloud, r.tier)!
      const expected = ran
        ? databricksComputeCost(
            { dbuPerHour: r.dbu_per_hour!, vmUsdPerHour: r.vm_usd_per_hour!, spotDiscount: r.spot_discount! },
            r.workers,
            r.availability !== DATABRICKS_AVAILABILITY.indexOf('ON_DEMAND'),
            r.duration / HOUR,
            price,
          )
        : { dbusE4: 0, dbuCostE4: 0, vmCostE4: 0 }
      expect({ dbusE4: r.dbus_e4, dbuCostE4: r.dbu_cost_e4, vmCostE4: r.vm_cost_e4 }).toEqual(expected)
      checked++
    }
    expect(checked).toBeGreaterThan(400)
  })

  it('a serverless run bills no VMs and its DBUs at the JOBS_SERVERLESS price', () => {
    const serverless = runs().filter((r) => r.compute_kind === DATABRICKS_COMPUTE_KINDS.indexOf('SERVERLESS'))
    expect(serverless.length).toBeGreaterThan(0)
    for (const r of serverless) {
      expect(DATABRICKS_SKUS[r.sku]).toBe('JOBS_SERVERLESS')
      expect(r.vm_cost_e4).toBe(0)
      const price = databricksUsdPerDbu('JOBS_SERVERLESS', r.cloud, r.tier)!
      expect(Math.abs(r.dbu_cost_e4 - r.dbus_e4 * price * 100)).toBeLessThanOrEqual(100)
    }
  })

  it('a PIPELINE-only job bills at its pipeline DLT edition; the updates its runs made cost 0 (the run carries it)', () => {
    const mismatched = one(
      small,
      `SELECT count(*) FROM db_runs r JOIN db_job_tasks t ON t.job = r.job AND t.task_type = 3
         JOIN db_pipelines p ON p.pipeline_id = t.source
        WHERE (SELECT count(*) FROM db_job_tasks WHERE job = r.job) = 1
          AND r.sku <> ${DATABRICKS_SKUS.indexOf('DLT_CORE')} + p.edition`,
    )
    expect(mismatched).toBe(0)
    expect(one(small, 'SELECT count(*) FROM db_pipeline_updates WHERE job_run IS NOT NULL')).toBeGreaterThan(
      0,
    )
    expect(
      one(
        small,
        'SELECT count(*) FROM db_pipeline_updates WHERE job_run IS NOT NULL AND dbus_e4 + vm_cost_e4 > 0',
      ),
    ).toBe(0)
    expect(
      one(
        small,
        'SELECT count(*) FROM db_pipeline_updates u LEFT JOIN db_runs r ON r.id = u.job_run WHERE u.job_run IS NOT NULL AND r.id IS NULL',
      ),
    ).toBe(0)
    expect(
      one(small, 'SELECT count(*) FROM db_pipeline_updates WHERE job_run IS NULL AND dbus_e4 > 0'),
    ).toBeGreaterThan(0)
  })

  it('billing lags 1-6 h: no cost is lost where cost_final_at is after the seeding now (stored, just not final)', () => {
    const ended = all<{ lag: number }>(
      small,
      'SELECT cost_final_at - end_time AS lag FROM db_runs WHERE end_time IS NOT NULL',
    )
    for (const { lag } of ended) {
      expect(lag).toBeGreaterThanOrEqual(HOUR)
      expect(lag).toBeLessThanOrEqual(6 * HOUR)
    }
    const unfinal = all<{ n: number; dbus: number }>(
      small,
      `SELECT count(*) AS n, sum(dbus_e4) AS dbus FROM db_runs WHERE cost_final_at > ${NOW} AND status = 'S'`,
    )[0]!
    expect(unfinal.n).toBeGreaterThan(0)
    expect(unfinal.dbus).toBeGreaterThan(0)
    // Runs that ended more than six hours before now are all final.
    expect(
      one(
        small,
        `SELECT count(*) FROM db_runs WHERE end_time < ${NOW - 6 * HOUR} AND cost_final_at > ${NOW}`,
      ),
    ).toBe(0)
  })

  it('insight bits mark the waste patterns: all-purpose compute on every all-purpose run, none on serverless', () => {
    const ap = DATABRICKS_COMPUTE_KINDS.indexOf('ALL_PURPOSE')
    expect(
      one(
        small,
        `SELECT count(*) FROM db_runs WHERE compute_kind = ${ap} AND status = 'S' AND insight_mask & 1 = 0`,
      ),
    ).toBe(0)
    expect(
      one(small, `SELECT count(*) FROM db_runs WHERE compute_kind <> ${ap} AND insight_mask & 1 <> 0`),
    ).toBe(0)
    expect(one(small, 'SELECT count(*) FROM db_runs WHERE compute_kind = 2 AND insight_mask <> 0')).toBe(0)
    expect(one(small, 'SELECT count(DISTINCT insight_mask) FROM db_runs')).toBeGreaterThan(3)
  })
})

describe('Databricks usage rollup (db_usage_days)', () => {
  it('accumulated while seeding, equals rollUpStoredDatabricksUsage over the stored rows exactly (every column)', () => {
    const seededRows = dumpUsage(small)
    const again = seeded('small').db
    rollUpStoredDatabricksUsage(again)
    expect(dumpUsage(again)).toEqual(seededRows)
    expect(one(small, 'SELECT sum(n) FROM db_usage_days WHERE source_type = 0')).toBe(4_000)
    again.close()
  })
})

describe('Databricks runs lists rollup (db_run_days, db_run_day_splits)', () => {
  it('accumulated while seeding, equals rollUpDatabricksRunDays over the stored runs exactly (every column)', () => {
    const seededRows = dumpRunDays(small)
    const again = seeded('small').db
    rollUpDatabricksRunDays(again)
    expect(dumpRunDays(again)).toEqual(seededRows)
    // Every split counts every run once.
    for (const split of [0, 1, 2, 3])
      expect(one(small, 'SELECT sum(n) FROM db_run_day_splits WHERE split = ?', [split])).toBe(4_000)
    expect(one(small, 'SELECT sum(n) FROM db_run_days')).toBe(4_000)
    again.close()
  })
})

function dumpRunDays(db: Database.Database) {
  return [
    all(db, 'SELECT * FROM db_run_days ORDER BY day, status, workspace, compute_kind'),
    all(db, 'SELECT * FROM db_run_day_splits ORDER BY split, day, key'),
  ]
}

function dumpUsage(db: Database.Database) {
  return all(
    db,
    'SELECT * FROM db_usage_days ORDER BY day, workspace, principal, sku, source_type, source, tag_set',
  )
}

describe('Databricks in the whole seed', () => {
  let db: Database.Database
  beforeAll(() => {
    db = new Database(':memory:')
    db.pragma('foreign_keys = ON')
    createSchema(db)
    seedDatabase(db, { scale: 'small', seed: 7, now: NOW })
  })
  afterAll(() => db.close())

  it('the same rows as seedDatabricks alone (its own generator)', () => {
    expect(dump(db)).toBe(dump(small))
  })

  it('every all-purpose cluster is a `clusters` row of platform DB, kind db_all_purpose, and back', () => {
    const ids = DATABRICKS_ALL_PURPOSE_CLUSTERS.slice(0, DATABRICKS_SIZES.small.clusters).map(
      (c) => c.clusterId,
    )
    expect(ids).toEqual(expect.arrayContaining(['0412-083152-abc123', '0519-101010-dsx77']))
    const seededIds = all<{ cluster_id: string }>(db, 'SELECT cluster_id FROM db_clusters ORDER BY 1').map(
      (r) => r.cluster_id,
    )
    expect(seededIds).toEqual([...ids].sort())
    const rows = all<{ unravel_id: string }>(
      db,
      `SELECT unravel_id FROM clusters WHERE platform = 'DB' AND kind = 'db_all_purpose' ORDER BY 1`,
    ).map((r) => r.unravel_id)
    expect(rows).toEqual(seededIds)
    // Same name, region and creation time on both.
    const mismatched = one(
      db,
      `SELECT count(*) FROM db_clusters d JOIN clusters c ON c.unravel_id = d.cluster_id
         JOIN db_workspaces w ON w.code = d.workspace
        WHERE c.cluster_name <> d.cluster_name OR c.region <> w.region OR c.created_at <> d.created_at`,
    )
    expect(mismatched).toBe(0)
  })

  it('stays current: a day later, runs read as of the new now (the read-time shift) and the objects moved', () => {
    const before = one(db, 'SELECT created_at FROM db_workspaces WHERE code = 1')
    const latest = one(db, 'SELECT max(start_time) FROM db_runs')
    shiftToClock(db, NOW + DAY)
    const shift = appsTimeShift(db)
    expect(shift).toBe(DAY)
    expect(one(db, 'SELECT created_at FROM db_workspaces WHERE code = 1')).toBe(before + DAY)
    // Stored as seeded; read with the shift, the newest runs started within the half hour before the new now.
    expect(one(db, 'SELECT max(start_time) FROM db_runs')).toBe(latest)
    expect(latest + shift).toBeGreaterThan(NOW + DAY - 30 * MINUTE)
    expect(latest + shift).toBeLessThanOrEqual(NOW + DAY)
  })

  it('registers every time column of the db tables (objects move in place, history at read time)', () => {
    const registered = new Set(
      [...TIME_COLUMNS, ...APP_TIME_COLUMNS].flatMap((t) => t.columns.map((c) => `${t.table}.${c}`)),
    )
    for (const table of DATABRICKS_TABLES)
      for (const { name } of all<{ name: string }>(db, 'SELECT name FROM pragma_table_info(?)', [table]))
        if (/(_time|_at|_date|^day)$/.test(name))
          expect(registered.has(`${table}.${name}`), `${table}.${name}`).toBe(true)
  })
})

describe('Databricks seeded side by side', () => {
  let dir: string
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'costlens-db-side-'))
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('gives the same db rows from the worker as in-thread', () => {
    const file = path.join(dir, 'side.db')
    seedFile(file, { scale: 'small', seed: 7, now: NOW, sideBySide: true })
    expect(fs.readdirSync(dir)).toEqual(['side.db'])
    const db = new Database(file, { readonly: true })
    expect(dump(db)).toBe(dump(small))
    const phases = JSON.parse(
      db.prepare(`SELECT value FROM settings WHERE key = 'seed_phases_ms'`).pluck().get() as string,
    ) as Record<string, number>
    expect(Object.keys(phases)).toEqual(
      expect.arrayContaining(['databricks', 'databricks.wait', 'databricks.copy']),
    )
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([])
    db.close()
  }, 120_000) // a whole small seed, worker threads beside it
})
