import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSchema } from '../src/db/schema.ts'
import { seedDatabase, SNOWFLAKE_TABLES, type SeedOptions } from '../src/db/seed/index.ts'
import { SILENT_PROGRESS, type SeedProgress } from '../src/db/seed/progress.ts'
import { KUBERNETES_TABLES } from '../src/db/seed/kubernetes-worker.ts'
import { ROLLUP_TABLES } from '../src/db/seed/rollup-side.ts'
import { SCALE_SIZES } from '../src/db/seed/scale.ts'
import { SideSeed } from '../src/db/seed/side-seed.ts'
import { removeInterruptedSeeds, seedFile } from '../src/db/seed-file.ts'

const SNOWFLAKE_WORKER = new URL('../src/db/seed/snowflake-worker.ts', import.meta.url)
const OPTIONS: SeedOptions = { scale: 'small', seed: 23, now: Date.parse('2026-11-22T12:00:00Z') }

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'costlens-side-'))
})
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true })
})

/** Rows of `table` one database has and the other lacks, both ways. */
function difference(db: Database.Database, table: string): [number, number] {
  const count = (a: string, b: string) =>
    db
      .prepare(`SELECT count(*) FROM (SELECT * FROM ${a}.${table} EXCEPT SELECT * FROM ${b}.${table})`)
      .pluck()
      .get() as number
  return [count('main', 'side'), count('side', 'main')]
}

/** Keeps the steps a seed reports and the units each advanced by. */
function recorder() {
  const steps: { name: string; total: number; done: number }[] = []
  const progress: SeedProgress = {
    begin: (name, total) => steps.push({ name, total, done: 0 }),
    advance: (units) => {
      steps.at(-1)!.done += units
    },
    end: () => {},
  }
  return { steps, progress }
}

/**
 * One side-by-side seed of OPTIONS, its steps recorded, shared by the tests that only read it (each
 * seeded its own: two seeds of several seconds more). Made by the first test that asks for it.
 */
let sideSeed: { dir: string; file: string; filesAfter: string[]; steps: ReturnType<typeof recorder>['steps'] }
function seededSideBySide() {
  if (!sideSeed) {
    const sideDir = fs.mkdtempSync(path.join(os.tmpdir(), 'costlens-side-shared-'))
    const file = path.join(sideDir, 'side.db')
    const { steps, progress } = recorder()
    seedFile(file, { ...OPTIONS, sideBySide: true, progress })
    sideSeed = { dir: sideDir, file, filesAfter: fs.readdirSync(sideDir), steps }
  }
  return sideSeed
}
afterAll(() => {
  if (sideSeed) fs.rmSync(sideSeed.dir, { recursive: true, force: true })
  inThreadSeed?.close()
})

/**
 * The in-thread seed of OPTIONS the side-by-side one is compared with: an in-memory database asked
 * to go side by side, which seeds in this thread all the same (a test below holds it to that). One
 * seed serves both tests (each seeded its own: a seed of several seconds more).
 */
let inThreadSeed: Database.Database | undefined
function seededInThread() {
  if (!inThreadSeed) {
    inThreadSeed = new Database(':memory:')
    createSchema(inThreadSeed)
    seedDatabase(inThreadSeed, { ...OPTIONS, sideBySide: true })
  }
  return inThreadSeed
}
const seedPhases = (db: Database.Database, schema = 'main') =>
  JSON.parse(
    db.prepare(`SELECT value FROM ${schema}.settings WHERE key = 'seed_phases_ms'`).pluck().get() as string,
  ) as Record<string, number>

