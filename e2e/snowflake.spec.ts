import fs from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { seriousViolations, signIn } from './helpers.ts'

/**
 * The Snowflake query screens (03 §2) against the seeded small scale, as the Snowflake persona uses
 * them: filter the inefficient list, open a query, compare two.
 */

/** The small scale may hold few queries so far today: the journeys look at the last 7 days. */
async function openQueries(page: Page, query = '?dateRangeLabel=7_d') {
  await page.goto('/login')
  await signIn(page, 'snowflake', 'snowflake')
  await expect(page).not.toHaveURL(/\/login/)
  await page.goto(`/query/list${query}`)
  await expect(table(page)).toBeVisible()
  await expect(bodyRows(page).first()).toBeVisible()
}

const table = (page: Page) => page.getByRole('table', { name: /queries$/ })
const bodyRows = (page: Page) => table(page).locator('tbody tr[data-status]')
/** The texts of one column of the list, found by its header (the checkbox column counts too). */
async function columnValues(page: Page, title: string) {
  const index = await table(page)
    .getByRole('columnheader')
    .evaluateAll((hs, t) => hs.findIndex((h) => h.textContent?.startsWith(t)), title)
  return bodyRows(page).evaluateAll(
    (rows, i) => rows.map((r) => r.querySelectorAll('td,th')[i]?.textContent ?? ''),
    index,
  )
}
const total = async (page: Page) =>
  Number(
    (
      await page
        .getByRole('region', { name: /queries$/ })
        .getByText(/^\([\d,]+\)$/)
        .innerText()
    ).replace(/[(),]/g, ''),
  )

test('the inefficient list opens by default and a user filter narrows it, kept in the address (B030, B233)', async ({
  page,
}) => {
  await openQueries(page)
  await expect(page.getByRole('tab', { name: 'Inefficient' })).toHaveAttribute('aria-selected', 'true')
  const before = await total(page)
  const users = page.getByRole('group', { name: 'User' })
  const first = users.getByRole('checkbox').first()
  const name = await first.evaluate((box) => (box as HTMLInputElement).labels?.[0]?.textContent ?? '')
  // The box is ticked once the address has changed: the list state lives there.
  await first.click()
  await expect(page).toHaveURL(/userName=/)
  await expect(first).toBeChecked()
  await expect.poll(() => total(page)).toBeLessThanOrEqual(before)
  const userName = name.trim().replace(/ \(\d+\)$/, '')
  await expect.poll(async () => [...new Set(await columnValues(page, 'User'))]).toEqual([userName])
  await page.reload()
  await expect(page.getByRole('group', { name: 'User' }).getByRole('checkbox').first()).toBeChecked()
})

test('a query opens on its details with the six tabs and its metrics in ms (R145, B145)', async ({
  page,
}) => {
  await openQueries(page)
  const link = bodyRows(page).first().getByRole('link').first()
  const id = (await link.innerText()).trim()
  await link.click()
  await expect(page).toHaveURL(new RegExp(`/query/${id}/details`))
  await expect(page.getByRole('heading', { name: id })).toBeVisible()
  await expect(page.getByRole('tab')).toHaveCount(6)
  await page.getByRole('tab', { name: 'Metrics' }).click()
  await expect(page.getByRole('table', { name: 'Time metrics (ms)' })).toContainText('Queued overload')
  await page.getByRole('tab', { name: /Insights/ }).click()
  await expect(page.getByText(/Estimated saving \$ [\d,]+\.\d{4} \/ month/).first()).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})

