import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import type { Db } from './open-database.ts'

const SCHEMA = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'schema.sql'), 'utf8')

/** Creates every table and index the simulator reads that is not there yet (schema.sql). */
export function createSchema(db: Db): void {
  db.exec(SCHEMA)
}

/**
 * A new database file to seed into, with the schema: no journal and no syncing while it fills. A
 * failed or killed seed throws the whole file away, so there is never anything to roll back, and it
 * seeds about a third faster. Foreign keys on where the file is the one being seeded (seed-file.ts),
 * off in a side seed's file, whose rows are checked once copied in (side-seed.ts).
 */
export function openScratchSeedFile(file: string, { foreignKeys }: { foreignKeys: boolean }): Db {
  const db = new Database(file)
  try {
    db.pragma('journal_mode = OFF')
    db.pragma('synchronous = OFF')
    db.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`)
    createSchema(db)
    return db
  } catch (error) {
    db.close()
    throw error
  }
}
