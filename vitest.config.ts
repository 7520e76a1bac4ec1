import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import { SlowFirstSequencer } from './tests/slow-first-sequencer.ts'

/**
 * Test files share a module registry per worker (`isolate: false`): the modules a test imports
 * (Fastify and every route, or React, Mantine and Highcharts) load once per worker rather than once
 * per file, which was a third of the suite's time. A file that replaces a module (`vi.mock`) or
 * tests how modules load (marked `@own-modules`) would leak into the next: such files run in a
 * project of their own, isolated as before.
 */
function testFilesByModules(root: string, folders: readonly string[]) {
  const files = folders.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => path.posix.join(folder, file.split(path.sep).join('/'))),
  )
  const ownModules = (file: string) =>
    /\bvi\.(mock|doMock)\(|@own-modules/.test(readFileSync(path.join(root, file), 'utf8'))
  return { shared: files.filter((f) => !ownModules(f)), own: files.filter(ownModules) }
}
const clientFiles = testFilesByModules('client', ['src'])
const simulatorFiles = testFilesByModules('simulator', ['src', 'test'])

/** The simulator project's settings, shared by its two halves. */
const simulatorProject: TestProjectInlineConfiguration['test'] = {
  root: './simulator',
  environment: 'node',
  // Each test file builds its own app over its own database; seeding is CPU-bound, so a seed
  // of given options is made once per run and each app opens a copy (test/seed-cache.ts).
  globalSetup: ['./test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // The small seeds the tests make keep every candidate rollup grain, so the tests read every slice
  // and grain (seed/index.ts EVERY_ROLLUP_GRAIN_ENV; other small seeds keep the dense grains).
  env: { COSTLENS_SEED_EVERY_ROLLUP_GRAIN: '1' },
  // The app autoloads its route folders with import(): inlined, autoload's imports go through
  // Vitest's module runner, which reads TypeScript (Node's own loader does not).
  server: { deps: { inline: ['@fastify/autoload'] } },
}

/**
 * The client's own config (client/vite.config.ts: shared jsdom, isolate: false), with room for a
 * component test on a busy machine: two workers share CI's two cores with Vitest's transforms, and a
 * test that takes 2-3 s alone can pass 5 s (Vitest's default limit) beside them.
 */
const clientProject = { extends: './client/vite.config.ts', test: { root: './client', testTimeout: 15_000 } }

// One run covers every package: each workspace is a Vitest project with its own environment.
export default defineConfig({
  test: {
    // A worker per core: Vitest's default leaves one core to itself, which on CI's two cores ran
    // the files one at a time (the wall time was the sum of the files'). Its own share is small.
    maxWorkers: availableParallelism(),
    // The slow files of each project first, so short ones fill in beside them (tests/slow-first-sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      { test: { ...simulatorProject, name: 'simulator', include: simulatorFiles.shared, isolate: false } },
      // Only when a simulator file replaces a module: a project costs a phase of its own (10-25 s).
      ...(simulatorFiles.own.length
        ? [{ test: { ...simulatorProject, name: 'simulator (own modules)', include: simulatorFiles.own } }]
        : []),
      {
        test: {
          // Plain Node tests: the shared rules and formats beside the scripts, tests and bench (one
          // project rather than two: each project is a phase of its own, 10-25 s to start).
          name: 'node',
          root: '.',
          environment: 'node',
          include: [
            'shared/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          // The contract tests start simulators and run the CLI as a child process: seconds each.
          testTimeout: 120_000,
          // Their set-up seeds a simulator too (seconds on a busy machine).
          hookTimeout: 60_000,
          server: { deps: { inline: ['@fastify/autoload'] } },
        },
      },
      {
        ...clientProject,
        test: {
          ...clientProject.test,
          exclude: clientFiles.own,
          // Added to client/vite.config.ts's setup: the on-demand modules loaded once per worker.
          setupFiles: ['./test/preload-screens.ts'],
        },
      },
      {
        ...clientProject,
        test: {
          ...clientProject.test,
          name: 'client (own modules)',
          exclude: clientFiles.shared,
          environment: 'jsdom',
          isolate: true,
        },
      },
    ],
  },
})
