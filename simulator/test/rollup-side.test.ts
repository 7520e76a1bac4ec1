import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSchema } from '../src/db/schema.ts'
import { AppRollupBuilder } from '../src/db/seed/app-rollups.ts'
import type { AppRow } from '../src/db/seed/applications.ts'
import { ChargebackRollupBuilder } from '../src/db/seed/chargeback-rollups.ts'
import { SILENT_PROGRESS } from '../src/db/seed/progress.ts'
import { RollupBatcher } from '../src/db/seed/rollup-batch.ts'
import { ROLLUP_TABLES, RollupSide, SLOT_RECORDS, type RollupSideInput } from '../src/db/seed/rollup-side.ts'
import { TEST_NOW_MS } from './helper.ts'
import { cachedOpenDatabase } from './seed-cache.ts'

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'costlens-rollup-side-'))
})
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true })
})

/**
 * The small seed's apps and clusters, read back once for the file: any complete seed will do (both
 * ways of adding up read the same apps), so a copy of the run's seed rather than one of its own.
 */
let seeded: ReturnType<typeof seedApps> | undefined
const seededApps = () => (seeded ??= seedApps())

function seedApps() {
  const db = cachedOpenDatabase(':memory:', { scale: 'small', seed: 7, now: TEST_NOW_MS })
  const apps = db.prepare('SELECT * FROM applications ORDER BY rowid').all() as AppRow[]
  const clusters = db
    .prepare('SELECT unravel_id AS unravelId, platform, kind FROM clusters')
    .all() as RollupSideInput['clusters']
  db.close()
  return { apps, clusters }
}

describe('the rollup worker (rollup-side.ts)', () => {
  it('adds up exactly what the builders add up in this thread, batches longer than a ring slot included', () => {
    const { apps, clusters } = seededApps()
    // Batches as the seed sends them, plus one of four times the apps: longer than two ring slots,
    // so it goes over in parts (each app then counts four more times, in both ways alike).
    const batches = [apps.slice(0, 1000), apps.slice(1000), [...apps, ...apps, ...apps, ...apps], []]
    expect(batches[2]!.length).toBeGreaterThan(2 * SLOT_RECORDS)
    const file = path.join(dir, 'target.db')
    const db = new Database(file)
    createSchema(db)
    const side = new RollupSide(db, { keep: 'every', clusters })
    const reference = {
      apps: new AppRollupBuilder('every'),
      chargeback: new ChargebackRollupBuilder(clusters),
    }
    const sent = new RollupBatcher()
    const kept = new RollupBatcher()
    for (const batch of batches) {
      side.add(sent.batch(batch))
      const same = kept.batch(batch)
      reference.apps.addBatch(same)
      reference.chargeback.addBatch(same)
    }
    side.finish()
    const { grains, phases } = side.join(db, SILENT_PROGRESS)
    expect(Object.keys(phases)).toEqual(
      expect.arrayContaining(['rollups.add', 'rollups.write', 'rollups.wait', 'rollups.copy']),
    )
    // Only the target is left: the worker's side file was copied in and removed.
    expect(fs.readdirSync(dir)).toEqual(['target.db'])
    const refDb = new Database(':memory:')
    createSchema(refDb)
    reference.apps.write(refDb)
    reference.chargeback.write(refDb)
    expect(grains).toEqual(reference.apps.keptGrains())
    for (const table of ROLLUP_TABLES) {
      const rows = (d: Database.Database) =>
        (d.prepare(`SELECT * FROM ${table}`).raw().all() as unknown[][]).map((r) => r.join('|'))
      const [worker, inThread] = [rows(db), rows(refDb)]
      expect(worker.length, table).toBeGreaterThan(0)
      // In key order both ways: the worker wrote its rows in the order the table keeps them.
      expect(worker, table).toEqual(inThread)
    }
    // The copy brought in whole b-trees.
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    refDb.close()
    db.close()
    // A seed, a worker's start and its write: allow for a loaded machine.
  }, 90_000)
})

describe('the records the rollups read (rollup-batch.ts)', () => {
  it('carry each text once, with the batch it is first seen in; later batches carry its code alone', () => {
    const { apps } = seededApps()
    const batcher = new RollupBatcher()
    const first = batcher.batch(apps.slice(0, 2000))
    const again = batcher.batch(apps.slice(0, 2000))
    expect(new Set(first.texts.status)).toEqual(new Set(apps.slice(0, 2000).map((a) => a.status)))
    expect(first.texts.status.length).toBe(new Set(first.texts.status).size)
    expect(again.texts).toEqual({ status: [], kind: [], cluster: [], user: [], queue: [] })
    expect(Array.from(again.records)).toEqual(Array.from(first.records))
  })
})
