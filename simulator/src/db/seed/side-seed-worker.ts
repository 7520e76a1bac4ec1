import { workerData } from 'node:worker_threads'
import type { Db } from '../open-database.ts'
import { openScratchSeedFile } from '../schema.ts'
import type { SeedProgress } from './progress.ts'
import { SIDE_DONE, SIDE_FAILED, SIDE_RUNNING, type SideMessage, type SideWorkerData } from './side-seed.ts'

/** Rows between two advance messages: few enough messages, often enough for a smooth bar. */
const ADVANCE_EVERY = 20_000

/**
 * The worker side of side-seed.ts: opens the side file (no journal, no syncing, no foreign keys:
 * it is thrown away whatever happens, and the copy into the target checks them), creates the
 * schema, runs `fill` and signals the main thread. `fill` returns its step timings (ms) and may
 * `send` a result (SideSeed.result).
 */
export function runSideSeedWorker(
  fill: (
    db: Db,
    input: unknown,
    progress: SeedProgress,
    send: (result: unknown) => void,
  ) => Record<string, number>,
) {
  const { file, state: shared, port, input } = workerData as SideWorkerData
  const state = new Int32Array(shared)
  const post = (message: SideMessage) => port.postMessage(message)
  Atomics.store(state, 0, SIDE_RUNNING)
  let pending = 0
  const progress: SeedProgress = {
    begin() {},
    advance(units) {
      pending += units
      if (pending >= ADVANCE_EVERY) {
        post({ advance: pending })
        pending = 0
      }
    },
    end() {},
  }
  let outcome = SIDE_DONE
  try {
    const db = openScratchSeedFile(file, { foreignKeys: false })
    try {
      post({ phases: fill(db, input, progress, (result) => post({ result })) })
    } finally {
      db.close()
    }
    if (pending > 0) post({ advance: pending })
  } catch (error) {
    outcome = SIDE_FAILED
    post({ error: (error as Error).message ?? String(error), stack: (error as Error).stack })
  } finally {
    // Messages are queued on the port before the state changes: the main thread drains them after.
    Atomics.store(state, 0, outcome)
    Atomics.notify(state, 0)
    port.close()
  }
}
