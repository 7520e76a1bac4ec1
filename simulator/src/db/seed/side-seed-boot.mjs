// The entry of every side-seed worker (side-seed.ts): registers tsx's loader in this thread, then
// loads the platform's TypeScript entry. A worker started on a .ts file directly fails under
// Node 20 with "Unknown file extension .ts" even with `--import tsx` in its execArgv, so the
// loader is registered here, in plain JavaScript, before anything TypeScript is imported.
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.entry)
