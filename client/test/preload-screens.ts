import { beforeAll } from 'vitest'
import { catalogueEntries } from '@costlens/shared'
import { isScreen, loadScreen } from '../src/app/screens.ts'

/**
 * For the client files that share a worker's modules (vitest.config.ts): every module the console
 * fetches on demand, loaded once per worker before the first test.
 *
 * The shell fetches other screens' code while the browser is idle (preloadScreensWhenIdle), and a
 * chart fetches Highcharts on first use. In a worker shared by files, such a fetch started by one file
 * could still be going when that file ended, and Vitest failed the run for a module fetched after
 * the file's environment was torn down. Once loaded here, those fetches are answered from the worker's
 * module cache and never reach Vitest's module runner again.
 */
beforeAll(async () => {
  const screens = new Set(
    catalogueEntries().flatMap((entry) => (entry.screen && isScreen(entry.screen) ? [entry.screen] : [])),
  )
  await Promise.all([
    ...[...screens].map(loadScreen),
    import('../src/components/charts/highcharts-frame.tsx'),
    import('../src/app/signed-in.tsx'),
    import('../src/features/auth/login-page.tsx'),
    import('../src/app/toast-container.tsx'),
  ])
}, 120_000)
