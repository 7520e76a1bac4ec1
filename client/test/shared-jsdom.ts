import { builtinEnvironments, type Environment } from 'vitest/runtime'

/**
 * Vitest's jsdom, made once per worker and kept for every test file that worker runs.
 *
 * The client's test files run without isolation (vite.config.ts): the modules a screen imports
 * (React, Mantine, Highcharts, RTK) load once per worker instead of once per file, which was most
 * of the client tests' time. Highcharts keeps the window it loaded in, so the window has to stay
 * too: the stock environment would build a new one per file. test/setup.ts resets what a file can
 * leave behind in it (the document, storage, the address) before each file.
 */
let shared: ReturnType<typeof builtinEnvironments.jsdom.setup> | undefined

export default {
  name: 'shared-jsdom',
  viteEnvironment: 'client',
  async setup(global, options) {
    shared ??= builtinEnvironments.jsdom.setup(global, options)
    await shared
    // Kept for the worker's next file; the worker's exit ends it.
    return { teardown: () => {} }
  },
} satisfies Environment
