import { expect, test } from '@playwright/test'
import { openSignedIn } from './helpers.ts'

/**
 * The Impala mode of the cluster resources screen (B296, E074-E077): a CDP user switches from Yarn
 * to Impala, sees the usage charts, the daemons' memory and the queries, and opens one query.
 */
test('resources: a CDP user switches to Impala, sees its usage and opens a query', async ({ page }) => {
  // Seven days: the small scale runs a few Impala queries a day.
  await openSignedIn(page, 'cdp', '/clusters/resources?dateRangeLabel=7_d')
  await expect(page.getByRole('heading', { name: 'Cluster resources' })).toBeVisible()
  await page.getByRole('radiogroup', { name: 'Application type' }).getByText('Impala').click()
  await expect(page).toHaveURL(/appType=Impala/)

  const usage = page.getByRole('region', { name: 'Impala usage by user' })
  await expect(usage.getByText('Queries by user').first()).toBeVisible()
  // B216: the first four users are chosen until the user picks others.
  await expect(usage.getByRole('checkbox', { checked: true })).toHaveCount(4)
  const daemons = page.getByRole('region', { name: 'Impala daemon memory' })
  await expect(daemons.getByRole('columnheader', { name: 'Total' }).first()).toBeVisible()
  await expect(daemons.locator('tbody tr')).toHaveCount(10)

  const queries = page.getByRole('table', { name: /Impala queries/ })
  await expect(queries).toHaveAttribute('aria-busy', 'false')
  const link = queries.locator('tbody tr').first().getByRole('link').first()
  const name = (await link.innerText()).trim()
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.screenshot({ path: '/tmp/impala-usage.png', fullPage: true })
  await link.click()
  await expect(page).toHaveURL(
    /\/app\/application\/impala\?execId=[0-9a-f]+(%3A|:)[0-9a-f]+&clusterUid=cdp-impala-0[12]/,
  )
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
})
