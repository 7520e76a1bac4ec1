import { expect, test, type Page } from '@playwright/test'
import { openSignedIn, seriousViolations } from './helpers.ts'

/**
 * Snowflake's anomaly detection (/osd_anomalies, R129, issue 23) as its admin uses it on the seeded
 * small scale: the seeded detectors list, the warehouse-credits detector opens on its charts (each
 * warehouse's series, its expected band and the anomalies marked by grade) and its anomalies' table,
 * and the top anomaly's contributors show the users and queries of that hour. Read only. Each view is
 * captured at 1440x900 for review (test-results/os-anomalies-shots/).
 */

const SHOTS = 'test-results/os-anomalies-shots'
const shoot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` })

test('a Snowflake admin opens the warehouse-credits detector, sees its anomalies and what was behind one', async ({
  page,
}) => {
  // Axe on three views and a few charts: more than 30 s on the shared cores.
  test.slow()
  await page.setViewportSize({ width: 1440, height: 900 })
  await openSignedIn(page, 'snowflake', '/osd_anomalies')
  const detectors = page.getByRole('table', { name: 'Detectors' })
  const credits = detectors.getByRole('row').filter({ hasText: 'Warehouse credits' })
  await expect(credits).toBeVisible()
  await expect(credits).toContainText('Running')
  expect(await seriousViolations(page)).toEqual([])
  await shoot(page, 'detectors')

  await credits.getByRole('button', { name: 'Warehouse credits', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Detector Warehouse credits' })).toBeVisible()
  const anomalies = page.getByRole('table', { name: 'Anomalies' })
  await expect(anomalies.getByRole('row').nth(1)).toBeVisible()
  await expect(page).toHaveURL(/detector=\d+/)
  // The charts draw each warehouse's anomalies as graded markers.
  await expect(page.locator('.highcharts-scatter-series .highcharts-point').first()).toBeAttached()
  expect(await seriousViolations(page)).toEqual([])
  await shoot(page, 'results')

  await anomalies
    .getByRole('button', { name: /^Contributors of / })
    .first()
    .click()
  const drawer = page.getByRole('dialog')
  await expect(drawer.getByRole('table', { name: 'Top users' })).toBeVisible()
  await expect(drawer.getByRole('table', { name: 'Top queries' }).getByRole('link').first()).toBeVisible()
  const userLink = drawer.getByRole('table', { name: 'Top users' }).getByRole('link').first()
  await expect(userLink).toHaveAttribute('href', /^\/query\/list\?.*userName=/)
  expect(await seriousViolations(page)).toEqual([])
  await shoot(page, 'contributors')
})
