import { defineConfig } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.ts'

// The journeys run against the built console served by the simulator on a throwaway database,
// in Debian's chromium (never a downloaded browser).
const port = Number(process.env.E2E_PORT ?? 8181)
/**
 * The journeys that change what any other journey would see: a reset and a kill or move of an
 * application, a budget created, faults injected, the admin's time zone. They run one at a time
 * against a server of their own (the next port, its own database), beside the others, which only
 * read and share theirs: two files at a time (CI has two cores), none disturbing another.
 */
const CHANGES_STATE =
  /(app-details-actions|emr-budgets|failures|display-settings|databricks-manage|databricks-budgets|databricks-insights|notification-channels|os-alerting|os-dashboard)\.spec\.ts$/
const STATE_PORT = port + 1

/** `npm start` on a fresh small seed at `serverPort`, over `dbPath` (removed first). */
function simulator(serverPort: number, dbPath: string) {
  return {
    command: `rm -f ${dbPath} ${dbPath}-wal ${dbPath}-shm && node --import tsx simulator/src/server.ts`,
    url: `http://127.0.0.1:${serverPort}/signInMode`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DB_PATH: dbPath,
      SIM_SCALE: 'small',
      SIM_SEED: '42',
      // The journeys sign in far more often than people do.
      SIGN_IN_PER_MINUTE: '10000',
      // A fixed clock reproduces a run at another time of day (the seed follows the working day).
      ...(process.env.SIM_NOW ? { SIM_NOW: process.env.SIM_NOW } : {}),
    },
  }
}

export default defineConfig({
  testDir: 'e2e',
  // Its own folder: Playwright empties outputDir, and test-results/ also holds the Vitest report.
  outputDir: 'test-results/playwright-artifacts',
  // A file's journeys run in order, in one browser (the state-changing ones; see the projects).
  fullyParallel: false,
  workers: 2,
  // The state-changing journeys first: they run on one worker only, so started last they would end
  // the run on one worker with the other idle; started first, they run beside the others.
  projects: [
    {
      name: 'state-changing journeys',
      testMatch: CHANGES_STATE,
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${STATE_PORT}` },
    },
    // The read-only journeys spread test by test over both workers: file by file, the last long file
    // (accessibility, sign-in: 100 s or more each) ran on one worker while the other waited.
    { name: 'journeys', testIgnore: CHANGES_STATE, fullyParallel: true },
  ],
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  timeout: 30_000,
  // The journeys check what a user sees, never how fast (the benchmark measures speed): two workers
  // and two servers on a 2-core machine can take more than the default 5 s to show a first answer.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
    // Recorded on the retry of a failed journey only: a trace of every journey (its screencast and
    // a snapshot per action) took about 40 % of the run's time on two cores (two files: 116 s with
    // it, 68 s without), and made slow journeys fail on time.
    trace: 'on-first-retry',
  },
  webServer: [simulator(port, 'test-results/e2e.db'), simulator(STATE_PORT, 'test-results/e2e-state.db')],
})
