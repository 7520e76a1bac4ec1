import { expect, test, type Page } from '@playwright/test'
import { openSignedIn, seriousViolations } from './helpers.ts'

/**
 * The Databricks insights pages (issue 20: /jobs/insights, /jobs/insights/:jobName/actions) on the
 * seeded small scale, as the databricks persona uses them: the jobs by untapped savings, the top job's
 * actions keeping the list's range, and an action marked done and reopened.
 */

const jobsTable = (page: Page) => page.getByRole('table', { name: 'Databricks jobs with insights' })

test('the insights list: savings KPIs, jobs by untapped savings, a job opens its actions', async ({
  page,
}) => {
  await openSignedIn(page, 'databricks', '/jobs/insights?dateRangeLabel=90_d')
  const kpis = page.getByRole('list', { name: 'Key figures' })
  await expect(kpis).toContainText('Untapped savings (USD)$')
  await expect(kpis).toContainText('Realised savings (USD)$')
  const rows = jobsTable(page).locator('tbody tr')
  await expect(rows.first()).toBeVisible()
  const first = rows.first().getByRole('link')
  const jobName = (await first.textContent())!.trim()
  await first.click()
  await expect(page).toHaveURL(/\/jobs\/insights\/.+\/actions\?.*dateRangeLabel=90_d/)
  await expect(page.getByRole('heading', { level: 1, name: jobName, exact: true })).toBeVisible()
  await expect(page.getByRole('tab', { name: /Remediation/ })).toHaveAttribute('aria-selected', 'true')
  expect(await seriousViolations(page)).toEqual([])
})

test('an action marked done moves to the done tab, and reopens', async ({ page }) => {
  // Two writes, four loads and an accessibility scan: more than the default 30 s on a loaded machine.
  test.setTimeout(60_000)
  await openSignedIn(page, 'databricks', '/jobs/insights?dateRangeLabel=30_d')
  await jobsTable(page).locator('tbody tr').first().getByRole('link').click()
  const actions = page.getByRole('table', { name: /^Insight actions of / })
  const firstRow = actions.locator('tbody tr').first()
  await expect(firstRow).toBeVisible()
  const insight = (await firstRow.locator('td').first().locator('p').first().textContent())!.trim()
  await firstRow.getByRole('button', { name: /^Mark done/ }).click()
  await page.getByRole('tab', { name: /Done/ }).click()
  const doneRow = actions.locator('tbody tr', { hasText: insight }).first()
  await expect(doneRow).toContainText('Done')
  await expect(doneRow).toContainText('by databricks')
  await doneRow.getByRole('button', { name: /^Reopen/ }).click()
  await page.getByRole('tab', { name: /Remediation/ }).click()
  await expect(actions.locator('tbody tr', { hasText: insight }).first()).toContainText('Open')
  expect(await seriousViolations(page)).toEqual([])
})
