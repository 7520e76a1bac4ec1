import type { Db } from '../open-database.ts'
import { jobCountIndex } from './job-count-index.ts'
import { pipelineIndex } from './pipeline-index.ts'
import { memoryHogs } from './autoactions.ts'

/**
 * Builds the in-process indexes of the applications (job-count-index.ts, pipeline-index.ts, the
 * memory hogs of autoactions.ts) ahead
 * of the first request that reads them: about 1-3 s at a million apps, which would otherwise land on
 * that request. The server calls it once it listens (server.ts), so the start is not delayed; a
 * request arriving meanwhile waits for the build (one thread), as it would have built it itself.
 * Tests build their app without listening: their indexes are built on first read, as before.
 */
export function warmAppIndexes(db: Db): { ms: number } {
  const started = performance.now()
  jobCountIndex(db)
  pipelineIndex(db)
  memoryHogs(db)
  return { ms: Math.round(performance.now() - started) }
}