describe('Snowflake and the rollups seeded side by side in worker threads', () => {
  it('gives the same rows in every Snowflake, rollup and Kubernetes table as the in-thread seed, and keeps the same grains', () => {
    const { file, filesAfter } = seededSideBySide()
    // Only the seeded file is left: the worker's side file was copied in and deleted.
    expect(filesAfter).toEqual(['side.db'])
    const db = seededInThread()
    // In this thread: no copy of a worker's rows.
    expect(seedPhases(db)['snowflake.copy']).toBeUndefined()
    db.prepare('ATTACH DATABASE ? AS side').run(file)
    for (const table of SNOWFLAKE_TABLES) {
      expect(db.prepare(`SELECT count(*) FROM side.${table}`).pluck().get(), table).toBeGreaterThan(0)
      expect(difference(db, table), table).toEqual([0, 0])
    }
    // The other tables are untouched by the move: the applications are the same too.
    expect(difference(db, 'applications')).toEqual([0, 0])
    // The rollups added up and written by the rollup worker are those of the in-thread seed.
    for (const table of ROLLUP_TABLES) {
      expect(db.prepare(`SELECT count(*) FROM side.${table}`).pluck().get(), table).toBeGreaterThan(0)
      expect(difference(db, table), table).toEqual([0, 0])
    }
    // Kubernetes and its log lines, made by their worker from the plan the apps' Spark runs came from.
    for (const table of KUBERNETES_TABLES) {
      expect(db.prepare(`SELECT count(*) FROM side.${table}`).pluck().get(), table).toBeGreaterThan(0)
      expect(difference(db, table), table).toEqual([0, 0])
    }
    const grains = (schema: string) =>
      db.prepare(`SELECT value FROM ${schema}.settings WHERE key = 'app_rollup_grains'`).pluck().get()
    expect(grains('side')).toEqual(grains('main'))
    const phases = seedPhases(db, 'side')
    expect(Object.keys(phases)).toEqual(
      expect.arrayContaining([
        'snowflake',
        'snowflake.rollups',
        'snowflake.wait',
        'snowflake.copy',
        'snowflake.indexes',
        'rollups.add',
        'rollups.write',
        'rollups.wait',
        'rollups.copy',
        'kubernetes',
        'kubernetes-logs',
        'kubernetes.wait',
        'kubernetes.copy',
      ]),
    )
    // The copy kept the foreign keys whole (snowflake_accounts.cluster_uid → clusters among them).
    expect(db.prepare('PRAGMA side.foreign_key_check').all()).toEqual([])
    db.prepare('DETACH DATABASE side').run()
    // Two seeds and two workers' starts: allow for a loaded machine.
  }, 90_000)

  it("shows the workers' rows on the 'snowflake' and 'rollups' steps, then their copies (the worker built the indexes)", () => {
    const { steps } = seededSideBySide()
    const snowflake = steps.find((s) => s.name === 'snowflake')!
    expect(snowflake.total).toBeGreaterThan(0)
    expect(snowflake.done).toBe(snowflake.total)
    const names = steps.map((s) => s.name)
    expect(names).toEqual(expect.arrayContaining(['snowflake', 'snowflake.copy']))
    expect(names).not.toContain('snowflake.indexes')
    expect(steps.find((s) => s.name === 'snowflake.copy')!.done).toBe(SNOWFLAKE_TABLES.length)
    // The rollups: the worker's rows written on step 'rollups' (no total told), then their copy.
    const rollups = steps.find((s) => s.name === 'rollups')!
    expect(rollups.done).toBeGreaterThan(0)
    expect(names.indexOf('rollups.copy')).toBe(names.indexOf('rollups') + 1)
    expect(steps.find((s) => s.name === 'rollups.copy')!.done).toBe(ROLLUP_TABLES.length)
  })

  it('copies in the indexes the worker built, whole and as schema.sql defines them', () => {
    const { file } = seededSideBySide()
    const db = new Database(file, { readonly: true })
    const reference = new Database(':memory:')
    createSchema(reference)
    const indexes = (d: Database.Database) =>
      d
        .prepare(
          `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'snowflake_queries'`,
        )
        .all()
    expect(indexes(db)).toEqual(indexes(reference))
    // Every index entry matches its row (and no row lacks its entry).
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    // The planner reads through them as through indexes built in place.
    const walked = db
      .prepare(`SELECT count(*) FROM snowflake_queries INDEXED BY snowflake_queries_cost WHERE cost_e4 >= 0`)
      .pluck()
      .get()
    expect(walked).toBe(db.prepare('SELECT count(*) FROM snowflake_queries').pluck().get())
    reference.close()
    db.close()
  })

  it("rethrows the worker's error with its message and leaves no file behind", () => {
    // A price that is not a number fails the insert of the accounts in the worker (NOT NULL).
    expect(() =>
      seedFile(path.join(dir, 'side.db'), {
        ...OPTIONS,
        sideBySide: true,
        snowflakeUsdPerCredit: Number.NaN,
      }),
    ).toThrow(/Seeding snowflake failed: NOT NULL constraint failed: snowflake_accounts\.usd_per_credit/)
    expect(fs.readdirSync(dir)).toEqual([])
  })

  // The boot tells a failed load itself: before, the main thread heard nothing and gave up only
  // after its two-minute silence timeout, with a message that did not say what failed.
  it('fails naming the entry when a worker cannot be loaded', () => {
    const db = new Database(path.join(dir, 'target.db'))
    const side = new SideSeed(db, 'nowhere', new URL('./no-such-worker.ts', SNOWFLAKE_WORKER), [], {})
    expect(() => side.join(db, SILENT_PROGRESS, 0)).toThrow(
      /Seeding nowhere failed: could not load .*no-such-worker\.ts/,
    )
    db.close()
  })

  it('seeds in-thread for an in-memory database even when asked to go side by side', () => {
    const db = seededInThread()
    const phases = seedPhases(db)
    for (const copy of ['snowflake.copy', 'rollups.copy', 'bigquery.copy', 'databricks.copy'])
      expect(phases[copy], copy).toBeUndefined()
    expect(db.prepare('SELECT count(*) FROM snowflake_queries').pluck().get()).toBeGreaterThan(0)
    // A seed on a loaded machine, when this test runs first: allow for it.
  }, 90_000)
})

describe('side files left by a killed seed', () => {
  it('are removed with the temporary file they belong to', () => {
    const target = path.join(dir, 'x.db')
    // A process id far above any Linux pid_max: its seed is certainly dead.
    const left = [
      'x.db.seeding-99999999',
      'x.db.seeding-99999999-side-snowflake',
      'x.db.seeding-99999999-side-snowflake-journal',
    ]
    for (const name of left) fs.writeFileSync(path.join(dir, name), '')
    expect(removeInterruptedSeeds(target).sort()).toEqual(
      [path.join(dir, left[0]!), path.join(dir, left[1]!)].sort(),
    )
    expect(fs.readdirSync(dir)).toEqual([])
  })
})

describe('the copy of a side seed into the target', () => {
  it('checks foreign keys: Snowflake accounts without their clusters fail the seed', () => {
    const file = path.join(dir, 'target.db')
    const db = new Database(file)
    db.pragma('foreign_keys = ON')
    createSchema(db)
    // No clusters written: every snowflake_accounts.cluster_uid dangles.
    const side = new SideSeed(db, 'snowflake', SNOWFLAKE_WORKER, SNOWFLAKE_TABLES, {
      seed: 5,
      now: OPTIONS.now,
      sizes: SCALE_SIZES.small.snowflake,
      usdPerCredit: 3,
    })
    expect(() => side.join(db, SILENT_PROGRESS, 0)).toThrow(
      /rows of snowflake_accounts reference missing clusters rows/,
    )
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    db.close()
    expect(fs.readdirSync(dir)).toEqual(['target.db'])
  })
})
