import { expect, test } from '@playwright/test'
import { seriousViolations, signIn } from './helpers.ts'

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
