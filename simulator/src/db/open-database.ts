import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { SCHEMA_VERSION, seedDatabase, type SeedOptions } from './seed/index.ts'
import { TIME_COLUMNS } from './time-columns.ts'
import { readSetting, writeSetting } from './repositories/settings.ts'

export type Db = Database.Database

const SCHEMA = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'schema.sql'), 'utf8')

/** Raised when the database file exists but cannot be opened as a costlens database. */
export class DatabaseUnreadableError extends Error {}

/**
 * Opens (or creates and seeds) the simulator database. An existing file is reused as it is;
 * only a missing file (or ':memory:') is seeded. Then the data is shifted to the clock.
 */
export function openDatabase(dbPath: string, seed: SeedOptions): Db {
  const fresh = dbPath === ':memory:' || !fs.existsSync(dbPath)
  if (fresh && dbPath !== ':memory:') fs.mkdirSync(path.dirname(dbPath), { recursive: true })
  let db: Db
  try {
    db = new Database(dbPath)
    if (!fresh) refuseOtherSchema(db, dbPath)
    db.pragma('journal_mode = WAL')
    db.pragma('foreign_keys = ON')
    db.exec(SCHEMA)
  } catch (error) {
    if (error instanceof DatabaseUnreadableError) throw error
    throw new DatabaseUnreadableError(
      `Cannot open the database at ${dbPath}: ${(error as Error).message}. Fix DB_PATH or delete the file to re-seed.`,
    )
  }
  if (fresh || readSetting(db, 'seeded_at') === undefined) seedDatabase(db, seed)
  else shiftToClock(db, seed.now)
  return db
}

/**
 * A file seeded by another version of the schema is refused with what to do, rather than half
 * upgraded: the simulator's data is generated, so re-seeding loses nothing that was not made up.
 */
function refuseOtherSchema(db: Db, dbPath: string) {
  const hasSettings = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'settings'")
    .get()
  const version = hasSettings
    ? (db.prepare("SELECT value FROM settings WHERE key = 'schema_version'").pluck().get() as
        string | undefined)
    : undefined
  if (version !== undefined && version !== SCHEMA_VERSION) {
    db.close()
    throw new DatabaseUnreadableError(
      `${dbPath} was seeded by another costlens version (schema ${version}, this one reads ${SCHEMA_VERSION}). ` +
        'Re-seed it with npm run seed -- --force (or delete the file and start again).',
    )
  }
}

/** Moves every registered time column by (now - anchor) when they differ by over a minute. */
export function shiftToClock(db: Db, now: number): number {
  const anchor = Number(readSetting(db, 'anchor') ?? now)
  const delta = now - anchor
  if (Math.abs(delta) < 60_000) return 0
  db.transaction(() => {
    for (const { table, columns } of TIME_COLUMNS) {
      const sets = columns.map((c) => `${c} = ${c} + @delta`).join(', ')
      db.prepare(`UPDATE ${table} SET ${sets}`).run({ delta })
    }
    writeSetting(db, 'anchor', String(now))
  })()
  return delta
}

/**
 * Puts the database back to its freshly seeded state, in place (the open connection and every
 * prepared query stay valid). The JWT secret is kept, so signed-in sessions survive a reset.
 */
export function resetDatabase(db: Db, seed: SeedOptions): void {
  const secret = readSetting(db, 'jwt_secret')
  const tables = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
    .pluck()
    .all() as string[]
  db.pragma('foreign_keys = OFF')
  try {
    db.transaction(() => {
      for (const table of tables) db.prepare(`DELETE FROM "${table}"`).run()
    })()
  } finally {
    db.pragma('foreign_keys = ON')
  }
  seedDatabase(db, seed)
  if (secret) writeSetting(db, 'jwt_secret', secret)
}
