import fs from 'node:fs'
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads'
import type { Db } from '../open-database.ts'
import type { SeedProgress } from './progress.ts'

/**
 * A platform seeded side by side with the applications: its seeder runs in a worker thread (the
 * second core) into a SQLite file of its own beside the target and builds its indexes there, then
 * the main thread copies its tables in, indexes included. A platform qualifies when its rows depend on no
 * other table's rows (its own PRNG, nothing read back): Snowflake today, and BigQuery, Databricks
 * and Kubernetes the same way (a `<platform>-worker.ts` entry calling runSideSeedWorker).
 *
 * Why the main thread blocks on Atomics.wait instead of awaiting a promise: seedDatabase is
 * synchronous and runs inside a caller's transaction for resets; making it async would ripple
 * through openDatabase, resetDatabase, buildApp and every test. The main thread is never idle
 * for it: it starts the worker first, seeds the applications, and only then waits — by then the
 * worker has usually finished. Progress and errors come over a MessagePort read with
 * receiveMessageOnPort, which needs no event loop turn (the loop is blocked meanwhile).
 */

/** Shared state word: what the worker is doing (it stores, the main thread waits on it). */
export const SIDE_STARTING = 0
export const SIDE_RUNNING = 1
export const SIDE_DONE = 2
export const SIDE_FAILED = 3

/**
 * What a worker posts: rows generated, its own step timings, a result for the main thread (e.g. the
 * rollup grains it kept), or the error it failed with.
 */
export type SideMessage =
  | { advance: number }
  | { phases: Record<string, number> }
  | { result: unknown }
  | { error: string; stack?: string }

export interface SideWorkerData {
  /** The platform's worker entry (a .ts module, bundled and loaded by side-seed-boot.mjs). */
  entry: string
  file: string
  state: SharedArrayBuffer
  port: MessagePort
  input: unknown
}

/** The suffix of a side file: `<temporary seed file>-side-<platform>`, removed by seed-file.ts too. */
export const SIDE_SUFFIX = '-side-'

const SIDE_FILES = ['', '-wal', '-shm', '-journal']

function removeSideFile(file: string) {
  for (const suffix of SIDE_FILES) fs.rmSync(file + suffix, { force: true })
}

/**
 * How long the main thread waits without news from the worker (a message or a change of state)
 * before it declares the worker dead: a worker that fails to load, or is killed for lack of
 * memory, runs none of its code and never signals, and its 'exit' event cannot reach a thread
 * that waits in Atomics.wait. A live worker posts every 20,000 rows (under a second apart).
 */
const SILENCE_TIMEOUT_MS = 120_000

/**
 * Whether a platform is seeded side by side: only into a file (the side file goes beside it) at a
 * scale where a worker pays (starting one costs about half a second: more than a small seed of
 * the platform), and outside a transaction (ATTACH cannot run inside one; resets seed in-thread).
 */
export function sideBySideFits(db: Db, scale: string, forced?: boolean): boolean {
  if (db.memory || db.name === '' || db.inTransaction) return false
  return forced ?? scale !== 'small'
}

export class SideSeed {
  private readonly file: string
  private readonly state: Int32Array
  private readonly port: MessagePort
  private readonly worker: Worker
  private readonly phases: Record<string, number> = {}
  private error: { error: string; stack?: string } | undefined
  /** What the worker sent as its result (read after `join`). */
  result: unknown

  /** Starts the worker at once; `tables` are the platform's tables, parents before children. */
  constructor(
    target: Db,
    private readonly platform: string,
    workerUrl: URL,
    private readonly tables: readonly string[],
    input: unknown,
    /** A cap on the worker's old-generation heap, which makes V8 collect sooner (else it grows lazily). */
    heapLimitMb?: number,
  ) {
    this.file = target.name + SIDE_SUFFIX + platform
    removeSideFile(this.file)
    const shared = new SharedArrayBuffer(4)
    this.state = new Int32Array(shared)
    const { port1, port2 } = new MessageChannel()
    this.port = port1
    const data: SideWorkerData = { entry: workerUrl.href, file: this.file, state: shared, port: port2, input }
    this.worker = new Worker(new URL('./side-seed-boot.mjs', import.meta.url), {
      workerData: data,
      transferList: [port2],
      // None of this process's preloads (tsx's loader): the boot bundles the entry itself.
      execArgv: [],
      ...(heapLimitMb ? { resourceLimits: { maxOldGenerationSizeMb: heapLimitMb } } : {}),
    })
  }

  /**
   * Sends the worker a message (its parentPort; `transfer` moves buffers instead of copying them),
   * for a worker fed while it runs (rollup-side.ts).
   */
  post(message: unknown, transfer: readonly ArrayBuffer[] = []): void {
    this.worker.postMessage(message, transfer)
  }

