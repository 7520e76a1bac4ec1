import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'

/** A folder for this run's seed cache (test/seed-cache.ts), removed when the run ends. */
export default function setup(project: TestProject): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'costlens-seed-cache-'))
  project.provide('seedCacheDir', dir)
  return () => fs.rmSync(dir, { recursive: true, force: true })
}
