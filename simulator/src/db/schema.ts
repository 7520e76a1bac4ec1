import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from './open-database.ts'

const SCHEMA = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'schema.sql'), 'utf8')

/** Creates every table and index the simulator reads that is not there yet (schema.sql). */
export function createSchema(db: Db): void {
  db.exec(SCHEMA)
}
