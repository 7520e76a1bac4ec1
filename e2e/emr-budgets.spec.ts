import { expect, test, type Page } from '@playwright/test'
import { openSignedIn, seriousViolations, signIn } from './helpers.ts'

/**
 * The EMR cost pages (03 §2 Budgets, 02 §3 Trend item) against the seeded small scale, as the EMR
 * persona uses them: land on the cost trends, create a budget close enough to this month's spend to
 * be At Risk, find it in the list, open its details. axe checks each screen on the way.
 */

async function signInAsEmr(page: Page) {
  await page.goto('/login')
  await signIn(page, 'emr', 'emr')
  await expect(page).not.toHaveURL(/\/login/)
}

// EMR dollars as the format module writes them: '$ 1,234.57'.
const dollars = (text: string) => Number(/\$\s?([\d,]+\.\d{2})/.exec(text)![1]!.replace(/,/g, ''))

test('the EMR persona lands on the cost trends, kept in the address', async ({ page }) => {
  // Axe passes and a reload: on the shared 2 cores more than the default 30 s.
  test.slow()
  await signInAsEmr(page)
  await expect(page).toHaveURL(/\/cost\/trends/)
  const trends = page.getByRole('list', { name: 'Trends' })
  await expect(trends.getByRole('listitem')).toHaveCount(1)
  await expect(trends).toContainText('1. All EMR clusters')
  await expect(
    page.getByRole('table', { name: 'Cost by day: All EMR clusters' }).locator('tbody tr').first(),
  ).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await page.getByText('14 days', { exact: true }).click()
  await expect(page).toHaveURL(/days=14/)
  await page.reload()
  await expect(page.getByRole('radio', { name: '14 days' })).toBeChecked()
})

test('a budget created just above this month’s spend is At Risk, in the list and in its details', async ({
  page,
}) => {
  test.slow()
  await openSignedIn(page, 'emr', '/cost/budget')
  const table = page.getByRole('table', { name: 'Budgets' })
  const all = table
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: 'All EMR clusters', exact: true }) })
  await expect(all).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // Just above the spend so far: not Exceeded, and the forecast to the month end passes 80 % of it.
  const spend = dollars(await all.getByRole('cell').nth(3).innerText())
  expect(spend).toBeGreaterThan(0)
  const amount = (Math.ceil(spend * 1.05 * 100) / 100).toFixed(2)

  await page.getByRole('button', { name: 'Create budget' }).click()
  const form = page.getByRole('form', { name: 'Create budget' })
  await form.getByRole('textbox', { name: /Budget name/ }).fill('E2E month at risk')
  await form.getByRole('textbox', { name: /Amount a month/ }).fill(amount)
  expect(await seriousViolations(page)).toEqual([])
  await form.getByRole('button', { name: 'Create budget' }).click()
  await expect(form).toBeHidden()

  const created = table
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: 'E2E month at risk' }) })
  await expect(created).toContainText('At Risk')
  await expect(created).toContainText('All EMR clusters')

  await created.getByRole('link', { name: 'E2E month at risk' }).click()
  await expect(page).toHaveURL(/\/cost\/budget\/\d+\/details\/$/)
  const figures = page.getByRole('region', { name: 'Budget figures' })
  await expect(figures).toContainText('At Risk')
  await expect(figures).toContainText(
    `$ ${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  )
  await expect(page.getByRole('figure', { name: /against the budget$/ })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Cost by day' }).locator('tbody tr').first()).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // Back in the list, a name already taken is refused before anything is sent.
  await page.getByRole('link', { name: 'Budgets' }).first().click()
  await page.getByRole('button', { name: 'Create budget' }).click()
  await form.getByRole('textbox', { name: /Budget name/ }).fill('e2e month AT RISK')
  await form.getByRole('textbox', { name: /Amount a month/ }).fill('0')
  await form.getByRole('button', { name: 'Create budget' }).click()
  await expect(form.getByText('Budget name already exists.')).toBeVisible()
  await expect(form.getByText('Value cannot be zero.')).toBeVisible()
})

test('the AWS account settings list the seeded account without its secrets', async ({ page }) => {
  await openSignedIn(page, 'emr', '/manage/awsaccountsettings')
  const table = page.getByRole('table', { name: 'AWS accounts' })
  await expect(table).toContainText('analytics-prod')
  await expect(table).toContainText('arn:aws:iam::123456789012:role/costlens-reader')
  expect(await seriousViolations(page)).toEqual([])
})
