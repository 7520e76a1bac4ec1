import { defineConfig } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.ts'

// The journeys run against the built console served by the simulator on a throwaway database,
// in Debian's chromium (never a downloaded browser).
const port = Number(process.env.E2E_PORT ?? 8181)
const dbPath = 'test-results/e2e.db'

export default defineConfig({
  testDir: 'e2e',
  // Its own folder: Playwright empties outputDir, and test-results/ also holds the Vitest report.
  outputDir: 'test-results/playwright-artifacts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: `rm -f ${dbPath} ${dbPath}-wal ${dbPath}-shm && node --import tsx simulator/src/server.ts`,
    url: `http://127.0.0.1:${port}/signInMode`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DB_PATH: dbPath,
      SIM_SCALE: 'small',
      SIM_SEED: '42',
      // The journeys sign in far more often than people do.
      SIGN_IN_PER_MINUTE: '10000',
      // A fixed clock reproduces a run at another time of day (the seed follows the working day).
      ...(process.env.SIM_NOW ? { SIM_NOW: process.env.SIM_NOW } : {}),
    },
  },
})
