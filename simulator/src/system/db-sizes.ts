import { Worker } from 'node:worker_threads'
import type { DatabaseObject } from '@costlens/shared'
import type { Db } from '../db/open-database.ts'

/**
 * The size of every table and index of the database, for the system usage page. SQLite's dbstat
 * reads every page (1.3 s for a 1.8 GB file), so a file database is measured in a worker thread,
 * at most every REMEASURE_MS, and the page shows the last measurement and when it was taken; an
 * in-memory database (the tests') is small and measured at once, in the thread.
 */
const REMEASURE_MS = 10 * 60_000

interface Measured {
  at: number
  sizes: { name: string; bytes: number }[]
}

const measured = new WeakMap<Db, { last?: Measured; running?: Worker }>()

/** Tables and indexes with their bytes (the last measurement) and rows (sqlite_stat1), largest first. */
export function databaseObjects(
  db: Db,
  now: number,
): { measuredAt: number | null; objects: DatabaseObject[] } {
  const held = measured.get(db) ?? {}
  measured.set(db, held)
  if (db.memory) held.last = { at: now, sizes: measureNow(db) }
  else if (!held.running && (!held.last || now - held.last.at > REMEASURE_MS)) measureInWorker(db, held, now)
  if (!held.last) return { measuredAt: null, objects: [] }
  const kinds = new Map(
    (
      db.prepare("SELECT name, type, tbl_name FROM sqlite_master WHERE type IN ('table', 'index')").all() as {
        name: string
        type: 'table' | 'index'
        tbl_name: string
      }[]
    ).map((o) => [o.name, o]),
  )
  const rows = tableRows(db)
  return {
    measuredAt: held.last.at,
    objects: held.last.sizes
      .filter((s) => kinds.has(s.name))
      .map((s) => {
        const o = kinds.get(s.name)!
        const name = shownName(s.name, o.tbl_name)
        return {
          name,
          kind: o.type,
          table: o.type === 'table' ? name : o.tbl_name,
          bytes: s.bytes,
          rows: o.type === 'table' ? (rows.get(s.name) ?? null) : null,
        }
      })
      .sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name)),
  }
}

/**
 * SQLite's own objects by what they are rather than by their internal names (an answer carries no
 * database engine's words: the fuzz test's leak check): a table's automatic unique index (its
 * primary or UNIQUE key) and ANALYZE's statistics tables.
 */
function shownName(name: string, table: string): string {
  const auto = /^sqlite_autoindex_.+_(\d+)$/.exec(name)
  if (auto) return `${table} (unique key ${auto[1]})`
  if (/^sqlite_stat\d$/.test(name)) return `query planner statistics (${name.slice(-5)})`
  if (name === 'sqlite_sequence') return 'row id counters'
  if (name === 'sqlite_schema' || name === 'sqlite_master') return 'schema'
  return name
}

function measureNow(db: Db): Measured['sizes'] {
  return db.prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name').all() as Measured['sizes']
}

function measureInWorker(db: Db, held: { last?: Measured; running?: Worker }, now: number): void {
  const worker = new Worker(new URL('./db-sizes-worker.mjs', import.meta.url), {
    workerData: { file: db.name },
    execArgv: [],
  })
  held.running = worker
  worker.once('message', (message: { rows?: Measured['sizes']; error?: string }) => {
    if (message.rows) held.last = { at: now, sizes: message.rows }
  })
  worker.once('exit', () => (held.running = undefined))
  worker.once('error', () => (held.running = undefined))
  // A measurement under way never keeps the process from exiting.
  worker.unref()
}

/**
 * A table's rows as ANALYZE last counted them: sqlite_stat1's first figure, the same for each of a
 * table's indexes (the seed runs ANALYZE at its end); none for a table ANALYZE skipped.
 */
function tableRows(db: Db): Map<string, number> {
  const hasStats = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").get()
  if (!hasStats) return new Map()
  const stats = db.prepare('SELECT tbl, stat FROM sqlite_stat1').all() as { tbl: string; stat: string }[]
  return new Map(stats.map((s) => [s.tbl, Number(s.stat.split(' ')[0])]))
}
