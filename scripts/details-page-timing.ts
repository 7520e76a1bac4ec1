/*
 * The application details page of a 10,000-task, 2,000-stage Spark app in the browser (issue 17:
 * its first tab within 1 s of navigation). A copy of a seeded database gets one finished Spark app
 * enlarged to that size (the same shape scripts/details-timing.ts constructs), the built console is
 * served on the copy, and headless Chromium times, over several visits: navigation → the Summary
 * tab's fields, then a click on each heavy tab (Jobs, Stages, Executors) → its first row. The
 * first visit, right after signing in, is reported apart: it is the browser's first run of most of
 * the console's code (no compiled-code cache yet), whatever page it opens.
 * No assertion: figures for reading. Needs the client built (npm run build -w client).
 *
 *   npx tsx scripts/details-page-timing.ts DB_PATH     a seeded database (bench/data/demo.db)
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import Database from 'better-sqlite3'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts'

const source = process.argv[2]
if (!source) throw new Error('usage: npx tsx scripts/details-page-timing.ts DB_PATH')
const VISITS = 5
const PORT = 8790

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'costlens-details-page-'))
const dbPath = path.join(dir, 'details.db')
fs.copyFileSync(source, dbPath)

// The enlarged app: a finished Spark app of the admin's (CDH) clusters, 10,000 tasks over 2,000
// stages in 12 jobs, 200 executors' worth of vcore and memory seconds over its five hours.
const db = new Database(dbPath)
const target = db
  .prepare(
    `SELECT id, cluster_uid FROM applications WHERE kind = 'spark' AND status = 'S'
       AND cluster_uid IN (SELECT unravel_id FROM clusters WHERE platform = 'CDH')
     ORDER BY task_count DESC LIMIT 1`,
  )
  .get() as { id: string; cluster_uid: string }
const HOURS = 5
db.prepare(
  `UPDATE applications SET task_count = 10000, num_stages = 2000, num_completed_stages = 1800,
     num_skipped_stages = 200, num_jobs = 12, duration = @ms, vcore_seconds = @vcores,
     memory_seconds = @memory WHERE id = @id`,
).run({
  id: target.id,
  ms: HOURS * 3_600_000,
  vcores: HOURS * 3600 * 200,
  memory: HOURS * 3600 * 200 * 4096,
})
db.close()

const server = spawn('node', ['--import', 'tsx', 'simulator/src/server.ts'], {
  cwd: path.resolve(import.meta.dirname, '..'),
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DB_PATH: dbPath, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
})
const baseUrl = `http://127.0.0.1:${PORT}`
try {
  for (let i = 0; ; i++) {
    if (i > 240) throw new Error('the simulator did not start within 120 s')
    const up = await fetch(`${baseUrl}/signInMode`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) break
    await new Promise((r) => setTimeout(r, 500))
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  await page.goto(`${baseUrl}/login`)
  await page.getByLabel('Username').fill('admin')
  await page.getByRole('textbox', { name: 'Password' }).fill('admin')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))

  const address = `${baseUrl}/app/application/spark?execId=${target.id}&clusterUid=${target.cluster_uid}`
  const figures: Record<string, number[]> = { Summary: [], Jobs: [], Stages: [], Executors: [] }
  let firstVisit = 0
  const firstRow = (p: Page) => p.getByRole('tabpanel').locator('tbody tr').first()
  for (let visit = 0; visit <= VISITS; visit++) {
    let t = performance.now()
    await page.goto(address)
    await page.getByText(target.id).first().waitFor()
    await page.getByText('Application id').waitFor()
    if (visit === 0) firstVisit = performance.now() - t
    else figures.Summary!.push(performance.now() - t)
    for (const tab of ['Jobs', 'Stages', 'Executors']) {
      t = performance.now()
      await page.getByRole('tab', { name: tab, exact: true }).click()
      await firstRow(page).waitFor()
      if (visit > 0) figures[tab]!.push(performance.now() - t)
    }
  }
  await browser.close()
  console.log(`${target.id} enlarged to 10,000 tasks, 2,000 stages, 12 jobs (ms)`)
  console.log(`  first visit after sign-in → Summary fields  ${firstVisit.toFixed(0)}`)
  console.log(`  ${VISITS} later visits:`)
  for (const [tab, ms] of Object.entries(figures)) {
    const sorted = [...ms].sort((a, b) => a - b)
    const label = tab === 'Summary' ? 'navigation → Summary fields' : `click ${tab} → first row`
    console.log(
      `  ${label.padEnd(30)} median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0).padStart(5)}   max ${sorted.at(-1)!.toFixed(0).padStart(5)}`,
    )
  }
} finally {
  server.kill()
  fs.rmSync(dir, { recursive: true, force: true })
}
