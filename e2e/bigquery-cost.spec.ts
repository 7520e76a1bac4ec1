import { expect, test, type Page } from '@playwright/test'
import { openSignedIn, seriousViolations } from './helpers.ts'

/**
 * The BigQuery cost pages (R152-R154, admin only) against the seeded small scale, as the bigquery
 * persona (an admin) uses them: Cost 360's total is the job list's for the same window, Top K ranks
 * K rows, and the tags page shows the untagged jobs as their own row.
 */

/** The cost tile's figure: 'Cost (USD)$ 1,234.5678' → '$ 1,234.5678'. */
async function costTile(page: Page, region: string) {
  const tiles = page.getByRole('region', { name: region })
  await expect(tiles).toContainText(/Cost \(USD\)\$ [\d,]+\.\d{4}/)
  return /Cost \(USD\)(\$ [\d,]+\.\d{4})/.exec((await tiles.textContent()) ?? '')![1]!
}

test('Cost 360 of the last 7 days: its total is the job list’s for the same window (issue 19 Done-when)', async ({
  page,
}) => {
  await openSignedIn(page, 'bigquery', '/cost/osd_cost360')
  await expect(page.getByRole('button', { name: /Date range: Last 7 Days/ })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Cost by project' })).toBeVisible()
  const total = await costTile(page, 'Cost totals')
  await page.getByRole('link', { name: /jobs of this window in the job list/ }).click()
  await expect(page).toHaveURL(/\/job\/list\?.*showUnravelJobs=true/)
  expect(await costTile(page, 'Totals of the matching jobs')).toBe(total)
})

test('Top K with K = 5 ranks 5 projects; the tags page shows the untagged jobs as their own row', async ({
  page,
}) => {
  await openSignedIn(page, 'bigquery', '/cost/osd_topk')
  await page.getByRole('combobox', { name: 'K: rows in each ranking' }).click()
  await page.getByRole('option', { name: '5', exact: true }).click()
  await expect(page).toHaveURL(/k=5/)
  const projects = page.getByRole('table', { name: 'Top projects by cost' })
  await expect(projects.locator('tbody tr')).toHaveCount(5)
  expect(await seriousViolations(page)).toEqual([])
  await page.goto('/cost/osd_tags')
  const keys = page.getByRole('table', { name: 'Cost by label key' })
  await expect(keys.getByRole('row', { name: /\(untagged\)/ })).toBeVisible()
  await expect(page.getByRole('table', { name: /^Cost by value of / })).toBeVisible()
})
