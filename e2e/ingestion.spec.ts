import { expect, test, type Page } from '@playwright/test'
import { openSignedIn, seriousViolations } from './helpers.ts'

/**
 * The console's own data collection (issue 23) as the Snowflake admin checks it on the seeded small
 * scale: the ingestion monitor shows a delayed and a failing source, the failing source's failed runs
 * and one failure's error; then Kafka consumption shows the ingestion topics' lag over time. Both pages
 * are captured at 1440x900 for review (test-results/ingestion-shots/).
 */

const SHOTS = 'test-results/ingestion-shots'
const shoot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` })

test("the Snowflake admin finds a failing source, reads its failed run's error, then the topics' lag", async ({
  page,
}) => {
  // Two pages of charts and tables and an accessibility scan of each: more than 30 s on the shared cores.
  test.slow()
  await openSignedIn(page, 'snowflake', '/manage/data_ingestion_monitor')
  const sources = page.getByRole('table', { name: 'Sources' })
  await expect(sources.getByRole('row').filter({ hasText: 'Delayed' })).toHaveCount(1)
  const failing = sources.getByRole('row').filter({ hasText: 'Failing' })
  await expect(failing).toContainText('ACCESS_HISTORY')
  await expect(page.getByRole('figure', { name: 'Rows delivered per hour (rows)' })).toBeVisible()

  await failing.getByRole('button', { name: 'ACCESS_HISTORY' }).click()
  const runs = page.getByRole('table', { name: 'ACCESS_HISTORY runs' })
  await expect(runs.getByRole('row').nth(1)).toBeVisible()
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('Failed').click()
  await expect(runs.getByRole('row').nth(1)).toContainText('Failed')
  await expect(runs.getByRole('row').filter({ hasText: 'Succeeded' })).toHaveCount(0)
  // The chart draws itself in over a second (Highcharts' animation): the picture shows it whole.
  await page.waitForTimeout(1500)
  expect(await seriousViolations(page)).toEqual([])
  await shoot(page, 'ingestion-monitor')

  await runs
    .getByRole('button', { name: /Insufficient privileges/ })
    .first()
    .click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(/ACCESS_HISTORY run at .* failed/)
  await expect(dialog).toContainText("Insufficient privileges to operate on schema 'ACCOUNT_USAGE'")
  await shoot(page, 'failed-run-error')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  await page.goto('/manage/kafka_consumption')
  const lag = page.getByRole('figure', { name: 'Consumer lag (messages)' })
  await expect(lag).toBeVisible()
  await expect(page.getByRole('figure', { name: 'Messages in and out per hour (messages)' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Topics' }).getByRole('row')).toHaveCount(6)
  await page.waitForTimeout(1500)
  expect(await seriousViolations(page)).toEqual([])
  await shoot(page, 'kafka-consumption')
})
