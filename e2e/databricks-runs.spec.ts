import { expect, test, type Page } from '@playwright/test'
import { seriousViolations, signIn } from './helpers.ts'

/**
 * The Databricks jobs and job runs lists (02 §2, issue 20) on the seeded data, as the databricks
 * persona uses them: from the jobs of the last 7 days to the costliest job, then its runs. Until the
 * Databricks seed lands (HD1), db_runs is empty in seeded databases: the journey then skips, and is
 * re-enabled by the merge that brings the seed.
 */

const jobsTable = (page: Page) => page.getByRole('table', { name: 'Databricks jobs' })
const runsTable = (page: Page) => page.getByRole('table', { name: /Databricks job runs$/ })
const bodyRows = (table: ReturnType<typeof jobsTable>) => table.locator('tbody tr')

async function signInAsDatabricks(page: Page) {
  await page.goto('/login')
  await signIn(page, 'databricks', 'databricks')
}

test('databricks: the costliest job of the last 7 days, then its runs, each linking to its details', async ({
  page,
}) => {
  await signInAsDatabricks(page)
  await page.goto('/jobs/jobs?dateRangeLabel=7_d')
  const empty = page.getByText('No job ran in this window')
  await expect(jobsTable(page).or(empty).first()).toBeVisible()
  test.skip(await empty.isVisible(), 'no Databricks runs seeded yet (HD1 seed not merged)')

  const sorted = page.waitForResponse(
    (r) =>
      r.url().includes('/databricks/jobs') && (r.request().postData() ?? '').includes('"sort":"totalCost"'),
  )
  const header = jobsTable(page)
    .getByRole('columnheader', { name: /Total cost/ })
    .getByRole('button')
  await header.click()
  if (!/s=totalCost-desc/.test(page.url())) await header.click()
  await expect(page).toHaveURL(/s=totalCost-desc/)
  await sorted
  const first = bodyRows(jobsTable(page)).first()
  const link = first.getByRole('link').first()
  const jobName = (await link.textContent())!.trim()
  await link.click()

  await expect(page).toHaveURL(/\/jobs\/runs\?jobIds=\d+/)
  await expect(bodyRows(runsTable(page)).first()).toBeVisible()
  for (const text of await bodyRows(runsTable(page)).allTextContents()) expect(text).toContain(jobName)
  const runLink = bodyRows(runsTable(page)).first().getByRole('link').first()
  await expect(runLink).toHaveAttribute('href', /^\/app\/application\/db\?execId=\d+_\d+_\d+$/)
  expect(await seriousViolations(page)).toEqual([])
})
