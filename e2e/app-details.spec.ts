import { expect, test } from '@playwright/test'
import { openSignedIn, seriousViolations, sortDescending } from './helpers.ts'

/**
 * Issue 17's journey: the most expensive failed Spark app of the last 7 days, from the application
 * list to its failure category and the error that caused it, on the seeded small scale.
 */
test('the most expensive failed Spark app of the last 7 days → its failure category and the error that caused it', async ({
  page,
}) => {
  await openSignedIn(
    page,
    'admin',
    '/jobs/applications?appListType=finished&appType=spark&dateRangeLabel=7_d&status=F',
  )
  const table = page.getByRole('table', { name: /applications$/ })
  const rows = table.locator('tbody tr[data-status]')
  await expect(rows.first()).toHaveAttribute('data-status', 'error')

  // Cost descending (a click landing while the table redraws is clicked again: sortDescending).
  await sortDescending(page, table.getByRole('button', { name: 'Cost' }), 's=cents')
  await expect(table.getByRole('columnheader', { name: /Cost/ })).toHaveAttribute('aria-sort', 'descending')
  await expect(rows.first()).toHaveAttribute('data-status', 'error')
  // The descending answer itself, not the ascending one still shown while it loads: the name read
  // below must be the row the click opens.
  await expect(table).toHaveAttribute('aria-busy', 'false')

  // The first row's name opens its details, addressed by its id and cluster.
  const link = rows.first().getByRole('link').first()
  const name = (await link.innerText()).trim()
  await link.click()
  await expect(page).toHaveURL(/\/app\/application\/spark\?execId=application_\d+_\d+&clusterUid=/)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText('failed', { exact: true }).first()).toBeVisible()

  await page.getByRole('tab', { name: 'Errors' }).click()
  await expect(page).toHaveURL(/tab=errors/)
  await expect(page.getByText('Failure category')).toBeVisible()
  await expect(page.getByText(/^(Memory|Shuffle|User code)$/)).toBeVisible()
  await expect(page.getByText('Root cause')).toBeVisible()
  const rootCause = page.getByRole('article').first()
  await expect(rootCause).toContainText(/stage \d+/)
  expect(await seriousViolations(page)).toEqual([])
})
