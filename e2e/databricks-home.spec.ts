import { expect, test, type Page } from '@playwright/test'
import { seriousViolations, signIn } from './helpers.ts'

/**
 * The Databricks home (/home, R178, the DB landing R229; issue 20 Done-when: "from home to the
 * costliest job, its runs, one run's details") on the seeded small scale, as the databricks persona,
 * and the free plan's home as freemium.
 */

const rowsOf = (page: Page, name: string) => page.getByRole('table', { name }).locator('tbody tr')

async function signInAs(page: Page, user: 'databricks' | 'freemium') {
  await page.goto('/login')
  await signIn(page, user, user)
  // The persona lands on its home.
  await expect(page).toHaveURL(/\/home$/)
}

test('databricks: from home to the costliest job, its runs, one run’s details', async ({ page }) => {
  const jobs = page.waitForResponse(
    (r) =>
      r.url().includes('/databricks/jobs') && (r.request().postData() ?? '').includes('"sort":"totalCost"'),
  )
  await signInAs(page, 'databricks')
  await expect(page.getByRole('heading', { name: 'Databricks at a glance' })).toBeVisible()
  const spend = page.getByRole('region', { name: 'Spend' })
  await expect(spend).toContainText(/Cost, last 7 days \(USD\)\$ [\d,]+\.\d\d/)
  await expect(spend).toContainText(/the 7 days before/)
  await expect(rowsOf(page, 'Top workspaces by cost, last 7 days').first()).toContainText(/\$ [\d,]+\.\d\d/)
  await expect(rowsOf(page, 'Top users by cost, last 7 days').first()).toBeVisible()
  await expect(rowsOf(page, 'Recent failed runs, last 7 days').first()).toBeVisible()
  // The savings of the same 7 days (E054): untapped and realised, each with its share of the cost.
  const savings = page.getByRole('region', { name: 'Savings' })
  await expect(savings.getByText('Untapped savings, last 7 days (USD)')).toBeVisible()
  await expect(savings.getByText('Realised savings, last 7 days (USD)')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // The costliest job is the first of the answer sorted by total cost.
  const costliest = ((await (await jobs).json()) as { results: { jobName: string }[] }).results[0]!.jobName
  const jobLink = rowsOf(page, 'Top jobs by cost, last 7 days').first().getByRole('link')
  await expect(jobLink).toHaveText(costliest)
  await jobLink.click()

  await expect(page).toHaveURL(/\/jobs\/runs\?jobIds=\d+&start_date=\d+&end_date=\d+/)
  const runs = rowsOf(page, 'Databricks job runs')
  await expect(runs.first()).toContainText(costliest)
  for (const text of await runs.allTextContents()) expect(text).toContain(costliest)
  const runLink = runs.first().getByRole('link').first()
  const href = await runLink.getAttribute('href')
  expect(href).toMatch(/^\/app\/application\/db\?execId=\d+_\d+_\d+$/)
  await runLink.click()
  await expect(page).toHaveURL(href!)
  await expect(page.getByRole('heading', { name: new RegExp(`^${costliest} · run \\d+$`) })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Key figures' }).first()).toContainText(/Total cost \(USD\)/)
})

test('databricks: a workspace opens its cost trend and a failed run its details', async ({ page }) => {
  await signInAs(page, 'databricks')
  const workspace = rowsOf(page, 'Top workspaces by cost, last 7 days').first().getByRole('link')
  const name = (await workspace.textContent())!
  await workspace.click()
  await expect(page).toHaveURL(/\/cost_explorer\/trends\?gte=.*type=workspaces&item=.*&selected=1/)
  await expect(page.getByRole('list', { name: 'Trends' })).toContainText(`1. ${name}`)

  await page.goBack()
  const failed = rowsOf(page, 'Recent failed runs, last 7 days').first().getByRole('link')
  await failed.click()
  await expect(page).toHaveURL(/\/app\/application\/db\?execId=\d+_\d+_\d+$/)
  await expect(page.getByRole('heading', { name: / · run \d+$/ })).toBeVisible()
})

test('freemium: the home of the last 7 days, the 30 days locked', async ({ page }) => {
  await signInAs(page, 'freemium')
  await expect(page.getByRole('region', { name: 'Spend' })).toContainText('The free plan keeps 7 days')
  await expect(page.getByRole('radio', { name: 'Last 30 days (upgrade)' })).toBeDisabled()
  await expect(rowsOf(page, 'Top jobs by cost, last 7 days').first()).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})
