import { expect, test } from '@playwright/test'
import { openSignedIn, seriousViolations, signIn } from './helpers.ts'

/**
 * Kubernetes (issue 23) against the seeded small scale, as the k8s persona: signing in lands on Top X
 * (R216), whose namespaces rank by cost with idle cost beside them; the costliest namespace opens its
 * usage trend (R217) over the same window; grouping by workload asks again.
 */
test('the k8s persona lands on Top X: namespaces by cost, idle cost, then workloads', async ({ page }) => {
  await page.goto('/login')
  await signIn(page, 'k8s', 'k8s')
  await expect(page).toHaveURL(/\/kubernetes\/osd_topx/)
  await expect(page.getByRole('heading', { level: 1, name: 'Top X' })).toBeVisible()
  const totals = page.getByRole('region', { name: 'Totals of the window' })
  await expect(totals).toContainText(/Idle \(USD\)\$ [\d,]+\.\d{4}/)
  const table = page.getByRole('table', { name: /^Top \d+ by cost$/ })
  await expect(table.locator('tbody tr').first()).toBeVisible()
  expect(await table.locator('tbody tr').count()).toBeGreaterThan(3)
  expect(await seriousViolations(page)).toEqual([])
  // The costliest namespace's trend: its cost per day over the same window, drawn alone.
  const first = table.locator('tbody tr').first().getByRole('link')
  const namespace = (await first.textContent())!
  await first.click()
  await expect(page).toHaveURL(/\/kubernetes\/osd_usage_trends\?.*values=/)
  await expect(page.getByRole('heading', { level: 1, name: 'Usage Trends' })).toBeVisible()
  const groups = page.getByRole('table', { name: 'Every namespace of the window' })
  await expect(groups.locator('tbody tr').filter({ hasText: namespace }).first()).toContainText('Yes')
  await expect(page.getByRole('figure', { name: /Cost per day \(USD\)/ })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.goBack()
  await page.getByRole('combobox', { name: 'Group by' }).click()
  await page.getByRole('option', { name: 'Workload', exact: true }).click()
  await expect(page).toHaveURL(/groupBy=workload/)
  await expect(table.getByRole('columnheader', { name: /^Workload/ })).toBeVisible()
})

/**
 * App metrics (R218): the workloads by cost with their requests against usage and a right-sizing
 * recommendation; a workload opens its requests and usage per day.
 */
test('app metrics recommend requests and show a workload per day', async ({ page }) => {
  await openSignedIn(page, 'k8s', '/kubernetes/osd_app_metrics')
  await expect(page.getByRole('heading', { level: 1, name: 'App Metrics' })).toBeVisible()
  const totals = page.getByRole('region', { name: 'Totals of the matching applications' })
  await expect(totals).toContainText(/Potential saving \(USD\)\$ [\d,]+\.\d{4}/)
  const table = page.getByRole('table', { name: 'Applications by request and usage' })
  await expect(table.locator('tbody tr').first()).toBeVisible()
  // Some workload asks for more than its peak needs: lower, to the recommended request.
  await expect(
    table
      .locator('tbody tr')
      .filter({ hasText: /Lower(CPU|Mem) → [\d,]+ (m|MiB)/ })
      .first(),
  ).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await table.locator('tbody tr').first().getByRole('button').click()
  const drawer = page.getByRole('dialog', { name: /requests and usage$/ })
  await expect(drawer.getByRole('figure', { name: /CPU requested and used per day \(cores\)/ })).toBeVisible()
  await expect(drawer).toContainText(/CPU recommendation: (lower to|raise to|keep: ) ?[\d,]+ m/)
})

/** Logs (R219): the newest lines of the last 24 hours, narrowed to ERROR from the filter panel. */
test('logs filtered by level ERROR show only errors, newest first', async ({ page }) => {
  await openSignedIn(page, 'k8s', '/kubernetes/osd_logs')
  await expect(page.getByRole('heading', { level: 1, name: 'Logs' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Log lines' })
  await expect(table.locator('tbody tr').first()).toBeVisible()
  await page.getByRole('checkbox', { name: 'ERROR' }).click()
  await expect(page).toHaveURL(/levels=ERROR/)
  await expect(page.getByText(/^[\d,]+ lines match\./)).toBeVisible()
  const rows = table.locator('tbody tr')
  await expect(rows.first()).toContainText('ERROR')
  const levels = await rows.locator('td:nth-child(2)').allTextContents()
  expect(levels.length).toBeGreaterThan(0)
  expect(new Set(levels)).toEqual(new Set(['ERROR']))
  expect(await seriousViolations(page)).toEqual([])
})

/**
 * The Kubernetes Spark applications (issue 23) in the applications list every platform shares: over
 * the last 7 days the Jobs tab lists the spark-jobs namespace's runs, and one opens its details.
 */
test('the k8s persona finds its Spark applications in the Jobs tab and opens one', async ({ page }) => {
  await openSignedIn(page, 'k8s', '/jobs/applications?dateRangeLabel=7_d')
  const table = page.getByRole('table', { name: /^All applications/ })
  const rows = table.locator('tbody tr')
  await expect(rows.first()).toContainText('spark-jobs')
  await expect(rows.first()).toContainText(/spark-[0-9a-f]{32}/)
  expect(await seriousViolations(page)).toEqual([])
  const link = rows.first().getByRole('link').first()
  const name = (await link.textContent())!.trim()
  await link.click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText('k8s-prod-eks (K8S)')).toBeVisible()
})
