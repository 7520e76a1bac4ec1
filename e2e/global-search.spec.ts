import { expect, test, type Page } from '@playwright/test'
import { openSignedIn, signIn } from './helpers.ts'

/**
 * The global search (02 §2 /globalsearch/{search}, R049) against the seeded small scale: from the
 * header box to the results, then paging and sorting on the server with the state in the address.
 */

async function signInAsAdmin(page: Page) {
  await page.goto('/login')
  await signIn(page, 'admin', 'admin')
  await expect(page).not.toHaveURL(/\/login/)
}

const table = (page: Page) => page.getByRole('table', { name: 'Matching applications' })
const bodyRows = (page: Page) => table(page).locator('tbody tr[data-status]')
const names = (page: Page) =>
  bodyRows(page).evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[3]?.textContent ?? ''))

test('the header box opens the results for a pipeline name; every row matches it (B180)', async ({
  page,
}) => {
  await signInAsAdmin(page)
  const box = page.getByRole('textbox', { name: 'Search applications' })
  await box.fill('daily_sales')
  await box.press('Enter')
  await expect(page).toHaveURL((url) => url.pathname === '/globalsearch/daily_sales')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Search results for “daily_sales”' }),
  ).toBeVisible()
  await expect(page).toHaveTitle('Search results for “daily_sales” | costlens')
  await expect(
    page.getByText(/^[\d,]+ applications? whose id, name, user or queue contains “daily_sales”\.$/),
  ).toBeVisible()
  await expect(bodyRows(page).first()).toBeVisible()
  const shown = await names(page)
  expect(shown.length).toBeGreaterThan(0)
  expect(shown.length).toBeLessThanOrEqual(15)
  for (const name of shown) expect(name).toContain('daily_sales')
  // Newest first by default.
  await expect(table(page).getByRole('columnheader', { name: /Start Time/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
})

test('paging and sorting by user go to the server and into the address (B099, B102, B030)', async ({
  page,
}) => {
  await openSignedIn(page, 'admin', '/globalsearch/etl')
  await expect(bodyRows(page).first()).toBeVisible()
  const firstRow = await bodyRows(page).first().innerText()
  await page.getByRole('button', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/\/globalsearch\/etl\?page=2$/)
  await expect(bodyRows(page).first()).not.toHaveText(firstRow)
  await table(page).getByRole('button', { name: 'User' }).click()
  await expect(page).toHaveURL(/\/globalsearch\/etl\?s=user-asc$/)
  const users = () =>
    bodyRows(page).evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[2]?.textContent ?? ''))
  await expect
    .poll(async () => {
      const page1 = await users()
      return page1.length > 0 && page1.join() === [...page1].sort().join()
    })
    .toBe(true)
})

test('a search nothing matches shows the table’s empty text', async ({ page }) => {
  await signInAsAdmin(page)
  const box = page.getByRole('textbox', { name: 'Search applications' })
  await box.fill('no_such_application_anywhere')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/globalsearch\/no_such_application_anywhere$/)
  await expect(table(page).getByText('No Data Available')).toBeVisible()
})
