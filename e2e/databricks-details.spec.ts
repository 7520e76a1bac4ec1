import Database from 'better-sqlite3'
import { expect, test } from '@playwright/test'
import { databricksRunKey } from '@costlens/shared'
import { openSignedIn, seriousViolations } from './helpers.ts'

/**
 * A Databricks run's details (issue 20 Done-when: "… one run's details"), opened from its address
 * /app/application/db?execId=<run key> as the databricks persona, on the seeded small scale. The run
 * is the seed's costliest failed run, read from the journeys' database (test-results/e2e.db, see
 * playwright.config.ts) so the journey follows whatever the seed holds.
 */

const DB_PATH = 'test-results/e2e.db'

/** The costliest failed run's key and job name, or null while the seed has no Databricks runs. */
function costliestFailedRun(): { key: string; jobName: string; runId: number } | null {
  const db = new Database(DB_PATH, { readonly: true, fileMustExist: true })
  try {
    const row = db
      .prepare(
        `SELECT w.workspace_id, j.job_id, j.job_name, r.id FROM db_runs r JOIN db_jobs j ON j.code = r.job
         JOIN db_workspaces w ON w.code = r.workspace WHERE r.status = 'F'
         ORDER BY r.dbu_cost_e4 + r.vm_cost_e4 DESC LIMIT 1`,
      )
      .get() as { workspace_id: string; job_id: number; job_name: string; id: number } | undefined
    return row
      ? { key: databricksRunKey(row.workspace_id, row.job_id, row.id), jobName: row.job_name, runId: row.id }
      : null
  } finally {
    db.close()
  }
}

test('a failed run’s details: header, task runs, errors and configuration, accessible', async ({ page }) => {
  const run = costliestFailedRun()
  expect(run, 'the small seed holds failed Databricks runs').not.toBeNull()
  await openSignedIn(page, 'databricks', `/app/application/db?execId=${run!.key}`)
  await expect(page.getByRole('heading', { name: `${run!.jobName} · run ${run!.runId}` })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Key figures' })).toContainText(/Total cost \(USD\)/)
  await expect(page.getByRole('link', { name: /its runs$/ })).toHaveAttribute(
    'href',
    /\/jobs\/runs\?jobIds=\d+/,
  )

  await page.getByRole('tab', { name: 'Tasks' }).click()
  const tasks = page.getByRole('table', { name: 'Task runs' })
  await expect(tasks).toBeVisible()
  // The task that ended the run carries its result (FAILED, TIMEDOUT, …).
  await expect(tasks).toContainText(/FAILED|TIMEDOUT|INTERNAL_ERROR/)

  await page.getByRole('tab', { name: 'Errors' }).click()
  await expect(page.getByRole('heading', { name: /Why the run (failed|timed out)/ })).toBeVisible()

  await page.getByRole('tab', { name: 'Configuration' }).click()
  await expect(page.getByRole('combobox', { name: 'Task' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})
