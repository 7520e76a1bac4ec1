import { expect, test } from '@playwright/test'
import { openSignedIn, seriousViolations } from './helpers.ts'

/**
 * The Databricks cost drill-downs (issue 20, /cost_explorer/drill_downs) against the seeded small
 * scale, as the databricks persona uses them: workspace → compute type → job, back with the
 * breadcrumb, and out to the job's runs.
 */

test('drills from the costliest workspace that ran jobs to its jobs, back with the breadcrumb, then to a job’s runs', async ({
  page,
}) => {
  // Up to a few workspaces tried, then four levels and an axe run.
  test.slow()
  await openSignedIn(page, 'databricks', '/cost_explorer/drill_downs')
  await expect(page.getByRole('heading', { name: 'Cost Drill Downs' })).toBeVisible()
  const workspaces = page.getByRole('table', { name: /^Cost by workspace/ })
  const types = page.getByRole('table', { name: /^Cost by compute type/ })
  const jobsCompute = types.getByRole('link', { name: /^Jobs: break down by source/ })
  // The costliest workspace that ran jobs in the window: which one that is follows the time of day
  // (the seed is always current), and the costliest may have run only SQL, DLT and all-purpose.
  let workspace = ''
  for (let row = 0; !workspace; row++) {
    if (row > 0) await page.goto('/cost_explorer/drill_downs')
    await expect(workspaces.locator('tbody tr').first()).toBeVisible()
    const link = workspaces
      .locator('tbody tr')
      .nth(row)
      .getByRole('link', { name: /break down by compute type/ })
    const name = (await link.textContent())!.trim()
    await link.click()
    await expect(page).toHaveURL(/groupBy=computeType/)
    await expect(page).toHaveURL(/path=workspace/)
    await expect(types.locator('tbody tr').first()).toBeVisible()
    if ((await jobsCompute.count()) > 0) workspace = name
  }
  await jobsCompute.click()

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
  await jobsCompute.click()
  await sources
    .locator('tbody tr')
    .first()
    .getByRole('link', { name: /^Runs of / })
    .click()
  await expect(page).toHaveURL(/\/jobs\/runs\?jobIds=\d+/)
})
