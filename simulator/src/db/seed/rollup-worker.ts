import { isMainThread, parentPort, receiveMessageOnPort } from 'node:worker_threads'
import type { Db } from '../open-database.ts'
import { AppRollupBuilder } from './app-rollups.ts'
import { appNameDomain } from './applications.ts'
import { ChargebackRollupBuilder } from './chargeback-rollups.ts'
import type { SeedProgress } from './progress.ts'
import { slotRecords, type RollupSideInput, type RollupSideMessage } from './rollup-side.ts'
import { runSideSeedWorker } from './side-seed-worker.ts'

/**
 * The rollup worker (rollup-side.ts): adds up each batch of app records as it is posted, then
 * writes app_rollups and cb_rollups into its side file and sends the grains it kept. Synchronous,
 * like every side seed: it blocks on the shared `flow` counter until the next batch is posted, takes
 * its message with receiveMessageOnPort and reads its records in the shared ring.
 */
export function addUpRollups(
  db: Db,
  input: RollupSideInput,
  progress: SeedProgress,
  send: (result: unknown) => void,
): Record<string, number> {
  const flow = new Int32Array(input.flow)
  const apps = new AppRollupBuilder(input.keep, appNameDomain(input.clusters))
  const chargeback = new ChargebackRollupBuilder(input.clusters)
  let adding = 0
  try {
    for (let taken = 0; ;) {
      while (Atomics.load(flow, 0) === taken) Atomics.wait(flow, 0, taken, 1000)
      // Posted before the counter moved: it is in the port's queue.
      const received = receiveMessageOnPort(parentPort!)
      if (!received) throw new Error('the rollup worker was told of a batch it did not receive')
      const message = received.message as RollupSideMessage
      if ('done' in message) break
      const started = performance.now()
      const batch = { records: slotRecords(input.ring, message.slot, message.count), ...message }
      apps.addBatch(batch)
      chargeback.addBatch(batch)
      adding += performance.now() - started
      Atomics.store(flow, 1, ++taken)
      Atomics.notify(flow, 1)
    }
  } catch (error) {
    // Whatever failed, the main thread must not wait for room: it learns of the error at the join.
    Atomics.store(flow, 1, 2 ** 30)
    Atomics.notify(flow, 1)
    throw error
  }
  let started = performance.now()
  apps.write(db, progress)
  const appRows = Math.round(performance.now() - started)
  started = performance.now()
  chargeback.write(db, progress)
  send(apps.keptGrains())
  return {
    'rollups.add': Math.round(adding),
    'rollups.write': appRows,
    'rollups.cb': Math.round(performance.now() - started),
  }
}

// Run as a worker's entry only; imported on the main thread it does nothing.
if (!isMainThread)
  runSideSeedWorker((db, input, progress, send) => addUpRollups(db, input as RollupSideInput, progress, send))
