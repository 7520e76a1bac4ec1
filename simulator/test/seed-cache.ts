import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { inject } from 'vitest'
import { openDatabase, type Db } from '../src/db/open-database.ts'
import { writeSetting } from '../src/db/repositories/settings.ts'
import type { SeedOptions } from '../src/db/seed/index.ts'

/**
 * A seed made once per test run: the first app that asks for an in-memory database of given seed
 * options (scale, seed, clock) seeds it for real and leaves its image in the run's cache folder
 * (test/global-setup.ts); every later app, in any worker, opens a copy of that image (a tenth of a
 * second instead of seconds of seeding). Each copy gets a JWT secret of its own, as a fresh seed
 * does. Tests of seeding itself (determinism, atomicity, progress) seed for real: testApp's
 * `cachedSeed: false`, or buildApp without this hook.
 */
export const cachedOpenDatabase: typeof openDatabase = (dbPath, seed, options) => {
  const dir = cacheDir()
  // A seed that reports progress is watched as it runs; a file that is there is opened as it is.
  const cacheable = dir !== undefined && !seed.progress && (dbPath === ':memory:' || !fs.existsSync(dbPath))
  const image = cacheable ? seedImage(dir, seed) : undefined
  if (image === undefined) return openDatabase(dbPath, seed, options)
  let db: Db
  if (dbPath === ':memory:') {
    db = new Database(image)
    db.pragma('foreign_keys = ON')
  } else {
    // A new file (a test of writes kept over a restart): the image written in whole, then opened
    // as the server opens a seeded file. Seeding a file itself is open-database.test.ts's, which
    // builds its apps without this hook.
    const partial = `${dbPath}.copy-${process.pid}`
    fs.writeFileSync(partial, image)
    fs.renameSync(partial, dbPath)
    db = openDatabase(dbPath, seed, options)
  }
  writeSetting(db, 'jwt_secret', randomBytes(32).toString('hex'))
  return db
}

/**
 * A complete seeded file at `dbPath` (which must not exist yet), written from the run's seed of
 * these options and closed: for a test that needs *a* complete seed before what it tests (a reset,
 * a seed made to look interrupted), not the seeding of the file itself. Each copy gets a JWT
 * secret of its own. (Outside a project with the cache, the file is seeded for real.)
 */
export function cachedSeedFile(dbPath: string, seed: SeedOptions): void {
  if (fs.existsSync(dbPath)) throw new Error(`cachedSeedFile: ${dbPath} is there already`)
  fs.mkdirSync(path.dirname(dbPath), { recursive: true })
  cachedOpenDatabase(dbPath, seed).close()
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's seed cache folder (test/global-setup.ts); absent in a project without it. */
    seedCacheDir?: string
  }
}

function cacheDir(): string | undefined {
  try {
    return inject('seedCacheDir')
  } catch {
    return undefined
  }
}

const WAIT_STEP_MS = 50
/** How long a worker waits for another that is seeding the same options before seeding itself. */
const WAIT_LIMIT_MS = 120_000

/**
 * The serialized database of a seed of these options: read from the cache, or seeded here and
 * written there. While another worker seeds the same options (its lock file is there) this one
 * waits for the image rather than seeding it a second time on the same two cores.
 */
function seedImage(dir: string, seed: SeedOptions): Buffer | undefined {
  // Every option that shapes the data (progress only watches it).
  const key = JSON.stringify({ ...seed, progress: undefined })
  const file = path.join(dir, `${createHash('sha256').update(key).digest('hex').slice(0, 16)}.db`)
  const lock = `${file}.lock`
  const pause = new Int32Array(new SharedArrayBuffer(4))
  for (let waited = 0; ; waited += WAIT_STEP_MS) {
    if (fs.existsSync(file)) return fs.readFileSync(file)
    try {
      fs.closeSync(fs.openSync(lock, 'wx'))
      break
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error
    }
    // Another worker seeds these options; one that died mid-seed leaves its lock: seed it here then.
    if (waited >= WAIT_LIMIT_MS) return undefined
    Atomics.wait(pause, 0, 0, WAIT_STEP_MS)
  }
  try {
    const db = openDatabase(':memory:', seed)
    const image = db.serialize()
    db.close()
    // Written whole under another name and renamed in: a reader never sees half an image.
    const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`
    fs.writeFileSync(partial, image)
    fs.renameSync(partial, file)
    return image
  } finally {
    fs.rmSync(lock, { force: true })
  }
}
