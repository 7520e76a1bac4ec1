import fs from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { openSignedIn } from './helpers.ts'

/**
 * The application list (02 §2) against the seeded small scale: filtering, paging, sorting, the
 * address round trip and the CSV download, as an operator would use them.
 */

/**
 * The small scale holds ~100 apps a day, most in working hours: the default last hour can be empty
 * at night, so journeys that need rows name a wider range.
 */
async function openApplications(page: Page, query = '', user = 'admin') {
  await openSignedIn(page, user, `/jobs/applications${query}`)
  await expect(page.getByRole('table', { name: /applications$/ })).toBeVisible()
  // The rows of the first answer, so totals read next are not the empty table of the first paint.
  await expect(page.locator('tbody tr[data-status]').first()).toBeVisible()
}

const table = (page: Page) => page.getByRole('table', { name: /applications$/ })
const bodyRows = (page: Page) => table(page).locator('tbody tr[data-status]')
/** The cells of one column, found by its heading: which columns show depends on the width (column priorities). */
const columnTexts = (page: Page, heading: string) =>
  table(page).evaluate((t, name) => {
    const at = Array.from(t.querySelectorAll('thead th')).findIndex((th) =>
      th.textContent?.trim().startsWith(name),
    )
    return Array.from(t.querySelectorAll('tbody tr[data-status]')).map(
      (r) => r.querySelectorAll('td')[at]?.textContent,
    )
  }, heading)
const total = async (page: Page) =>
  Number((await page.getByText(/^[\d,]+ records?$/).innerText()).split(' ')[0]!.replace(/,/g, ''))

test('the running list shows only running apps and says the date range does not apply (B173)', async ({
  page,
}) => {
  await openApplications(page, '?dateRangeLabel=7_d')
  await page.getByRole('tab', { name: 'Running' }).click()
  await expect(page).toHaveURL(/appListType=running/)
  // The previous tab's rows may show until the running list answers: wait until none is left.
  await expect(bodyRows(page).and(page.locator(':not([data-status="running"])'))).toHaveCount(0)
  await expect(bodyRows(page).first()).toHaveAttribute('data-status', 'running')
  await expect(table(page)).toHaveAttribute('aria-busy', 'false')
  for (const status of await bodyRows(page).evaluateAll((rows) =>
    rows.map((r) => r.getAttribute('data-status')),
  ))
    expect(status).toBe('running')
  await expect(page.getByText('Running now: the date range does not apply')).toBeVisible()
})

test('a queue filter narrows the list, is kept in the address and survives a reload (B030, B033)', async ({
  page,
}) => {
  await openApplications(page, '?dateRangeLabel=7_d')
  const before = await total(page)
  // The list state lives in the address: the box is ticked once the address has changed.
  await page.getByRole('checkbox', { name: 'root.etl', exact: true }).click()
  await expect(page).toHaveURL(/queue=root\.etl/)
  await expect.poll(() => total(page)).toBeLessThan(before)
  const queues = () => columnTexts(page, 'Queue')
  await expect.poll(async () => [...new Set(await queues())]).toEqual(['root.etl'])
  const filtered = await total(page)
  await page.reload()
  await expect(page.getByRole('checkbox', { name: 'root.etl', exact: true })).toBeChecked()
  await expect.poll(() => total(page)).toBe(filtered)
})

test('sorting by user and paging go to the server and into the address (B102, B099)', async ({ page }) => {
  await openApplications(page, '?dateRangeLabel=7_d')
  await table(page).getByRole('button', { name: 'User' }).click()
  await expect(page).toHaveURL(/s=user-asc/)
  await expect(table(page).getByRole('columnheader', { name: /User/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )
  const users = () =>
    bodyRows(page).evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[2]?.textContent ?? ''))
  // The first page of a user sort starts with the alphabetically first user and stays in order.
  await expect.poll(async () => (await users())[0]).toBe('airflow')
  const page1 = await users()
  expect(page1).toEqual([...page1].sort())
  const firstId = await bodyRows(page).first().innerText()
  await page.getByRole('button', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByRole('textbox', { name: /^Page of/ })).toHaveValue('2')
  await expect(bodyRows(page).first()).not.toHaveText(firstId)
})

test('a preset range from the picker refetches and is written as its label (B062, B067)', async ({
  page,
}) => {
  await openApplications(page, '?queue=root.etl&dateRangeLabel=7_d')
  await page.getByRole('button', { name: /^Date range:/ }).click()
  await page.getByRole('button', { name: 'Last 30 Days' }).click()
  // A new range resets the filters (B067).
  await expect(page).toHaveURL(/\?dateRangeLabel=30_d$/)
  await expect.poll(() => total(page)).toBeGreaterThan(100)
})

test('downloads the filtered list as CSV with the list columns (B113)', async ({ page }) => {
  await openApplications(page, '?appListType=finished&dateRangeLabel=7_d&status=F')
  const count = await total(page)
  expect(count).toBeGreaterThan(0)
  await page.getByRole('button', { name: /^Download / }).click()
  await page.getByRole('menuitemradio', { name: 'All columns' }).click()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(
    /^applications_finished_\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d_filtered\.csv$/,
  )
  const lines = fs
    .readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n')
  expect(lines[0]).toBe(
    'Type,Status,User,App ID,App Name,Insights,Cluster,Start Time (UTC),End Time (UTC),Duration (s),Queue,Read (bytes),Write (bytes),Parent App,Events,Cost (USD)',
  )
  expect(lines).toHaveLength(count + 1)
  expect(lines.slice(1).every((l) => l.split(',')[1] === 'failed')).toBe(true)
})

test('a freemium user sees the inefficient tab and downloads locked, with the upgrade hint (B058, B059)', async ({
  page,
}) => {
  await openApplications(page, '?dateRangeLabel=7_d', 'trial')
  await expect(page.getByRole('tab', { name: /Inefficient/ })).toBeDisabled()
  await expect(page.getByRole('button', { name: /^Download .*Upgrade/ })).toBeVisible()
  await expect(page.getByText(/Upgrade to unlock/).first()).toBeVisible()
})
