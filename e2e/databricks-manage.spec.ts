import { expect, test, type Page } from '@playwright/test'
import { openSignedIn, seriousViolations, signIn } from './helpers.ts'

/**
 * Databricks workspaces and billing (/manage/workspaces, /manage/billing; issue 20) as the databricks
 * persona (admin, billing enabled) uses them: add a workspace with the workspace form, be refused a
 * second one with the same Workspace ID (the spec's message), delete it again; read the billing
 * contract with its expiry warning. axe checks each screen on the way.
 */

async function signInAsDatabricks(page: Page) {
  await page.goto('/login')
  await signIn(page, 'databricks', 'databricks')
  await expect(page).not.toHaveURL(/\/login/)
}

const WORKSPACE_ID = '9000000000000001'

async function fillWorkspace(page: Page, name: string) {
  const form = page.getByRole('form', { name: 'Add workspace' })
  await form.getByRole('textbox', { name: /Workspace ID/ }).fill(WORKSPACE_ID)
  await form.getByRole('textbox', { name: /Workspace Name/ }).fill(name)
  await form
    .getByRole('textbox', { name: /Instance\(Region\) URL/ })
    .fill('https://dbc-90000000-0001.cloud.databricks.com')
  await form.getByLabel('Token', { exact: true }).fill('dapi-e2e-not-a-real-token')
  await form.getByRole('textbox', { name: /Databricks account id/ }).fill('acct-e2e')
  await form.getByRole('combobox', { name: /^Region/ }).click()
  await page.getByRole('option', { name: 'us-west-2' }).click()
  return form
}

test('a workspace created with a Workspace ID that exists is refused with the spec’s message', async ({
  page,
}) => {
  await openSignedIn(page, 'databricks', '/manage/workspaces')
  await expect(page.getByRole('heading', { name: 'Workspaces', exact: true })).toBeVisible()
  const table = page.getByRole('table', { name: 'Databricks workspaces' })
  await expect(table).toBeVisible()

  await page.getByRole('button', { name: 'Add workspace' }).click()
  const form = await fillWorkspace(page, 'e2e-workspace')
  expect(await seriousViolations(page)).toEqual([])
  await form.getByRole('button', { name: 'Add workspace' }).click()
  await expect(form).toBeHidden()
  const row = table.getByRole('row').filter({ hasText: 'e2e-workspace' })
  await expect(row).toContainText(WORKSPACE_ID)
  // The token is never shown back: only that one is stored.
  await expect(row).toContainText('Personal access token (stored)')
  await expect(page.getByText('dapi-e2e-not-a-real-token')).toHaveCount(0)

  await page.getByRole('button', { name: 'Add workspace' }).click()
  const again = await fillWorkspace(page, 'e2e-workspace-again')
  await again.getByRole('button', { name: 'Add workspace' }).click()
  await expect(again.getByText('This Workspace Id already exists, please provide another')).toBeVisible()
  await again.getByRole('button', { name: 'Cancel' }).click()

  // Leave the data as it was for the other journeys.
  await page.getByRole('button', { name: 'Delete the workspace e2e-workspace' }).click()
  await page.getByRole('dialog', { name: 'Delete workspace' }).getByRole('button', { name: 'Delete' }).click()
  await expect(table.getByRole('row').filter({ hasText: 'e2e-workspace' })).toHaveCount(0)
})

test('billing shows the contract and, within 30 days of its end, the expiry warning', async ({ page }) => {
  await signInAsDatabricks(page)
  const answer = page.waitForResponse((r) => r.url().includes('/databricks/billing?'))
  await page.goto('/manage/billing')
  await expect(page.getByRole('heading', { name: 'Billing', exact: true })).toBeVisible()
  const response = await answer
  // This month by default: the range starts on the 1st, so from is the 16th (start + 15 days).
  expect(new URL(response.url()).searchParams.get('from')).toMatch(/^\d{4}-\d{2}-16$/)
  if (response.status() === 404) {
    // The seed holds no billing contract: the spec's empty state.
    await expect(page.getByText('Billing data not available')).toBeVisible()
  } else {
    const billing = (await response.json()) as { daysLeft: number }
    await expect(page.getByRole('region', { name: 'Billing contract' })).toContainText('Starting credit')
    await expect(page.getByRole('table', { name: 'Consumption by workload type' })).toContainText(
      'Jobs Compute',
    )
    const warning = page.getByText(/The Billing Contract will expire in \d+ days; contact the sales team\./)
    await expect(warning).toHaveCount(billing.daysLeft <= 30 ? 1 : 0)
  }
  expect(await seriousViolations(page)).toEqual([])
})

test('billing of a contract ending in 25 days warns with the contact-sales hint', async ({ page }) => {
  await signInAsDatabricks(page)
  // The seed's contract may end later: this journey answers the billing call with one that ends soon.
  const now = Date.now()
  const month = new Date(now).toISOString().slice(0, 7)
  await page.route('**/databricks/billing?**', (route) =>
    route.fulfill({
      json: {
        plan: 'Commit plan',
        startDate: now - 340 * 86_400_000,
        endDate: now + 25 * 86_400_000,
        daysLeft: 25,
        startingCredit: 250_000,
        consumed: 12_345.67,
        balance: 237_654.33,
        monthlyThreshold: 30_000,
        outstandingAmount: 0,
        from: Date.parse(`${month}-01T00:00:00Z`),
        to: now,
        months: [{ month, dbus: 40_000, cost: 12_345.67, aboveThreshold: false }],
        workloads: [
          {
            month,
            sku: 'JOBS_LIGHT_COMPUTE',
            workloadType: 'Jobs Light Compute',
            dbus: 0,
            costPerUnit: 0,
            cost: 0,
            instanceHours: 0,
          },
          {
            month,
            sku: 'JOBS_COMPUTE',
            workloadType: 'Jobs Compute',
            dbus: 30_000,
            costPerUnit: 0.15,
            cost: 4500,
            instanceHours: 900,
          },
          {
            month,
            sku: 'ALL_PURPOSE_COMPUTE',
            workloadType: 'All Purpose Compute',
            dbus: 10_000,
            costPerUnit: 0.55,
            cost: 7845.67,
            instanceHours: 300,
          },
        ],
      },
    }),
  )
  await page.goto('/manage/billing')
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'The Billing Contract will expire in 25 days; contact the sales team.' }),
  ).toBeVisible()
  await expect(page.getByRole('region', { name: 'Billing contract' })).toContainText('$ 237,654.33')
  expect(await seriousViolations(page)).toEqual([])
})
