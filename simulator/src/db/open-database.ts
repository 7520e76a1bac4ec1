import fs from 'node:fs'
import Database from 'better-sqlite3'
import { SCHEMA_VERSION, seedDatabase, type SeedOptions } from './seed/index.ts'
import { TIME_COLUMNS, resumeAt, shiftWrites } from './time-columns.ts'
import { readSetting, writeSetting } from './repositories/settings.ts'
import { appsChanged } from './repositories/app-read-cache.ts'
import { createSchema } from './schema.ts'
import type { SeedProgress } from './seed/progress.ts'
import { removeInterruptedSeeds, seedFile } from './seed-file.ts'

export type Db = Database.Database

/** Raised when the database file cannot be opened (or seeded) as a costlens database: exit 3. */
export class DatabaseUnreadableError extends Error {}

export interface OpenDatabaseOptions {
  /** Told, in one line, when the file is seeded (first start, or again after an interrupted seed). */
  announce?: (line: string) => void
  /** Told as the file is seeded (the start's progress bars); an existing file is not seeded. */
  progress?: SeedProgress
}

/**
 * Opens (or creates and seeds) the simulator database, then shifts the data to the clock. A
 * complete file is reused as it is. A missing file is seeded beside its place and renamed in
 * (seed-file.ts), so a kill never leaves half a seed; what an interrupted seed left (a temporary
 * file, or a file without the `seeded_at` setting that a seed writes last, in its final
 * transaction) is seeded again with one line saying so. ':memory:' (tests) is seeded in place.
 */
export function openDatabase(
  dbPath: string,
  seed: SeedOptions,
  { announce, progress }: OpenDatabaseOptions = {},
): Db {
  if (dbPath === ':memory:') {
    const db = new Database(dbPath)
    db.pragma('foreign_keys = ON')
    createSchema(db)
    seedDatabase(db, seed)
    return db
  }
  const interrupted = removeInterruptedSeeds(dbPath).length > 0
  const existing = fs.existsSync(dbPath) ? openSeeded(dbPath) : undefined
  if (existing) {
    shiftToClock(existing, seed.now)
    return existing
  }
  const what = `scale ${seed.scale}, seed ${seed.seed}`
  announce?.(
    interrupted || fs.existsSync(dbPath)
      ? `An earlier seed of ${dbPath} was interrupted: seeding it again (${what})…`
      : `Seeding ${dbPath} (${what})…`,
  )
  try {
    seedFile(dbPath, progress ? { ...seed, progress } : seed)
  } catch (error) {
    // A folder that cannot be written or a full disk is the operator's to fix, said in one line.
    const code = String((error as { code?: unknown }).code ?? '')
    if (/^E[A-Z]+$|^SQLITE_(FULL|CANTOPEN|READONLY|PERM|IOERR)/.test(code))
      throw new DatabaseUnreadableError(
        `Cannot seed the database at ${dbPath}: ${(error as Error).message}. Fix DB_PATH or free some space.`,
      )
    throw error
  }
  const db = openSeeded(dbPath)
  if (!db) throw new DatabaseUnreadableError(`The seed of ${dbPath} did not complete.`)
  return db
}

/**
 * Opens a seeded file for use (WAL, foreign keys, any table added since). Answers undefined, the
 * file closed, when it holds an unfinished seed: no tables yet, or costlens tables without the
 * `seeded_at` setting. Refuses a file that is not a costlens database or is of another schema.
 */
function openSeeded(dbPath: string): Db | undefined {
  let db: Db | undefined
  try {
    db = new Database(dbPath)
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[]
    // settings is the schema's first table: a file with tables but none of it was never ours.
    if (tables.length > 0 && !tables.includes('settings'))
      throw new DatabaseUnreadableError(
        `${dbPath} is not a costlens database (it holds other tables). Fix DB_PATH, or delete the file to seed a new one.`,
      )
    if (tables.length === 0 || readSetting(db, 'seeded_at') === undefined) {
      db.close()
      return undefined
    }
    refuseOtherSchema(db, dbPath)
    db.pragma('journal_mode = WAL')
    db.pragma('foreign_keys = ON')
    createSchema(db)
    return db
  } catch (error) {
    if (db?.open) db.close()
    if (error instanceof DatabaseUnreadableError) throw error
    throw new DatabaseUnreadableError(
      `Cannot open the database at ${dbPath}: ${(error as Error).message}. Fix DB_PATH or delete the file to re-seed.`,
    )
  }
}

/**
 * A file seeded by another version of the schema is refused with what to do, rather than half
 * upgraded: the simulator's data is generated, so re-seeding loses nothing that was not made up.
 */
function refuseOtherSchema(db: Db, dbPath: string) {
  const version = readSetting(db, 'schema_version')
  if (version !== undefined && version !== SCHEMA_VERSION) {
    db.close()
    throw new DatabaseUnreadableError(
      `${dbPath} was seeded by another costlens version (schema ${version}, this one reads ${SCHEMA_VERSION}). ` +
        'Re-seed it with npm run seed -- --force (or delete the file and start again).',
    )
  }
}

/**
 * Moves every registered time column by now minus the moment the data resumes at (the anchor, or
 * the latest write after it: time-columns.ts resumeAt) when they differ by over a minute.
 */
export function shiftToClock(db: Db, now: number): number {
  const anchor = Number(readSetting(db, 'anchor') ?? now)
  const delta = now - resumeAt(db, anchor)
  if (Math.abs(delta) < 60_000) return 0
  db.transaction(() => {
    shiftWrites(db, delta)
    for (const { table, columns } of TIME_COLUMNS) {
      const sets = columns.map((c) => `${c} = ${c} + @delta`).join(', ')
      db.prepare(`UPDATE ${table} SET ${sets}`).run({ delta })
    }
    // The applications move at read time by anchor - apps_anchor (appsTimeShift): by delta too.
    writeSetting(db, 'anchor', String(anchor + delta))
  })()
  return delta
}

/**
 * Puts the database back to its freshly seeded state, in place (the open connection and every
 * prepared query stay valid; the authentication hook and the statement cache hold this connection,
 * so it is not swapped for another). Emptying and seeding run in one transaction: a kill at any
 * moment leaves the old data or the new, never a mix (WAL rolls an unfinished transaction back on
 * the next open). The JWT secret goes into the new data, so signed-in sessions survive a reset.
 */
export function resetDatabase(db: Db, seed: SeedOptions): void {
  const jwtSecret = readSetting(db, 'jwt_secret')
  const tables = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
    .pluck()
    .all() as string[]
  // Foreign keys cannot be switched inside a transaction; the seed writes parents before children.
  db.pragma('foreign_keys = OFF')
  try {
    db.transaction(() => {
      for (const table of tables) db.prepare(`DELETE FROM "${table}"`).run()
      seedDatabase(db, seed, { jwtSecret })
    })()
  } finally {
    db.pragma('foreign_keys = ON')
    // New applications: the in-process indexes of the old ones are stale (app-read-cache.ts).
    appsChanged(db)
  }
  // The WAL now holds a whole database: fold it into the file and cut it back to nothing.
  if (!db.memory) db.pragma('wal_checkpoint(TRUNCATE)')
}
