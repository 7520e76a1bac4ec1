import { expect, test } from '@playwright/test'
import { seriousViolations, signIn } from './helpers.ts'

/**
 * The Databricks cost drill-downs (issue 20, /cost_explorer/drill_downs) against the seeded small
 * scale, as the databricks persona uses them: workspace → compute type → job, back with the
 * breadcrumb, and out to the job's runs.
 */

test('drills from the costliest workspace to its jobs, back with the breadcrumb, then to a job’s runs', async ({
  page,
}) => {
  await page.goto('/login')
  await signIn(page, 'databricks', 'databricks')
  await expect(page).toHaveURL(/\/home$/)
  await page.goto('/cost_explorer/drill_downs')
  await expect(page.getByRole('heading', { name: 'Cost Drill Downs' })).toBeVisible()
  const workspaces = page.getByRole('table', { name: /^Cost by workspace/ })
  await expect(workspaces.locator('tbody tr').first()).toBeVisible()
  const first = workspaces.locator('tbody tr').first()
  const workspace = (await first
    .getByRole('link', { name: /break down by compute type/ })
    .textContent())!.trim()
  await first.getByRole('link', { name: /break down by compute type/ }).click()

  await expect(page).toHaveURL(/groupBy=computeType/)
  await expect(page).toHaveURL(/path=workspace/)
  const types = page.getByRole('table', { name: /^Cost by compute type/ })
  await expect(types.locator('tbody tr').first()).toBeVisible()
  await types.getByRole('link', { name: /^Jobs: break down by source/ }).click()

  const sources = page.getByRole('table', { name: /^Cost by source/ })
  await expect(sources.locator('tbody tr').first()).toBeVisible()
  const path = page.getByRole('navigation', { name: 'Drill-down path' })
  await expect(path).toContainText(`Workspace: ${workspace}`)
  await expect(path).toContainText('Compute type: Jobs')
  expect(await seriousViolations(page)).toEqual([])

  // A reload keeps the level (the path is in the address).
  await page.reload()
  await expect(sources.locator('tbody tr').first()).toBeVisible()

  await path.getByRole('link', { name: `Workspace: ${workspace}` }).click()
  await expect(types.locator('tbody tr').first()).toBeVisible()
  await types.getByRole('link', { name: /^Jobs: break down by source/ }).click()
  await sources
    .locator('tbody tr')
    .first()
    .getByRole('link', { name: /^Runs of / })
    .click()
  await expect(page).toHaveURL(/\/jobs\/runs\?jobIds=\d+/)
})
