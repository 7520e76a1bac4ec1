import { expect, test, type Page } from '@playwright/test'
import { openSignedIn } from './helpers.ts'

/**
 * Chargeback (02 §2, §4) against the seeded small scale: an operator opens the Yarn chargeback,
 * drills into an application type to see its users, and comes back to the top.
 */

async function openChargeback(page: Page, query = '') {
  await openSignedIn(page, 'admin', `/clusters/chargeback${query}`)
}

const table = (page: Page, by: string) => page.getByRole('table', { name: `Chargeback by ${by}` })
const bodyRows = (page: Page, by: string) => table(page, by).locator('tbody tr')

test('admin drills into an application type, sees its users, and goes back (B149)', async ({ page }) => {
  await openChargeback(page)
  await expect(page.getByRole('radio', { name: 'Yarn' })).toBeChecked()
  // The seeded week has Yarn apps of every kind; Spark uses the most CPU. Types show in the
  // console's one casing; the address keeps the API's code.
  const drill = page.getByRole('button', { name: 'Drill into Spark' })
  await expect(drill).toBeVisible()
  const sparkRow = bodyRows(page, 'Application type').filter({ has: drill })
  const sparkApps = Number(await sparkRow.locator('td').nth(1).innerText())
  expect(sparkApps).toBeGreaterThan(0)

  await drill.click()
  await expect(page).toHaveURL(/drill=spark/)
  const path = page.getByRole('navigation', { name: 'Drill path' })
  await expect(path.getByText('Application type: Spark')).toHaveAttribute('aria-current', 'location')
  await expect(bodyRows(page, 'User').first()).toBeVisible()
  // Each user of spark ran some of spark's apps, never more than spark had.
  const apps = await bodyRows(page, 'User').evaluateAll((rows) =>
    rows.map((r) => Number(r.querySelectorAll('td')[1]?.textContent?.replace(/,/g, ''))),
  )
  for (const n of apps) expect(n).toBeGreaterThan(0)
  expect(Math.max(...apps)).toBeLessThanOrEqual(sparkApps)
  await expect(page.getByRole('button', { name: /^Drill into/ })).toHaveCount(0)

  // A reload keeps the drill path, from the address.
  await page.reload()
  await expect(path.getByText('Application type: Spark')).toBeVisible()

  await path.getByRole('button', { name: 'All by Application type' }).click()
  await expect(page).not.toHaveURL(/drill=/)
  await expect(page.getByRole('button', { name: 'Drill into Spark' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Drill into MapReduce' })).toBeVisible()
})

test('the date range is kept in the address and survives a reload (B033)', async ({ page }) => {
  await openChargeback(page)
  await expect(bodyRows(page, 'Application type').first()).toBeVisible()
  await page.getByRole('button', { name: /^Date range:/ }).click()
  await page.getByRole('button', { name: 'Last 30 Days' }).click()
  await expect(page).toHaveURL(/dateRangeLabel=30_d/)
  await page.reload()
  await expect(page.getByRole('button', { name: 'Date range: Last 30 Days' })).toBeVisible()
  await expect(bodyRows(page, 'Application type').first()).toBeVisible()
})

test('switching to Impala shows the Impala usage by user (B146, B148)', async ({ page }) => {
  await openChargeback(page)
  await page.getByRole('radiogroup', { name: 'Chargeback type' }).getByText('Impala', { exact: true }).click()
  await expect(page).toHaveURL(/cbType=Impala/)
  await expect(bodyRows(page, 'User').first()).toBeVisible()
  await expect(table(page, 'User').getByRole('columnheader', { name: /Job count/ })).toBeVisible()
})

test('admin (Presto enabled) sees the Presto queries by user and their finished queries (E045, E021)', async ({
  page,
}) => {
  await openChargeback(page, '?cbType=Presto&dateRangeLabel=30_d')
  await expect(page.getByRole('radio', { name: 'Presto' })).toBeChecked()
  await expect(bodyRows(page, 'User').first()).toBeVisible()
  const counts = await bodyRows(page, 'User').evaluateAll((rows) =>
    rows.map((r) => Number(r.querySelectorAll('td')[1]?.textContent?.replace(/,/g, ''))),
  )
  expect(counts.every((n) => n > 0)).toBe(true)
  const finished = page.getByRole('table', { name: /^Finished queries/ })
  await expect(finished.locator('tbody tr').first()).toBeVisible()
  await expect(finished.getByRole('columnheader', { name: /Resource group/ })).toBeVisible()
})

test('the EMR user narrows the chargeback to one cluster, kept after a reload (B152)', async ({ page }) => {
  await openSignedIn(page, 'emr', '/cost/chargeback')
  const rows = bodyRows(page, 'cluster')
  await expect(rows.nth(1)).toBeVisible()
  const second = (await rows.nth(1).locator('td').first().innerText()).trim()
  // The columns shown follow the screen's width (tables fit): find the total's by its heading.
  const headings = await table(page, 'cluster').locator('thead th').allInnerTexts()
  const totalAt = headings.findIndex((h) => h.trim().startsWith('Total (USD)'))
  const secondTotal = (await rows.nth(1).locator('td').nth(totalAt).innerText()).trim()

  const filter = page.getByRole('combobox', { name: 'Cluster', exact: true })
  await expect(filter).toHaveValue('All clusters')
  await filter.click()
  await filter.fill(second)
  await page.getByRole('option', { name: new RegExp(`\\(${second}\\)$`) }).click()
  await expect(page).toHaveURL(new RegExp(`clusterUid=${second}`))
  await expect(rows).toHaveCount(1)
  await expect(rows.first().locator('td').first()).toHaveText(second)
  // The totals are the one cluster's.
  const kpis = page.getByRole('list', { name: 'Key figures' }).getByRole('listitem')
  await expect(kpis.first()).toHaveText('Clusters1')
  await expect(kpis.last()).toHaveText(`Total cost (USD)${secondTotal}`)

  await page.reload()
  await expect(rows).toHaveCount(1)
  await expect(filter).toHaveValue(new RegExp(`\\(${second}\\)$`))
})