test('two queries ticked in the list are compared side by side, and the selection clears (B260-B264)', async ({
  page,
}) => {
  await openQueries(page)
  const boxes = bodyRows(page).getByRole('checkbox')
  await boxes.nth(0).click()
  await boxes.nth(1).click()
  await expect(boxes.nth(1)).toBeChecked()
  await expect(boxes.nth(2)).toBeDisabled()
  const ids = await bodyRows(page)
    .locator('a')
    .evaluateAll((links) => links.slice(0, 2).map((a) => a.textContent?.trim()))
  const panel = page.getByRole('complementary', { name: 'Compare Queries' })
  await panel.hover()
  await panel.getByRole('button', { name: 'Compare', exact: true }).click()
  await expect(page).toHaveURL(`/query/compare?ids=${ids.join(',')}`)
  const compared = page.getByRole('table', { name: 'Compared queries' })
  for (const id of ids) await expect(compared.getByRole('link', { name: id! })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await expect(page.getByRole('complementary', { name: 'Compare Queries' })).toHaveCount(0)
})

test('the filtered list downloads as CSV, every row, cost and credits to 4 decimals (B113, 03 §9)', async ({
  page,
}) => {
  await openQueries(page, '?dateRangeLabel=7_d&tab=all&status=F')
  const count = await total(page)
  expect(count).toBeGreaterThan(0)
  await page.getByRole('button', { name: /^Download / }).click()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^all_snowflake_queries_.*\.csv$/)
  const lines = fs
    .readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n')
  expect(lines[0]).toBe('Query,Status,Cost (USD),Credits,Duration,Insights,User,Warehouse,Start Time (UTC)')
  expect(lines).toHaveLength(count + 1)
  for (const line of lines.slice(1)) expect(line).toMatch(/^[^,]+,Failed,\d+\.\d{4},\d+\.\d{4},\d+,/)
})

test('a warehouse opens from the list on the same window, and its queries open from there (R142, R143)', async ({
  page,
}) => {
  await page.goto('/login')
  await signIn(page, 'snowflake', 'snowflake')
  await expect(page).not.toHaveURL(/\/login/)
  await page.goto('/warehouse/list?dateRangeLabel=7_d')
  const first = page.getByRole('table', { name: 'Warehouses' }).locator('tbody tr').first().getByRole('link')
  const name = (await first.innerText()).trim()
  await first.click()
  await expect(page).toHaveURL(/\/warehouse\/.+\/details\?dateRangeLabel=7_d$/)
  await expect(page.getByRole('heading', { name })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Warehouse usage' })).toContainText(/\$ [\d,]+\.\d{4}/)
  await page.getByRole('link', { name: 'Show its queries' }).click()
  await expect(page).toHaveURL(/\/query\/list\?.*tab=all&warehouseUid=/)
  await expect(bodyRows(page).first()).toBeVisible()
  // The Warehouse column waits in the column chooser at 1440 px (issue 16 column priorities).
  await page.getByRole('button', { name: /Choose the columns/ }).click()
  await page.getByRole('checkbox', { name: 'Warehouse', exact: true }).check()
  await page.keyboard.press('Escape')
  await expect.poll(async () => [...new Set(await columnValues(page, 'Warehouse'))]).toEqual([name])
})

test('the cost overview totals match the cost by user for the same window (R122, R123)', async ({ page }) => {
  await page.goto('/login')
  await signIn(page, 'snowflake', 'snowflake')
  await expect(page).not.toHaveURL(/\/login/)
  await page.goto('/cost/osd_cost_overview?dateRangeLabel=30_d')
  const overview = page.getByRole('region', { name: 'Cost totals' })
  await expect(overview).toContainText(/\$ [\d,]+\.\d{4}/)
  const cost = (await overview.locator('dd').first().innerText()).trim()
  await page
    .getByRole('tab', { name: 'Users' })
    .or(page.getByRole('link', { name: 'Users' }))
    .first()
    .click()
  await expect(page).toHaveURL(/\/cost\/osd_cost_users/)
  await page.goto('/cost/osd_cost_users?dateRangeLabel=30_d')
  await expect(page.getByRole('region', { name: 'Cost totals' }).locator('dd').first()).toHaveText(cost)
  await expect(page.getByRole('table', { name: 'Cost by user' }).locator('tbody tr').first()).toBeVisible()
})

test('sfuser (role user) lands on the Snowflake home, works the query list and details, and has no admin page (03 §6)', async ({
  page,
}) => {
  await page.goto('/login')
  await signIn(page, 'sfuser', 'sfuser')
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByRole('region', { name: 'Last 7 days', exact: true })).toContainText(
    /\$ [\d,]+\.\d{4}/,
  )
  await page.goto('/query/list?dateRangeLabel=7_d')
  await expect(bodyRows(page).first()).toBeVisible()
  const link = bodyRows(page).first().getByRole('link').first()
  const id = (await link.innerText()).trim()
  await link.click()
  await expect(page.getByRole('heading', { name: id })).toBeVisible()
  // The OpenSearch dashboards are admin only: not offered, and not found when typed in.
  await page.goto('/os_dashboard')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
})
