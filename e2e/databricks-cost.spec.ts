import { expect, test } from '@playwright/test'
import { openSignedIn, seriousViolations } from './helpers.ts'

/**
 * The Databricks cost explorer (issue 20) against the seeded small scale, as the databricks persona
 * (an admin of a DB install) uses it: a trend of two workspaces in DBUs, weekly (Done-when), and the
 * chargeback of the job runs by user.
 */

test('a trend with two workspaces in DBU, weekly (issue 20 Done-when)', async ({ page }) => {
  await openSignedIn(page, 'databricks', '/cost_explorer/trends')
  const trends = page.getByRole('list', { name: 'Trends' })
  await expect(trends.getByRole('listitem').first()).toBeVisible()
  // Keep the two largest workspaces: remove the others, largest first stays.
  // One at a time: the chips follow the answer, so each removal waits for the list to shrink.
  for (let n = await trends.getByRole('listitem').count(); n > 2; n--) {
    await trends
      .getByRole('button', { name: /^Remove the workspace/ })
      .last()
      .click()
    await expect(trends.getByRole('listitem')).toHaveCount(n - 1)
  }
  // The segmented controls' radios are visually hidden: a user clicks their labels.
  await page.locator('label', { hasText: /^DBU$/ }).click()
  await page.locator('label', { hasText: /^Weekly$/ }).click()
  await expect(page).toHaveURL(/unit=DBU/)
  await expect(page).toHaveURL(/granularity=weekly/)
  await expect.poll(() => new URL(page.url()).searchParams.getAll('item')).toHaveLength(2)
  await expect(trends.getByRole('listitem')).toHaveCount(2)
  await expect(trends.getByRole('listitem').first()).toContainText('DBU')
  const table = page.getByRole('table', { name: /^DBUs by workspace/ })
  await expect(table.locator('tbody tr')).toHaveCount(2)
  expect(await seriousViolations(page)).toEqual([])
})

test('the chargeback of the job runs by user drills into a user’s workspaces', async ({ page }) => {
  await openSignedIn(page, 'databricks', '/cost_explorer/chargeback?cbType=JobRun')
  const byUser = page.getByRole('table', { name: 'Chargeback by User' })
  await expect(byUser.locator('tbody tr').first()).toBeVisible()
  await byUser.locator('tbody tr').first().getByRole('button').click()
  await expect(
    page.getByRole('table', { name: 'Chargeback by Workspace' }).locator('tbody tr').first(),
  ).toBeVisible()
})
