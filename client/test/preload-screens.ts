import { beforeAll } from 'vitest'

/**
 * For the client files that share a worker's modules (vitest.config.ts): every module of the
 * console loaded once per worker before the first test.
 *
 * The console fetches code on demand: the shell other screens' code while the browser is idle
 * (preloadScreensWhenIdle), a chart Highcharts on first use, the router the login page. In a worker
 * shared by files, such a fetch started by one file could still be going when that file ended, and
 * Vitest failed the run for a module fetched after the file's environment was torn down. Once
 * loaded here, every such fetch is answered from the worker's module cache and never reaches
 * Vitest's module runner again, whatever the console comes to load on demand.
 */
beforeAll(async () => {
  // main.tsx renders the console into the page as it loads: not a module to load here.
  const modules = import.meta.glob(['../src/**/*.{ts,tsx}', '!../src/**/*.test.{ts,tsx}', '!../src/main.tsx'])
  await Promise.all(Object.values(modules).map((load) => load()))
}, 120_000)
