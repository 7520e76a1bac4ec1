import { expect, test, type Page } from '@playwright/test'
import { openSignedIn, seriousViolations } from './helpers.ts'

/**
 * The Databricks SQL pages (issue 20: /sql/osd_sql_overview, users, warehouses, queries; preview)
 * on the seeded small scale, as the databricks persona uses them: the overview's spend and top
 * warehouse, the warehouses list by cost, the users with the Idle row, and one query's details.
 */

// The first answer of a freshly seeded server can take more than the 10 s default on a loaded
// 2-core machine: the first wait of each journey allows 30 s, and each journey has 3× the time.
const FIRST = { timeout: 30_000 }
test.slow()

const rows = (page: Page, name: string) => page.getByRole('table', { name }).locator('tbody tr')

test('the overview shows spend with its units and the top warehouse, linking to the list', async ({
  page,
}) => {
  await openSignedIn(page, 'databricks', '/sql/osd_sql_overview')
  await expect(page.getByRole('heading', { name: /SQL Overview/ })).toBeVisible()
  await expect(page.getByLabel('Preview').first()).toBeVisible()
  const kpis = page.getByRole('region', { name: 'SQL warehouses in the range' })
  await expect(kpis).toContainText('Spend (USD)$', FIRST)
  await expect(kpis).toContainText('DBU')
  await expect(rows(page, 'Top warehouses by spend').first()).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole('link', { name: 'All warehouses' }).click()
  await expect(page).toHaveURL(/\/sql\/osd_sql_warehouses/)
  await expect(rows(page, 'Databricks SQL warehouses').first()).toContainText('$', FIRST)
})

test('the warehouses list sorts on the server and filters by type', async ({ page }) => {
  await openSignedIn(page, 'databricks', '/sql/osd_sql_warehouses?s=queries-desc')
  const list = rows(page, 'Databricks SQL warehouses')
  await expect(list.first()).toBeVisible(FIRST)
  await page.goto('/sql/osd_sql_warehouses?type=SERVERLESS')
  await expect(list.first()).toContainText('Serverless', FIRST)
  expect(await seriousViolations(page)).toEqual([])
})

test('the users list ends with the Idle row on its last page', async ({ page }) => {
  await openSignedIn(page, 'databricks', '/sql/osd_sql_users?pageSize=100')
  const list = rows(page, 'Databricks SQL users')
  await expect(list.last()).toContainText('Idle (no query running)', FIRST)
  await expect(page.getByRole('region', { name: "The warehouses' cost, attributed and idle" })).toContainText(
    'Warehouse cost (USD)$',
  )
  expect(await seriousViolations(page)).toEqual([])
})

test('a failed query opens its details with the error and the SQL', async ({ page }) => {
  await openSignedIn(page, 'databricks', '/sql/osd_sql_queries?status=F')
  const list = rows(page, 'Databricks SQL queries')
  await expect(list.first()).toContainText('Failed', FIRST)
  await list
    .first()
    .getByRole('button', { name: /Details of query/ })
    .click()
  const drawer = page.getByRole('dialog', { name: 'Query details' })
  await expect(drawer).toContainText('Status: Failed')
  await expect(drawer.getByRole('alert')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})
