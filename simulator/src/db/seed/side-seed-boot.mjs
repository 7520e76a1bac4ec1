// The entry of every side-seed worker (side-seed.ts): bundles the platform's TypeScript entry and
// everything it imports into one JavaScript module with esbuild, then loads that.
//
// Why not tsx, as the main thread uses: a worker that registers tsx's loader gets a loader thread
// of its own, and every module of its graph is resolved and loaded through messages to it. Measured
// on 2026-11-28 (Snowflake's graph): 700 ms and 1.2 s of CPU to load through tsx against 15 ms and
// 50 ms of CPU for the bundle, which esbuild makes in about 80 ms; at the demo scale the seed starts
// three or four such workers beside the applications, on a 2-core machine. (A worker started on a
// .ts file directly fails under Node 20 with "Unknown file extension .ts".)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { isBuiltin } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { threadId, workerData } from 'node:worker_threads'
import { build } from 'esbuild'

/** side-seed.ts's SIDE_FAILED: the state word the main thread waits on. */
const SIDE_FAILED = 3

/**
 * Keeps what a module of the graph means outside a bundle: `import.meta.url` stays the URL of the
 * file it is written in (schema.ts reads schema.sql beside itself), and packages from node_modules
 * stay outside the bundle, loaded from their own absolute location (native addons cannot be
 * bundled); only the repository's own TypeScript (this workspace and @costlens/shared) goes in.
 */
const keepModuleMeaning = {
  name: 'keep-module-meaning',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@costlens/')) return undefined
      if (isBuiltin(args.path)) return { path: args.path, external: true }
      return { path: import.meta.resolve(args.path), external: true }
    })
    bundle.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8')
      const url = JSON.stringify(pathToFileURL(args.path).href)
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' }
    })
  },
}

/** Bundles `entry` (a file: URL of a .ts module) to a temporary .mjs file and imports it. */
async function importBundled(entry) {
  const outfile = path.join(os.tmpdir(), `costlens-seed-worker-${process.pid}-${threadId}.mjs`)
  await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'silent',
    plugins: [keepModuleMeaning],
  })
  try {
    await import(pathToFileURL(outfile).href)
  } finally {
    fs.rmSync(outfile, { force: true })
  }
}

try {
  await importBundled(workerData.entry)
} catch (error) {
  // Told at once rather than after side-seed.ts's silence timeout: the main thread waits on `state`.
  workerData.port.postMessage({
    error: `could not load ${workerData.entry}: ${error.message}`,
    stack: error.stack,
  })
  const state = new Int32Array(workerData.state)
  Atomics.store(state, 0, SIDE_FAILED)
  Atomics.notify(state, 0)
}
