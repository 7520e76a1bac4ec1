import { expect, test } from '@playwright/test'
import { openSignedIn, seriousViolations } from './helpers.ts'

/**
 * The HBase screen (R013; issue 21) against the seeded small scale: the admin picks a region server
 * on the region tab, sees the tables with regions on it, and opens one on the table tab (the drill),
 * its state in the address throughout.
 */
test('hbase: a region server shows its tables, and a table opens on the table tab', async ({ page }) => {
  await openSignedIn(page, 'admin', '/clusters/hbase?tab=region')
  await expect(page.getByRole('heading', { name: 'HBase', level: 1 })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Key figures' })).toBeVisible()

  const servers = page.getByRole('table', { name: 'Region servers' })
  const serverButtons = servers.getByRole('button', { name: /^Region server / })
  await expect(serverButtons.first()).toBeVisible()
  // B210: the first server is chosen until the user chooses another; B209: no 18-character prefix.
  await expect(serverButtons.first()).toHaveAttribute('aria-pressed', 'true')
  await expect(serverButtons.first()).not.toContainText('RegionServer,host=')
  const second = serverButtons.nth(1)
  const host = (await second.innerText()).trim()
  await second.click()
  await expect(page).toHaveURL(/host=/)
  await expect(second).toHaveAttribute('aria-pressed', 'true')

  const tables = page.getByRole('table', { name: `Tables on ${host}` })
  const tableButton = tables.getByRole('button', { name: /^Table / }).first()
  await expect(tableButton).toBeVisible()
  const name = (await tableButton.innerText()).trim()
  expect(await seriousViolations(page)).toEqual([])
  await tableButton.click()

  await expect(page).toHaveURL(/tab=table/)
  await expect(page.getByRole('tab', { name: 'Table', selected: true })).toBeVisible()
  await expect(page.getByRole('heading', { name, level: 2, exact: true })).toBeVisible()
  await expect(
    page
      .getByRole('table', { name: `Regions of ${name}` })
      .locator('tbody tr')
      .first(),
  ).toBeVisible()

  // The whole state is in the address: a reload shows the same table.
  await page.reload()
  await expect(page.getByRole('heading', { name, level: 2, exact: true })).toBeVisible()
})
