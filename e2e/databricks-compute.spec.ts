import { expect, test, type Page } from '@playwright/test'
import { openSignedIn, seriousViolations } from './helpers.ts'

/**
 * The Databricks compute screens (issue 20: /compute/dbclusters, /compute/cluster_summary) on the
 * seeded small scale, as the databricks persona uses them: the summary's costliest idle cluster,
 * the list's inefficient tab costliest idle time first, one cluster's sessions, and a job
 * cluster's run details.
 */

const table = (page: Page) => page.getByRole('table', { name: /Databricks clusters$/ })
const bodyRows = (page: Page) => table(page).locator('tbody tr[data-status]')

test('the summary names the costliest idle cluster and links to the inefficient list', async ({ page }) => {
  await openSignedIn(page, 'databricks', '/compute/cluster_summary')
  const kpis = page.getByRole('region', { name: 'Compute in the range' })
  await expect(kpis).toContainText('Cluster idle cost (USD)$')
  const idle = page.getByRole('table', { name: 'All-purpose clusters by idle cost' })
  await expect(idle.locator('tbody tr').first()).toBeVisible()
  await page.getByRole('link', { name: /inefficient clusters/ }).click()
  await expect(page).toHaveURL(/\/compute\/dbclusters\?.*tab=inefficient/)
  await expect(bodyRows(page).first()).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})

test('an all-purpose cluster opens its sessions; a job cluster opens its run', async ({ page }) => {
  await openSignedIn(page, 'databricks', '/compute/dbclusters?tab=all')
  await expect(bodyRows(page).first()).toBeVisible()
  await page
    .getByRole('group', { name: 'Cluster type' })
    .getByRole('checkbox', { name: /^All-purpose/ })
    .click()
  await page
    .getByRole('button', { name: /^Sessions of / })
    .first()
    .click()
  await expect(page.getByRole('table', { name: 'Sessions' })).toBeVisible()
  await page.keyboard.press('Escape')
  await page.goto('/compute/dbclusters?tab=finished&clusterType=db_job_cluster')
  const link = table(page)
    .getByRole('link', { name: /^job-\d+-run-\d+$/ })
    .first()
  await link.click()
  await expect(page).toHaveURL(/\/app\/application\/db\?execId=\d+_\d+_\d+/)
})
