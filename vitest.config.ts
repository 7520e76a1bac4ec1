import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// One run covers every package: each workspace is a Vitest project with its own environment.
export default defineConfig({
  test: {
    // A worker per core: Vitest's default leaves one core to itself, which on CI's two cores ran
    // the files one at a time (the wall time was the sum of the files'). Its own share is small.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'shared', root: './shared', environment: 'node', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'simulator',
          root: './simulator',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Each test file builds its own app over its own database; seeding is CPU-bound, so a seed
          // of given options is made once per run and each app opens a copy (test/seed-cache.ts).
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The app autoloads its route folders with import(): inlined, autoload's imports go through
          // Vitest's module runner, which reads TypeScript (Node's own loader does not).
          server: { deps: { inline: ['@fastify/autoload'] } },
        },
      },
      {
        test: {
          name: 'tooling',
          root: '.',
          environment: 'node',
          include: ['scripts/**/*.test.ts', 'tests/**/*.test.ts', 'bench/**/*.test.ts'],
          // The contract tests start simulators and run the CLI as a child process: seconds each.
          testTimeout: 120_000,
          // Their set-up seeds a simulator too (seconds on a busy machine).
          hookTimeout: 60_000,
          server: { deps: { inline: ['@fastify/autoload'] } },
        },
      },
      {
        // The client's own config (client/vite.config.ts), with room for a component test on a busy
        // machine: two workers share CI's two cores with Vitest's transforms, and a test that takes
        // 2-3 s alone can pass 5 s (Vitest's default limit) beside them.
        extends: './client/vite.config.ts',
        test: { root: './client', testTimeout: 15_000 },
      },
    ],
  },
})
