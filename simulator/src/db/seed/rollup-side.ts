import type { Db } from '../open-database.ts'
import type { RollupGrains } from './app-rollups.ts'
import type { SeedCluster } from './clusters.ts'
import type { SeedProgress } from './progress.ts'
import { RECORD_WIDTH, type RollupBatch, type RollupSink } from './rollup-batch.ts'
import { SideSeed } from './side-seed.ts'

/** The tables the rollup worker fills (its side file's rows are copied in by SideSeed.join). */
export const ROLLUP_TABLES = ['app_rollup_names', 'app_rollups', 'cb_rollups'] as const

/** What seedDatabase hands the rollup worker (structured-cloned; `flow` and `ring` are shared). */
export interface RollupSideInput {
  keep: 'dense' | 'every'
  clusters: Pick<SeedCluster, 'unravelId' | 'platform' | 'kind' | 'terminatedAt'>[]
  /** Int32 [0]: batches posted (this thread adds), [1]: batches the worker has added up. */
  flow: SharedArrayBuffer
  /** RING_SLOTS slots of SLOT_RECORDS records: batch k's records are in slot k % RING_SLOTS. */
  ring: SharedArrayBuffer
}

/**
 * The messages the worker reads from its parentPort: a batch (its records in the ring slot, the
 * texts first seen in it), or the end of the apps.
 */
export type RollupSideMessage = { slot: number; count: number; texts: RollupBatch['texts'] } | { done: true }

/**
 * Batches posted and not yet added up before this thread waits: the ring's slots. A worker slower
 * than the inserts then holds the seed back instead of letting a queue grow, and the records cross
 * over in a fixed 5 MB of shared memory (no buffer per batch left for the worker's collector).
 */
export const RING_SLOTS = 8
/** Records per slot: a batch of the applications' 5,000 apps and its children; a longer batch is split. */
export const SLOT_RECORDS = 5_120
/** As SideSeed's silence: a worker that never takes a batch (failed to load) fails the seed. */
const STALL_TIMEOUT_MS = 120_000

/** The ring slot `slot`'s records, `count` of them. */
export function slotRecords(ring: SharedArrayBuffer, slot: number, count: number): Float64Array {
  return new Float64Array(ring, slot * SLOT_RECORDS * RECORD_WIDTH * 8, count * RECORD_WIDTH)
}

/**
 * The app and chargeback rollups added up in a worker thread (rollup-worker.ts) while this thread
 * generates and inserts the applications: each batch of apps' records (rollup-batch.ts) is copied
 * into a slot of a shared ring and the worker told which; at the end (`finish`) the worker writes
 * the rows into its side file and `join` copies them in (SideSeed). At the large scale the adding
 * up was about half of the applications step on this thread.
 */
export class RollupSide implements RollupSink {
  private readonly side: SideSeed
  private readonly flow: Int32Array
  private readonly ring: SharedArrayBuffer
  private posted = 0

  constructor(db: Db, input: Pick<RollupSideInput, 'keep' | 'clusters'>) {
    const flow = new SharedArrayBuffer(8)
    this.flow = new Int32Array(flow)
    this.ring = new SharedArrayBuffer(RING_SLOTS * SLOT_RECORDS * RECORD_WIDTH * 8)
    const data: RollupSideInput = { ...input, flow, ring: this.ring }
    this.side = new SideSeed(
      db,
      'rollups',
      new URL('./rollup-worker.ts', import.meta.url),
      ROLLUP_TABLES,
      data,
    )
  }

  add(batch: RollupBatch): void {
    for (let from = 0; from < batch.count || from === 0; from += SLOT_RECORDS) {
      const count = Math.min(SLOT_RECORDS, batch.count - from)
      this.waitForRoom()
      const slot = this.posted % RING_SLOTS
      slotRecords(this.ring, slot, count).set(
        batch.records.subarray(from * RECORD_WIDTH, (from + count) * RECORD_WIDTH),
      )
      // The texts first seen in the batch go with its first part, before any record that reads them.
      const texts = from === 0 ? batch.texts : { status: [], kind: [], cluster: [], user: [], queue: [] }
      this.send({ slot, count, texts })
    }
  }

  /** No more apps: the worker writes its rows now. */
  finish(): void {
    this.send({ done: true })
  }

  /** Waits until the worker has taken the batch last in the slot this one goes to. */
  private waitForRoom(): void {
    const waitFrom = performance.now()
    for (;;) {
      const taken = Atomics.load(this.flow, 1)
      if (this.posted - taken < RING_SLOTS) return
      if (performance.now() - waitFrom > STALL_TIMEOUT_MS)
        throw new Error(`The rollup worker took no batch within ${STALL_TIMEOUT_MS / 1000} s`)
      Atomics.wait(this.flow, 1, taken, 100)
    }
  }

  private send(message: RollupSideMessage): void {
    this.side.post(message)
    this.posted++
    Atomics.store(this.flow, 0, this.posted)
    Atomics.notify(this.flow, 0)
  }

  /**
   * Waits for the worker's rows (step 'rollups'), copies them in ('rollups.copy'); returns the
   * grains it kept and its step timings (ms).
   */
  join(db: Db, progress: SeedProgress): { grains: RollupGrains; phases: Record<string, number> } {
    const phases = this.side.join(db, progress, 0)
    return { grains: this.side.result as RollupGrains, phases }
  }

  cancel(): void {
    this.side.cancel()
  }
}
