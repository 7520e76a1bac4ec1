import { expect, test, type Page } from '@playwright/test'
import { openSignedIn, seriousViolations, sortDescending } from './helpers.ts'

/**
 * The Databricks jobs and job runs lists (02 §2, issue 20) on the seeded data, as the databricks
 * persona uses them: from the jobs of the last 7 days to the costliest job, then its runs.
 */

const jobsTable = (page: Page) => page.getByRole('table', { name: 'Databricks jobs' })
const runsTable = (page: Page) => page.getByRole('table', { name: /Databricks job runs$/ })
const bodyRows = (table: ReturnType<typeof jobsTable>) => table.locator('tbody tr')

test('databricks: the costliest job of the last 7 days, then its runs, each linking to its details', async ({
  page,
}) => {
  await openSignedIn(page, 'databricks', '/jobs/jobs?dateRangeLabel=7_d')
  await expect(bodyRows(jobsTable(page)).first()).toBeVisible()

  const sorted = page.waitForResponse(
    (r) =>
      r.url().includes('/databricks/jobs') &&
      (r.request().postData() ?? '').includes('"sort":"totalCost"') &&
      (r.request().postData() ?? '').includes('"order":"desc"'),
  )
  const header = jobsTable(page)
    .getByRole('columnheader', { name: /Total cost/ })
    .getByRole('button')
  await sortDescending(page, header, 's=totalCost')
  // The costliest job of the sorted answer, once the table shows it (not a row of the answer before).
  const jobName = ((await (await sorted).json()) as { results: { jobName: string }[] }).results[0]!.jobName
  const link = bodyRows(jobsTable(page)).first().getByRole('link').first()
  await expect(link).toHaveText(jobName)
  await link.click()

  await expect(page).toHaveURL(/\/jobs\/runs\?jobIds=\d+/)
  // The job's runs, once they replace whatever the list showed first.
  await expect(bodyRows(runsTable(page)).first()).toContainText(jobName)
  for (const text of await bodyRows(runsTable(page)).allTextContents()) expect(text).toContain(jobName)
  const runLink = bodyRows(runsTable(page)).first().getByRole('link').first()
  await expect(runLink).toHaveAttribute('href', /^\/app\/application\/db\?execId=\d+_\d+_\d+$/)
  expect(await seriousViolations(page)).toEqual([])
})
