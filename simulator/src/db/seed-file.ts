import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { openScratchSeedFile } from './schema.ts'
import { seedDatabase, type SeedOptions } from './seed/index.ts'

/**
 * A database file is seeded beside its final place, under a name of its own, and renamed into
 * place only once complete and on disk: a kill at any moment leaves either no database (or the one
 * that was there) or the complete new one, never a half-seeded file that later starts trip over.
 * The process id in the name keeps two seeding processes apart and tells a dead one's leftover.
 */
const SEEDING = '.seeding-'
/** The files SQLite may keep beside a database. */
const SIDE_FILES = ['-wal', '-shm', '-journal']

function removeWithSideFiles(file: string) {
  for (const suffix of ['', ...SIDE_FILES]) fs.rmSync(file + suffix, { force: true })
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Deletes what seeds of `dbPath` killed before they finished left beside it (their temporary
 * files, whose process is gone). Returns their paths, so the start can say it seeds again.
 */
export function removeInterruptedSeeds(dbPath: string): string[] {
  const folder = path.dirname(dbPath)
  const prefix = path.basename(dbPath) + SEEDING
  // A folder that is not there (or not a folder) holds no leftovers; seeding says what is wrong.
  if (!fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) return []
  const removed: string[] = []
  for (const name of fs.readdirSync(folder)) {
    const match = name.startsWith(prefix)
      ? // A side file of a platform seeded in a worker (seed/side-seed.ts): `<temp>-side-<platform>`.
        /^(\d+)(-side-[a-z]+)?(?:-wal|-shm|-journal)?$/.exec(name.slice(prefix.length))
      : null
    if (!match) continue
    const pid = Number(match[1])
    if (pid !== process.pid && isRunning(pid)) continue
    const temp = path.join(folder, prefix + match[1] + (match[2] ?? ''))
    removeWithSideFiles(temp)
    if (!removed.includes(temp)) removed.push(temp)
  }
  return removed
}

/** Forces a file's (or a folder's entries') writes to the disk, so a rename cannot outrun them. */
function syncToDisk(file: string) {
  const fd = fs.openSync(file, 'r')
  try {
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}

/**
 * Puts the complete file `seeded` in place of `target` in one rename. Whatever was at `target`
 * is folded into its main file first (checkpointed and closed), and its -wal and -shm go: SQLite
 * would replay a stale WAL into the new file. A kill between these steps leaves the old file
 * whole, or the new one.
 */
function replaceFile(seeded: string, target: string) {
  if (fs.existsSync(target)) {
    try {
      const old = new Database(target)
      old.pragma('wal_checkpoint(TRUNCATE)')
      old.close()
    } catch {
      // Not a readable database: there is nothing in it to keep whole.
    }
  }
  for (const suffix of SIDE_FILES) fs.rmSync(target + suffix, { force: true })
  fs.renameSync(seeded, target)
  syncToDisk(path.dirname(target))
}

/** Seeds a new database file at `dbPath` (replacing any file there) atomically, as above. */
export function seedFile(dbPath: string, seed: SeedOptions): void {
  fs.mkdirSync(path.dirname(dbPath), { recursive: true })
  const temp = dbPath + SEEDING + process.pid
  removeWithSideFiles(temp)
  try {
    const db = openScratchSeedFile(temp, { foreignKeys: true })
    try {
      seedDatabase(db, seed)
    } finally {
      db.close()
    }
    syncToDisk(temp)
    replaceFile(temp, dbPath)
  } catch (error) {
    removeWithSideFiles(temp)
    throw error
  }
}
