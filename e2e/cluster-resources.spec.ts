import { expect, test } from '@playwright/test'
import { openSignedIn } from './helpers.ts'

/** The cluster resources screen (R006): a group-by change redraws the usage by the new dimension. */
test('resources: changing the group-by to user shows usage by the first four users, kept in the address', async ({
  page,
}) => {
  // Seven days: the last hour of the small scale may hold apps of fewer than four users.
  await openSignedIn(page, 'admin', '/clusters/resources?dateRangeLabel=7_d')
  await expect(page.getByRole('heading', { name: 'Cluster resources' })).toBeVisible()
  const usage = page.getByRole('region', { name: /Usage by/ })
  await expect(usage.getByRole('heading', { name: 'Usage by application type' })).toBeVisible()

  await usage.getByRole('combobox', { name: 'Group by' }).click()
  await page.getByRole('option', { name: 'User' }).click()

  await expect(page).toHaveURL(/groupBy=user/)
  await expect(usage.getByRole('heading', { name: 'Usage by user' })).toBeVisible()
  await expect(usage.getByText('VCores by user').first()).toBeVisible()
  // B164: the first four values are chosen until the user picks others.
  await expect(usage.getByRole('checkbox', { checked: true })).toHaveCount(4)

  await page.reload()
  await expect(page.getByRole('region', { name: 'Usage by user' })).toBeVisible()
})