  /** Takes what the worker posted so far; returns the rows it generated since last time. */
  private drain(): number {
    let rows = 0
    for (let m = receiveMessageOnPort(this.port); m; m = receiveMessageOnPort(this.port)) {
      const message = m.message as SideMessage
      if ('advance' in message) rows += message.advance
      else if ('phases' in message) Object.assign(this.phases, message.phases)
      else if ('result' in message) this.result = message.result
      else this.error = message
    }
    return rows
  }

  /**
   * Waits for the worker (the bar of step `<platform>` follows its rows), copies its tables into
   * the target and deletes the side file. Returns the worker's own step timings (ms). Throws the
   * worker's error, with its message, after removing the side file.
   */
  join(db: Db, progress: SeedProgress, totalRows: number): Record<string, number> {
    const waitStarted = performance.now()
    try {
      progress.begin(this.platform, totalRows)
      let heard = waitStarted
      let last = Atomics.load(this.state, 0)
      for (;;) {
        const rows = this.drain()
        progress.advance(rows)
        const state = Atomics.load(this.state, 0)
        if (state === SIDE_DONE || state === SIDE_FAILED) break
        if (rows > 0 || state !== last) heard = performance.now()
        last = state
        if (performance.now() - heard > SILENCE_TIMEOUT_MS)
          throw new Error(
            `The ${this.platform} seed worker ${state === SIDE_STARTING ? 'did not start' : 'stopped answering'} ` +
              `within ${SILENCE_TIMEOUT_MS / 1000} s (it may have failed to load or run out of memory)`,
          )
        Atomics.wait(this.state, 0, state, 100)
      }
      progress.advance(this.drain())
      progress.end()
      if (Atomics.load(this.state, 0) === SIDE_FAILED) {
        const failure = new Error(`Seeding ${this.platform} failed: ${this.error?.error ?? 'unknown error'}`)
        if (this.error?.stack) failure.stack = `${failure.message}\n(worker) ${this.error.stack}`
        throw failure
      }
      const phases: Record<string, number> = {
        ...this.phases,
        [`${this.platform}.wait`]: Math.round(performance.now() - waitStarted),
      }
      const copyStarted = performance.now()
      progress.begin(`${this.platform}.copy`, this.tables.length)
      this.copyInto(db, progress)
      progress.end()
      phases[`${this.platform}.copy`] = Math.round(performance.now() - copyStarted)
      return phases
    } finally {
      this.cancel()
    }
  }

  /**
   * Copies each table in its key order: `INSERT … SELECT *` with no WHERE or ORDER BY reads the
   * side table in its b-tree order (rowid — the order the seeder inserted, so the rows keep the
   * rowids of an in-thread seed — or the primary key of a WITHOUT ROWID table) and lets SQLite's
   * transfer optimization copy whole records without decoding them (demo scale: 0.1 s instead of
   * 0.4 s for a row-by-row insert). The optimization copies each index of the target table from
   * the side table's index of the same definition, entry by entry in its order, as it copies the
   * table (the target table is empty, so the entries are appended): the indexes the worker built
   * arrive without a sort on this thread (large: 1.4 s of CPU for the table alone, 3.3 s with its
   * seven indexes, against 9.2 s to build them here). That optimization is off while foreign
   * keys are enforced, so they are switched off for the copy (outside any transaction, which
   * sideBySideFits ensures) and every copied table is checked afterwards with foreign_key_check,
   * e.g. snowflake_accounts.cluster_uid against the clusters this thread wrote: a dangling
   * reference fails the seed as an enforced key would.
   */
  private copyInto(db: Db, progress: SeedProgress) {
    const enforced = db.pragma('foreign_keys', { simple: true }) === 1
    db.prepare('ATTACH DATABASE ? AS side').run(this.file)
    db.pragma('foreign_keys = OFF')
    try {
      db.transaction(() => {
        for (const table of this.tables) {
          db.exec(`INSERT INTO main."${table}" SELECT * FROM side."${table}"`)
          progress.advance(1)
        }
      })()
    } finally {
      db.pragma(`foreign_keys = ${enforced ? 'ON' : 'OFF'}`)
      db.exec('DETACH DATABASE side')
    }
    for (const table of this.tables) {
      const broken = db.prepare(`PRAGMA main.foreign_key_check("${table}")`).all() as { parent: string }[]
      if (broken.length > 0)
        throw new Error(
          `Seeding ${this.platform}: ${broken.length} rows of ${table} reference missing ${broken[0]!.parent} rows`,
        )
    }
  }

  /** Stops the worker (if still running) and removes the side file: on success and on any failure. */
  cancel(): void {
    this.port.close()
    void this.worker.terminate()
    removeSideFile(this.file)
  }
}
