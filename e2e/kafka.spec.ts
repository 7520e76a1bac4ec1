import { expect, test } from '@playwright/test'
import { openSignedIn } from './helpers.ts'

/**
 * The Kafka pages (R010, R115, R116; issue 21) against the seeded small scale: the admin opens a
 * topic from the cluster's topics, then a consumer group reading it, and sees the group's lag chart
 * and partitions.
 */
test('kafka: a topic from the cluster, then a group reading it, and its lag per partition', async ({
  page,
}) => {
  await openSignedIn(page, 'admin', '/clusters/kafka')
  await expect(page.getByRole('heading', { name: 'Kafka', level: 1 })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Key figures' })).toBeVisible()

  const topicLink = page.getByRole('table', { name: 'Topics' }).locator('tbody tr').first().getByRole('link')
  const topic = (await topicLink.innerText()).trim()
  await topicLink.click()
  await expect(page).toHaveURL(new RegExp(`/kafkatopic/[^/]+/${topic}$`))
  await expect(page.getByRole('heading', { name: topic, level: 1 })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Partitions' }).locator('tbody tr').first()).toBeVisible()

  const groupLink = page
    .getByRole('table', { name: `Consumer groups reading ${topic}` })
    .locator('tbody tr')
    .first()
    .getByRole('link')
  const group = (await groupLink.innerText()).trim()
  await groupLink.click()
  await expect(page).toHaveURL(new RegExp(`/kafkaconsumer/[^/]+/${group}$`))
  await expect(page.getByRole('heading', { name: group, level: 1 })).toBeVisible()
  // The breadcrumb returns to the topic the group was opened from.
  await expect(page.getByRole('link', { name: `Topic ${topic}` })).toBeVisible()

  // The lag over the last day rather than the page's default, today: just after midnight today holds
  // a single hour, one point at 1h, and a line of one point draws no path (a CI run at 00:10 UTC failed).
  await page.goto(`${new URL(page.url()).pathname}?dateRangeLabel=1_d`)
  await expect(
    page
      .getByRole('figure', { name: 'Lag per partition: Lag (messages)' })
      .locator('.highcharts-series')
      .first(),
  ).toBeVisible()
  await expect(page.getByRole('table', { name: 'Partitions' }).locator('tbody tr').first()).toBeVisible()
})
