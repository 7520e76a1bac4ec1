import { expect, test, type Page } from '@playwright/test'
import { openSignedIn, seriousViolations, signIn, sortDescending } from './helpers.ts'

/**
 * The BigQuery /data page (R159, issue 19) against the seeded small scale, as the bigquery admin uses
 * it: the tables sorted by the bytes the last 30 days' jobs scanned, the first opened with its storage
 * and the jobs that read it, and one of those jobs' details.
 */

const tables = (page: Page) => page.getByRole('table', { name: 'BigQuery tables' })
const tableRows = (page: Page) => tables(page).locator('tbody tr')

test('the admin sorts the tables by bytes scanned, opens the first, sees the jobs that read it and opens one (R159, R157)', async ({
  page,
}) => {
  // Three screens and two accessibility checks.
  test.slow()
  await page.goto('/login')
  await signIn(page, 'bigquery', 'bigquery')
  await expect(page).toHaveURL(/\/os_dashboard/)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Data' }).click()
  await expect(page).toHaveURL(/\/data$/)
  await expect(tableRows(page).first()).toBeVisible()
  await expect(page.getByRole('table', { name: 'Datasets' })).toBeVisible()

  const header = tables(page)
    .getByRole('columnheader', { name: /Bytes scanned/ })
    .getByRole('button')
  const sorted = page.waitForResponse(
    (response) =>
      response.url().includes('/api/v1/bigquery/data/tables?') &&
      response.url().includes('sort=bytesScanned-desc'),
  )
  await sortDescending(page, header, 'sort=bytesScanned')
  // The first row of the sorted answer, once the table shows it (not the unsorted rows still on
  // screen while it re-renders: CI once clicked those).
  const tableId = ((await (await sorted).json()) as { results: { tableId: string }[] }).results[0]!.tableId
  expect(tableId).toMatch(/^[\w-]+\.\w+\.\w+$/)
  const first = tableRows(page).first().getByRole('button')
  await expect(first).toHaveText(tableId)
  expect(await seriousViolations(page)).toEqual([])

  await first.click()
  await expect(page).toHaveURL(new RegExp(`table=${tableId.replaceAll('.', '\\.')}`))
  const drawer = page.getByRole('dialog')
  await expect(drawer.getByText(tableId)).toBeVisible()
  await expect(drawer.getByText('Storage cost / month')).toBeVisible()
  const jobs = drawer.getByRole('table', { name: 'Jobs that read this table' })
  const jobLink = jobs.locator('tbody tr').first().getByRole('link')
  await expect(jobLink).toBeVisible()
  const jobId = (await jobLink.textContent())!.trim()
  expect(await seriousViolations(page)).toEqual([])

  await jobLink.click()
  await expect(page).toHaveURL(new RegExp(`/job/${jobId}/details`))
  await expect(page.getByText(jobId).first()).toBeVisible()
})

test('a reload keeps the tables list’s sort and page size; the data calls need a token (R159)', async ({
  page,
  request,
}) => {
  await openSignedIn(page, 'bigquery', '/data?sort=jobCount-desc&pageSize=25')
  await expect(tableRows(page).first()).toBeVisible()
  await page.reload()
  await expect(page).toHaveURL(/sort=jobCount-desc/)
  await expect(tables(page).getByRole('columnheader', { name: /Jobs reading/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
  const unauthenticated = await request.get('/api/v1/bigquery/data/tables')
  expect(unauthenticated.status()).toBe(401)
})
