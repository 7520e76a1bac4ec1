import { expect, test } from '@playwright/test'
import { openSignedIn, seriousViolations } from './helpers.ts'

/**
 * Snowflake's notification channels (/manage/os_notification_channels, R141; 03 §2, §8) as its admin
 * uses them against the seeded small scale: a webhook with a bad URL is refused with the spec's
 * message under the field, the fixed one is saved and listed, and a test send (recorded by the
 * simulator, never sent) shows its outcome. axe checks the page and the form on the way.
 */
test('a Snowflake admin adds a webhook channel, fixing a bad URL, and sends it a test', async ({ page }) => {
  // Axe passes, a form and a test send: on the shared 2 cores more than the default 30 s.
  test.slow()
  // A retry runs against the same server, where the first try's channel may already be.
  const name = `E2E incident hook ${test.info().retry + 1}`
  await openSignedIn(page, 'snowflake', '/manage/os_notification_channels')
  const table = page.getByRole('table', { name: 'Notification channels' })
  await expect(table.getByRole('row').filter({ hasText: 'FinOps cost owners' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await page.getByRole('button', { name: 'Add channel' }).click()
  const form = page.getByRole('form', { name: 'Add channel' })
  await form.getByRole('textbox', { name: /Channel name/ }).fill(name)
  await form.getByRole('radio', { name: 'Webhook' }).check()
  const url = form.getByRole('textbox', { name: /Webhook URL/ })
  await url.fill('hooks.acme.example/costlens')
  await form.getByRole('button', { name: 'Add channel' }).click()
  await expect(form.getByText('Invalid webhook URL.')).toBeVisible()
  // The message and the field in error are readable too (the theme's error colour, providers.tsx).
  expect(await seriousViolations(page)).toEqual([])

  await url.fill('https://hooks.acme.example/costlens')
  await form.getByRole('button', { name: 'Add channel' }).click()
  await expect(form).toBeHidden()
  const row = table.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('hooks.acme.example')
  await expect(row).toContainText('Never tested')

  await row.getByRole('button', { name: `Send a test to ${name}` }).click()
  await expect(page.getByRole('status').filter({ hasText: `Test of “${name}”: delivered` })).toBeVisible()
  await expect(row).toContainText('Delivered')
})
