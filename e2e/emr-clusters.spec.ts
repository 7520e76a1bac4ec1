import { expect, test, type Page } from '@playwright/test'
import { openSignedIn, seriousViolations } from './helpers.ts'

/**
 * The EMR cluster list and a cluster's details (02 §2, §4; 01 §2.5) against the seeded small scale,
 * as the EMR persona uses them: the list's whole state in the address survives a reload, a row
 * opens the details, the details' tabs are history entries and the breadcrumb returns to the list.
 */

async function open(page: Page, path: string) {
  await openSignedIn(page, 'emr', path)
}

const table = (page: Page) => page.getByRole('table', { name: 'EMR clusters' })
const bodyRows = (page: Page) => table(page).locator('tbody tr[aria-selected]')
const total = async (page: Page) =>
  Number((await page.getByText(/^[\d,]+ records?$/).innerText()).split(' ')[0]!.replace(/,/g, ''))

test('the cluster list keeps its filters in the address through a reload; a new tab resets them (02 §4)', async ({
  page,
}) => {
  await open(page, '/clusters/list?dateRangeLabel=7_d')
  await expect(bodyRows(page).first()).toBeVisible()
  const all = await total(page)
  // The box follows the address, so it shows checked once the list has navigated: click, then expect.
  await page.getByRole('checkbox', { name: /^Terminated \(\d+\)$/ }).click()
  await expect(page).toHaveURL(/clusterStatus=terminated/)
  await expect.poll(() => total(page)).toBeLessThan(all)
  const terminated = await total(page)
  await expect(table(page).locator('tbody')).not.toContainText('Running')
  expect(await seriousViolations(page)).toEqual([])

  await page.reload()
  await expect(page.getByRole('checkbox', { name: /^Terminated \(\d+\)$/ })).toBeChecked()
  await expect.poll(() => total(page)).toBe(terminated)
  await expect(page.getByRole('button', { name: 'Date range: Last 7 Days' })).toBeVisible()

  await page.getByRole('tab', { name: 'Inefficient' }).click()
  await expect(page).toHaveURL(/\/clusters\/list\?dateRangeLabel=7_d&tab=inefficient$/)
  await expect(page.getByRole('checkbox', { name: /^Terminated \(\d+\)$/ })).not.toBeChecked()
})

test("a row opens the cluster's details; a tab is a history entry; the breadcrumb returns to the list", async ({
  page,
}) => {
  await open(page, '/clusters/list?dateRangeLabel=7_d&s=totalCost-desc')
  const link = bodyRows(page).first().getByRole('link')
  const clusterId = await link.innerText()
  await link.click()
  await expect(page).toHaveURL(`/clusters/${clusterId}/details/`)
  await expect(page.getByRole('heading', { name: clusterId })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: 'Cost so far (USD)' })).toContainText(
    /\$ [\d,]+\.\d\d/,
  )
  await expect(page.getByRole('figure', { name: 'Daily cost (USD)' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await page.getByRole('tab', { name: 'Sizing' }).click()
  await expect(page).toHaveURL(/\?tab=sizing$/)
  const sizing = page.getByRole('table', { name: 'Sizing recommendations' })
  await expect(sizing.getByRole('row', { name: /^Current/ })).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(`/clusters/${clusterId}/details/`)

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Clusters' }).click()
  await expect(page).toHaveURL('/clusters/list?dateRangeLabel=7_d&s=totalCost-desc')
  await expect(bodyRows(page).first().getByRole('link')).toHaveText(clusterId)
})
